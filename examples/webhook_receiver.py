"""A webhook receiver that verifies the Standard Webhooks signature: standard library only,
copy it as you like.

Run: WEBHOOK_SECRET=whsec_... python examples/webhook_receiver.py 8099
(the endpoint's secret from `manage.py webhook_secret CLIENT URL`, or the shared
WEBHOOK_SIGNING_SECRET);
then submit with "callback_url": "http://<this host>:8099/hooks/result".
"""

import base64
import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer


# --- begin verify_webhook (docs/api.md quotes this function verbatim) ---
def verify_webhook(secret: str, headers: dict, body: bytes, tolerance: int = 300) -> dict:
    """Return the parsed JSON body if the Standard Webhooks signature is valid and fresh;
    raise ValueError if not.

    headers: the request's headers (any mapping). secret: the endpoint's "whsec_<base64>"
    secret (or the deployment's shared secret). The HMAC-SHA256 is over
    "<webhook-id>.<webhook-timestamp>.<raw body>", the body exactly as received.
    """
    lower = {name.lower(): value for name, value in headers.items()}
    msg_id = lower.get("webhook-id", "")
    timestamp = lower.get("webhook-timestamp", "")
    signatures = lower.get("webhook-signature", "").split()
    if not msg_id or not timestamp.isdigit() or not signatures:
        raise ValueError("malformed webhook headers")
    if abs(time.time() - int(timestamp)) > tolerance:
        raise ValueError("timestamp outside the tolerance: possible replay")
    if secret.startswith("whsec_"):
        key = base64.b64decode(secret.removeprefix("whsec_"))
    else:
        key = secret.encode()
    signed = f"{msg_id}.{timestamp}.".encode() + body
    expected = "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    if not any(hmac.compare_digest(expected, candidate) for candidate in signatures):
        raise ValueError("signature mismatch")
    return json.loads(body)


# --- end verify_webhook ---


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            result = verify_webhook(os.environ["WEBHOOK_SECRET"], dict(self.headers.items()), body)
        except ValueError as error:
            self.send_response(400)
            self.end_headers()
            self.wfile.write(str(error).encode())
            return
        # Answer fast; do slow work elsewhere. Deliveries may repeat: key on webhook-id.
        print(result["id"], result["status"], "flagged" if result["flagged"] else "clean")
        self.send_response(204)
        self.end_headers()


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8099
    HTTPServer(("0.0.0.0", port), Receiver).serve_forever()
