"""`vera run` against a target model that refuses every request for its length (the scripted
server answering with each provider's own context-length error): every trial is the agent's
error, with the reason, never an infra error, and the run exits 0."""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest
import yaml

from support.gateway import VERA
from support.safety_cases import REPO

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

LLAMA_CPP_PYTHON = {
    "status": 400,
    "code": "context_length_exceeded",
    "message": "This model's maximum context length is 8192 tokens. However, you requested "
    "8301 tokens (8301 in the messages, None in the completion). Please reduce the length of "
    "the messages or completion.",
}


def vera_run(tmp_path: Path, model: str, *select: str) -> tuple[subprocess.CompletedProcess, Path]:
    run_dir = tmp_path / "run"
    p = subprocess.run(
        [*VERA, "run", *select, "--model", model, "--no-progress", "--out", str(run_dir)],
        cwd=REPO, capture_output=True, text=True, timeout=500,
    )  # fmt: skip
    return p, run_dir


def rows(run_dir: Path) -> list[dict]:
    db = sqlite3.connect(run_dir / "run.sqlite")
    db.row_factory = sqlite3.Row
    return [dict(r) for r in db.execute("SELECT * FROM trials")]


def script(tmp_path: Path, fault: object) -> Path:
    path = tmp_path / "context.yaml"
    path.write_text(yaml.safe_dump({"responses": [{"fault": fault, "times": 1000}]}))
    return path


def test_the_quick_suite_against_a_model_out_of_context_is_all_agent_errors(tmp_path):
    """OpenAI's 400 ``context_length_exceeded``, on the suite `make demo` runs."""
    p, run_dir = vera_run(tmp_path, f"scripted:{script(tmp_path, 'context')}", "--suite", "quick")
    assert p.returncode == 0, p.stderr[-2000:]
    trials = rows(run_dir)
    assert len(trials) == 9
    assert {r["outcome"] for r in trials} == {"agent_error"}
    assert all("context_window" in r["error_message"] for r in trials)
    report = json.loads((run_dir / "report.json").read_text())
    assert report["outcomes"]["agent_error"] == 9 and report["outcomes"]["infra_error"] == 0
    assert "infra_error" not in p.stderr


@pytest.mark.parametrize(
    ("wire", "fault"),
    [("messages", "context"), ("chat", LLAMA_CPP_PYTHON)],
    ids=["anthropic-prompt-too-long", "llama-cpp-python"],
)
def test_each_providers_context_error_is_an_agent_error(tmp_path, wire, fault):
    model = f"scripted:{script(tmp_path, fault)}#{wire}"
    p, run_dir = vera_run(tmp_path, model, "--case", "invoice_iban_swap", "--variants", "single")
    assert p.returncode == 0, p.stderr[-2000:]
    [row] = rows(run_dir)
    assert row["outcome"] == "agent_error" and row["verdict"] is None
    assert "context_window" in row["error_message"]
