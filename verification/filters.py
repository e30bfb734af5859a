"""Filters of the reference-fact list (django-filter)."""

import django_filters

from hallucination.models import ReferenceFact


class ReferenceFactFilter(django_filters.FilterSet):
    entity = django_filters.CharFilter(lookup_expr="iexact")
    metric = django_filters.CharFilter(lookup_expr="iexact")
    period = django_filters.CharFilter(lookup_expr="iexact")
    unit = django_filters.CharFilter(lookup_expr="iexact")
    as_of = django_filters.DateFromToRangeFilter(
        help_text="as_of_after / as_of_before, YYYY-MM-DD."
    )
    search = django_filters.CharFilter(
        field_name="entity", lookup_expr="icontains", help_text="Part of the entity's name."
    )

    class Meta:
        model = ReferenceFact
        fields = ["entity", "metric", "period", "unit", "as_of", "search"]
