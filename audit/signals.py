"""Signals of the audit log: the apps above it say what each trace is about, for its pages.

The audit log sits below every app that writes to it and imports none of them. Its trace
index asks instead: a receiver gets `trace_ids` and returns a mapping of trace ID to a
description (a dict with "title", "detail" and optional "links", a list of (text, url)).
"""

from django.dispatch import Signal

trace_descriptions_requested = Signal()
