"""Every agent vera knows, for both pillars, registered once; and how a model spec becomes a
framework's endpoint.

``AGENTS`` is the one registry (:class:`~vera.plugins.Registry`, entry point group
``vera.agents``): each :class:`AgentEntry` says what the agent is (one line), which pillar it
serves (``safety``: a ``vera run`` target; ``harden``: plays a hardening task's agent phase,
as the kind of ``harden.execute.AgentSpec``), whether it needs a model, whether it takes an
argument (``script:FILE``, ``exploit:NAME``) and, for a safety target, how it is built.
Planning checks (:func:`resolve`), the ``--agent`` help of ``vera run`` and ``vera harden run``
(:func:`names_for`), ``harden.actors`` and ``vera agents list`` read from it: code that needs
agent names asks here rather than keeping a list.

A safety agent is built by ``entry.build(ctx)`` (an :class:`AgentBuild`): an async function
returning ``make_agent(socket) -> Agent`` that the trial calls once the gateway is up. Building
is where a model is opened, so a missing key fails before the trial starts.

:func:`resolve_endpoint` turns a model spec into the :class:`ModelEndpoint` a framework is
configured with:

- ``scripted:FILE#WIRE``: the runtime starts the scripted server (listed in ``rt.scripted``);
  any key works; priced as its script's ``price_as``.
- ``local``: the embedded model (Chat Completions), started by the runtime.
- ``anthropic:MODEL[@URL]``: ``https://api.anthropic.com`` (or URL), key from
  ``ANTHROPIC_API_KEY``.
- ``openai:MODEL[@URL]`` / ``openai-responses:MODEL[@URL]``: ``https://api.openai.com/v1`` (or
  URL), key from ``OPENAI_API_KEY``.
- ``openai-chat:MODEL@URL`` / ``openai-compat:...``: a Chat Completions server, key from
  ``OPENAI_API_KEY`` (``x`` when unset), for frameworks that speak ``chat``.

The framework never talks to that endpoint directly: it is the upstream of the trial's model
proxy (:mod:`vera.models.proxy`), which the adapter starts.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from vera.agents.base import Agent
from vera.agents.claude_code import ClaudeCodeAgent
from vera.agents.cli_base import (
    CliAgent,
    CliAgentConfig,
    FrameworkInfraError,
    ModelEndpoint,
    Spend,
)
from vera.agents.codex import CodexAgent
from vera.agents.hermes import HermesAgent
from vera.agents.mcp_command import McpCommandAgent
from vera.agents.openclaw import OpenClawAgent
from vera.agents.oracle import Replay, ReplayAgent, nop_agent
from vera.plugins import Registry

Pillar = Literal["safety", "harden"]
HardenKind = Literal["oracle", "nop", "script", "exploit", "actor"]
HARDEN_KINDS: tuple[HardenKind, ...] = ("oracle", "nop", "script", "exploit", "actor")
"""What plays a hardening task's agent phase (``harden.execute.AgentSpec.kind``; an exploit is
played as a script)."""


@dataclass
class AgentBuild:
    """What a safety agent is built from: the planned trial's agent and model, the runtime that
    opens models, the per-turn bounds and the trial's folders."""

    agent: str
    """The name as planned (``NAME`` or ``NAME:ARG``)."""
    model: str
    runtime: Any
    """A :class:`vera.models.runtime.ModelRuntime`."""
    argument: str | None = None
    """``ARG`` of ``NAME:ARG``."""
    max_steps: int = 8
    turn_time_s: float = 180.0
    home: Path = field(default_factory=lambda: Path("agent-home"))
    """A framework's HOME on the host (``trial_dir/agent-home``)."""
    script: Replay | None = None
    """For an entry that ``replays`` a case trajectory: the one the caller chose."""
    system_prompt: str = ""
    """The deployment's instructions, after the agent's own (entries with ``instructions``)."""
    history: list[tuple[str, str]] = field(default_factory=list)
    """Earlier turns ``(role, text)`` the conversation starts from (``instructions``)."""
    tools: str = "gateway"
    """For an agent framework: ``gateway``, ``native`` or ``both`` (:data:`~vera.agents.
    cli_base.ToolsMode`)."""
    model_timeout_s: float | None = None
    """For an agent framework: how long its model may stay silent (None: the adapter's)."""
    admit: Callable[[], str | None] | None = None
    """The run's live budget: a reason to refuse the next model request, or None."""


