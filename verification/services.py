"""Writes of external verification: calculator use, reference-fact loads, verification runs.

Verdicts and the query's completion are recorded through the detection domain's services
(`claim_verdict_add`, `query_verification_finish`), which own those rows and their events.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.module_loading import import_string

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record
from hallucination.engine import types as t
from hallucination.models import ApiClient, CalculatorOutput, Claim, Query, ReferenceFact
from hallucination.outbound.guard import Resolver, system_resolver
from hallucination.outbound.policy import outbound_policy
from hallucination.services import (
    calculator_output_record,
    claim_verdict_add,
    query_verification_finish,
)

from . import selectors
from .calculator import Calculation, calculate
from .conf import market_data_tolerance, verification_settings
from .market_data import MarketDataAdapter
from .reference_facts import (
    CleanFact,
    FactRow,
    FactRowError,
    read_fact_file,
    row_problem,
    validate_fact,
)
from .verifiers import (
    INCONCLUSIVE,
    MARKET_DATA,
    RECOMPUTE,
    SOURCE_FETCH,
    CheckResult,
    ClaimTarget,
    SourceFetcher,
    TransientCheckError,
    market_data,
    market_data_applies,
    recompute,
    recompute_applies,
    source_fetch,
    source_fetch_applies,
)

logger = logging.getLogger(__name__)


# ---------------------------------------------------------------- calculator


def calculation_perform(
    *,
    expression: str,
    actor: Actor,
    trace_id: str | None = None,
    client: ApiClient | None = None,
) -> tuple[Calculation, CalculatorOutput | None]:
    """Evaluate an expression; with a trace ID, record the result as that trace's tool output.

    Raises CalculatorError for an expression the calculator refuses; nothing is recorded then.
    """
    calculation = calculate(expression)
    output = None
    if trace_id:
        output = calculator_output_record(
            trace_id=trace_id,
            expression=calculation.expression,
            result=calculation.result,
            actor=actor,
            client=client,
        )
    return calculation, output


# ---------------------------------------------------------------- reference facts


@dataclass(frozen=True, slots=True)
class RejectedRow:
    line: int
    reason: str


@dataclass(frozen=True, slots=True)
class FactLoadReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    rejected: tuple[RejectedRow, ...] = ()
    # False when strict mode refused the whole batch because a row was rejected.
    loaded: bool = True

    @property
    def accepted(self) -> int:
        return self.created + self.updated + self.unchanged


def _validated(
    rows: Iterable[FactRow | Mapping[str, Any]],
) -> tuple[list[CleanFact], list[RejectedRow]]:
    clean: list[CleanFact] = []
    rejected: list[RejectedRow] = []
    first_line: dict[tuple[str, str, str], int] = {}
    for index, row in enumerate(rows, start=1):
        if not isinstance(row, FactRow):
            row = FactRow(index, row)
        problem = row_problem(row)
        if problem:
            rejected.append(RejectedRow(row.line, problem))
            continue
        try:
            fact = validate_fact(row.data)
        except FactRowError as exc:
            rejected.append(RejectedRow(row.line, str(exc)))
            continue
        if fact.key in first_line:
            rejected.append(
                RejectedRow(
                    row.line, f"duplicate of {first_line[fact.key]} (same entity, metric, period)"
                )
            )
            continue
        first_line[fact.key] = row.line
        clean.append(fact)
    return clean, rejected


def _upsert(fact: CleanFact) -> str:
    existing = ReferenceFact.objects.filter(
        entity__iexact=fact.entity, metric__iexact=fact.metric, period__iexact=fact.period
    ).first()
    fields = {
        "entity": fact.entity,
        "metric": fact.metric,
        "period": fact.period,
        "value": fact.value,
        "unit": fact.unit,
        "source": fact.source,
        "as_of": fact.as_of,
    }
    if existing is None:
        ReferenceFact.objects.create(**fields)
        return "created"
    if all(getattr(existing, name) == value for name, value in fields.items()):
        return "unchanged"
    for name, value in fields.items():
        setattr(existing, name, value)
    existing.save()
    return "updated"


@transaction.atomic
def reference_facts_load(
    *,
    rows: Iterable[FactRow | Mapping[str, Any]],
    actor: Actor,
    strict: bool = False,
    origin: str = "",
    trace_id: str | None = None,
) -> FactLoadReport:
    """Validate every row, upsert the valid ones in one transaction, report the rejected ones.

    Rows are matched on entity, metric and period without regard to case. In strict mode a
    single rejected row loads nothing. Rows without a line number are numbered from 1.
    """
    clean, rejected = _validated(rows)
    counts = {"created": 0, "updated": 0, "unchanged": 0}
    loaded = not (strict and rejected)
    if loaded:
        for fact in clean:
            counts[_upsert(fact)] += 1
    report = FactLoadReport(**counts, rejected=tuple(rejected), loaded=loaded)
    audit_event_record(
        event_type=events.REFERENCE_FACTS_LOADED,
        actor=actor,
        trace_id=trace_id,
        subject_type="reference_facts",
        subject_id=origin[:200],
        payload={
            **counts,
            "rejected": len(rejected),
            "rejected_rows": [[r.line, r.reason] for r in rejected[:100]],
            "strict": strict,
            "loaded": loaded,
            "origin": origin[:200],
        },
    )
    return report


# ---------------------------------------------------------------- verification runs


@dataclass
class VerifierToolkit:
    """What the verifiers need, built from settings; tests build their own."""

    enabled: tuple[str, ...]
    fetcher: SourceFetcher
    market_adapter: MarketDataAdapter | None
    concepts: dict[str, list[str]]
    phrases: dict[str, list[str]]
    window: int
    tolerance: Decimal

    @classmethod
    def from_settings(cls, *, resolver: Resolver = system_resolver) -> VerifierToolkit:
        conf = verification_settings()
        policy = outbound_policy()
        adapter = None
        if conf["MARKET_DATA_ENDPOINT"] and conf["MARKET_DATA_FIELDS"]:
            headers = dict(conf["MARKET_DATA_HEADERS"])
            if conf["MARKET_DATA_API_KEY"]:
                headers[conf["MARKET_DATA_API_KEY_HEADER"]] = conf["MARKET_DATA_API_KEY"]
            adapter = import_string(conf["MARKET_DATA_ADAPTER"])(
                endpoint=conf["MARKET_DATA_ENDPOINT"],
                fields=conf["MARKET_DATA_FIELDS"],
                policy=policy,
                headers=headers,
                resolver=resolver,
            )
        return cls(
            enabled=tuple(conf["VERIFIERS"]),
            fetcher=SourceFetcher(policy=policy, resolver=resolver),
            market_adapter=adapter,
            concepts=dict(conf["XBRL_CONCEPTS"]),
            phrases=dict(conf["LABEL_PHRASES"]),
            window=int(conf["LABEL_WINDOW_CHARS"]),
            tolerance=market_data_tolerance(),
        )

    def checks_for(self, target: ClaimTarget) -> list[str]:
        """The verifiers that can say something about this claim, in the order they run."""
        applicable = {
            RECOMPUTE: recompute_applies(target),
            SOURCE_FETCH: source_fetch_applies(target),
            MARKET_DATA: market_data_applies(target, self.market_adapter),
        }
        return [
            name
            for name in (RECOMPUTE, SOURCE_FETCH, MARKET_DATA)
            if name in self.enabled and applicable[name]
        ]

    def run(self, name: str, target: ClaimTarget) -> CheckResult:
        if name == RECOMPUTE:
            return recompute(target)
        if name == SOURCE_FETCH:
            return source_fetch(
                target,
                fetcher=self.fetcher,
                concepts=self.concepts,
                phrases=self.phrases,
                window=self.window,
            )
        assert self.market_adapter is not None
        return market_data(target, adapter=self.market_adapter, tolerance=self.tolerance)


@dataclass
class VerificationRun:
    """What one attempt did: checks recorded, checks left for a retry, checks that said nothing."""

    query_id: str
    recorded: list[CheckResult] = field(default_factory=list)
    inconclusive: list[tuple[Claim, CheckResult]] = field(default_factory=list)
    transient: list[TransientCheckError] = field(default_factory=list)
    skipped: int = 0
    finished: bool = False


@transaction.atomic
def claim_external_result_record(*, claim: Claim, result: CheckResult, actor: Actor) -> None:
    """Record one verifier's result on a claim: a verdict, or an audit event when inconclusive."""
    details = {
        "status": result.status,
        "where": result.where,
        "elapsed_ms": result.elapsed_ms,
        **({"reason": result.reason} if result.reason else {}),
        **result.details,
    }
    if result.status == INCONCLUSIVE:
        audit_event_record(
            event_type=events.EXTERNAL_CHECKED,
            actor=actor,
            trace_id=claim.query.trace_id,
            subject_type="claim",
            subject_id=str(claim.pk),
            payload={"check": result.check_name, "outcome": None, **details},
        )
        return
    assert result.outcome is not None
    claim_verdict_add(
        claim=claim,
        layer=t.LAYER_EXTERNAL,
        check_name=result.check_name,
        outcome=result.outcome,
        actor=actor,
        nearest_text=result.found_text,
        nearest_value=result.found_value,
        nearest_source_id=(result.details.get("source_id") or result.where)[:200],
        nearest_start=result.start,
        nearest_end=result.end,
        expected_value=result.expected_value,
        formula=result.formula,
        confidence=result.confidence,
        details=details,
    )


