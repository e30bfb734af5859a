"""Signals other apps listen to instead of being called from the detection services."""

from django.dispatch import Signal

# Sent after the transaction that finished a query commits (status done or failed).
# Arguments: query_id (str), status (str), flagged (bool), has_callback (bool: the query
# carries a callback_url, so listeners that only deliver callbacks can skip the others).
query_finished = Signal()

# Sent inside the transaction that leaves a query flagged, when the settings send flagged
# answers to the review queue (AUTO_FLAG and REVIEW_QUEUE). Arguments: query (Query), actor
# (Actor). The review queue opens the query's review in the same transaction.
review_requested = Signal()

# Sent inside the transaction that closes the external layer, when a check contradicted a
# claim. Arguments: query (Query), reason (str), actor (Actor). The review queue escalates the
# query's review, if it has one, in the same transaction.
escalation_requested = Signal()
