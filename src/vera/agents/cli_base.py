"""The shared base of agent frameworks run as command-line programs inside a sandbox.

A :class:`CliAgent` satisfies the :class:`~vera.agents.base.Agent` protocol for a framework
that runs headless (Claude Code, Codex CLI, ...). Per trial:

- ``start()`` makes the agent's home inside the trial directory (``HOME`` and every config
  directory live there, never in the user's home), starts the trial's model proxy
  (:mod:`vera.models.proxy`) in front of the real model endpoint, writes the framework's
  configuration (its model endpoint is the proxy, with a placeholder key: the real key stays on
  the host; its MCP server is the gateway relay; which of its own tools it has is
  ``config.tools``) and opens a bwrap sandbox over that home: the installed package bound
  read-only at ``/opt/vera/agent``, the gateway socket and relay bound by
  :func:`~vera.gateway.server.relay_binds`, and a network policy that allows only vera's
  proxies (the model proxy's loopback port). With ``tools="gateway"`` the trial's workspace is
  not bound: the agent reaches the environment only through the gateway.
- ``send(message)`` runs one non-interactive invocation of the framework (resuming its session
  after the first turn) with a hard time limit, parses its JSON events into the turn's
  ``response`` and ``tool_calls`` (``source="native"``, tool names as the gateway knows them);
  the turn's usage is what the proxy counted (exact, from the model's answers), and each
  answer's usage and cost go to the trial's ledger as they arrive (:class:`Spend`).
- ``stop()`` closes the sandbox, which kills whatever the framework left running, and the proxy.

Failures, mapped to the base contract:

| what happened | result |
|---|---|
| the turn ran past ``time_limit_s`` (counted from its first model request), or made no model request within ``startup_limit_s`` | the framework is killed; ``Turn.error = "time_limit: ..."``; the trial goes on (the next turn resumes the session) |
| the framework reports its step limit | ``Turn.error = "step_limit: ..."`` |
| the model endpoint refused (401/403/404, other 4xx), stayed unavailable (429/5xx after the framework's retries), gave no answer within ``model_timeout_s`` (the proxy gives up and the framework is killed at once), the gateway's MCP server failed to start, or the sandbox failed | :class:`FrameworkInfraError` is raised: ``infra_error`` |
| the framework sent its model a request that is not one of its wire (the proxy refuses it) | the framework is killed; ``Turn.error = "agent_error: ..."`` |
| the run's budget cap was reached (the proxy refused the next request) | the framework is killed; :class:`~vera.models.errors.BudgetReached` is raised |
| the model refused the request for its own limit: the context window (each provider's and framework's wording: "prompt is too long", ``context_length_exceeded``, "ran out of room in the model's context window", "Context overflow", ...) or the tools offered | ``Turn.error = "agent_error: context_window: ..."`` / ``"agent_error: tool_schema: ..."`` |
| a crash, garbled output, a memory/process limit | ``Turn.error = "agent_error: ..."`` (``play_trial`` raises AgentError for it) |

Failures are told apart by :func:`vera.models.errors.classify_failure`, the classifier the
built-in agent's model runtime uses too, so every agent maps a context overflow the same way.

The framework's name and version are recorded in ``trajectory.agent`` as ``NAME@VERSION``; the
model spec in ``trajectory.model``. Each turn's raw output is kept in the agent home
(``turns/N.stdout.jsonl``, ``turns/N.stderr.txt``) next to the framework's own session files;
the proxy's record of every model exchange is ``evidence/model/exchanges.jsonl``.
"""

from __future__ import annotations

import abc
import asyncio
import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar, Literal
from urllib.parse import urlsplit

from pydantic import BaseModel, Field

from vera.agents.base import TrialSurface
from vera.agents.install import AgentPackage, executable, require
from vera.gateway.native import NativeObserver, NativeTool, call_key
from vera.gateway.server import relay_binds, relay_command
from vera.gateway.web import WorldWeb, world_hosts
from vera.models.errors import BudgetReached, classify_failure
from vera.models.exchange import Wire
from vera.models.proxy import (
    PLACEHOLDER_KEY,
    ModelProxy,
    ProxyFault,
    ProxyHooks,
    RequestRewrite,
    Upstream,
)
from vera.models.usage import UsageEntry, UsageLedger
from vera.records import OUTPUT_LIMIT, ExecResult, ToolCall, Trajectory, Turn, Usage, utcnow
from vera.sandbox import Sandbox, open_sandbox
from vera.sandbox.ca import CA_DIR, SYSTEM_BUNDLE, SandboxCA
from vera.sandbox.spec import Bind, Limits, NetworkPolicy, SandboxSpec

