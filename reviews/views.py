"""Browser pages of the review queue: parse, call one selector or service, render."""

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import selectors, services
from .errors import ReviewConflict, ReviewInvalid, ReviewPermissionDenied
from .filters import ReviewFilter
from .forms import BULK_ACTIONS, LABEL_KEYS, AssignForm, BulkForm, DecisionForm, ReasonForm
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
# Columns a queue header sorts by, with the direction a first click gives.
SORTABLE_COLUMNS = {
    "risk": "-risk",
    "age": "-age",
    "stakes": "-stakes",
    "claims": "-claims",
    "assignee": "assignee",
}
# The session remembers the queue as last filtered (where "next" looks), the reviews skipped
# in this pass through it, and whether a decision opens the next review.
QUEUE_QUERY = "reviews.queue_query"
SKIPPED = "reviews.skipped"
AUTO_ADVANCE = "reviews.auto_advance"
MAX_SKIPPED = 500


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
        "can_assign": user.has_perm("reviews.assign_review"),
    }


def _queue_query(request: HttpRequest) -> str:
    return request.session.get(QUEUE_QUERY, "")


def _queue_url(request: HttpRequest) -> str:
    query = _queue_query(request)
    return reverse("reviews:queue") + (f"?{query}" if query else "")


def _candidates(request: HttpRequest) -> Any:
    """The open reviews of the queue as the user last filtered and sorted it."""
    data = QueryDict(_queue_query(request), mutable=True)
    data["status"] = "open"
    sort = selectors.queue_sort(data.get("sort"))
    return ReviewFilter(data, queryset=selectors.review_queue(sort=sort), request=request).qs


def _sort_links(query: QueryDict, current: str) -> dict[str, dict[str, str]]:
    """Each sortable column's link (the other direction when it is the current sort)."""
    links = {}
    for column, first in SORTABLE_COLUMNS.items():
        if current.lstrip("-") == column:
            target = column if current.startswith("-") else f"-{column}"
            state = "descending" if current.startswith("-") else "ascending"
        else:
            target, state = first, "none"
        params = query.copy()
        params.pop("page", None)
        params["sort"] = target
        links[column] = {"url": f"?{params.urlencode()}", "state": state}
    return links


@login_required
@require_GET
def queue(request: HttpRequest) -> HttpResponse:
    _require_view(request)
    sort = selectors.queue_sort(request.GET.get("sort"))
    filterset = ReviewFilter(
        request.GET, queryset=selectors.review_queue(sort=sort), request=request
    )
    # The status tabs count what the other filters select, whatever status is chosen.
    every_status = request.GET.copy()
    every_status["status"] = "all"
    counts_filter = ReviewFilter(every_status, queryset=Review.objects.all(), request=request)
    counts = selectors.review_status_counts(counts_filter.qs)
    counts["open"] = counts[Review.Status.PENDING] + counts[Review.Status.IN_REVIEW]
    counts["all"] = sum(counts[status] for status in Review.Status.values)
    page = Paginator(filterset.qs, QUEUE_PAGE_SIZE).get_page(request.GET.get("page"))
    for review in page:
        review.flags = selectors.queue_flags(review)
    query_without_page = request.GET.copy()
    query_without_page.pop("page", None)
    query_without_status = query_without_page.copy()
    query_without_status.pop("status", None)
    remembered = query_without_page.urlencode()
    if request.session.get(QUEUE_QUERY, "") != remembered:
        request.session[QUEUE_QUERY] = remembered
    context = {
        "filter": filterset,
        "page": page,
        "sort": sort,
        "sort_links": _sort_links(request.GET, sort),
        "tabs": [{"key": key, "name": name, "count": counts[key]} for key, name in STATUS_TABS],
        "status": filterset.form.cleaned_data.get("status") if filterset.is_valid() else "open",
        "query_without_page": query_without_page.urlencode(),
        "query_without_status": query_without_status.urlencode(),
        "active_filters": filterset.active_filters,
        "skipped": len(request.session.get(SKIPPED, [])),
        "bulk_actions": BULK_ACTIONS,
        "assignees": AssignForm().fields["assignee"].queryset,
        **_abilities(request.user),
    }
    return render(request, "reviews/queue.html", context)


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
    assign_form: AssignForm | None = None,
    conflict: str = "",
    status: int = 200,
) -> HttpResponse:
    selected = page.group(request.GET.get("claim")) or page.default_group()
    review = page.review
    if form is None:
        form = DecisionForm(
            initial={
                "version": review.version,
                "advance": request.session.get(AUTO_ADVANCE, True),
            },
            groups=page.groups,
        )
    abilities = _abilities(request.user)
    context = {
        "page": page,
        "review": review,
        "query": review.query,
        "selected": selected,
        "form": form,
        "label_keys": LABEL_KEYS,
        "reopen_form": reopen_form or ReasonForm(),
        "assign_form": assign_form or (AssignForm() if abilities["can_assign"] else None),
        "conflict": conflict,
        "trace_url": selectors.trace_url(review.query.trace_id),
        "held_by_other": review.assignee_id not in (None, request.user.pk),
        "queue_url": _queue_url(request),
        **abilities,
    }
    return render(request, "reviews/review.html", context, status=status)


