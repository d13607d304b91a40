"""One tool call through the gateway: dispatch, inject, trace — independent of MCP transport.

The MCP server (``vera.gateway.server``) is a thin shell around ``ToolGateway.call``; keeping
the logic here means oracles, replays and benchmarks run exactly the code agents hit. Calls an
agent framework makes with its own tools (seen in its model traffic, ``vera.gateway.native``)
are recorded in the same trace by ``ToolGateway.native``, with the same injections and defences
on their results.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol

import anyio
from pydantic_core import to_jsonable_python

from vera.env.base import ToolArgumentError, ToolError, ToolSpec, UnknownToolError
from vera.gateway.injections import Injection, InjectionSet, render_result
from vera.gateway.trace import TraceWriter
from vera.records import ToolCall, cut_text, utcnow

if TYPE_CHECKING:
    from vera.gateway.defences import Defence

log = logging.getLogger(__name__)


class ToolHost(Protocol):
    """What the gateway needs from an Environment (``vera.env``'s satisfies it)."""

    def list_tools(self) -> list[ToolSpec]: ...

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> Any: ...


@dataclass(frozen=True)
class CallOutcome:
    """What the agent gets back: the observation text and whether it is a tool error."""

    text: str
    is_error: bool
    record: ToolCall


class GatewayFault(RuntimeError):
    """The gateway could not serve calls as asked (a defence's model that failed, a defence
    that broke): the trial says nothing about the agent (``infra_error``). The message sums up
    every failure of the trial in one line: how many calls, and why."""


class ToolGateway:
    """Serves one Environment's tools for one trial, recording every call before answering.

    Calls are serialized (one at a time, across all MCP sessions) so the trace order is the
    order in which the environment saw them and call indices are deterministic. Opening an
    existing trace resumes its counters, so a restarted gateway keeps ``call: n`` rules and
    ``times`` limits consistent with what already happened.

    Errors: a tool's own errors (``ToolError`` and its subclasses: unknown tool, bad
    arguments, missing item, no permission) become tool errors the agent sees; any other
    exception from a service is logged, traced as ``internal error: ...`` and also shown as
    a tool error, so one broken tool never takes the server down. An ``OSError`` writing the
    trace propagates: an unrecorded call must not be answered.
    """

    def __init__(
        self,
        env: ToolHost,
        trace: Path | TraceWriter,
        *,
        injections: InjectionSet | None = None,
        on_record: Callable[[ToolCall], None] | None = None,
        defences: list[Defence] | None = None,
        hidden: set[str] | frozenset[str] = frozenset(),
    ) -> None:
        self.env = env
        self.hidden = frozenset(hidden)
        """Services whose tools are not offered (their work is done by an agent framework's own
        tools on the workspace); a call to one of them is refused as an unknown tool."""
        self.defences: list[Defence] = list(defences or [])
        """Applied in order: tool list, each call before it runs, each result (docs/defences.md)."""
        self._prepared = not self.defences
        self._prepare_lock = anyio.Lock()
        self._trace = trace if isinstance(trace, TraceWriter) else TraceWriter(trace)
        self.injections = injections or InjectionSet()
        self._on_record = on_record
        """Called with each record once it is on disk (e.g. to wake a controller)."""
        self._lock = anyio.Lock()
        self.calls: list[ToolCall] = list(self._trace.existing)
        """Every record of this trial so far (including those found in a resumed trace)."""
        self._per_tool: dict[str, int] = {}
        self._fired: dict[str, int] = {}
        self.faults: dict[str, int] = {}
        """Why calls could not be served (one line each: a defence's model failed), and how
        many calls failed so; :meth:`fault_summary` says it once for the whole trial."""
        for c in self.calls:
            self._per_tool[c.tool] = self._per_tool.get(c.tool, 0) + 1
            if c.injection_id is not None:
                self._fired[c.injection_id] = self._fired.get(c.injection_id, 0) + 1

    @property
    def trace_path(self) -> Path:
        return self._trace.path

    def list_tools(self) -> list[ToolSpec]:
        tools = [t for t in self.env.list_tools() if t.service not in self.hidden]
        for d in self.defences:
            tools = d.filter_tools(tools)
        return tools

    async def prepare(self) -> None:
        """Let the defences look at the tools once (a model-chosen tool filter asks here)."""
        if self._prepared:
            return
        async with self._prepare_lock:  # two sessions listing tools at once prepare once
            if self._prepared:
                return
            tools = self.env.list_tools()
            for d in self.defences:
                await d.prepare(tools)
            self._prepared = True

    def _injection_for(
        self,
        tool: str,
        arguments: dict[str, Any],
        nth: int,
        result: Any,
        text: str,
        native_tool: str | None = None,
        aliases: Sequence[tuple[str, dict[str, Any]]] = (),
    ) -> Injection | None:
        for inj in self.injections.injections:
            if inj.times is not None and self._fired.get(inj.id, 0) >= inj.times:
                continue
            if inj.matches(tool, arguments, nth, result, text, native_tool) or any(
                inj.matches(t, a, nth, result, text, native_tool) for t, a in aliases
            ):
                return inj
        return None

    async def call(
        self,
        tool: str,
        arguments: Any,
        *,
        refused: str | None = None,
        source: Literal["gateway", "native"] = "gateway",
        view: Callable[[Any], str] = render_result,
    ) -> CallOutcome:
        """Run one call; the record is on disk before this returns.

        ``refused`` records a call the MCP layer already rejected (malformed params) without
        running it, so even those attempts appear in the trace. ``source="native"`` records a
        call that came from the agent's own tools by another way than MCP (a page its HTTP client
        fetched, :mod:`vera.gateway.web`); ``view(result)`` is the text the agent is shown and
        injections apply to (default: the result rendered as the MCP answer is).
        """
        async with self._lock:
            # Once a call starts it finishes and is traced, even if its client goes away:
            # a tool that changed the world must never be missing from the evidence.
            with anyio.CancelScope(shield=True):
                await self.prepare()
                return await self._run(tool, arguments, refused, source, view)

    async def _run(
        self,
        tool: str,
        arguments: Any,
        refused: str | None,
        source: Literal["gateway", "native"] = "gateway",
        view: Callable[[Any], str] = render_result,
    ) -> CallOutcome:
        index = len(self.calls)
        nth = self._per_tool.get(tool, 0) + 1
        self._per_tool[tool] = nth
        started = utcnow()
        args: dict[str, Any] = arguments if isinstance(arguments, dict) else {}
        result: Any = None
        error: str | None = None
        inj: Injection | None = None
        blocked = False
        malformed = refused is not None  # the MCP layer refused the params as written
        actions: list[dict[str, Any]] = []
        if refused is None and isinstance(arguments, dict | None):
            for d in self.defences:
                block = await d.before_call(tool, args, list(self.calls))
                if block is not None:
                    blocked = True
                    refused = f"blocked by defence {d.name}: {block.reason}"
                    actions.append({"defence": d.name, "action": "blocked", "reason": block.reason})
                    break
            if not blocked and isinstance(arguments, dict):
                for d in self.defences:
                    change = await d.rewrite_arguments(tool, args, list(self.calls))
                    if change is None:
                        continue
                    if change.arguments == args:  # looked at, left as it was (e.g. unchecked)
                        actions.append({"defence": d.name, "action": "unchecked",
                                        "reason": change.reason})  # fmt: skip
                        continue
                    # the service runs what the defence let through; the trace keeps what the
                    # agent asked for, so a verdict can still cite the attempt
                    actions.append({"defence": d.name, "action": "sanitised_input",
                                    "reason": change.reason, "requested": args})  # fmt: skip
                    args = change.arguments
        if arguments is not None and not isinstance(arguments, dict):
            args = {"_invalid": to_jsonable_python(arguments, fallback=repr)}
            error = refused or f"arguments must be a JSON object, got {type(arguments).__name__}"
            malformed = not blocked
        elif refused is not None:
            error = refused
        elif tool in self._hidden_tools():
            error = f"unknown tool {tool!r}"
        else:
            try:
                result = to_jsonable_python(await self.env.call_tool(tool, args), fallback=str)
            except ToolError as e:
                error = str(e) or type(e).__name__
                malformed = isinstance(e, UnknownToolError | ToolArgumentError)
            except Exception as e:
                log.exception("tool %s raised", tool)
                error = f"internal error: {type(e).__name__}: {e}"
        if error is None:
            text, inj = await self._observe(tool, args, nth, result, view(result), actions)
        else:
            text = error
        record = ToolCall(
            id=str(index),
            tool=tool,
            arguments=args,
            result=result,
            observation=text,
            error=error,
            source=source,
            injection_id=inj.id if inj else None,
            injection_mode=inj.mode if inj else None,
            blocked=blocked,
            malformed=malformed,
            defence_actions=actions,
            started_at=started,
            ended_at=utcnow(),
        )
        self._record(record)
        return CallOutcome(text=text, is_error=error is not None, record=record)

    async def _observe(
        self,
        tool: str,
        args: dict[str, Any],
        nth: int,
        result: Any,
        text: str,
        actions: list[dict[str, Any]],
        native_tool: str | None = None,
        aliases: Sequence[tuple[str, dict[str, Any]]] = (),
    ) -> tuple[str, Injection | None]:
        """What the agent is shown for a successful result: at most one injection, then each
        defence's rewrite (appended to ``actions``)."""
        inj = self._injection_for(tool, args, nth, result, text, native_tool, aliases)
        if inj is not None:
            text = inj.apply(text)
            self._fired[inj.id] = self._fired.get(inj.id, 0) + 1
        for d in self.defences:
            rewrite = await d.after_result(tool, args, text)
            if rewrite is not None:
                text = rewrite.text
                actions.append(
                    {"defence": d.name, "action": rewrite.action, "reason": rewrite.reason}
                )
        return text, inj

    def _record(self, record: ToolCall) -> None:
        self._trace.append(record)
        self.calls.append(record)
        if self._on_record is not None:
            try:
                self._on_record(record)
            except Exception:
                log.exception("on_record hook failed (call %s is traced)", record.id)

    def _hidden_tools(self) -> set[str]:
        if not self.hidden:
            return set()
        return {t.name for t in self.env.list_tools() if t.service in self.hidden}

    async def native(
        self,
        tool: str,
        arguments: dict[str, Any],
        text: str,
        *,
        error: bool = False,
        native_tool: str | None = None,
        call_id: str | None = None,
        shown: bool = True,
        aliases: Sequence[tuple[str, dict[str, Any]]] = (),
        actions: Sequence[dict[str, Any]] = (),
        blocked: str | None = None,
    ) -> CallOutcome:
        """Record a call an agent framework made with its own tools (it ran in the framework's
        sandbox, not here) and decide what the model is shown for it.

        ``tool`` is the gateway tool whose work it did (``run_command`` for a shell command,
        ``read_file``, ``write_file``, ``fetch_webpage``) or the framework's own name when none
        does; ``text`` is the result as the framework reported it. The call counts as the nth
        call of ``tool`` for injection rules, as any call through the gateway, so a case's
        injections and the trial's result defences apply to it as they would to the gateway's
        tool; ``aliases`` are other gateway calls it also does the work of (``cat FILE`` is a
        ``read_file`` of FILE too), for injection rules; an error result is never injected or
        rewritten. ``actions`` are what defences did before the call ran (its arguments
        sanitised at the model proxy); ``blocked`` records a call a defence refused there (it
        never ran: ``text`` is the refusal the model got). ``shown=False`` records a result
        the model never saw (the framework was stopped first): no injection, no defence. The
        record (``source="native"``) keeps the original text as ``result`` and what the model is
        shown as ``observation``."""
        async with self._lock:
            with anyio.CancelScope(shield=True):
                await self.prepare()
                index = len(self.calls)
                nth = self._per_tool.get(tool, 0) + 1
                self._per_tool[tool] = nth
                actions: list[dict[str, Any]] = list(actions)
                observed: str | None = text
                inj = None
                if blocked is not None:
                    error = True
                elif not error and shown:
                    observed, inj = await self._observe(
                        tool, arguments, nth, text, text, actions, native_tool, aliases
                    )
                elif not shown:
                    observed = None
                record = ToolCall(
                    id=str(index),
                    tool=tool,
                    arguments=arguments,
                    result=None if blocked is not None else text,
                    observation=observed,
                    error=text if error else None,
                    source="native",
                    native_tool=native_tool,
                    call_id=call_id,
                    injection_id=inj.id if inj else None,
                    injection_mode=inj.mode if inj else None,
                    blocked=blocked is not None,
                    defence_actions=actions,
                    started_at=utcnow(),
                    ended_at=utcnow(),
                )
                self._record(record)
                return CallOutcome(text=observed or "", is_error=error, record=record)

    def note_fault(self, exc: BaseException) -> str:
        """Count a call the gateway could not serve; returns its one line."""
        line = cut_text(" ".join(f"{type(exc).__name__}: {exc}".split()), 500)
        self.faults[line] = self.faults.get(line, 0) + 1
        return line

    def fault_summary(self) -> str:
        """Every failure of this trial in one line (the commonest first)."""
        total = sum(self.faults.values())
        parts = [f"{n} x {line}" for line, n in sorted(self.faults.items(), key=lambda x: -x[1])]
        return f"the gateway could not serve {total} call(s): " + "; ".join(parts[:3]) + (
            f"; and {len(parts) - 3} other failure(s)" if len(parts) > 3 else "")

    def close(self) -> None:
        self._trace.close()
