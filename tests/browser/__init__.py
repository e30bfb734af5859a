"""Browser tests: Playwright driving Chromium against the live server."""
