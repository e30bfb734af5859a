"""Outbound delivery: signed result webhooks and escalation notices, with their Celery tasks."""
