"""How outcomes read on the page (a tone, a symbol and words) and the highlighted answer."""

from decimal import Decimal, InvalidOperation
from typing import Any

from django import template
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from hallucination.engine import types as engine_types
from reviews import figures
from reviews.forms import LABEL_KEYS
from reviews.selectors import ClaimGroup, ReviewPage, answer_parts

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


def _claim_tag(group: ClaimGroup) -> SafeString:
    """The number and outcome after a claim; hidden words keep copied text from gluing them on.

    Copied, "$0.81" then reads "$0.81 (claim 6: ✗ fabrication)" rather than "$0.816 ✗ fabrication".
    """
    outcome = group.outcome
    return format_html(
        '<span class="claim-tag"><span class="claim-sep"> (claim </span>{}'
        '<span class="claim-sep">:</span> <span aria-hidden="true">{}</span> {}'
        '<span class="claim-sep">)</span></span>',
        group.number,
        outcome_symbol(outcome),
        outcome_label(outcome),
    )


@register.simple_tag
def highlighted_answer(page: ReviewPage, selected: ClaimGroup | None = None) -> SafeString:
    """The answer with every claim marked by tone, number and outcome words.

    Overlapping spans are one claim ("Q3 2026" with the "2026" inside it), marked once.
    """
    html = []
    for part in answer_parts(page.review.query.answer, page.groups):
        if isinstance(part, str):
            html.append(format_html("{}", part))
            continue
        group = part
        is_selected = selected is not None and selected.key == group.key
        classes = f"claim tone-{outcome_tone(group.outcome)}" + (
            " is-selected" if is_selected else ""
        )
        # Named explicitly: browsers add stray spaces around the tag when naming from content.
        name = f"{group.text} (claim {group.number}: {outcome_label(group.outcome)})"
        html.append(
            format_html(
                '<a class="{}" id="claim-{}" data-group="{}" href="?claim={}#evidence" '
                'title="{}" aria-label="{}"{}>{}{}</a>',
                classes,
                group.number,
                group.key,
                group.key,
                group.value_raw,
                name,
                mark_safe(' aria-current="true"') if is_selected else "",
                group.text,
                _claim_tag(group),
            )
        )
    return mark_safe("".join(html))


@register.filter
def label_key(label: str) -> str:
    """The key that gives a claim this label on the review page."""
    return LABEL_KEYS.get(label, "").upper()


@register.filter
def human(value: Any, claim: Any) -> str:
    """A verdict's value as a person reads it, in the claim's kind: 14.1975… -> 14.20%."""
    if value is None or value == "":
        return ""
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return str(value)
    places = 2 if claim.kind in ("percent", "percentage_points") else None
    return figures.human_value(number, claim.kind, claim.unit, places=places)


@register.filter
def raw(value: Any) -> str:
    try:
        return figures.raw_value(Decimal(str(value)))
    except (InvalidOperation, ValueError):
        return "" if value is None else str(value)


@register.filter
def percent(value: Any) -> str:
    """A rate between 0 and 1 as a percentage with at most one decimal: 0.625 -> 62.5%."""
    if value is None or value == "":
        return "n/a"
    number = (Decimal(str(value)) * 100).quantize(Decimal("0.1"))
    text = f"{number:f}".rstrip("0").rstrip(".")
    return f"{text}%"


@register.filter
def get_item(mapping: Any, key: str) -> Any:
    return mapping.get(key) if hasattr(mapping, "get") else None


@register.filter
def age(when: Any) -> str:
    """How long ago, in the largest whole unit: "4 min", "3 h", "2 d"."""
    if when is None:
        return ""
    seconds = max(0, int((timezone.now() - when).total_seconds()))
    if seconds < 3600:
        return f"{seconds // 60} min"
    if seconds < 86400:
        return f"{seconds // 3600} h"
    return f"{seconds // 86400} d"


@register.filter
def accelerator(text: str, label: str) -> SafeString:
    """A label's words with its key underlined: "Hallucination" with h -> <u>H</u>allucination."""
    key = LABEL_KEYS.get(label, "")
    text = str(text)
    index = text.lower().find(key) if key else -1
    if index < 0:
        return format_html("{}", text)
    return format_html('{}<u class="key">{}</u>{}', text[:index], text[index], text[index + 1 :])
