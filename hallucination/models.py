"""The detection domain: API clients, queries and their sources, claims, verdicts, reference facts."""

import uuid

from django.conf import settings
from django.db import models
from rest_framework_api_key.models import AbstractAPIKey

from .engine import types as engine_types

STAKES_CHOICES = [("standard", "Standard"), ("high", "High"), ("audit", "Audit")]
KIND_CHOICES = [(kind, kind.replace("_", " ")) for kind in engine_types.CLAIM_KINDS]
OUTCOME_CHOICES = [(outcome, outcome.replace("_", " ")) for outcome in engine_types.OUTCOMES]
LAYER_CHOICES = [(layer, layer) for layer in engine_types.LAYERS]

# Wide enough for a trillion in cents and a basis point of a basis point.
VALUE_FIELD = {"max_digits": 40, "decimal_places": 12}


class ApiClient(models.Model):
    """An LLM service that submits answers. Its keys are ClientAPIKey rows, stored hashed."""

    name = models.CharField(max_length=100, unique=True)
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # The tickers this client's answers may name, {ticker: company name}: a ticker stands for
    # its company, and a ticker neither listed nor in the sources is flagged. Empty: no list.
    tickers = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


def default_key_stakes() -> list[str]:
    """The stakes a new key may submit at (API_KEY_DEFAULT_STAKES): `audit` pages people."""
    return list(settings.API_KEY_DEFAULT_STAKES)


class ClientAPIKey(AbstractAPIKey):
    """A hashed API key; the plaintext is shown once, at creation."""

    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="api_keys")
    # The stakes submissions with this key may ask for; another is refused before saving.
    allowed_stakes = models.JSONField(default=default_key_stakes)

    class Meta(AbstractAPIKey.Meta):
        verbose_name = "client API key"
        verbose_name_plural = "client API keys"


class Query(models.Model):
    """One submitted answer with its question, sources and, once detected, its score."""

    class Status(models.TextChoices):
        RECEIVED = "received", "Received"
        DETECTING = "detecting", "Detecting"
        VERIFYING = "verifying", "Verifying"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    trace_id = models.CharField(max_length=64, db_index=True)
    client = models.ForeignKey(ApiClient, on_delete=models.PROTECT, related_name="queries")
    question = models.TextField(blank=True)
    answer = models.TextField()
    entity = models.CharField(max_length=200, blank=True)
    period = models.CharField(max_length=50, blank=True)
    stakes = models.CharField(max_length=10, choices=STAKES_CHOICES, default="standard")
    # Sampled alternative answers for the self-consistency check.
    samples = models.JSONField(default=list, blank=True)
    # Seed 002 accuracy-report metrics ({path, value, citation}) and the checksum input.
    metrics = models.JSONField(default=list, blank=True)
    checksum_input = models.CharField(max_length=2000, blank=True)

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.RECEIVED)
    original_confidence = models.DecimalField(max_digits=5, decimal_places=4, null=True, blank=True)
    adjusted_confidence = models.DecimalField(max_digits=5, decimal_places=4, null=True, blank=True)
    grounding_rate = models.DecimalField(max_digits=5, decimal_places=4, null=True, blank=True)
    total_claims = models.PositiveIntegerField(default=0)
    grounded_count = models.PositiveIntegerField(default=0)
    ungrounded_count = models.PositiveIntegerField(default=0)
    gate_threshold = models.DecimalField(max_digits=5, decimal_places=4, null=True, blank=True)
    gate_passed = models.BooleanField(null=True, blank=True)
    flagged = models.BooleanField(default=False)
    # The parts of the engine's result that are not rows: validation summary, findings,
    # the corrected answer and its corrections.
    result_extras = models.JSONField(default=dict, blank=True)
    detection_ms = models.FloatField(null=True, blank=True)

    # NULL, not "", when absent: the unique constraint applies only to given keys.
    idempotency_key = models.CharField(max_length=255, null=True, blank=True)  # noqa: DJ001
    request_fingerprint = models.CharField(max_length=64, blank=True)
    callback_url = models.URLField(max_length=2000, blank=True)

    # Worker lease: a worker claims the query with a conditional update; the sweeper
    # re-enqueues queries whose lease ran out (the worker died).
    attempts = models.PositiveSmallIntegerField(default=0)
    # How often the sweeper re-enqueued this query; past HALLUCINATION_MAX_REQUEUES it gives up.
    requeues = models.PositiveSmallIntegerField(default=0)
    lease_expires_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "queries"
        constraints = [
            models.UniqueConstraint(
                fields=["client", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="query_unique_idempotency_key_per_client",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "lease_expires_at"]),
            # The waiting queries, oldest first, for the workers that take them in batches:
            # a handful of rows however large the table grows.
            models.Index(
                fields=["created_at"],
                condition=models.Q(status="received"),
                name="query_waiting_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"Query {self.id} ({self.status})"

    @property
    def is_finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)


class Source(models.Model):
    """A document, tool output or reference text submitted with a query."""

    class Kind(models.TextChoices):
        DOCUMENT = "document", "Document"
        TOOL_OUTPUT = "tool_output", "Tool output"
        REFERENCE = "reference", "Reference"

    query = models.ForeignKey(Query, on_delete=models.CASCADE, related_name="sources")
    position = models.PositiveSmallIntegerField()
    source_id = models.CharField(max_length=200)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.DOCUMENT)
    text = models.TextField()
    url = models.URLField(max_length=2000, blank=True)

    class Meta:
        ordering = ["query", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["query", "source_id"], name="source_unique_id_per_query"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.source_id} ({self.kind})"


