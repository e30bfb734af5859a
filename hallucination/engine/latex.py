"""Math markup as LLM answers write it, read as plain arithmetic.

`\\( \\frac{5,909}{18,426} \\times 100 \\approx 32.07\\% \\)` is the working
`5,909 / 18,426 × 100 ≈ 32.07%`. The rewrite keeps the text's length, character for
character, so every figure keeps its span in the answer as written: commands become spaces
before the operator they stand for, braces become the parentheses or spaces they mean.

>>> plain_math(r"\\( \\frac{5,909}{18,426} \\times 100 \\approx 32.07\\% \\)")
'         5,909 /18,426       × 100       ≈ 32.07%    '
"""

from __future__ import annotations

import re

# Commands that stand for an operator or a sign, each written right-aligned in its place.
_SYMBOLS = {
    r"\times": "×",
    r"\cdot": "×",
    r"\div": "÷",
    r"\approx": "≈",
    r"\simeq": "≈",
    r"\sim": "~",
    r"\%": "%",
    r"\$": "$",
    r"\left(": "(",
    r"\right)": ")",
    r"\left[": "(",
    r"\right]": ")",
    r"\(": " ",
    r"\)": " ",
    r"\[": " ",
    r"\]": " ",
    r"\,": " ",
    r"\;": " ",
    r"\!": " ",
    r"\ ": " ",
    r"\quad": " ",
    r"\qquad": " ",
}
# Commands whose braces hold plain text or a figure: the command and its braces are spaces.
_WRAPPERS = ("text", "textbf", "textit", "mathrm", "mathbf", "boxed", "operatorname")
_COMMAND = re.compile(
    r"\\(?:d|t)?frac\s*\{"
    r"|\\(?:" + "|".join(_WRAPPERS) + r")\s*\{"
    r"|\^\{"
    r"|"
    + "|".join(re.escape(s) for s in sorted(_SYMBOLS, key=len, reverse=True) if s[1:2].isalpha())
    + r"(?![A-Za-z])"
    r"|" + "|".join(re.escape(s) for s in _SYMBOLS if not s[1:2].isalpha())
)
# An operator inside a brace group: the group needs its own parentheses.
_OPERATOR = re.compile(r"[-+−–×÷*/]|\\(?:times|cdot|div)")
_DISPLAY = re.compile(r"\$\$")


def plain_math(text: str) -> str:
    """`text` with its math markup rewritten as plain arithmetic of the same length; text
    without a backslash is returned as it is."""
    if "\\" not in text and "$$" not in text:
        return text
    chars = list(text)
    for m in _DISPLAY.finditer(text):
        chars[m.start()] = chars[m.start() + 1] = " "
    for m in _COMMAND.finditer(text):
        token = m.group()
        start, end = m.span()
        if token.startswith("^"):
            close = _closing(text, end - 1)
            if close is not None:
                chars[end - 1], chars[close] = "(", ")"
            continue
        if "frac" in token:
            _fraction(text, chars, start, end)
            continue
        if token.endswith("{"):
            close = _closing(text, end - 1)
            if close is not None:
                chars[start:end] = " " * (end - start)
                chars[close] = " "
            continue
        symbol = _SYMBOLS[token]
        if symbol == "%":
            # "32.07\%": the sign right after the digits, as plain text writes it.
            chars[start:end] = ["%"] + [" "] * (end - start - 1)
        else:
            chars[start:end] = [" "] * (end - start - 1) + [symbol]
    return "".join(chars)


def _fraction(text: str, chars: list[str], start: int, end: int) -> None:
    """`\\frac{A}{B}` as `A / B`, `(A)/B` or `A/(B)`, whichever keeps the arithmetic: the
    group with operators gets the parentheses (both having them, it is left as written)."""
    close = _closing(text, end - 1)
    if close is None or close + 1 >= len(text) or text[close + 1] != "{":
        return
    last = _closing(text, close + 1)
    if last is None:
        return
    numerator = text[end:close]
    denominator = text[close + 2 : last]
    if _OPERATOR.search(numerator) and _OPERATOR.search(denominator):
        return
    chars[start:end] = [" "] * (end - start)
    if _OPERATOR.search(denominator):
        chars[close], chars[close + 1], chars[last] = "/", "(", ")"
    elif _OPERATOR.search(numerator):
        chars[end - 1] = "("
        chars[close], chars[close + 1], chars[last] = ")", "/", " "
    else:
        # Two figures: no parentheses, which would read as a negative ("(452,118)").
        chars[close], chars[close + 1], chars[last] = " ", "/", " "


def _closing(text: str, opening: int) -> int | None:
    """Where the brace opened at `opening` closes, or None."""
    depth = 0
    for k in range(opening, min(len(text), opening + 400)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    return None
