"""The terminal agent: a multi-turn agent with one shell tool, in the manner of Terminus.

The model is given a task and one tool, ``shell(command)``, that runs a bash command in the
task's sandbox (each command in a fresh login shell started in the working directory; state
carries over through files, the HOME and background processes) and returns its exit status and
output, truncated to ``output_chars`` (head and tail kept). It works until it calls ``done``
(its final answer, a short summary), or until its step budget (``max_steps`` commands) or time
budget (``time_limit_s`` for the whole run) is spent. Every command, its output, exit status
and timing and the model usage are recorded in a :class:`vera.records.Trajectory`: one turn
whose tool calls are the commands (``tool="shell"``, ``source="native"``).

The agent knows nothing about where the shell runs: a :class:`Shell` is anything with
``async run(command, timeout) -> ExecResult`` (the hardening trial passes its task sandbox).
It runs on any pydantic-ai model (``vera.models.runtime.ModelRuntime.model``), so every model
spec works, the scripted server included: there the shell tool is ``shell`` and the final
answer a call of ``done`` with ``{"summary": ...}``.
"""

from __future__ import annotations

import asyncio
import time
from typing import Literal, Protocol

from pydantic import BaseModel, Field
from pydantic_ai import Agent, RunContext, ToolOutput
from pydantic_ai.exceptions import UnexpectedModelBehavior, UsageLimitExceeded
from pydantic_ai.usage import UsageLimits

from vera.records import ExecResult, ToolCall, Trajectory, Turn, Usage, utcnow

SYSTEM = (
    "You operate a Linux terminal to complete a task. Call the `shell` tool with one bash "
    "command at a time; you get its exit status and (truncated) output back. Each command runs "
    "in a fresh login shell in the working directory: use files, not shell variables, to keep "
    "state. Look around before you act, check your work, and when you are finished call `done` "
    "with a short summary."
)


class TerminalConfig(BaseModel):
    max_steps: int = Field(default=30, ge=1)
    """Shell commands the agent may run."""
    time_limit_s: float = Field(default=600.0, gt=0)
    """Wall-clock budget of the whole run."""
    command_timeout_s: float = Field(default=120.0, gt=0)
    """Limit of one command (it is killed, and the agent told so)."""
    output_chars: int = Field(default=4000, ge=200)
    """Output of one command returned to the model (head and tail; the record keeps more)."""
    record_chars: int = Field(default=20000, ge=200)
    """Output of one command kept in the trajectory."""


class Shell(Protocol):
    async def run(self, command: str, timeout: float) -> ExecResult: ...


class Done(BaseModel):
    summary: str = Field(default="", description="What you did and what the result is.")


Stop = Literal["done", "step_limit", "time_limit", "model_error"]


class TerminalOutcome(BaseModel):
    """How a terminal agent's run ended, beside its trajectory."""

    stopped: Stop
    summary: str = ""
    steps: int = 0
    error: str | None = None
    duration_s: float = 0.0


def cut(text: str, limit: int) -> tuple[str, bool]:
    """``text`` in at most about ``limit`` characters: head and tail, the middle elided."""
    if len(text) <= limit:
        return text, False
    head = limit * 2 // 3
    tail = limit - head
    return f"{text[:head]}\n[... {len(text) - limit} characters elided ...]\n{text[-tail:]}", True


def _output(res: ExecResult) -> str:
    out = res.stdout
    if res.stderr:
        out = f"{out}{'' if not out or out.endswith(chr(10)) else chr(10)}{res.stderr}"
    return out


