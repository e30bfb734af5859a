"""The audit API: one trace's events with their chain status."""

from typing import Any, Protocol, runtime_checkable

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import exceptions, permissions
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .actors import Actor
from .export import TraceAuditSerializer, trace_audit
from .selectors import trace_events
from .services import audit_export_record
from .tracing import clean_trace_id
from .views import VIEW_PERMISSION


@runtime_checkable
class TraceOwner(Protocol):
    """A machine client's request.user: it reads only the traces it submitted under.

    The audit log sits below every app that writes to it, so it names what it needs here
    and the API's client user provides it, rather than the audit app importing that user.
    """

    client: Any

    def owns_trace(self, trace_id: str) -> bool: ...


class TraceAuditView(APIView):
    """Reviewers and auditors read any trace; an API client reads the traces of its queries."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        operation_id="trace_audit",
        summary="The audit events of one trace, in chain order, with the chain status",
        tags=["audit"],
        responses={
            200: TraceAuditSerializer,
            403: OpenApiResponse(description="Signed in without the audit.view_auditevent role."),
            404: OpenApiResponse(description="No audit events for this trace visible to you."),
        },
    )
    def get(self, request: Request, trace_id: str) -> Response:
        user = request.user
        if clean_trace_id(trace_id) != trace_id:
            raise exceptions.NotFound("Not a trace ID.")
        if isinstance(user, TraceOwner):
            # Another client's trace answers as if it did not exist.
            if not user.owns_trace(trace_id):
                raise exceptions.NotFound("No audit events for this trace.")
            actor = Actor.for_client(user.client)
        elif user.has_perm(VIEW_PERMISSION):
            actor = Actor.for_user(user)
        else:
            raise exceptions.PermissionDenied("Reading the audit log needs the auditor role.")
        events = trace_events(trace_id)
        if not events:
            raise exceptions.NotFound("No audit events for this trace.")
        audit = trace_audit(trace_id, events)
        audit_export_record(trace_id=trace_id, export_format="api", events=len(events), actor=actor)
        return Response(TraceAuditSerializer(audit).data)
