"""The project's own `check --deploy` checks: settings that are safe to develop with and unsafe
to serve with. Each has an id, and tests/security/test_deploy_checks.py shows it firing."""

import ipaddress
from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register
from django.db import DatabaseError, connections

# Cache backends whose counters live in one process (or nowhere): each web process would
# keep its own throttle and lockout counts, multiplying every limit by the process count.
_UNSHARED_CACHES = (
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
    "django.core.cache.backends.filebased.FileBasedCache",
)


@register(Tags.security, deploy=True)
def check_allowed_hosts(**_: Any) -> list[Warning]:
    """hallucination.W001: a wildcard host answers for any Host header (cache poisoning,
    password-reset links pointing elsewhere)."""
    if any(host.strip() in ("*", ".") for host in settings.ALLOWED_HOSTS):
        return [
            Warning(
                "ALLOWED_HOSTS contains '*': the site answers for any host name.",
                hint="List the names the site is served under.",
                id="hallucination.W001",
            )
        ]
    return []


@register(Tags.security, deploy=True)
def check_webhook_secret(**_: Any) -> list[Warning]:
    """hallucination.W002: without a signing secret no result callback is sent."""
    if not settings.WEBHOOKS.get("SIGNING_SECRET"):
        return [
            Warning(
                "WEBHOOK_SIGNING_SECRET is not set: result callbacks to endpoints without a "
                "secret of their own fail instead of being sent unsigned.",
                hint="Set WEBHOOK_SIGNING_SECRET_FILE, or give each endpoint its secret "
                "(manage.py webhook_secret).",
                id="hallucination.W002",
            )
        ]
    return []


def _public(network: str) -> bool:
    parsed = ipaddress.ip_network(network, strict=False)
    return not (parsed.is_private or parsed.is_loopback)


@register(Tags.security, deploy=True)
def check_metrics_exposure(**_: Any) -> list[Warning]:
    """hallucination.W003: /metrics (or the proxies it believes) open to public addresses."""
    conf = settings.METRICS
    problems = []
    open_networks = [n for n in conf.get("ALLOWED_NETWORKS", []) if _public(n)]
    if open_networks:
        problems.append(f"METRICS_ALLOWED_NETWORKS admits public addresses ({open_networks})")
    open_proxies = [n for n in conf.get("TRUSTED_PROXIES", []) if _public(n)]
    if open_proxies:
        problems.append(f"METRICS_TRUSTED_PROXIES trusts public addresses ({open_proxies})")
    if not problems:
        return []
    return [
        Warning(
            "/metrics is open to the world: " + "; ".join(problems) + ".",
            hint="Allow only the scrapers' private networks, trust only your own proxies, or "
            "use METRICS_TOKEN.",
            id="hallucination.W003",
        )
    ]


@register(Tags.caches, deploy=True)
def check_shared_cache(**_: Any) -> list[Warning]:
    """hallucination.W004: throttles and lockouts counted per process."""
    backend = settings.CACHES.get("default", {}).get("BACKEND", "")
    if backend in _UNSHARED_CACHES:
        return [
            Warning(
                f"The default cache ({backend.rsplit('.', 1)[-1]}) is not shared between "
                "processes: API throttles and bad-key limits are counted per process.",
                hint="Set CACHE_URL to Redis (redis://...).",
                id="hallucination.W004",
            )
        ]
    return []


@register(Tags.database, deploy=True)
def check_audit_table_owner(databases: Any = None, **_: Any) -> list[Warning]:
    """hallucination.W005 (with --database): the application's role owns the audit table, so
    it could drop the append-only triggers. Run migrations as the owner, serve as another."""
    if not databases or "default" not in databases:
        return []
    connection = connections["default"]
    if connection.vendor != "postgresql":
        return []
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT pg_get_userbyid(relowner) = current_user FROM pg_class "
                "WHERE oid = to_regclass('audit_auditevent')"
            )
            row = cursor.fetchone()
    except DatabaseError:
        return []
    if row and row[0]:
        return [
            Warning(
                "The database role the application connects as owns the audit table: it could "
                "disable or drop the append-only triggers.",
                hint="Let a migration role own the tables; grant the application role only "
                "SELECT, INSERT (and what else it needs) on them (docs/operations.md).",
                id="hallucination.W005",
            )
        ]
    return []
