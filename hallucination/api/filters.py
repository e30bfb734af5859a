"""Filters of the query list (django-filter), and the strict filter fields every list shares.

A filter value the API cannot read is a 400 naming the parameter and saying what it got,
never a filter silently dropped: `flagged=maybe` used to list every query, which a client
reads as "these are the flagged ones".
"""

from collections.abc import Iterable
from datetime import UTC, date, datetime
from typing import Any

import django_filters
from django import forms
from django_filters.fields import IsoDateTimeField

from ..models import STAKES_CHOICES, Query

TRUE_VALUES = frozenset({"true", "1", "on"})
FALSE_VALUES = frozenset({"false", "0", "off"})


class StrictBooleanField(forms.Field):
    """true/false (also 1/0, and on/off as an HTML checkbox sends it); blank is "not given"."""

    default_error_messages = {"invalid": "Must be true or false (got %(value)r)."}

    def to_python(self, value: object) -> bool | None:
        if value is None or value == "" or isinstance(value, bool):
            return value if isinstance(value, bool) else None
        text = str(value).strip().lower()
        if text in TRUE_VALUES:
            return True
        if text in FALSE_VALUES:
            return False
        raise forms.ValidationError(
            self.error_messages["invalid"], code="invalid", params={"value": value}
        )

    def validate(self, value: object) -> None:
        # None means "not given", which a filter allows; Field.validate would call it missing.
        if value is None and not self.required:
            return
        super().validate(value)


class StrictCheckboxInput(forms.CheckboxInput):
    """A checkbox on the queue page that hands its raw value to StrictBooleanField.

    Django's CheckboxInput reads any unknown string as ticked, so `escalated=maybe` would
    filter as `true`; this one leaves the reading to the field, which refuses it.
    """

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, check_test=lambda value: str(value).lower() in TRUE_VALUES)

    def value_from_datadict(self, data: Any, files: Any, name: str) -> object:
        return data.get(name)

    def value_omitted_from_data(self, data: Any, files: Any, name: str) -> bool:
        return name not in data


class StrictBooleanFilter(django_filters.BooleanFilter):
    field_class = StrictBooleanField


def choice_filter(choices: Iterable[tuple[str, Any]], **kwargs: Any) -> django_filters.ChoiceFilter:
    """A ChoiceFilter whose refusal names the value it got and the values it takes."""
    choices = list(choices)
    names = ", ".join(str(value) for value, _ in choices)
    return django_filters.ChoiceFilter(
        choices=choices,
        error_messages={"invalid_choice": f"%(value)r is not one of: {names}."},
        **kwargs,
    )


class UtcIsoDateTimeField(IsoDateTimeField):
    """An ISO 8601 date-time, turned to UTC before it reaches the database.

    Python accepts offsets up to ±23:59 and PostgreSQL only up to ±15:59, so a valid-looking
    `created_after=0328-12-15T08:10:57-23:24` was a 500; in UTC it is an ordinary value, and
    one that leaves the calendar once converted is a 400.
    """

    default_error_messages = {
        "invalid": "Must be an ISO 8601 date-time such as 2026-11-01T09:00:00Z (got %(value)r)."
    }

    def to_python(self, value: object) -> datetime | None:
        try:
            parsed = super().to_python(value)
        except forms.ValidationError:
            raise forms.ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": value}
            ) from None
        if parsed is None:
            return None
        try:
            return parsed.astimezone(UTC)
        except (OverflowError, ValueError):
            raise forms.ValidationError(
                "Out of range once converted to UTC (got %(value)r).",
                code="invalid",
                params={"value": value},
            ) from None


class ReadableDateField(forms.DateField):
    """A YYYY-MM-DD date whose refusal says what it got."""

    input_formats = ["%Y-%m-%d"]
    default_error_messages = {"invalid": "Must be a date as YYYY-MM-DD (got %(value)r)."}

    def to_python(self, value: object) -> date | None:
        try:
            return super().to_python(value)
        except forms.ValidationError:
            raise forms.ValidationError(
                self.error_messages["invalid"], code="invalid", params={"value": value}
            ) from None


class UtcIsoDateTimeFilter(django_filters.IsoDateTimeFilter):
    field_class = UtcIsoDateTimeField


class ReadableDateFilter(django_filters.DateFilter):
    field_class = ReadableDateField


class QueryFilter(django_filters.FilterSet):
    status = choice_filter(Query.Status.choices)
    stakes = choice_filter(STAKES_CHOICES)
    flagged = StrictBooleanFilter(help_text="true or false.")
    trace_id = django_filters.CharFilter()
    entity = django_filters.CharFilter(lookup_expr="iexact")
    # Two parameters, each named in its own error (a range field would answer "created").
    created_after = UtcIsoDateTimeFilter(
        field_name="created_at", lookup_expr="gte", help_text="ISO 8601 date-time."
    )
    created_before = UtcIsoDateTimeFilter(
        field_name="created_at", lookup_expr="lte", help_text="ISO 8601 date-time."
    )

    class Meta:
        model = Query
        fields = ["status", "stakes", "flagged", "trace_id", "entity"]