class Claim(models.Model):
    """A numeric claim found in an answer, with its span, value and current outcome."""

    query = models.ForeignKey(Query, on_delete=models.CASCADE, related_name="claims")
    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=20, choices=KIND_CHOICES)
    text = models.CharField(max_length=200)
    start = models.PositiveIntegerField()
    end = models.PositiveIntegerField()
    value = models.DecimalField(**VALUE_FIELD)
    unit = models.CharField(max_length=20, blank=True)
    precision = models.DecimalField(**VALUE_FIELD, null=True, blank=True)
    label = models.CharField(max_length=100, blank=True)
    period = models.CharField(max_length=50, blank=True)
    approximate = models.BooleanField(default=False)
    # The outcome of the latest verdict: kept here so the queue can filter without a subquery.
    outcome = models.CharField(max_length=30, choices=OUTCOME_CHOICES)
    grounded = models.BooleanField()

    class Meta:
        ordering = ["query", "position"]
        constraints = [
            models.UniqueConstraint(fields=["query", "position"], name="claim_unique_position"),
        ]
        indexes = [models.Index(fields=["outcome"])]

    def __str__(self) -> str:
        return f"{self.text} ({self.outcome})"


class VerdictQuerySet(models.QuerySet):
    def update(self, **kwargs):  # type: ignore[no-untyped-def]
        raise TypeError("Verdicts are append-only: add a new verdict instead of updating one.")

    def delete(self):  # type: ignore[no-untyped-def]
        raise TypeError("Verdicts are append-only and are never deleted.")


