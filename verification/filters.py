"""Filters of the reference-fact list (django-filter)."""

import django_filters

from hallucination.api.filters import ReadableDateFilter
from hallucination.models import ReferenceFact


class ReferenceFactFilter(django_filters.FilterSet):
    entity = django_filters.CharFilter(lookup_expr="iexact")
    metric = django_filters.CharFilter(lookup_expr="iexact")
    period = django_filters.CharFilter(lookup_expr="iexact")
    unit = django_filters.CharFilter(lookup_expr="iexact")
    # Two parameters, each named in its own error (a range field would answer "as_of").
    as_of_after = ReadableDateFilter(field_name="as_of", lookup_expr="gte", help_text="YYYY-MM-DD.")
    as_of_before = ReadableDateFilter(
        field_name="as_of", lookup_expr="lte", help_text="YYYY-MM-DD."
    )
    search = django_filters.CharFilter(
        field_name="entity", lookup_expr="icontains", help_text="Part of the entity's name."
    )

    class Meta:
        model = ReferenceFact
        fields = ["entity", "metric", "period", "unit", "search"]
