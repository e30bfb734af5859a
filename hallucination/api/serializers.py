"""Input and output serializers of the detection API."""

import re
import threading
from decimal import Decimal
from typing import Any

from rest_framework import serializers
from rest_framework.utils.serializer_helpers import ReturnDict

from ..conf import detector_settings
from ..engine import types as t
from ..models import STAKES_CHOICES, Query, Source
from ..services import SourceInput, SubmissionInput


def _limit(name: str) -> int:
    return detector_settings()[name]


# Any decimal digit, in any script (Unicode category Nd), and runs of them: each number in an
# answer is at most one claim, so counting them bounds the engine's work before it starts.
_NUMBER = re.compile(r"\d+(?:[.,\u066b\u066c]\d+)*")


def number_count(text: str) -> int:
    """How many numbers a text holds: an upper bound on the claims the engine extracts."""
    return sum(1 for _ in _NUMBER.finditer(text))


class StrictCharField(serializers.CharField):
    """A string field that refuses other JSON types: `"answer": 5` is a 400, not the text "5"."""

    default_error_messages = {"invalid": "Must be a string (got {kind})."}

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("invalid", kind=type(data).__name__)
        return super().to_internal_value(data)


class StrictURLField(serializers.URLField):
    default_error_messages = {"not_string": "Must be a string (got {kind})."}

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("not_string", kind=type(data).__name__)
        return super().to_internal_value(data)


class StrictRegexField(serializers.RegexField):
    default_error_messages = {"not_string": "Must be a string (got {kind})."}

    def to_internal_value(self, data: object) -> str:
        if not isinstance(data, str):
            self.fail("not_string", kind=type(data).__name__)
        return super().to_internal_value(data)


class SourceInputSerializer(serializers.Serializer):
    id = StrictCharField(max_length=200)
    text = StrictCharField(trim_whitespace=False)
    kind = serializers.ChoiceField(choices=Source.Kind.choices, default=Source.Kind.DOCUMENT)
    url = StrictURLField(max_length=2000, required=False, allow_blank=True, default="")

    def validate_text(self, value: str) -> str:
        limit = _limit("MAX_SOURCE_CHARS")
        if len(value) > limit:
            raise serializers.ValidationError(
                f"Ensure this field has no more than {limit} characters (it has {len(value)})."
            )
        return value


class MetricInputSerializer(serializers.Serializer):
    """A seed 002 accuracy-report metric that `[Source: path]` citations resolve to."""

    path = StrictCharField(max_length=200)
    value = serializers.DecimalField(max_digits=40, decimal_places=12)
    citation = StrictCharField(max_length=500, required=False, allow_blank=True, default="")


