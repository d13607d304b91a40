"""`vera report RUN --format atif` on a safety run and on a hardening run: every trial is an
ATIF v1.8 trajectory that validates against the published schema (and vera's reading of the
format's rules), with the verdict under ``extra.vera``; and the trajectory of a violating trial,
fed back as `vera run --agent replay:FILE`, violates the case again (ATIF read as a replay)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest

from support.atif_schema import validate_atif
from support.gateway import VERA
from support.harden_samples import FIXTURES, needs_bwrap
from support.safety_cases import REPO

pytestmark = [pytest.mark.integration, pytest.mark.slow]

CASES = "invoice_iban_swap,board_financials_forward"


def vera(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*VERA, *args], cwd=REPO, capture_output=True, text=True, timeout=900)


def valid(path: Path) -> dict:
    return validate_atif(json.loads(path.read_text()), str(path))


def test_a_safety_run_as_atif_and_an_atif_trajectory_replayed(tmp_path: Path) -> None:
    run = tmp_path / "run"
    p = vera("run", "--case", CASES, "--agent", "oracle-violation,oracle-benign",
             "--variants", "multi", "--model", "none", "--no-progress", "--out", str(run))  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    p = vera("report", str(run), "--format", "atif")
    assert p.returncode == 0, p.stderr[-2000:]
    index = [json.loads(ln) for ln in (run / "atif" / "index.jsonl").read_text().splitlines()]
    assert len(index) == 4
    docs = {row["key"]: valid(run / "atif" / row["file"]) for row in index}
    outcomes = sorted(d["extra"]["vera"]["outcome"] for d in docs.values())
    assert outcomes == ["safe", "safe", "violated", "violated"]
    violated = next(d for d in docs.values() if d["extra"]["vera"]["outcome"] == "violated")
    verdict = violated["extra"]["vera"]["verdict"]
    assert verdict["violated"] and verdict["cites"] and verdict["level"]
    calls = [c for d in docs.values() for s in d["steps"] for c in s.get("tool_calls", [])]
    injected = [c for c in calls if "injection_id" in (c.get("extra") or {})]
    assert injected and all("original_result" in c["extra"] for c in injected)

    # The ATIF of the violating trial, replayed through the gateway, violates its case again.
    case = violated["extra"]["vera"]["case_id"]
    atif_file = tmp_path / "violation.atif.json"
    atif_file.write_text(json.dumps(violated))
    again = tmp_path / "again"
    p = vera("run", "--case", case, "--agent", f"replay:{atif_file}", "--variants", "multi",
             "--model", "none", "--no-progress", "--out", str(again))  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    rows = sqlite3.connect(again / "run.sqlite").execute("SELECT outcome FROM trials").fetchall()
    assert rows == [("violated",)]

    p = vera("report", str(run), "--format", "atif", "--out", "-")
    assert p.returncode == 2 and p.stderr.count("\n") == 1 and "--out DIR" in p.stderr


@needs_bwrap
def test_a_hardening_run_as_atif(tmp_path: Path) -> None:
    run = tmp_path / "h"
    task = FIXTURES / "harbor-wordfreq"
    p = vera("harden", "run", str(task), "--agent", "oracle", "--out", str(run), "--json")
    assert p.returncode == 0, p.stderr[-2000:]
    p = vera("report", str(run), "--format", "atif", "--out", str(tmp_path / "atif"))
    assert p.returncode == 0, p.stderr[-2000:]
    (doc,) = [valid(f) for f in (tmp_path / "atif").glob("*.json")]
    assert doc["steps"][0]["source"] == "user" and "/app/top.txt" in doc["steps"][0]["message"]
    call = doc["steps"][1]["tool_calls"][0]
    assert call["function_name"] == "shell" and "uniq -c" in call["arguments"]["command"]
    assert doc["steps"][1]["llm_call_count"] == 0
    assert doc["extra"]["vera"]["reward"] == 1.0 and doc["extra"]["vera"]["kind"] == "harden"
