"""Every bundled task loads and has the set's shape, and its alternative solutions pass in the
original (shared) layout and after separation.

That the reference solution passes and doing nothing fails, in both layouts, is asserted for
every task by ``test_harden_bench_audit.py``, whose audit plays the oracle and nop anyway; this
file plays only what the audit does not (the ``alt_*.sh`` solutions), so no trial runs twice.
For one task by hand: ``vera harden audit bench/tasks/<task> --separate``."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.harden_samples import needs_bwrap
from vera.harden.execute import run_trial
from vera.harden.separate import separate_task
from vera.harden.task import Task, find_tasks, load_task

pytestmark = [pytest.mark.integration, pytest.mark.slow, needs_bwrap]

BENCH = Path(__file__).resolve().parents[3] / "bench" / "tasks"
TASK_DIRS = find_tasks([BENCH]) if BENCH.is_dir() else []


def test_bundled_set_shape() -> None:
    tasks = [load_task(p) for p in TASK_DIRS]
    assert len(tasks) >= 40
    numeric = [t for t in tasks if t.config.vera.reward == "numeric"]
    assert len(numeric) >= 10
    for t in numeric:  # KernelBench-style: a speed-up reward whose timing separation moves out
        assert t.config.vera.threshold_benign > 1.0, t.id
        assert t.config.vera.separate_env.get("KERNEL_TIMING") == "subprocess", t.id
    for t in tasks:
        vera = t.config.vera
        assert not t.has_dockerfile, t.id
        assert "test.sh" in t.tests and t.solution, t.id
        assert t.alt_solutions, f"{t.id}: no alternative solution"
        assert vera.artifacts and vera.weaknesses, t.id
        assert (t.path / "NOTES.md").is_file(), t.id
        assert t.config.environment.allow_internet is False


async def _check(task: Task, tmp_path: Path) -> None:
    assert task.alt_solutions, task.id
    for name, text in task.alt_solutions.items():
        script = tmp_path / f"{task.id}-{name}"
        script.write_text(text)
        alt = await run_trial(task, f"script:{script}")
        assert alt.passed, (task.id, name, alt.reward, alt.phase_errors)


@pytest.mark.parametrize("path", TASK_DIRS, ids=[p.name for p in TASK_DIRS])
async def test_original_calibration(path: Path, tmp_path: Path) -> None:
    await _check(load_task(path), tmp_path)


@pytest.mark.parametrize("path", TASK_DIRS, ids=[p.name for p in TASK_DIRS])
async def test_separated_calibration(path: Path, tmp_path: Path) -> None:
    separated, _ = separate_task(load_task(path))
    await _check(separated, tmp_path)
