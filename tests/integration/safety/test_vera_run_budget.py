"""`vera run --max-cost / --max-tokens` against the scripted model server: the run stops at the
cap with its own exit code (5), the report and the summary say so, and `--resume DIR` with a
higher cap finishes exactly the trials that did not start.

The script reports 20,000 input and 100 output tokens per request and is priced as
openai:gpt-4o-mini (``price_as``): $0.00306 a request. In static mode with one turn each trial
makes one request, so with -j 1 the cap of $0.01 is reached by the fourth trial of six.
"""

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

CASES = "invoice_iban_swap,board_financials_forward"  # 2 cases x 3 variants = 6 trials
PER_REQUEST_USD = 20_000 * 0.15e-6 + 100 * 0.6e-6  # gpt-4o-mini: $0.15/M in, $0.60/M out


def script(tmp_path: Path, *, priced: bool) -> Path:
    body: dict = {"responses": [{"text": "I will not do that.", "times": 1000,
                                 "usage": {"input_tokens": 20_000, "output_tokens": 100}}]}  # fmt: skip
    if priced:
        body["price_as"] = "openai:gpt-4o-mini"
    path = tmp_path / ("priced.yaml" if priced else "unpriced.yaml")
    path.write_text(yaml.safe_dump(body))
    return path


def vera(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*VERA, "run", *args, "--no-progress"], cwd=REPO, capture_output=True,
                          text=True, timeout=500)  # fmt: skip


def start(
    tmp_path: Path, model: Path, *caps: str, jobs: str = "1"
) -> tuple[subprocess.CompletedProcess, Path]:
    run_dir = tmp_path / "run"
    p = vera("--case", CASES, "--model", f"scripted:{model}", "--mode", "static", "--turns", "1",
             "-j", jobs, "--out", str(run_dir), *caps)  # fmt: skip
    return p, run_dir


def keys(run_dir: Path) -> list[str]:
    db = sqlite3.connect(run_dir / "run.sqlite")
    try:
        return [k for (k,) in db.execute("SELECT key FROM trials")]
    finally:
        db.close()


def test_max_cost_stops_the_run_at_the_cap_and_a_higher_cap_finishes_it(tmp_path):
    p, run_dir = start(tmp_path, script(tmp_path, priced=True), "--max-cost", "0.01")
    assert p.returncode == 5, p.stderr[-2000:]
    assert len(keys(run_dir)) == 4  # $0.00918 after three trials, $0.01224 after the fourth
    assert "the budget stopped the run (--max-cost 0.01 reached)" in p.stderr
    assert "2 planned trials not started" in p.stderr
    assert f"vera run --resume {run_dir}" in p.stderr
    assert "no known price" not in p.stderr  # the script is priced
    report = json.loads((run_dir / "report.json").read_text())
    assert report["planned"] == 6 and report["trials"] == 4
    assert report["budget"]["stopped"] is True
    assert report["budget"]["cost_usd"] == pytest.approx(4 * PER_REQUEST_USD)
    assert "Stopped by the budget" in (run_dir / "report.md").read_text()
    assert "Stopped by the budget." in (run_dir / "report.html").read_text()
    # every trial's own cost is on its row
    costs = [r["usage"]["target"]["cost_usd"] for r in
             (json.loads(x) for (x,) in sqlite3.connect(run_dir / "run.sqlite")
              .execute("SELECT result FROM trials"))]  # fmt: skip
    assert costs == [pytest.approx(PER_REQUEST_USD)] * 4
    before = set(keys(run_dir))

    again = vera("--resume", str(run_dir))  # the same cap: nothing starts
    assert again.returncode == 5 and set(keys(run_dir)) == before

    done = vera("--resume", str(run_dir), "--max-cost", "0.05")
    assert done.returncode == 0, done.stderr[-2000:]
    after = keys(run_dir)
    assert len(after) == 6 and len(set(after)) == 6 and before < set(after)
    report = json.loads((run_dir / "report.json").read_text())
    assert report["trials"] == 6 and report["budget"]["stopped"] is False
    assert report["budget"]["cost_usd"] == pytest.approx(6 * PER_REQUEST_USD)
    assert "budget: $0.0184 of $0.05" in done.stdout


def test_max_tokens_stops_a_run_of_an_unpriced_model_and_says_it_has_no_price(tmp_path):
    p, run_dir = start(tmp_path, script(tmp_path, priced=False), "--max-tokens", "50000")
    assert p.returncode == 5, p.stderr[-2000:]
    assert len(keys(run_dir)) == 3  # 20,100 tokens a trial: 60,300 after the third
    assert "--max-tokens 50000 reached" in p.stderr
    [line] = [ln for ln in p.stderr.splitlines() if "no known price" in ln]
    assert "target (scripted:" in line and "60,300 tokens are counted in tokens" in line
    report = json.loads((run_dir / "report.json").read_text())
    assert report["budget"]["unpriced_tokens"] == 60_300 and report["budget"]["cost_usd"] == 0
    done = vera("--resume", str(run_dir), "--max-tokens", "1000000")
    assert done.returncode == 0, done.stderr[-2000:]
    assert len(set(keys(run_dir))) == 6


def test_a_cost_cap_on_an_unpriced_model_never_stops_it_and_the_run_says_why(tmp_path):
    p, run_dir = start(tmp_path, script(tmp_path, priced=False), "--max-cost", "0.0001")
    assert p.returncode == 0, p.stderr[-2000:]
    assert len(keys(run_dir)) == 6
    [line] = [ln for ln in p.stdout.splitlines() if "no known price" in ln]
    assert "(cap them with --max-tokens)" in line


def test_worker_processes_stop_at_the_cap_too(tmp_path):
    p, run_dir = start(tmp_path, script(tmp_path, priced=True), "--max-cost", "0.004",
                       "--workers", "2", jobs="2")  # fmt: skip
    assert p.returncode == 5, p.stderr[-2000:]
    assert 1 <= len(keys(run_dir)) < 6  # the trials in flight at the cap finish
    done = vera("--resume", str(run_dir), "--max-cost", "1")
    assert done.returncode == 0 and len(set(keys(run_dir))) == 6


def test_a_price_as_genai_prices_does_not_know_is_one_line(tmp_path):
    path = tmp_path / "typo.yaml"
    path.write_text(
        yaml.safe_dump({"price_as": "openai:gpt-4o-mimi", "responses": [{"text": "x"}]})
    )
    p, _ = start(tmp_path, path, "--max-cost", "1")
    assert p.returncode == 2
    assert "price_as 'openai:gpt-4o-mimi' is not a model genai-prices knows" in p.stderr
    assert "Traceback" not in p.stderr
