"""Writes to the review queue, each with its audit event in the same transaction."""

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record
from hallucination.engine.types import APPROXIMATION
from hallucination.models import Claim

from .errors import ReviewConflict, ReviewInvalid, ReviewPermissionDenied
from .models import DECIDED_STATUSES, OPEN_STATUSES, ClaimDecision, Review
from .signals import review_escalated, review_opened

_STAKES_WEIGHT = {"standard": Decimal("1"), "high": Decimal("2"), "audit": Decimal("3")}
# An external check contradicting a claim outweighs anything the detector alone can say.
ESCALATION_BONUS = Decimal("25")
# The column holds 9999.99; an answer with thousands of ungrounded claims is simply the most
# urgent there is, not a number that overflows the column and loses the review.
MAX_RISK_SCORE = Decimal("9999.99")
DECISIONS = (Review.Status.APPROVED, Review.Status.REJECTED)
LABELS = tuple(ClaimDecision.Label.values)


def review_risk_score(*, query, now=None) -> Decimal:  # type: ignore[no-untyped-def]
    """Higher is more urgent: stakes, ungrounded claims, a failed gate and age in hours."""
    now = now or timezone.now()
    age_hours = Decimal(max(0, int((now - query.created_at).total_seconds() // 3600)))
    score = _STAKES_WEIGHT.get(query.stakes, Decimal("1")) * 10
    score += Decimal(query.ungrounded_count) * 5
    if query.gate_passed is False:
        score += 10
    score += min(age_hours, Decimal(48)) / 4
    return min(score, MAX_RISK_SCORE).quantize(Decimal("0.01"))


def _record(review: Review, event_type: str, actor: Actor, payload: dict[str, Any]) -> None:
    """The audit event of one step on a review, in its query's trace."""
    audit_event_record(
        event_type=event_type,
        actor=actor,
        trace_id=review.query.trace_id,
        subject_type="review",
        subject_id=str(review.pk),
        payload=payload,
    )


@transaction.atomic
def review_open(*, query, actor: Actor) -> Review:  # type: ignore[no-untyped-def]
    """Open a pending review for a flagged query; opening twice returns the existing one."""
    review, created = Review.objects.get_or_create(
        query=query, defaults={"risk_score": review_risk_score(query=query)}
    )
    if created:
        audit_event_record(
            event_type=events.REVIEW_OPENED,
            actor=actor,
            trace_id=query.trace_id,
            subject_type="review",
            subject_id=str(review.pk),
            payload={"query_id": str(query.pk), "risk_score": str(review.risk_score)},
        )
        review_id, query_id, stakes = review.pk, str(query.pk), query.stakes
        transaction.on_commit(
            lambda: review_opened.send(
                sender=Review, review_id=review_id, query_id=query_id, stakes=stakes
            ),
            robust=True,
        )
    return review


def _require(user: Any, permission: str, action: str) -> None:
    if user is None or not user.is_authenticated or not user.has_perm(permission):
        raise ReviewPermissionDenied(f"Your role does not allow you to {action}.")


def _fresh(review: Review) -> Review:
    return Review.objects.select_related("query", "assignee", "decided_by").get(pk=review.pk)


def _username(user: Any) -> str:
    return user.get_username() if user is not None else "nobody"


def conflict_message(current: Review, user: Any) -> str:
    """What the loser of a race is told: who got there first and what they did."""
    if current.status in DECIDED_STATUSES:
        when = timezone.localtime(current.decided_at).strftime("%Y-%m-%d %H:%M")
        verb = "approved" if current.status == Review.Status.APPROVED else "rejected"
        by = "you" if current.decided_by_id == user.pk else _username(current.decided_by)
        return (
            f"Review #{current.pk} was already {verb} by {by} at {when} UTC; "
            "your decision was not saved."
        )
    if current.assignee_id is not None and current.assignee_id != user.pk:
        return (
            f"Review #{current.pk} is being reviewed by {_username(current.assignee)}; "
            "your change was not saved."
        )
    return (
        f"Review #{current.pk} changed while you had it open (it is now at version "
        f"{current.version}); your change was not saved. Reload it and try again."
    )


@transaction.atomic
def review_claim(*, review: Review, user: Any, expected_version: int | None = None) -> Review:
    """Assign a pending review to the user (pending -> in_review)."""
    _require(user, "reviews.claim_review", "claim reviews")
    now = timezone.now()
    matching = Review.objects.filter(pk=review.pk, status=Review.Status.PENDING)
    if expected_version is not None:
        matching = matching.filter(version=expected_version)
    # A conditional UPDATE: of two reviewers clicking at once, the second finds the row no
    # longer pending once the first commits, updates nothing, and is told who has it.
    updated = matching.update(
        status=Review.Status.IN_REVIEW, assignee=user, version=F("version") + 1, updated_at=now
    )
    current = _fresh(review)
    if not updated:
        if current.status == Review.Status.IN_REVIEW and current.assignee_id == user.pk:
            return current
        raise ReviewConflict(conflict_message(current, user), current_version=current.version)
    _record(
        current,
        events.REVIEW_ASSIGNED,
        Actor.for_user(user),
        {"assignee": user.get_username(), "version": current.version},
    )
    return current


def _clean_labels(
    *, review: Review, labels: Mapping[Any, str], decision: str
) -> dict[int, ClaimDecision.Label]:
    """Every claim of the query labelled once with a known label, agreeing with the decision."""
    if not isinstance(labels, Mapping):
        raise ReviewInvalid("Labels must map claim ids to labels.", field="labels")
    claims = dict(Claim.objects.filter(query_id=review.query_id).values_list("id", "text"))
    clean: dict[int, ClaimDecision.Label] = {}
    for raw_id, label in labels.items():
        try:
            claim_id = int(raw_id)
        except (TypeError, ValueError):
            raise ReviewInvalid(f"{raw_id!r} is not a claim id.", field="labels") from None
        if claim_id not in claims:
            raise ReviewInvalid(
                f"Claim {claim_id} does not belong to review #{review.pk}.", field="labels"
            )
        if label not in LABELS:
            raise ReviewInvalid(
                f"{label!r} is not a label; use one of {', '.join(LABELS)}.", field="labels"
            )
        clean[claim_id] = ClaimDecision.Label(label)
    missing = [text for claim_id, text in claims.items() if claim_id not in clean]
    if missing:
        raise ReviewInvalid(
            f"Label every claim before deciding; unlabelled: {', '.join(missing)}.",
            field="labels",
        )
    hallucinations = sum(
        1 for label in clean.values() if label == ClaimDecision.Label.HALLUCINATION
    )
    if decision == Review.Status.REJECTED and claims and not hallucinations:
        raise ReviewInvalid(
            "Rejecting confirms a hallucination: label at least one claim as hallucination, "
            "or approve the answer as a false positive.",
            field="labels",
        )
    if decision == Review.Status.APPROVED and hallucinations:
        raise ReviewInvalid(
            "Approving marks the flag as a false positive, but a claim is labelled "
            "hallucination: reject instead, or relabel the claim.",
            field="labels",
        )
    unsure = [
        claims[claim_id] for claim_id, label in clean.items() if label == ClaimDecision.Label.UNSURE
    ]
    if decision == Review.Status.APPROVED and unsure:
        # An approval tells the accuracy report every claim was right; "unsure" is not that.
        raise ReviewInvalid(
            f"Approving says every claim is right, but {', '.join(unsure)} is labelled unsure: "
            "skip the review for a colleague, or relabel the claim.",
            field="labels",
        )
    return clean


@transaction.atomic
def review_decide(
    *,
    review: Review,
    user: Any,
    decision: str,
    reason: str,
    labels: Mapping[Any, str],
    expected_version: int,
) -> Review:
    """Approve (false positive) or reject (confirmed hallucination), labelling every claim."""
    _require(user, "reviews.decide_review", "decide reviews")
    if decision not in DECISIONS:
        raise ReviewInvalid("The decision must be 'approved' or 'rejected'.", field="decision")
    reason = (reason or "").strip()
    if decision == Review.Status.REJECTED and not reason:
        raise ReviewInvalid("A reason is required to reject a review.", field="reason")
    if isinstance(expected_version, bool) or not isinstance(expected_version, int):
        raise ReviewInvalid(
            "expected_version (the version you read) is required.", field="expected_version"
        )
    current = _fresh(review)
    if current.status in DECIDED_STATUSES:
        raise ReviewConflict(conflict_message(current, user), current_version=current.version)
    clean_labels = _clean_labels(review=current, labels=labels, decision=decision)
    now = timezone.now()
    # Optimistic lock: the row must still be open, at the version the reviewer read, and not
    # held by someone else. PostgreSQL re-checks the WHERE after waiting on a concurrent
    # writer's row lock, so of two simultaneous decisions exactly one updates a row.
    updated = (
        Review.objects.filter(pk=review.pk, version=expected_version, status__in=OPEN_STATUSES)
        .filter(Q(assignee__isnull=True) | Q(assignee=user))
        .update(
            status=decision,
            assignee=user,
            decided_by=user,
            decided_at=now,
            reason=reason,
            version=F("version") + 1,
            updated_at=now,
        )
    )
    if not updated:
        current = _fresh(review)
        raise ReviewConflict(conflict_message(current, user), current_version=current.version)
    ClaimDecision.objects.bulk_create(
        [
            ClaimDecision(review_id=review.pk, claim_id=claim_id, label=label, decided_by=user)
            for claim_id, label in clean_labels.items()
        ],
        update_conflicts=True,
        unique_fields=["review", "claim"],
        update_fields=["label", "decided_by"],
    )
    current = _fresh(review)
    _record(
        current,
        events.REVIEW_DECIDED,
        Actor.for_user(user),
        {
            "query_id": str(current.query_id),
            "decision": decision,
            "reason": reason,
            "labels": {str(claim_id): label.value for claim_id, label in clean_labels.items()},
            "version": current.version,
        },
    )
    return current


def _rescored(review: Review) -> Decimal:
    score = review_risk_score(query=review.query)
    return min(score + ESCALATION_BONUS, MAX_RISK_SCORE) if review.escalated else score


@transaction.atomic
def review_reopen(*, review: Review, user: Any, reason: str) -> Review:
    """Send a decided review back to the queue (admins only, with a reason)."""
    _require(user, "reviews.reopen_review", "reopen reviews")
    reason = (reason or "").strip()
    if not reason:
        raise ReviewInvalid("A reason is required to reopen a review.", field="reason")
    current = (
        Review.objects.select_for_update(of=("self",))
        .select_related("query", "decided_by")
        .get(pk=review.pk)
    )
    if current.status not in DECIDED_STATUSES:
        raise ReviewConflict(
            f"Review #{current.pk} is not decided; there is nothing to reopen.",
            current_version=current.version,
        )
    previous = {
        "previous_status": current.status,
        "previous_decided_by": _username(current.decided_by),
        "previous_reason": current.reason,
    }
    current.status = Review.Status.PENDING
    current.assignee = None
    current.decided_by = None
    current.decided_at = None
    current.reason = ""
    current.reopen_reason = reason
    current.version += 1
    current.risk_score = _rescored(current)
    current.save()
    _record(
        current,
        events.REVIEW_REOPENED,
        Actor.for_user(user),
        {"reason": reason, "version": current.version, **previous},
    )
    return current


@transaction.atomic
def review_escalate(*, review: Review, reason: str, actor: Actor) -> Review:
    """An external check contradicted a claim: mark the review escalated and raise its risk."""
    reason = (reason or "").strip()
    if not reason:
        raise ReviewInvalid("A reason is required to escalate a review.", field="reason")
    current = (
        Review.objects.select_for_update(of=("self",)).select_related("query").get(pk=review.pk)
    )
    current.escalated = True
    current.risk_score = _rescored(current)
    current.version += 1
    current.save()
    _record(
        current,
        events.REVIEW_ESCALATED,
        actor,
        {
            "reason": reason,
            "status": current.status,
            "risk_score": str(current.risk_score),
            "version": current.version,
        },
    )
    review_id, query_id = current.pk, str(current.query_id)
    transaction.on_commit(
        lambda: review_escalated.send(
            sender=Review, review_id=review_id, query_id=query_id, reason=reason
        ),
        robust=True,
    )
    return current


# ---------------------------------------------------------------- assignment


def _may_assign(user: Any) -> bool:
    return user is not None and user.is_authenticated and user.has_perm("reviews.assign_review")


def _locked(review: Review) -> Review:
    return (
        Review.objects.select_for_update(of=("self",))
        .select_related("query", "assignee")
        .get(pk=review.pk)
    )


def _check_version(current: Review, expected_version: int | None, user: Any) -> None:
    if expected_version is not None and current.version != expected_version:
        raise ReviewConflict(conflict_message(current, user), current_version=current.version)


@transaction.atomic
def review_release(
    *, review: Review, user: Any, reason: str = "", expected_version: int | None = None
) -> Review:
    """Give a review someone holds back to the queue (in_review -> pending).

    Its assignee may release it; so may a lead, for a reviewer who left it. Releasing a review
    nobody holds changes nothing.
    """
    _require(user, "reviews.claim_review", "release reviews")
    current = _locked(review)
    if current.status in DECIDED_STATUSES:
        raise ReviewConflict(conflict_message(current, user), current_version=current.version)
    if current.assignee_id is None:
        return current
    if current.assignee_id != user.pk and not _may_assign(user):
        raise ReviewPermissionDenied(
            f"Review #{current.pk} is held by {_username(current.assignee)}; only they or a "
            "lead can release it."
        )
    _check_version(current, expected_version, user)
    previous = _username(current.assignee)
    current.status = Review.Status.PENDING
    current.assignee = None
    current.version += 1
    current.save(update_fields=["status", "assignee", "version", "updated_at"])
    _record(
        current,
        events.REVIEW_RELEASED,
        Actor.for_user(user),
        {
            "previous_assignee": previous,
            "reason": (reason or "").strip(),
            "version": current.version,
        },
    )
    return current


def _assignable(assignee: Any) -> None:
    if assignee is None or not assignee.is_active or not assignee.has_perm("reviews.decide_review"):
        name = _username(assignee)
        raise ReviewInvalid(
            f"{name} cannot decide reviews, so cannot be assigned one.", field="assignee"
        )


@transaction.atomic
def review_reassign(
    *,
    review: Review,
    user: Any,
    assignee: Any,
    reason: str = "",
    expected_version: int | None = None,
) -> Review:
    """A lead hands an open review to a reviewer, or takes it over (assignee=user).

    This is the only way to decide a review someone else holds: take it over first, on the
    record, with the previous holder named in the audit event.
    """
    _require(user, "reviews.assign_review", "assign reviews to others or take them over")
    _assignable(assignee)
    current = _locked(review)
    if current.status in DECIDED_STATUSES:
        raise ReviewConflict(conflict_message(current, user), current_version=current.version)
    _check_version(current, expected_version, user)
    if current.assignee_id == assignee.pk:
        return current
    previous = _username(current.assignee) if current.assignee_id else None
    current.status = Review.Status.IN_REVIEW
    current.assignee = assignee
    current.version += 1
    current.save(update_fields=["status", "assignee", "version", "updated_at"])
    _record(
        current,
        events.REVIEW_REASSIGNED,
        Actor.for_user(user),
        {
            "previous_assignee": previous,
            "assignee": assignee.get_username(),
            "reason": (reason or "").strip(),
            "version": current.version,
        },
    )
    return current


def review_claim_next(
    *, user: Any, candidates: QuerySet[Review], exclude: Collection[int] = ()
) -> Review | None:
    """The next review for the user to work, claimed: one they already hold, else the first
    pending one in the order of `candidates` (the queue as they sorted and filtered it).

    Each attempt is review_claim's conditional update in its own transaction, so two reviewers
    advancing at once take different reviews: the loser of a race moves on to the next row.
    """
    _require(user, "reviews.claim_review", "claim reviews")
    remaining = candidates.exclude(pk__in=list(exclude))
    held = remaining.filter(status=Review.Status.IN_REVIEW, assignee_id=user.pk).first()
    if held is not None:
        return held
    for pk in remaining.filter(status=Review.Status.PENDING).values_list("pk", flat=True)[
        :NEXT_ATTEMPTS
    ]:
        try:
            return review_claim(review=Review(pk=pk), user=user)
        except ReviewConflict:
            continue
    return None


# How many pending reviews review_claim_next tries before it reports the queue as taken.
NEXT_ATTEMPTS = 20


# ---------------------------------------------------------------- bulk actions


@dataclass
class BulkOutcome:
    """What a bulk action did: the reviews it changed and, for each one it could not, why."""

    done: list[Review] = field(default_factory=list)
    refused: list[tuple[int, str]] = field(default_factory=list)


def _each(review_ids: Iterable[int], action: Any) -> BulkOutcome:
    """Run a one-review service on each review in turn.

    Each review is its own transaction with its own audit event: a review someone else took
    in the meantime is reported and does not undo the others.
    """
    outcome = BulkOutcome()
    reviews = Review.objects.in_bulk(list(dict.fromkeys(review_ids)))
    for review_id in dict.fromkeys(review_ids):
        review = reviews.get(review_id)
        if review is None:
            outcome.refused.append((review_id, f"Review #{review_id} does not exist."))
            continue
        try:
            outcome.done.append(action(review))
        except (ReviewConflict, ReviewInvalid, ReviewPermissionDenied) as exc:
            outcome.refused.append((review_id, getattr(exc, "message", None) or str(exc)))
    return outcome


def review_bulk_assign(*, review_ids: Iterable[int], user: Any, assignee: Any) -> BulkOutcome:
    """Assign each review to the assignee: a claim for oneself, a reassignment by a lead."""
    if assignee is not None and assignee.pk == getattr(user, "pk", None) and not _may_assign(user):
        _require(user, "reviews.claim_review", "claim reviews")
        return _each(review_ids, lambda review: review_claim(review=review, user=user))
    _require(user, "reviews.assign_review", "assign reviews to others")
    _assignable(assignee)
    return _each(
        review_ids,
        lambda review: review_reassign(review=review, user=user, assignee=assignee),
    )


def bulk_labels(*, review: Review, decision: str) -> dict[int, str]:
    """The labels a bulk decision gives every claim of a review.

    Approving as clean: grounded claims as the detector grounded them, a flagged
    approximation as benign, any other flag as correct. Rejecting: every flagged claim a
    hallucination, grounded claims as grounded.
    """
    labels = {}
    for claim in Claim.objects.filter(query_id=review.query_id).only("id", "outcome", "grounded"):
        if claim.grounded:
            label = (
                ClaimDecision.Label.DERIVED_CORRECT
                if claim.outcome in ("derived", "calculated")
                else ClaimDecision.Label.CORRECT
            )
        elif decision == Review.Status.REJECTED:
            label = ClaimDecision.Label.HALLUCINATION
        elif claim.outcome == APPROXIMATION:
            label = ClaimDecision.Label.BENIGN_APPROXIMATION
        else:
            label = ClaimDecision.Label.CORRECT
        labels[claim.pk] = label.value
    return labels


def review_bulk_decide(
    *, review_ids: Iterable[int], user: Any, decision: str, reason: str
) -> BulkOutcome:
    """Approve (every claim clean) or reject (every flag confirmed) several reviews at once.

    Each is review_decide on its own, with its own audit event naming every claim's label.
    """
    _require(user, "reviews.decide_review", "decide reviews")
    if decision not in DECISIONS:
        raise ReviewInvalid("The decision must be 'approved' or 'rejected'.", field="decision")
    if decision == Review.Status.REJECTED and not (reason or "").strip():
        raise ReviewInvalid("A reason is required to reject reviews.", field="reason")

    def decide(review: Review) -> Review:
        return review_decide(
            review=review,
            user=user,
            decision=decision,
            reason=reason,
            labels=bulk_labels(review=review, decision=decision),
            expected_version=review.version,
        )

    return _each(review_ids, decide)
