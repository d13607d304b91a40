"""The shared base of agent frameworks run as command-line programs inside a sandbox.

A :class:`CliAgent` satisfies the :class:`~vera.agents.base.Agent` protocol for a framework
that runs headless (Claude Code, Codex CLI, ...). Per trial:

- ``start()`` makes the agent's home inside the trial directory (``HOME`` and every config
  directory live there, never in the user's home), writes the framework's configuration (its
  MCP server is the gateway relay, its built-in tools are off, so it has the gateway's tools
  only) and opens a bwrap sandbox over that home: the installed package bound read-only at
  ``/opt/vera/agent``, the gateway socket and relay bound by
  :func:`~vera.gateway.server.relay_binds`, and a network policy that allows only the model
  endpoint (a loopback model server is forwarded transparently; a hosted API goes through the
  egress proxy). The trial's workspace is not bound: the agent reaches the environment only
  through the gateway.
- ``send(message)`` runs one non-interactive invocation of the framework (resuming its session
  after the first turn) with a hard time limit, parses its JSON events into the turn's
  ``response`` and ``tool_calls`` (``source="native"``, tool names as the gateway knows them)
  and usage.
- ``stop()`` closes the sandbox, which kills whatever the framework left running.

Failures, mapped to the base contract:

| what happened | result |
|---|---|
| the turn ran past ``time_limit_s`` | the framework is killed; ``Turn.error = "time_limit: ..."``; the trial goes on (the next turn resumes the session) |
| the framework reports its step limit | ``Turn.error = "step_limit: ..."`` |
| the model endpoint refused (401/403/404, other 4xx), stayed unavailable (429/5xx after the framework's retries), the gateway's MCP server failed to start, or the sandbox failed | :class:`FrameworkInfraError` is raised: ``infra_error`` |
| the model refused the request for its own limit: the context window (each provider's and framework's wording: "prompt is too long", ``context_length_exceeded``, "ran out of room in the model's context window", "Context overflow", ...) or the tools offered | ``Turn.error = "agent_error: context_window: ..."`` / ``"agent_error: tool_schema: ..."`` |
| a crash, garbled output, a memory/process limit | ``Turn.error = "agent_error: ..."`` (``play_trial`` raises AgentError for it) |

Failures are told apart by :func:`vera.models.errors.classify_failure`, the classifier the
built-in agent's model runtime uses too, so every agent maps a context overflow the same way.

The framework's name and version are recorded in ``trajectory.agent`` as ``NAME@VERSION``; the
model spec in ``trajectory.model``. Each turn's raw output is kept in the agent home
(``turns/N.stdout.jsonl``, ``turns/N.stderr.txt``) next to the framework's own session files.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import json
import os
import shutil
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

from pydantic import BaseModel, Field

from vera.agents.install import AgentPackage, executable, require
from vera.gateway.server import relay_binds, relay_command
from vera.models.errors import classify_failure
from vera.records import ExecResult, ToolCall, Trajectory, Turn, Usage, utcnow
from vera.sandbox import Sandbox, open_sandbox
from vera.sandbox.spec import Bind, Limits, NetworkPolicy, SandboxSpec

AGENT_ROOT = "/opt/vera/agent"
"""Where the installed package appears inside the sandbox."""
AGENT_HOME = "/home/agent"
"""The agent's home inside the sandbox (the host directory is ``agent-home/`` in the trial)."""
SERVER_NAME = "vera"
"""The name the gateway's MCP server has in every framework's configuration."""


class FrameworkInfraError(RuntimeError):
    """The framework could not do its turn for a reason outside the agent (model endpoint
    refused or unavailable, gateway MCP server down, sandbox broken): an ``infra_error``."""


