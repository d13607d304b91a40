"""Faults vera already held before issue 20, replayed so they stay held: model APIs failing
(5xx, 429, broken bodies) end in infra_error with what was paid kept, an over-long MCP line
ends the session cleanly, and a SIGKILLed run resumes without losing or repeating a trial."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from support.faults import CASE_ID, make_bench, outcomes, results, vera

pytestmark = [pytest.mark.integration, pytest.mark.slow]


@pytest.mark.parametrize("fault", [500, 429, "malformed"])
def test_a_failing_model_is_an_infra_error_and_paid_requests_are_kept(tmp_path: Path, fault):
    bench = make_bench(tmp_path)
    script = tmp_path / "model.yaml"
    script.write_text(yaml.safe_dump({"responses": [
        {"tool_calls": [{"name": "*"}]},  # one request answered (paid) ...
        {"fault": fault, "times": 1000},  # ... then the API fails for good
    ]}))  # fmt: skip
    out = tmp_path / "run"
    proc = vera(
        "run", "--bench", bench, "--case", CASE_ID, "--agent", "builtin", "--model",
        f"scripted:{script}", "--variants", "benign", "--no-progress", "--out", out, cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert outcomes(out) == {"infra_error": 1}
    [r] = results(out)
    assert r["verdict"] is None
    assert r["usage"], "the answered request's usage was dropped"
    assert sum(u["requests"] for u in r["usage"].values()) >= 1


def test_an_over_long_mcp_line_ends_the_session_cleanly(tmp_path: Path):
    ws = tmp_path / "ws"
    ws.mkdir()
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                       "clientInfo": {"name": "faults", "version": "1"}}}  # fmt: skip
    data = json.dumps(init).encode() + b"\n" + b"x" * (20 << 20) + b"\n"
    proc = subprocess.run(
        [sys.executable, "-I", "-c", "from vera.cli.main import app; app()", "gateway", "serve",
         "--env", "filesystem", "--workspace", str(ws), "--trace", str(tmp_path / "t.jsonl")],
        input=data, capture_output=True, timeout=180,
    )  # fmt: skip
    replies = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    assert any(r.get("id") == 1 and "result" in r for r in replies)
    assert b"Traceback" not in proc.stderr


def test_a_sigkilled_run_resumes_without_losing_or_repeating(tmp_path: Path):
    bench = make_bench(tmp_path)
    out = tmp_path / "run"
    cmd = [sys.executable, "-I", "-c", "from vera.cli.main import app; app()", "run", "--bench",
           str(bench), "--case", CASE_ID, "--agent", "oracle-violation,oracle-benign,nop",
           "--model", "none", "--epochs", "2", "-j", "2", "--no-progress", "--out", str(out)]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if list(out.glob("trials/*/result.json")):
            break
        time.sleep(0.05)
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=120)
    done = vera("run", "--resume", out, "--no-progress", cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    with sqlite3.connect(out / "run.sqlite") as db:
        keys = [k for (k,) in db.execute("SELECT key FROM trials")]
    planned = [
        json.loads(line)["case_id"] for line in (out / "plan.jsonl").read_text().splitlines()
    ]
    assert len(keys) == len(set(keys)) == len(planned) == 18
    assert len(list(out.glob("trials/*/result.json"))) == 18
