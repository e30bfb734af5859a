"""Bad VERIFICATION settings are reported by system checks with ids, not found at run time."""

import pytest

from verification.checks import check_verification_settings


def _ids(settings, **overrides):  # type: ignore[no-untyped-def]
    settings.VERIFICATION = {**settings.VERIFICATION, **overrides}
    return sorted(message.id for message in check_verification_settings())


def test_the_default_settings_pass(settings):
    assert _ids(settings) == []


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"ALLOWED_PRIVATE_NETWORKS": ["10.0.0.0/33"]}, "verification.E001"),
        ({"UNKNOWN_KEY": 1}, "verification.E001"),
        ({"VERIFIERS": ["recompute", "oracle"]}, "verification.E002"),
        ({"STAKES": ["critical"]}, "verification.E003"),
        ({"TASK_SOFT_TIME_LIMIT": 90, "TASK_TIME_LIMIT": 90}, "verification.E004"),
        (
            {
                "MARKET_DATA_ENDPOINT": "https://quotes.example/q",
                "MARKET_DATA_FIELDS": {"volume": "v"},
            },
            "verification.E005",
        ),
        ({"MARKET_DATA_ENDPOINT": "https://quotes.example/{symbol}"}, "verification.W001"),
        ({"MARKET_DATA_ADAPTER": "verification.nowhere.Adapter"}, "verification.E006"),
    ],
)
def test_a_misconfiguration_is_reported(settings, overrides, expected):
    assert expected in _ids(settings, **overrides)


def test_allowing_every_host_or_private_networks_in_production_is_warned(settings):
    settings.DEBUG = False
    assert _ids(settings, ALLOWED_HOSTS=["*"], ALLOWED_PRIVATE_NETWORKS=["10.0.0.0/8"]) == [
        "verification.W002",
        "verification.W003",
    ]