Builder = Callable[[AgentBuild], Awaitable[Callable[[Path], Agent]]]


class AgentEntry(BaseModel):
    """One agent of the registry (see the module doc)."""

    model_config = ConfigDict(arbitrary_types_allowed=True, frozen=True)

    name: str
    description: str
    """One line: what the agent is."""
    pillars: tuple[Pillar, ...]
    needs_model: bool
    """False: it replays or does nothing, so ``vera run`` opens no model for it and drives it
    with the case's first message (static mode: there is nothing to adapt to)."""
    argument: str | None = None
    """The agent takes ``NAME:ARG`` (e.g. ``FILE``); ``NAME`` alone is then not an agent."""
    harden_kind: HardenKind | None = None
    """For the harden pillar: the ``AgentSpec`` kind that plays it."""
    replays: Literal["witness", "reference", "file"] | None = None
    """It replays a trajectory: the case's witness or reference (a calibration oracle), or the
    file its argument names (read in the case's variables)."""
    instructions: bool = False
    """It takes a case's context (system prompt, history) as such; an agent with a model that
    does not gets it as text before its first message."""
    build: Builder | None = Field(default=None, exclude=True)
    """For the safety pillar: how it is built (see :class:`AgentBuild`)."""
    adapter: type[CliAgent] | None = Field(default=None, exclude=True)
    """For an agent framework run in a sandbox: its adapter class."""

    @property
    def usage(self) -> str:
        """How it is named on the command line."""
        return f"{self.name}:{self.argument}" if self.argument else self.name


class AgentNameError(ValueError):
    """An agent name that cannot be used where it was given; one line for the user."""


def _check(name: str, entry: Any) -> str | None:
    if not isinstance(entry, AgentEntry):
        return "not a vera.agents.registry.AgentEntry"
    if entry.name != name:
        return f"its entry says name = {entry.name!r}"
    if "safety" in entry.pillars and entry.build is None:
        return "a safety agent needs build"
    if "harden" in entry.pillars and entry.harden_kind is None:
        return "a hardening agent needs harden_kind"
    return None


AGENTS: Registry[AgentEntry] = Registry("agent", "vera.agents", check=_check)
"""Every agent by name, vera's own first, then plug-ins' (``vera agents list``)."""


def register_agent(entry: AgentEntry) -> AgentEntry:
    """Add a plug-in's agent (the entry point may also name an ``AgentEntry`` directly)."""
    AGENTS.register(entry.name, entry)
    return entry


def resolve(text: str, pillar: Pillar | None = None) -> tuple[AgentEntry, str | None]:
    """``(entry, argument)`` of an agent as named on a command line; :class:`AgentNameError` (one
    line listing what ``pillar`` offers) when it is unknown, serves another pillar, or misses
    or has an argument it should not."""
    name, sep, arg = text.partition(":")
    entry = AGENTS.get(text) if text in AGENTS else AGENTS.get(name) if sep else None
    if entry is not None and entry.name == text:
        arg, sep = "", ""
    known = f"use {', '.join(names_for(pillar))}"
    if entry is None or (pillar is not None and pillar not in entry.pillars):
        where = f" for {pillar}" if pillar and entry is not None else ""
        raise AgentNameError(f"unknown agent {text!r}{where} ({known})")
    if entry.argument and not arg:
        raise AgentNameError(f"agent {entry.name} needs an argument: {entry.usage}")
    if not entry.argument and sep:
        raise AgentNameError(f"agent {entry.name} takes no argument (not {text!r})")
    return entry, (arg or None)


def needs_model(text: str) -> bool:
    """Whether the named agent talks to a model (unknown names: True, the safe assumption)."""
    try:
        return resolve(text)[0].needs_model
    except AgentNameError:
        return True


def names_for(pillar: Pillar | None = None, *, plugins: bool = True) -> list[str]:
    """How each agent of ``pillar`` (or every agent) is named on the command line
    (``plugins=False``: vera's own only, without loading plug-ins, e.g. for a help text)."""
    found = AGENTS.values() if plugins else AGENTS.builtins().values()
    return [e.usage for e in found if pillar is None or pillar in e.pillars]


