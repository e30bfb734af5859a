"""A webhook receiver that verifies the signature: standard library only, copy it as you like.

Run: WEBHOOK_SIGNING_SECRET=... python examples/webhook_receiver.py 8099
then submit with "callback_url": "http://<this host>:8099/hooks/result".
"""

import hashlib
import hmac
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer


# --- begin verify_webhook (docs/api.md quotes this function verbatim) ---
def verify_webhook(secret: str, header: str, body: bytes, tolerance: int = 300) -> dict:
    """Return the parsed JSON body if X-Signature is valid and fresh; raise ValueError if not.

    header is the X-Signature value: "t=<unix seconds>,v1=<hex HMAC-SHA256>". The HMAC is
    over the timestamp, a dot and the raw body bytes, exactly as received (before parsing).
    """
    fields = [part.strip().split("=", 1) for part in header.split(",") if "=" in part]
    timestamps = [value for key, value in fields if key == "t"]
    signatures = [value for key, value in fields if key == "v1"]
    if not timestamps or not signatures:
        raise ValueError("malformed X-Signature header")
    signed = timestamps[0].encode() + b"." + body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    if not any(hmac.compare_digest(expected, candidate) for candidate in signatures):
        raise ValueError("signature mismatch")
    if abs(time.time() - int(timestamps[0])) > tolerance:
        raise ValueError("timestamp outside the tolerance: possible replay")
    return json.loads(body)


# --- end verify_webhook ---


class Receiver(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            result = verify_webhook(
                os.environ["WEBHOOK_SIGNING_SECRET"], self.headers.get("X-Signature", ""), body
            )
        except ValueError as error:
            self.send_response(400)
            self.end_headers()
            self.wfile.write(str(error).encode())
            return
        # Answer fast; do slow work elsewhere. Deliveries may repeat: key on X-Webhook-Delivery.
        print(result["id"], result["status"], "flagged" if result["flagged"] else "clean")
        self.send_response(204)
        self.end_headers()


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8099
    HTTPServer(("0.0.0.0", port), Receiver).serve_forever()
