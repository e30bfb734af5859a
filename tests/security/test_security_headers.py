"""Every response carries the security headers; production adds HSTS and secure cookies."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION = {
    "DEBUG": "false",
    "SECRET_KEY": "k" * 10 + "x9!Qz-2#pL7@vW4$rT8^mN1&bC6*dF3(hJ5)" + "y" * 20,
    "ALLOWED_HOSTS": "review.example.com",
    "AUDIT_CHECKPOINT_KEY": "c" * 48,
    "WEBHOOK_SIGNING_SECRET": "w" * 40,
    # A shared cache, so throttles and lockouts count across web processes.
    "CACHE_URL": os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/11"),
}

# Run inside a process configured as production: settings are read once, at start-up.
PROBE = """
import json
from django.test import Client
client = Client(HTTP_HOST="review.example.com")
plain = client.get("/health/live/")
secure = client.get("/health/live/", secure=True)
login = client.get("/accounts/login/", secure=True)
print(json.dumps({
    "plain_status": plain.status_code,
    "plain_location": plain.get("Location", ""),
    "hsts": secure.get("Strict-Transport-Security", ""),
    "session_cookie_secure": __import__("django.conf").conf.settings.SESSION_COOKIE_SECURE,
    "csrf_cookie": str(login.cookies.get("csrftoken", "")),
}))
"""


@pytest.mark.parametrize("path", ["/health/live/", "/api/v1/queries/", "/accounts/login/"])
def test_every_response_carries_the_security_headers(db, client, path):
    response = client.get(path)

    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


def test_production_redirects_to_https_and_sends_hsts_and_secure_cookies():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DEBUG", "SECURE_"))}
    env.update(PRODUCTION)
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout.strip().splitlines()[-1])

    assert seen["plain_status"] == 301
    assert seen["plain_location"].startswith("https://review.example.com/")
    assert seen["hsts"] == "max-age=31536000; includeSubDomains; preload"
    assert seen["session_cookie_secure"] is True
    assert "secure" in seen["csrf_cookie"].lower()
