"""One trial of a safety case: build s0 from the case, play it (``vera.runner.trial``), assemble
the evidence and judge it with the case's verifier.

Judging never folds an error into a verdict: a verifier that raises, returns the wrong type,
hangs (in Python or in C) or touches what it may not gives ``Outcome.infra_error`` with the
reason, and no verdict. Case code (verify.py, utility.py, setup.py) runs in a sandbox of its
own (:mod:`vera.safety.checks`).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from pathlib import Path
from typing import Any

from mcp_types.version import LATEST_HANDSHAKE_VERSION
from pydantic import BaseModel
from pydantic_core import to_json

from vera.agents.base import Agent
from vera.agents.oracle import Replay, ReplayAgent, ReplayCall, oracle_agent
from vera.env.environment import Environment
from vera.records import Evidence, Outcome, ToolCall, Verdict, utcnow
from vera.runner.trial import PreparedState, TrialRecord, play_trial, prepare_state
from vera.safety.cases import Case, CaseError, Variant
from vera.safety.checks import CheckError, run_case_check, run_case_setup
from vera.safety.verify import assemble_evidence
from vera.sandbox import Sandbox

ORACLES = ("oracle-violation", "oracle-benign", "nop")


class Judgement(BaseModel):
    """The verifier's decision on one piece of evidence, or why there is none."""

    outcome: Outcome
    verdict: Verdict | None = None
    utility: bool | None = None
    error: str | None = None
    """One line when the verifier or utility check failed (the outcome is then an error)."""


class WireReplayAgent(ReplayAgent):
    """An oracle replay (``oracle-violation``/``oracle-benign``) over a minimal MCP client.

    Same script, same gateway, same socket and the same MCP messages on the wire
    (``initialize``, ``notifications/initialized``, one ``tools/call`` per step) as
    :class:`~vera.agents.oracle.ReplayAgent`, without what its SDK client adds to every short
    replay: a dispatcher of tasks and streams per session, and a ``tools/list`` after the first
    call to check structured output, which a replay never reads. Observations and errors are
    recorded exactly as ``ReplayAgent`` records them: the text blocks of the result joined by
    newlines; ``error`` is that text when the result is an error. A JSON-RPC error, a broken
    connection or a call past ``tool_timeout_s`` raises (an infrastructure error, as with the
    SDK client). Validation replays use it (``run_case_trial`` with an oracle's name).
    """

    MAX_LINE = 16 << 20

    def __init__(self, name: str, script: Replay, socket_path: Path, **kw: Any) -> None:
        super().__init__(name, script, socket_path, **kw)
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._ids = itertools.count(1)

    async def start(self) -> None:
        if not self.script.calls:
            return
        self._reader, self._writer = await asyncio.open_unix_connection(
            str(self.socket_path), limit=self.MAX_LINE
        )
        init = await self._request(
            "initialize",
            {
                "protocolVersion": LATEST_HANDSHAKE_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "vera-oracle", "version": "1"},
            },
        )
        if not isinstance(init, dict) or "protocolVersion" not in init:
            raise ConnectionError(f"gateway {self.socket_path}: bad initialize result")
        self._writer.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')

    async def _request(self, method: str, params: dict[str, Any]) -> Any:
        assert self._reader is not None and self._writer is not None, "start() first"
        rid = next(self._ids)
        frame = {"jsonrpc": "2.0", "id": rid, "method": method, "params": params}
        self._writer.write(to_json(frame) + b"\n")
        await self._writer.drain()
        while True:
            line = await self._reader.readline()
            if not line.endswith(b"\n"):
                raise ConnectionError(f"gateway {self.socket_path} closed the connection")
            msg = json.loads(line)
            if not isinstance(msg, dict) or msg.get("id") != rid or "method" in msg:
                continue  # a notification (or anything not answering this request)
            if "error" in msg:
                raise RuntimeError(f"gateway {self.socket_path}: {method}: {msg['error']}")
            return msg.get("result")

    async def _call(self, step: ReplayCall) -> ToolCall:
        started = utcnow()
        result = await asyncio.wait_for(
            self._request("tools/call", {"name": step.tool, "arguments": step.arguments}),
            self.tool_timeout_s,
        )
        if not isinstance(result, dict) or not isinstance(result.get("content"), list):
            raise RuntimeError(f"gateway {self.socket_path}: malformed tools/call result")
        text = "\n".join(
            block.get("text", "") if isinstance(block, dict) else "" for block in result["content"]
        )
        return ToolCall(
            tool=step.tool,
            arguments=step.arguments,
            observation=text,
            error=text if result.get("isError") else None,
            source="replay",
            started_at=started,
            ended_at=utcnow(),
        )

    async def stop(self) -> None:
        writer, self._writer, self._reader = self._writer, None, None
        if writer is not None:
            writer.close()
            with contextlib.suppress(ConnectionError, OSError):
                await writer.wait_closed()


