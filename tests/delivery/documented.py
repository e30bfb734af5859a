"""The receiver's signature check exactly as docs/api.md prints it, loaded for the tests."""

import re
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def documented_verify_webhook() -> Callable[..., dict]:
    text = (ROOT / "docs" / "api.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.DOTALL)
    (code,) = [block for block in blocks if "def verify_webhook(" in block]
    namespace: dict = {}
    # Our own documentation, executed so the tests check the code a reader copies.
    exec(compile(code, "docs/api.md", "exec"), namespace)
    return namespace["verify_webhook"]
