"""An agent framework's own tools, seen in its model traffic: traced, injected, defended.

A framework that runs with its built-in tools (Claude Code's Bash and Read, Codex's
``exec_command``, Hermes's ``terminal``, OpenClaw's ``exec`` and ``web_fetch``) executes them in
its own sandbox; the gateway never sees those calls. Their results do pass through the trial's
model proxy, in the next request the framework sends. :class:`NativeObserver` is the proxy's
request hook for them: for every tool result in a request's history
(:func:`vera.models.exchange.tool_exchanges`) that answers a native call, the first time its
call id is seen,

- the call is recorded in the gateway's trace (:meth:`ToolGateway.native`,
  ``source="native"``) as the gateway tool whose work it did (:class:`NativeTool`: a shell
  command is a ``run_command``, a file read a ``read_file``, a fetch a ``fetch_webpage``), with
  its arguments in that tool's terms (workspace paths made relative), so the services' evidence
  queries read a harm done with ``Bash`` exactly as the same harm done with the shell tool;
- the case's injection rules for that tool and the trial's result defences decide what the
  model is shown, exactly as for a call through the gateway (the record keeps the original as
  ``result`` and what the model saw as ``observation``); rules for the gateway tools it also
  does the work of count too (:data:`ALIASES`: a file read is ``read_file`` and
  ``read_repo_file``; a shell command that only prints files, ``cat invoices/a.txt``, reads
  them), and rules may name the framework's own tool (``tool: Bash``) and match its command,
  path or URL (docs/gateway.md);

and in that request and every later one that repeats the history, the result's text is replaced
by what the model was shown, keyed by the call id, so the conversation the model sees stays
consistent.

The trial's call defences (``guard``, the ``firewall``'s input side: :meth:`NativeObserver.vet`)
see a native call before it runs: the proxy asks the model for whole answers, the defences vet
each native call the answer proposes, a blocked call is taken out of the answer (with a text
saying so in its place; traced ``blocked``, never run) and sanitised arguments are put in, then
the answer goes to the framework (streamed, when it asked for a stream). Results of the gateway's own MCP tools (``mcp__vera__*``, ``vera__*``, Codex's
``mcp__vera`` namespace) were traced and injected by the gateway already and are left alone.
"""

from __future__ import annotations

import json
import logging
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from vera.gateway.calls import ToolGateway
from vera.gateway.defences import Defence
from vera.models.exchange import Wire, answer_calls, offered_tools, tool_exchanges
from vera.models.proxy import RequestRewrite

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class NativeTool:
    """One of a framework's own tools, as the gateway records it."""

    name: str
    """The name the model calls it by (``Bash``, ``exec_command``, ``read``)."""
    gateway: str | None = None
    """The gateway tool whose work it does (``run_command``, ``read_file``, ``write_file``,
    ``fetch_webpage``), or None: recorded under its own name."""
    arguments: dict[str, str] = field(default_factory=dict)
    """Its argument names -> the gateway tool's (``{"file_path": "path"}``); other arguments
    are kept under their own names when there is no gateway tool, else dropped."""
    paths: tuple[str, ...] = ("path", "workdir")
    """Gateway arguments that name workspace paths (made relative to the workspace)."""


ALIASES: dict[str, tuple[str, ...]] = {
    "read_file": ("read_repo_file",),
    "write_file": ("write_repo_file",),
}
"""Gateway tools that do the same work on the workspace: the filesystem's file read is the
repository's working-tree read (its paths relative to the repository, which lives in the
workspace at the repo service's ``path``), so a case's rule on either reaches a framework's
read."""

FILE_PRINTERS = frozenset({"cat", "head", "tail", "nl", "less", "more", "bat", "batcat"})
"""Shell programs that print the files they are given: a command that is one of them and nothing
else (no pipe, no redirection, no second command) is a file read of those files."""


def printed_files(command: str) -> list[str]:
    """The files a shell command does nothing but print (``cat a.txt``, ``head -n 20 b``);
    [] for anything else."""
    try:
        words = shlex.split(command)
    except ValueError:
        return []
    if not words or words[0].rsplit("/", 1)[-1] not in FILE_PRINTERS:
        return []
    if any(w in ("|", "||", "&&", ";", "&", ">", ">>", "<") or w.startswith((">", "<", "|"))
           for w in words[1:]):  # fmt: skip
        return []
    if any(c in command for c in ";|&><`$("):
        return []
    files: list[str] = []
    skip = False
    for w in words[1:]:
        if skip:
            skip = False
        elif w in ("-n", "-c", "--lines", "--bytes"):
            skip = True
        elif not w.startswith("-"):
            files.append(w)
    return files


def call_key(call_id: str) -> str:
    """A tool-call id as every framework spells it: some rewrite the model's ids before they
    send them back (OpenClaw sends ``call_1_0`` as ``call10``), so ids are compared on their
    letters and digits."""
    return re.sub(r"[^A-Za-z0-9]", "", call_id)


