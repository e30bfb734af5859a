"""Prometheus metrics at /metrics, read from the database at scrape time.

Every figure comes from PostgreSQL (or SQLite), not from counters kept in one process's
memory, so the numbers are the same whichever web process answers the scrape and include the
work of every worker on every machine. The queries are aggregates over indexed columns; a
scrape every 15-60 s is cheap next to the detection work itself.
"""

from __future__ import annotations

import hmac
import ipaddress
import logging
from collections.abc import Iterator
from datetime import timedelta

from django.conf import settings
from django.db.models import Count, DurationField, ExpressionWrapper, F, Min, Q, Sum
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector

from audit.events import QUERY_ABANDONED
from audit.models import AuditEvent
from audit.selectors import chain_heads
from reviews.models import OPEN_STATUSES, Review

from ..models import OUTCOME_CHOICES, STAKES_CHOICES, Claim, Query, WebhookDelivery

logger = logging.getLogger(__name__)

GROUNDING_BUCKETS = (0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.0)
DETECTION_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
LATENCY_BUCKETS = (0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0)
IN_PROGRESS = (Query.Status.RECEIVED, Query.Status.DETECTING, Query.Status.VERIFYING)


def _histogram(
    name: str,
    documentation: str,
    queryset,  # type: ignore[no-untyped-def]
    field: str,
    buckets: tuple[float, ...],
    *,
    scale: float = 1.0,
    as_duration: bool = False,
) -> HistogramMetricFamily:
    """A cumulative histogram counted by the database, one conditional count per bucket."""

    def bound(value: float) -> object:
        return timedelta(seconds=value) if as_duration else value * scale

    aggregates = {
        f"le_{i}": Count("pk", filter=Q(**{f"{field}__lte": bound(le)}))
        for i, le in enumerate(buckets)
    }
    aggregates["total"] = Count("pk")
    aggregates["sum"] = Sum(field)
    row = queryset.aggregate(**aggregates)
    total_sum = row["sum"] or 0
    if as_duration:
        total_sum = total_sum.total_seconds() if total_sum else 0.0
    else:
        total_sum = float(total_sum) / scale
    points = [(str(le), row[f"le_{i}"]) for i, le in enumerate(buckets)]
    points.append(("+Inf", row["total"]))
    family = HistogramMetricFamily(name, documentation)
    family.add_metric([], points, sum_value=total_sum)
    return family


