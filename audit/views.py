"""Auditor pages: the trace index and one trace's timeline, with JSON and CSV export."""

from django.contrib.auth.decorators import login_required, permission_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from .actors import Actor
from .export import TraceAuditSerializer, trace_audit, trace_audit_csv
from .selectors import recent_traces, trace_events, trace_exists, traces_matching
from .services import audit_export_record
from .timeline import timeline_entries
from .tracing import clean_trace_id

VIEW_PERMISSION = "audit.view_auditevent"
EXPORT_FORMATS = ("html", "json", "csv")


@require_GET
@login_required
@permission_required(VIEW_PERMISSION, raise_exception=True)
def trace_list(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    error = ""
    if query:
        trace_id = clean_trace_id(query)
        if trace_id is None:
            error = "A trace ID is 1 to 64 letters, digits, '.', '_', ':' or '-'."
            traces = []
        elif trace_exists(trace_id):
            return redirect("audit:trace-detail", trace_id=trace_id)
        else:
            traces = traces_matching(trace_id)
    else:
        traces = recent_traces()
    status = 400 if error else 200
    return render(
        request,
        "audit/trace_list.html",
        {"traces": traces, "query": query, "error": error},
        status=status,
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