class ModelEndpoint(BaseModel):
    """Where a framework sends its model traffic, as that framework's SDK wants it."""

    label: str
    """The model spec as the user wrote it (recorded in the trajectory)."""
    wire: str
    """``messages`` (Anthropic), ``responses`` or ``chat`` (OpenAI)."""
    base_url: str
    """Anthropic: the root URL (no ``/v1``); OpenAI: the URL ending in ``/v1``."""
    model: str
    """The model name the framework asks for."""
    api_key: str = Field(repr=False)
    """Passed to the framework in its key variable; never written to evidence."""

    def allow(self) -> str:
        """The sandbox network policy that lets the framework reach only this endpoint."""
        u = urlsplit(self.base_url)
        port = u.port or (443 if u.scheme == "https" else 80)
        host = u.hostname or "127.0.0.1"
        return f"allow:{host}:{port}"


class CliAgentConfig(BaseModel):
    time_limit_s: float = Field(default=180.0, gt=0)
    """Seconds one turn (one invocation of the framework) may take before it is killed."""
    max_steps: int = Field(default=8, ge=1)
    """Model requests per turn, where the framework has such a limit."""
    memory_mb: int = 4096
    pids: int = 512
    keep_home: bool = True
    """Keep the agent home (session files, raw output) in the trial directory after stop()."""


class Parsed(BaseModel):
    """What one invocation's output says."""

    response: str = ""
    tool_calls: list[ToolCall] = Field(default_factory=list)
    session_id: str | None = None
    usage: Usage = Field(default_factory=Usage)
    error: str | None = None
    """The framework's own error text, if it reported one."""
    step_limit: bool = False
    finished: bool = False
    """The output ended with the framework's final event (not cut off or garbled)."""
    mcp_failed: str | None = None
    """Set when the framework says the gateway's MCP server did not start."""
    version: str | None = None


