"""`vera run` end to end with the calibration agents on the bundled core suite (one base
scenario per risk leaf, every environment): the witness replayed through the real runner
(sandbox, gateway, verifier, store) must violate every case, the reference none, and `vera run
--resume` on a finished run must do nothing. Every case of the whole bench replays its witnesses
and references through the same trial function in the whole-bench gates test
(test_bench_coverage.py); `vera run --suite all` with both oracles is the command the closing
notes time."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import time

import pytest
import yaml

from support.gateway import VERA
from support.safety_cases import REPO

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(1500)]


def vera(*args: str, cwd=REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*VERA, *args], cwd=cwd, capture_output=True, text=True, timeout=1400)


def core_cases() -> list[str]:
    return yaml.safe_load((REPO / "bench" / "suites" / "core.yaml").read_text())["cases"]


def test_oracles_through_the_runner_on_the_core_suite(tmp_path):
    """In two worker processes (``--workers 2``); the kill-and-resume test below runs in one.
    The witnesses violate every case in the attack variants; the references violate none, and
    in the benign variant every reference does the task (utility 1.0 on every case)."""
    run_dir = tmp_path / "run"
    p = vera("run", "--suite", "core", "--agent", "oracle-violation,oracle-benign",
             "--variants", "single,multi", "--model", "none", "-j", "4", "--workers", "2",
             "--no-progress", "--out", str(run_dir))  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    report = json.loads((run_dir / "report.json").read_text())
    n_cases = len(core_cases())
    assert n_cases >= 124  # one per risk leaf
    assert report["trials"] == n_cases * 2 * 2
    benign_dir = tmp_path / "benign"
    p = vera("run", "--suite", "core", "--agent", "oracle-benign", "--variants", "benign",
             "--model", "none", "-j", "4", "--workers", "2", "--no-progress",
             "--out", str(benign_dir))  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    db = sqlite3.connect(benign_dir / "run.sqlite")
    rows = db.execute("SELECT outcome, utility FROM trials").fetchall()
    assert len(rows) == n_cases
    assert {o for o, _ in rows} == {"safe"}
    assert [u for _, u in rows].count(1) == n_cases, "a reference failed its utility check"
    for variant in ("single", "multi"):
        bad = report["by_config"][f"{variant}/oracle-violation/none"]
        good = report["by_config"][f"{variant}/oracle-benign/none"]
        assert bad["trials"] == n_cases and bad["violated"] == n_cases and bad["asr"] == 1.0
        assert good["trials"] == n_cases and good["violated"] == 0 and good["asr"] == 0.0
        assert sum(bad["errors"].values()) == 0 and sum(good["errors"].values()) == 0
    assert (run_dir / "report.html").stat().st_size > 10_000

    # every violation cites evidence, and the evidence files are where the report reads them
    db = sqlite3.connect(run_dir / "run.sqlite")
    rows = db.execute("SELECT outcome, verdict, evidence_dir FROM trials").fetchall()
    assert len(rows) == report["trials"]
    for outcome, verdict, evidence_dir in rows:
        assert outcome != "violated" or json.loads(verdict)["cites"]
        assert (run_dir / evidence_dir / "evidence" / "evidence.json").is_file()
        # the lifecycle's four phases, each timed, on every stored result (played in workers)
        phases = json.loads((run_dir / evidence_dir / "result.json").read_text())["phases"]
        want = [("setup", "ok"), ("act", "ok"), ("verify", "ok"), ("teardown", "ok")]
        assert [(p["phase"], p["status"]) for p in phases] == want
        assert all(p["started_at"] and p["ended_at"] and p["duration_s"] >= 0 for p in phases)

    again = vera("run", "--resume", str(run_dir), "--no-progress")
    assert again.returncode == 0, again.stderr[-2000:]
    assert db.execute("SELECT count(*) FROM trials").fetchone()[0] == report["trials"]


def test_run_refuses_bad_input_with_one_line(tmp_path):
    p = vera("run", "--case", "no_such_case", "--agent", "nop", "--out", str(tmp_path / "r"))
    assert p.returncode == 2
    assert "no_such_case" in p.stderr and len(p.stderr.strip().splitlines()) == 1
    p = vera("run", "--agent", "nobody", "--out", str(tmp_path / "r"))
    assert p.returncode == 2 and "unknown agent 'nobody'" in p.stderr
    p = vera("run", "--resume", str(tmp_path))
    assert p.returncode == 2 and "not a run directory" in p.stderr


def test_vera_run_killed_repeatedly_then_resumed_loses_and_repeats_nothing(tmp_path):
    """SIGKILL `vera run` itself (real safety trials: sandbox, gateway, verifier) at random
    moments, resume after each kill, and check the finished run against a clean one. On the
    core suite (a case per risk leaf: every environment, shared worlds and own worlds)."""
    seed = int(os.environ.get("VERA_KILL_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    run_dir = tmp_path / "run"
    first = [*VERA, "run", "--suite", "core", "--agent", "oracle-violation", "--variants",
             "single", "--model", "none", "--epochs", "3", "-j", "4", "--no-progress",
             "--out", str(run_dir)]  # fmt: skip
    again = [*VERA, "run", "--resume", str(run_dir), "--no-progress"]
    kills = 0
    for attempt in range(30):
        cmd = first if not (run_dir / "run.json").exists() else again
        proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if attempt < 4:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and proc.poll() is None:
                if (run_dir / "run.sqlite").exists():
                    break
                time.sleep(0.05)
            time.sleep(rng.uniform(0.1, 1.5))  # a whole run takes a few seconds
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
                kills += 1
        _, err = proc.communicate(timeout=600)
        if proc.returncode == 0:
            break
        assert proc.returncode == -signal.SIGKILL, f"seed {seed}: {err.decode()[-1500:]}"
    assert proc.returncode == 0 and kills >= 1, f"seed {seed}"
    db = sqlite3.connect(run_dir / "run.sqlite")
    rows = db.execute("SELECT key, outcome, evidence_dir FROM trials").fetchall()
    n_cases = len(yaml.safe_load((REPO / "bench" / "suites" / "core.yaml").read_text())["cases"])
    keys = [k for k, _, _ in rows]
    assert len(keys) == len(set(keys)) == 3 * n_cases, f"seed {seed}"
    assert {o for _, o, _ in rows} == {"violated"}, f"seed {seed}"
    for _, _, evidence_dir in rows:
        assert (run_dir / evidence_dir / "evidence" / "evidence.json").is_file()
        assert (run_dir / evidence_dir / "result.json").is_file()
    # nothing left over from killed trials
    on_disk = {p.name for p in (run_dir / "trials").iterdir()}
    assert on_disk == set(keys), f"seed {seed}"


def test_vera_run_on_a_local_ray_cluster(tmp_path):
    """The same safety trials as Ray tasks: workers import the trial function, the driver
    keeps the store; the verdicts are those of the local executor."""
    run_dir = tmp_path / "ray"
    p = vera("run", "--executor", "ray", "--case",
             "invoice_iban_swap,halden_keys_opened_to_box_users,board_financials_forward",
             "--agent", "oracle-violation,oracle-benign", "--variants", "single,multi",
             "--model", "none", "--no-progress", "--out", str(run_dir))  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    report = json.loads((run_dir / "report.json").read_text())
    assert report["trials"] == 12
    assert report["by_agent"]["oracle-violation"]["asr"] == 1.0
    assert report["by_agent"]["oracle-benign"]["violated"] == 0
    assert json.loads((run_dir / "run.json").read_text())["executor"] == "ray"
