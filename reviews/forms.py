"""The review pages' forms: parse the input; the services decide what is allowed."""

from typing import Any

from django import forms
from django.contrib.auth import get_user_model

from .models import ClaimDecision, Review
from .selectors import ClaimGroup

# The keys that label a claim on the review page, in the order the buttons show them.
LABEL_KEYS = {
    ClaimDecision.Label.HALLUCINATION: "h",
    ClaimDecision.Label.CORRECT: "c",
    ClaimDecision.Label.UNSURE: "u",
    ClaimDecision.Label.BENIGN_APPROXIMATION: "b",
    ClaimDecision.Label.DERIVED_CORRECT: "d",
}
LABEL_SHORT = {
    ClaimDecision.Label.HALLUCINATION: "Hallucination",
    ClaimDecision.Label.CORRECT: "Correct",
    ClaimDecision.Label.UNSURE: "Unsure",
    ClaimDecision.Label.BENIGN_APPROXIMATION: "Benign",
    ClaimDecision.Label.DERIVED_CORRECT: "Derived",
}


class DecisionForm(forms.Form):
    """A label for every claim on the page, then approve or reject the whole answer.

    The page counts overlapping spans as one claim ("2026" inside "Q3 2026"); its label is
    given to each claim the detector found there, so the service still sees every claim.
    """

    decision = forms.ChoiceField(
        choices=[
            (Review.Status.APPROVED, "Approve (false positive)"),
            (Review.Status.REJECTED, "Reject (confirmed hallucination)"),
        ],
        error_messages={"required": "Choose to approve or reject."},
    )
    reason = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        label="Reason",
        help_text="Required to reject: which figures are wrong and why. R fills it in from your labels.",
    )
    version = forms.IntegerField(widget=forms.HiddenInput)
    advance = forms.BooleanField(
        required=False,
        label="Open the next review after deciding",
    )

    def __init__(self, *args: Any, groups: list[ClaimGroup], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.groups = groups
        for group in groups:
            self.fields[self.label_field(group)] = forms.ChoiceField(
                choices=[(label, LABEL_SHORT[label]) for label in LABEL_KEYS],
                widget=forms.RadioSelect,
                label=f"Label for claim {group.number}, {group.text}",
                initial=group.label or group.suggested_label or None,
                error_messages={"required": f"Choose a label for {group.text}."},
            )

    @staticmethod
    def label_field(group: ClaimGroup) -> str:
        return f"label_{group.key}"

    def labelled_groups(self) -> list[tuple[ClaimGroup, forms.BoundField]]:
        return [(group, self[self.label_field(group)]) for group in self.groups]

    def labels(self) -> dict[int, str]:
        """Every claim the detector found, with the label of the page's claim it belongs to."""
        return {
            claim_id: self.cleaned_data[self.label_field(group)]
            for group in self.groups
            for claim_id in group.claim_ids
        }

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


def assignable_users() -> Any:
    """Active users whose role lets them decide reviews: who a review can be handed to."""
    return (
        get_user_model()
        .objects.filter(is_active=True)
        .filter(
            groups__permissions__codename="decide_review",
            groups__permissions__content_type__app_label="reviews",
        )
        .distinct()
        .order_by("username")
    )


class AssignForm(forms.Form):
    """A lead hands a review (or several) to a reviewer."""

    assignee = forms.ModelChoiceField(
        queryset=None,  # set in __init__: who may be assigned changes with the roles
        label="Assign to",
        empty_label=None,
        to_field_name="username",
        error_messages={"invalid_choice": "That user cannot decide reviews."},
    )
    reason = forms.CharField(required=False, max_length=500, label="Note (optional)")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["assignee"].queryset = assignable_users()


BULK_ACTIONS = {
    "assign": "Assign",
    "approve": "Approve as clean",
    "reject": "Reject",
}


class BulkForm(forms.Form):
    """Several queue rows and one action on them; confirmed once before anything changes."""

    action = forms.ChoiceField(choices=list(BULK_ACTIONS.items()))
    reviews = forms.TypedMultipleChoiceField(coerce=int, choices=[], label="Reviews")
    assignee = forms.CharField(required=False)
    reason = forms.CharField(
        required=False, widget=forms.Textarea(attrs={"rows": 2}), label="Reason"
    )
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Any id is acceptable here; the services refuse what the user may not touch.
        raw = self.data.getlist("reviews") if hasattr(self.data, "getlist") else []
        self.fields["reviews"].choices = [(value, value) for value in raw]
        self.fields["reviews"].error_messages["required"] = "Select at least one review."