class QuerySubmitSerializer(serializers.Serializer):
    question = StrictCharField(required=False, allow_blank=True, default="")
    answer = StrictCharField(trim_whitespace=False)
    sources = SourceInputSerializer(many=True, required=False, default=list)
    stakes = serializers.ChoiceField(choices=STAKES_CHOICES, default="standard")
    confidence = serializers.DecimalField(
        max_digits=5,
        decimal_places=4,
        min_value=Decimal("0"),
        max_value=Decimal("1"),
        required=False,
        allow_null=True,
        default=None,
        help_text="The monitored model's own confidence, 0 to 1; lowered when flagged.",
    )
    entity = StrictCharField(max_length=200, required=False, allow_blank=True, default="")
    period = StrictCharField(max_length=50, required=False, allow_blank=True, default="")
    samples = serializers.ListField(
        child=StrictCharField(trim_whitespace=False),
        required=False,
        default=list,
        help_text="Alternative answers sampled from the same model, for self-consistency.",
    )
    metrics = MetricInputSerializer(many=True, required=False, default=list)
    checksum_input = StrictCharField(max_length=2000, required=False, allow_blank=True, default="")
    trace_id = StrictRegexField(
        r"^[A-Za-z0-9._:\-]{1,64}$",
        required=False,
        help_text="Your trace ID; otherwise taken from X-Trace-Id or traceparent, or generated.",
    )
    callback_url = StrictURLField(max_length=2000, required=False, allow_blank=True, default="")

    def validate_question(self, value: str) -> str:
        return self._check_length(value, "MAX_QUESTION_CHARS")

    def validate_answer(self, value: str) -> str:
        if not value.strip():
            raise serializers.ValidationError("This field may not be blank.")
        self._check_length(value, "MAX_ANSWER_CHARS")
        limit = _limit("MAX_CLAIMS")
        count = number_count(value)
        if count > limit:
            raise serializers.ValidationError(
                f"At most {limit} numbers (claims) in one answer (it has {count}); "
                "split the answer into several submissions."
            )
        return value

    def validate_sources(self, value: list[dict]) -> list[dict]:
        limit = _limit("MAX_SOURCES")
        if len(value) > limit:
            raise serializers.ValidationError(f"At most {limit} sources (got {len(value)}).")
        total = sum(len(source["text"]) for source in value)
        total_limit = _limit("MAX_TOTAL_SOURCE_CHARS")
        if total > total_limit:
            raise serializers.ValidationError(
                f"At most {total_limit} characters of sources in all (got {total})."
            )
        seen = set()
        for source in value:
            if source["id"] in seen:
                raise serializers.ValidationError(f"Source id {source['id']!r} is used twice.")
            seen.add(source["id"])
        return value

    def validate_samples(self, value: list[str]) -> list[str]:
        limit = _limit("MAX_SAMPLES")
        if len(value) > limit:
            raise serializers.ValidationError(f"At most {limit} samples (got {len(value)}).")
        for sample in value:
            self._check_length(sample, "MAX_ANSWER_CHARS")
        return value

    def _check_length(self, value: str, setting: str) -> str:
        limit = _limit(setting)
        if len(value) > limit:
            raise serializers.ValidationError(
                f"Ensure this field has no more than {limit} characters (it has {len(value)})."
            )
        return value


def submission_from(data: dict) -> SubmissionInput:
    """The service's input from a submission's validated data."""
    return SubmissionInput(
        answer=data["answer"],
        question=data["question"],
        sources=tuple(
            SourceInput(id=s["id"], text=s["text"], kind=s["kind"], url=s["url"])
            for s in data["sources"]
        ),
        stakes=data["stakes"],
        confidence=data["confidence"],
        entity=data["entity"],
        period=data["period"],
        samples=tuple(data["samples"]),
        metrics=tuple(
            {"path": m["path"], "value": str(m["value"]), "citation": m["citation"]}
            for m in data["metrics"]
        ),
        checksum_input=data["checksum_input"],
        callback_url=data["callback_url"],
    )


class BatchItemSerializer(QuerySubmitSerializer):
    """One answer of a batch: a submission plus the Idempotency key that makes it safe to send
    again."""

    idempotency_key = StrictCharField(
        max_length=255,
        help_text="Required: this item's Idempotency-Key. The same key and body again returns "
        "the same query; another body is an idempotency_conflict.",
    )


class BatchSubmitSerializer(serializers.Serializer):
    """The batch body. Items are validated one by one, so one bad item fails alone."""

    items = BatchItemSerializer(many=True, help_text="At most HALLUCINATION_BATCH_MAX_ITEMS.")


# Serializers built once per thread and used again for every request the thread serves.
# DRF deep-copies a serializer's declared fields, nested serializers included, each time one
# is made: for the submission and the result serializers that was 2-3 ms of a request's CPU,
# more than validating or rendering itself. Validating (`run_validation`) and rendering
# (`to_representation`) read a serializer's fields and change nothing on it, so one instance
# serves request after request; one per thread, so no two requests ever share one.
_built = threading.local()