@login_required
@require_GET
def review_detail(request: HttpRequest, pk: int) -> HttpResponse:
    _require_view(request)
    return _render_review(request, _load_page(pk))


def _advance(request: HttpRequest, *, after: int | None) -> HttpResponse:
    """Open the next review of the queue for the user, claimed; the queue when none is left."""
    skipped = list(request.session.get(SKIPPED, []))
    exclude = [*skipped, after] if after is not None else skipped
    nxt = services.review_claim_next(
        user=request.user, candidates=_candidates(request), exclude=exclude
    )
    if nxt is None:
        left = f" You skipped {len(skipped)} in this pass." if skipped else ""
        messages.info(request, f"No more reviews are waiting for you in this queue.{left}")
        return redirect(_queue_url(request))
    return redirect("reviews:detail", pk=nxt.pk)


@login_required
@require_POST
def review_next_view(request: HttpRequest) -> HttpResponse:
    """Start (or go on) working the queue: take the next review and open it."""
    _require(request, "reviews.claim_review", "claim reviews")
    if request.POST.get("fresh"):
        # A new pass through the queue offers again what was skipped in the last one.
        request.session[SKIPPED] = []
    return _advance(request, after=None)


@login_required
@require_POST
def review_skip_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Leave this review for later (or for someone else) and open the next one."""
    _require(request, "reviews.claim_review", "work the review queue")
    review = get_object_or_404(Review, pk=pk)
    if review.assignee_id == request.user.pk and review.is_open:
        # Held but not decided: give it back so a colleague can take it.
        try:
            services.review_release(review=review, user=request.user, reason="skipped")
        except ReviewConflict as exc:
            messages.error(request, exc.message)
    skipped = [review_id for review_id in request.session.get(SKIPPED, []) if review_id != pk]
    request.session[SKIPPED] = [*skipped, pk][-MAX_SKIPPED:]
    return _advance(request, after=pk)


@login_required
@require_POST
def review_claim_view(request: HttpRequest, pk: int) -> HttpResponse:
    """Claim a review and open it: one click (or key) from the queue."""
    _require(request, "reviews.claim_review", "claim reviews")
    review = get_object_or_404(Review, pk=pk)
    try:
        services.review_claim(review=review, user=request.user)
    except ReviewConflict as exc:
        messages.error(request, exc.message)
        return redirect(_queue_url(request))
    return redirect("reviews:detail", pk=pk)


@login_required
@require_POST
def review_release_view(request: HttpRequest, pk: int) -> HttpResponse:
    _require(request, "reviews.claim_review", "release reviews")
    review = get_object_or_404(Review.objects.select_related("assignee"), pk=pk)
    own = review.assignee_id == request.user.pk
    try:
        services.review_release(
            review=review, user=request.user, reason=request.POST.get("reason", "")
        )
    except ReviewConflict as exc:
        messages.error(request, exc.message)
        return redirect("reviews:detail", pk=pk)
    messages.success(request, f"Review #{pk} released: back in the queue for anyone.")
    return redirect(_queue_url(request) if own else reverse("reviews:detail", args=[pk]))


@login_required
@require_POST
def review_assign_view(request: HttpRequest, pk: int) -> HttpResponse:
    """A lead hands the review to someone, or takes it over."""
    _require(request, "reviews.assign_review", "assign reviews to others or take them over")
    page = _load_page(pk)
    assign_form = AssignForm(request.POST)
    if not assign_form.is_valid():
        return _render_review(request, page, assign_form=assign_form, status=400)
    assignee = assign_form.cleaned_data["assignee"]
    try:
        services.review_reassign(
            review=page.review,
            user=request.user,
            assignee=assignee,
            reason=assign_form.cleaned_data["reason"],
        )
    except ReviewInvalid as exc:
        assign_form.add_error("assignee", exc.message)
        return _render_review(request, page, assign_form=assign_form, status=400)
    except ReviewConflict as exc:
        return _render_review(request, _load_page(pk), conflict=exc.message, status=409)
    who = "you" if assignee.pk == request.user.pk else assignee.get_username()
    messages.success(request, f"Review #{pk} assigned to {who}.")
    return redirect("reviews:detail", pk=pk)


@login_required
@require_http_methods(["GET", "POST"])
def review_decide_view(request: HttpRequest, pk: int) -> HttpResponse:
    if request.method == "GET":
        # A refused decision is shown at this URL; reloading or sharing it lands on the review.
        return redirect("reviews:detail", pk=pk)
    _require(request, "reviews.decide_review", "decide reviews")
    page = _load_page(pk)
    form = DecisionForm(request.POST, groups=page.groups)
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
    advance = form.cleaned_data["advance"]
    request.session[AUTO_ADVANCE] = advance
    if advance:
        return _advance(request, after=review.pk)
    return redirect(_queue_url(request))


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


def _plural(count: int, noun: str = "review") -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


@login_required
@require_POST
def review_bulk_view(request: HttpRequest) -> HttpResponse:
    """Several queue rows, one action: a confirmation page first, then one service call."""
    _require_view(request)
    form = BulkForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(e for errors in form.errors.values() for e in errors))
        return redirect(_queue_url(request))
    action = form.cleaned_data["action"]
    review_ids = form.cleaned_data["reviews"]
    assignee_name = form.cleaned_data["assignee"] or request.user.get_username()
    if not form.cleaned_data["confirmed"]:
        reviews = list(selectors.review_queue().filter(pk__in=review_ids))
        for review in reviews:
            review.flags = selectors.queue_flags(review)
        return render(
            request,
            "reviews/bulk_confirm.html",
            {
                "form": form,
                "action": action,
                "action_name": BULK_ACTIONS[action],
                "reviews": reviews,
                "assignees": AssignForm().fields["assignee"].queryset,
                "assignee": assignee_name,
                "queue_url": _queue_url(request),
                **_abilities(request.user),
            },
        )
    try:
        if action == "assign":
            assign_form = AssignForm({"assignee": assignee_name})
            if not assign_form.is_valid():
                raise ReviewInvalid(" ".join(assign_form.errors["assignee"]), field="assignee")
            assignee = assign_form.cleaned_data["assignee"]
            outcome = services.review_bulk_assign(
                review_ids=review_ids, user=request.user, assignee=assignee
            )
            done = f"Assigned {_plural(len(outcome.done))} to {assignee.get_username()}."
        else:
            approve = action == "approve"
            outcome = services.review_bulk_decide(
                review_ids=review_ids,
                user=request.user,
                decision=Review.Status.APPROVED if approve else Review.Status.REJECTED,
                reason=form.cleaned_data["reason"],
            )
            done = f"{'Approved' if approve else 'Rejected'} {_plural(len(outcome.done))}."
    except ReviewInvalid as exc:
        messages.error(request, exc.message)
        return redirect(_queue_url(request))
    if outcome.done:
        messages.success(request, done)
    for _review_id, message in outcome.refused:
        messages.error(request, f"Not changed: {message}")
    return redirect(_queue_url(request))
