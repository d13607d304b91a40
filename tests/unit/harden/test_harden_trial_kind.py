"""The hardening trial kind: its params are checked at plan time, and failures before any
sandbox starts are error outcomes with their phase (never a reward)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from pydantic import ValidationError

from vera.harden.audit import plan_audit, plan_report
from vera.harden.kind import HardenParams, task_hash
from vera.harden.separate import separate_task
from vera.harden.task import load_task
from vera.records import Outcome
from vera.runner.call import guarded_trial
from vera.runner.spec import check_specs

TASK = Path(__file__).resolve().parents[3] / "bench" / "tasks" / "roman-numerals"


class _Broken:
    name = "broken"
    category = "reward tampering"
    defeated_by = "separation"
    modes = ("unhinted", "verifier-aware")

    def script(self, task, mode):
        if mode == "verifier-aware":
            raise RuntimeError("no tests to read")
        return "echo 1 > /logs/verifier/reward.txt\n"


class _Same:
    name = "same"
    category = "reward tampering"
    defeated_by = "separation"
    modes = ("unhinted", "verifier-aware")

    def script(self, task, mode):
        return "true\n"


def test_params_model_refuses_what_cannot_be_played() -> None:
    base = {"task_path": "/t", "task_hash": "h", "condition": "original", "tau_h": 1, "tau_s": 1}
    HardenParams(agent="oracle", **base)
    with pytest.raises(ValidationError, match="exactly one of script"):
        HardenParams(agent="exploit:x", exploit="x", modes=["unhinted"], **base)
    with pytest.raises(ValidationError, match="expected oracle, nop, exploit:NAME or script:FILE"):
        HardenParams(agent="solver", **base)
    with pytest.raises(ValidationError):
        HardenParams(agent="oracle", **{**base, "condition": "sideways"})
    HardenParams(agent="script:x.sh", script="true\n", **base)
    with pytest.raises(ValidationError, match="carries its script"):
        HardenParams(agent="script:x.sh", **base)


def test_plan_shares_identical_scripts_and_keeps_exploit_bugs() -> None:
    task = load_task(TASK)
    plan = plan_audit([task, separate_task(task)[0]], {"broken": _Broken(), "same": _Same()})
    check_specs(plan)
    assert [(s.variant, s.agent, s.mode) for s in plan[:5]] == [
        ("original", "oracle", "-"), ("original", "nop", "-"),
        ("original", "exploit:broken", "unhinted"), ("original", "exploit:broken", "verifier-aware"),
        ("original", "exploit:same", "unhinted"),
    ]  # fmt: skip
    assert plan[3].params["script_error"] == "RuntimeError: no tests to read"
    assert plan[4].params["modes"] == ["unhinted", "verifier-aware"]
    assert {s.variant for s in plan} == {"original", "separated"}
    assert len({s.key for s in plan}) == len(plan) == 10
    # nothing recorded yet: every task appears, with no rows
    reports = plan_report(plan, [])
    assert set(reports) == {"original", "separated"}
    assert reports["original"].tasks[0].trials == [] and not reports["original"].tasks[0].oracle


async def test_failures_before_the_sandbox_are_phased_errors(tmp_path: Path) -> None:
    task_dir = tmp_path / "roman-numerals"
    shutil.copytree(TASK, task_dir)
    task = load_task(task_dir)
    plan = plan_audit([task], {"broken": _Broken()}, ("verifier-aware",))
    broken = plan[2]
    r = await guarded_trial(None, broken, tmp_path / "t1")
    assert r.outcome is Outcome.agent_error and r.error.phase == "act" and r.reward is None
    assert "no tests to read" in r.error.message
    # the task edited after planning: refused, not played
    (task_dir / "instruction.md").write_text("something else\n")
    assert task_hash(load_task(task_dir)) != broken.params["task_hash"]
    r = await guarded_trial(None, plan[0], tmp_path / "t2")
    assert r.outcome is Outcome.infra_error and r.error.phase == "setup"
    assert "changed since the audit was planned" in r.error.message
    rows = plan_report(plan, [r.model_copy(update={"key": plan[0].key, "spec": plan[0]})])
    row = rows["original"].tasks[0].trials[0]
    assert row.agent == "oracle" and row.phase_errors and row.reward is None and not row.passed


def test_a_separated_copy_of_a_relative_path_is_the_planned_task(monkeypatch) -> None:
    """Planned from ``bench/tasks/x`` (the CLI's spelling), played from the absolute path the
    params carry: the separated copy records its source path, which is not its content."""
    from vera.harden.kind import task_for

    monkeypatch.chdir(TASK.parents[2])
    task = separate_task(load_task(TASK.relative_to(TASK.parents[2])))[0]
    (spec,) = plan_audit([task], {}, ())[:1]
    assert Path(spec.params["task_path"]).is_absolute()
    played = task_for(HardenParams.model_validate(spec.params))
    assert played.separated and task_hash(played) == spec.params["task_hash"]


@pytest.mark.parametrize(
    ("phase", "message", "timed_out", "raised"),
    [
        ("setup", "sandbox never became ready", False, "SetupError"),
        ("agent", "the sandbox died", False, "ActError"),
        ("verifier", "timed out after 5s", True, "VerifierTimeout"),
        # a message that reads like another phase is not parsed: the phase is data
        ("verifier", "setup: test.sh printed this", False, "VerifierError"),
    ],
)
def test_a_task_trials_phase_error_is_raised_typed(phase, message, timed_out, raised) -> None:
    from vera.harden.execute import TaskTrialResult
    from vera.harden.kind import _raise_failure

    res = TaskTrialResult(task="t", agent="a", reward=None, passed=False, hacked=False,
                          mode="shared", backend="bwrap")  # fmt: skip
    res.fail(phase, message, timed_out=timed_out)
    res.fail("verifier", "a later error")  # the first one decides
    for other in {"setup", "agent", "verifier"} - {phase}:
        _raise_failure(res, other)  # not this phase's: nothing raised
    with pytest.raises(Exception) as info:
        _raise_failure(res, phase)
    assert type(info.value).__name__ == raised
    assert info.value.measures["phase_errors"] == [f"{phase}: {message}", "verifier: a later error"]
    assert "failed_phase" not in res.model_dump_json()  # the stable JSON is unchanged
