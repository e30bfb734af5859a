"""Serializers of the verification API: nested input and output shapes, no writes."""

from decimal import Decimal

from rest_framework import serializers

from audit.tracing import clean_trace_id
from hallucination.models import ReferenceFact

from .calculator import format_result

MAX_FACTS_PER_REQUEST = 10_000


def plain_decimal(value: Decimal | None) -> str | None:
    """0.780000000000 -> "0.78": stored columns pad to 12 places, clients need not see it."""
    if value is None:
        return None
    text = format_result(value)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text or "0"


class CalculateInputSerializer(serializers.Serializer):
    # Length and content are the calculator's to judge, with its own error codes.
    expression = serializers.CharField(allow_blank=True, trim_whitespace=False, max_length=10_000)
    trace_id = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=64,
        help_text="Record the result as a tool output of this trace (API clients only).",
    )

    def validate_trace_id(self, value: str) -> str:
        if value and clean_trace_id(value) is None:
            raise serializers.ValidationError(
                "A trace ID is 1 to 64 letters, digits, dots, colons, underscores or dashes."
            )
        return value


class CalculateOutputSerializer(serializers.Serializer):
    expression = serializers.CharField(help_text="The expression in canonical spelling.")
    result = serializers.CharField(help_text="The exact result as a decimal string.")
    trace_id = serializers.CharField(allow_null=True)
    recorded = serializers.BooleanField(help_text="Whether the result was recorded for the trace.")
    calculator_output_id = serializers.IntegerField(allow_null=True)


class ReferenceFactSerializer(serializers.ModelSerializer):
    value = serializers.SerializerMethodField()

    class Meta:
        model = ReferenceFact
        fields = [
            "id",
            "entity",
            "metric",
            "period",
            "value",
            "unit",
            "source",
            "as_of",
            "created_at",
        ]
        read_only_fields = fields

    def get_value(self, fact: ReferenceFact) -> str | None:
        return plain_decimal(fact.value)


class ReferenceFactImportSerializer(serializers.Serializer):
    facts = serializers.ListField(
        child=serializers.DictField(),
        allow_empty=False,
        max_length=MAX_FACTS_PER_REQUEST,
        help_text="Rows of entity, metric, period, value, unit and optionally source, as_of.",
    )
    strict = serializers.BooleanField(
        default=False, help_text="Load nothing if any row is rejected."
    )


class RejectedRowSerializer(serializers.Serializer):
    row = serializers.IntegerField(source="line", help_text="1-based position in `facts`.")
    reason = serializers.CharField()


class FactLoadReportSerializer(serializers.Serializer):
    created = serializers.IntegerField()
    updated = serializers.IntegerField()
    unchanged = serializers.IntegerField()
    accepted = serializers.IntegerField()
    loaded = serializers.BooleanField(help_text="False when strict mode refused the batch.")
    rejected = RejectedRowSerializer(many=True)
