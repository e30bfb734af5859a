"""Shared steps of the browser tests: log in, wait for a page's keyboard script."""

import re

from playwright.sync_api import expect

from tests.factories import PASSWORD


def keys_ready(page, name: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until the page's keyboard script listens (static/js sets html[data-keys])."""
    page.locator(f'html[data-keys="{name}"]').wait_for(state="attached")


def log_in(page, username: str, *, landing: str = "Review queue") -> None:  # type: ignore[no-untyped-def]
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name=landing)).to_be_visible()


def in_viewport(page, selector: str) -> bool:  # type: ignore[no-untyped-def]
    """Whether the whole element is inside the window (not just partly)."""
    return page.locator(selector).first.evaluate(
        """el => { const r = el.getBoundingClientRect();
                   return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; }"""
    )


def url_path(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)