class CliAgent(abc.ABC):
    """Base class; subclasses set ``name``, ``package``, ``wires`` and implement
    :meth:`configure`, :meth:`argv`, :meth:`env` and :meth:`parse`."""

    name: ClassVar[str]
    package: ClassVar[AgentPackage]
    wires: ClassVar[tuple[str, ...]]
    """Wire formats the framework speaks to its model."""
    multi_turn: ClassVar[bool] = True
    native_tools: ClassVar[str] = ""
    """The framework's own tools (all disabled by vera; gateway tools only)."""

    def __init__(
        self,
        socket_path: Path,
        endpoint: ModelEndpoint,
        home: Path,
        config: CliAgentConfig | None = None,
        *,
        backend: str = "bwrap",
    ) -> None:
        if endpoint.wire not in self.wires:
            raise ValueError(
                f"{self.name} speaks {' or '.join(self.wires)} to its model, not {endpoint.wire}"
            )
        self.socket_path = Path(socket_path)
        self.endpoint = endpoint
        self.home = Path(home)
        self.config = config or CliAgentConfig()
        self.backend = backend
        self.version = self.package.version
        self.trajectory = Trajectory(agent=f"{self.name}@{self.version}", model=endpoint.label)
        self.session_id: str | None = None
        self._sb: Sandbox | None = None

    # -- what subclasses provide --------------------------------------------------------------

    @abc.abstractmethod
    def configure(self) -> None:
        """Write the framework's configuration files under ``self.home``."""

    @abc.abstractmethod
    def argv(self, message: str) -> list[str]:
        """The command for one turn (``self.session_id`` is set after the first)."""

    @abc.abstractmethod
    def env(self) -> dict[str, str]:
        """Environment of every invocation (keys included; HOME is set by the base)."""

    @abc.abstractmethod
    def parse(self, stdout: str) -> Parsed:
        """Parse one invocation's stdout."""

    # -- helpers for subclasses ---------------------------------------------------------------

    @property
    def exe(self) -> str:
        return f"{AGENT_ROOT}/{executable(self.package).as_posix()}"

    def relay(self) -> list[str]:
        """The gateway relay's argv inside the sandbox."""
        return relay_command(self.socket_path)

    def gateway_tool(self, name: str) -> str:
        """The gateway's name for a tool as the framework called it."""
        for prefix in (f"mcp__{SERVER_NAME}__", f"{SERVER_NAME}__"):
            if name.startswith(prefix):
                return name[len(prefix) :]
        return name

    # -- the Agent protocol ---------------------------------------------------------------------

    def binds(self) -> list[Bind]:
        """What the sandbox mounts besides the home: the installed package and the relay."""
        return [
            Bind(source=require(self.package), target=AGENT_ROOT),
            *relay_binds(self.socket_path),
        ]

    async def start(self) -> None:
        binds = self.binds()
        if self.home.exists():
            shutil.rmtree(self.home)
        (self.home / "work").mkdir(parents=True)
        (self.home / "turns").mkdir()
        self.configure()
        spec = SandboxSpec(
            workspace=self.home,
            workspace_target=AGENT_HOME,
            workdir=f"{AGENT_HOME}/work",
            binds=binds,
            env={
                "HOME": AGENT_HOME,
                "USER": "agent",
                "TERM": "dumb",
                "NO_COLOR": "1",
                **self.env(),
            },
            network=NetworkPolicy.parse(self.endpoint.allow()),
            limits=Limits(
                memory_mb=self.config.memory_mb, pids=self.config.pids, output_bytes=16 << 20
            ),
            hostname="agent",
        )
        sb = open_sandbox(spec, self.backend)
        try:
            await sb.start()
        except Exception as e:
            raise FrameworkInfraError(f"{self.name}: sandbox failed to start: {e}") from e
        self._sb = sb

    async def stop(self) -> None:
        sb, self._sb = self._sb, None
        if sb is not None:
            await sb.close()

    async def send(self, message: str) -> Turn:
        if self._sb is None:
            raise RuntimeError(f"{self.name}: send before start()")
        turn = Turn(index=len(self.trajectory.turns), user=message)
        limit = self.config.time_limit_s
        res, fatal = await self._run(self._sb, self.argv(message), limit)
        self._keep_output(turn.index, res)
        try:
            parsed = self.parse(res.stdout)
        except Exception as e:  # a parser bug or wildly garbled output: the agent's failure
            parsed = Parsed(error=f"unparseable output ({type(e).__name__}: {e})")
        if parsed.session_id:
            self.session_id = parsed.session_id
        if parsed.version:
            self.version = parsed.version
            self.trajectory.agent = f"{self.name}@{parsed.version}"
        turn.response = parsed.response
        turn.tool_calls = parsed.tool_calls
        turn.usage = parsed.usage
        turn.error, infra = self._classify(res, parsed, limit)
        if fatal is not None:
            turn.error = f"model_unavailable: {self.name}: {fatal}"
            infra = f"{self.name}: model endpoint failed: {fatal}"
        turn.ended_at = utcnow()
        self.trajectory.turns.append(turn)
        self.trajectory.usage = self.trajectory.usage + turn.usage
        if infra is not None:
            raise FrameworkInfraError(infra)
        return turn

    def fatal(self, event: dict[str, Any]) -> str | None:
        """A reason to stop the framework now, from one of its output events (e.g. it is
        retrying a request the endpoint refused with 401): the turn is then an infra error."""
        return None

    # -- internals ------------------------------------------------------------------------------

    async def _run(
        self, sb: Sandbox, argv: list[str], limit: float
    ) -> tuple[ExecResult, str | None]:
        """Run one invocation, watching its stdout events for :meth:`fatal` ones."""
        out = bytearray()
        err = bytearray()
        pending = bytearray()
        found: list[str] = []
        task: asyncio.Task[ExecResult] | None = None

        def on_output(name: str, chunk: bytes) -> None:
            if name != "stdout":
                err.extend(chunk)
                return
            out.extend(chunk)
            pending.extend(chunk)
            while (i := pending.find(b"\n")) >= 0:
                line = bytes(pending[:i])
                del pending[: i + 1]
                if found:
                    continue
                try:
                    event = json.loads(line)
                except ValueError:
                    continue
                reason = self.fatal(event) if isinstance(event, dict) else None
                if reason and task is not None:
                    found.append(reason)
                    task.cancel()

        task = asyncio.create_task(sb.exec(argv, timeout=limit, on_output=on_output))
        try:
            return await task, None
        except asyncio.CancelledError:
            me = asyncio.current_task()
            if not found or (me is not None and me.cancelling()):
                raise
            res = ExecResult(
                exit_code=137,
                stdout=out.decode(errors="replace"),
                stderr=err.decode(errors="replace"),
                killed=True,
                kill_reason="closed",
            )
            return res, found[0]
        except Exception as e:  # the sandbox itself broke
            raise FrameworkInfraError(f"{self.name}: sandbox exec failed: {e}") from e

    def _keep_output(self, index: int, res: ExecResult) -> None:
        with contextlib.suppress(OSError):
            (self.home / "turns" / f"{index}.stdout.jsonl").write_text(res.stdout)
            (self.home / "turns" / f"{index}.stderr.txt").write_text(
                res.stderr + f"\n[vera: exit {res.exit_code}, killed={res.kill_reason}]\n"
            )

    def _classify(
        self, res: ExecResult, parsed: Parsed, limit: float
    ) -> tuple[str | None, str | None]:
        """``(turn_error, infra_error_message)`` for one invocation."""
        if res.killed and res.kill_reason == "timeout":
            return f"time_limit: {self.name} gave no answer within {limit:g}s (killed)", None
        if res.killed:
            return f"agent_error: {self.name} was killed ({res.kill_reason} limit)", None
        if parsed.mcp_failed:
            return None, f"{self.name}: the gateway's MCP server failed: {parsed.mcp_failed}"
        text = " ".join(filter(None, [parsed.error, _tail(res.stderr)]))
        if res.exit_code == 0 and parsed.finished and parsed.error is None:
            return None, None
        if parsed.step_limit:
            return (
                f"step_limit: {self.name} stopped at its step limit ({self.config.max_steps})",
                None,
            )
        kind = classify_failure(text)
        where = f"{self.name} exit {res.exit_code}: {_one_line(text) or 'no output'}"
        if kind == "infra":
            return f"model_unavailable: {where}", f"{self.name}: model endpoint failed: {where}"
        if kind in ("context_window", "tool_schema"):  # the model's limit: the agent's outcome
            return f"agent_error: {kind}: {where}", None
        if res.exit_code == 0 and parsed.finished and kind == "unknown" and parsed.error is None:
            return None, None
        return f"agent_error: {where}", None