class DatabaseCollector(Collector):
    """Submissions, flags, claims, latency, queue depth, review backlog and the audit chain."""

    def collect(self) -> Iterator[Metric]:
        yield from self._queries()
        yield from self._claims()
        yield from self._latency()
        yield from self._reviews()
        yield from self._audit()
        yield from self._deliveries()
        yield from self._broker()

    def _queries(self) -> Iterator[Metric]:
        submissions = CounterMetricFamily(
            "hallucination_submissions", "Answers submitted for checking.", labels=["stakes"]
        )
        flagged = CounterMetricFamily(
            "hallucination_flagged", "Answers flagged by detection.", labels=["stakes"]
        )
        finished = Q(status=Query.Status.DONE)
        by_stakes = Query.objects.values("stakes").annotate(
            total=Count("pk"),
            done=Count("pk", filter=finished),
            flagged=Count("pk", filter=finished & Q(flagged=True)),
        )
        rows = {row["stakes"]: row for row in by_stakes.order_by("stakes")}
        # Every label value is exposed, zero included, so a rate() has a series to start from.
        for stakes, _ in STAKES_CHOICES:
            row = rows.get(stakes, {"total": 0, "flagged": 0})
            submissions.add_metric([stakes], row["total"])
            flagged.add_metric([stakes], row["flagged"])
        done_total = sum(row["done"] for row in rows.values())
        flagged_total = sum(row["flagged"] for row in rows.values())
        yield submissions
        yield flagged
        rate = GaugeMetricFamily(
            "hallucination_flagged_ratio", "Flagged answers over finished answers, all time."
        )
        rate.add_metric([], flagged_total / done_total if done_total else 0.0)
        yield rate

        depth = GaugeMetricFamily(
            "hallucination_queue_depth",
            "Submissions not finished yet, by state (received = waiting for a worker).",
            labels=["status"],
        )
        counts = dict(
            Query.objects.filter(status__in=IN_PROGRESS)
            .values_list("status")
            .annotate(n=Count("pk"))
            .values_list("status", "n")
        )
        for status in IN_PROGRESS:
            depth.add_metric([status], counts.get(status, 0))
        yield depth

        yield _histogram(
            "hallucination_grounding_rate",
            "Grounding rate of finished answers with claims.",
            Query.objects.filter(status=Query.Status.DONE, grounding_rate__isnull=False),
            "grounding_rate",
            GROUNDING_BUCKETS,
        )

    def _claims(self) -> Iterator[Metric]:
        family = CounterMetricFamily(
            "hallucination_claims", "Claims extracted, by final outcome.", labels=["outcome"]
        )
        counts = dict(
            Claim.objects.values_list("outcome").annotate(n=Count("pk")).values_list("outcome", "n")
        )
        for outcome, _ in OUTCOME_CHOICES:
            family.add_metric([outcome], counts.get(outcome, 0))
        yield family

    def _latency(self) -> Iterator[Metric]:
        yield _histogram(
            "hallucination_detection_seconds",
            "Engine time of the detection task, per answer.",
            Query.objects.filter(detection_ms__isnull=False),
            "detection_ms",
            DETECTION_BUCKETS,
            scale=1000.0,
        )
        finished = Query.objects.filter(finished_at__isnull=False).annotate(
            latency=ExpressionWrapper(
                F("finished_at") - F("created_at"), output_field=DurationField()
            )
        )
        yield _histogram(
            "hallucination_task_latency_seconds",
            "Submission to finished result, queue wait and external checks included.",
            finished,
            "latency",
            LATENCY_BUCKETS,
            as_duration=True,
        )

    def _reviews(self) -> Iterator[Metric]:
        backlog = GaugeMetricFamily(
            "hallucination_review_backlog",
            "Open reviews, by status and whether escalated.",
            labels=["status", "escalated"],
        )
        rows = {
            (status, escalated): n
            for status, escalated, n in Review.objects.filter(status__in=OPEN_STATUSES)
            .values_list("status", "escalated")
            .annotate(n=Count("pk"))
            .values_list("status", "escalated", "n")
        }
        for status in OPEN_STATUSES:
            for escalated in (False, True):
                backlog.add_metric(
                    [status, str(escalated).lower()], rows.get((status, escalated), 0)
                )
        yield backlog
        oldest = Review.objects.filter(status__in=OPEN_STATUSES).aggregate(at=Min("created_at"))
        age = GaugeMetricFamily(
            "hallucination_review_oldest_age_seconds",
            "Age of the oldest open review (0 when the queue is empty).",
        )
        age.add_metric([], (timezone.now() - oldest["at"]).total_seconds() if oldest["at"] else 0.0)
        yield age

    def _audit(self) -> Iterator[Metric]:
        # Sequence numbers count events per chain: the log's length is their heads added up.
        head = sum(seq for seq, _ in chain_heads().values())
        family = GaugeMetricFamily(
            "hallucination_audit_chain_length", "Events in the hash-chained audit log."
        )
        family.add_metric([], head)
        yield family
        gave_up = CounterMetricFamily(
            "hallucination_sweeper_gave_up",
            "Queries the sweeper stopped re-enqueueing and marked failed.",
        )
        gave_up.add_metric([], AuditEvent.objects.filter(event_type=QUERY_ABANDONED).count())
        yield gave_up

    def _deliveries(self) -> Iterator[Metric]:
        family = CounterMetricFamily(
            "hallucination_deliveries",
            "Result webhooks and escalation notices, by final state.",
            labels=["kind", "channel", "status"],
        )
        counts = {
            (kind, channel, status): n
            for kind, channel, status, n in WebhookDelivery.objects.values_list(
                "kind", "channel", "status"
            )
            .annotate(n=Count("pk"))
            .values_list("kind", "channel", "status", "n")
        }
        for kind in WebhookDelivery.Kind.values:
            for channel in WebhookDelivery.Channel.values:
                for status in WebhookDelivery.Status.values:
                    family.add_metric(
                        [kind, channel, status], counts.get((kind, channel, status), 0)
                    )
        yield family

    def _broker(self) -> Iterator[Metric]:
        """Messages waiting in each of the Redis broker's task queues, when Redis is the broker."""
        url = getattr(settings, "CELERY_BROKER_URL", "")
        if not url.startswith(("redis://", "rediss://")):
            return
        family = GaugeMetricFamily(
            "hallucination_broker_queue_length",
            "Task messages waiting in the broker, by queue.",
            labels=["queue"],
        )
        try:
            import redis

            client = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1)
            for queue in getattr(settings, "CELERY_TASK_QUEUES", None) or ["celery"]:
                name = getattr(queue, "name", queue)
                family.add_metric([name], client.llen(name))
        except Exception:  # the scrape must answer even with the broker down
            logger.warning("Could not read the broker queue length", exc_info=True)
            return
        yield family


