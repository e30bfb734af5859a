"""Browser pages of the review queue: parse, call one selector or service, render."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import selectors, services
from .errors import ReviewConflict, ReviewInvalid, ReviewPermissionDenied
from .filters import ReviewFilter
from .forms import DecisionForm, ReasonForm
from .models import Review

QUEUE_PAGE_SIZE = 25
STATUS_TABS = (
    ("open", "Open"),
    ("pending", "Pending"),
    ("in_review", "In review"),
    ("approved", "Approved"),
    ("rejected", "Rejected"),
    ("all", "All"),
)


def _require_view(request: HttpRequest) -> None:
    _require(request, "reviews.view_review", "see the review queue")


def _require(request: HttpRequest, permission: str, action: str) -> None:
    # The services check again; checking here too answers 403 before any input is parsed.
    if not request.user.has_perm(permission):
        raise ReviewPermissionDenied(f"Your role does not allow you to {action}.")


def _abilities(user: Any) -> dict[str, bool]:
    return {
        "can_claim": user.has_perm("reviews.claim_review"),
        "can_decide": user.has_perm("reviews.decide_review"),
        "can_reopen": user.has_perm("reviews.reopen_review"),
    }


@login_required
@require_GET
def queue(request: HttpRequest) -> HttpResponse:
    _require_view(request)
    filterset = ReviewFilter(request.GET, queryset=selectors.review_queue(), request=request)
    # The status tabs count what the other filters select, whatever status is chosen.
    every_status = request.GET.copy()
    every_status["status"] = "all"
    counts_filter = ReviewFilter(every_status, queryset=Review.objects.all(), request=request)
    counts = selectors.review_status_counts(counts_filter.qs)
    counts["open"] = counts[Review.Status.PENDING] + counts[Review.Status.IN_REVIEW]
    counts["all"] = sum(counts[status] for status in Review.Status.values)
    page = Paginator(filterset.qs, QUEUE_PAGE_SIZE).get_page(request.GET.get("page"))
    query_without_page = request.GET.copy()
    query_without_page.pop("page", None)
    query_without_status = query_without_page.copy()
    query_without_status.pop("status", None)
    context = {
        "filter": filterset,
        "page": page,
        "tabs": [{"key": key, "name": name, "count": counts[key]} for key, name in STATUS_TABS],
        "status": filterset.form.cleaned_data.get("status") if filterset.is_valid() else "open",
        "query_without_page": query_without_page.urlencode(),
        "query_without_status": query_without_status.urlencode(),
        **_abilities(request.user),
    }
    template = "reviews/queue.html"
    if request.htmx and request.htmx.target == "queue-results":
        template = "reviews/_queue_results.html"
    return render(request, template, context)


def _load_page(pk: int) -> selectors.ReviewPage:
    try:
        return selectors.review_page(review_id=pk)
    except Review.DoesNotExist:
        raise Http404("No such review.") from None


def _render_review(
    request: HttpRequest,
    page: selectors.ReviewPage,
    *,
    form: DecisionForm | None = None,
    reopen_form: ReasonForm | None = None,
    conflict: str = "",
    status: int = 200,
) -> HttpResponse:
    selected = page.row(request.GET.get("claim")) or page.default_row()
    review = page.review
    if form is None:
        form = DecisionForm(initial={"version": review.version}, rows=page.rows)
    context = {
        "page": page,
        "review": review,
        "query": review.query,
        "selected": selected,
        "evidence": page.evidence(selected) if selected else None,
        "form": form,
        "reopen_form": reopen_form or ReasonForm(),
        "conflict": conflict,
        "trace_url": selectors.trace_url(review.query.trace_id),
        "held_by_other": review.assignee_id not in (None, request.user.pk),
        **_abilities(request.user),
    }
    return render(request, "reviews/review.html", context, status=status)


@login_required
@require_GET
def review_detail(request: HttpRequest, pk: int) -> HttpResponse:
    _require_view(request)
    return _render_review(request, _load_page(pk))


@login_required
@require_GET
def claim_evidence(request: HttpRequest, pk: int, claim_pk: int) -> HttpResponse:
    """The evidence panel of one claim: a fragment for htmx, the whole page otherwise."""
    _require_view(request)
    if not request.htmx:
        return redirect(f"{reverse('reviews:detail', args=[pk])}?claim={claim_pk}#evidence")
    page = _load_page(pk)
    row = page.row(claim_pk)
    if row is None:
        raise Http404("No such claim in this review.")
    context = {
        "review": page.review,
        "page": page,
        "selected": row,
        "evidence": page.evidence(row),
        "trace_url": selectors.trace_url(page.review.query.trace_id),
        # The answer is sent along to move its selection mark to this claim.
        "oob": True,
    }
    return render(request, "reviews/_evidence.html", context)


@login_required
@require_POST
def review_claim_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Claim a review and open it: one click from the queue."""
    _require(request, "reviews.claim_review", "claim reviews")
    review = get_object_or_404(Review, pk=pk)
    try:
        services.review_claim(review=review, user=request.user)
    except ReviewConflict as exc:
        messages.error(request, exc.message)
        return redirect("reviews:queue")
    return redirect("reviews:detail", pk=pk)


@login_required
@require_http_methods(["GET", "POST"])
def review_decide_view(request: HttpRequest, pk: int) -> HttpResponse:
    if request.method == "GET":
        # A refused decision is shown at this URL; reloading or sharing it lands on the review.
        return redirect("reviews:detail", pk=pk)
    _require(request, "reviews.decide_review", "decide reviews")
    page = _load_page(pk)
    form = DecisionForm(request.POST, rows=page.rows)
    if not form.is_valid():
        return _render_review(request, page, form=form, status=400)
    try:
        review = services.review_decide(
            review=page.review,
            user=request.user,
            decision=form.cleaned_data["decision"],
            reason=form.cleaned_data["reason"],
            labels=form.labels(),
            expected_version=form.cleaned_data["version"],
        )
    except ReviewInvalid as exc:
        form.add_error(form.field_for(exc.field), exc.message)
        return _render_review(request, page, form=form, status=400)
    except ReviewConflict as exc:
        # Show the review as it is now, with the winner's decision, and say why.
        return _render_review(request, _load_page(pk), conflict=exc.message, status=409)
    verb = "approved" if review.status == Review.Status.APPROVED else "rejected"
    messages.success(request, f"Review #{review.pk} {verb}.")
    return redirect("reviews:queue")


@login_required
@require_http_methods(["GET", "POST"])
def review_reopen_view(request: HttpRequest, pk: int) -> HttpResponse:
    if request.method == "GET":
        # As for decisions: a refused reopen is shown at this URL.
        return redirect("reviews:detail", pk=pk)
    _require(request, "reviews.reopen_review", "reopen reviews")
    page = _load_page(pk)
    reopen_form = ReasonForm(request.POST)
    if not reopen_form.is_valid():
        return _render_review(request, page, reopen_form=reopen_form, status=400)
    try:
        services.review_reopen(
            review=page.review, user=request.user, reason=reopen_form.cleaned_data["reason"]
        )
    except ReviewInvalid as exc:
        reopen_form.add_error("reason", exc.message)
        return _render_review(request, page, reopen_form=reopen_form, status=400)
    except ReviewConflict as exc:
        return _render_review(request, _load_page(pk), conflict=exc.message, status=409)
    messages.success(request, f"Review #{pk} reopened and back in the queue.")
    return redirect("reviews:detail", pk=pk)