def _tail(text: str, n: int = 600) -> str:
    return text.strip()[-n:]


def _one_line(text: str) -> str:
    return " ".join(text.split())[:400]


def json_lines(stdout: str) -> tuple[list[dict[str, Any]], int]:
    """The JSON objects among ``stdout``'s lines and how many non-empty lines were not JSON."""
    events: list[dict[str, Any]] = []
    bad = 0
    for line in stdout.splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            value = json.loads(line)
        except ValueError:
            bad += 1
            continue
        if isinstance(value, dict):
            events.append(value)
        else:
            bad += 1
    return events, bad


def native_call(call_id: str, tool: str, arguments: Any) -> ToolCall:
    """A tool call as a framework's transcript records it (``source="native"``).

    Arguments come as a mapping, or as the JSON text the model wrote: decoded when it is a JSON
    object (empty text: no arguments), else kept verbatim under ``_raw``.
    """
    if isinstance(arguments, str):
        with contextlib.suppress(ValueError):  # not JSON: kept verbatim below
            arguments = json.loads(arguments) if arguments.strip() else {}
    return ToolCall(
        id=call_id,
        tool=tool,
        arguments=arguments if isinstance(arguments, dict) else {"_raw": arguments},
        source="native",
        started_at=utcnow(),
    )


def block_text(content: Any) -> str:
    """Text of an MCP / Anthropic content value (a string or a list of blocks)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(block_text(b) for b in content)
    if isinstance(content, dict):
        if "text" in content:
            return str(content["text"])
        if "content" in content:
            return block_text(content["content"])
    return json.dumps(content, default=str)


def key_from_env(*names: str) -> str:
    for n in names:
        if os.environ.get(n):
            return os.environ[n]
    raise FrameworkInfraError(f"no API key: set {' or '.join(names)}")
