"""The cast of the security tests: two API clients, a reviewer, an auditor, a flagged review."""

import pytest
from django.test import Client

from tests.factories import PASSWORD, canonical_labels
from tests.hallucination.conftest import alpha, beta, canonical_payload
from tests.reviews.conftest import auditor, groups, review, reviewer

__all__ = ["alpha", "auditor", "beta", "canonical_payload", "groups", "review", "reviewer"]


def browser_for(user) -> Client:  # type: ignore[no-untyped-def]
    """A logged-in browser session that, unlike the default test client, checks CSRF tokens."""
    client = Client(enforce_csrf_checks=True)
    assert client.login(username=user.username, password=PASSWORD)
    return client


def csrf_token(client: Client, review) -> str:  # type: ignore[no-untyped-def]
    """The token a real browser would read from the review page's form."""
    client.get(f"/reviews/{review.pk}/")
    return client.cookies["csrftoken"].value


def decision_body(review) -> dict:  # type: ignore[no-untyped-def]
    return {
        "decision": "rejected",
        "reason": "EPS is $0.78.",
        "labels": {str(k): v for k, v in canonical_labels(review.query).items()},
        "expected_version": review.version,
    }


@pytest.fixture
def reviewer_browser(reviewer) -> Client:  # type: ignore[no-untyped-def]
    return browser_for(reviewer)


@pytest.fixture
def auditor_browser(auditor) -> Client:  # type: ignore[no-untyped-def]
    return browser_for(auditor)


# ---------------------------------------------------------------- the security matrix

# category -> {"tried", "held", "bypasses", "server_errors"}; filled as matrix cases report.
MATRIX: dict[str, dict[str, int]] = {}
SERVER_ERRORS: list[str] = []


def observe(response):  # type: ignore[no-untyped-def]
    """Note a response of a matrix case: any 5xx is counted as a server error."""
    if response.status_code >= 500:
        SERVER_ERRORS.append(f"{response.status_code} {getattr(response, 'request', '')}")
    return response


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    marker = item.get_closest_marker("matrix")
    if marker is not None:
        report.matrix_category = marker.args[0]


def pytest_runtest_logreport(report) -> None:  # type: ignore[no-untyped-def]
    category = getattr(report, "matrix_category", None)
    if category is None or report.when != "call":
        return
    row = MATRIX.setdefault(category, {"tried": 0, "held": 0, "bypasses": 0})
    row["tried"] += 1
    row["held" if report.passed else "bypasses"] += 1


def pytest_terminal_summary(terminalreporter) -> None:  # type: ignore[no-untyped-def]
    if not MATRIX:
        return
    terminalreporter.section("security matrix")
    for category, row in sorted(MATRIX.items()):
        terminalreporter.write_line(
            f"{category:<12} {row['tried']:>4} tried  {row['held']:>4} held  "
            f"{row['bypasses']:>3} bypasses"
        )
    total = {key: sum(row[key] for row in MATRIX.values()) for key in ("tried", "bypasses")}
    terminalreporter.write_line(
        f"{'total':<12} {total['tried']:>4} tried  {total['bypasses']:>3} bypasses  "
        f"{len(SERVER_ERRORS)} server errors"
    )
