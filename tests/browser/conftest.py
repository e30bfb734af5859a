"""Playwright driving Debian's Chromium (no browser download), one browser for the session."""

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"
REPOSITORY = Path(__file__).resolve().parent.parent.parent


def _ensure_chromium() -> None:
    """Install Debian's Chromium (make chromium) the first time a browser test needs it, so
    runs that never reach a browser test never need a browser."""
    if Path(CHROMIUM).exists():
        return
    subprocess.run(["make", "chromium"], cwd=REPOSITORY, check=False, timeout=900)
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM} and make chromium could not install it."
        )


@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    _ensure_chromium()
    # Playwright's sync API keeps an event loop in the main thread; Django would otherwise refuse
    # ORM calls made by the test body while it runs. Scoped to these tests only, so processes
    # started by later tests (which inherit the environment) keep async safety on.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser, live_server) -> Iterator[object]:  # type: ignore[no-untyped-def]
    context = browser.new_context(
        viewport={"width": 1400, "height": 1000}, base_url=live_server.url
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    context.close()


@pytest.fixture
def artifacts() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
