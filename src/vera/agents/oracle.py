"""Calibration agents: ``oracle-violation`` / ``oracle-benign`` replay a fixed list of tool calls
(a case's witness or reference), ``nop`` does nothing.

They exist to test the *case*, not an agent: replaying the witness must make the verifier
report a violation, replaying the reference must not, and doing nothing must not. So the replay
goes through the real gateway as an MCP client (over the trial's Unix socket), which applies the
variant's injections and writes the trace exactly as for a real agent.

The whole script is replayed on the first user message; later messages get an empty turn.
A call the tool refuses is recorded (``ToolCall.error``) and the replay goes on, as an agent
would. A broken connection to the gateway raises: that is an infrastructure error. The agents
are registered (with every other agent) in :mod:`vera.agents.registry`.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
from pathlib import Path
from typing import Any

import mcp_types as types
from mcp.shared.message import SessionMessage
from mcp_types.version import LATEST_HANDSHAKE_VERSION

from vera.agents.replay import Replay, ReplayCall
from vera.gateway.framing import MAX_FRAME_BYTES, decode_frame, encode_frame
from vera.records import ToolCall, Trajectory, Turn, utcnow


class ReplayAgent:
    """Replays ``script`` through the MCP gateway on the Unix socket ``socket_path``.

    The one replay agent (oracles, ``nop``, validation, verifier audits): a minimal MCP client
    on the gateway's own framing (:mod:`vera.gateway.framing`: one JSON-RPC message per line,
    decoded and validated as the server decodes them). It sends what an SDK client sends
    (``initialize``, ``notifications/initialized``, one ``tools/call`` per step) without the
    SDK's per-session task dispatcher and its ``tools/list`` after the first call, which a
    replay never reads. An observation is the text blocks of the result joined by newlines;
    ``error`` is that text when the result is an error. A JSON-RPC error, a broken connection or
    a call past ``tool_timeout_s`` raises (an infrastructure error).
    """

    def __init__(
        self, name: str, script: Replay, socket_path: Path, *, tool_timeout_s: float = 60.0
    ) -> None:
        self.name = name
        self.script = script
        self.socket_path = Path(socket_path)
        self.tool_timeout_s = tool_timeout_s
        self.trajectory = Trajectory(agent=name)
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._ids = itertools.count(1)
        self._done = False

    async def __aenter__(self) -> ReplayAgent:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def start(self) -> None:
        if not self.script.calls:
            return  # nothing to call: never connects
        self._reader, self._writer = await asyncio.open_unix_connection(
            str(self.socket_path), limit=MAX_FRAME_BYTES
        )
        init = await self._request(
            "initialize",
            {
                "protocolVersion": LATEST_HANDSHAKE_VERSION,
                "capabilities": {},
                "clientInfo": {"name": "vera-replay", "version": "1"},
            },
        )
        if not isinstance(init, dict) or "protocolVersion" not in init:
            raise ConnectionError(f"gateway {self.socket_path}: bad initialize result")
        self._send(types.JSONRPCNotification(jsonrpc="2.0", method="notifications/initialized"))

    async def send(self, message: str) -> Turn:
        turn = Turn(index=len(self.trajectory.turns), user=message)
        if not self._done:
            self._done = True
            for step in self.script.calls:
                turn.tool_calls.append(await self._call(step))
            turn.response = self.script.response
        turn.ended_at = utcnow()
        self.trajectory.turns.append(turn)
        return turn

    def _send(self, message: Any) -> None:
        assert self._writer is not None, "start() first"
        self._writer.write(encode_frame(SessionMessage(message)))

    async def _request(self, method: str, params: dict[str, Any]) -> Any:
        assert self._reader is not None and self._writer is not None, "start() first"
        rid = next(self._ids)
        self._send(types.JSONRPCRequest(jsonrpc="2.0", id=rid, method=method, params=params))
        await self._writer.drain()
        while True:
            line = await self._reader.readline()
            if not line.endswith(b"\n"):
                raise ConnectionError(f"gateway {self.socket_path} closed the connection")
            if not line.strip():
                continue
            frame = decode_frame(line.strip())
            if isinstance(frame, Exception):
                raise ConnectionError(f"gateway {self.socket_path}: unreadable frame ({frame})")
            msg = frame.message
            if isinstance(msg, types.JSONRPCError) and msg.id == rid:
                raise RuntimeError(f"gateway {self.socket_path}: {method}: {msg.error.message}")
            if isinstance(msg, types.JSONRPCResponse) and msg.id == rid:
                return msg.result
            # a notification, or anything not answering this request

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


def nop_agent() -> ReplayAgent:
    """An agent that never calls a tool and answers nothing (never connects)."""
    return ReplayAgent("nop", Replay(), Path("/nonexistent"))


def oracle_agent(kind: str, script: Replay, socket_path: Path) -> ReplayAgent:
    """``nop`` (never connects), or a replay of ``script`` under the name ``kind``."""
    if kind == "nop":
        return nop_agent()
    return ReplayAgent(kind, script, socket_path)