def metrics_registry() -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(DatabaseCollector())
    return registry


# Headers through which a proxy names the client. One from an address that is not a trusted
# proxy is the client speaking for itself, and is never believed.
FORWARDING_HEADERS = (
    "HTTP_X_FORWARDED_FOR",
    "HTTP_FORWARDED",
    "HTTP_X_REAL_IP",
    "HTTP_X_CLIENT_IP",
    "HTTP_TRUE_CLIENT_IP",
    "HTTP_CF_CONNECTING_IP",
    "HTTP_X_CLUSTER_CLIENT_IP",
)


def _in(address: ipaddress.IPv4Address | ipaddress.IPv6Address, networks: list[str]) -> bool:
    return any(address in ipaddress.ip_network(network, strict=False) for network in networks)


def _address(value: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(value.strip())
    except ValueError:
        return None


def scraper_address(request: HttpRequest) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address of whoever asked, or None when it cannot be known.

    REMOTE_ADDR is the peer. Only when the peer is one of METRICS_TRUSTED_PROXIES is
    X-Forwarded-For read, right to left, skipping further trusted proxies: the first other
    address is the client. A forwarded request from an untrusted peer, or one whose chain
    cannot be read, has no address, so only the token admits it.
    """
    conf = settings.METRICS
    trusted = conf.get("TRUSTED_PROXIES", [])
    peer = _address(request.META.get("REMOTE_ADDR", ""))
    if peer is None:
        return None
    forwarded = any(request.META.get(header) for header in FORWARDING_HEADERS)
    if not trusted or not _in(peer, trusted):
        return None if forwarded else peer
    chain = [item for item in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if item]
    if not chain:
        return None  # a trusted proxy that does not say for whom it asks
    for item in reversed(chain):
        hop = _address(item)
        if hop is None:
            return None
        if not _in(hop, trusted):
            return hop
    return None


def _allowed(request: HttpRequest) -> bool:
    conf = settings.METRICS
    token = conf.get("TOKEN") or ""
    header = request.headers.get("Authorization", "")
    if token and header.startswith("Bearer "):
        return hmac.compare_digest(header.removeprefix("Bearer ").strip(), token)
    address = scraper_address(request)
    return address is not None and _in(address, conf.get("ALLOWED_NETWORKS", []))


@require_GET
def metrics_view(request: HttpRequest) -> HttpResponse:
    """The Prometheus exposition; scrapers from METRICS_ALLOWED_NETWORKS or with the token."""
    if not _allowed(request):
        return HttpResponse("Forbidden\n", status=403, content_type="text/plain")
    return HttpResponse(generate_latest(metrics_registry()), content_type=CONTENT_TYPE_LATEST)
