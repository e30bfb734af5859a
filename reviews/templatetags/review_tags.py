"""How outcomes read on the page (a tone, a symbol and words) and the highlighted answer."""

from decimal import Decimal, InvalidOperation
from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from hallucination.engine import types as engine_types
from reviews.selectors import ClaimRow, ReviewPage, Span, answer_parts

register = template.Library()

# Three tones, each with its own symbol, so an outcome reads the same without colour.
_TONES = {
    **{outcome: "ok" for outcome in engine_types.GROUNDED_OUTCOMES},
    engine_types.APPROXIMATION: "warn",
    engine_types.INCONSISTENT: "warn",
}
_SYMBOLS = {"ok": "✓", "warn": "≈", "bad": "✗"}
_LEGEND = (
    ("ok", "Grounded", "grounded, within tolerance, derived or calculated"),
    ("warn", "Check", "approximation or inconsistent samples: may be benign"),
    ("bad", "Flagged", "fabrication, substitution, drift, mismatch or contradicted"),
)


@register.filter
def outcome_tone(outcome: str) -> str:
    return _TONES.get(outcome, "bad")


@register.filter
def outcome_symbol(outcome: str) -> str:
    return _SYMBOLS[outcome_tone(outcome)]


@register.filter
def outcome_label(outcome: str) -> str:
    return (outcome or "").replace("_", " ")


@register.simple_tag
def outcome_legend() -> list[dict[str, str]]:
    return [
        {"tone": tone, "symbol": _SYMBOLS[tone], "name": name, "meaning": meaning}
        for tone, name, meaning in _LEGEND
    ]


@register.filter
def plain_number(value: Any) -> str:
    """A stored decimal as a person writes it: 1850000000.000000000000 -> 1,850,000,000."""
    if value is None or value == "":
        return ""
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    text = f"{number:,f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text


@register.filter
def details_value(value: Any) -> str:
    """A verdict detail as text: lists joined, nested mappings as key: value pairs."""
    if isinstance(value, list | tuple):
        return ", ".join(details_value(item) for item in value)
    if isinstance(value, dict):
        return "; ".join(f"{key}: {details_value(item)}" for key, item in value.items())
    return "" if value is None else str(value)


def _shows_tag(row: ClaimRow, depth: int) -> bool:
    # A grounded claim nested in another (the year of "Q3 2026") would only repeat the tick.
    return depth == 0 or outcome_tone(row.claim.outcome) != "ok"


def _claim_tag(row: ClaimRow) -> SafeString:
    """The number and outcome after a claim; hidden words keep copied text from gluing them on.

    Copied, "$0.81" then reads "$0.81 (claim 7: ✗ fabrication)" rather than "$0.817 ✗ fabrication".
    """
    outcome = row.claim.outcome
    return format_html(
        '<span class="claim-tag"><span class="claim-sep"> (claim </span>{}'
        '<span class="claim-sep">:</span> <span aria-hidden="true">{}</span> {}'
        '<span class="claim-sep">)</span></span>',
        row.number,
        outcome_symbol(outcome),
        outcome_label(outcome),
    )


def _spoken(span: Span, depth: int) -> str:
    """A claim as a screen reader should say it: "$0.81 (claim 7: fabrication)", no symbols."""
    text = "".join(
        part if isinstance(part, str) else _spoken(part, depth + 1) for part in span.parts
    )
    if _shows_tag(span.row, depth):
        text += f" (claim {span.row.number}: {outcome_label(span.row.claim.outcome)})"
    return text


def _render(parts: list, page: ReviewPage, selected: ClaimRow | None, depth: int) -> str:
    html = []
    for part in parts:
        if isinstance(part, str):
            html.append(format_html("{}", part))
            continue
        html.append(_render_span(part, page, selected, depth))
    return "".join(html)


def _render_span(span: Span, page: ReviewPage, selected: ClaimRow | None, depth: int) -> str:
    row = span.row
    tone = outcome_tone(row.claim.outcome)
    # Safe: _render escapes every piece of text it joins.
    inner = mark_safe(_render(span.parts, page, selected, depth + 1))
    is_selected = selected is not None and selected.claim.pk == row.claim.pk
    classes = f"claim tone-{tone}" + (" is-selected" if is_selected else "")
    tag = _claim_tag(row) if _shows_tag(row, depth) else ""
    if depth > 0:
        return format_html(
            '<span class="{}" data-claim="{}" title="{}">{}{}</span>',
            classes,
            row.claim.pk,
            f"{row.number}: {outcome_label(row.claim.outcome)}",
            inner,
            tag,
        )
    review_id = page.review.pk
    # Named explicitly: browsers add stray spaces around the tag when naming from content.
    name = _spoken(span, depth)
    return format_html(
        '<a class="{}" id="claim-{}" data-claim="{}" href="?claim={}#evidence" '
        'hx-get="{}" hx-target="#evidence" hx-swap="outerHTML" hx-push-url="?claim={}" '
        'aria-label="{}"{}>'
        "{}{}</a>",
        classes,
        row.number,
        row.claim.pk,
        row.claim.pk,
        reverse("reviews:claim-evidence", args=[review_id, row.claim.pk]),
        row.claim.pk,
        name,
        mark_safe(' aria-current="true"') if is_selected else "",
        inner,
        tag,
    )


@register.simple_tag
def highlighted_answer(page: ReviewPage, selected: ClaimRow | None = None) -> SafeString:
    """The answer with every claim marked by tone, number and outcome words."""
    parts = answer_parts(page.review.query.answer, page.rows)
    return mark_safe(_render(parts, page, selected, 0))


@register.filter
def percent(value: Any) -> str:
    """A rate between 0 and 1 as a percentage with at most one decimal: 0.625 -> 62.5%."""
    if value is None or value == "":
        return "n/a"
    number = (Decimal(str(value)) * 100).quantize(Decimal("0.1"))
    text = f"{number:f}".rstrip("0").rstrip(".")
    return f"{text}%"
