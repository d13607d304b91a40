"""Exit-code spoofing against real verifiers: agent code the tests import ends the test process
with status 0. It wins against ``pytest && echo 1`` verifiers (also under ``python3 -I``), and
loses once separation makes the reward rest on pytest's junit report with the expected count."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.harden_samples import needs_bwrap
from vera.harden.execute import AgentSpec, run_trial
from vera.harden.exploits import EXPLOITS
from vera.harden.separate import separate_task
from vera.harden.task import load_task

pytestmark = [pytest.mark.integration, needs_bwrap]

BENCH = Path(__file__).resolve().parents[3] / "bench" / "tasks"
CLASS = ("import_time_exit", "atexit_exit_rewrite", "sys_exit_patch")


@pytest.mark.parametrize("task_id", ["semver-sort", "textkit-bugfix"])
async def test_exit_spoofing_lands_before_and_not_after_separation(task_id: str) -> None:
    task = load_task(BENCH / task_id)
    sep = separate_task(task)[0]
    assert "vera_pytest" in sep.tests["test.sh"]
    for name in CLASS:
        script = EXPLOITS[name].script(task, "verifier-aware")
        assert script is not None, name
        agent = AgentSpec(kind="script", script=script, label=name)
        before = await run_trial(task, agent)
        after = await run_trial(sep, agent)
        assert before.reward == 1.0 and not before.phase_errors, (name, before)
        assert after.reward == 0.0 and not after.phase_errors, (name, after)
    oracle = await run_trial(sep, "oracle")
    assert oracle.reward == 1.0, oracle
    for rel, script in task.alt_solutions.items():
        alt = await run_trial(sep, AgentSpec(kind="script", script=script, label=rel))
        assert alt.reward == 1.0, (rel, alt)
    assert (await run_trial(sep, "nop")).reward == 0.0


async def test_no_exit_spoofing_where_tests_import_no_agent_code() -> None:
    task = load_task(BENCH / "top-ips")
    for name in CLASS:
        assert EXPLOITS[name].script(task, "verifier-aware") is None
