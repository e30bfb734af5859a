"""A claim as the verifiers see it, with the defaults the verifier tests share."""

from decimal import Decimal

from verification.verifiers import ClaimTarget, SourceLink


def target(**overrides: object) -> ClaimTarget:
    values: dict[str, object] = {
        "text": "$0.81",
        "kind": "currency",
        "value": Decimal("0.81"),
        "unit": "USD",
        "precision": Decimal("0.01"),
        "label": "eps",
        "period": "Q3 2026",
        "entity": "NWND",
    }
    urls = overrides.pop("urls", ())
    values.update(overrides)
    values["sources"] = tuple(
        SourceLink(source_id=f"source-{i}", url=url)
        for i, url in enumerate(urls)  # type: ignore[arg-type]
    )
    return ClaimTarget(**values)  # type: ignore[arg-type]
