"""An agent loop that uses the calculator tool and submits its final answer for checking.

The model computes nothing itself: every figure goes through `POST /api/v1/calculate/` under
one trace ID, and the answer is submitted under the same trace, so the detector grounds the
computed figures against the recorded calculator outputs (outcome `calculated`).

Run against a server with an OpenAI-compatible chat endpoint:

    HALLUCINATION_API=http://127.0.0.1:8000 HALLUCINATION_API_KEY=... \\
    LLM_BASE_URL=https://llm.example.com/v1 LLM_API_KEY=... LLM_MODEL=... \\
    python examples/agent_loop.py

Needs only httpx. `model` is any callable taking (messages, tools) and returning an
OpenAI-style assistant message, so another client (or a scripted one in tests) plugs in.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable
from typing import Any

import httpx

Message = dict[str, Any]
Model = Callable[[list[Message], list[dict[str, Any]]], Message]

SYSTEM_PROMPT = (
    "You answer questions about financial documents. Never do arithmetic in your head: call "
    "the calculate tool for every figure you derive, and quote only numbers that appear in the "
    "sources or that the tool returned."
)


def run_agent(
    *,
    base_url: str,
    api_key: str,
    question: str,
    sources: list[dict[str, str]],
    model: Model,
    stakes: str = "standard",
    max_turns: int = 8,
    wait_seconds: int = 10,
) -> dict[str, Any]:
    """Answer the question with the model and the calculator; return the detection result."""
    trace_id = uuid.uuid4().hex
    headers = {"Authorization": f"Api-Key {api_key}", "X-Trace-Id": trace_id}
    with httpx.Client(base_url=base_url, headers=headers, timeout=30) as api:
        tool = api.get("/api/v1/calculate/tool/").raise_for_status().json()
        tools = [tool["openai"]]
        context = "\n\n".join(f"[{s['id']}]\n{s['text']}" for s in sources)
        messages: list[Message] = [
            {"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": f"{question}\n\nSources:\n{context}"},
        ]
        answer = None
        for _turn in range(max_turns):
            reply = model(messages, tools)
            messages.append(reply)
            calls = reply.get("tool_calls") or []
            if not calls:
                answer = reply.get("content") or ""
                break
            for call in calls:
                messages.append(_tool_result(api, call, trace_id))
        if answer is None:
            raise RuntimeError(f"The model did not answer within {max_turns} turns.")
        response = api.post(
            "/api/v1/queries/",
            json={
                "question": question,
                "answer": answer,
                "sources": sources,
                "stakes": stakes,
                "trace_id": trace_id,
            },
            headers={"Prefer": f"wait={wait_seconds}"},
        )
        response.raise_for_status()
        return response.json()


def _tool_result(api: httpx.Client, call: dict[str, Any], trace_id: str) -> Message:
    """Run one tool call through the calculator; errors go back to the model to correct."""
    return {
        "role": "tool",
        "tool_call_id": call["id"],
        "content": json.dumps(_calculate(api, call["function"], trace_id)),
    }


def _calculate(api: httpx.Client, function: dict[str, Any], trace_id: str) -> dict[str, Any]:
    if function.get("name") != "calculate":
        return {"error": f"unknown tool {function.get('name')!r}"}
    try:
        arguments = json.loads(function.get("arguments") or "{}")
    except json.JSONDecodeError as error:
        return {"error": f"arguments are not JSON: {error}"}
    if not isinstance(arguments, dict) or "expression" not in arguments:
        return {"error": "missing 'expression'"}
    response = api.post(
        "/api/v1/calculate/", json={"expression": arguments["expression"], "trace_id": trace_id}
    )
    body = response.json()
    if response.status_code != 200:
        return {"error": body.get("error"), "detail": body.get("detail")}
    return {"result": body["result"], "expression": body["expression"]}


def openai_compatible_model(*, base_url: str, api_key: str, model: str) -> Model:
    """A Model backed by any OpenAI-compatible /chat/completions endpoint."""

    def complete(messages: list[Message], tools: list[dict[str, Any]]) -> Message:
        response = httpx.post(
            f"{base_url.rstrip('/')}/chat/completions",
            headers={"Authorization": f"Bearer {api_key}"},
            json={"model": model, "messages": messages, "tools": tools, "temperature": 0},
            timeout=120,
        )
        response.raise_for_status()
        message = response.json()["choices"][0]["message"]
        return {key: value for key, value in message.items() if value is not None}

    return complete


if __name__ == "__main__":
    result = run_agent(
        base_url=os.environ.get("HALLUCINATION_API", "http://127.0.0.1:8000"),
        api_key=os.environ["HALLUCINATION_API_KEY"],
        question="By how much did EPS beat the estimate, in percent?",
        sources=[{"id": "estimates", "text": "Reported EPS: $0.50. Consensus estimate: $0.45."}],
        model=openai_compatible_model(
            base_url=os.environ["LLM_BASE_URL"],
            api_key=os.environ["LLM_API_KEY"],
            model=os.environ["LLM_MODEL"],
        ),
    )
    print(json.dumps(result, indent=2))
