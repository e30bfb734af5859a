"""The result JSON tells one story: its summary, corrections and flag follow its claims' outcomes."""

from typing import Any

GROUNDED = {"grounded", "within_tolerance", "derived", "calculated"}


def assert_one_picture(result: dict[str, Any], answer: str) -> None:
    """Fail when any derived part of a result disagrees with the outcomes of its claims."""
    claims = result["claims"]
    ungrounded = [c for c in claims if c["outcome"] not in GROUNDED]
    for claim in claims:
        assert claim["grounded"] is (claim["outcome"] in GROUNDED), claim
    assert result["total_claims"] == len(claims)
    assert result["grounded_count"] == len(claims) - len(ungrounded)
    assert result["ungrounded_count"] == len(ungrounded)
    assert result["validation"] == {
        "exact_matches": sum(
            1 for c in claims if c["outcome"] in ("grounded", "calculated", "derived")
        ),
        "close_matches": [c["text"] for c in claims if c["outcome"] == "within_tolerance"],
        "orphan_numbers": [c["text"] for c in claims if c["outcome"] == "fabrication"],
        "suspicious": [c["text"] for c in ungrounded if c["outcome"] != "fabrication"],
    }
    if ungrounded:
        assert result["flagged"] is True
    # Every correction replaces an ungrounded claim (an approximation's hedge with it) ...
    spans = {(c["start"], c["end"]) for c in ungrounded}
    ends = {c["end"] for c in ungrounded}
    for correction in result["corrections"]:
        assert (correction["start"], correction["end"]) in spans or correction["end"] in ends, (
            correction
        )
    # ... and the corrected answer is the answer with exactly those corrections applied.
    corrected, cursor = [], 0
    for correction in sorted(result["corrections"], key=lambda c: c["start"]):
        corrected += [answer[cursor : correction["start"]], correction["replacement"]]
        cursor = correction["end"]
    corrected.append(answer[cursor:])
    assert result["corrected_answer"] == "".join(corrected)
