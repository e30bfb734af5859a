"""Auditor pages: the trace index and one trace's timeline, with JSON and CSV export."""

from datetime import UTC, datetime

from django.contrib.auth.decorators import login_required, permission_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.dateparse import parse_date, parse_datetime
from django.views.decorators.http import require_GET

from . import events as event_types
from .actors import Actor
from .export import TraceAuditSerializer, trace_audit, trace_audit_csv
from .selectors import trace_events, trace_exists, trace_index, trace_summaries
from .services import audit_export_record
from .timeline import timeline_entries
from .tracing import clean_trace_id

VIEW_PERMISSION = "audit.view_auditevent"
EXPORT_FORMATS = ("html", "json", "csv")
TRACES_PER_PAGE = 50
EVENT_TYPES = sorted(
    value for name, value in vars(event_types).items() if name.isupper() and isinstance(value, str)
)


def _moment(raw: str, *, end_of_day: bool = False) -> datetime | None:
    """A date or date-time from the search form, in UTC as the page shows times.

    Raises ValueError for text that is neither.
    """
    raw = raw.strip()
    if not raw:
        return None
    moment = parse_datetime(raw)
    if moment is None:
        day = parse_date(raw)
        if day is None:
            raise ValueError(raw)
        moment = datetime(day.year, day.month, day.day, tzinfo=UTC)
        if end_of_day:
            moment = moment.replace(hour=23, minute=59, second=59, microsecond=999999)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


@require_GET
@login_required
@permission_required(VIEW_PERMISSION, raise_exception=True)
def trace_list(request: HttpRequest) -> HttpResponse:
    """Traces by last activity, named by the query and review they are about, paginated and
    searchable by any part of the trace ID, event type, actor and time range."""
    query = request.GET.get("q", "").strip()
    event_type = request.GET.get("event", "").strip()
    actor = request.GET.get("actor", "").strip()
    errors = []
    if query and clean_trace_id(query) is None:
        errors.append("A trace ID is 1 to 64 letters, digits, '.', '_', ':' or '-'.")
    if event_type and event_type not in EVENT_TYPES:
        errors.append(f"{event_type[:50]!r} is not an event type.")
    try:
        since = _moment(request.GET.get("from", ""))
        until = _moment(request.GET.get("to", ""), end_of_day=True)
    except ValueError:
        errors.append("Give times as 2026-11-25 or 2026-11-25T09:30 (UTC).")
        since = until = None
    searching = any(request.GET.get(name) for name in ("q", "event", "actor", "from", "to"))
    only_an_id = query and not errors and not (event_type or actor or since or until)
    if only_an_id and trace_exists(query):
        return redirect("audit:trace-detail", trace_id=query)
    traces: list = []
    page = None
    if not errors:
        index = trace_index(
            text=query, event_type=event_type, actor=actor, since=since, until=until
        )
        page = Paginator(index, TRACES_PER_PAGE).get_page(request.GET.get("page"))
        traces = trace_summaries([row["trace_id"] for row in page.object_list])
    without_page = request.GET.copy()
    without_page.pop("page", None)
    return render(
        request,
        "audit/trace_list.html",
        {
            "traces": traces,
            "page": page,
            "query": query,
            "event_type": event_type,
            "actor": actor,
            "since": request.GET.get("from", ""),
            "until": request.GET.get("to", ""),
            "event_types": EVENT_TYPES,
            "searching": searching,
            "error": " ".join(errors),
            "query_without_page": without_page.urlencode(),
        },
        status=400 if errors else 200,
    )


@require_GET
@login_required
@permission_required(VIEW_PERMISSION, raise_exception=True)
def trace_detail(request: HttpRequest, trace_id: str) -> HttpResponse:
    if clean_trace_id(trace_id) != trace_id:
        raise Http404("Not a trace ID.")
    export_format = request.GET.get("format", "html")
    if export_format not in EXPORT_FORMATS:
        return HttpResponse(
            f"Unknown format {export_format[:20]!r}: use html, json or csv.",
            status=400,
            content_type="text/plain; charset=utf-8",
        )
    events = trace_events(trace_id)
    if not events:
        raise Http404("No audit events for this trace.")
    audit = trace_audit(trace_id, events)
    if export_format == "html":
        return render(
            request,
            "audit/trace_detail.html",
            {"trace_id": trace_id, "audit": audit, "entries": timeline_entries(events)},
        )
    audit_export_record(
        trace_id=trace_id,
        export_format=export_format,
        events=len(events),
        actor=Actor.for_user(request.user),
    )
    if export_format == "json":
        response: HttpResponse = JsonResponse(
            TraceAuditSerializer(audit).data,
            json_dumps_params={"indent": 2, "ensure_ascii": False},
        )
    else:
        response = HttpResponse(trace_audit_csv(audit), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="audit-trace-{trace_id}.{export_format}"'
    )
    return response
