"""The API's JSON parser: Django's request-size limit, and a bound on how deep a body nests."""

from typing import Any

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


def json_depth(value: Any) -> int:
    """How deeply lists and objects nest in a parsed JSON value (a scalar is 0), without
    recursion, so a hostile body cannot exhaust the stack while being measured."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


class BoundedJSONParser(JSONParser):
    """JSON whose nesting stays within API_MAX_JSON_DEPTH; deeper is a 400 before any view
    code (or Python's recursion limit) sees it."""

    def parse(self, stream, media_type=None, parser_context=None):  # type: ignore[no-untyped-def]
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the body nests too deeply.") from None
        limit = settings.API_MAX_JSON_DEPTH
        if json_depth(data) > limit:
            raise ParseError(f"JSON parse error - the body nests deeper than {limit} levels.")
        return data
