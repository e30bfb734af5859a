"""Admin for the detection records: searchable and read-only, since writes go through services."""

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from rest_framework_api_key.models import APIKey

from audit.actors import Actor

from .models import (
    STAKES_CHOICES,
    AccuracyReport,
    ApiClient,
    CalculatorOutput,
    Claim,
    ClientAPIKey,
    Query,
    Source,
    Verdict,
    default_key_stakes,
)
from .services import api_client_key_create, api_key_revoke

# The library's own key model is not used (client keys are ClientAPIKey): an admin page for
# it would only invite keys that authenticate nobody.
if admin.site.is_registered(APIKey):
    admin.site.unregister(APIKey)


class ReadOnlyAdminMixin:
    """Viewing only: every change to these records must leave an audit event, which admin forms
    would not. Queries come in through the API, verdicts are append-only, and clients are
    managed by their command. ReferenceFact's admin lives with its import, in verification."""

    actions = None

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        model = self.model  # type: ignore[attr-defined]
        return [field.name for field in model._meta.fields]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class ReadOnlyInline(ReadOnlyAdminMixin, admin.TabularInline):
    extra = 0
    show_change_link = True
    can_delete = False


class SourceInline(ReadOnlyInline):
    model = Source
    fields = ("position", "source_id", "kind", "url", "text")


class ClaimInline(ReadOnlyInline):
    model = Claim
    fields = ("position", "text", "kind", "value", "unit", "label", "period", "outcome", "grounded")


class VerdictInline(ReadOnlyInline):
    model = Verdict
    fields = (
        "layer",
        "check_name",
        "outcome",
        "grounded",
        "nearest_text",
        "nearest_value",
        "nearest_source_id",
        "expected_value",
        "formula",
        "created_at",
    )


@admin.register(ApiClient)
class ApiClientAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    # The ticker list is set with `manage.py client_tickers`, which audits the change.
    list_display = ("name", "is_active", "created_at", "ticker_count")
    list_filter = ("is_active",)
    search_fields = ("name",)

    @admin.display(description="tickers")
    def ticker_count(self, obj: ApiClient) -> int:
        return len(obj.tickers or {})


@admin.register(Query)
class QueryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = (
        "id",
        "created_at",
        "client",
        "entity",
        "period",
        "stakes",
        "status",
        "flagged",
        "grounding_rate",
        "trace",
    )
    list_filter = ("status", "stakes", "flagged", "gate_passed", "client")
    search_fields = ("=id", "=trace_id", "entity", "question", "answer")
    list_select_related = ("client",)
    date_hierarchy = "created_at"
    show_full_result_count = False
    inlines = [SourceInline, ClaimInline]

    @admin.display(description="trace")
    def trace(self, query: Query) -> str:
        url = reverse("audit:trace-detail", kwargs={"trace_id": query.trace_id})
        return format_html('<a href="{}">{}</a>', url, query.trace_id)


@admin.register(Source)
class SourceAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("source_id", "query", "kind", "position")
    list_filter = ("kind",)
    search_fields = ("=query__id", "source_id", "text")
    list_select_related = ("query",)


@admin.register(Claim)
class ClaimAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = (
        "text",
        "kind",
        "value",
        "unit",
        "label",
        "period",
        "outcome",
        "grounded",
        "query",
    )
    list_filter = ("outcome", "grounded", "kind", "approximate")
    search_fields = ("=query__id", "=query__trace_id", "text", "label")
    list_select_related = ("query",)
    inlines = [VerdictInline]


@admin.register(Verdict)
class VerdictAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Verdicts are append-only: this view can never change or remove one."""

    list_display = ("claim", "layer", "check_name", "outcome", "grounded", "created_at")
    list_filter = ("layer", "outcome", "grounded", "check_name")
    search_fields = ("=claim__query__id", "=claim__query__trace_id", "claim__text", "check_name")
    list_select_related = ("claim",)


@admin.register(CalculatorOutput)
class CalculatorOutputAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ("expression", "result", "trace_id", "client", "created_at")
    list_filter = ("client",)
    search_fields = ("=trace_id", "expression")
    list_select_related = ("client",)


@admin.register(AccuracyReport)
class AccuracyReportAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Runs of measure_accuracy: a record of how the detector did, never edited."""

    list_display = (
        "created_at",
        "ground_truth",
        "profile",
        "total_cases",
        "f1",
        "precision",
        "recall",
    )
    list_filter = ("ground_truth", "profile")
    search_fields = ("=trace_id", "corpus_fingerprint", "version")
    date_hierarchy = "created_at"


class ClientAPIKeyForm(forms.ModelForm):
    """A new key for a client: who, and at which stakes it may submit."""

    allowed_stakes = forms.MultipleChoiceField(
        choices=STAKES_CHOICES,
        initial=default_key_stakes,
        widget=forms.CheckboxSelectMultiple,
        help_text="`audit` pages the on-call reviewers: grant it deliberately.",
    )

    class Meta:
        model = ClientAPIKey
        fields = ["client"]


@admin.register(ClientAPIKey)
class ClientAPIKeyAdmin(admin.ModelAdmin):
    """List, create and revoke client keys, each through the audited services.

    A key is shown once, in the message after it is created; only its hash is stored.
    """

    form = ClientAPIKeyForm
    list_display = ("prefix", "client", "allowed_stakes", "revoked", "created", "expiry_date")
    list_filter = ("revoked", "client")
    search_fields = ("prefix", "client__name")
    list_select_related = ("client",)
    actions = ["revoke_keys"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is None:
            return []
        return [field.name for field in ClientAPIKey._meta.fields if field.name != "hashed_key"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is None:
            return ["client", "allowed_stakes"]
        return ["prefix", "name", "client", "allowed_stakes", "revoked", "created"]

    def get_form(self, request: HttpRequest, obj: Any = None, **kwargs: Any):  # type: ignore[no-untyped-def]
        if obj is not None:
            kwargs["form"] = forms.ModelForm
        return super().get_form(request, obj, **kwargs)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # revoke instead: the key's record stays

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        client = form.cleaned_data["client"]
        _, key = api_client_key_create(
            client_name=client.name,
            actor=Actor.for_user(request.user),
            stakes=list(form.cleaned_data["allowed_stakes"]),
        )
        saved = ClientAPIKey.objects.get(prefix=key.partition(".")[0])
        obj.pk, obj.prefix, obj.name = saved.pk, saved.prefix, saved.name
        obj._state.adding = False
        messages.warning(
            request, f"The new key for {client.name} (shown once, store it now): {key}"
        )

    @admin.action(description="Revoke the selected keys", permissions=["revoke"])
    def revoke_keys(self, request: HttpRequest, queryset: QuerySet[ClientAPIKey]) -> None:
        revoked = 0
        for api_key in queryset:
            if not api_key.revoked:
                api_key_revoke(prefix=api_key.prefix, actor=Actor.for_user(request.user))
                revoked += 1
        self.message_user(request, f"Revoked {revoked} key(s).")

    def has_revoke_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("hallucination.change_clientapikey")
