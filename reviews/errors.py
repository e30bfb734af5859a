"""Why a review service refused: not allowed (403), out of date (409) or bad input (400)."""

from django.core.exceptions import PermissionDenied


class ReviewPermissionDenied(PermissionDenied):
    """The user's role does not allow this action; views answer 403."""


class ReviewConflict(Exception):
    """The review changed since the caller read it, or someone else holds it; views answer 409."""

    def __init__(self, message: str, *, current_version: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.current_version = current_version


class ReviewInvalid(ValueError):
    """The request itself is wrong (no reason to reject, a missing label); views answer 400.

    `field` names the input at fault so forms and the API can attach the message to it.
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