def _serializer(serializer_class: type[serializers.Serializer]) -> serializers.Serializer:
    serializer = getattr(_built, serializer_class.__name__, None)
    if serializer is None:
        serializer = serializer_class()
        setattr(_built, serializer_class.__name__, serializer)
    return serializer


def submission_validate(data: Any) -> dict:
    """A submission body's validated data, or DRF's ValidationError with the same errors
    `QuerySubmitSerializer(data=data).is_valid(raise_exception=True)` raises.

    An invalid body is validated again the usual way, so its error body comes from DRF's own
    code (`is_valid` words a null body differently from `run_validation`, for one)."""
    try:
        return _serializer(QuerySubmitSerializer).run_validation(data)
    except serializers.ValidationError:
        serializer = QuerySubmitSerializer(data=data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


def query_result_data(result: dict) -> ReturnDict:
    """`QueryResultSerializer(result).data`, from a serializer built once per thread."""
    serializer = _serializer(QueryResultSerializer)
    return ReturnDict(serializer.to_representation(result), serializer=serializer)


def batch_items_validate(raw_items: list) -> list[tuple[dict | None, dict | list | None]]:
    """Validate each item of a batch on its own: (validated data, None) or (None, errors).

    One serializer validates them all, as DRF's ListSerializer does with its child: a new
    serializer per item deep-copies every field, which measured cost more than saving it.
    """
    child = _serializer(BatchItemSerializer)
    checked: list[tuple[dict | None, dict | list | None]] = []
    for raw in raw_items:
        try:
            checked.append((child.run_validation(raw), None))
        except serializers.ValidationError as invalid:
            checked.append((None, invalid.detail))
    return checked


class BatchItemResultSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="The item's position in the request.")
    status = serializers.IntegerField(
        help_text="What the single endpoint would have answered: 202 accepted, 200 replayed, "
        "400 invalid, 403 stakes not allowed, 409 conflict, 500 not saved."
    )
    id = serializers.UUIDField(required=False, help_text="The query, when there is one.")
    trace_id = serializers.CharField(required=False)
    location = serializers.CharField(required=False)
    idempotency_key = serializers.CharField(allow_null=True)
    error = serializers.CharField(required=False)
    detail = serializers.JSONField(required=False)


class BatchResultSerializer(serializers.Serializer):
    accepted = serializers.IntegerField(help_text="Items saved now.")
    replayed = serializers.IntegerField(help_text="Items whose key and body were seen before.")
    failed = serializers.IntegerField(help_text="Items with an error; nothing of them is saved.")
    items = BatchItemResultSerializer(many=True)


# ---------------------------------------------------------------- output (the result JSON)


class NearestSerializer(serializers.Serializer):
    text = serializers.CharField()
    value = serializers.CharField(help_text="Decimal string.")
    source_id = serializers.CharField()
    start = serializers.IntegerField(allow_null=True)
    end = serializers.IntegerField(allow_null=True)


class VerdictSummarySerializer(serializers.Serializer):
    layer = serializers.ChoiceField(choices=t.LAYERS)
    check = serializers.CharField(allow_blank=True)
    outcome = serializers.ChoiceField(choices=t.OUTCOMES)
    grounded = serializers.BooleanField()
    confidence = serializers.CharField()
    details = serializers.JSONField()
    created_at = serializers.DateTimeField()


class ClaimResultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    text = serializers.CharField()
    start = serializers.IntegerField()
    end = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=t.CLAIM_KINDS)
    value = serializers.CharField(help_text="Decimal string in canonical units.")
    unit = serializers.CharField(allow_blank=True)
    label = serializers.CharField(allow_blank=True)
    period = serializers.CharField(allow_blank=True)
    approximate = serializers.BooleanField()
    outcome = serializers.ChoiceField(choices=t.OUTCOMES)
    grounded = serializers.BooleanField()
    layer = serializers.CharField(allow_null=True)
    nearest = NearestSerializer(allow_null=True)
    expected_value = serializers.CharField(allow_null=True)
    formula = serializers.CharField(allow_null=True)
    verdicts = VerdictSummarySerializer(many=True)


