"""The security matrix: SSRF, stored XSS, audit tampering, throttling and bad input, each case
counted (tests/security/conftest.py prints the tally; docs/security.md lists it).

Every case is an attack that must be refused; a failure is a bypass. Responses pass through
`observe`, which counts any 5xx as a server error.
"""

import contextlib
import json
from html.parser import HTMLParser

import pytest
from django.core.cache import cache
from django.db import DatabaseError, connection, transaction
from django.test import Client
from rest_framework.test import APIClient

from audit.actors import Actor
from audit.models import AuditEvent
from hallucination.models import Query, WebhookDelivery
from hallucination.outbound.guard import OutboundFailed, OutboundRefused, fetch
from hallucination.outbound.policy import outbound_policy
from reviews.services import review_open
from tests.factories import PASSWORD, UserFactory, canonical_example
from tests.outbound.servers import counting_resolver, start_server
from tests.outbound.test_outbound_refusals import DIRECT, POLICIES, REDIRECTS

from .conftest import observe

SSRF = pytest.mark.matrix("ssrf")
XSS = pytest.mark.matrix("xss")
TAMPERING = pytest.mark.matrix("tampering")
THROTTLING = pytest.mark.matrix("throttling")
BAD_INPUT = pytest.mark.matrix("bad_input")


# ---------------------------------------------------------------- SSRF


@pytest.fixture
def listeners():  # type: ignore[no-untyped-def]
    first = start_server("127.0.0.1")
    servers = [first]
    for host in ("127.0.0.2", "::1"):
        with contextlib.suppress(OSError):
            servers.append(start_server(host, first.port))
    for server in servers:
        server.route("/", body=b"internal", content_type="text/plain")
    yield servers
    for server in servers:
        server.stop()


def _reached(servers) -> int:  # type: ignore[no-untyped-def]
    return sum(server.connections for server in servers)


@SSRF
@pytest.mark.parametrize(("policy_name", "url", "answers", "code"), DIRECT)
def test_ssrf_a_fetched_url_form_reaches_nothing(
    listeners, settings, policy_name, url, answers, code
):
    settings.VERIFICATION = {**settings.VERIFICATION, **POLICIES[policy_name]}
    kwargs = {}
    if answers is not None:
        host = url.split("//", 1)[1].split(":", 1)[0]
        kwargs["resolver"] = counting_resolver({host: [answers]})[0]

    with pytest.raises(OutboundRefused):
        fetch(url.format(port=listeners[0].port), policy=outbound_policy(), **kwargs)

    assert _reached(listeners) == 0


@SSRF
@pytest.mark.parametrize("target", REDIRECTS)
def test_ssrf_a_redirect_is_not_followed_to_a_refused_place(listeners, settings, target):
    settings.VERIFICATION = {**settings.VERIFICATION, **POLICIES["test"]}
    hop = start_server("127.0.0.1")
    try:
        start = hop.route(
            "/hop",
            status=302,
            headers={"Location": target.format(port=listeners[0].port)},
            body=b"",
        )
        with pytest.raises((OutboundRefused, OutboundFailed)):
            fetch(start, policy=outbound_policy())
    finally:
        hop.stop()

    assert _reached(listeners) == 0


CALLBACKS = [
    "http://127.0.0.1:{port}/hook",
    "http://localhost:{port}/hook",
    "http://2130706433:{port}/hook",
    "http://0x7f.1:{port}/hook",
    "http://[::1]:{port}/hook",
    "http://[::ffff:127.0.0.1]:{port}/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.0.0.1/hook",
    "http://user:pass@127.0.0.1:{port}/hook",
]


