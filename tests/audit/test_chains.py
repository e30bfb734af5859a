"""Several chains: each trace in its chain, each chain verified, one checkpoint over them all.

Runs with AUDIT_CHAINS=4 inside the test's transaction, which is rolled back; tampering is done
as a superuser could (see conftest.tamper) and verify_audit has to name the event, written
#chain:seq outside chain 0.
"""

import io
import json
import uuid
from dataclasses import replace
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction

from audit import events
from audit.actors import Actor
from audit.chain import (
    chain_for_trace,
    checkpoint_from_json,
    checkpoint_to_json,
    compute_hash,
    genesis_hash,
)
from audit.checkpoint import checkpoint_create
from audit.models import AuditEvent
from audit.selectors import chain_heads
from audit.services import CHAIN_SETTING, audit_event_record
from audit.verification import verify_stored_chain, verify_trace_locally

from .conftest import tamper

pytestmark = pytest.mark.django_db

CHAINS = 4


@pytest.fixture(autouse=True)
def four_chains(settings) -> None:  # type: ignore[no-untyped-def]
    settings.AUDIT_CHAINS = CHAINS


def trace_in(chain: int) -> str:
    """A fresh trace ID whose events go to `chain`."""
    while True:
        candidate = "chains-" + uuid.uuid4().hex
        if chain_for_trace(candidate, CHAINS) == chain:
            return candidate


def record(trace_id: str, step: int = 0) -> AuditEvent:
    """Append as a transaction of its own would: to the trace's chain.

    The test runs in one transaction, which would otherwise keep appending to the chain its
    first event picked; forgetting that choice (the lock stays held until the rollback) lets
    each call pick its trace's chain.
    """
    with connection.cursor() as cursor:
        cursor.execute("SELECT set_config(%s, '', true)", [CHAIN_SETTING])
    return audit_event_record(
        event_type=events.CALCULATOR_USED,
        actor=Actor.system("test-worker"),
        trace_id=trace_id,
        payload={"step": step, "value": f"{step}.5"},
    )