class GateSerializer(serializers.Serializer):
    threshold = serializers.CharField(allow_null=True)
    passed = serializers.BooleanField(allow_null=True)


class ValidationSerializer(serializers.Serializer):
    exact_matches = serializers.IntegerField()
    close_matches = serializers.ListField(child=serializers.CharField())
    orphan_numbers = serializers.ListField(child=serializers.CharField())
    suspicious = serializers.ListField(child=serializers.CharField())


class FindingSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    start = serializers.IntegerField(allow_null=True)
    end = serializers.IntegerField(allow_null=True)


class CorrectionSerializer(serializers.Serializer):
    text = serializers.CharField()
    start = serializers.IntegerField()
    end = serializers.IntegerField()
    replacement = serializers.CharField()
    reason = serializers.CharField()


class LabelVoteSerializer(serializers.Serializer):
    text = serializers.CharField()
    start = serializers.IntegerField()
    end = serializers.IntegerField()
    family = serializers.CharField(
        help_text="direction (long/short/none) or rating (buy/hold/sell)."
    )
    label = serializers.CharField(help_text="The answer's label, normalised.")
    votes = serializers.DictField(child=serializers.IntegerField())
    majority = serializers.CharField()
    majority_fraction = serializers.CharField()
    quorum = serializers.CharField()
    status = serializers.ChoiceField(choices=t.CONSISTENCY_STATUSES)


class ProseCheckSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=t.CONSISTENCY_STATUSES)
    mean_similarity = serializers.CharField(allow_null=True)
    threshold = serializers.CharField()
    model = serializers.CharField(allow_null=True)
    reason = serializers.CharField(allow_null=True, help_text="Why it was not checked.")


class ConsistencySerializer(serializers.Serializer):
    """The checks of the samples beyond each claim's own dispersion (seed 003, layer 2)."""

    samples = serializers.IntegerField()
    labels = LabelVoteSerializer(many=True)
    prose = ProseCheckSerializer(allow_null=True)


class ReviewRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()


class QueryResultSerializer(serializers.Serializer):
    """Status plus the DESIGN.md detection result JSON."""

    id = serializers.UUIDField()
    trace_id = serializers.CharField()
    status = serializers.ChoiceField(choices=Query.Status.choices)
    stakes = serializers.ChoiceField(choices=STAKES_CHOICES)
    entity = serializers.CharField(allow_blank=True)
    period = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    error = serializers.CharField(allow_null=True)
    total_claims = serializers.IntegerField()
    grounded_count = serializers.IntegerField()
    ungrounded_count = serializers.IntegerField()
    grounding_rate = serializers.CharField(allow_null=True)
    gate = GateSerializer()
    flagged = serializers.BooleanField()
    original_confidence = serializers.CharField(allow_null=True)
    adjusted_confidence = serializers.CharField(allow_null=True)
    claims = ClaimResultSerializer(many=True)
    validation = ValidationSerializer()
    findings = FindingSerializer(many=True)
    consistency = ConsistencySerializer(
        allow_null=True, help_text="Null for results detected before it was recorded."
    )
    corrected_answer = serializers.CharField(allow_null=True)
    corrections = CorrectionSerializer(many=True)
    review = ReviewRefSerializer(allow_null=True)


class QueryListItemSerializer(serializers.ModelSerializer):
    class Meta:
        model = Query
        fields = [
            "id",
            "trace_id",
            "status",
            "stakes",
            "entity",
            "period",
            "flagged",
            "total_claims",
            "grounded_count",
            "ungrounded_count",
            "grounding_rate",
            "gate_passed",
            "original_confidence",
            "adjusted_confidence",
            "created_at",
            "finished_at",
        ]
        read_only_fields = fields
