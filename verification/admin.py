"""Admin for reference facts: edits go through the load service, so each is audited."""

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest

from audit.actors import Actor
from hallucination.models import ReferenceFact

from .reference_facts import FactRowError, validate_fact
from .services import reference_facts_load

_FORM_FIELDS = ("entity", "metric", "period", "value", "unit", "source", "as_of")


class ReferenceFactForm(forms.ModelForm):
    class Meta:
        model = ReferenceFact
        fields = list(_FORM_FIELDS)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.errors:
            return data
        # The same rules as load_facts and the API, so a fact means the same however it came.
        row = {name: data.get(name) for name in _FORM_FIELDS if name in data}
        if self.instance.pk:
            row.update(
                entity=self.instance.entity,
                metric=self.instance.metric,
                period=self.instance.period,
            )
        row = {name: value for name, value in row.items() if value not in (None, "")}
        if "as_of" in row:
            row["as_of"] = row["as_of"].isoformat()
        try:
            validate_fact(row)
        except FactRowError as exc:
            raise forms.ValidationError(str(exc).capitalize() + ".") from None
        return data


# The detection app may register a read-only view of facts; this one, which edits through the
# audited load service, takes its place.
if admin.site.is_registered(ReferenceFact):
    admin.site.unregister(ReferenceFact)


@admin.register(ReferenceFact)
class ReferenceFactAdmin(admin.ModelAdmin):
    form = ReferenceFactForm
    list_display = ("entity", "metric", "period", "value", "unit", "as_of", "source")
    list_filter = ("unit", "period")
    search_fields = ("entity", "metric", "period", "source")
    ordering = ("entity", "metric", "period")

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        # The natural key identifies the fact; changing it would be another fact.
        return ("entity", "metric", "period", "created_at") if obj else ("created_at",)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # Facts are evidence verdicts rest on: correct them (an audited upsert), never delete.
        return False

    def save_model(self, request: HttpRequest, obj: ReferenceFact, form: Any, change: bool) -> None:
        row = {
            "entity": obj.entity,
            "metric": obj.metric,
            "period": obj.period,
            "value": str(obj.value),
            "unit": obj.unit,
            "source": obj.source,
            "as_of": obj.as_of.isoformat() if obj.as_of else None,
        }
        reference_facts_load(
            rows=[row], actor=Actor.for_user(request.user), origin="admin", trace_id=None
        )
        saved = ReferenceFact.objects.get(
            entity__iexact=obj.entity, metric__iexact=obj.metric, period__iexact=obj.period
        )
        # The admin logs and redirects to the row the service wrote.
        obj.pk, obj.created_at = saved.pk, saved.created_at
        obj._state.adding = False
