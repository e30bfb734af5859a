"""Who did something: a user, an API client or the system (with the worker's name)."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Actor:
    kind: str  # "user" | "client" | "system"
    id: str
    name: str

    @classmethod
    def for_user(cls, user: Any) -> Actor:
        return cls(kind="user", id=str(user.pk), name=user.get_username())

    @classmethod
    def for_client(cls, client: Any) -> Actor:
        return cls(kind="client", id=str(client.pk), name=client.name)

    @classmethod
    def system(cls, name: str | None = None) -> Actor:
        """The system itself; by default named after this host and process."""
        return cls(kind="system", id="", name=name or f"{socket.gethostname()}:{os.getpid()}")
