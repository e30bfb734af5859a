"""GET /api/v1/calculate/tool/: a valid JSON Schema in the shapes LLM clients accept."""

import jsonschema
import pytest

pytestmark = pytest.mark.django_db

URL = "/api/v1/calculate/tool/"

# What the two client dialects require of a tool entry.
OPENAI_TOOL = {
    "type": "object",
    "required": ["type", "function"],
    "properties": {
        "type": {"const": "function"},
        "function": {
            "type": "object",
            "required": ["name", "description", "parameters"],
            "properties": {
                "name": {"type": "string", "pattern": "^[a-zA-Z0-9_-]{1,64}$"},
                "description": {"type": "string", "minLength": 1},
                "parameters": {"type": "object"},
            },
        },
    },
}
ANTHROPIC_TOOL = {
    "type": "object",
    "required": ["name", "description", "input_schema"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "pattern": "^[a-zA-Z0-9_-]{1,64}$"},
        "description": {"type": "string", "minLength": 1},
        "input_schema": {"type": "object", "required": ["type"]},
    },
}


def test_the_definition_validates_as_json_schema(llm_service):
    tool = llm_service.get(URL).json()

    jsonschema.Draft202012Validator.check_schema(tool["parameters"])
    jsonschema.validate(tool["openai"], OPENAI_TOOL)
    jsonschema.validate(tool["anthropic"], ANTHROPIC_TOOL)
    assert tool["openai"]["function"]["parameters"] == tool["parameters"]
    assert tool["anthropic"]["input_schema"] == tool["parameters"]


def test_its_schema_accepts_a_call_and_refuses_bad_ones(llm_service):
    validator = jsonschema.Draft202012Validator(llm_service.get(URL).json()["parameters"])

    assert validator.is_valid({"expression": "(1.85 - 1.62) / 1.62 * 100"})
    assert not validator.is_valid({})
    assert not validator.is_valid({"expression": ""})
    assert not validator.is_valid({"expression": "1+1", "code": "import os"})
    assert not validator.is_valid({"expression": "1+" * 300 + "1"})


def test_openai_strict_mode_rules_hold(llm_service):
    # Strict function calling needs every property required and no others allowed.
    function = llm_service.get(URL).json()["openai"]["function"]
    parameters = function["parameters"]

    assert function["strict"] is True
    assert set(parameters["required"]) == set(parameters["properties"])
    assert parameters["additionalProperties"] is False


def test_the_schema_length_limit_is_the_calculators(llm_service):
    limit = llm_service.get(URL).json()["parameters"]["properties"]["expression"]["maxLength"]

    longest = "0." + "1" * (limit - 2)
    accepted = llm_service.post("/api/v1/calculate/", {"expression": longest}, format="json")
    refused = llm_service.post("/api/v1/calculate/", {"expression": longest + "0"}, format="json")
    assert len(longest) == limit
    assert accepted.status_code == 200, accepted.json()
    assert refused.status_code == 400
    assert refused.json()["error"] == "too_long"


def test_it_needs_authentication(client):
    assert client.get(URL).status_code in (401, 403)
