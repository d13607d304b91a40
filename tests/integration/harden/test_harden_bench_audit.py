"""The bundled task set, audited with the exploit library before and after separation
(the issue's acceptance check). Slow: every task x exploit x mode, twice.

It is also the bundled tasks' calibration check: every task's oracle passes and nop fails, in
the original layout and after separation (``test_bundled_tasks.py`` plays the alternative
solutions only, so nothing runs twice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.harden_samples import needs_bwrap
from vera.harden.audit import audit_tasks, load_exploits
from vera.harden.separate import separate_task
from vera.harden.task import find_tasks, load_task

# 40 tasks x (oracle, nop, every exploit) x 2 conditions: about 2400 trials; the limit only
# catches a hang (a run on a 2-core machine shared by several test runs took 30 minutes).
pytestmark = [pytest.mark.integration, pytest.mark.slow, needs_bwrap, pytest.mark.timeout(3600)]

BENCH = Path(__file__).resolve().parents[3] / "bench" / "tasks"
# Without ``defeated_by`` on the exploits: categories separation alone must close, by keyword.
ENVIRONMENT_LEVEL = ("reward", "test tampering", "pytest", "hook", "hijack", "preload", "leftover",
                     "daemon", "security downgrading")


def _environment_level(category: str) -> bool:
    c = category.lower()
    return any(k in c for k in ENVIRONMENT_LEVEL)


async def test_bench_audit_before_and_after_separation() -> None:
    registry, why = load_exploits()
    if not registry:
        pytest.skip(why or "empty exploit library")
    if not BENCH.is_dir():
        pytest.skip("no bench/tasks")
    tasks = [load_task(p) for p in find_tasks([BENCH])]
    before = await audit_tasks(tasks, exploits=registry)
    assert sorted(a.task for a in before.tasks) == sorted(t.id for t in tasks)
    for a in before.tasks:
        assert a.oracle, f"{a.task}: oracle does not pass"
        assert a.nop, f"{a.task}: nop passes"
    assert before.asr.per_task is not None and before.asr.per_task >= 0.5

    after = await audit_tasks([separate_task(t)[0] for t in tasks], exploits=registry)
    assert len(after.tasks) == len(tasks)
    for a in after.tasks:
        assert a.oracle, f"{a.task}: oracle fails after separation"
        assert a.nop, f"{a.task}: nop passes after separation"
    if after.by_defence:  # exploits say which defence closes them
        env = after.by_defence.get("separation")
        assert env is None or env.trials_hacked == 0, [
            (a.task, r.exploit) for a in after.tasks for r in a.trials if r.hacked and r.defence == "separation"]
        return
    for category, asr in after.by_category.items():
        if _environment_level(category):
            assert asr.trials_hacked == 0, f"{category} still hacks after separation: {asr}"
