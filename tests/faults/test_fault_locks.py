"""Fault pass 3 (issue 33): one writer per run directory.

Every command that writes a run, an audit or a loop folder holds its writer lock
(``vera.runner.lock``): a second writer is refused in one line naming the holder (pid, host,
command), before it touches anything; a lock left by a process that is gone is taken over, and
the taker says so; a clean exit leaves no lock file behind."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.faults import SRC, one_line_error, vera
from vera.runner.lock import LOCK_FILE, DirectoryLockedError, holds_lock, writer_lock

HOLD = (
    "import sys, time\n"
    f"sys.path.insert(0, {str(SRC)!r})\n"
    "from vera.runner.lock import writer_lock\n"
    "with writer_lock(sys.argv[1], command='vera run --resume (the first one)'):\n"
    "    print('held', flush=True)\n"
    "    time.sleep(600)\n"
)


@pytest.fixture
def holder(tmp_path: Path) -> Iterator[tuple[Path, subprocess.Popen[str]]]:
    """A directory whose writer lock another live process holds."""
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (run_dir / "run.json").write_text("{}")
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(run_dir)], stdout=subprocess.PIPE,
                            text=True)  # fmt: skip
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    yield run_dir, proc
    proc.kill()
    proc.wait()


def test_a_second_writer_is_refused_naming_the_holder(holder) -> None:
    run_dir, proc = holder
    with pytest.raises(DirectoryLockedError) as info, writer_lock(run_dir):
        pass
    message = str(info.value)
    assert f"pid {proc.pid} on {socket.gethostname()}" in message and "the first one" in message
    assert "\n" not in message and str(run_dir) in message


@pytest.mark.parametrize(
    "command",
    [
        ["run", "--resume", "{dir}"],
        ["harden", "audit", "--resume", "{dir}"],
        ["harden", "loop", "{task}", "--out", "{dir}", "--model", "test", "--resume"],
        ["cases", "harden", "{cases}", "--model", "test", "--out", "{new}"],
        ["harden", "run", "{task}", "--agent", "nop", "--out", "{new}"],
        ["harden", "export", "{loop}", "--out", "{new}"],
    ],
)
def test_every_writing_command_is_refused_while_another_writes(holder, tmp_path: Path,
                                                               command: list[str]) -> None:  # fmt: skip
    run_dir, proc = holder
    new = tmp_path / "new"
    new.mkdir()
    if "{new}" in command:  # the holder holds that one instead
        proc.kill()
        proc.wait()
        proc2 = subprocess.Popen([sys.executable, "-c", HOLD, str(new)], stdout=subprocess.PIPE,
                                 text=True)  # fmt: skip
        assert proc2.stdout is not None and proc2.stdout.readline().strip() == "held"
    else:
        proc2 = proc
    (run_dir / "config.json").write_text(json.dumps({"config": {}, "models": {}, "tasks": []}))
    task = Path(__file__).parents[1] / "fixtures" / "harden" / "harbor-wordfreq"
    cases = Path(__file__).parents[1] / "fixtures" / "cases" / "invoice_iban_swap"
    loop = tmp_path / "loop"
    (loop / "toy").mkdir(parents=True)
    (loop / "toy" / "run.json").write_text("{}")
    args = [a.format(dir=run_dir, task=task, cases=cases, new=new, loop=loop) for a in command]
    before = sorted(p.name for p in (new if "{new}" in command else run_dir).iterdir())
    try:
        res = vera(*args, cwd=tmp_path, timeout=240)
    finally:
        if proc2 is not proc:
            proc2.kill()
            proc2.wait()
    assert res.returncode == 2, res.stdout + res.stderr
    line = one_line_error(res)
    assert f"pid {proc2.pid}" in line and "being written by another vera" in line
    assert sorted(p.name for p in (new if "{new}" in command else run_dir).iterdir()) == before


def test_a_lock_left_by_a_dead_process_is_taken_over_and_said(tmp_path: Path, capfd) -> None:
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    dead = subprocess.Popen([sys.executable, "-c", HOLD, str(run_dir)], stdout=subprocess.PIPE,
                            text=True)  # fmt: skip
    assert dead.stdout is not None and dead.stdout.readline().strip() == "held"
    os.kill(dead.pid, signal.SIGKILL)  # as kill -9 leaves it: the file stays, the flock goes
    dead.wait()
    assert (run_dir / LOCK_FILE).is_file()
    with writer_lock(run_dir):
        assert holds_lock(run_dir)
        with writer_lock(run_dir):  # re-entrant in one process
            pass
        assert holds_lock(run_dir)
        held = json.loads((run_dir / LOCK_FILE).read_text())
        assert held["pid"] == os.getpid()
    err = capfd.readouterr().err
    assert f"taking over the lock of {run_dir} left by pid {dead.pid}" in err
    assert "no longer running" in err
    assert not (run_dir / LOCK_FILE).exists() and not holds_lock(run_dir)


def test_the_lock_file_does_not_make_a_new_run_directory_look_used(tmp_path: Path) -> None:
    from vera.runner.spec import TrialSpec
    from vera.runner.store import RunConfig, RunStore

    run_dir = tmp_path / "run"
    spec = TrialSpec(case_id="c", case_hash="h", variant="benign", agent="a", model="m")
    with writer_lock(run_dir):
        RunStore.create(run_dir, [spec], RunConfig()).close()
    assert (run_dir / "run.json").is_file() and not (run_dir / LOCK_FILE).exists()


@pytest.mark.integration
def test_vera_run_resume_refuses_a_hardening_audit_directory(tmp_path: Path) -> None:
    """A resume refuses a directory of another kind (here an audit's) before touching it."""
    task = Path(__file__).parents[1] / "fixtures" / "harden" / "harbor-wordfreq"
    audit = tmp_path / "audit"
    made = vera("harden", "audit", task, "--exploit", "reward_file_write", "--modes", "unhinted",
                "--out", audit, "--no-progress", cwd=tmp_path, timeout=600)  # fmt: skip
    assert (audit / "run.json").is_file(), made.stderr[-2000:]
    before = {p.relative_to(audit).as_posix(): p.stat().st_mtime_ns for p in audit.rglob("*")}
    res = vera("run", "--resume", audit, cwd=tmp_path, timeout=240)
    assert res.returncode == 2
    line = one_line_error(res)
    assert "not a safety run" in line and "vera harden audit --resume" in line
    after = {p.relative_to(audit).as_posix(): p.stat().st_mtime_ns for p in audit.rglob("*")}
    assert after == before


def test_an_unreadable_lock_file_is_taken_over_and_said(tmp_path: Path, capfd) -> None:
    run_dir = tmp_path / "run"
    run_dir.mkdir()
    (run_dir / LOCK_FILE).write_bytes(b"\x00garbage")
    with writer_lock(run_dir):
        pass
    assert "taking over the lock" in capfd.readouterr().err