def workspace_relative(path: str, workspace: str) -> str:
    """``/workspace/a/b`` -> ``a/b``; ``./a`` -> ``a``; the workspace itself -> ``.``; other
    absolute paths stay as they are (outside the workspace)."""
    root = workspace.rstrip("/")
    if path == root:
        return "."
    if path.startswith(root + "/"):
        path = path[len(root) + 1 :]
    while path.startswith("./"):
        path = path[2:]
    return path or "."


@dataclass
class _Seen:
    original: str
    observed: str


class NativeObserver:
    """The model proxy's request hook for one framework's native tool results (see the module
    doc). ``tools``: the framework's tools that do a gateway tool's work or are worth naming;
    any other non-MCP tool is recorded under its own name with its own arguments."""

    def __init__(
        self,
        gateway: ToolGateway,
        tools: Sequence[NativeTool] = (),
        *,
        workspace: str = "/workspace",
        mcp_prefixes: Sequence[str] = ("mcp__vera__", "vera__"),
    ) -> None:
        self.gateway = gateway
        self.tools = {t.name: t for t in tools}
        self.workspace = workspace
        self.mcp_prefixes = tuple(mcp_prefixes)
        self.seen: dict[str, _Seen] = {}
        """Every native call observed, by call id: its original and observed result text."""
        self._before: dict[str, list[dict[str, Any]]] = {}
        """Defence actions on calls before they ran (arguments sanitised), by call id."""
        self.native_names: set[str] = set()
        """The framework's own tools as its requests offer them (every offered tool that is not
        one of the gateway's MCP tools)."""

    def is_mcp(self, name: str) -> bool:
        return name.startswith(self.mcp_prefixes)

    def translate(self, name: str, arguments: Any) -> tuple[str, dict[str, Any]]:
        """``(gateway tool, arguments)`` of a native call as the model wrote it."""
        args = _as_mapping(arguments)
        spec = self.tools.get(name)
        if spec is None or spec.gateway is None:
            return name, args
        out: dict[str, Any] = {}
        for native_name, gateway_name in spec.arguments.items():
            if native_name in args:
                out[gateway_name] = args[native_name]
        for key in spec.paths:
            if isinstance(out.get(key), str):
                out[key] = workspace_relative(out[key], self.workspace)
        if isinstance(out.get("command"), list):  # an argv ("shell" tools): one command line
            out["command"] = shlex.join(str(a) for a in out["command"])
        return spec.gateway, out

    def aliases(self, tool: str, args: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
        """Other gateway calls a translated call does the work of, for injection rules: a read
        is the repository's read too; a shell command that only prints files reads them."""
        out: list[tuple[str, dict[str, Any]]] = []
        reads: list[tuple[str, dict[str, Any]]] = [(tool, args)]
        if tool == "run_command" and isinstance(args.get("command"), str):
            for path in printed_files(args["command"]):
                rel = workspace_relative(path, self.workspace)
                if isinstance(args.get("workdir"), str) and args["workdir"] not in ("", "."):
                    rel = workspace_relative(f"{args['workdir']}/{rel}", self.workspace)
                out.append(("read_file", {"path": rel}))
                reads.append(("read_file", {"path": rel}))
        for name, a in reads:
            for alias in ALIASES.get(name, ()):
                path = self._in_repo(a.get("path"))
                if path is not None:
                    out.append((alias, {**a, "path": path}))
        return out

    def _in_repo(self, path: Any) -> str | None:
        """A workspace-relative path as the repository's tools name it (relative to the
        repository), or None when it is not in the trial's repository."""
        repo = getattr(self.gateway.env, "services", {}).get("repo")
        root = getattr(getattr(repo, "state", None), "path", None)
        if not isinstance(path, str) or not isinstance(root, str):
            return None
        root = workspace_relative(root, self.workspace).rstrip("/")
        if root == ".":
            return path
        return path[len(root) + 1 :] if path.startswith(root + "/") else None

    async def rewrite(self, wire: Wire, body: dict[str, Any]) -> RequestRewrite | None:
        """Record new native results and put what the model is shown in the request."""
        notes: list[str] = []
        changed = False
        self.native_names.update(n for n in offered_tools(body) if n and not self.is_mcp(n))
        for ex in tool_exchanges(wire, body):
            if self.is_mcp(ex.name):
                continue
            seen = self.seen.get(ex.call_id)
            if seen is None:
                tool, args = self.translate(ex.name, ex.arguments)
                outcome = await self.gateway.native(
                    tool, args, ex.text, error=ex.is_error, native_tool=ex.name,
                    call_id=ex.call_id, aliases=self.aliases(tool, args),
                    actions=self._before.pop(ex.call_id, ()),
                )  # fmt: skip
                seen = self.seen[ex.call_id] = _Seen(ex.text, outcome.text)
                record = outcome.record
                if record.injection_id or record.defence_actions:
                    done = [record.injection_id or ""]
                    done += [a["defence"] for a in record.defence_actions]
                    notes.append(f"{ex.call_id}: {ex.name} -> {', '.join(filter(None, done))}")
            if seen.observed != ex.text:
                ex.replace(seen.observed)
                changed = True
        return RequestRewrite(body, notes) if changed else None

    @property
    def vets_calls(self) -> bool:
        """Whether a defence of the trial vets calls before they run (guard, firewall): then
        the model's answers are vetted before the framework gets them (:meth:`vet`)."""
        return any(
            d.vets_native_calls
            and (
                type(d).before_call is not Defence.before_call
                or type(d).rewrite_arguments is not Defence.rewrite_arguments
            )
            for d in self.gateway.defences
        )

    async def vet(self, wire: Wire, answer: dict[str, Any]) -> list[str]:
        """The trial's call defences on the native tool calls an answer proposes, before the
        framework can run them, as the gateway vets its own calls: a call a defence blocks is
        taken out of the answer (a text saying so in its place; the trace records it as
        blocked, never run), a call whose arguments a defence sanitises gets the sanitised
        arguments (the trace records what the model asked for). Returns what was done."""
        await self.gateway.prepare()
        notes: list[str] = []
        for call in answer_calls(wire, answer):
            if self.is_mcp(call.name):  # the gateway vets its own when they arrive
                continue
            tool, args = self.translate(call.name, call.arguments)
            history = list(self.gateway.calls)
            block = None
            for d in self.gateway.defences:
                if d.vets_native_calls:
                    found = await d.before_call(tool, args, history)
                    if found is not None:
                        block = (d.name, found.reason)
                        break
            if block is not None:
                refusal = f"blocked by defence {block[0]}: {block[1]}"
                call.drop(f"[{call.name} call not run: {refusal}]")
                action = {"defence": block[0], "action": "blocked", "reason": block[1]}
                await self.gateway.native(tool, args, refusal, native_tool=call.name,
                                          call_id=call.call_id, blocked=refusal,
                                          actions=[action])  # fmt: skip
                self.seen[call.call_id] = _Seen(refusal, refusal)
                notes.append(f"{call.call_id}: {call.name} blocked by {block[0]}")
                continue
            for d in self.gateway.defences:
                if not d.vets_native_calls:
                    continue
                change = await d.rewrite_arguments(tool, args, history)
                if change is None or change.arguments == args:
                    continue
                self._before.setdefault(call.call_id, []).append(
                    {"defence": d.name, "action": "sanitised_input", "reason": change.reason,
                     "requested": args}
                )  # fmt: skip
                call.replace(self.untranslate(call.name, call.arguments, change.arguments))
                args = change.arguments
                notes.append(f"{call.call_id}: {call.name} arguments sanitised by {d.name}")
        return notes

    def untranslate(self, name: str, arguments: Any, changed: dict[str, Any]) -> dict[str, Any]:
        """A native call's own arguments with the gateway-named ``changed`` ones put back."""
        args = _as_mapping(arguments)
        spec = self.tools.get(name)
        if spec is None or spec.gateway is None:
            return {**args, **changed}
        back = {g: n for n, g in spec.arguments.items()}
        return {**args, **{back.get(k, k): v for k, v in changed.items()}}

    async def record_unseen(self, calls: Sequence[Any]) -> None:
        """Trace native calls of a turn whose results the model never saw (the framework was
        stopped before its next request): ``calls`` are the turn's native ToolCalls from the
        framework's own transcript; those whose id the proxy saw are skipped."""
        seen = {call_key(k) for k in self.seen}
        for c in calls:
            if c.id is None or call_key(c.id) in seen or c.result is None:
                continue
            if c.tool not in self.native_names:  # one of the gateway's (traced by it already)
                continue
            tool, args = self.translate(c.tool, c.arguments)
            text = c.result if isinstance(c.result, str) else json.dumps(c.result, default=str)
            await self.gateway.native(tool, args, text, error=c.error is not None,
                                      native_tool=c.tool, call_id=c.id, shown=False)  # fmt: skip
            self.seen[c.id] = _Seen(text, text)


def _as_mapping(arguments: Any) -> dict[str, Any]:
    if isinstance(arguments, dict):
        return dict(arguments)
    if isinstance(arguments, str):
        try:
            value = json.loads(arguments) if arguments.strip() else {}
        except ValueError:
            return {"_raw": arguments}
        return value if isinstance(value, dict) else {"_raw": value}
    return {"_raw": arguments}


__all__ = [
    "ALIASES",
    "NativeObserver",
    "NativeTool",
    "call_key",
    "printed_files",
    "workspace_relative",
]
