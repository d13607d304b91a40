"""The built-in agent and a model's context window, at the wire: the scripted model server
enforces a window (and says so in its model list), the agent shortens the oldest tool results
so that every request fits, and says so in its trajectory; a model that refuses a request for
its length, in each provider's words, ends the turn as the agent's error, never vera's."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from support.gateway import VERA, Trial, make_trial
from vera.agents.builtin import BuiltinAgent, BuiltinAgentConfig, McpServer
from vera.agents.window import cut_note
from vera.gateway import read_trace
from vera.models.runtime import ModelRuntime, RetryPolicy

pytestmark = pytest.mark.integration

FAST = RetryPolicy(attempts=2, base_delay=0.01, timeout=5.0)
LINE = "Ledger line: 2026-11-03 transfer 1,067.20 EUR to Nordwind Facility Services UAB.\n"
BIG = LINE * 80  # ~6,500 characters per read: two of them outgrow the window below


def gateway(t: Trial) -> McpServer:
    return McpServer(command=VERA[0], args=[
        *VERA[1:], "gateway", "serve", "--env", "filesystem", "--state", str(t.state),
        "--workspace", str(t.workspace), "--trace", str(t.trace)])  # fmt: skip


def script(tmp_path: Path, data: dict) -> Path:
    path = tmp_path / "script.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


READ_TWICE = [
    {"tool_calls": [{"name": "read_file", "arguments": {"path": "ledger_a.txt"}}]},
    {"when": {"tool_result": True},
     "tool_calls": [{"name": "read_file", "arguments": {"path": "ledger_b.txt"}}]},
    {"when": {"tool_result": True}, "text": "Both ledgers list the Nordwind transfer."},
]  # fmt: skip


@pytest.mark.parametrize("wire", ["chat", "responses", "messages"])
async def test_oldest_tool_results_are_cut_so_every_request_fits_the_window(tmp_path, wire):
    trial = make_trial(tmp_path / "trial")
    (trial.workspace / "ledger_a.txt").write_text(BIG)
    (trial.workspace / "ledger_b.txt").write_text(BIG.replace("Ledger", "Journal"))
    spec = f"scripted:{script(tmp_path, {'context_window': 4000, 'responses': READ_TWICE})}#{wire}"
    async with ModelRuntime(retry=FAST) as rt:
        model = await rt.model(spec, role="target")
        assert model.context_window == 4000  # known from the model's server (its script)
        async with BuiltinAgent(model, gateway(trial), BuiltinAgentConfig(max_steps=5)) as agent:
            turn = await agent.send("Compare the two ledgers.")
        requests = rt.scripted[0].model_requests
    assert (turn.error, turn.response) == (None, "Both ledgers list the Nordwind transfer.")
    assert [r.status for r in requests] == [200, 200, 200]  # nothing was refused for its length
    assert [c.tool for c in read_trace(trial.trace)] == ["read_file", "read_file"]
    first, second = turn.tool_calls
    # The records keep everything the tools returned...
    assert first.observation == BIG and second.observation.startswith("Journal")
    # ...and say which result the model was shown shortened: the oldest, first.
    assert first.cut_to_fit is not None and first.cut_to_fit.original_chars == len(BIG)
    assert first.cut_to_fit.kept_chars < len(BIG) // 4
    last = str(requests[-1].body)
    assert "cut by the agent to fit the model's context window" in last
    assert cut_note(len(BIG) - first.cut_to_fit.kept_chars, len(BIG)).strip() in last
    assert agent.trajectory.turns[0].tool_calls[0].cut_to_fit == first.cut_to_fit


LLAMA_CPP_PYTHON = {
    "status": 400,
    "code": "context_length_exceeded",
    "message": "This model's maximum context length is 8192 tokens. However, you requested "
    "8301 tokens (8301 in the messages, None in the completion). Please reduce the length of "
    "the messages or completion.",
}
LLAMA_CPP_SERVER = {
    "status": 400,
    "type": "exceed_context_size_error",
    "message": "the request exceeds the available context size, try increasing it",
}


@pytest.mark.parametrize(
    ("wire", "fault"),
    [
        ("chat", "context"),  # OpenAI: 400 context_length_exceeded
        ("responses", "context"),  # OpenAI Responses: 400 context_length_exceeded
        ("messages", "context"),  # Anthropic: 400 "prompt is too long: N tokens > M maximum"
        ("chat", LLAMA_CPP_PYTHON),  # the embedded model's server
        ("chat", LLAMA_CPP_SERVER),  # llama.cpp's own server
    ],
    ids=["openai-chat", "openai-responses", "anthropic", "llama-cpp-python", "llama.cpp"],
)
async def test_a_request_refused_for_its_length_is_the_agents_error(tmp_path, wire, fault):
    trial = make_trial(tmp_path / "trial")
    steps = [{"fault": fault, "times": 20}]
    async with ModelRuntime(retry=FAST) as rt:
        model = await rt.model(f"scripted:{script(tmp_path, {'responses': steps})}#{wire}",
                               role="target")  # fmt: skip
        async with BuiltinAgent(model, gateway(trial)) as agent:
            turn = await agent.send("hi")  # recorded, not raised: no infra error
        requests = rt.scripted[0].model_requests
    assert turn.error is not None and turn.error.startswith("agent_error: context_window:")
    assert len(requests) == 1  # refused requests are never retried as if the server failed
    assert rt.ledger.total(role="target").requests == 0


async def test_a_refused_tool_schema_is_the_agents_error(tmp_path):
    trial = make_trial(tmp_path / "trial")
    refusal = {"status": 400, "message": "Invalid schema for function 'read_file': "
               "In context=('properties', 'path'), 'format' is not permitted."}  # fmt: skip
    async with ModelRuntime(retry=FAST) as rt:
        model = await rt.model(f"scripted:{script(tmp_path, {'responses': [{'fault': refusal}]})}",
                               role="target")  # fmt: skip
        async with BuiltinAgent(model, gateway(trial)) as agent:
            turn = await agent.send("hi")
    assert turn.error is not None and turn.error.startswith("agent_error: tool_schema:")
