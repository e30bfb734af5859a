"""Who may do what in the detection API."""

from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from .authentication import ApiClientUser


def is_api_client(request: Request) -> bool:
    return isinstance(request.user, ApiClientUser)


class IsApiClient(BasePermission):
    """Machine clients with a valid API key."""

    message = "An API key is required (Authorization: Api-Key <key>)."

    def has_permission(self, request: Request, view: object) -> bool:
        return is_api_client(request)


class IsApiClientOrCanViewQueries(BasePermission):
    """Clients read their own queries; people need the view permission to read any."""

    def has_permission(self, request: Request, view: object) -> bool:
        if is_api_client(request):
            return True
        user = request.user
        return bool(user and user.is_authenticated and user.has_perm("hallucination.view_query"))
