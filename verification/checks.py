"""System checks for settings.VERIFICATION: configuration problems reported with ids at startup."""

from typing import Any

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

from hallucination.outbound.policy import outbound_policy

from .conf import VERIFIER_NAMES, verification_settings

_STAKES = ("standard", "high", "audit")


@register(Tags.security)
def check_verification_settings(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    try:
        conf = verification_settings()
        outbound_policy()
    except ImproperlyConfigured as exc:
        return [Error(str(exc), id="verification.E001")]
    except (TypeError, ValueError) as exc:
        return [Error(f"VERIFICATION has a value of the wrong type: {exc}", id="verification.E001")]
    messages: list[CheckMessage] = []
    unknown = sorted(set(conf["VERIFIERS"]) - set(VERIFIER_NAMES))
    if unknown:
        messages.append(
            Error(
                f"VERIFICATION VERIFIERS names unknown verifiers: {unknown}.",
                hint=f"Choose from {list(VERIFIER_NAMES)}.",
                id="verification.E002",
            )
        )
    unknown = sorted(set(conf["STAKES"]) - set(_STAKES))
    if unknown:
        messages.append(
            Error(
                f"VERIFICATION STAKES names unknown stakes: {unknown}.",
                hint=f"Choose from {list(_STAKES)}.",
                id="verification.E003",
            )
        )
    if conf["TASK_TIME_LIMIT"] <= conf["TASK_SOFT_TIME_LIMIT"]:
        messages.append(
            Error(
                "VERIFICATION TASK_TIME_LIMIT must exceed TASK_SOFT_TIME_LIMIT, or the task is "
                "killed before it can finish the query.",
                id="verification.E004",
            )
        )
    endpoint = conf["MARKET_DATA_ENDPOINT"]
    if endpoint and "{symbol}" not in endpoint:
        messages.append(
            Error(
                "VERIFICATION MARKET_DATA_ENDPOINT must contain {symbol}.",
                id="verification.E005",
            )
        )
    if endpoint and not conf["MARKET_DATA_FIELDS"]:
        messages.append(
            Warning(
                "A market-data endpoint is set without MARKET_DATA_FIELDS: market_data is off.",
                id="verification.W001",
            )
        )
    try:
        import_string(conf["MARKET_DATA_ADAPTER"])
    except ImportError as exc:
        messages.append(
            Error(
                f"VERIFICATION MARKET_DATA_ADAPTER cannot be imported: {exc}",
                id="verification.E006",
            )
        )
    if "*" in conf["ALLOWED_HOSTS"] and not settings.DEBUG:
        messages.append(
            Warning(
                "VERIFICATION ALLOWED_HOSTS allows every host: verifiers may be pointed anywhere "
                "public by a submitted source URL.",
                hint="List the hosts sources and quotes come from.",
                id="verification.W002",
            )
        )
    if conf["ALLOWED_PRIVATE_NETWORKS"] and not settings.DEBUG:
        messages.append(
            Warning(
                "VERIFICATION ALLOWED_PRIVATE_NETWORKS lets verifiers reach private addresses.",
                id="verification.W003",
            )
        )
    return messages
