"""The base layout: a skip link, a favicon, and the admin link for staff only."""

from django.contrib.staticfiles import finders

from reviews import roles
from tests.factories import UserFactory


def test_it_starts_with_a_link_that_skips_to_the_main_content(client, reviewer):
    client.force_login(reviewer)

    body = client.get("/").content.decode()

    skip = body.index('<a class="skip-link" href="#main">Skip to main content</a>')
    assert skip < body.index('<header class="topbar">')
    assert '<main id="main" tabindex="-1">' in body


def test_it_links_a_favicon_that_exists(client, reviewer):
    client.force_login(reviewer)

    body = client.get("/").content.decode()

    assert '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml">' in body
    assert finders.find("favicon.svg")


def test_the_admin_link_is_hidden_from_reviewers(client, reviewer):
    client.force_login(reviewer)

    assert 'href="/admin/"' not in client.get("/").content.decode()


def test_the_admin_link_is_shown_to_staff(client, groups):
    client.force_login(UserFactory(username="stella", is_staff=True, roles=[roles.ADMIN]))

    assert '<a href="/admin/">Admin</a>' in client.get("/").content.decode()