def replay_agent(kind: str, script: Replay, socket_path: Path) -> Agent:
    """``oracle_agent`` with the minimal MCP client of :class:`WireReplayAgent` for replays."""
    if kind in ("oracle-violation", "oracle-benign"):
        return WireReplayAgent(kind, script, socket_path)
    return oracle_agent(kind, script, socket_path)


def build_s0(case: Case, env: Environment, variant: Variant = "benign") -> None:
    """Apply the case.yaml setup block (and, outside ``benign``, the attack overlay), then
    setup.py's ``setup(env)``; CaseError on failure."""
    try:
        env.apply_setup(case.setup_steps(variant))
    except Exception as e:
        raise CaseError(f"{case.path / 'case.yaml'}: setup: {' '.join(str(e).split())}") from None
    if case.has_setup_py:
        try:
            run_case_setup(case.path / "setup.py", env, label=f"{case.id}/setup.py")
        except CheckError as e:
            raise CaseError(f"{case.path / 'setup.py'}: setup failed: {e}") from None
        if env.state_dir is not None:
            env.save()


def judge(
    case: Case, ev: Evidence, *, timeout_s: float = 5.0, with_utility: bool = False
) -> Judgement:
    """Run the verifier (and optionally the utility check) in the check sandbox, each under
    ``timeout_s`` (:func:`vera.safety.checks.run_case_check`).

    The case's module is imported inside the sandboxed call too, so code that hangs or raises at
    import time is an error outcome like any other.
    """
    try:
        verdict = run_case_check(
            case.path / "verify.py", "verify", ev, timeout_s=timeout_s,
            label=f"{case.id}/verify.py",
        )  # fmt: skip
    except CheckError as e:
        return Judgement(outcome=Outcome.infra_error, error=str(e))
    utility = None
    if with_utility and case.has_utility:
        try:
            utility = run_case_check(
                case.path / "utility.py", "utility", ev, timeout_s=timeout_s, expect=bool,
                label=f"{case.id}/utility.py",
            )  # fmt: skip
        except CheckError as e:
            return Judgement(outcome=Outcome.infra_error, verdict=verdict, error=str(e))
    return Judgement(
        outcome=Outcome.violated if verdict.violated else Outcome.safe,
        verdict=verdict,
        utility=utility,
    )


def sandbox_backend(case: Case) -> str | None:
    """Oracle replays need a sandbox only for the shell service (commands run inside it)."""
    return "bwrap" if "shell" in case.spec.services else None


async def prepare_case(
    case: Case, root: Path, *, variant: Variant = "benign", sandbox: str | None = "auto"
) -> PreparedState:
    """Build the case's s0 of ``variant``'s world once under ``root``, for trials to start from
    (see PreparedState). ``single`` and ``multi`` share a world (the overlay applied)."""
    return await prepare_state(
        root,
        services=case.spec.services,
        variables=case.spec.variables,
        build_s0=lambda env: build_s0(case, env, variant),
        sandbox=sandbox_backend(case) if sandbox == "auto" else sandbox,
    )


async def run_case_trial(
    case: Case,
    variant: Variant,
    agent: str | Agent,
    trial_dir: Path,
    *,
    sandbox: str | Sandbox | None = "auto",
    persist_state: bool = True,
    prepared: PreparedState | None = None,
    script: Replay | None = None,
) -> tuple[TrialRecord, Evidence]:
    """Play ``case`` in ``variant`` with an oracle agent (by name) or any Agent; collect evidence.

    A real agent is sent the variant's first message only (the adaptive controller is the
    runner's business); oracle agents replay ``script``, by default the case's first witness
    (``oracle-violation``) or first reference (``oracle-benign``). ``prepared`` must be an s0
    of ``variant``'s world (:func:`prepare_case`).
    """
    if isinstance(agent, str):
        chosen = script or (
            case.witness_for(variant) if agent == "oracle-violation" else case.reference_for(variant)
        )
        kind = agent

        def make_agent(socket: Path) -> Agent:
            return replay_agent(kind, chosen, socket)
    else:
        fixed = agent

        def make_agent(socket: Path) -> Agent:
            return fixed

    first = case.first_message(variant)

    def next_message(turns: list, calls: list) -> str | None:
        return first if not turns else None

    record = await play_trial(
        trial_dir,
        services=case.spec.services,
        variables=case.spec.variables,
        build_s0=lambda env: build_s0(case, env, variant),
        injections=case.injections(variant),
        make_agent=make_agent,
        next_message=next_message,
        turns=case.spec.budgets.turns,
        timeout_s=case.spec.budgets.seconds,
        sandbox=sandbox_backend(case) if sandbox == "auto" else sandbox,
        persist_state=persist_state,
        prepared=prepared,
    )
    ev = assemble_evidence(
        case_id=case.id,
        variant=variant,
        variables=case.spec.variables,
        s0=record.s0,
        s_t=record.s_t,
        diff=record.diff,
        trace=record.trace,
        trajectory=record.trajectory,
    )
    return record, ev
