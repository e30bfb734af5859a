"""Signals other apps listen to instead of being called from the detection services."""

from django.dispatch import Signal

# Sent after the transaction that finished a query commits (status done or failed).
# Arguments: query_id (str), status (str), flagged (bool).
query_finished = Signal()
