"""The local executor and the store: outcomes, limits, time limits, resume."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path

from vera.records import Outcome
from vera.runner import (
    CaseRef,
    LimitsConfig,
    RunConfig,
    RunStore,
    TrialResult,
    TrialSpec,
    current_limits,
    expand,
    resume,
    run,
)
from vera.runner.synthetic import synthetic_trial


def _plan(n: int, **params: object) -> list[TrialSpec]:
    cases = [CaseRef(id=f"c{i}", hash=f"h{i}", params=dict(params)) for i in range(n)]
    return expand(cases, variants=["single"], agents=["a"], models=["m"])


async def test_every_failure_becomes_its_own_outcome(tmp_path: Path) -> None:
    plan = [
        *_plan(1, outcome="violated"),
        TrialSpec(case_id="r", case_hash="r", variant="single", agent="a", model="m",
                  params={"outcome": "raise"}),
        TrialSpec(case_id="e", case_hash="e", variant="single", agent="a", model="m",
                  params={"outcome": "agent_error"}),
        TrialSpec(case_id="h", case_hash="h", variant="single", agent="a", model="m",
                  params={"outcome": "hang"}),
    ]  # fmt: skip
    config = RunConfig(limits=LimitsConfig(trials=4), time_limit_s=0.5)
    store = await run(tmp_path / "run", plan, synthetic_trial, config, progress=False)
    by_case = {r.spec.case_id: r for r in store.results() if r.spec}
    assert by_case["c0"].outcome is Outcome.violated
    assert by_case["c0"].verdict is not None and by_case["c0"].verdict.cites
    infra = by_case["r"]
    assert infra.outcome is Outcome.infra_error and infra.verdict is None
    assert infra.error and infra.error.message == "RuntimeError: synthetic infrastructure failure"
    assert by_case["e"].outcome is Outcome.agent_error
    hung = by_case["h"]
    assert hung.outcome is Outcome.timeout
    # partial evidence of a timed-out trial is kept
    assert (tmp_path / "run" / hung.evidence_dir / "evidence" / "started").is_file()
    # the run config names the trial function, so it can be resumed without code
    saved = json.loads((tmp_path / "run" / "run.json").read_text())
    assert saved["trial_fn"] == "vera.runner.synthetic:synthetic_trial"


async def test_concurrency_is_bounded_by_jobs(tmp_path: Path) -> None:
    active = 0
    peak = 0

    async def counting(spec: TrialSpec, trial_dir: Path) -> TrialResult:
        nonlocal active, peak
        active += 1
        peak = max(peak, active)
        await asyncio.sleep(0.02)
        async with current_limits().sandbox():
            pass
        active -= 1
        return TrialResult(outcome=Outcome.safe)

    config = RunConfig(limits=LimitsConfig(trials=3))
    store = await run(tmp_path / "run", _plan(10), counting, config, progress=False)
    assert store.count() == 10
    assert peak == 3


async def test_resume_runs_only_missing_keys_and_redoes_orphans(tmp_path: Path) -> None:
    plan = _plan(6)
    run_dir = tmp_path / "run"
    store = RunStore.create(
        run_dir, plan, RunConfig(trial_fn="vera.runner.synthetic:synthetic_trial")
    )
    # pretend an earlier run finished trial 0 and died inside trial 1
    from vera.runner.call import guarded_trial

    first = await guarded_trial(synthetic_trial, plan[0], store.fresh_trial_dir(plan[0].key))
    store.record(first.model_copy(update={"evidence_dir": f"trials/{plan[0].key}"}))
    orphan = store.fresh_trial_dir(plan[1].key)
    (orphan / "half-written").write_text("x")
    store.close()

    seen: list[str] = []

    async def tracking(spec: TrialSpec, trial_dir: Path) -> TrialResult:
        seen.append(spec.key)
        assert not (trial_dir / "half-written").exists()  # a fresh start
        return await synthetic_trial(spec, trial_dir)

    store = await resume(run_dir, tracking, progress=False)
    assert sorted(seen) == sorted(s.key for s in plan[1:])
    assert store.count() == 6
    rows = sqlite3.connect(run_dir / "run.sqlite").execute("SELECT key FROM trials").fetchall()
    assert len(rows) == len({r[0] for r in rows}) == 6
    # nothing left to do
    seen.clear()
    await resume(run_dir, tracking, progress=False)
    assert seen == []


def test_journal_is_wal(tmp_path: Path) -> None:
    store = RunStore.create(tmp_path / "r", _plan(1), RunConfig())
    mode = store._db.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"


async def test_model_connections_are_bounded_inside_trials(tmp_path: Path) -> None:
    active = 0
    peak = 0

    async def calling(spec: TrialSpec, trial_dir: Path) -> TrialResult:
        nonlocal active, peak
        async with current_limits().model_connection():
            active += 1
            peak = max(peak, active)
            await asyncio.sleep(0.02)
            active -= 1
        return TrialResult(outcome=Outcome.safe)

    config = RunConfig(limits=LimitsConfig(trials=8, model_connections=2))
    await run(tmp_path / "run", _plan(8), calling, config, progress=False)
    assert peak == 2


async def test_a_new_run_refuses_a_used_directory(tmp_path: Path) -> None:
    import pytest

    await run(tmp_path / "run", _plan(1), synthetic_trial, progress=False)
    with pytest.raises(FileExistsError):
        await run(tmp_path / "run", _plan(1), synthetic_trial, progress=False)


async def test_a_create_killed_before_run_json_can_start_again(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    (run_dir / "trials").mkdir(parents=True)
    (run_dir / "plan.jsonl").write_text("half")
    store = await run(run_dir, _plan(2), synthetic_trial, progress=False)
    assert store.count() == 2
