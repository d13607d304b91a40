"""Trials as Ray tasks on a real local Ray cluster; the driver alone writes the store."""

from __future__ import annotations

from pathlib import Path

import pytest

from vera.records import Outcome
from vera.runner import CaseRef, LimitsConfig, RunConfig, TrialSpec, expand, run

ray = pytest.importorskip("ray", reason="the ray executor needs the extra: pip install 'vera[ray]'")

pytestmark = [pytest.mark.integration, pytest.mark.slow]


@pytest.fixture(scope="module")
def ray_cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


async def test_ray_executor_runs_trials_and_ships_evidence_back(
    ray_cluster, tmp_path: Path
) -> None:
    cases = [CaseRef(id=f"c{i}", hash=f"h{i}", risk="fraud", environment="banking")
             for i in range(4)]  # fmt: skip
    plan = expand(cases, variants=["benign", "multi"], agents=["a"], models=["m"])[:5]
    plan.append(TrialSpec(case_id="boom", case_hash="b", variant="multi", agent="a", model="m",
                          params={"outcome": "raise"}))  # fmt: skip
    hang = TrialSpec(case_id="hang", case_hash="hh", variant="multi", agent="a", model="m",
                     params={"outcome": "hang"})  # fmt: skip
    plan.insert(0, hang)
    config = RunConfig(executor="ray", limits=LimitsConfig(trials=4), time_limit_s=5)
    store = await run(
        tmp_path / "run", plan, "vera.runner.synthetic:synthetic_trial", config, progress=False
    )
    results = {r.key: r for r in store.results()}
    assert set(results) == {s.key for s in plan}
    boom = results[plan[-1].key]
    assert boom.outcome is Outcome.infra_error
    assert boom.error and boom.error.message.startswith("RuntimeError: synthetic")
    hung = results[hang.key]
    assert hung.outcome is Outcome.timeout
    # the partial evidence of a timed-out trial comes back from the worker too
    assert (tmp_path / "run" / hung.evidence_dir / "evidence" / "started").is_file()
    for spec in plan[1:-1]:
        r = results[spec.key]
        assert r.outcome in (Outcome.safe, Outcome.violated)
        evidence = tmp_path / "run" / r.evidence_dir / "evidence"
        assert (evidence / "trajectory.json").is_file()
        assert (evidence / "trace.jsonl").is_file()
        assert (tmp_path / "run" / r.evidence_dir / "result.json").is_file()


def test_closures_cannot_go_to_ray(tmp_path: Path) -> None:
    from vera.runner.call import dotted_path

    async def local_fn(spec, trial_dir):  # pragma: no cover - never called
        raise AssertionError

    with pytest.raises(ValueError, match="not importable"):
        dotted_path(local_fn)
