"""Signals other apps listen to instead of being called from the detection services."""

from django.dispatch import Signal

# Sent after the transaction that finished a query commits (status done or failed).
# Arguments: query_id (str), status (str), flagged (bool), has_callback (bool: the query
# carries a callback_url, so listeners that only deliver callbacks can skip the others).
query_finished = Signal()
