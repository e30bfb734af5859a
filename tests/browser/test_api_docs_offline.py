"""The API docs render in Chromium with nothing fetched from anywhere but this server."""

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _block_elsewhere(page, live_server) -> list[str]:  # type: ignore[no-untyped-def]
    """Abort and record every request that is not to the test server."""
    elsewhere: list[str] = []

    def route(request_route):  # type: ignore[no-untyped-def]
        url = request_route.request.url
        if url.startswith(live_server.url) or url.startswith(("data:", "blob:")):
            request_route.continue_()
        else:
            elsewhere.append(url)
            request_route.abort()

    page.route("**/*", route)
    return elsewhere


def test_swagger_ui_renders_from_the_projects_static_files_without_inline_script(page, live_server):
    elsewhere = _block_elsewhere(page, live_server)

    page.goto("/api/docs/")

    expect(page.locator(".swagger-ui .info .title")).to_contain_text(
        "Numeric hallucination review API"
    )
    expect(page.locator(".opblock-tag").first).to_be_visible()
    assert page.locator("script:not([src])").count() == 0
    assert elsewhere == []


def test_redoc_renders_without_fonts_or_scripts_from_elsewhere(page, live_server):
    elsewhere = _block_elsewhere(page, live_server)

    page.goto("/api/redoc/")

    expect(page.locator("h1").first).to_contain_text("Numeric hallucination review API")
    assert "fonts.googleapis.com" not in page.content()
    assert elsewhere == []


def test_the_docs_pages_say_so_in_their_content_security_policy(client):
    for url in ("/api/docs/", "/api/redoc/"):
        policy = client.get(url)["Content-Security-Policy"]
        assert "default-src 'self'" in policy
        assert "script-src 'self';" in policy
        assert "img-src 'self' data:" in policy
