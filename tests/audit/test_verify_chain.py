"""verify_chain names the first event that is not what the chain says it should be."""

from dataclasses import replace

from audit.chain import (
    CHECKPOINT_CONFLICT,
    CHECKPOINT_MISMATCH,
    HASH_MISMATCH,
    MISSING,
    OUT_OF_ORDER,
    REWRITTEN,
    checkpoint_sign,
    compute_hash,
    genesis_hash,
    verify_chain,
)

from .chainbuild import build_chain, rehash_from

KEY = b"k" * 32


def _checkpoint(chain, from_index=0):  # type: ignore[no-untyped-def]
    return checkpoint_sign(
        from_seq=chain[from_index].seq,
        hashes=[event.hash for event in chain[from_index:]],
        created_at="2026-11-22T12:00:00+00:00",
        key=KEY,
    )


def test_an_untouched_chain_verifies_with_its_count_and_head() -> None:
    chain = build_chain(10)
    report = verify_chain(chain)
    assert report.ok
    assert (report.count, report.first_seq, report.head_seq) == (10, 1, 10)
    assert report.head_hash == chain[-1].hash
    assert "10 events verified" in report.summary()


def test_an_empty_chain_verifies_with_nothing_to_say() -> None:
    report = verify_chain([])
    assert report.ok and report.count == 0


def test_an_edited_event_is_named() -> None:
    chain = build_chain(10)
    chain[4] = replace(chain[4], payload={"outcome": "fabrication", "value": "5"})
    report = verify_chain(chain)
    assert (report.problem.seq, report.problem.kind) == (5, HASH_MISMATCH)
    assert report.count == 4


def test_an_edit_rehashed_in_place_is_named_by_the_broken_link() -> None:
    chain = build_chain(10)
    edited = replace(chain[6], actor_name="someone-else")
    chain[6] = replace(edited, hash=compute_hash(edited))
    report = verify_chain(chain)
    assert (report.problem.seq, report.problem.kind) == (7, REWRITTEN)


def test_a_removed_event_is_named_as_missing() -> None:
    chain = build_chain(10)
    del chain[2]
    report = verify_chain(chain)
    assert (report.problem.seq, report.problem.kind) == (3, MISSING)
    assert "#3 is missing" in report.problem.detail


def test_two_swapped_events_are_caught_at_the_first_of_them() -> None:
    chain = build_chain(10)
    chain[3], chain[7] = (
        replace(chain[7], seq=chain[3].seq),
        replace(chain[3], seq=chain[7].seq),
    )
    report = verify_chain(chain)
    assert (report.problem.seq, report.problem.kind) == (4, HASH_MISMATCH)


def test_events_out_of_order_are_named() -> None:
    chain = build_chain(5)
    report = verify_chain([chain[0], chain[1], chain[1], chain[2]])
    assert (report.problem.seq, report.problem.kind) == (2, OUT_OF_ORDER)


def test_a_first_event_not_starting_from_genesis_is_named() -> None:
    chain = build_chain(3, prev_hash="f" * 64)
    report = verify_chain(chain)
    assert (report.problem.seq, report.problem.kind) == (1, REWRITTEN)


def test_a_dropped_tail_goes_unnoticed_without_a_checkpoint() -> None:
    # Why checkpoints exist: a shorter chain is still a valid chain.
    chain = build_chain(10)
    assert verify_chain(chain[:7]).ok


def test_a_dropped_tail_is_named_against_a_checkpoint() -> None:
    chain = build_chain(10)
    checkpoint = _checkpoint(chain)
    report = verify_chain(chain[:7], checkpoint)
    assert (report.problem.seq, report.problem.kind) == (8, MISSING)
    assert "checkpoint #10" in report.problem.detail


def test_a_chain_recomputed_after_an_edit_verifies_alone_but_not_against_a_checkpoint() -> None:
    chain = build_chain(12)
    checkpoint = _checkpoint(chain)
    chain[4] = replace(chain[4], payload={"outcome": "grounded", "value": "999"})
    forged = rehash_from(chain, 4)
    assert verify_chain(forged).ok
    report = verify_chain(forged, checkpoint)
    assert (report.problem.seq, report.problem.kind) == (5, CHECKPOINT_MISMATCH)


def test_events_after_the_checkpoint_are_verified_by_their_links() -> None:
    chain = build_chain(12)
    checkpoint = _checkpoint(chain[:8])
    report = verify_chain(chain, checkpoint)
    assert report.ok and report.checkpoints == [8]
    chain[10] = replace(chain[10], subject_id="other")
    assert verify_chain(chain, checkpoint).problem.seq == 11


def test_a_series_of_checkpoints_pins_each_range() -> None:
    chain = build_chain(12)
    first = _checkpoint(chain[:5])
    second = _checkpoint(chain[:9], from_index=5)
    assert verify_chain(chain, [first, second]).checkpoints == [5, 9]
    forged = rehash_from([*chain[:6], replace(chain[6], payload={}), *chain[7:]], 6)
    report = verify_chain(forged, [first, second])
    assert (report.problem.seq, report.problem.kind) == (7, CHECKPOINT_MISMATCH)


def test_checkpoints_that_disagree_are_reported() -> None:
    chain = build_chain(6)
    other = build_chain(6, prev_hash="a" * 64)
    report = verify_chain(chain, [_checkpoint(chain), _checkpoint(other)])
    assert report.problem.kind == CHECKPOINT_CONFLICT
    assert report.problem.seq == 1


def test_a_tail_can_be_verified_from_a_later_sequence_number() -> None:
    chain = build_chain(10)
    assert verify_chain(chain[5:], first_seq=6).ok
    report = verify_chain(chain[6:], first_seq=6)
    assert (report.problem.seq, report.problem.kind) == (6, MISSING)


def test_a_chain_verifies_only_from_its_own_genesis_hash() -> None:
    chain = [replace(event, chain=2) for event in build_chain(5, prev_hash=genesis_hash(2))]
    assert verify_chain(chain, chain=2).ok
    report = verify_chain(chain, chain=3)
    assert (report.problem.seq, report.problem.kind) == (1, REWRITTEN)
    assert report.summary().startswith("BROKEN at #3:1 (rewritten)")