AGENT_ROOT = "/opt/vera/agent"
"""Where the installed package appears inside the sandbox."""
AGENT_HOME = "/home/agent"
"""The agent's home inside the sandbox (the host directory is ``agent-home/`` in the trial)."""
SERVER_NAME = "vera"
"""The name the gateway's MCP server has in every framework's configuration."""
WORKSPACE = "/workspace"
"""Where the trial's workspace appears in the framework's sandbox when its own tools are on (the
framework's working directory; the shell service's commands see it at the same path)."""


class FrameworkInfraError(RuntimeError):
    """The framework could not do its turn for a reason outside the agent (model endpoint
    refused or unavailable, gateway MCP server down, sandbox broken): an ``infra_error``."""


class ModelEndpoint(BaseModel):
    """Where a framework's model traffic goes, as that framework's SDK wants it.

    :func:`vera.agents.registry.resolve_endpoint` makes the real one (a provider, a server
    given by URL, the scripted server, the local model); the framework itself is configured
    with the same endpoint :meth:`through` the trial's model proxy."""

    label: str
    """The model spec as the user wrote it (recorded in the trajectory)."""
    wire: str
    """``messages`` (Anthropic), ``responses`` or ``chat`` (OpenAI)."""
    base_url: str
    """Anthropic: the root URL (no ``/v1``); OpenAI: the URL ending in ``/v1``."""
    model: str
    """The model name the framework asks for."""
    api_key: str = Field(repr=False)
    """Given to the proxy, which puts it on forwarded requests; never written to evidence."""
    price_as: str | None = None
    """``PROVIDER:MODEL`` the usage is priced as (None: unpriced)."""

    def allow(self) -> str:
        """The sandbox network policy that lets the framework reach only this endpoint."""
        u = urlsplit(self.base_url)
        port = u.port or (443 if u.scheme == "https" else 80)
        host = u.hostname or "127.0.0.1"
        return f"allow:{host}:{port}"

    def upstream(self) -> Upstream:
        """This endpoint as the model proxy's upstream (its API root and real key)."""
        root = self.base_url.rstrip("/")
        if self.wire == "messages":  # the Anthropic SDKs add /v1 themselves
            root += "/v1"
        return Upstream(base_url=root, api_key=self.api_key, label=self.label,
                        price_as=self.price_as, wire=self.wire, model=self.model)  # type: ignore[arg-type]  # fmt: skip

    def through(self, proxy: ModelProxy) -> ModelEndpoint:
        """What the framework is given: the proxy's address and a placeholder key."""
        url = proxy.base_url if self.wire == "messages" else proxy.openai_base_url
        return self.model_copy(update={"base_url": url, "api_key": PLACEHOLDER_KEY})


ToolsMode = Literal["gateway", "native", "both"]
"""Which tools a framework works with: the gateway's MCP tools only (its own tools off), its own
tools on the trial's workspace only, or both."""
TOOLS_MODES: tuple[ToolsMode, ...] = ("gateway", "native", "both")
WORKSPACE_SERVICES = frozenset({"filesystem", "repo", "shell"})
"""Services whose world is the trial's workspace: a case with one of them has a workspace, and
a framework runs there with its own tools by default (``both``)."""
NATIVE_SERVICES = frozenset({"filesystem", "shell"})
"""Services whose every tool a framework's own shell and file tools do on the workspace: with
its own tools on, the gateway does not offer them (the repository's issues and pull requests,
and every API service, stay gateway tools)."""


