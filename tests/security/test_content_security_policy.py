"""Content-Security-Policy on every page (issue 16, expected): django-csp, scripts from this
site only, and no inline script anywhere the service renders."""

import re

import pytest
from django.test import Client

from tests.factories import PASSWORD, UserFactory

INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>", re.I)
INLINE_HANDLER = re.compile(r"\son[a-z]+\s*=", re.I)


@pytest.fixture
def staff_browser(groups, review):  # type: ignore[no-untyped-def]
    user = UserFactory(username="csp-root", is_staff=True, is_superuser=True)
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    return client


PAGES = [
    "/",
    "/reports/",
    "/audit/traces/",
    "/accounts/login/",
    "/admin/",
    "/admin/login/",
    "/admin/auth/user/",
    "/admin/hallucination/clientapikey/add/",
    "/api/docs/",
    "/api/redoc/",
]


@pytest.mark.parametrize("path", PAGES)
def test_every_page_has_a_strict_policy_and_no_inline_script(staff_browser, path):
    response = staff_browser.get(path, follow=True)

    assert response.status_code == 200
    policy = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";") if d.strip())
    assert directives["script-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    html = response.content.decode()
    assert not INLINE_SCRIPT.search(html), INLINE_SCRIPT.search(html).group(0)
    assert not INLINE_HANDLER.search(re.sub(r"<script.*?</script>", "", html, flags=re.S))


def test_the_review_page_has_no_inline_script(staff_browser, review):
    response = staff_browser.get(f"/reviews/{review.pk}/")

    assert "Content-Security-Policy" in response
    assert not INLINE_SCRIPT.search(response.content.decode())


def test_the_api_docs_start_up_script_is_served_as_a_file(staff_browser):
    script = staff_browser.get("/api/docs/?script=")

    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