def entries(pillar: Pillar | None = None) -> list[AgentEntry]:
    return [e for e in AGENTS.values() if pillar is None or pillar in e.pillars]


# --- built-in agents ------------------------------------------------------------------------------


async def _build_replay(ctx: AgentBuild) -> Callable[[Path], Agent]:
    script = ctx.script or Replay()
    return lambda socket: ReplayAgent(ctx.agent, script, socket)


async def _build_nop(ctx: AgentBuild) -> Callable[[Path], Agent]:
    return lambda socket: nop_agent()


async def _build_builtin(ctx: AgentBuild) -> Callable[[Path], Agent]:
    from vera.agents.builtin import BuiltinAgent, BuiltinAgentConfig

    model = await ctx.runtime.model(ctx.model, role="target")
    config = BuiltinAgentConfig(max_steps=ctx.max_steps, time_limit_s=ctx.turn_time_s)
    if ctx.system_prompt.strip():  # the deployment's instructions after the agent's own
        config.system_prompt += "\n\n" + ctx.system_prompt.strip()
    config.history = list(ctx.history)
    # On the host: straight to the gateway's socket, no relay process in between.
    return lambda socket: BuiltinAgent(model, socket, config, model_label=ctx.model)


def _framework_builder(adapter: type[CliAgent]) -> Builder:
    async def build(ctx: AgentBuild) -> Callable[[Path], Agent]:
        from vera.models.usage import current_trial

        endpoint = await resolve_endpoint(ctx.model, ctx.runtime, adapter)
        config = CliAgentConfig(
            max_steps=ctx.max_steps,
            time_limit_s=ctx.turn_time_s,
            model_timeout_s=ctx.model_timeout_s,
            tools=ctx.tools,  # type: ignore[arg-type]
        )
        # Every answer the proxy counts is a ledger entry of this trial (role target).
        spend = Spend(ctx.runtime.ledger if ctx.runtime is not None else None,
                      model=ctx.model, trial=current_trial(), admit=ctx.admit)  # fmt: skip
        return lambda socket: adapter(socket, endpoint, ctx.home, config, spend=spend)

    return build


_FRAMEWORKS: dict[type[CliAgent], tuple[str, tuple[Pillar, ...]]] = {
    ClaudeCodeAgent: ("Claude Code, headless, in its own sandbox", ("safety", "harden")),
    CodexAgent: ("OpenAI Codex CLI (exec), in its own sandbox", ("safety", "harden")),
    HermesAgent: ("Hermes agent (Nous Research), in its own sandbox", ("safety",)),
    OpenClawAgent: ("OpenClaw, on its own Node, in its own sandbox", ("safety",)),
    McpCommandAgent: ("any MCP client command ($VERA_AGENT_COMMAND) in a sandbox", ("safety",)),
}

for _entry in (
    AgentEntry(
        name="builtin",
        description="vera's own pydantic-ai agent over the gateway, on any model spec",
        pillars=("safety",),
        needs_model=True,
        instructions=True,
        build=_build_builtin,
    ),
    AgentEntry(
        name="oracle-violation",
        description="replays the case's witness: the verifier must say violated",
        pillars=("safety",),
        needs_model=False,
        replays="witness",
        build=_build_replay,
    ),
    AgentEntry(
        name="oracle-benign",
        description="replays the case's reference: the verifier must say safe",
        pillars=("safety",),
        needs_model=False,
        replays="reference",
        build=_build_replay,
    ),
    AgentEntry(
        name="replay",
        argument="FILE",
        description="replays a trajectory file (a witness's or reference's format) on each case",
        pillars=("safety",),
        needs_model=False,
        replays="file",
        build=_build_replay,
    ),
    AgentEntry(
        name="nop",
        description="does nothing (never calls a tool; in a task, leaves /app as seeded)",
        pillars=("safety", "harden"),
        needs_model=False,
        harden_kind="nop",
        build=_build_nop,
    ),
    AgentEntry(
        name="oracle",
        description="runs the task's reference solution (solution/solve.sh)",
        pillars=("harden",),
        needs_model=False,
        harden_kind="oracle",
    ),
    AgentEntry(
        name="script",
        argument="FILE",
        description="runs a bash script in the task sandbox as the agent",
        pillars=("harden",),
        needs_model=False,
        harden_kind="script",
    ),
    AgentEntry(
        name="exploit",
        argument="NAME",
        description="plays an exploit of the library (vera.harden.exploits) as a script",
        pillars=("harden",),
        needs_model=False,
        harden_kind="exploit",
    ),
    AgentEntry(
        name="terminal",
        description="vera's built-in terminal agent acting in the task sandbox, on any model",
        pillars=("harden",),
        needs_model=True,
        harden_kind="actor",
    ),
    *(
        AgentEntry(
            name=cls.name,
            description=text,
            pillars=pillars,
            needs_model=True,
            harden_kind="actor" if "harden" in pillars else None,
            build=_framework_builder(cls),
            adapter=cls,
        )
        for cls, (text, pillars) in _FRAMEWORKS.items()
    ),
):
    AGENTS.register(_entry.name, _entry, builtin=True)


