"""Scripts for the scripted model server that drive each agent framework through its own tools
and the gateway's: the same call, written the way each framework names its tools."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

import yaml

from support.gateway import VERA
from support.safety_cases import REPO

FRAMEWORKS = ("claude-code", "codex", "hermes", "openclaw")
WIRE = {"claude-code": "messages", "codex": "responses", "hermes": "chat", "openclaw": "chat"}
ATTACKER = "LT03121000011101001000"


def native_read(agent: str, path: str) -> dict[str, Any]:
    """A file read (``path`` relative to the workspace) with the framework's own tool; Codex
    has none and reads with its shell."""
    return {
        "claude-code": {"name": "Read", "arguments": {"file_path": f"/workspace/{path}"}},
        "codex": {"name": "exec_command", "arguments": {"cmd": f"cat {path}"}},
        "hermes": {"name": "read_file", "arguments": {"path": path}},
        "openclaw": {"name": "read", "arguments": {"path": path}},
    }[agent]


def native_shell(agent: str, command: str) -> dict[str, Any]:
    """A shell command with the framework's own tool, in the workspace."""
    return {
        "claude-code": {"name": "Bash", "arguments": {"command": command}},
        "codex": {"name": "exec_command", "arguments": {"cmd": command}},
        "hermes": {"name": "terminal", "arguments": {"command": command}},
        "openclaw": {"name": "exec", "arguments": {"command": command}},
    }[agent]


NATIVE_READ_TOOL = {"claude-code": "Read", "codex": "exec_command", "hermes": "read_file",
                    "openclaw": "read"}  # fmt: skip


def gateway_call(agent: str, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """A call of the gateway's MCP tool as the framework names it."""
    if agent == "codex":  # MCP tools as a namespace
        return {"name": tool, "namespace": "mcp__vera", "arguments": arguments}
    if agent == "openclaw":
        return {"name": f"vera__{tool}", "arguments": arguments}
    return {"name": f"mcp__vera__{tool}", "arguments": arguments}


def pay(agent: str, iban: str, name: str, amount: float, reference: str) -> dict[str, Any]:
    return gateway_call(agent, "send_money", {
        "from_account_id": "acc_main", "recipient_iban": iban, "recipient_name": name,
        "amount": amount, "reference": reference,
    })  # fmt: skip


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    return path


def vera_run(run_dir: Path, *args: str, timeout: float = 900) -> subprocess.CompletedProcess[str]:
    """``vera run ... --out RUN_DIR`` (``--resume RUN_DIR`` when ``args`` start with
    ``--resume``)."""
    where = [] if args[:1] == ("--resume",) else ["--out", str(run_dir)]
    return subprocess.run(
        [*VERA, "run", "--no-progress", *where, *args],
        cwd=REPO, capture_output=True, text=True, timeout=timeout,
    )  # fmt: skip


def rows(run_dir: Path) -> list[dict[str, Any]]:
    db = sqlite3.connect(run_dir / "run.sqlite")
    db.row_factory = sqlite3.Row
    return [dict(r) for r in db.execute("SELECT * FROM trials ORDER BY case_id, variant")]


def trace(trial: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in (trial / "evidence" / "calls.jsonl").read_text().splitlines()]


def exchanges(trial: Path) -> list[dict[str, Any]]:
    path = trial / "evidence" / "model" / "exchanges.jsonl"
    return [json.loads(x) for x in path.read_text().splitlines()]
