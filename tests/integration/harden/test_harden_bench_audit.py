"""The bundled task set, audited with the exploit library before and after separation
(the issue's acceptance check). Slow: every task x exploit x mode before; after separation,
every task's oracle, nop and the exploits that landed on it, and the whole library on a fixed
fifth of the tasks (`vera harden audit bench/tasks --separate` plays it all).

It is also the bundled tasks' calibration check: every task's oracle passes and nop fails, in
the original layout and after separation (``test_bundled_tasks.py`` plays the alternative
solutions only, so nothing runs twice)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from support.harden_samples import needs_bwrap
from vera.harden.audit import (
    AuditReport,
    audit_config,
    audit_tasks,
    load_exploits,
    plan_audit,
    store_report,
)
from vera.harden.separate import separate_task
from vera.harden.task import Task, find_tasks, load_task
from vera.runner.execute import run

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

    after = await _after_separation(tasks, before, registry)
    assert sorted(a.task for a in after.tasks) == sorted(t.id for t in tasks)
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


EVERY_EXPLOIT_EVERY = 5
"""After separation every task replays the exploits that hacked it before; every fifth task
(sorted by id) replays the whole library too, so a hole separation opened would show."""


async def _after_separation(tasks: list[Task], before: AuditReport, registry: dict) -> AuditReport:
    """The separated copies' audit in one run: oracle and nop for every task, the exploits that
    landed on its original, and the whole library on a fixed sample of the tasks."""
    landed = {a.task: set(a.hacked_by) for a in before.tasks}
    plan = []
    for i, task in enumerate(sorted(tasks, key=lambda t: t.id)):
        names = set(registry) if i % EVERY_EXPLOIT_EVERY == 0 else landed[task.id]
        plan += plan_audit([separate_task(task)[0]], {n: registry[n] for n in sorted(names)})
    with tempfile.TemporaryDirectory(prefix="vera-audit-") as tmp:
        store = await run(Path(tmp) / "run", plan, config=audit_config(jobs=2))
        with store:
            return store_report(store)["separated"]
