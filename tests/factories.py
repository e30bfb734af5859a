"""factory_boy factories for the detection and review models, and the seed 004 canonical example."""

import uuid
from decimal import Decimal

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from hallucination.models import (
    ApiClient,
    CalculatorOutput,
    Claim,
    Query,
    ReferenceFact,
    Source,
    Verdict,
)
from reviews.models import ClaimDecision, Review

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def roles(self, create: bool, extracted: list[str] | None, **kwargs: object) -> None:
        """UserFactory(roles=["reviewer"]) puts the user in those groups (made by ensure_roles)."""
        if create:
            self.save()
        if create and extracted:
            self.groups.add(*[Group.objects.get(name=name) for name in extracted])


class ApiClientFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ApiClient
        django_get_or_create = ("name",)

    name = factory.Sequence(lambda n: f"llm-service-{n}")


class QueryFactory(factory.django.DjangoModelFactory):
    """A finished, flagged query; claims and verdicts are added with their own factories."""

    class Meta:
        model = Query

    trace_id = factory.LazyFunction(lambda: uuid.uuid4().hex)
    client = factory.SubFactory(ApiClientFactory)
    question = "How did the quarter go?"
    answer = "Revenue was $1.9 billion."
    entity = factory.Sequence(lambda n: f"Entity {n} Corp")
    period = "Q3 2026"
    stakes = "standard"
    status = Query.Status.DONE
    original_confidence = Decimal("0.9")
    adjusted_confidence = Decimal("0.7")
    total_claims = 1
    grounded_count = 0
    ungrounded_count = 1
    grounding_rate = Decimal("0")
    gate_threshold = Decimal("0.7")
    gate_passed = False
    flagged = True


class SourceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Source

    query = factory.SubFactory(QueryFactory)
    position = factory.Sequence(lambda n: n)
    source_id = factory.Sequence(lambda n: f"source-{n}")
    text = "Revenue: $1.85 billion."


class ClaimFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Claim

    query = factory.SubFactory(QueryFactory)
    position = factory.Sequence(lambda n: n)
    kind = "currency"
    text = "$1.9 billion"
    start = 12
    end = 24
    value = Decimal("1900000000")
    unit = "USD"
    outcome = "fabrication"
    grounded = False


class VerdictFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Verdict

    claim = factory.SubFactory(ClaimFactory)
    layer = "grounding"
    outcome = factory.LazyAttribute(lambda verdict: verdict.claim.outcome)
    grounded = factory.LazyAttribute(lambda verdict: verdict.claim.grounded)


class ReferenceFactFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ReferenceFact

    entity = factory.Sequence(lambda n: f"Entity {n} Corp")
    metric = "revenue"
    period = "Q3 2026"
    value = Decimal("1850000000")
    unit = "USD"


class CalculatorOutputFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CalculatorOutput

    trace_id = factory.LazyFunction(lambda: uuid.uuid4().hex)
    expression = "(1.85 - 1.62) / 1.62 * 100"
    result = Decimal("14.197530864198")


class ReviewFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Review

    query = factory.SubFactory(QueryFactory)
    risk_score = Decimal("35")


class ClaimDecisionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ClaimDecision

    review = factory.SubFactory(ReviewFactory)
    claim = factory.SubFactory(ClaimFactory)
    label = ClaimDecision.Label.HALLUCINATION
    decided_by = factory.SubFactory(UserFactory)


# ---------------------------------------------------------------- seed 004

CANONICAL_SOURCE = (
    "Q3 2026 revenue: $1.85 billion. Prior-year revenue: $1.62 billion. "
    "Net income: $312 million. EPS: $0.78. Total assets: $4.2 billion."
)
CANONICAL_ANSWER = (
    "In Q3 2026, revenue was $1.85 billion, up 14.8% year over year from $1.62 billion. "
    "Net income was $312 million and EPS was $0.81. Total assets were approximately $4 billion."
)
CANONICAL_SOURCE_ID = "filing"


def _span(text: str, needle: str, after: int = 0) -> tuple[int, int]:
    start = text.index(needle, after)
    return start, start + len(needle)


