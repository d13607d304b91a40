"""Hermes Agent (PyPI ``hermes-agent``) as a target agent, headless in a sandbox.

Installed from PyPI into a virtual environment in vera's cache (``hermes-agent[mcp,anthropic]``:
without the ``mcp`` extra Hermes silently ignores MCP servers; ``anthropic`` is its Messages
client). One turn is ``python bin/hermes chat --query=MESSAGE -Q -t vera --max-turns N``
(later turns add ``--resume SESSION``) with stdin closed and ``HERMES_HOME`` in the agent home.
``$HERMES_HOME/config.yaml`` sets provider ``custom`` (``base_url`` the endpoint,
``api_mode`` ``chat_completions`` or ``anthropic_messages``, the key read from
``${VERA_MODEL_API_KEY}`` so it is never written to disk) and the MCP server ``vera`` (the
gateway relay). ``-t vera`` enables that server's toolset only, so the model sees the gateway's
tools only, as ``mcp__vera__TOOL``; every other Hermes toolset (terminal, files, web, browser,
memory, skills, delegation, ...) is off. With ``tools="native"`` or ``both`` the ``terminal`` and
``file`` toolsets (:data:`NATIVE_TOOLSETS`) are on too (``native``: without ``vera``), working in
the trial's workspace (``TERMINAL_CWD``), with ``--yolo`` so its dangerous-command prompts do not
block a headless run (vera's sandbox is the boundary); Hermes's ``web`` toolset needs a search or
extraction provider's key and stays off: the agent fetches pages with its terminal.

Output: ``-Q`` prints the final answer on stdout and ``session_id: X`` on stderr. After each
turn vera runs ``hermes sessions export FILE`` in the same sandbox and parses the session's
messages (assistant ``tool_calls``, ``tool`` results, the final assistant text, token counts)
into the turn: the export is ``agent-home/turns/N.session.jsonl``; Hermes's own store is
``agent-home/.hermes/state.db``. Tool results reach the model wrapped in
``<untrusted_tool_result ...>`` with a warning (Hermes's own defence); the observation recorded
is that wrapped text, as the model saw it.
"""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import yaml

from vera.agents.cli_base import (
    AGENT_HOME,
    AGENT_ROOT,
    SERVER_NAME,
    CliAgent,
    Parsed,
    block_text,
    native_call,
)
from vera.agents.install import AgentPackage
from vera.gateway.native import NativeTool
from vera.models.errors import classify_failure
from vera.records import ToolCall, Turn, Usage, utcnow

PACKAGE = AgentPackage(
    name="hermes", pypi="hermes-agent[mcp,anthropic]", version="0.19.0", bin="hermes"
)

KEY_VAR = "VERA_MODEL_API_KEY"
EXPORT_TIMEOUT_S = 60.0
"""Seconds ``hermes sessions export`` may take after a turn."""
CONTEXT_LENGTH = 128000
"""Set in the config so that Hermes does not probe the endpoint for the model's window."""

_SESSION_LINE = re.compile(r"^session_id:\s*(\S+)\s*$", re.M)
_NOISE = re.compile(r"^\s*(⚠|🔧|↻|\[vera)")
"""Hermes's status lines on stdout (warnings, tool-name repairs), not part of the answer."""


NATIVE_TOOLSETS = ("terminal", "file")
"""Hermes's own toolsets vera turns on with ``--tools native|both``: ``terminal`` (terminal,
process) and ``file`` (read_file, write_file, patch, search_files)."""


