"""An export of 10,000 rows streams with bounded memory (peak allocation, measured)."""

import tracemalloc
import uuid
from decimal import Decimal

import pytest

from hallucination.models import Claim, Query

pytestmark = pytest.mark.django_db

ROWS = 10_000


@pytest.fixture
def ten_thousand_claims(llm_service):  # type: ignore[no-untyped-def]
    answer = "Revenue was $1.9 billion, up 14.8% on the year, and EPS was $0.81. " * 20
    queries = Query.objects.bulk_create(
        Query(
            trace_id=uuid.uuid4().hex,
            client=llm_service.api_client,
            answer=answer,
            entity=f"Entity {i}",
            status=Query.Status.DONE,
            total_claims=1,
        )
        for i in range(ROWS // 10)
    )
    Claim.objects.bulk_create(
        Claim(
            query=queries[i // 10],
            position=i % 10,
            kind="currency",
            text=f"${i}.5 million",
            start=0,
            end=12,
            value=Decimal(i) * 1_000_000 + 500_000,
            unit="USD",
            label="revenue",
            outcome="fabrication",
            grounded=False,
        )
        for i in range(ROWS)
    )


def _stream(response) -> tuple[int, int, int]:  # type: ignore[no-untyped-def]
    """Consume a streaming response under tracemalloc: (lines, bytes, peak bytes allocated)."""
    lines = size = 0
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        for chunk in response.streaming_content:
            lines += chunk.count(b"\n")
            size += len(chunk)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return lines, size, peak


@pytest.mark.parametrize("export_format", ["csv", "jsonl"])
def test_ten_thousand_rows_stream_in_bounded_memory(
    llm_service, ten_thousand_claims, export_format
):
    # Warm up on ten rows of the same export: imports, query compilation and type loaders are
    # paid once per process and are not what streaming bounds.
    _stream(llm_service.get(f"/api/v1/exports/claims.{export_format}?entity=Entity 1"))
    response = llm_service.get(f"/api/v1/exports/claims.{export_format}")
    assert response.status_code == 200
    assert response.streaming

    lines, size, peak = _stream(response)

    header = 1 if export_format == "csv" else 0
    assert lines == ROWS + header
    loaded = _peak_of_loading_every_row()
    print(f"{export_format}: {lines} lines, {size} bytes, peak {peak} B, loading all {loaded} B")
    # Only one chunk of rows (CHUNK_SIZE) is alive at a time: the peak is a small fraction of
    # what holding the 10,000 rows takes, and of the output itself.
    assert peak * 5 < loaded, (peak, loaded)
    assert peak < size, (peak, size)
    assert peak < 2 * 1024 * 1024, peak


def _peak_of_loading_every_row() -> int:
    """The yardstick: the same rows read into one list, as a non-streaming export would."""
    from hallucination.operations.exports import ENTITIES, export_queryset

    lookups = [lookup for _, lookup in ENTITIES["claims"].columns]
    rows = export_queryset(entity="claims", params={})
    tracemalloc.start()
    try:
        everything = list(rows.values(*lookups))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(everything) == ROWS
    return peak
