"""Reading corpus files: DESIGN.md's case format, clear errors for lines that are not cases."""

from __future__ import annotations

import json

import pytest

from hallucination.engine.corpus import CorpusError, load_corpus, parse_case


def _write(path, *lines):
    path.write_text(
        "\n".join(json.dumps(line) if isinstance(line, dict) else line for line in lines)
    )
    return path


def test_it_reads_a_single_source_and_ignores_unknown_fields(tmp_path):
    path = _write(
        tmp_path / "a.jsonl",
        {
            "id": "one",
            "source": "EPS: $0.78.",
            "answer": "EPS was $0.81.",
            "label": "hallucinated",
            "hallucinated_spans": ["$0.81"],
            "kind": "seed",
            "reviewer": "someone",
        },
    )

    (case,) = load_corpus([path])

    assert case.id == "one"
    assert case.hallucinated is True
    assert [s.text for s in case.sources] == ["EPS: $0.78."]
    assert case.to_input().answer == "EPS was $0.81."


def test_it_reads_several_sources_samples_and_stakes(tmp_path):
    path = _write(
        tmp_path / "a.jsonl",
        {
            "id": "two",
            "sources": [{"id": "tool", "text": "{}"}, {"id": "doc", "text": "Revenue $1."}],
            "answer": "Revenue $1.",
            "label": "clean",
            "samples": ["Revenue $1.", "Revenue $1."],
            "stakes": "audit",
        },
    )

    inp = load_corpus([path])[0].to_input()

    assert [s.id for s in inp.sources] == ["tool", "doc"]
    assert inp.samples == ("Revenue $1.", "Revenue $1.")
    assert inp.stakes == "audit"


def test_a_directory_stands_for_its_jsonl_files_and_blank_lines_are_skipped(tmp_path):
    _write(tmp_path / "b.jsonl", {"id": "b", "answer": "x", "label": "clean"}, "")
    _write(tmp_path / "a.jsonl", {"id": "a", "answer": "x", "label": "clean"})
    (tmp_path / "notes.txt").write_text("not a corpus file")

    assert [c.id for c in load_corpus([tmp_path])] == ["a", "b"]


def test_it_names_the_file_and_line_of_a_line_that_is_not_json(tmp_path):
    path = _write(tmp_path / "a.jsonl", {"id": "a", "answer": "x", "label": "clean"}, "{oops")

    with pytest.raises(CorpusError, match=r"a\.jsonl:2: not JSON"):
        load_corpus([path])


def test_it_refuses_an_id_used_twice(tmp_path):
    case = {"id": "a", "answer": "x", "label": "clean"}
    path = _write(tmp_path / "a.jsonl", case, case)

    with pytest.raises(CorpusError, match="also at"):
        load_corpus([path])


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"answer": "x", "label": "clean"}, "'id' is required"),
        ({"id": "a", "answer": "x", "label": "maybe"}, "label must be one of"),
        ({"id": "a", "answer": "x", "label": "clean", "source": 3}, "'source' must be a string"),
        ({"id": "a", "answer": "x", "label": "clean", "stakes": "extreme"}, "stakes must be"),
        ({"id": "a", "answer": "x", "label": "clean", "sources": [{"id": "s"}]}, "needs a 'text'"),
        ({"id": "a", "answer": "x", "label": "clean", "samples": "one"}, "'samples' must be"),
    ],
)
def test_it_refuses_malformed_cases_with_a_reason(data, message):
    with pytest.raises(CorpusError, match=message):
        parse_case(data, path="c.jsonl", line=4)


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CorpusError, match="cannot be read"):
        load_corpus([tmp_path / "missing.jsonl"])
