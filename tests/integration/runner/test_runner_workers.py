"""Trials in local worker processes (``vera run --workers N``): every trial recorded once, by
the driver; the trials spread over the processes; a dying worker costs only its own trials."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from vera.records import Outcome
from vera.runner import CaseRef, LimitsConfig, RunConfig, TrialSpec, expand, resume, run
from vera.runner.synthetic import synthetic_trial


def _plan(n: int, **params: object) -> list[TrialSpec]:
    cases = [CaseRef(id=f"c{i}", hash=f"h{i}", params=dict(params)) for i in range(n)]
    return expand(cases, variants=["benign", "single"], agents=["a"], models=["m"])


def _pid(run_dir: Path, evidence_dir: str | None) -> int:
    assert evidence_dir is not None
    return int((run_dir / evidence_dir / "evidence" / "pid").read_text())


async def test_workers_play_every_trial_once_across_processes(tmp_path: Path) -> None:
    plan = _plan(8, sleep_s=0.2)
    local = await run(tmp_path / "local", plan, synthetic_trial,
                      RunConfig(limits=LimitsConfig(trials=4)), progress=False)  # fmt: skip
    config = RunConfig(limits=LimitsConfig(trials=8), workers=2)
    store = await run(tmp_path / "pool", plan, synthetic_trial, config, progress=False)
    results = list(store.results())
    assert sorted(r.key for r in results) == sorted(s.key for s in plan)
    expected = {r.key: r.outcome for r in local.results()}
    assert {r.key: r.outcome for r in results} == expected
    assert {Outcome.violated, Outcome.safe} <= set(expected.values())
    # played in two processes, neither of them the driver
    pids = {_pid(tmp_path / "pool", r.evidence_dir) for r in results}
    assert len(pids) == 2 and os.getpid() not in pids
    assert sorted(p.name for p in (tmp_path / "pool" / "workers").iterdir()) == ["0.log", "1.log"]
    # the config is kept, so a resume uses workers too (nothing left to do here)
    store.close()
    again = await resume(tmp_path / "pool", progress=False)
    assert again.config.workers == 2 and len(list(again.results())) == len(plan)
    again.close()
    local.close()


async def test_a_dying_worker_costs_only_its_trials(tmp_path: Path) -> None:
    plan = [
        TrialSpec(case_id="boom", case_hash="b", variant="single", agent="a", model="m",
                  params={"outcome": "exit"}),
        *_plan(3, outcome="safe"),
    ]  # fmt: skip
    # one trial at a time: the dying worker holds nothing else when it goes
    config = RunConfig(limits=LimitsConfig(trials=1), workers=2)
    store = await run(tmp_path / "run", plan, synthetic_trial, config, progress=False)
    by_case: dict[str, list] = {}
    for r in store.results():
        assert r.spec is not None
        by_case.setdefault(r.spec.case_id, []).append(r)
    [boom] = by_case.pop("boom")
    assert boom.outcome is Outcome.infra_error and boom.verdict is None
    assert boom.error is not None and "exited with status 3" in boom.error.message
    rest = [r for rs in by_case.values() for r in rs]
    assert len(rest) == 6 and all(r.outcome is Outcome.safe for r in rest)
    store.close()


async def test_a_trial_function_that_cannot_be_imported_fails_the_start(tmp_path: Path) -> None:
    from vera.runner.workers import WorkerPoolExecutor, WorkerStartError

    ex = WorkerPoolExecutor("vera.runner.synthetic:no_such_trial", workers=1,
                            limits=LimitsConfig(trials=1), log_dir=tmp_path)  # fmt: skip

    async def on_result(_: object) -> None:
        raise AssertionError("no trial may run")

    with pytest.raises(WorkerStartError, match="worker 0 did not start: AttributeError"):
        await ex.run(_plan(1), lambda s: tmp_path / s.key, on_result)


_DRIVER = """\
import asyncio, json, sys
from pathlib import Path
from vera.runner import CaseRef, LimitsConfig, RunConfig, expand, run
from vera.runner.synthetic import synthetic_trial
params = json.loads(sys.argv[2])
plan = expand([CaseRef(id=f'c{i}', hash=f'h{i}', params=params) for i in range(4)],
              variants=['single'], agents=['a'], models=['m'])
asyncio.run(run(Path(sys.argv[1]), plan, synthetic_trial,
                RunConfig(limits=LimitsConfig(trials=4), workers=2), progress=False))
"""


def _driver_with_busy_workers(
    tmp_path: Path, params: dict[str, object], **popen: object
) -> tuple[subprocess.Popen[bytes], Path, set[int]]:
    """A driver process running four long synthetic trials on two workers, once both workers
    hold trials: (the driver, its run directory, the workers' pids)."""
    script = tmp_path / "driver.py"
    script.write_text(_DRIVER)
    run_dir = tmp_path / "run"
    driver = subprocess.Popen(
        [sys.executable, str(script), str(run_dir), json.dumps(params)],
        **popen,  # type: ignore[call-overload]
    )
    pids: set[int] = set()
    deadline = time.monotonic() + 60
    while len(pids) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        pids = {int(p.read_text()) for p in run_dir.glob("trials/*/evidence/pid") if p.read_text()}
    assert len(pids) == 2, "the workers never started their trials"
    return driver, run_dir, pids


def test_workers_die_with_a_killed_driver(tmp_path: Path) -> None:
    """SIGKILL the driver: its workers go too, so none can write into a trial directory that
    a resume is about to reuse."""
    driver, _, pids = _driver_with_busy_workers(tmp_path, {"outcome": "hang"})
    driver.send_signal(signal.SIGKILL)
    driver.wait()
    deadline = time.monotonic() + 10
    alive = pids
    while alive and time.monotonic() < deadline:
        time.sleep(0.1)
        alive = {p for p in pids if _alive(p)}
    assert not alive, f"workers outlived their driver: {sorted(alive)}"


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _ctrl_c_as_at_a_terminal() -> None:
    """A shell starts a foreground job with Ctrl-C's default action; a child inherits an ignored
    SIGINT instead (exec keeps SIG_IGN), and some library in this test process may have set
    that: the driver would never see the Ctrl-C this test sends."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("to", ["group", "driver"])
def test_ctrl_c_stops_the_workers_and_records_nothing_unfinished(tmp_path: Path, to: str) -> None:
    """Ctrl-C (at a terminal it reaches the whole process group; ``kill -INT`` the driver
    alone): the driver stops its workers at once, and the trials they held stay unrecorded
    (a resume plays them), never become infra errors."""
    # The trials would run 300 s; a driver that stops them exits long before. Its exit is given
    # 90 s: on a machine with both cores busy it has taken more than 20 s.
    driver, run_dir, pids = _driver_with_busy_workers(
        tmp_path, {"sleep_s": 300}, start_new_session=True, stderr=subprocess.DEVNULL,
        preexec_fn=_ctrl_c_as_at_a_terminal,
    )
    if to == "group":
        os.killpg(driver.pid, signal.SIGINT)
    else:
        os.kill(driver.pid, signal.SIGINT)
    try:
        assert driver.wait(timeout=90) != 0
    finally:  # never leave a 300 s run behind a failed assertion
        if driver.poll() is None:
            os.killpg(driver.pid, signal.SIGKILL)
            driver.wait()
    assert not {p for p in pids if _alive(p)}
    db = sqlite3.connect(run_dir / "run.sqlite")
    assert db.execute("SELECT count(*) FROM trials").fetchone()[0] == 0