def query_verify(
    *,
    query: Query,
    actor: Actor,
    final_attempt: bool,
    toolkit: VerifierToolkit | None = None,
) -> VerificationRun:
    """Run the external verifiers on a query's selected claims and finish the query.

    Checks already recorded by an earlier attempt are skipped. A transient failure (a
    timeout, a 503) leaves its check for the next attempt and the query unfinished, unless
    this is the final attempt: then it is recorded as inconclusive and the query finishes.
    No database transaction is held while a verifier is on the network.
    """
    conf = verification_settings()
    toolkit = toolkit or VerifierToolkit.from_settings()
    run = VerificationRun(query_id=str(query.pk))
    claims = selectors.claims_for_external_check(query=query, conf=conf)
    done = selectors.external_checks_done(claims=claims)
    by_id = {claim.pk: claim for claim in claims}
    for target in selectors.claim_targets(query=query, claims=claims):
        claim = by_id[target.claim_id]
        for name in toolkit.checks_for(target):
            if (claim.pk, name) in done:
                run.skipped += 1
                continue
            try:
                result = toolkit.run(name, target)
            except TransientCheckError as exc:
                logger.warning("External check %s of claim %s failed: %s", name, claim.pk, exc)
                if not final_attempt:
                    run.transient.append(exc)
                    continue
                result = CheckResult(
                    name, INCONCLUSIVE, reason=f"Gave up after retries: {exc.code}: {exc.message}"
                )
            if result.status == INCONCLUSIVE:
                run.inconclusive.append((claim, result))
                continue
            if _record(claim=claim, result=result, actor=actor):
                run.recorded.append(result)
    if run.transient:
        # Inconclusive results are recorded by the attempt that finishes, so each is
        # written once; this attempt's are re-run then.
        return run
    for claim, result in run.inconclusive:
        _record(claim=claim, result=result, actor=actor)
    query_verification_finish(query=query, actor=actor)
    run.finished = True
    return run


def _record(*, claim: Claim, result: CheckResult, actor: Actor) -> bool:
    try:
        claim_external_result_record(claim=claim, result=result, actor=actor)
    except IntegrityError:
        # A second delivery of the task recorded this check first; its verdict stands.
        logger.info(
            "External check %s of claim %s was already recorded", result.check_name, claim.pk
        )
        return False
    return True


def reference_facts_load_file(
    *, path: Path, actor: Actor, fmt: str | None = None, strict: bool = False
) -> tuple[FactLoadReport, str]:
    """Read a CSV, JSON or JSON Lines file and load it; returns the report and what its row
    numbers count ("line" or "item"). A file that cannot be read raises FactFileError."""
    rows, row_name = read_fact_file(path, fmt)
    report = reference_facts_load(rows=rows, actor=actor, strict=strict, origin=path.name)
    return report, row_name
