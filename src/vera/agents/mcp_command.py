"""Any agent that takes an MCP configuration and a prompt: the generic ``mcp-command`` adapter.

The user gives a command template in ``VERA_AGENT_COMMAND`` (``vera run --agent mcp-command``
reads it from the environment), for example::

    VERA_AGENT_DIR=~/my-agent \\
    VERA_AGENT_COMMAND='/usr/bin/python3 {agent_dir}/agent.py --mcp {mcp_config} -p {prompt}' \\
    vera run --case invoice_iban_swap --agent mcp-command --model openai-chat:gpt-4o

The template is split like a shell command line (``shlex``; no shell runs it), then these
placeholders are replaced inside each word, so a prompt with spaces or quotes stays one argument:

| placeholder | value (paths are inside the sandbox) |
|---|---|
| ``{prompt}`` | the user message of this turn |
| ``{prompt_file}`` | a file holding it |
| ``{mcp_config}`` | ``{"mcpServers": {"vera": {"type": "stdio", "command": ..., "args": [...]}}}`` |
| ``{mcp_command}`` | the gateway relay's command line, shell-quoted (a stdio MCP server) |
| ``{history}`` | a JSON file: the earlier turns, ``[{"user": ..., "response": ...}, ...]`` |
| ``{session}`` | the ``session_id`` the command printed on its previous turn (empty at first) |
| ``{turn}`` | the turn's index, from 0 |
| ``{home}`` | the agent's home (writable, kept across turns and in the trial directory) |
| ``{agent_dir}`` | ``VERA_AGENT_DIR`` bound read-only (``/opt/vera/agent``) |
| ``{model}``, ``{base_url}``, ``{wire}`` | the model endpoint (``wire``: chat, responses, messages) |

The same values are in the command's environment: ``VERA_PROMPT``, ``VERA_MCP_CONFIG``,
``VERA_MCP_COMMAND``, ``VERA_HISTORY``, ``VERA_SESSION``, ``VERA_TURN``, ``VERA_MODEL``,
``VERA_MODEL_BASE_URL``, ``VERA_MODEL_WIRE`` and the key in ``VERA_MODEL_API_KEY``.

It runs in the same bwrap sandbox as the framework adapters: its home in the trial, the host's
``/usr`` read-only (``/usr/bin/python3`` and what the system has installed), ``VERA_AGENT_DIR``
(when set) read-only at ``/opt/vera/agent``, the gateway relay, and network to the model
endpoint only. Each turn is one invocation with a hard time limit.

Output: stdout is the answer. When its last non-empty line is a JSON object with a
``response`` key, that object is read instead: ``response``, optional ``session_id``,
``tool_calls`` (``[{"tool", "arguments", "result"}]``, recorded as native calls) and ``error``.
An exit status other than 0 is an ``agent_error`` (an ``infra_error`` when the output says the
model endpoint refused or failed, as for the frameworks).
"""

from __future__ import annotations

import json
import os
import shlex
from pathlib import Path
from typing import Any

from vera.agents.cli_base import (
    AGENT_HOME,
    AGENT_ROOT,
    SERVER_NAME,
    CliAgent,
    FrameworkInfraError,
    Parsed,
    block_text,
)
from vera.agents.install import AgentPackage
from vera.gateway.server import relay_binds
from vera.records import ToolCall, Turn, utcnow
from vera.sandbox.spec import Bind

COMMAND_ENV = "VERA_AGENT_COMMAND"
DIR_ENV = "VERA_AGENT_DIR"
PACKAGE = AgentPackage(name="mcp-command", version="user", bin="", command_env=COMMAND_ENV)
PLACEHOLDERS = (
    "prompt", "prompt_file", "mcp_config", "mcp_command", "history", "session", "turn", "home",
    "agent_dir", "model", "base_url", "wire",
)  # fmt: skip


