"""The review queue's answers to requests from below: open a flagged query's review, escalate
it, and say what a trace is about for the audit log's index.

A review is of a query and its page reads the claims and verdicts, so detection sits below the
queue and asks through signals rather than calling these services. The receivers run inside
the sender's transaction: the review and its audit event commit or roll back with detection's.
"""

from django.dispatch import receiver

from audit.actors import Actor
from audit.signals import trace_descriptions_requested
from hallucination.models import Query
from hallucination.signals import escalation_requested, review_requested

from .selectors import trace_names
from .services import review_escalate, review_open


@receiver(review_requested, dispatch_uid="reviews.open_requested_review")
def _open_review(sender: object, *, query: Query, actor: Actor, **_: object) -> None:
    review_open(query=query, actor=actor)


@receiver(escalation_requested, dispatch_uid="reviews.escalate_requested_review")
def _escalate_review(
    sender: object, *, query: Query, reason: str, actor: Actor, **_: object
) -> None:
    review = getattr(query, "review", None)
    if review is not None:
        review_escalate(review=review, reason=reason, actor=actor)


@receiver(trace_descriptions_requested, dispatch_uid="reviews.describe_traces")
def _describe_traces(
    sender: object, *, trace_ids: list[str], **_: object
) -> dict[str, dict[str, object]]:
    return trace_names(trace_ids)
