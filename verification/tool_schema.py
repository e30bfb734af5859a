"""The calculator as an agent tool: its function-calling definition for LLM clients.

`GET /api/v1/calculate/tool/` returns one definition in the shapes OpenAI-compatible
(`tools=[{"type": "function", "function": {...}}]`) and Anthropic-compatible
(`tools=[{"name", "description", "input_schema"}]`) clients accept. An agent registers it, sends
each tool call to `POST /api/v1/calculate/` with its trace ID, and the results then ground the
computed figures of the answer it submits under the same trace (seed 000).
"""

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .calculator import MAX_EXPRESSION_CHARS

TOOL_NAME = "calculate"
TOOL_DESCRIPTION = (
    "Evaluate an arithmetic expression exactly (decimal arithmetic, no rounding surprises). "
    "Use it for every figure you compute rather than doing mental math: growth rates, "
    "ratios, differences, sums, per-share values. Supports + - * / // % **, parentheses and "
    "abs, round, min, max, sqrt, log, exp. Returns the exact result as a decimal string; "
    "quote it in your answer rounded as you like."
)


def tool_parameters() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of the tool's arguments."""
    return {
        "type": "object",
        "properties": {
            "expression": {
                "type": "string",
                "minLength": 1,
                "maxLength": MAX_EXPRESSION_CHARS,
                "description": "An arithmetic expression, e.g. (1.85 - 1.62) / 1.62 * 100",
            },
        },
        "required": ["expression"],
        "additionalProperties": False,
    }


def tool_definition() -> dict[str, Any]:
    """The definition in the neutral shape and in the two client dialects."""
    parameters = tool_parameters()
    return {
        "name": TOOL_NAME,
        "description": TOOL_DESCRIPTION,
        "parameters": parameters,
        "openai": {
            "type": "function",
            "function": {
                "name": TOOL_NAME,
                "description": TOOL_DESCRIPTION,
                "parameters": parameters,
                "strict": True,
            },
        },
        "anthropic": {
            "name": TOOL_NAME,
            "description": TOOL_DESCRIPTION,
            "input_schema": parameters,
        },
        "endpoint": {
            "method": "POST",
            "path": "/api/v1/calculate/",
            "body": {"expression": "<the tool call's expression>", "trace_id": "<your trace ID>"},
        },
    }


class CalculatorToolView(APIView):
    """The calculator's function-calling definition, for agents to register as a tool."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: inline_serializer(
                name="CalculatorTool",
                fields={
                    "name": serializers.CharField(),
                    "description": serializers.CharField(),
                    "parameters": serializers.JSONField(help_text="JSON Schema of the arguments."),
                    "openai": serializers.JSONField(help_text="OpenAI-compatible tool entry."),
                    "anthropic": serializers.JSONField(help_text="Anthropic-compatible tool."),
                    "endpoint": serializers.JSONField(help_text="Where to send a tool call."),
                },
            )
        }
    )
    def get(self, request: Request) -> Response:
        return Response(tool_definition())