def canonical_example(**query_fields: object) -> Query:
    """Seed 004's canonical example stored as the detection pipeline stores it.

    Eight claims, five grounded; three ungrounded: 14.8% (arithmetic drift, expected 14.20),
    $0.81 (fabrication, nearest 0.78 in source "filing") and "approximately $4 billion"
    (approximation, nearest 4.2 billion). Grounding rate 0.625, below the 0.7 gate.
    """
    fields = {
        "question": "Summarise the third quarter of 2026.",
        "answer": CANONICAL_ANSWER,
        "entity": "Northwind Holdings",
        "period": "Q3 2026",
        "total_claims": 8,
        "grounded_count": 5,
        "ungrounded_count": 3,
        "grounding_rate": Decimal("0.625"),
        **query_fields,
    }
    query = QueryFactory(**fields)
    SourceFactory(query=query, position=0, source_id=CANONICAL_SOURCE_ID, text=CANONICAL_SOURCE)

    def nearest(needle: str, value: str) -> dict[str, object]:
        start, end = _span(CANONICAL_SOURCE, needle)
        return {
            "nearest_text": needle,
            "nearest_value": Decimal(value),
            "nearest_source_id": CANONICAL_SOURCE_ID,
            "nearest_start": start,
            "nearest_end": end,
        }

    quarter = _span(CANONICAL_ANSWER, "Q3 2026")
    claims = [
        # (text, span, kind, value, unit, label, outcome, grounding verdict fields, more)
        ("Q3 2026", quarter, "date", "2026", "", "", "grounded", nearest("Q3 2026", "2026")),
        (
            "2026",
            _span(CANONICAL_ANSWER, "2026"),
            "date",
            "2026",
            "",
            "",
            "grounded",
            nearest("2026", "2026"),
        ),
        (
            "$1.85 billion",
            _span(CANONICAL_ANSWER, "$1.85 billion"),
            "currency",
            "1850000000",
            "USD",
            "revenue",
            "grounded",
            nearest("$1.85 billion", "1850000000"),
        ),
        (
            "14.8%",
            _span(CANONICAL_ANSWER, "14.8%"),
            "percent",
            "14.8",
            "%",
            "revenue growth",
            "arithmetic_drift",
            {},
        ),
        (
            "$1.62 billion",
            _span(CANONICAL_ANSWER, "$1.62 billion"),
            "currency",
            "1620000000",
            "USD",
            "revenue",
            "grounded",
            nearest("$1.62 billion", "1620000000"),
        ),
        (
            "$312 million",
            _span(CANONICAL_ANSWER, "$312 million"),
            "currency",
            "312000000",
            "USD",
            "net income",
            "grounded",
            nearest("$312 million", "312000000"),
        ),
        (
            "$0.81",
            _span(CANONICAL_ANSWER, "$0.81"),
            "currency",
            "0.81",
            "USD",
            "eps",
            "fabrication",
            nearest("$0.78", "0.78"),
        ),
        (
            "$4 billion",
            _span(CANONICAL_ANSWER, "$4 billion"),
            "currency",
            "4000000000",
            "USD",
            "total assets",
            "approximation",
            nearest("$4.2 billion", "4200000000"),
        ),
    ]
    for position, (text, (start, end), kind, value, unit, label, outcome, near) in enumerate(
        claims
    ):
        grounded = outcome == "grounded"
        claim = ClaimFactory(
            query=query,
            position=position,
            kind=kind,
            text=text,
            start=start,
            end=end,
            value=Decimal(value),
            unit=unit,
            label=label,
            period="Q3 2026",
            approximate=text == "$4 billion",
            outcome=outcome,
            grounded=grounded,
        )
        if outcome == "arithmetic_drift":
            # Grounding finds nothing near; the derivation layer then names the formula.
            VerdictFactory(claim=claim, layer="grounding", outcome="fabrication", grounded=False)
            VerdictFactory(
                claim=claim,
                layer="derivation",
                outcome="arithmetic_drift",
                grounded=False,
                expected_value=Decimal("14.20"),
                formula="(1850000000 - 1620000000) / 1620000000 * 100",
            )
        else:
            VerdictFactory(
                claim=claim, layer="grounding", outcome=outcome, grounded=grounded, **near
            )
    return query


def canonical_claim(query: Query, text: str) -> Claim:
    """One claim of the canonical example by its text."""
    return query.claims.get(text=text)


def canonical_labels(query: Query, overrides: dict[str, str] | None = None) -> dict[int, str]:
    """A complete labelling of the canonical example: the flags confirmed, the rest correct.

    overrides maps a claim's text ("$4 billion") to another label.
    """
    flagged = {"14.8%": "hallucination", "$0.81": "hallucination", "$4 billion": "hallucination"}
    labels = {}
    for claim in query.claims.all():
        labels[claim.pk] = flagged.get(claim.text, "correct")
    for key, label in (overrides or {}).items():
        claim = query.claims.get(text=key)
        labels[claim.pk] = label
    return labels