class CliAgentConfig(BaseModel):
    time_limit_s: float = Field(default=180.0, gt=0)
    """Seconds one turn (one invocation of the framework) may take before it is killed,
    counted from the turn's first model request: a framework's start-up (tens of seconds for
    OpenClaw on a busy machine) is not the agent's time."""
    startup_limit_s: float = Field(default=300.0, gt=0)
    """Seconds an invocation may take to send its first model request; a framework that has
    not asked its model by then is killed (``time_limit``)."""
    max_steps: int = Field(default=8, ge=1)
    """Model requests per turn, where the framework has such a limit."""
    model_timeout_s: float | None = Field(default=None, gt=0)
    """Seconds the model endpoint may stay silent (before or during an answer) before the proxy
    gives up and the turn is an ``infra_error``; None: half of ``time_limit_s``, at most 120."""
    tools: ToolsMode = "gateway"
    memory_mb: int = 4096
    pids: int = 512
    keep_home: bool = True
    """Keep the agent home (session files, raw output) in the trial directory after stop()."""

    @property
    def model_timeout(self) -> float:
        return self.model_timeout_s or min(120.0, self.time_limit_s / 2)


_TIMED_OUT = "\0time limit"
"""The reason :meth:`CliAgent._run` stops an invocation whose clock ran out (not a fault)."""


