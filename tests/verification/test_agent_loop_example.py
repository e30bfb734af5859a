"""examples/agent_loop.py end to end against the live server, with a scripted model.

The scripted model is the only stand-in, at the model boundary: the loop, the tool
definition, the calculator, the trace and detection are all real.
"""

import importlib.util
import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest

from audit.actors import Actor
from hallucination.models import CalculatorOutput, Query
from hallucination.services import api_client_key_create

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [{"id": "estimates", "text": "Reported EPS: $0.50. Consensus EPS estimate: $0.45."}]


def _load_example():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("agent_loop", ROOT / "examples" / "agent_loop.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class ScriptedModel:
    """Asks for one calculation, then writes the answer from the number the tool returned."""

    def __init__(self, expression: str) -> None:
        self.expression = expression
        self.seen_tools: list = []
        self.tool_messages: list = []

    def __call__(self, messages, tools):  # type: ignore[no-untyped-def]
        self.seen_tools.append(tools)
        results = [m for m in messages if m["role"] == "tool"]
        if not results:
            arguments = json.dumps({"expression": self.expression})
            call = {"id": "call_1", "type": "function"}
            call["function"] = {"name": tools[0]["function"]["name"], "arguments": arguments}
            return {"role": "assistant", "content": None, "tool_calls": [call]}
        self.tool_messages = results
        value = Decimal(json.loads(results[-1]["content"])["result"])
        surprise = value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        return {
            "role": "assistant",
            "content": f"Reported EPS of $0.50 beat the $0.45 estimate, "
            f"an earnings surprise of {surprise}%.",
        }


@pytest.fixture
def api_key(transactional_db) -> str:  # type: ignore[no-untyped-def]
    _, key = api_client_key_create(client_name="example-agent", actor=Actor.system("tests"))
    return key


def test_the_example_agent_loop_grounds_its_computed_figure(live_server, api_key):
    model = ScriptedModel("(0.50 - 0.45) / 0.45 * 100")

    result = _load_example().run_agent(
        base_url=live_server.url,
        api_key=api_key,
        question="By how much did EPS beat the estimate?",
        sources=SOURCES,
        model=model,
    )

    assert model.seen_tools[0][0]["function"]["name"] == "calculate"
    assert result["status"] == "done"
    claims = {claim["text"]: claim for claim in result["claims"]}
    assert claims["11.11%"]["outcome"] == "calculated"
    assert result["flagged"] is False
    query = Query.objects.get(pk=result["id"])
    (output,) = CalculatorOutput.objects.filter(trace_id=query.trace_id)
    assert output.result.quantize(Decimal("0.0001")) == Decimal("11.1111")


def test_without_the_calculator_the_same_figure_is_not_grounded(live_server, api_key):
    # Control: the same answer under a fresh trace with no tool output is flagged.
    example = _load_example()
    answer = "Reported EPS of $0.50 beat the $0.45 estimate, an earnings surprise of 11.11%."

    result = example.run_agent(
        base_url=live_server.url,
        api_key=api_key,
        question="By how much did EPS beat the estimate?",
        sources=SOURCES,
        model=lambda messages, tools: {"role": "assistant", "content": answer},
    )

    claims = {claim["text"]: claim for claim in result["claims"]}
    assert claims["11.11%"]["outcome"] != "calculated"
    assert not CalculatorOutput.objects.filter(trace_id=result["trace_id"]).exists()


def test_a_refused_expression_goes_back_to_the_model(live_server, api_key):
    model = ScriptedModel("__import__('os').system('true')")

    with pytest.raises(KeyError):
        # The scripted model expects a result; the loop handed it the calculator's refusal.
        _load_example().run_agent(
            base_url=live_server.url,
            api_key=api_key,
            question="?",
            sources=SOURCES,
            model=model,
        )

    (message,) = model.tool_messages
    assert json.loads(message["content"])["error"]