class HermesAgent(CliAgent):
    name = "hermes"
    package = PACKAGE
    wires = ("chat", "messages")
    native_tools = "terminal, process, read_file, write_file, patch, search_files"
    native_map = (
        NativeTool("terminal", "run_command", {"command": "command", "workdir": "workdir"}),
        NativeTool("read_file", "read_file", {"path": "path"}),
        NativeTool("write_file", "write_file", {"path": "path", "content": "content"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._seen = 0
        """Messages of the session already attributed to earlier turns."""
        self._usage_seen = Usage()

    @property
    def toolsets(self) -> list[str]:
        return [*([SERVER_NAME] if self.mcp else []), *(NATIVE_TOOLSETS if self.native else ())]

    def configure(self) -> None:
        relay = self.relay()
        hermes_home = self.home / ".hermes"
        hermes_home.mkdir()
        messages = self.endpoint.wire == "messages"
        base_url = self.endpoint.base_url.rstrip("/")
        config: dict[str, Any] = {
            "model": {
                "provider": "custom",
                "default": self.endpoint.model,
                "base_url": base_url,
                "api_key": "${" + KEY_VAR + "}",
                "api_mode": "anthropic_messages" if messages else "chat_completions",
                "context_length": CONTEXT_LENGTH,
            },
            "toolsets": self.toolsets,
            "agent": {"max_turns": self.config.max_steps},
            "security": {"tirith_enabled": False},
        }
        if self.mcp:
            config["mcp_servers"] = {
                SERVER_NAME: {
                    "command": relay[0],
                    "args": relay[1:],
                    "tools": {"resources": False, "prompts": False},
                }
            }
        (hermes_home / "config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))

    def env(self) -> dict[str, str]:
        return {
            "HERMES_HOME": f"{AGENT_HOME}/.hermes",
            KEY_VAR: self.endpoint.api_key,
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONUNBUFFERED": "1",
            **({"TERMINAL_CWD": self.workdir} if self.native else {}),
        }

    @property
    def python(self) -> str:
        # The venv's console scripts carry the host path of the cache in their #! line;
        # inside the sandbox the venv is at AGENT_ROOT, so run them with its python.
        return f"{AGENT_ROOT}/bin/python"

    def argv(self, message: str) -> list[str]:
        resume = ["--resume", self.session_id] if self.session_id else []
        yolo = ["--yolo"] if self.native else []
        return [
            self.python, self.exe, "chat", f"--query={message}", "-Q",
            "-t", ",".join(self.toolsets), "--max-turns", str(self.config.max_steps),
            *yolo, *resume,
        ]  # fmt: skip

    def export_argv(self, index: int) -> list[str]:
        return [
            self.python,
            self.exe,
            "sessions",
            "export",
            f"{AGENT_HOME}/turns/{index}.session.jsonl",
        ]

    def parse(self, stdout: str) -> Parsed:
        """The final answer as ``-Q`` prints it (the transcript adds the rest in send())."""
        lines = [ln for ln in stdout.splitlines() if not _NOISE.match(ln)]
        return Parsed(response="\n".join(lines).strip())

    # -- one turn: the chat invocation, then the session export --------------------------------

    async def send(self, message: str) -> Turn:
        if self._sb is None:
            raise RuntimeError(f"{self.name}: send before start()")
        turn = Turn(index=len(self.trajectory.turns), user=message)
        limit = self.config.time_limit_s
        res, fatal = await self._run(self._sb, self.argv(message), limit)
        self._keep_output(turn.index, res)
        parsed = self.parse(res.stdout)
        m = _SESSION_LINE.findall(res.stderr)
        if m:
            parsed.session_id = m[-1]
        export = await self._export(turn.index)
        session = pick_session(export, parsed.session_id or self.session_id)
        if session is not None:
            parsed.session_id = parsed.session_id or session.get("id")
            got = parse_session(session, self._seen, self.gateway_tool)
            self._seen = got.seen
            parsed.tool_calls = got.tool_calls
            parsed.response = got.response or parsed.response
            parsed.error = got.error
            parsed.step_limit = got.step_limit
            parsed.usage = usage_delta(got.total, self._usage_seen)
            self._usage_seen = got.total
            parsed.finished = res.exit_code == 0 and got.finished
        else:
            parsed.finished = res.exit_code == 0 and bool(parsed.response)
        if parsed.session_id:
            self.session_id = parsed.session_id
        if parsed.error is None and res.exit_code != 0:
            parsed.error = hermes_error(res.stdout, res.stderr)
        parsed.mcp_failed = mcp_failure(self._log_text())
        return await self._conclude(turn, res, parsed, limit, fatal, unfinished_is_error=True)

    def _log_text(self) -> str:
        """Hermes's own log (``$HERMES_HOME/logs``): where it reports MCP server failures."""
        text = []
        for name in ("errors.log", "agent.log"):
            with contextlib.suppress(OSError):
                text.append((self.home / ".hermes" / "logs" / name).read_text(errors="replace"))
        return "\n".join(text)

    async def _export(self, index: int) -> list[dict[str, Any]]:
        """Every session in the agent's store, as ``hermes sessions export`` writes them."""
        assert self._sb is not None
        path = self.home / "turns" / f"{index}.session.jsonl"
        try:
            res = await self._sb.exec(self.export_argv(index), timeout=EXPORT_TIMEOUT_S)
        except Exception:  # the export is evidence, not the turn: a failure leaves it out
            return []
        if res.exit_code != 0 or not path.is_file():
            with contextlib.suppress(OSError):
                (self.home / "turns" / f"{index}.export.txt").write_text(res.stdout + res.stderr)
            return []
        sessions = []
        for line in path.read_text(errors="replace").splitlines():
            with contextlib.suppress(ValueError):
                value = json.loads(line)
                if isinstance(value, dict):
                    sessions.append(value)
        return sessions


class SessionTurn(Parsed):
    seen: int = 0
    total: Usage = Usage()


def pick_session(sessions: list[dict[str, Any]], session_id: str | None) -> dict[str, Any] | None:
    """The session ``session_id`` (or the most recently started one when it is not known)."""
    if session_id:
        for s in sessions:
            if s.get("id") == session_id:
                return s
    if not sessions:
        return None
    return max(sessions, key=lambda s: float(s.get("started_at") or 0))


def parse_session(
    session: dict[str, Any], seen: int = 0, tool_name: Any = lambda n: n
) -> SessionTurn:
    """One exported Hermes session -> the latest turn (its messages after the first ``seen``)."""
    messages = [m for m in session.get("messages") or [] if isinstance(m, dict)]
    out = SessionTurn(seen=len(messages), session_id=session.get("id"))
    calls: dict[str, ToolCall] = {}
    final = ""
    last_role = None
    for m in messages[seen:]:
        role = m.get("role")
        last_role = role
        if role == "assistant":
            text = block_text(m.get("content")).strip()
            for tc in m.get("tool_calls") or []:
                fn = tc.get("function") or {}
                cid = tc.get("id") or tc.get("call_id") or f"call_{len(calls)}"
                tool = tool_name(fn.get("name") or tc.get("name") or "?")
                calls[cid] = native_call(cid, tool, fn.get("arguments"))
            if text and not m.get("tool_calls"):
                final = text
        elif role == "tool":
            call = calls.get(m.get("tool_call_id") or "")
            if call is None:
                continue
            call.result = call.observation = block_text(m.get("content"))
            call.ended_at = utcnow()
    out.tool_calls = list(calls.values())
    out.response = final
    out.finished = last_role == "assistant" and bool(final)
    if "iteration limit" in final and not calls and final.startswith("I reached"):
        out.step_limit = True
    out.total = Usage(
        requests=int(session.get("api_call_count") or 0),
        input_tokens=int(session.get("input_tokens") or 0),
        output_tokens=int(session.get("output_tokens") or 0),
        cache_read_tokens=int(session.get("cache_read_tokens") or 0),
        cache_write_tokens=int(session.get("cache_write_tokens") or 0),
    )
    return out


_MCP_FAILED = re.compile(
    rf"MCP server '{SERVER_NAME}' (failed initial connection|initial connection failed)[^\n]*"
)


def usage_delta(total: Usage, before: Usage) -> Usage:
    """What a turn used: the session's running totals now minus those after the last turn."""
    return Usage(
        requests=max(0, total.requests - before.requests),
        input_tokens=max(0, total.input_tokens - before.input_tokens),
        output_tokens=max(0, total.output_tokens - before.output_tokens),
        cache_read_tokens=max(0, total.cache_read_tokens - before.cache_read_tokens),
        cache_write_tokens=max(0, total.cache_write_tokens - before.cache_write_tokens),
    )


def mcp_failure(text: str) -> str | None:
    """Hermes's log line saying the gateway's MCP server could not be reached, if any."""
    m = _MCP_FAILED.search(text)
    return m.group(0)[:400] if m else None


def hermes_error(stdout: str, stderr: str) -> str:
    """The most telling lines of a failed invocation's output."""
    lines = [ln.strip() for ln in (stdout + "\n" + stderr).splitlines() if ln.strip()]
    telling = [ln for ln in lines if classify_failure(ln) != "unknown" or "rror" in ln]
    return " | ".join((telling or lines)[-4:])[:1000] or "no output"
