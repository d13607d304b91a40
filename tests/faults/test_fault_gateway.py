"""The stdio gateway answers every request it accepted before it exits (stdin closed right
after a burst), and answers an invalid id with a JSON-RPC error whose id is null."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.integration

INIT = {
    "jsonrpc": "2.0", "id": 0, "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {},
               "clientInfo": {"name": "faults", "version": "1"}},
}  # fmt: skip
BAD_IDS = [{"a": 1}, [1], True, False, 1.5, 2.0, None]


def _serve(tmp_path: Path, frames: list[dict]) -> tuple[list[dict], subprocess.CompletedProcess]:
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    data = "".join(json.dumps(f) + "\n" for f in frames).encode()
    proc = subprocess.run(
        [sys.executable, "-I", "-c", "from vera.cli.main import app; app()", "gateway", "serve",
         "--env", "filesystem", "--workspace", str(ws), "--state", str(tmp_path / "state"),
         "--trace", str(tmp_path / "trace.jsonl")],
        input=data, capture_output=True, timeout=300,
    )  # fmt: skip
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()], proc


def test_a_thousand_pipelined_calls_then_eof_get_a_thousand_replies(tmp_path: Path):
    calls = [
        {"jsonrpc": "2.0", "id": i, "method": "tools/call",
         "params": {"name": "write_file" if i % 2 else "list_directory",
                    "arguments": {"path": f"f{i}.txt", "content": "x"} if i % 2 else {}}}
        for i in range(1, 1001)
    ]  # fmt: skip
    frames = [INIT, {"jsonrpc": "2.0", "method": "notifications/initialized"}, *calls]
    replies, proc = _serve(tmp_path, frames)
    assert proc.returncode == 0, proc.stderr[-2000:]
    ids = sorted(r["id"] for r in replies)
    assert ids == list(range(0, 1001))
    assert all("result" in r for r in replies)
    traced = (tmp_path / "trace.jsonl").read_text().splitlines()
    assert len(traced) == 1000


def test_invalid_ids_get_an_error_with_id_null(tmp_path: Path):
    frames = [INIT, {"jsonrpc": "2.0", "method": "notifications/initialized"}]
    frames += [{"jsonrpc": "2.0", "id": rid, "method": "tools/list"} for rid in BAD_IDS]
    frames += [{"jsonrpc": "2.0", "id": "last", "method": "tools/list"}]
    replies, proc = _serve(tmp_path, frames)
    assert proc.returncode == 0, proc.stderr[-2000:]
    errors = [r for r in replies if "error" in r]
    assert len(errors) == len(BAD_IDS)
    assert all(r["id"] is None and r["error"]["code"] == -32600 for r in errors)
    assert [r["id"] for r in replies if "result" in r] == [0, "last"]


def test_garbage_lines_are_answered_and_the_session_goes_on(tmp_path: Path):
    ws = tmp_path / "ws"
    ws.mkdir()
    data = (json.dumps(INIT) + "\nnot json\n[1, 2]\n" + json.dumps(
        {"jsonrpc": "2.0", "id": 7, "method": "tools/list"}) + "\n").encode()  # fmt: skip
    proc = subprocess.run(
        [sys.executable, "-I", "-c", "from vera.cli.main import app; app()", "gateway", "serve",
         "--env", "filesystem", "--workspace", str(ws), "--trace", str(tmp_path / "t.jsonl")],
        input=data, capture_output=True, timeout=120,
    )  # fmt: skip
    replies = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert [r["error"]["code"] for r in replies if "error" in r] == [-32700, -32600]
    assert any(r.get("id") == 7 and "result" in r for r in replies)
