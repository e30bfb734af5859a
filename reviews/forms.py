"""The review page's forms: parse the input; the services decide what is allowed."""

from typing import Any

from django import forms

from .models import ClaimDecision, Review
from .selectors import ClaimRow


class DecisionForm(forms.Form):
    """A label for every claim, then approve or reject the whole answer."""

    decision = forms.ChoiceField(
        choices=[
            (Review.Status.APPROVED, "Approve (false positive)"),
            (Review.Status.REJECTED, "Reject (confirmed hallucination)"),
        ],
        error_messages={"required": "Choose to approve or reject."},
    )
    reason = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        label="Reason",
        help_text="Required to reject: say which figures are wrong and why.",
    )
    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(self, *args: Any, rows: list[ClaimRow], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rows = rows
        for row in rows:
            self.fields[self.label_field(row)] = forms.ChoiceField(
                choices=ClaimDecision.Label.choices,
                widget=forms.RadioSelect,
                label=f"Label for {row.claim.text}",
                initial=row.label or row.suggested_label or None,
                error_messages={"required": f"Choose a label for {row.claim.text}."},
            )

    @staticmethod
    def label_field(row: ClaimRow) -> str:
        return f"label_{row.claim.pk}"

    def labelled_rows(self) -> list[tuple[ClaimRow, forms.BoundField]]:
        return [(row, self[self.label_field(row)]) for row in self.rows]

    def labels(self) -> dict[int, str]:
        return {row.claim.pk: self.cleaned_data[self.label_field(row)] for row in self.rows}

    def field_for(self, service_field: str | None) -> str | None:
        """Where a service's complaint about one of its inputs belongs on this form."""
        if service_field in ("reason", "decision"):
            return service_field
        if service_field == "expected_version":
            return "version"
        return None


class ReasonForm(forms.Form):
    """A reason, for reopening."""

    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}),
        label="Reason for reopening",
        error_messages={"required": "A reason is required to reopen a review."},
    )