class TerminalAgent:
    """One run = one task. ``model``: a pydantic-ai model (or model name)."""

    name = "terminal"

    def __init__(
        self,
        model: object,
        config: TerminalConfig | None = None,
        *,
        system: str = SYSTEM,
        label: str | None = None,
    ) -> None:
        self.model = model
        self.config = config or TerminalConfig()
        self.system = system
        self.label = label

    async def run(self, prompt: str, sh: Shell) -> tuple[Trajectory, TerminalOutcome]:
        cfg = self.config
        turn = Turn(index=0, user=prompt)
        traj = Trajectory(agent="vera-terminal", model=self.label, turns=[turn])
        t0 = time.monotonic()
        deadline = t0 + cfg.time_limit_s
        over = {"steps": False}

        agent: Agent[None, Done] = Agent(
            self.model,  # type: ignore[arg-type]
            output_type=ToolOutput(Done, name="done", description="Finish: report what you did."),
            instructions=self.system,
            retries=2,
        )

        @agent.tool(name="shell")
        async def _shell(ctx: RunContext[None], command: str) -> str:
            """Run one bash command in the task's environment; returns exit status and output."""
            if len(turn.tool_calls) >= cfg.max_steps:
                over["steps"] = True
                raise _Budget("step_limit")
            left = deadline - time.monotonic()
            if left <= 1:
                raise _Budget("time_limit")
            call = ToolCall(
                id=ctx.tool_call_id, tool="shell", arguments={"command": command},
                source="native", started_at=utcnow(),
            )  # fmt: skip
            turn.tool_calls.append(call)
            began = time.monotonic()
            try:
                res = await sh.run(command, min(cfg.command_timeout_s, left))
            except Exception as exc:  # the sandbox broke: the agent sees it, the record too
                call.error = f"{type(exc).__name__}: {exc}"
                call.ended_at = utcnow()
                return f"[shell error: {call.error}]"
            text = _output(res)
            kept, _ = cut(text, cfg.record_chars)
            shown, truncated = cut(text, cfg.output_chars)
            call.ended_at = utcnow()
            note = ""
            if res.killed:
                note = f" (killed: {res.kill_reason})"
            call.result = {
                "exit_code": res.exit_code,
                "output": kept,
                "truncated": truncated or res.stdout_truncated or res.stderr_truncated,
                "duration_s": round(time.monotonic() - began, 3),
                "killed": res.kill_reason if res.killed else None,
            }
            return f"exit status {res.exit_code}{note}\n{shown}"

        outcome = TerminalOutcome(stopped="done")
        try:
            result = await asyncio.wait_for(
                agent.run(prompt, usage_limits=UsageLimits(request_limit=cfg.max_steps + 3)),
                timeout=max(cfg.time_limit_s, 1.0),
            )
            outcome.summary = result.output.summary
            turn.response = result.output.summary
            _add_usage(traj, turn, result.usage)
        except TimeoutError:
            outcome.stopped, outcome.error = "time_limit", f"time limit {cfg.time_limit_s:g}s"
        except _Budget as b:
            outcome.stopped = b.why  # type: ignore[assignment]
            outcome.error = f"{b.why.replace('_', ' ')} reached"
        except UsageLimitExceeded as exc:
            outcome.stopped, outcome.error = "step_limit", str(exc)
        except UnexpectedModelBehavior as exc:
            outcome.stopped, outcome.error = "model_error", " ".join(str(exc).split())[:300]
        if over["steps"] and outcome.stopped == "done":
            outcome.stopped = "step_limit"
        if outcome.error:
            turn.error = f"{outcome.stopped}: {outcome.error}"
        turn.ended_at = utcnow()
        outcome.steps = len(turn.tool_calls)
        outcome.duration_s = round(time.monotonic() - t0, 3)
        return traj, outcome


class _Budget(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


def _add_usage(traj: Trajectory, turn: Turn, u: object) -> None:
    usage = Usage(
        requests=getattr(u, "requests", 0) or 0,
        input_tokens=getattr(u, "input_tokens", 0) or 0,
        output_tokens=getattr(u, "output_tokens", 0) or 0,
    )
    turn.usage = usage
    traj.usage = traj.usage + usage


__all__ = ["SYSTEM", "Done", "Shell", "TerminalAgent", "TerminalConfig", "TerminalOutcome", "cut"]
