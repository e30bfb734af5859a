"""Checkpoints are signed with HMAC-SHA256; altered files and wrong keys are refused."""

import json
from dataclasses import replace

import pytest

from audit.chain import (
    ChainSegment,
    CheckpointError,
    checkpoint_check_signature,
    checkpoint_from_json,
    checkpoint_key_id,
    checkpoint_sign,
    checkpoint_to_json,
    merkle_root,
)

KEY = b"a-key-of-at-least-thirty-two-bytes!!"
HASHES = [f"{n:064x}" for n in (11, 12, 13)]


def _signed():  # type: ignore[no-untyped-def]
    return checkpoint_sign(
        from_seq=5, hashes=HASHES, created_at="2026-11-22T12:00:00+00:00", key=KEY
    )


def test_it_covers_the_events_it_lists_and_ends_at_the_head() -> None:
    checkpoint = _signed()
    assert (checkpoint.from_seq, checkpoint.seq, checkpoint.head_hash) == (5, 7, HASHES[-1])
    assert checkpoint.key_id == checkpoint_key_id(KEY)


def test_a_saved_checkpoint_reads_back_and_verifies() -> None:
    checkpoint = checkpoint_from_json(checkpoint_to_json(_signed()))
    checkpoint_check_signature(checkpoint, KEY)
    assert checkpoint == _signed()


def test_an_altered_file_has_a_bad_signature() -> None:
    data = json.loads(checkpoint_to_json(_signed()))
    data["hashes"][0] = f"{99:064x}"
    with pytest.raises(CheckpointError, match="bad signature"):
        checkpoint_check_signature(checkpoint_from_json(json.dumps(data)), KEY)


def test_a_checkpoint_signed_with_another_key_names_both_keys() -> None:
    other = b"another-key-of-at-least-thirty-two-bytes"
    with pytest.raises(CheckpointError, match=checkpoint_key_id(KEY)):
        checkpoint_check_signature(_signed(), other)


def test_a_forged_key_id_does_not_pass_for_a_signature() -> None:
    forged = replace(_signed(), signature="0" * 64)
    with pytest.raises(CheckpointError, match="bad signature"):
        checkpoint_check_signature(forged, KEY)


def test_it_refuses_a_short_key() -> None:
    with pytest.raises(CheckpointError, match="at least 32 bytes"):
        checkpoint_sign(from_seq=1, hashes=HASHES, created_at="now", key=b"short")


def test_it_refuses_to_sign_nothing() -> None:
    with pytest.raises(CheckpointError, match="at least one event"):
        checkpoint_sign(from_seq=1, hashes=[], created_at="now", key=KEY)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "Not JSON"),
        ("[]", "JSON object"),
        ('{"seq": 1}', "Missing fields"),
    ],
)
def test_a_malformed_file_is_refused_with_the_reason(text: str, message: str) -> None:
    with pytest.raises(CheckpointError, match=message):
        checkpoint_from_json(text)


def test_a_file_whose_count_does_not_match_its_range_is_refused() -> None:
    data = json.loads(checkpoint_to_json(_signed()))
    data["seq"] = 9
    with pytest.raises(CheckpointError, match="lists 3 hashes"):
        checkpoint_from_json(json.dumps(data))


def _signed_chains():  # type: ignore[no-untyped-def]
    return checkpoint_sign(
        segments=[
            ChainSegment(chain=0, from_seq=5, seq=7, head_hash=HASHES[-1], hashes=tuple(HASHES)),
            ChainSegment(chain=2, from_seq=4, seq=3, head_hash=f"{21:064x}", hashes=()),
        ],
        created_at="2026-11-22T12:00:00+00:00",
        key=KEY,
    )


def test_several_chains_are_signed_with_the_merkle_root_of_their_heads() -> None:
    checkpoint = _signed_chains()
    assert checkpoint.version == 2
    assert checkpoint.seq == 7 + 3
    data = json.loads(checkpoint_to_json(checkpoint))
    assert data["merkle_root"] == merkle_root(checkpoint.segments)
    assert [item["chain"] for item in data["chains"]] == [0, 2]
    read = checkpoint_from_json(checkpoint_to_json(checkpoint))
    checkpoint_check_signature(read, KEY)
    assert read == checkpoint


def test_a_merkle_root_that_does_not_match_the_heads_is_refused() -> None:
    data = json.loads(checkpoint_to_json(_signed_chains()))
    data["chains"][1]["head_hash"] = f"{22:064x}"
    with pytest.raises(CheckpointError, match="Merkle root"):
        checkpoint_from_json(json.dumps(data))


def test_an_altered_chain_with_its_root_recomputed_has_a_bad_signature() -> None:
    checkpoint = _signed_chains()
    forged_segments = (
        checkpoint.segments[0],
        replace(checkpoint.segments[1], head_hash=f"{22:064x}"),
    )
    data = json.loads(checkpoint_to_json(checkpoint))
    data["chains"][1]["head_hash"] = f"{22:064x}"
    data["merkle_root"] = merkle_root(forged_segments)
    with pytest.raises(CheckpointError, match="bad signature"):
        checkpoint_check_signature(checkpoint_from_json(json.dumps(data)), KEY)


def test_the_merkle_root_changes_with_any_head_and_with_the_order_of_chains() -> None:
    first = ChainSegment(chain=0, from_seq=1, seq=1, head_hash=HASHES[0], hashes=(HASHES[0],))
    second = ChainSegment(chain=1, from_seq=1, seq=1, head_hash=HASHES[1], hashes=(HASHES[1],))
    root = merkle_root([first, second])
    assert merkle_root([second, first]) == root  # sorted by chain number
    assert merkle_root([first, replace(second, head_hash=HASHES[2])]) != root
    assert merkle_root([first, replace(second, chain=2)]) != root
    assert merkle_root([first]) != root