ADAPTERS: dict[str, type[CliAgent]] = {cls.name: cls for cls in _FRAMEWORKS}
"""vera's agent frameworks by name (the entries with an ``adapter``): what ``vera agents
install`` installs."""


def adapters() -> dict[str, type[CliAgent]]:
    """Every framework adapter, vera's and plug-ins' (entries with an ``adapter``)."""
    return {e.name: e.adapter for e in AGENTS.values() if e.adapter is not None}


SCRIPTED_MODEL = {"messages": "claude-sonnet-4-5", "responses": "gpt-5", "chat": "gpt-4o"}
"""The model name a framework asks a scripted server for (the server answers any name)."""


async def resolve_endpoint(spec: str, rt: Any, adapter: type[CliAgent]) -> ModelEndpoint:
    """The real endpoint behind model ``spec`` for ``adapter`` (``rt``: a ModelRuntime, which
    starts a scripted server or the local model): :func:`vera.models.proxy.upstream_for`,
    checked against the wires the framework speaks. A missing key is a FrameworkInfraError;
    a spec the framework cannot use a ValueError (one line each)."""
    from vera.models.errors import ModelSpecError
    from vera.models.proxy import KEY_VARIABLES, upstream_for
    from vera.models.spec import parse_spec

    parsed = parse_spec(spec)
    wires = " or ".join(adapter.wires)
    if parsed.kind == "scripted" and parsed.wire not in adapter.wires:
        raise ValueError(
            f"{adapter.name} speaks {wires}: use scripted:FILE#{adapter.wires[0]} "
            f"(not #{parsed.wire})"
        )
    if parsed.kind in KEY_VARIABLES or parsed.kind == "local":
        wire = {"anthropic": "messages", "openai-responses": "responses"}.get(parsed.kind, "chat")
        if wire not in adapter.wires:
            raise ValueError(f"{adapter.name} speaks {wires}, and {spec} is {wire}")
    elif parsed.kind != "scripted":
        raise ValueError(f"{adapter.name} cannot use model spec {spec!r} (kind {parsed.kind})")
    try:
        up = await upstream_for(parsed, rt)
    except ModelSpecError as e:
        if parsed.kind in KEY_VARIABLES:  # a key missing: the trial cannot reach its model
            raise FrameworkInfraError(f"{adapter.name} with {e}") from None
        raise ValueError(str(e)) from None
    wire = up.wire or parsed.wire
    base = up.base_url
    if wire == "messages":  # the Anthropic SDKs take the root and add /v1 themselves
        base = base.removesuffix("/").removesuffix("/v1")
    return ModelEndpoint(label=spec, wire=wire, base_url=base, model=up.model or SCRIPTED_MODEL[wire],
                         api_key=up.api_key, price_as=up.price_as)  # fmt: skip


def capabilities(adapter: type[CliAgent]) -> dict[str, Any]:
    return {
        "package": adapter.package.source,
        "wire": "/".join(adapter.wires),
        "multi_turn": adapter.multi_turn,
        "native_tools": adapter.native_tools,
    }


__all__ = [
    "ADAPTERS",
    "AGENTS",
    "HARDEN_KINDS",
    "AgentBuild",
    "AgentEntry",
    "AgentNameError",
    "adapters",
    "capabilities",
    "entries",
    "names_for",
    "needs_model",
    "register_agent",
    "resolve",
    "resolve_endpoint",
]
