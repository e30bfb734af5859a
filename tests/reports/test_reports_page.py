"""/reports/: reviewers and auditors see the latest run, the trend and the LLM's rates."""

import re

import pytest
from django.test import Client

from audit.actors import Actor
from hallucination.models import AccuracyReport
from hallucination.reports.measurement import accuracy_measure
from tests.reports.conftest import decide, detected_query

URL = "/reports/"


def _measure() -> None:
    accuracy_measure(from_reviews=True, actor=Actor.system("tests"))


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def test_it_sends_anonymous_visitors_to_log_in(db) -> None:  # type: ignore[no-untyped-def]
    response = Client().get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_it_refuses_a_user_without_a_role(outsider) -> None:  # type: ignore[no-untyped-def]
    assert _client(outsider).get(URL).status_code == 403


def test_before_any_run_it_says_how_to_make_one(reviewer) -> None:  # type: ignore[no-untyped-def]
    response = _client(reviewer).get(URL)
    assert response.status_code == 200
    assert "No accuracy run yet" in response.content.decode()


def test_it_shows_the_latest_matrix_shaded_by_count(decided_reviews, reviewer) -> None:  # type: ignore[no-untyped-def]
    _measure()
    html = _client(reviewer).get(URL).content.decode()
    cells = dict(
        re.findall(r'--shade: ([0-9.]+)" data-cell="(\w+)"', html)[i][::-1] for i in range(4)
    )
    # TP 2 is the largest count: full shade; FP, FN and TN hold 1 each: half.
    assert cells == {"tp": "1.00", "fn": "0.50", "fp": "0.50", "tn": "0.50"}
    assert re.search(r'data-cell="tp">\s*<strong>2</strong>', html)
    assert "66.67%" in html  # precision, recall and F1
    assert f"/audit/traces/{AccuracyReport.objects.get().trace_id}/" in html
    assert 'data-kind="reviewed"' in html


def test_it_shows_the_trend_after_two_runs(decided_reviews, reviewer) -> None:  # type: ignore[no-untyped-def]
    _measure()
    html = _client(reviewer).get(URL).content.decode()
    assert "One run so far" in html
    assert "<polyline" not in html

    decide(
        detected_query([("$7M", False)], flagged=True),
        reviewer,
        "rejected",
        {"$7M": "hallucination"},
    )
    _measure()
    html = _client(reviewer).get(URL).content.decode()
    rate_chart = html[html.index('id="rate-chart"') : html.index('id="f1-chart"')]
    f1_chart = html[html.index('id="f1-chart"') :]
    assert rate_chart.count('class="point"') == 2
    assert "<polyline" in rate_chart
    assert "target 5%" in rate_chart
    assert f1_chart.count('class="point"') == 2
    assert "One run so far" not in html
    # F1 rose from 4/6 to 6/8 with the new true positive: the point titles say so.
    assert "66.67%</title>" in f1_chart and "75.00%</title>" in f1_chart
    assert "<script" not in html.split("</main>")[0]


def test_it_lists_misclassified_cases_with_their_claims(decided_reviews, reviewer) -> None:  # type: ignore[no-untyped-def]
    _measure()
    html = _client(reviewer).get(URL).content.decode()
    assert f"review-{decided_reviews.false_negative.pk}" in html
    assert "missed hallucination" in html
    assert "<code>$2.1B</code>" in html


def test_it_shows_the_monitored_llms_rates(decided_reviews, auditor) -> None:  # type: ignore[no-untyped-def]
    html = _client(auditor).get(URL).content.decode()
    production = html[html.index('data-figure="production-rate"') :]
    assert "62.50%" in production.split("</div>")[0]  # 5 unverified of 8 claims
    reviewer_rate = html[html.index('data-figure="reviewer-rate"') :]
    assert "42.86%" in reviewer_rate.split("</div>")[0]  # 3 of 7 reviewed claims
    assert "1.3:1" in html  # 8 claims, 6 reviews opened
    assert "40.00%" in html  # composite FPR: 2 valid claims flagged of 5


def test_it_refuses_a_bad_window(reviewer) -> None:  # type: ignore[no-untyped-def]
    response = _client(reviewer).get(URL, {"days": "0"})
    assert response.status_code == 400
    assert "days must be between 1 and 366" in response.content.decode()


def test_it_reads_the_page_in_a_fixed_number_of_queries(
    decided_reviews,
    reviewer,
    django_assert_max_num_queries,  # type: ignore[no-untyped-def]
) -> None:
    for _ in range(3):
        _measure()
    client = _client(reviewer)
    client.get(URL)  # warm the session and permission caches
    # 9: the claims-per-page figure (hallucination.delivery.notifications.paging_figures) is one more.
    with django_assert_max_num_queries(9):
        assert client.get(URL).status_code == 200


@pytest.mark.parametrize("days", ["7", "366"])
def test_it_accepts_a_window_in_days(reviewer, days: str) -> None:  # type: ignore[no-untyped-def]
    response = _client(reviewer).get(URL, {"days": days})
    assert response.status_code == 200
    assert f"last {days} days" in response.content.decode()


def test_corpus_and_reviewer_runs_are_separate_series_each_point_opening_its_run(
    decided_reviews, reviewer, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text(
        '{"id": "c1", "source": "Revenue: $5M.", "answer": "Revenue was $5M.", "label": "clean"}\n'
    )
    accuracy_measure(corpus_paths=[str(corpus)], actor=Actor.system("tests"))
    _measure()
    corpus_run, reviews_run = (
        AccuracyReport.objects.get(ground_truth="corpus"),
        AccuracyReport.objects.get(ground_truth="reviews"),
    )

    html = _client(reviewer).get(URL).content.decode()

    rate_chart = html[html.index('id="rate-chart"') : html.index('id="f1-chart"')]
    corpus_series = rate_chart.split('data-series="corpus"', 1)[1].split("</g>", 1)[0]
    reviews_series = rate_chart.split('data-series="reviews"', 1)[1].split("</g>", 1)[0]
    assert f'href="/reports/runs/{corpus_run.pk}/#latest-heading"' in corpus_series
    assert f'href="/reports/runs/{reviews_run.pk}/#latest-heading"' in reviews_series
    assert "Corpus runs (1)" in rate_chart and "Reviewer-decision runs (1)" in rate_chart


def test_a_run_opens_its_own_confusion_matrix(decided_reviews, reviewer) -> None:  # type: ignore[no-untyped-def]
    _measure()
    first = AccuracyReport.objects.get()
    decide(
        detected_query([("$7M", False)], flagged=True),
        reviewer,
        "rejected",
        {"$7M": "hallucination"},
    )
    _measure()

    html = _client(reviewer).get(f"/reports/runs/{first.pk}/").content.decode()

    assert f"Run #{first.pk}" in html
    assert "← latest run" in html
    assert re.search(r'data-cell="tp">\s*<strong>2</strong>', html)
    assert _client(reviewer).get("/reports/runs/999999/").status_code == 404
