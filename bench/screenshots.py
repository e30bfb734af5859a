"""Screenshots of the main pages at 1366×768 for docs/screenshots/, from a running demo.

    .venv/bin/python bench/screenshots.py --base-url http://127.0.0.1:8017 \\
        --login reviewer:PASSWORD --pages queue,review,reports
    .venv/bin/python bench/screenshots.py --base-url http://127.0.0.1:8017 \\
        --login auditor:PASSWORD --pages audit

The review shot is of the queue's first review, its first flagged claim selected.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from playwright.sync_api import Page, expect, sync_playwright

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
OUTPUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"


def _queue(page: Page) -> None:
    page.goto("/")
    page.locator('html[data-keys="queue"]').wait_for(state="attached")
    # A row selected with j, as a reviewer starting to work sees it.
    page.keyboard.press("j")


def _review(page: Page) -> None:
    page.goto("/")
    href = page.locator("table.queue tbody tr a.row-link").first.get_attribute("href")
    page.goto(href or "/")
    page.locator('html[data-keys="review"]').wait_for(state="attached")


def _audit(page: Page) -> None:
    page.goto("/audit/traces/")
    expect(page.locator("table.traces tbody tr").first).to_be_visible()


def _reports(page: Page) -> None:
    page.goto("/reports/")


def _reports_trend(page: Page) -> None:
    page.goto("/reports/#trend-heading")


PAGES = {
    "queue": _queue,
    "review": _review,
    "audit": _audit,
    "reports": _reports,
    "reports-trend": _reports_trend,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--login", required=True, help="username:password")
    parser.add_argument("--pages", default=",".join(PAGES))
    parser.add_argument("--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    username, password = args.login.split(":", 1)
    args.output.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_context(
            viewport={"width": 1366, "height": 768}, base_url=args.base_url
        ).new_page()
        page.goto("/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", password)
        page.click("button[type=submit]")
        page.wait_for_url(lambda url: "/accounts/login/" not in url)
        for name in args.pages.split(","):
            PAGES[name](page)
            path = args.output / f"{name}.png"
            page.screenshot(path=str(path))
            print(path)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