def verify(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("verify_audit", *args, "--allow-unanchored", stdout=out, stderr=io.StringIO())
    except CommandError as exc:
        return exc.returncode, out.getvalue() + str(exc)
    return 0, out.getvalue()


@pytest.fixture
def spread() -> dict[int, list[AuditEvent]]:
    """Six events in each of the four chains, one trace per chain."""
    traces = {chain: trace_in(chain) for chain in range(CHAINS)}
    return {chain: [record(trace, step) for step in range(6)] for chain, trace in traces.items()}


@pytest.fixture
def checkpoint_file(spread, checkpoint_key, tmp_path: Path) -> Path:  # type: ignore[no-untyped-def]
    path = tmp_path / "checkpoint.json"
    path.write_text(checkpoint_to_json(checkpoint_create()))
    return path


def test_each_trace_goes_to_its_chain_which_starts_from_its_own_genesis(spread) -> None:  # type: ignore[no-untyped-def]
    for chain, chain_events in spread.items():
        assert {event.chain for event in chain_events} == {chain}
        assert [event.seq for event in chain_events] == list(
            range(chain_events[0].seq, chain_events[0].seq + 6)
        )
        first = AuditEvent.objects.get(chain=chain, seq=1)
        assert first.prev_hash == genesis_hash(chain)
    heads = chain_heads()
    assert {chain: heads[chain] for chain in spread} == {
        chain: (chain_events[-1].seq, chain_events[-1].hash)
        for chain, chain_events in spread.items()
    }


def test_the_chains_verify_together_and_report_the_root_of_their_heads(spread) -> None:  # type: ignore[no-untyped-def]
    report = verify_stored_chain()
    assert report.ok, report.summary()
    assert set(report.chains) >= set(range(CHAINS))
    code, output = verify()
    assert code == 0
    assert f"in {len(report.chains)} chains" in output
    assert f"#3:1..#3:{spread[3][-1].seq}" in output
    assert f"Merkle root of the heads {report.head_hash}" in output


def test_a_transaction_appends_to_the_chain_of_its_first_event() -> None:
    first_trace, second_trace = trace_in(1), trace_in(2)
    with transaction.atomic():
        first = record(first_trace)
        second = audit_event_record(
            event_type=events.CALCULATOR_USED, actor=Actor.system("w"), trace_id=second_trace
        )
    assert (first.chain, second.chain) == (1, 1)
    assert second.seq == first.seq + 1 and second.prev_hash == first.hash
    # The next transaction picks its chain afresh.
    assert record(second_trace).chain == 2


# The tamper matrix, done in chain 2 (not the original chain 0).


def test_an_edited_row_in_another_chain_is_named(spread) -> None:  # type: ignore[no-untyped-def]
    target = spread[2][2]
    tamper(
        "UPDATE audit_auditevent SET payload = %s WHERE chain = 2 AND seq = %s",
        [json.dumps({"step": 2, "value": "9.5"}), target.seq],
    )
    code, output = verify()
    assert code == 1
    assert f"BROKEN at #2:{target.seq} (hash_mismatch)" in output


def test_a_deleted_row_in_another_chain_is_named(spread) -> None:  # type: ignore[no-untyped-def]
    target = spread[2][3]
    tamper("DELETE FROM audit_auditevent WHERE chain = 2 AND seq = %s", [target.seq])
    code, output = verify()
    assert code == 1
    assert f"BROKEN at #2:{target.seq} (missing)" in output


def test_two_swapped_rows_in_another_chain_are_named(spread) -> None:  # type: ignore[no-untyped-def]
    first, second = spread[2][1], spread[2][4]
    parked = 10**15
    move = "UPDATE audit_auditevent SET seq = %s WHERE chain = 2 AND seq = %s"
    tamper(move, [parked, first.seq])
    tamper(move, [first.seq, second.seq])
    tamper(move, [second.seq, parked])
    code, output = verify()
    assert code == 1
    assert f"BROKEN at #2:{first.seq} (hash_mismatch)" in output


def test_an_event_moved_to_another_chain_is_named(spread) -> None:  # type: ignore[no-untyped-def]
    target = spread[2][5]
    tamper(
        "UPDATE audit_auditevent SET chain = 3, seq = %s WHERE chain = 2 AND seq = %s",
        [spread[3][-1].seq + 1, target.seq],
    )
    code, output = verify()
    assert code == 1
    # Chain 3 gained an event hashed for another place; chain 2 lost its tail, which only a
    # checkpoint can tell (see the tests below).
    assert f"BROKEN at #3:{spread[3][-1].seq + 1} (hash_mismatch)" in output


def test_a_chain_dropped_at_its_tail_is_named_against_the_checkpoint(  # type: ignore[no-untyped-def]
    spread, checkpoint_file
) -> None:
    tamper("DELETE FROM audit_auditevent WHERE chain = 2 AND seq >= %s", [spread[2][4].seq])
    assert verify()[0] == 0, "without a checkpoint a shorter chain still verifies"
    code, output = verify("--checkpoint", str(checkpoint_file))
    assert code == 1
    assert f"BROKEN at #2:{spread[2][4].seq} (missing)" in output
    assert "removed from the end" in output


def test_a_chain_removed_whole_is_named_against_the_checkpoint(spread, checkpoint_file) -> None:  # type: ignore[no-untyped-def]
    tamper("DELETE FROM audit_auditevent WHERE chain = 3")
    assert verify()[0] == 0, "without a checkpoint the other chains still verify"
    code, output = verify("--checkpoint", str(checkpoint_file))
    assert code == 1
    assert "BROKEN at #3:1 (missing)" in output


def test_a_chain_recomputed_after_an_edit_is_named_against_the_checkpoint(  # type: ignore[no-untyped-def]
    spread, checkpoint_file
) -> None:
    target = spread[2][1]
    tamper(
        "UPDATE audit_auditevent SET payload = %s WHERE chain = 2 AND seq = %s",
        [json.dumps({"step": 1, "value": "7.5"}), target.seq],
    )
    rows = list(AuditEvent.objects.filter(chain=2, seq__gte=target.seq - 1).order_by("seq"))
    previous_hash = rows[0].hash if target.seq > 1 else genesis_hash(2)
    for row in rows if target.seq == 1 else rows[1:]:
        new_hash = compute_hash(replace(row.to_chain_event(), prev_hash=previous_hash))
        tamper(
            "UPDATE audit_auditevent SET prev_hash = %s, hash = %s WHERE chain = 2 AND seq = %s",
            [previous_hash, new_hash, row.seq],
        )
        previous_hash = new_hash
    code, output = verify()
    assert code == 0, "the recomputed chain is internally consistent: " + output
    code, output = verify("--checkpoint", str(checkpoint_file))
    assert code == 1
    assert f"BROKEN at #2:{target.seq} (checkpoint_mismatch)" in output


# Checkpoints over several chains.


def test_a_checkpoint_lists_every_chain_under_one_merkle_root(spread, checkpoint_key) -> None:  # type: ignore[no-untyped-def]
    checkpoint = checkpoint_create()
    assert checkpoint.version == 2
    heads = chain_heads()
    assert {segment.chain: (segment.seq, segment.head_hash) for segment in checkpoint.segments} == (
        heads
    )
    assert checkpoint.seq == sum(seq for seq, _ in heads.values())
    assert checkpoint_from_json(checkpoint_to_json(checkpoint)) == checkpoint


def test_a_chain_that_gained_nothing_is_still_pinned_by_the_next_checkpoint(  # type: ignore[no-untyped-def]
    spread, checkpoint_key, tmp_path: Path
) -> None:
    first = checkpoint_create()
    record(trace_in(1), 9)
    second = checkpoint_create(after=first)
    unchanged = second.segment(2)
    assert unchanged is not None and unchanged.hashes == ()
    assert (unchanged.seq, unchanged.head_hash) == (spread[2][-1].seq, spread[2][-1].hash)
    assert second.segment(1).hashes  # type: ignore[union-attr]

    path = tmp_path / "second.json"
    path.write_text(checkpoint_to_json(second))
    tamper("DELETE FROM audit_auditevent WHERE chain = 2 AND seq = %s", [spread[2][-1].seq])
    code, output = verify("--checkpoint", str(path))
    assert code == 1
    assert f"BROKEN at #2:{spread[2][-1].seq} (missing)" in output


def test_a_trace_in_another_chain_is_verified_there(spread) -> None:  # type: ignore[no-untyped-def]
    trace_events = spread[3]
    trace_id = trace_events[0].trace_id
    assert verify_trace_locally(trace_events).ok
    code, output = verify("--trace", trace_id)
    assert code == 0
    assert f"Trace {trace_id}: 6 events between #3:{trace_events[0].seq}" in output

    tamper(
        "UPDATE audit_auditevent SET subject_id = 'x' WHERE chain = 3 AND seq = %s",
        [trace_events[4].seq],
    )
    stored = list(AuditEvent.objects.filter(trace_id=trace_id).order_by("id"))
    report = verify_trace_locally(stored)
    assert report.problem is not None
    assert (report.problem.chain, report.problem.seq) == (3, trace_events[4].seq)
    code, output = verify("--trace", trace_id)
    assert code == 1
    assert f"BROKEN at #3:{trace_events[4].seq} (hash_mismatch)" in output


def test_the_trace_export_names_the_chain(spread, auditor, client) -> None:  # type: ignore[no-untyped-def]
    trace_id = spread[1][0].trace_id
    client.force_login(auditor)
    response = client.get(f"/audit/traces/{trace_id}/?format=json")
    assert response.status_code == 200
    body = response.json()
    assert {event["chain"] for event in body["events"]} == {1}
    assert body["chain"]["chain"] == 1
    assert body["chain"]["status"] == "intact"
    assert "chain k has prev_hash = k" in body["hashing"]["chains"]