@SSRF
@pytest.mark.parametrize("callback", CALLBACKS)
def test_ssrf_a_callback_url_to_an_internal_address_is_refused(
    listeners, alpha, canonical_payload, settings, django_capture_on_commit_callbacks, callback
):
    settings.WEBHOOKS = {**settings.WEBHOOKS, "SIGNING_SECRET": "s" * 32}
    url = callback.format(port=listeners[0].port)

    with django_capture_on_commit_callbacks(execute=True):
        response = observe(
            alpha.post(
                "/api/v1/queries/", {**canonical_payload, "callback_url": url}, format="json"
            )
        )

    if response.status_code in (201, 202):
        delivery = WebhookDelivery.objects.get(query_id=response.json()["id"])
        assert delivery.status == "refused"
    else:
        assert response.status_code == 400
    assert _reached(listeners) == 0


# ---------------------------------------------------------------- stored XSS

XSS_PAYLOADS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    '"><script>alert(1)</script>',
    "'><img src=x onerror=alert(1)>",
    "<iframe src=javascript:alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "<body onload=alert(1)>",
    "<details open ontoggle=alert(1)>",
    "</textarea><script>alert(1)</script>",
    "{{7*7}}<script>alert(1)</script>",
    "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
]


class ActiveContent(HTMLParser):
    """What a browser would run: inline scripts, on* handlers, javascript: URLs, frames."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._in_script = False

    @classmethod
    def find(cls, html: str) -> list[str]:
        parser = cls()
        parser.feed(html)
        return parser.found

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "script":
            self._in_script = "src" not in names and names.get("type") != "application/json"
        if tag in ("iframe", "object", "embed"):
            self.found.append(f"<{tag}>")
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"{tag} {name}={value}")
            if name in ("href", "src", "action") and (value or "").strip().lower().startswith(
                "javascript:"
            ):
                self.found.append(f"{tag} {name}={value}")

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and "alert(" in data:
            self.found.append(f"script: {data[:80]}")


@pytest.fixture
def reviewer_page_client(reviewer):  # type: ignore[no-untyped-def]
    client = Client()
    assert client.login(username=reviewer.username, password=PASSWORD)
    return client


@XSS
@pytest.mark.parametrize("payload", XSS_PAYLOADS)
def test_xss_a_payload_in_every_stored_field_renders_inert(reviewer_page_client, groups, payload):
    query = canonical_example(
        question=payload,
        entity=payload[:200],
        period=payload[:50],
        answer=payload + " EPS was $0.81.",
    )
    review = review_open(query=query, actor=Actor.system("tests"))
    query.sources.update(text=payload + " EPS: $0.78.")

    pages = [
        observe(reviewer_page_client.get(f"/reviews/{review.pk}/")),
        observe(reviewer_page_client.get("/", {"entity": payload[:100]})),
        observe(reviewer_page_client.get(f"/audit/traces/{query.trace_id}/")),
    ]

    for page in pages:
        assert page.status_code in (200, 403)
        html = page.content.decode()
        assert payload not in html
        assert not ActiveContent.find(html), ActiveContent.find(html)


# ---------------------------------------------------------------- audit tampering

TAMPERING_SQL = [
    "UPDATE audit_auditevent SET payload = '{}'::jsonb WHERE seq = (SELECT max(seq) FROM audit_auditevent)",
    "UPDATE audit_auditevent SET hash = repeat('0', 64)",
    "UPDATE audit_auditevent SET event_type = 'query.scored' WHERE seq = 1",
    "DELETE FROM audit_auditevent WHERE seq = (SELECT max(seq) FROM audit_auditevent)",
    "DELETE FROM audit_auditevent",
    "TRUNCATE audit_auditevent",
    "TRUNCATE audit_auditevent CASCADE",
    (
        "INSERT INTO audit_auditevent (seq, created_at, trace_id, event_type, actor_kind, actor_id,"
        " actor_name, subject_type, subject_id, payload, prev_hash, hash) SELECT max(seq) + 1, now(),"
        " 't', 'query.scored', 'system', '', 'x', '', '', '{}'::jsonb, repeat('0', 64), repeat('1', 64)"
        " FROM audit_auditevent"
    ),
]


@TAMPERING
@pytest.mark.parametrize("sql", TAMPERING_SQL)
def test_tampering_the_database_refuses_to_rewrite_the_log(db, sql):
    from audit.services import audit_event_record

    audit_event_record(
        event_type="calculator.used", actor=Actor.system("tests"), trace_id="tamper-matrix"
    )
    before = AuditEvent.objects.count()

    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql)

    assert AuditEvent.objects.count() == before


@TAMPERING
@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_tampering_no_api_or_admin_path_changes_an_event(db, groups, method):
    user = UserFactory(username=f"root-{method}", is_staff=True, is_superuser=True)
    client = Client()
    assert client.login(username=user.username, password=PASSWORD)
    from audit.services import audit_event_record

    event = audit_event_record(
        event_type="calculator.used", actor=Actor.system("tests"), trace_id="tamper-paths"
    )

    responses = [
        observe(
            getattr(client, method)(
                f"/admin/audit/auditevent/{event.pk}/change/", {"event_type": "x.y"}
            )
        ),
        observe(
            getattr(client, method)(f"/admin/audit/auditevent/{event.pk}/delete/", {"post": "yes"})
        ),
        observe(
            getattr(client, method)(
                f"/api/v1/traces/{event.trace_id}/audit/", {}, content_type="application/json"
            )
        ),
    ]

    assert all(r.status_code < 500 for r in responses)
    event.refresh_from_db()
    assert event.event_type == "calculator.used"


# ---------------------------------------------------------------- throttling


@pytest.fixture
def fresh_cache():  # type: ignore[no-untyped-def]
    cache.clear()
    yield
    cache.clear()


@THROTTLING
@pytest.mark.parametrize("path", ["/accounts/login/", "/admin/login/"])
@pytest.mark.parametrize("address", ["198.51.100.1", "2001:db8::1"])
def test_throttling_password_guessing_is_locked_out(groups, settings, fresh_cache, path, address):
    settings.AXES_FAILURE_LIMIT = 3
    UserFactory(username="victim", roles=["reviewer"])
    guesser = Client(REMOTE_ADDR=address)

    for n in range(3):
        observe(guesser.post(path, {"username": "victim", "password": f"guess{n}"}))
    locked = observe(guesser.post(path, {"username": "victim", "password": PASSWORD}))

    assert locked.status_code == 429


@THROTTLING
@pytest.mark.parametrize(
    "header",
    [
        "Api-Key Abcdefgh.0000000000000000000000000000000",
        "Api-Key not-even-a-key",
        "Api-Key " + "A" * 500,
    ],
)
def test_throttling_guessed_api_keys_are_throttled_per_address(db, settings, fresh_cache, header):
    settings.API_BAD_KEY_LIMIT = 4
    guesser = APIClient(REMOTE_ADDR="198.51.100.2")
    guesser.credentials(HTTP_AUTHORIZATION=header)

    codes = [observe(guesser.get("/api/v1/queries/")).status_code for _ in range(6)]

    assert codes == [401] * 4 + [429] * 2


@THROTTLING
def test_throttling_a_client_over_its_rate_gets_429(alpha, settings, fresh_cache, monkeypatch):
    from rest_framework.throttling import SimpleRateThrottle

    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"client": "3/min"})

    codes = [observe(alpha.get("/api/v1/queries/")).status_code for _ in range(5)]

    assert codes[-1] == 429


# ---------------------------------------------------------------- bad input

BAD_BODIES = [
    ("not json", "text"),
    ("{", "json"),
    ("[]", "json"),
    ("null", "json"),
    ('"a string"', "json"),
    ('{"answer": null}', "json"),
    ('{"answer": ""}', "json"),
    ('{"answer": "   "}', "json"),
    ('{"answer": 5}', "json"),
    ('{"answer": {"$gt": ""}}', "json"),
    ('{"answer": "EPS $0.81", "sources": "filing"}', "json"),
    ('{"answer": "EPS $0.81", "sources": [1, 2]}', "json"),
    (
        '{"answer": "EPS $0.81", "sources": [{"id": "a", "text": "x"}, {"id": "a", "text": "y"}]}',
        "json",
    ),
    ('{"answer": "EPS $0.81", "stakes": "cosmic"}', "json"),
    ('{"answer": "EPS $0.81", "confidence": 7}', "json"),
    ('{"answer": "EPS $0.81", "confidence": "NaN"}', "json"),
    ('{"answer": "EPS $0.81", "confidence": "1e99999"}', "json"),
    ('{"answer": "EPS $0.81", "trace_id": "../../etc/passwd"}', "json"),
    ('{"answer": "EPS $0.81", "trace_id": "' + "a" * 65 + '"}', "json"),
    ('{"answer": "EPS $0.81", "callback_url": "javascript:alert(1)"}', "json"),
    ('{"answer": "EPS $0.81", "samples": "one"}', "json"),
    ('{"answer": "EPS $0.81", "samples": [1]}', "json"),
    ('{"answer": "EPS $0.81", "metrics": [{"path": "a", "value": "abc"}]}', "json"),
    ('{"answer": "EPS \\u0000 $0.81"}', "json"),
    ('{"answer": "EPS \\ud800 $0.81"}', "json"),
    ('{"answer": "EPS $0.81", "extra": ' + "[" * 5000 + "]" * 5000 + "}", "json"),
]


@BAD_INPUT
@pytest.mark.parametrize(("body", "kind"), BAD_BODIES)
def test_bad_input_a_malformed_submission_is_a_4xx_and_saves_nothing(alpha, body, kind):
    events = AuditEvent.objects.count()
    content_type = "application/json" if kind == "json" else "text/plain"

    response = observe(alpha.post("/api/v1/queries/", body, content_type=content_type))

    assert 400 <= response.status_code < 500, response.content[:300]
    assert "error" in response.json()
    assert not Query.objects.exists()
    assert AuditEvent.objects.count() == events


BAD_HEADERS = [
    {"HTTP_PREFER": "wait=" + "9" * 5000},
    {"HTTP_PREFER": "wait=-5"},
    {"HTTP_IDEMPOTENCY_KEY": "k" * 256},
    {"HTTP_X_TRACE_ID": "a" * 5000},
    {"HTTP_TRACEPARENT": "00-" + "0" * 32 + "-" + "0" * 16 + "-01"},
    {"HTTP_AUTHORIZATION": "Api-Key " + "\u00e9" * 50},
]


@BAD_INPUT
@pytest.mark.parametrize("headers", BAD_HEADERS)
def test_bad_input_a_hostile_header_never_breaks_a_submission(alpha, canonical_payload, headers):
    response = observe(
        alpha.post(
            "/api/v1/queries/",
            json.dumps(canonical_payload),
            content_type="application/json",
            **headers,
        )
    )

    assert response.status_code < 500
    assert Query.objects.count() <= 1


BAD_PARAMETERS = [
    "/api/v1/queries/?created_after=99999-01-01",
    "/api/v1/queries/?status=%00",
    "/api/v1/queries/?status=cosmic",
    "/api/v1/queries/?page=-1",
    "/api/v1/queries/?page=" + "9" * 5000,
    "/api/v1/exports/queries.csv?entity=%00",
    "/api/v1/exports/queries.csv?created_after=not-a-date",
    "/api/v1/exports/secrets.csv",
    "/api/v1/exports/queries.exe",
    "/api/v1/queries/00000000-0000-0000-0000-000000000000/",
    "/api/v1/traces/..%2F..%2Fetc/audit/",
    "/api/v1/traces/" + "a" * 5000 + "/audit/",
]


@BAD_INPUT
@pytest.mark.parametrize("path", BAD_PARAMETERS)
def test_bad_input_a_hostile_query_string_is_a_4xx(alpha, path):
    response = observe(alpha.get(path))

    assert 400 <= response.status_code < 500, response.content[:300]