class Spend:
    """Where a framework's model usage goes as the proxy counts it: the trial's ledger (one
    entry per answer, role ``target``) and, when the run has caps, the run's live budget,
    asked before every request (``admit``: a reason to refuse, or None)."""

    def __init__(
        self,
        ledger: UsageLedger | None = None,
        *,
        model: str = "",
        trial: str | None = None,
        admit: Callable[[], str | None] | None = None,
    ) -> None:
        self.ledger = ledger
        self.model = model
        self.trial = trial
        self._admit = admit

    def admit(self) -> str | None:
        return self._admit() if self._admit is not None else None

    def charge(self, usage: Usage) -> None:
        if self.ledger is not None:
            self.ledger.record(
                UsageEntry(role="target", model=self.model, trial=self.trial, usage=usage)
            )


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
    """The framework's own tools vera turns on with ``--tools native|both``, in words."""
    native_map: ClassVar[tuple[NativeTool, ...]] = ()
    """Those of its tools that do a gateway tool's work (a shell command is a ``run_command``),
    as the gateway records them (:mod:`vera.gateway.native`)."""
    transcript_call_ids: ClassVar[bool] = True
    """The tool-call ids in the framework's own output are the model's (False for Codex, whose
    items have ids of their own): a call the proxy never saw can then be told apart."""

    def __init__(
        self,
        socket_path: Path,
        endpoint: ModelEndpoint,
        home: Path,
        config: CliAgentConfig | None = None,
        *,
        backend: str = "bwrap",
        spend: Spend | None = None,
    ) -> None:
        if endpoint.wire not in self.wires:
            raise ValueError(
                f"{self.name} speaks {' or '.join(self.wires)} to its model, not {endpoint.wire}"
            )
        self.socket_path = Path(socket_path)
        self.upstream = endpoint
        """The real model endpoint (the proxy forwards to it)."""
        self.endpoint = endpoint
        """What the framework is configured with: the proxy, once started."""
        self.home = Path(home)
        self.config = config or CliAgentConfig()
        self.backend = backend
        self.spend = spend or Spend()
        self.version = self.package.version
        self.trajectory = Trajectory(agent=f"{self.name}@{self.version}", model=endpoint.label)
        self.session_id: str | None = None
        self.surface: TrialSurface | None = None
        self.proxy: ModelProxy | None = None
        self._sb: Sandbox | None = None
        self.web: WorldWeb | None = None
        """The world's web pages for the framework's own HTTP clients (``tools`` native or both,
        a case with a ``web`` service)."""
        self._tls: Path | None = None
        self.observer: NativeObserver | None = None
        """Records the framework's own tool calls in the gateway's trace, with the case's
        injections and the trial's defences on their results (``tools`` native or both)."""
        self._faults: list[ProxyFault] = []
        self._fault_seen = asyncio.Event()
        self._asked = asyncio.Event()
        """Set by the proxy when the invocation running now sends a model request: its first
        one starts the turn's clock (:meth:`_run`)."""
        self._never_asked = False
        """The last invocation was killed before its first model request."""
        self._turn_usage = Usage()

    def attach_trial(self, surface: TrialSurface) -> None:
        """The trial's gateway, workspace and evidence directory (before ``start()``)."""
        self.surface = surface

    @property
    def evidence(self) -> Path:
        """The host-only directory the proxy records in (``TRIAL/evidence``)."""
        return self.surface.evidence if self.surface else self.home.parent / "evidence"

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
    def native(self) -> bool:
        """The framework's own tools are on (``tools`` native or both), on the workspace."""
        return self.config.tools != "gateway"

    @property
    def mcp(self) -> bool:
        """The gateway's MCP tools are offered (``tools`` gateway or both)."""
        return self.config.tools != "native"

    @property
    def workdir(self) -> str:
        """The framework's working directory in its sandbox."""
        return WORKSPACE if self.native else f"{AGENT_HOME}/work"

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

    def proxy_hooks(self) -> ProxyHooks:
        """What the trial's model proxy reports to and asks of this agent."""
        return _AgentHooks(self)

    # -- the Agent protocol ---------------------------------------------------------------------

    def binds(self) -> list[Bind]:
        """What the sandbox mounts besides the home: the installed package and the relay."""
        return [
            Bind(source=require(self.package), target=AGENT_ROOT),
            *relay_binds(self.socket_path),
        ]

    def _workspace_binds(self) -> list[Bind]:
        """The trial's workspace, writable at :data:`WORKSPACE`, when the framework's own tools
        are on."""
        if not self.native:
            return []
        if self.surface is None:
            raise FrameworkInfraError(
                f"{self.name}: --tools {self.config.tools} needs the trial's workspace "
                "(attach_trial before start)"
            )
        return [Bind(source=self.surface.workspace, target=WORKSPACE, writable=True)]

    async def start(self) -> None:
        binds = [*self.binds(), *self._workspace_binds()]
        if self.home.exists():
            shutil.rmtree(self.home)
        (self.home / "work").mkdir(parents=True)
        (self.home / "turns").mkdir()
        if self.native and self.surface is not None:
            self.observer = NativeObserver(self.surface.gateway, self.native_map,
                                           workspace=WORKSPACE)  # fmt: skip
        proxy = ModelProxy(
            self.upstream.upstream(),
            record=self.evidence / "model",
            hooks=self.proxy_hooks(),
            upstream_timeout_s=self.config.model_timeout,
        )
        try:
            await proxy.start()
        except OSError as e:
            raise FrameworkInfraError(f"{self.name}: the model proxy failed to start: {e}") from e
        self.proxy = proxy
        self.endpoint = self.upstream.through(proxy)
        network = NetworkPolicy.parse(self.endpoint.allow())
        trust: dict[str, str] = {}
        try:
            if self.native and self.surface is not None and world_hosts(self.surface.web):
                binds += await self._start_web()
                network = network.model_copy(update={"routes": self.web.routes()})  # type: ignore[union-attr]
                trust = SandboxCA.trust_env()
        except Exception as e:
            await self._stop_proxy()
            raise FrameworkInfraError(f"{self.name}: the world's web server failed: {e}") from e
        self.configure()
        spec = SandboxSpec(
            workspace=self.home,
            workspace_target=AGENT_HOME,
            workdir=self.workdir,
            binds=binds,
            env={
                "HOME": AGENT_HOME,
                "USER": "agent",
                "TERM": "dumb",
                "NO_COLOR": "1",
                **trust,
                **self.env(),
            },
            network=network,
            limits=Limits(
                memory_mb=self.config.memory_mb, pids=self.config.pids, output_bytes=16 << 20
            ),
            hostname="agent",
        )
        sb = open_sandbox(spec, self.backend)
        try:
            await sb.start()
        except Exception as e:
            await self._stop_proxy()
            raise FrameworkInfraError(f"{self.name}: sandbox failed to start: {e}") from e
        self._sb = sb

    async def stop(self) -> None:
        sb, self._sb = self._sb, None
        try:
            if sb is not None:
                await sb.close()
        finally:
            await self._stop_proxy()

    async def _start_web(self) -> list[Bind]:
        """Serve the world's pages for the sandbox's egress proxy; the binds that make the
        sandbox trust their certificates (its CA's public files, its bundle over the system's)."""
        assert self.surface is not None
        ca = SandboxCA()
        self._tls = Path(tempfile.mkdtemp(prefix="vera-ca-"))
        ca.write(self._tls)
        self.web = WorldWeb(self.surface.gateway, world_hosts(self.surface.web), ca,
                            self.surface.web)  # fmt: skip
        await self.web.start()
        binds = [Bind(source=self._tls, target=CA_DIR)]
        if (
            SYSTEM_BUNDLE.is_file()
        ):  # bound over the system's (the sandbox binds the host's /etc/ssl)
            binds.append(Bind(source=self._tls / "bundle.pem", target=str(SYSTEM_BUNDLE)))
        return binds

    async def _stop_proxy(self) -> None:
        """Stop the model proxy and the world's web server."""
        proxy, self.proxy = self.proxy, None
        web, self.web = self.web, None
        try:
            if proxy is not None:
                await proxy.stop()
        finally:
            if web is not None:
                await web.stop()
            if self._tls is not None:
                shutil.rmtree(self._tls, ignore_errors=True)
                self._tls = None

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
        return await self._conclude(turn, res, parsed, limit, fatal)

    def fatal(self, event: dict[str, Any]) -> str | None:
        """A reason to stop the framework now, from one of its output events (e.g. it is
        retrying a request the endpoint refused with 401): the turn is then an infra error."""
        return None

    # -- internals ------------------------------------------------------------------------------

    async def _conclude(
        self,
        turn: Turn,
        res: ExecResult,
        parsed: Parsed,
        limit: float,
        fatal: str | None = None,
        *,
        unfinished_is_error: bool = False,
    ) -> Turn:
        """Fill in the turn from the parsed output, decide its error, record it, and raise what
        ends the trial (infra errors, the budget). The proxy's faults decide first: they say
        what happened at the model endpoint, whatever the framework made of it."""
        turn.response = parsed.response
        turn.tool_calls = parsed.tool_calls
        await self._settle_native(turn.tool_calls)
        turn.usage = self._turn_usage if self._turn_usage.requests else parsed.usage
        self._turn_usage = Usage()
        turn.error, infra = self._classify(res, parsed, limit)
        if turn.error is None and unfinished_is_error and not parsed.finished:
            turn.error = f"agent_error: {self.name} gave no final answer"
        if fatal is not None:
            turn.error = f"model_unavailable: {self.name}: {fatal}"
            infra = f"{self.name}: model endpoint failed: {fatal}"
        budget: str | None = None
        faults, self._faults = self._faults, []
        for fault in faults[:1]:
            if fault.kind == "agent_error":
                turn.error, infra = f"agent_error: {self.name}: {fault.message}", None
            elif fault.kind == "infra_error":
                turn.error = f"model_unavailable: {self.name}: {fault.message}"
                infra = f"{self.name}: {fault.message}"
            else:
                turn.error, infra, budget = f"budget: {fault.message}", None, fault.message
        turn.ended_at = utcnow()
        self.trajectory.turns.append(turn)
        self.trajectory.usage = self.trajectory.usage + turn.usage
        if budget is not None:
            raise BudgetReached(f"{self.name} stopped in turn {turn.index}: {budget}")
        if infra is not None:
            raise FrameworkInfraError(infra)
        return turn

    async def _settle_native(self, calls: list[ToolCall]) -> None:
        """The turn's native calls as the model saw them: each call the proxy traced gets its
        observation, injection and defence actions from the gateway's record; a call whose
        result the model never saw (the framework was stopped first) is traced as such."""
        if self.observer is None:
            return
        if not self.transcript_call_ids:
            calls = []
        try:
            await self.observer.record_unseen([c for c in calls if c.source == "native"])
        except Exception:  # the trace is evidence: a failure to add to it is vera's
            raise FrameworkInfraError(f"{self.name}: cannot trace its own tool calls") from None
        traced = {call_key(r.call_id): r for r in self.observer.gateway.calls
                  if r.source == "native" and r.call_id}  # fmt: skip
        for c in calls:
            record = traced.get(call_key(c.id or ""))
            if record is None:
                continue
            c.observation = record.observation
            c.injection_id, c.injection_mode = record.injection_id, record.injection_mode
            c.defence_actions = list(record.defence_actions)

    def _fault(self, fault: ProxyFault) -> None:
        """The proxy gave up or refused: stop the framework now (see :meth:`_run`)."""
        self._faults.append(fault)
        self._fault_seen.set()

    async def _run(
        self, sb: Sandbox, argv: list[str], limit: float
    ) -> tuple[ExecResult, str | None]:
        """Run one invocation, watching its stdout events for :meth:`fatal` ones and the proxy
        for faults; either kills the framework at once. Its clock: ``limit`` seconds from its
        first model request, and at most ``startup_limit_s`` until that request; past either
        it is killed as timed out."""
        out = bytearray()
        err = bytearray()
        pending = bytearray()
        found: list[str] = []
        task: asyncio.Task[ExecResult] | None = None

        def stop(reason: str) -> None:
            if not found and task is not None:
                found.append(reason)
                task.cancel()

        def on_output(name: str, chunk: bytes) -> None:
            # Kept as a killed invocation's output: at most OUTPUT_LIMIT bytes of each stream
            # (what the sandbox keeps of a finished one), however much the framework prints.
            kept = err if name != "stdout" else out
            kept.extend(chunk[: max(0, OUTPUT_LIMIT - len(kept))])
            if name != "stdout":
                return
            pending.extend(chunk)
            if len(pending) > OUTPUT_LIMIT and b"\n" not in chunk:
                pending.clear()  # a line this long is no event of the framework's
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
                if reason:
                    stop(reason)

        async def watch_proxy() -> None:
            await self._fault_seen.wait()
            stop("")  # the proxy's fault says what happened (see _conclude)

        async def watch_clock() -> None:
            try:
                await asyncio.wait_for(self._asked.wait(), self.config.startup_limit_s)
            except TimeoutError:
                self._never_asked = True
            else:
                await asyncio.sleep(limit)
            stop(_TIMED_OUT)

        self._fault_seen.clear()
        self._asked.clear()
        self._never_asked = False
        # The sandbox's own timeout is the outer bound the clock never passes.
        outer = self.config.startup_limit_s + limit + 5
        task = asyncio.create_task(sb.exec(argv, timeout=outer, on_output=on_output))
        watchers = [asyncio.create_task(watch_proxy()), asyncio.create_task(watch_clock())]
        if self._faults:  # a fault before this invocation (e.g. a refused side request)
            stop("")
        try:
            return await task, None
        except asyncio.CancelledError:
            me = asyncio.current_task()
            if not found or (me is not None and me.cancelling()):
                raise
            timed_out = found[0] == _TIMED_OUT
            res = ExecResult(
                exit_code=137,
                stdout=out.decode(errors="replace"),
                stderr=err.decode(errors="replace"),
                killed=True,
                kill_reason="timeout" if timed_out else "closed",
            )
            return res, None if timed_out else found[0] or None
        except Exception as e:  # the sandbox itself broke
            raise FrameworkInfraError(f"{self.name}: sandbox exec failed: {e}") from e
        finally:
            for w in watchers:
                w.cancel()

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
            if self._never_asked:
                return (f"time_limit: {self.name} sent no model request within "
                        f"{self.config.startup_limit_s:g}s of its start (killed)", None)  # fmt: skip
            return (f"time_limit: {self.name} gave no answer within {limit:g}s of its first "
                    "model request (killed)", None)  # fmt: skip
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


class _AgentHooks(ProxyHooks):
    """The model proxy's hooks for one framework: the run's budget decides admission, usage
    goes to the turn and the trial's ledger, faults stop the framework."""

    def __init__(self, agent: CliAgent) -> None:
        self.agent = agent

    def admit(self) -> str | None:
        self.agent._asked.set()  # asked once per request: the first starts the turn's clock
        return self.agent.spend.admit()

    def on_usage(self, usage: Usage) -> None:
        self.agent._turn_usage = self.agent._turn_usage + usage
        self.agent.spend.charge(usage)

    def on_fault(self, fault: ProxyFault) -> None:
        self.agent._fault(fault)

    async def rewrite_request(self, wire: Wire, body: dict[str, Any]) -> RequestRewrite | None:
        observer = self.agent.observer
        return None if observer is None else await observer.rewrite(wire, body)

    @property
    def vets_answers(self) -> bool:
        observer = self.agent.observer
        return observer is not None and observer.vets_calls

    async def vet_answer(self, wire: Wire, answer: dict[str, Any]) -> list[str]:
        assert self.agent.observer is not None
        return await self.agent.observer.vet(wire, answer)


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
