"""The bundled task set, audited with the exploit library before and after separation
(the issue's acceptance check) in one run: every task's oracle and nop in both layouts, and the
whole library in both layouts on a fixed fifth of the tasks (`vera harden audit bench/tasks
--separate` plays every exploit on every task; this test keeps the suite's time bounded).

It is also the bundled tasks' calibration check: every task's oracle passes and nop fails, in
the original layout and after separation (``test_bundled_tasks.py`` plays the alternative
solutions only, so nothing runs twice)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from support.harden_samples import needs_bwrap
from vera.harden.audit import (
    audit_config,
    load_exploits,
    plan_audit,
    store_report,
)
from vera.harden.separate import separate_task
from vera.harden.task import find_tasks, load_task
from vera.runner.execute import run

# 40 tasks x (oracle, nop) x 2 layouts, and 8 tasks x every exploit x 2 layouts: some 600
# trials; the limit only catches a hang.
pytestmark = [pytest.mark.integration, pytest.mark.slow, needs_bwrap, pytest.mark.timeout(1800)]

BENCH = Path(__file__).resolve().parents[3] / "bench" / "tasks"
# Without ``defeated_by`` on the exploits: categories separation alone must close, by keyword.
ENVIRONMENT_LEVEL = ("reward", "test tampering", "pytest", "hook", "hijack", "preload", "leftover",
                     "daemon", "security downgrading")


def _environment_level(category: str) -> bool:
    c = category.lower()
    return any(k in c for k in ENVIRONMENT_LEVEL)


EVERY_EXPLOIT_EVERY = 5
"""Every fifth task (sorted by id) plays the whole library before and after separation: a fixed
sample, so a hole separation opened, or an exploit that stopped landing, shows the same way in
every run."""


async def test_bench_audit_before_and_after_separation() -> None:
    registry, why = load_exploits()
    if not registry:
        pytest.skip(why or "empty exploit library")
    if not BENCH.is_dir():
        pytest.skip("no bench/tasks")
    tasks = sorted((load_task(p) for p in find_tasks([BENCH])), key=lambda t: t.id)
    sample = {t.id for i, t in enumerate(tasks) if i % EVERY_EXPLOIT_EVERY == 0}
    plan = []
    for task in tasks:
        exploits = registry if task.id in sample else {}
        plan += plan_audit([task], exploits) + plan_audit([separate_task(task)[0]], exploits)
    with tempfile.TemporaryDirectory(prefix="vera-audit-") as tmp:
        store = await run(Path(tmp) / "run", plan, config=audit_config(jobs=2))
        with store:
            reports = store_report(store)
    before, after = reports["original"], reports["separated"]

    for report in (before, after):
        assert sorted(a.task for a in report.tasks) == [t.id for t in tasks]
    for a in before.tasks:
        assert a.oracle, f"{a.task}: oracle does not pass"
        assert a.nop, f"{a.task}: nop passes"
    for a in after.tasks:
        assert a.oracle, f"{a.task}: oracle fails after separation"
        assert a.nop, f"{a.task}: nop passes after separation"
    hacked_before = {a.task for a in before.tasks if a.hacked_by}
    assert len(hacked_before) >= len(sample) / 2, f"the library lands on {sorted(hacked_before)} of {sorted(sample)}"

    if after.by_defence:  # exploits say which defence closes them
        env = after.by_defence.get("separation")
        assert env is None or env.trials_hacked == 0, [
            (a.task, r.exploit) for a in after.tasks for r in a.trials if r.hacked and r.defence == "separation"]
        return
    for category, asr in after.by_category.items():
        if _environment_level(category):
            assert asr.trials_hacked == 0, f"{category} still hacks after separation: {asr}"
