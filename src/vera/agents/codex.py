"""Codex CLI (npm ``@openai/codex``) as a target agent, headless in a sandbox.

One turn is ``codex exec --json --skip-git-repo-check ... MESSAGE`` (later turns ``codex exec
[same flags] resume THREAD_ID MESSAGE``) with stdin closed and ``CODEX_HOME`` in the agent home.
``$CODEX_HOME/config.toml`` names a model provider ``vera`` (``base_url`` the trial's model
proxy's ``.../v1``, ``wire_api = "responses"``, key in ``VERA_MODEL_API_KEY``) and, unless
``tools="native"``, the MCP server ``vera`` (the gateway relay, every tool approved). The image,
web-search, sub-agent, goal and plugin tools are always off. With ``tools="gateway"`` the shell
tools are off too, so the model sees the gateway's tools only, offered as the namespace
``mcp__vera``; with ``native`` or ``both`` Codex keeps its shell (``exec_command``) and
``apply_patch`` tools, works in the trial's workspace and runs commands without its own
sandbox or approvals (``--dangerously-bypass-approvals-and-sandbox``: vera's sandbox is the
one around it).

Output: JSONL events ``thread.started`` (thread id), ``item.completed`` (``mcp_tool_call`` with
server, tool, arguments, result; ``command_execution`` with the command and its output;
``file_change``; ``agent_message``), ``turn.completed`` (usage), ``turn.failed`` / ``error``. The
framework's own transcript is kept at ``agent-home/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``.
"""

from __future__ import annotations

import json
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

PACKAGE = AgentPackage(name="codex", npm="@openai/codex", version="0.171.0", bin="codex")

KEY_VAR = "VERA_MODEL_API_KEY"

_FLAGS = [
    "--json", "--skip-git-repo-check",
    "--disable", "view_image", "--disable", "multi_agent", "--disable", "goals",
    "--disable", "plugins",
    "-c", "web_search=disabled", "-c", "analytics.enabled=false",
    "-c", 'otel.metrics_exporter="none"',
]  # fmt: skip
_GATEWAY_ONLY = ["--disable", "shell_tool", "--disable", "unified_exec"]
_NATIVE = ["--dangerously-bypass-approvals-and-sandbox"]
_MCP = ["-c", f'mcp_servers.{SERVER_NAME}.default_tools_approval_mode="approve"']


def _toml(value: Any) -> str:
    return json.dumps(value)  # JSON strings and lists of strings are valid TOML


class CodexAgent(CliAgent):
    name = "codex"
    package = PACKAGE
    wires = ("responses",)
    native_tools = "exec_command, write_stdin (its shell; apply_patch where Codex offers it)"
    native_map = (
        NativeTool("exec_command", "run_command", {"cmd": "command", "workdir": "workdir"}),
        NativeTool("shell", "run_command", {"command": "command", "workdir": "workdir"}),
        NativeTool(
            "local_shell", "run_command", {"command": "command", "working_directory": "workdir"}
        ),
    )
    transcript_call_ids = False

    def configure(self) -> None:
        home = self.home / ".codex"
        home.mkdir()
        lines = [
            f"model = {_toml(self.endpoint.model)}",
            'model_provider = "vera"',
            'approval_policy = "never"',
            "",
            "[model_providers.vera]",
            'name = "vera"',
            f"base_url = {_toml(self.endpoint.base_url)}",
            f'env_key = "{KEY_VAR}"',
            'wire_api = "responses"',
            "",
        ]
        if self.mcp:
            relay = self.relay()
            lines += [f"[mcp_servers.{SERVER_NAME}]", f"command = {_toml(relay[0])}",
                      f"args = {_toml(relay[1:])}", ""]  # fmt: skip
        (home / "config.toml").write_text("\n".join(lines))

    def flags(self) -> list[str]:
        """The flags of every invocation for this trial's ``tools``."""
        return [
            *_FLAGS,
            *(_NATIVE if self.native else _GATEWAY_ONLY),
            *(_MCP if self.mcp else []),
        ]

    def env(self) -> dict[str, str]:
        return {
            "CODEX_HOME": f"{AGENT_HOME}/.codex",
            KEY_VAR: self.endpoint.api_key,
            "RUST_LOG": "error",
        }

    def argv(self, message: str) -> list[str]:
        if self.session_id:
            return [self.exe, "exec", *self.flags(), "resume", self.session_id, message]
        return [self.exe, "exec", *self.flags(), message]

    def parse(self, stdout: str) -> Parsed:
        return parse_exec_json(stdout, self.gateway_tool)


def parse_exec_json(stdout: str, tool_name: Any = lambda n: n) -> Parsed:
    """``codex exec --json`` events -> :class:`Parsed`."""
    events, _bad = json_lines(stdout)
    out = Parsed()
    calls: dict[str, ToolCall] = {}
    texts: list[str] = []
    errors: list[str] = []
    usage = Usage()
    for ev in events:
        kind = ev.get("type")
        if kind == "thread.started":
            out.session_id = ev.get("thread_id") or out.session_id
        elif kind in ("item.started", "item.updated", "item.completed"):
            item = ev.get("item") or {}
            itype = item.get("type")
            iid = item.get("id") or f"item_{len(calls)}"
            if itype == "mcp_tool_call":
                call = calls.get(iid)
                if call is None:
                    server = item.get("server")
                    tool = item.get("tool") or "?"
                    tool = tool if server == SERVER_NAME else tool_name(f"{server}__{tool}")
                    call = calls[iid] = native_call(iid, tool, item.get("arguments"))
                if kind == "item.completed":
                    result = item.get("result")
                    if result is not None:
                        text = block_text(
                            result.get("content") if isinstance(result, dict) else result
                        )
                        call.result = call.observation = text
                    err = item.get("error")
                    if err:
                        call.error = block_text(
                            err.get("message") if isinstance(err, dict) else err
                        )
                    call.ended_at = utcnow()
            elif itype == "command_execution" and kind == "item.completed":
                calls[iid] = ToolCall(
                    id=iid, tool="shell", arguments={"command": item.get("command")},
                    result=item.get("aggregated_output"), observation=item.get("aggregated_output"),
                    source="native", ended_at=utcnow(),
                )  # fmt: skip
            elif itype == "agent_message" and kind == "item.completed" and item.get("text"):
                texts.append(item["text"])
            elif itype == "error" and kind == "item.completed":
                errors.append(str(item.get("message") or "error"))
        elif kind == "turn.completed":
            out.finished = True
            u = ev.get("usage") or {}
            usage = usage + Usage(
                requests=1,
                input_tokens=int(u.get("input_tokens") or 0),
                output_tokens=int(u.get("output_tokens") or 0),
                cache_read_tokens=int(u.get("cached_input_tokens") or 0),
            )
        elif kind == "turn.failed":
            err = ev.get("error") or {}
            errors.append(str(err.get("message") if isinstance(err, dict) else err))
        elif kind == "error":
            errors.append(str(ev.get("message") or "error"))
    out.response = "\n\n".join(texts[-1:])
    out.tool_calls = list(calls.values())
    out.usage = usage
    if errors and not out.finished:
        out.error = "; ".join(errors)[:2000]
    return out
