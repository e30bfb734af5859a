"""People's accounts: sign-in throttling (django-axes) and the audit trail of logins and roles.

Every login, failed login and lockout is an audit event, and so is every change to what a
person may do (roles, superuser, staff, direct permissions), whoever made it and however
(the admin, a command, a shell): the receivers below hear the model signals, so no path
around the admin escapes the record.
"""

from __future__ import annotations

import contextvars
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.signals import user_locked_out
from axes.utils import reset as axes_reset
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group, Permission
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.db import transaction
from django.db.models.signals import m2m_changed, post_save, pre_save
from django.dispatch import receiver
from django.http import HttpRequest

from audit import events
from audit.actors import Actor
from audit.services import audit_event_record
from audit.tracing import get_trace_id, new_trace_id

User = get_user_model()

# The person acting in the admin (set around a save there); a change made elsewhere is the
# system's (a command, a migration, a shell).
_acting_user: contextvars.ContextVar[Any] = contextvars.ContextVar("acting_user", default=None)

# The account fields that grant power; a change to any of them is audited.
PRIVILEGE_FIELDS = ("is_superuser", "is_staff", "is_active")


class LoginThrottleBackend(AxesStandaloneBackend):
    """django-axes' lockout check for every sign-in that comes with a request.

    Only HTTP sign-ins (the login page, the admin, session API logins) carry a request, and
    only those can be guessed at from outside; an in-process `authenticate()` without one (a
    management command, the test client's login) has nothing to throttle by and passes on.
    """

    def authenticate(  # type: ignore[override]
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> None:
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


@contextmanager
def acting_as(user: Any) -> Iterator[None]:
    """Attribute the account changes made inside the block to `user`."""
    token = _acting_user.set(user)
    try:
        yield
    finally:
        _acting_user.reset(token)


def _actor() -> Actor:
    user = _acting_user.get()
    if user is not None and getattr(user, "pk", None) is not None:
        return Actor.for_user(user)
    return Actor.system()


def _client_address(request: HttpRequest | None) -> str:
    return (request.META.get("REMOTE_ADDR", "") if request is not None else "")[:64]


def _name(value: object) -> str:
    return (str(value or "") or "(blank)")[:150]


# ---------------------------------------------------------------- sign-in events


@receiver(user_logged_in, dispatch_uid="reviews.audit_login")
def _audit_login(sender: object, request: HttpRequest | None, user: Any, **_: Any) -> None:
    with transaction.atomic():
        audit_event_record(
            event_type=events.USER_LOGGED_IN,
            actor=Actor.for_user(user),
            subject_type="user",
            subject_id=str(user.pk),
            payload={"username": user.get_username(), "ip": _client_address(request)},
        )


@receiver(user_login_failed, dispatch_uid="reviews.audit_login_failure")
def _audit_login_failure(
    sender: object, credentials: dict[str, Any], request: HttpRequest | None = None, **_: Any
) -> None:
    # Django has already replaced the password in `credentials` with asterisks.
    username = _name(credentials.get("username"))
    with transaction.atomic():
        audit_event_record(
            event_type=events.USER_LOGIN_FAILED,
            actor=Actor(kind="user", id="", name=username),
            subject_type="user",
            subject_id=username[:64],
            payload={"username": username, "ip": _client_address(request)},
        )


@receiver(user_locked_out, dispatch_uid="reviews.audit_lockout")
def _audit_lockout(
    sender: object, request: HttpRequest, username: str, ip_address: str, **_: Any
) -> None:
    name = _name(username)
    with transaction.atomic():
        audit_event_record(
            event_type=events.USER_LOCKED_OUT,
            actor=Actor.system("django-axes"),
            subject_type="user",
            subject_id=name[:64],
            payload={"username": name, "ip": (ip_address or "")[:64]},
        )


@transaction.atomic
def login_lockout_clear(*, username: str, ip_address: str | None = None, actor: Actor) -> int:
    """Lift a sign-in lockout (of a username, optionally at one address); returns the number
    of failure records removed."""
    removed = axes_reset(username=username, ip=ip_address)
    audit_event_record(
        event_type=events.USER_UNLOCKED,
        actor=actor,
        subject_type="user",
        subject_id=username[:64],
        payload={"username": username, "ip": ip_address, "failures_removed": removed},
    )
    return removed


# ---------------------------------------------------------------- privileges


@receiver(pre_save, sender=User, dispatch_uid="reviews.remember_privileges")
def _remember_privileges(sender: object, instance: Any, **_: Any) -> None:
    previous = (
        sender.objects.filter(pk=instance.pk).values(*PRIVILEGE_FIELDS).first()  # type: ignore[attr-defined]
        if instance.pk
        else None
    )
    instance._privileges_before = previous


@receiver(post_save, sender=User, dispatch_uid="reviews.audit_privileges")
def _audit_privileges(sender: object, instance: Any, created: bool, **_: Any) -> None:
    before = getattr(instance, "_privileges_before", None) or {}
    changes = {
        name: {"from": before.get(name), "to": getattr(instance, name)}
        for name in PRIVILEGE_FIELDS
        if created or before.get(name) != getattr(instance, name)
    }
    if created:
        changes = {name: change for name, change in changes.items() if change["to"]}
    if not changes and not created:
        return
    _record_roles_change(user=instance, payload={"created": created, "fields": changes})


def _record_roles_change(*, user: Any, payload: dict[str, Any]) -> None:
    with transaction.atomic():
        audit_event_record(
            event_type=events.USER_ROLES_CHANGED,
            actor=_actor(),
            # A change outside a request (a command, a shell) is a trace of its own.
            trace_id=get_trace_id() or new_trace_id(),
            subject_type="user",
            subject_id=str(user.pk),
            payload={"username": user.get_username(), **payload},
        )


def _names(model: type, pks: set[int] | None, field: str) -> list[str]:
    if not pks:
        return []
    return sorted(str(v) for v in model.objects.filter(pk__in=pks).values_list(field, flat=True))  # type: ignore[attr-defined]


@receiver(m2m_changed, sender=User.groups.through, dispatch_uid="reviews.audit_groups")
def _audit_groups(
    sender: object, instance: Any, action: str, reverse: bool, pk_set: set[int] | None, **_: Any
) -> None:
    _audit_membership(instance, action, reverse, pk_set, field="groups", model=Group, label="name")


@receiver(
    m2m_changed, sender=User.user_permissions.through, dispatch_uid="reviews.audit_permissions"
)
def _audit_permissions(
    sender: object, instance: Any, action: str, reverse: bool, pk_set: set[int] | None, **_: Any
) -> None:
    _audit_membership(
        instance, action, reverse, pk_set, field="permissions", model=Permission, label="codename"
    )


def _audit_membership(
    instance: Any,
    action: str,
    reverse: bool,
    pk_set: set[int] | None,
    *,
    field: str,
    model: type,
    label: str,
) -> None:
    if action == "pre_clear":
        # What a clear removes is known only before it happens.
        related = getattr(instance, field if not reverse else "user_set")
        instance._cleared = set(related.values_list("pk", flat=True))
        return
    if action not in ("post_add", "post_remove", "post_clear"):
        return
    if action == "post_clear":
        pk_set = getattr(instance, "_cleared", set())
    verb = "added" if action == "post_add" else "removed"
    if reverse:
        # group.user_set.add(user): instance is the group (or permission), pk_set the users.
        for user in User.objects.filter(pk__in=pk_set or ()):
            _record_roles_change(
                user=user, payload={field: {verb: [str(getattr(instance, label))]}}
            )
        return
    if pk_set:
        _record_roles_change(user=instance, payload={field: {verb: _names(model, pk_set, label)}})
