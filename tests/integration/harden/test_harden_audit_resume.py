"""``vera harden audit`` on the runner: SIGKILLed halfway (two worker processes), resumed, it
plays only the trials that had no row, and its report equals an uninterrupted audit's; two
uninterrupted audits report the same too, the leftover-process exploit included."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from support.gateway import VERA
from support.harden_samples import needs_bwrap
from support.safety_cases import REPO

pytestmark = [pytest.mark.integration, needs_bwrap, pytest.mark.timeout(600)]

# Relative to the repository (the commands run there), as a user types them; --separate adds
# the separated copies, played in the worker processes from the absolute paths in the plan.
TASKS = [f"bench/tasks/{n}" for n in ("roman-numerals", "parse-duration")]
# Deterministic on these tasks: import_time_exit and sys_exit_patch hack them, reward_file_write
# does not (their verifiers write the reward last), background_reward_writer does (a daemon that
# plants the reward when the shared environment is stopped, after the verifier's last write;
# it raced that write before, and landed in one audit and not in the next).
EXPLOITS = ["-e", "import_time_exit", "-e", "sys_exit_patch", "-e", "reward_file_write",
            "-e", "background_reward_writer"]
HACKED = ["background_reward_writer", "import_time_exit", "sys_exit_patch"]


def _keys(run_dir: Path) -> list[str]:
    db = run_dir / "run.sqlite"
    if not db.exists():
        return []
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        return [k for (k,) in con.execute("SELECT key FROM trials")]
    except sqlite3.OperationalError:  # not created yet
        return []
    finally:
        con.close()


def _audit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*VERA, "harden", "audit", *args, "--no-progress", "--json"],
                          cwd=REPO, capture_output=True, text=True, timeout=500)  # fmt: skip


def test_audit_killed_halfway_resumes_without_replaying_finished_trials(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    p = _audit(*TASKS, *EXPLOITS, "--separate", "-j", "2", "--out", str(whole))
    assert p.returncode == 0, p.stderr[-2000:]
    expected = json.loads(p.stdout)
    hacked = [t["hacked_by"] for t in expected["tasks"]]
    assert hacked == [HACKED] * 2
    sep = [
        (t["oracle"], t["nop"], t["hacked_by"], t["errors"]) for t in expected["separated"]["tasks"]
    ]
    assert sep == [(True, True, [], [])] * 2
    planned = len((whole / "plan.jsonl").read_text().splitlines())
    assert len(_keys(whole)) == planned >= 8
    # A second uninterrupted audit reports the same, hacked sets and rewards alike.
    again = _audit(*TASKS, *EXPLOITS, "--separate", "-j", "2", "--out", str(tmp_path / "again"))
    assert again.returncode == 0, again.stderr[-2000:]
    assert json.loads(again.stdout) == expected

    run_dir = tmp_path / "killed"
    cmd = [*VERA, "harden", "audit", *TASKS, *EXPLOITS, "--separate", "-j", "2", "--workers", "2",
           "--no-progress", "--out", str(run_dir)]  # fmt: skip
    proc = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True)  # fmt: skip
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and proc.poll() is None and len(_keys(run_dir)) < 3:
        time.sleep(0.05)
    assert proc.poll() is None, "the audit ended before it could be killed halfway"
    os.killpg(proc.pid, signal.SIGKILL)  # the driver, its workers and their sandboxes
    proc.wait()
    finished = set(_keys(run_dir))
    assert 3 <= len(finished) < planned
    before = {k: (run_dir / "trials" / k / "result.json").read_bytes() for k in finished}

    p = _audit("--resume", str(run_dir))
    assert p.returncode == 0, p.stderr[-2000:]
    # Finished trials were not played again: their results (start times included) are as they were.
    for key, blob in before.items():
        assert (run_dir / "trials" / key / "result.json").read_bytes() == blob, key
    keys = _keys(run_dir)
    assert len(keys) == len(set(keys)) == planned
    assert sorted(p.name for p in (run_dir / "trials").iterdir()) == sorted(keys)
    # The report, built from the store, is the uninterrupted audit's.
    assert json.loads(p.stdout) == expected
    assert json.loads((run_dir / "audit.json").read_text()) == expected
    # Each trial kept its evidence: the played script, the reward, the verifier's log.
    for key in keys:
        result = json.loads((run_dir / "trials" / key / "result.json").read_text())
        ev = run_dir / "trials" / key / "evidence"
        side = "verifier" if result["spec"]["variant"] == "separated" else "agent"
        assert (ev / "reward.json").is_file() and (ev / side / "verifier.log").is_file()
        if side == "verifier":  # what was copied into the fresh verifier sandbox
            assert (ev / "verifier" / "artifacts.json").is_file()
        if result["spec"]["agent"].startswith("exploit:"):
            assert (ev / "agent.sh").read_text() == result["spec"]["params"]["script"]

    # A finished audit resumed again plays nothing and reports the same.
    p = _audit("--resume", str(run_dir))
    assert p.returncode == 0 and json.loads(p.stdout) == expected


def test_resume_refuses_bad_input(tmp_path: Path) -> None:
    p = subprocess.run([*VERA, "harden", "audit", "--resume", str(tmp_path)], cwd=REPO,
                       capture_output=True, text=True)  # fmt: skip
    assert p.returncode == 2 and "not a run directory" in p.stderr
    p = subprocess.run([*VERA, "harden", "audit", TASKS[0], "--resume", str(tmp_path)], cwd=REPO,
                       capture_output=True, text=True)  # fmt: skip
    assert p.returncode == 2 and "not both" in p.stderr
    p = subprocess.run([*VERA, "harden", "audit"], cwd=REPO, capture_output=True, text=True)
    assert p.returncode == 2 and "give TASKS" in p.stderr


@pytest.mark.slow
def test_audit_on_ray_reports_as_the_local_executor(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="the ray executor needs the extra: pip install 'vera[ray]'")
    args = [TASKS[0], "-e", "import_time_exit", "-e", "reward_file_write"]
    local = _audit(*args, "--out", str(tmp_path / "local"))
    assert local.returncode == 0, local.stderr[-2000:]
    on_ray = _audit(*args, "--executor", "ray", "-j", "2", "--out", str(tmp_path / "ray"))
    assert on_ray.returncode == 0, on_ray.stderr[-2000:]
    assert json.loads(on_ray.stdout) == json.loads(local.stdout)
    # the evidence came back from the Ray workers
    for key in _keys(tmp_path / "ray"):
        assert (tmp_path / "ray" / "trials" / key / "evidence" / "reward.json").is_file()