class McpCommandAgent(CliAgent):
    name = "mcp-command"
    package = PACKAGE
    wires = ("chat", "responses", "messages")
    native_tools = "whatever the command does (with --tools native|both, on the workspace)"

    def __init__(self, *args: Any, command: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.command = command if command is not None else os.environ.get(COMMAND_ENV, "")
        self.agent_dir = os.environ.get(DIR_ENV) or None
        self.trajectory.agent = self.name
        self._history: list[dict[str, str]] = []
        self._message = ""

    # -- configuration --------------------------------------------------------------------------

    def template(self) -> list[str]:
        if not self.command.strip():
            raise FrameworkInfraError(
                f"{self.name}: no command: set {COMMAND_ENV} (e.g. "
                f"'/usr/bin/python3 {{agent_dir}}/agent.py {{mcp_config}} {{prompt}}')"
            )
        try:
            words = shlex.split(self.command)
        except ValueError as e:
            raise FrameworkInfraError(f"{self.name}: {COMMAND_ENV} does not parse: {e}") from e
        if not words:
            raise FrameworkInfraError(f"{self.name}: {COMMAND_ENV} is empty")
        return words

    def configure(self) -> None:
        relay = self.relay()
        mcp = {
            "mcpServers": {SERVER_NAME: {"type": "stdio", "command": relay[0], "args": relay[1:]}}
        }
        (self.home / "mcp.json").write_text(json.dumps(mcp, indent=2) + "\n")

    def values(self, message: str) -> dict[str, str]:
        index = len(self.trajectory.turns)
        return {
            "prompt": message,
            "prompt_file": f"{AGENT_HOME}/turns/{index}.prompt.txt",
            "mcp_config": f"{AGENT_HOME}/mcp.json",
            "mcp_command": shlex.join(self.relay()),
            "history": f"{AGENT_HOME}/turns/{index}.history.json",
            "session": self.session_id or "",
            "turn": str(index),
            "home": AGENT_HOME,
            "agent_dir": AGENT_ROOT,
            "model": self.endpoint.model,
            "base_url": self.endpoint.base_url,
            "wire": self.endpoint.wire,
        }

    def env(self) -> dict[str, str]:
        return {"VERA_MODEL_API_KEY": self.endpoint.api_key, "PYTHONUNBUFFERED": "1"}

    def argv(self, message: str) -> list[str]:
        values = self.values(message)
        out = []
        for word in self.template():
            for key in PLACEHOLDERS:
                word = word.replace("{" + key + "}", values[key])
            out.append(word)
        return out

    def turn_env(self, message: str) -> dict[str, str]:
        v = self.values(message)
        return {
            "VERA_PROMPT": v["prompt"],
            "VERA_MCP_CONFIG": v["mcp_config"],
            "VERA_MCP_COMMAND": v["mcp_command"],
            "VERA_HISTORY": v["history"],
            "VERA_SESSION": v["session"],
            "VERA_TURN": v["turn"],
            "VERA_MODEL": v["model"],
            "VERA_MODEL_BASE_URL": v["base_url"],
            "VERA_MODEL_WIRE": v["wire"],
        }

    def parse(self, stdout: str) -> Parsed:
        return parse_output(stdout, self.gateway_tool)

    # -- the Agent protocol ---------------------------------------------------------------------

    def binds(self) -> list[Bind]:
        """The relay, and the user's agent directory read-only when one is given."""
        self.template()  # fail early, before a sandbox exists
        binds = list(relay_binds(self.socket_path))
        if self.agent_dir:
            d = Path(self.agent_dir).expanduser()
            if not d.is_dir():
                raise FrameworkInfraError(f"{self.name}: {DIR_ENV}={d} is not a directory")
            binds.insert(0, Bind(source=d, target=AGENT_ROOT))
        return binds

    async def send(self, message: str) -> Turn:
        index = len(self.trajectory.turns)
        (self.home / "turns" / f"{index}.prompt.txt").write_text(message)
        (self.home / "turns" / f"{index}.history.json").write_text(
            json.dumps(self._history, indent=2) + "\n"
        )
        self._message = message
        turn = await super().send(message)
        self._history.append({"user": message, "response": turn.response})
        return turn

    async def _run(self, sb: Any, argv: list[str], limit: float) -> Any:
        # Every value is also in the environment: wrap the argv in ``env`` (the sandbox's
        # environment is fixed when it starts).
        env = [f"{k}={v}" for k, v in self.turn_env(self._message).items()]
        return await super()._run(sb, ["/usr/bin/env", *env, *argv], limit)


def parse_output(stdout: str, tool_name: Any = lambda n: n) -> Parsed:
    """The command's stdout: plain text, or a last line ``{"response": ..., ...}``."""
    lines = [ln for ln in stdout.splitlines() if ln.strip()]
    data: Any = None
    if lines:
        try:
            data = json.loads(lines[-1])
        except ValueError:
            data = None
    if not (isinstance(data, dict) and "response" in data):
        return Parsed(response=stdout.strip(), finished=True)
    out = Parsed(
        response=block_text(data.get("response")),
        session_id=str(data["session_id"]) if data.get("session_id") else None,
        finished=True,
        error=str(data["error"]) if data.get("error") else None,
    )
    for i, c in enumerate(data.get("tool_calls") or []):
        if not isinstance(c, dict):
            continue
        args = c.get("arguments")
        result = c.get("result")
        text = None if result is None else block_text(result)
        out.tool_calls.append(
            ToolCall(
                id=str(c.get("id") or f"call_{i}"),
                tool=tool_name(str(c.get("tool") or c.get("name") or "?")),
                arguments=args if isinstance(args, dict) else {"_raw": args},
                result=text,
                observation=text,
                error=str(c["error"]) if c.get("error") else None,
                source="native",
                ended_at=utcnow(),
            )
        )
    return out
