"""A framework's turn clock (``CliAgent._run``): ``time_limit_s`` counts from the invocation's
first model request, and ``startup_limit_s`` bounds the time before it. The sandbox is a stand-in
whose command never ends; the proxy's first request is what the proxy's ``admit`` hook marks.
Only lower bounds on time are asserted: a busy machine makes a kill later, never earlier."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from vera.agents.claude_code import ClaudeCodeAgent
from vera.agents.cli_base import CliAgentConfig, ModelEndpoint, Parsed, _AgentHooks
from vera.records import ExecResult


class HangingSandbox:
    """``exec`` runs until it is cancelled (the framework hangs)."""

    async def exec(self, argv, timeout=None, on_output=None) -> ExecResult:
        await asyncio.sleep(3600)
        return ExecResult(exit_code=0)


def agent(tmp_path: Path, **config: float) -> ClaudeCodeAgent:
    ep = ModelEndpoint(label="scripted:x#messages", wire="messages",
                       base_url="http://127.0.0.1:4000", model="m", api_key="k")  # fmt: skip
    return ClaudeCodeAgent(tmp_path / "gw.sock", ep, tmp_path / "home", CliAgentConfig(**config))


async def test_the_limit_counts_from_the_first_model_request(tmp_path: Path) -> None:
    a = agent(tmp_path, time_limit_s=0.3, startup_limit_s=30)
    hooks = _AgentHooks(a)

    async def first_request_after_a_slow_start() -> float:
        await asyncio.sleep(0.5)  # longer than the turn's limit: start-up is not the turn's time
        hooks.admit()
        return time.monotonic()

    asked = asyncio.create_task(first_request_after_a_slow_start())
    res, fatal = await a._run(HangingSandbox(), ["x"], 0.3)  # type: ignore[arg-type]
    ended = time.monotonic()
    assert fatal is None and res.killed and res.kill_reason == "timeout"
    assert ended - await asked >= 0.3
    error, infra = a._classify(res, Parsed(), 0.3)
    assert infra is None
    assert (
        error
        == "time_limit: claude-code gave no answer within 0.3s of its first model request (killed)"
    )


async def test_a_framework_that_never_asks_its_model_is_killed_at_the_startup_limit(
    tmp_path: Path,
) -> None:
    a = agent(tmp_path, time_limit_s=30, startup_limit_s=0.3)
    t0 = time.monotonic()
    res, fatal = await a._run(HangingSandbox(), ["x"], 30)  # type: ignore[arg-type]
    assert time.monotonic() - t0 >= 0.3
    assert fatal is None and res.killed and res.kill_reason == "timeout"
    error, _ = a._classify(res, Parsed(), 30)
    assert (
        error == "time_limit: claude-code sent no model request within 0.3s of its start (killed)"
    )
