"""The review queue: one Review per flagged query, with per-claim decisions."""

from django.conf import settings
from django.db import models


class Review(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        IN_REVIEW = "in_review", "In review"
        APPROVED = "approved", "Approved (false positive)"
        REJECTED = "rejected", "Rejected (confirmed hallucination)"

    query = models.OneToOneField(
        "hallucination.Query", on_delete=models.PROTECT, related_name="review"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(blank=True)
    # Why an admin reopened a decided review; shown to whoever works it next.
    reopen_reason = models.TextField(blank=True)
    risk_score = models.DecimalField(max_digits=6, decimal_places=2, default=0)
    escalated = models.BooleanField(default=False)
    # Optimistic locking: every state change bumps the version and requires the one it read.
    version = models.PositiveIntegerField(default=1)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-risk_score", "created_at"]
        indexes = [models.Index(fields=["status", "-risk_score"])]
        permissions = [
            ("claim_review", "Can claim a review (assign it to oneself)"),
            ("decide_review", "Can approve or reject a review"),
            ("reopen_review", "Can reopen a decided review"),
            ("assign_review", "Can assign a review to someone else or take it over (leads)"),
        ]

    def __str__(self) -> str:
        return f"Review of {self.query_id} ({self.status})"

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    @property
    def is_decided(self) -> bool:
        return not self.is_open


OPEN_STATUSES = (Review.Status.PENDING, Review.Status.IN_REVIEW)
DECIDED_STATUSES = (Review.Status.APPROVED, Review.Status.REJECTED)


class ClaimDecision(models.Model):
    class Label(models.TextChoices):
        HALLUCINATION = "hallucination", "Hallucination"
        CORRECT = "correct", "Correct"
        BENIGN_APPROXIMATION = "benign_approximation", "Benign approximation"
        DERIVED_CORRECT = "derived_correct", "Derived correctly"
        # The reviewer cannot tell; a rejection may carry it, an approval may not.
        UNSURE = "unsure", "Unsure"

    review = models.ForeignKey(Review, on_delete=models.CASCADE, related_name="claim_decisions")
    claim = models.ForeignKey(
        "hallucination.Claim", on_delete=models.PROTECT, related_name="decisions"
    )
    label = models.CharField(max_length=30, choices=Label.choices)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["review", "claim"], name="claim_decision_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.claim_id}: {self.label}"


# Labels that call a claim right: an approval needs every claim to carry one of these.
VALID_LABELS = (
    ClaimDecision.Label.CORRECT,
    ClaimDecision.Label.BENIGN_APPROXIMATION,
    ClaimDecision.Label.DERIVED_CORRECT,
)