class Verdict(models.Model):
    """One layer's judgement of one claim. Append-only: a later layer adds a verdict."""

    claim = models.ForeignKey(Claim, on_delete=models.CASCADE, related_name="verdicts")
    layer = models.CharField(max_length=20, choices=LAYER_CHOICES)
    # Which verifier of the layer (external checks have several); blank for the others.
    check_name = models.CharField(max_length=50, blank=True)
    outcome = models.CharField(max_length=30, choices=OUTCOME_CHOICES)
    grounded = models.BooleanField()
    nearest_text = models.CharField(max_length=200, blank=True)
    nearest_value = models.DecimalField(**VALUE_FIELD, null=True, blank=True)
    nearest_source_id = models.CharField(max_length=200, blank=True)
    nearest_start = models.PositiveIntegerField(null=True, blank=True)
    nearest_end = models.PositiveIntegerField(null=True, blank=True)
    expected_value = models.DecimalField(**VALUE_FIELD, null=True, blank=True)
    formula = models.CharField(max_length=500, blank=True)
    confidence = models.DecimalField(max_digits=5, decimal_places=4, default=1)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = VerdictQuerySet.as_manager()

    class Meta:
        ordering = ["claim", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["claim", "layer", "check_name"], name="verdict_unique_per_layer_check"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.layer}: {self.outcome}"

    def save(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        if not self._state.adding:
            raise TypeError("Verdicts are append-only: add a new verdict instead of editing one.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise TypeError("Verdicts are append-only and are never deleted.")


class ReferenceFact(models.Model):
    """A known-good value (seed 001's database verification), grounded against first."""

    entity = models.CharField(max_length=200)
    metric = models.CharField(max_length=100)
    period = models.CharField(max_length=50)
    value = models.DecimalField(**VALUE_FIELD)
    unit = models.CharField(max_length=20)
    source = models.CharField(max_length=500, blank=True)
    as_of = models.DateField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["entity", "metric", "period"]
        constraints = [
            models.UniqueConstraint(
                fields=["entity", "metric", "period"], name="reference_fact_unique"
            ),
        ]
        indexes = [models.Index(fields=["entity", "period"])]

    def __str__(self) -> str:
        return f"{self.entity} {self.metric} {self.period}: {self.value} {self.unit}"


class CalculatorOutput(models.Model):
    """A calculator tool result recorded for a trace; answers quoting it ground as calculated."""

    trace_id = models.CharField(max_length=64, db_index=True)
    expression = models.CharField(max_length=1000)
    result = models.DecimalField(**VALUE_FIELD)
    client = models.ForeignKey(
        ApiClient, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return f"{self.expression} = {self.result}"


class AccuracyReport(models.Model):
    """One measure_accuracy run: its confusion matrix, metrics and what it was measured on."""

    class GroundTruth(models.TextChoices):
        CORPUS = "corpus", "Labelled corpus"
        REVIEWS = "reviews", "Reviewer decisions"
        BOTH = "corpus+reviews", "Corpus and reviewer decisions"

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    ground_truth = models.CharField(max_length=20, choices=GroundTruth.choices)
    corpus_paths = models.JSONField(default=list, blank=True)
    # SHA-256 over the corpus files' bytes and the decided reviews taken as ground truth:
    # two runs with equal fingerprints measured the same cases.
    corpus_fingerprint = models.CharField(max_length=64)
    # The filters of the run (--since, --stakes).
    scope = models.JSONField(default=dict, blank=True)
    profile = models.CharField(max_length=20)
    detector_settings = models.JSONField(default=dict)
    version = models.CharField(max_length=100)
    trace_id = models.CharField(max_length=64, blank=True)
    run_by = models.CharField(max_length=200, blank=True)

    total_cases = models.PositiveIntegerField()
    tp = models.PositiveIntegerField()
    fp = models.PositiveIntegerField()
    fn = models.PositiveIntegerField()
    tn = models.PositiveIntegerField()
    # Ratios are NULL where their denominator is zero (see hallucination/reports/accuracy.py).
    accuracy = models.FloatField(null=True, blank=True)
    precision = models.FloatField(null=True, blank=True)
    recall = models.FloatField(null=True, blank=True)
    f1 = models.FloatField(null=True, blank=True)
    false_positive_rate = models.FloatField(null=True, blank=True)
    total_claims = models.PositiveIntegerField()
    verified_claims = models.PositiveIntegerField()
    unverified_claims = models.PositiveIntegerField()
    hallucination_rate = models.FloatField(null=True, blank=True)
    target_rate = models.FloatField()
    meets_target = models.BooleanField(null=True, blank=True)
    per_kind = models.JSONField(default=dict, blank=True)
    latency_ms = models.JSONField(default=dict, blank=True)
    # Span- and claim-level views, escalations and the misclassified cases.
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Accuracy report {self.pk} ({self.ground_truth}, {self.total_cases} cases)"


class WebhookDelivery(models.Model):
    """One outbound message and its attempts: a result callback or an escalation notice."""

    class Kind(models.TextChoices):
        RESULT = "result", "Detection result"
        ESCALATION = "escalation", "Escalation notice"

    class Channel(models.TextChoices):
        CALLBACK = "callback", "Client callback URL"
        CHAT = "chat", "Chat webhook"
        EMAIL = "email", "Email"

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DELIVERED = "delivered", "Delivered"
        FAILED = "failed", "Failed"
        REFUSED = "refused", "Refused by the outbound guard"

    query = models.ForeignKey(Query, on_delete=models.CASCADE, related_name="deliveries")
    review_id = models.PositiveBigIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    channel = models.CharField(max_length=20, choices=Channel.choices)
    target = models.CharField(max_length=2000)
    trace_id = models.CharField(max_length=64, db_index=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.TextField(blank=True)
    reason = models.CharField(max_length=500, blank=True)
    # When the next attempt is due: now for a new message, later after a failed attempt or
    # while its recipient's notice budget is spent. A pending row long past it lost its task,
    # and the delivery sweep sends it again.
    due_at = models.DateTimeField(null=True, blank=True)
    # Notices sent together in one message (a digest) share this.
    batch = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # One message of a kind per query, channel and recipient: a second trigger (a
            # review opened at audit stakes, then escalated) must not page twice.
            models.UniqueConstraint(
                fields=["query", "kind", "channel", "target"], name="webhook_delivery_once"
            ),
        ]
        indexes = [models.Index(fields=["status", "due_at"])]

    def __str__(self) -> str:
        return f"{self.kind} via {self.channel} for {self.query_id} ({self.status})"


class WebhookEndpoint(models.Model):
    """A client's callback URL with its own signing secret (Standard Webhooks `whsec_...`).

    Rotation keeps the previous secret signing too until `previous_expires_at`, so a receiver
    can switch secrets without losing a message.
    """

    client = models.ForeignKey(ApiClient, on_delete=models.CASCADE, related_name="endpoints")
    url = models.URLField(max_length=2000)
    secret = models.CharField(max_length=100)
    previous_secret = models.CharField(max_length=100, blank=True)
    previous_expires_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    rotated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["client", "url"]
        constraints = [
            models.UniqueConstraint(fields=["client", "url"], name="webhook_endpoint_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.client} -> {self.url}"
