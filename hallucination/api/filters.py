"""Filters of the query list (django-filter)."""

from datetime import UTC, datetime

import django_filters
from django import forms
from django_filters.fields import IsoDateTimeField, RangeField
from django_filters.widgets import DateRangeWidget

from ..models import STAKES_CHOICES, Query


class UtcIsoDateTimeField(IsoDateTimeField):
    """An ISO 8601 date-time, turned to UTC before it reaches the database.

    Python accepts offsets up to ±23:59 and PostgreSQL only up to ±15:59, so a valid-looking
    `created_after=0328-12-15T08:10:57-23:24` was a 500; in UTC it is an ordinary value, and
    one that leaves the calendar once converted is a 400.
    """

    def to_python(self, value: object) -> datetime | None:
        parsed = super().to_python(value)
        if parsed is None:
            return None
        try:
            return parsed.astimezone(UTC)
        except (OverflowError, ValueError):
            raise forms.ValidationError("Out of range once converted to UTC.") from None


class UtcIsoDateTimeRangeField(RangeField):
    widget = DateRangeWidget

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__((UtcIsoDateTimeField(), UtcIsoDateTimeField()), *args, **kwargs)


class UtcIsoDateTimeFromToRangeFilter(django_filters.IsoDateTimeFromToRangeFilter):
    field_class = UtcIsoDateTimeRangeField


class QueryFilter(django_filters.FilterSet):
    status = django_filters.ChoiceFilter(choices=Query.Status.choices)
    stakes = django_filters.ChoiceFilter(choices=STAKES_CHOICES)
    flagged = django_filters.BooleanFilter()
    trace_id = django_filters.CharFilter()
    entity = django_filters.CharFilter(lookup_expr="iexact")
    created = UtcIsoDateTimeFromToRangeFilter(
        field_name="created_at", help_text="created_after / created_before, ISO 8601 date-times."
    )

    class Meta:
        model = Query
        fields = ["status", "stakes", "flagged", "trace_id", "entity", "created"]
