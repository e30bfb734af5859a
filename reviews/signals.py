"""Signals other apps listen to (escalation notices) instead of being called from review services."""

from django.dispatch import Signal

# Sent after the transaction that opened a review commits.
# Arguments: review_id (int), query_id (str), stakes (str).
review_opened = Signal()

# Sent after the transaction that escalated a review commits.
# Arguments: review_id (int), query_id (str), reason (str).
review_escalated = Signal()
