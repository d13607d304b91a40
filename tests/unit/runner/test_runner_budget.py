"""Budgets: at the cap no new trial starts, trials in flight finish, resume with a higher cap
runs exactly the trials that did not start; unpriced usage is counted in tokens."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from vera.records import Outcome, Usage
from vera.runner import (
    CaseRef,
    LimitsConfig,
    RunConfig,
    RunStore,
    TrialResult,
    TrialSpec,
    expand,
    resume,
    run,
)
from vera.runner.budget import Budget, BudgetConfig, read_budget


async def paid_trial(spec: TrialSpec, trial_dir: Path, **_: object) -> TrialResult:
    """A trial that spent what its params say (cost None: a model without a known price)."""
    p = spec.params
    (trial_dir / "evidence").mkdir(parents=True, exist_ok=True)
    await asyncio.sleep(float(p.get("sleep_s", 0)))
    usage = Usage(requests=1, input_tokens=int(p.get("tokens", 0)), cost_usd=p.get("cost"))
    return TrialResult(outcome=Outcome.safe, usage={"target": usage})


def _plan(n: int, **params: object) -> list[TrialSpec]:
    cases = [CaseRef(id=f"c{i}", hash=f"h{i}", params=dict(params)) for i in range(n)]
    return expand(cases, variants=["single"], agents=["a"], models=["m"])


def _config(jobs: int = 1, **caps: object) -> RunConfig:
    return RunConfig(limits=LimitsConfig(trials=jobs), budget=BudgetConfig(**caps))


def _result(cost: float | None, tokens: int, model: str = "m") -> TrialResult:
    spec = TrialSpec(case_id="c", case_hash="h", variant="single", agent="a", model=model)
    usage = Usage(input_tokens=tokens, output_tokens=0, cost_usd=cost)
    return TrialResult(spec=spec, outcome=Outcome.safe, usage={"target": usage})


def test_the_budget_refuses_at_the_cap_and_names_the_cap() -> None:
    b = Budget(BudgetConfig(max_cost_usd=0.01))
    b.add(_result(0.006, 100))
    assert b.allows()
    b.add(_result(0.006, 100))
    assert b.reached() == "--max-cost 0.01 reached"
    assert not b.allows() and not b.allows()
    s = b.status
    assert s.stopped and s.not_started == 2 and s.trials == 2 and s.tokens == 200
    assert s.cost_usd == pytest.approx(0.012)
    assert "stopped the run" in s.line() and "2 planned trials not started" in s.line()
    assert s.unpriced_line() is None


def test_unpriced_usage_counts_in_tokens_never_as_zero_dollars() -> None:
    b = Budget(BudgetConfig(max_cost_usd=0.01, max_tokens=1000))
    b.add(_result(None, 600, model="scripted:s.yaml"))
    s = b.status
    assert (
        s.cost_usd == 0 and s.unpriced_tokens == 600 and s.unpriced == ["target (scripted:s.yaml)"]
    )
    assert "no known price for target (scripted:s.yaml)" in (s.unpriced_line() or "")
    assert b.allows()  # $0 spent is not the cost cap, but the tokens still count...
    b.add(_result(None, 600, model="scripted:s.yaml"))
    assert b.reached() == "--max-tokens 1000 reached"  # ...toward the token cap


def test_no_caps_never_refuse() -> None:
    b = Budget(BudgetConfig())
    for _ in range(100):
        b.add(_result(1.0, 10**6))
    assert b.allows() and not b.status.stopped


async def test_a_run_stops_at_the_cost_cap_and_resumes_with_a_higher_one(tmp_path: Path) -> None:
    plan = _plan(5, cost=0.004, tokens=10)
    store = await run(tmp_path / "r", plan, paid_trial, _config(max_cost_usd=0.01), progress=False)
    # 0.004, 0.008 leave room; the third reaches 0.012: no fourth starts
    assert store.count() == 3
    status = read_budget(tmp_path / "r")
    assert status is not None and status.stopped and status.not_started == 2
    assert status.cost_usd == pytest.approx(0.012)
    assert not any((tmp_path / "r" / "trials" / s.key).exists() for s in store.missing())
    first = {r.key: r.started_at for r in store.results()}
    store.close()

    # resuming with the same cap starts nothing
    store = await resume(tmp_path / "r", progress=False)
    assert store.count() == 3 and read_budget(tmp_path / "r").stopped  # type: ignore[union-attr]
    store.close()

    store = await resume(tmp_path / "r", progress=False, budget=BudgetConfig(max_cost_usd=1.0))
    assert store.count() == 5 and not store.missing()
    again = {r.key: r.started_at for r in store.results()}
    assert all(again[k] == t for k, t in first.items())  # finished trials were not rerun
    status = read_budget(tmp_path / "r")
    assert status is not None and not status.stopped and status.trials == 5
    assert status.cost_usd == pytest.approx(0.02)
    saved = json.loads((tmp_path / "r" / "run.json").read_text())
    assert saved["budget"]["max_cost_usd"] == 1.0  # a later resume keeps the new cap
    store.close()


async def test_a_resume_that_names_one_cap_keeps_the_other(tmp_path: Path) -> None:
    plan = _plan(4, cost=0.004, tokens=600)
    caps = _config(max_cost_usd=0.1, max_tokens=1000)
    (await run(tmp_path / "r", plan, paid_trial, caps, progress=False)).close()
    assert read_budget(tmp_path / "r").reason == "--max-tokens 1000 reached"  # type: ignore[union-attr]
    store = await resume(tmp_path / "r", progress=False, budget=BudgetConfig(max_tokens=10**6))
    assert store.config.budget == BudgetConfig(max_cost_usd=0.1, max_tokens=10**6)
    assert store.count() == 4
    store.close()


async def test_trials_in_flight_at_the_cap_finish_and_are_recorded(tmp_path: Path) -> None:
    plan = _plan(6, cost=0.02, sleep_s=0.2)
    store = await run(tmp_path / "r", plan, paid_trial, _config(jobs=3, max_cost_usd=0.01),
                      progress=False)  # fmt: skip
    # three start at once (nothing spent yet); the first to finish reaches the cap, the other
    # two were already in flight: they finish and count; nothing else starts
    assert store.count() == 3
    assert all(r.outcome is Outcome.safe for r in store.results())
    status = read_budget(tmp_path / "r")
    assert status is not None and status.not_started == 3 and status.cost_usd == pytest.approx(0.06)
    store.close()


async def test_the_token_cap_stops_a_run(tmp_path: Path) -> None:
    plan = _plan(4, tokens=600)  # unpriced
    store = await run(tmp_path / "r", plan, paid_trial, _config(max_tokens=1000), progress=False)
    assert store.count() == 2
    status = read_budget(tmp_path / "r")
    assert status is not None and status.reason == "--max-tokens 1000 reached"
    assert status.unpriced_tokens == 1200
    store.close()


async def test_a_run_without_caps_writes_no_budget_file(tmp_path: Path) -> None:
    store = await run(tmp_path / "r", _plan(2, cost=5.0), paid_trial, _config(), progress=False)
    assert store.count() == 2 and read_budget(tmp_path / "r") is None
    store.close()
    with RunStore.open(tmp_path / "r") as again:
        assert not again.config.budget.capped


# --- caps that bite while trials run (agent frameworks behind the model proxy) ----------------


async def metered_trial(spec: TrialSpec, trial_dir: Path, **_: object) -> TrialResult:
    """A trial that spends ``cost`` per request, asking the run's budget before each one as the
    model proxy does; refused, it stops in the middle (BudgetReached) with what it spent."""
    from vera.models.errors import BudgetReached
    from vera.runner.budget import current_budget

    (trial_dir / "evidence").mkdir(parents=True, exist_ok=True)
    p = spec.params
    spent = {"target": Usage()}
    live = current_budget()
    if live is not None:
        live.track(spec.key, lambda: spent)
    for _ in range(int(p["requests"])):
        reason = live.reached() if live is not None else None
        if reason is not None:
            exc = BudgetReached(f"stopped in turn 0: {reason}")
            exc.vera_usage = dict(spent)  # type: ignore[attr-defined]
            raise exc
        spent["target"] = spent["target"] + Usage(requests=1, input_tokens=10, cost_usd=p["cost"])
        await asyncio.sleep(0)
    return TrialResult(outcome=Outcome.safe, usage=dict(spent))


async def test_a_cap_stops_a_trial_in_the_middle_and_resume_plays_it_again(tmp_path) -> None:
    plan = _plan(1, requests=5, cost=0.3)
    store = await run(tmp_path / "r", plan, metered_trial, _config(max_cost_usd=0.5),
                      progress=False)  # fmt: skip
    assert store.count() == 0  # stopped in the middle: no outcome recorded
    status = read_budget(tmp_path / "r")
    assert status is not None and status.stopped and status.reason == "--max-cost 0.5 reached"
    [cut] = status.interrupted
    assert cut.key == plan[0].key and cut.usage["target"].requests == 2  # refused the third
    assert status.cost_usd == pytest.approx(0.6) and status.trials == 0
    assert "stopped in the middle" in status.line()
    store.close()
    store = await resume(tmp_path / "r", metered_trial, progress=False,
                         budget=BudgetConfig(max_cost_usd=10))  # fmt: skip
    [result] = store.results()
    assert result.outcome is Outcome.safe and result.usage["target"].requests == 5
    status = read_budget(tmp_path / "r")
    assert status is not None and not status.stopped and status.trials == 1
    assert status.cost_usd == pytest.approx(0.6 + 1.5)  # the stopped attempt still counts
    assert [c.key for c in status.interrupted] == [plan[0].key]
    store.close()


def test_running_trials_count_toward_the_caps_until_they_are_recorded() -> None:
    b = Budget(BudgetConfig(max_tokens=100))
    spent = {"target": Usage(input_tokens=60)}
    b.track("k1", lambda: spent)
    assert b.reached() is None
    spent["target"] = Usage(input_tokens=120)
    assert b.reached() == "--max-tokens 100 reached" and not b.allows()
    result = _result(None, 120).model_copy(update={"key": "k1"})
    b.add(result)  # recorded: counted once, no longer as running
    assert b.status.tokens == 120
    assert Budget(BudgetConfig()).reached() is None  # no caps: nothing is read
