"""Queue filters, shared by the queue page and the reviews API."""

from typing import Any

import django_filters
from django import forms
from django.db.models import Exists, OuterRef, QuerySet

from hallucination.api.filters import (
    ReadableDateFilter,
    StrictBooleanFilter,
    StrictCheckboxInput,
    choice_filter,
)
from hallucination.models import OUTCOME_CHOICES, STAKES_CHOICES, Claim

from .models import OPEN_STATUSES, Review
from .selectors import review_search

OPEN = "open"
ALL = "all"
STATUS_CHOICES = [
    (OPEN, "Open"),
    *Review.Status.choices,
    (ALL, "All"),
]


class ReviewFilter(django_filters.FilterSet):
    """Free text, status (open by default), stakes, claim outcome, entity, assigned to me,
    escalated, date range."""

    q = django_filters.CharFilter(method="filter_text", label="Search")
    status = choice_filter(STATUS_CHOICES, method="filter_status", empty_label=None, label="Status")
    stakes = choice_filter(
        STAKES_CHOICES, field_name="query__stakes", empty_label="Any", label="Stakes"
    )
    outcome = choice_filter(
        OUTCOME_CHOICES, method="filter_outcome", empty_label="Any", label="Claim outcome"
    )
    entity = django_filters.CharFilter(
        field_name="query__entity", lookup_expr="icontains", label="Entity"
    )
    mine = StrictBooleanFilter(
        method="filter_mine", widget=StrictCheckboxInput, label="Assigned to me"
    )
    escalated = StrictBooleanFilter(
        method="filter_escalated", widget=StrictCheckboxInput, label="Escalated only"
    )
    created_from = ReadableDateFilter(
        field_name="created_at",
        lookup_expr="date__gte",
        label="From",
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    created_to = ReadableDateFilter(
        field_name="created_at",
        lookup_expr="date__lte",
        label="To",
        widget=forms.DateInput(attrs={"type": "date"}),
    )

    class Meta:
        model = Review
        fields: list[str] = []

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        # An absent status means the open queue; an explicit "all" lifts it.
        data = data.copy() if data is not None else {}
        if not data.get("status"):
            data["status"] = OPEN
        super().__init__(data, *args, **kwargs)

    @property
    def qs(self) -> QuerySet[Review]:
        queryset = super().qs
        if self.is_bound and not self.is_valid():
            # Bad input is shown on the form; the list stays empty rather than unfiltered.
            return queryset.none()
        return queryset

    @property
    def narrows(self) -> bool:
        """Whether anything beyond the default (every open review) was asked for."""
        if not self.is_valid():
            return True
        chosen = dict(self.form.cleaned_data)
        status = chosen.pop("status", OPEN)
        return status != OPEN or any(value not in (None, "", False) for value in chosen.values())

    @property
    def active_filters(self) -> list[str]:
        """The filters beyond status and search that narrow the list, named for the summary."""
        if not self.is_bound or not self.is_valid():
            return []
        chosen = self.form.cleaned_data
        return [
            str(self.form.fields[name].label)
            for name in (
                "stakes",
                "outcome",
                "entity",
                "mine",
                "escalated",
                "created_from",
                "created_to",
            )
            if chosen.get(name) not in (None, "", False)
        ]

    def filter_text(self, queryset: QuerySet[Review], name: str, value: str) -> QuerySet[Review]:
        return review_search(queryset, value)

    def filter_status(self, queryset: QuerySet[Review], name: str, value: str) -> QuerySet[Review]:
        if value == OPEN:
            return queryset.filter(status__in=OPEN_STATUSES)
        if value == ALL:
            return queryset
        return queryset.filter(status=value)

    def filter_outcome(self, queryset: QuerySet[Review], name: str, value: str) -> QuerySet[Review]:
        # EXISTS rather than a join: a review with two such claims is still one row.
        return queryset.filter(
            Exists(Claim.objects.filter(query_id=OuterRef("query_id"), outcome=value))
        )

    def filter_escalated(
        self, queryset: QuerySet[Review], name: str, value: bool
    ) -> QuerySet[Review]:
        # An unticked box means "any", not "not escalated".
        return queryset.filter(escalated=True) if value else queryset

    def filter_mine(self, queryset: QuerySet[Review], name: str, value: bool) -> QuerySet[Review]:
        if not value:
            return queryset
        user = getattr(self.request, "user", None)
        if user is None or not user.is_authenticated:
            return queryset.none()
        return queryset.filter(assignee_id=user.pk)
