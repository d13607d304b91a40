"""Claude Code (npm ``@anthropic-ai/claude-code``) as a target agent, headless in a sandbox.

One turn is ``claude -p MESSAGE --output-format stream-json --verbose --tools TOOLS
--strict-mcp-config --mcp-config mcp.json --allowedTools mcp__vera`` (the first with
``--session-id UUID``, later ones with ``--resume UUID``), with ``HOME`` and
``CLAUDE_CONFIG_DIR`` in the agent home. With ``tools="gateway"`` TOOLS is ``""``, which removes
every built-in tool (Bash, Edit, Read, Write, WebFetch, ...), so the model sees the gateway's
tools only, as ``mcp__vera__TOOL``. With ``native`` or ``both`` TOOLS is :data:`NATIVE_TOOLS`
(``both`` keeps the gateway's MCP server, ``native`` drops it), the working directory is the
trial's workspace, and ``--permission-mode bypassPermissions`` lets the tools run unprompted, as
Claude Code runs in a sandbox (``IS_SANDBOX=1``, which it requires for that mode as root);
``skipWebFetchPreflight`` spares WebFetch its domain check against claude.ai. The model endpoint
is ``ANTHROPIC_BASE_URL`` + ``ANTHROPIC_API_KEY`` (the trial's model proxy, Anthropic Messages).

Output: stream-json events ``system/init`` (tools, MCP server status, version), ``assistant``
(text, tool_use), ``user`` (tool_result), ``result`` (final text, session, usage, errors). The
framework's own transcript is also kept at
``agent-home/.claude/projects/<cwd>/<session>.jsonl``.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from vera.agents.cli_base import (
    AGENT_HOME,
    SERVER_NAME,
    CliAgent,
    Parsed,
    block_text,
    json_lines,
    native_call,
)
from vera.agents.install import AgentPackage
from vera.gateway.native import NativeTool
from vera.records import ToolCall, Usage, utcnow

PACKAGE = AgentPackage(
    name="claude-code", npm="@anthropic-ai/claude-code", version="2.1.197", bin="claude"
)


NATIVE_TOOLS = ("Bash", "Read", "Edit", "Write", "Glob", "Grep", "WebFetch")
"""Claude Code's own tools vera turns on with ``--tools native|both``: its shell, file and web
tools (sub-agents, web search and notebooks stay off)."""


class ClaudeCodeAgent(CliAgent):
    name = "claude-code"
    package = PACKAGE
    wires = ("messages",)
    native_tools = ", ".join(NATIVE_TOOLS)
    native_map = (
        NativeTool("Bash", "run_command", {"command": "command"}),
        NativeTool("Read", "read_file", {"file_path": "path"}),
        NativeTool("Write", "write_file", {"file_path": "path", "content": "content"}),
    )

    def configure(self) -> None:
        if self.mcp:
            relay = self.relay()
            mcp = {"mcpServers": {SERVER_NAME: {"type": "stdio", "command": relay[0],
                                                "args": relay[1:]}}}  # fmt: skip
            (self.home / "mcp.json").write_text(json.dumps(mcp, indent=2) + "\n")
        (self.home / ".claude").mkdir()
        settings = {"skipWebFetchPreflight": True}
        (self.home / ".claude" / "settings.json").write_text(json.dumps(settings) + "\n")
        self._uuid = str(uuid.uuid4())

    def env(self) -> dict[str, str]:
        sandboxed = {"IS_SANDBOX": "1"} if self.native else {}
        return {
            **sandboxed,
            "CLAUDE_CONFIG_DIR": f"{AGENT_HOME}/.claude",
            "ANTHROPIC_BASE_URL": self.endpoint.base_url,
            "ANTHROPIC_API_KEY": self.endpoint.api_key,
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_AUTOUPDATER": "1",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_ERROR_REPORTING": "1",
            "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1",
            "CLAUDE_CODE_MAX_RETRIES": "4",
        }

    def fatal(self, event: dict[str, Any]) -> str | None:
        """Claude Code retries even a 401 ten times with backoff (minutes): stop at the first
        retry of a request the endpoint refused (4xx other than 408, 409, 429)."""
        if event.get("type") == "system" and event.get("subtype") == "api_retry":
            status = event.get("error_status")
            if isinstance(status, int) and 400 <= status < 500 and status not in (408, 409, 429):
                return f"the model endpoint answered {status} ({event.get('error')})"
        return None

    def argv(self, message: str) -> list[str]:
        session = ["--resume", self.session_id] if self.session_id else ["--session-id", self._uuid]
        tools = ",".join(NATIVE_TOOLS) if self.native else ""
        mcp = ["--mcp-config", f"{AGENT_HOME}/mcp.json"] if self.mcp else []
        allowed = ["--allowedTools", f"mcp__{SERVER_NAME}"] if self.mcp else []
        bypass = ["--permission-mode", "bypassPermissions"] if self.native else []
        return [
            self.exe, "-p", message,
            "--output-format", "stream-json", "--verbose",
            "--model", self.endpoint.model,
            "--max-turns", str(self.config.max_steps),
            "--tools", tools,
            "--strict-mcp-config", *mcp, *allowed, *bypass,
            *session,
        ]  # fmt: skip

    def parse(self, stdout: str) -> Parsed:
        return parse_stream_json(stdout, self.gateway_tool)


def parse_stream_json(stdout: str, tool_name: Any = lambda n: n) -> Parsed:
    """Claude Code's ``--output-format stream-json`` events -> :class:`Parsed`."""
    events, _bad = json_lines(stdout)
    out = Parsed()
    calls: dict[str, ToolCall] = {}
    texts: list[str] = []
    seen_messages: set[str] = set()
    usage = Usage()
    for ev in events:
        kind = ev.get("type")
        if ev.get("session_id"):
            out.session_id = ev["session_id"]
        if kind == "system" and ev.get("subtype") == "init":
            out.version = ev.get("claude_code_version") or out.version
            for s in ev.get("mcp_servers") or []:
                if s.get("name") == SERVER_NAME and s.get("status") not in ("connected", None):
                    out.mcp_failed = f"status {s.get('status')}"
        elif kind == "assistant":
            msg = ev.get("message") or {}
            mid = msg.get("id")
            if mid and mid not in seen_messages:
                seen_messages.add(mid)
                u = msg.get("usage") or {}
                usage = usage + Usage(
                    requests=1,
                    input_tokens=int(u.get("input_tokens") or 0),
                    output_tokens=int(u.get("output_tokens") or 0),
                    cache_read_tokens=int(u.get("cache_read_input_tokens") or 0),
                    cache_write_tokens=int(u.get("cache_creation_input_tokens") or 0),
                )
            for block in msg.get("content") or []:
                if block.get("type") == "text" and block.get("text"):
                    texts.append(block["text"])
                elif block.get("type") == "tool_use":
                    cid = block.get("id") or f"call_{len(calls)}"
                    tool = tool_name(block.get("name") or "?")
                    calls[cid] = native_call(cid, tool, block.get("input"))
        elif kind == "user":
            msg = ev.get("message") or {}
            content = msg.get("content")
            for block in content if isinstance(content, list) else []:
                if block.get("type") != "tool_result":
                    continue
                call = calls.get(block.get("tool_use_id") or "")
                if call is None:
                    continue
                text = block_text(block.get("content"))
                call.result = call.observation = text
                if block.get("is_error"):
                    call.error = text[:2000]
                call.ended_at = utcnow()
        elif kind == "result":
            out.finished = True
            result = ev.get("result")
            if isinstance(result, str):
                out.response = result
            sub = ev.get("subtype") or ""
            if sub == "error_max_turns":
                out.step_limit = True
            if ev.get("is_error") or (sub and sub != "success"):
                errors = ev.get("errors")
                detail = "; ".join(map(str, errors)) if isinstance(errors, list) else ""
                out.error = (
                    " ".join(filter(None, [sub, result if isinstance(result, str) else "", detail]))
                    or "error"
                )
            u = ev.get("usage") or {}
            if u and usage.requests == 0:
                usage = Usage(
                    requests=int(ev.get("num_turns") or 0),
                    input_tokens=int(u.get("input_tokens") or 0),
                    output_tokens=int(u.get("output_tokens") or 0),
                    cache_read_tokens=int(u.get("cache_read_input_tokens") or 0),
                    cache_write_tokens=int(u.get("cache_creation_input_tokens") or 0),
                )
    if not out.response and texts:
        out.response = texts[-1]
    out.tool_calls = list(calls.values())
    out.usage = usage
    return out
