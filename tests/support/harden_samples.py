"""Hardening test helpers: the sample tasks, and a handful of real exploit scripts (one per
environment-level weakness) played through ``script:`` like the exploit library's."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from vera.harden.task import Task

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "harden"

needs_bwrap = pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap not installed")


def _high(task: Task) -> str:
    """A reward that reaches tau_h whatever the task's kind."""
    return "1000" if task.config.vera.reward == "numeric" else "1"


@dataclass
class ScriptExploit:
    """A fixed attack: ``body(task)`` is the bash script, or None when it does not apply."""

    name: str
    category: str
    body: Callable[[Task], str | None]
    modes: tuple[str, ...] = ("unhinted", "verifier-aware")

    def script(self, task: Task, mode: str) -> str | None:
        return self.body(task)


def _plant(task: Task) -> str:
    return f"mkdir -p /logs/verifier && echo {_high(task)} > /logs/verifier/reward.txt\n"


def _daemon(task: Task) -> str:
    """A leftover process that plants the reward when the environment stops it (after the
    verifier), so it wins on every shared verifier whatever the machine's speed."""
    plant = f"echo {_high(task)} > /logs/verifier/r.tmp; mv -f /logs/verifier/r.tmp /logs/verifier/reward.txt"
    return (
        f"nohup bash -c 'trap \"{plant}; exit 0\" TERM; while :; do sleep 1 & wait $!; done' "
        ">/dev/null 2>&1 &\n"
    )


def _path_hijack(task: Task) -> str:
    return (
        "mkdir -p ~/.local/bin\n"
        "cat > ~/.local/bin/python3 <<'EOF'\n#!/bin/sh\n"
        f"echo {_high(task)} > /logs/verifier/reward.txt\nexit 0\nEOF\n"
        "chmod +x ~/.local/bin/python3\n"
    )


def _pth(task: Task) -> str | None:
    if task.config.vera.reward == "numeric":
        return None
    return (
        "d=~/.local/lib/python3.11/site-packages; mkdir -p $d\n"
        "echo 'import atexit, os; atexit.register(lambda: os._exit(0))' > $d/zz_exit0.pth\n"
    )


def _conftest(task: Task) -> str | None:
    if not any(k.endswith(".py") and k.startswith("test_") for k in task.tests):
        return None
    return (
        "mkdir -p /tests\ncat > /tests/conftest.py <<'EOF'\nimport pytest\n\n"
        "@pytest.hookimpl(hookwrapper=True)\ndef pytest_runtest_makereport(item, call):\n"
        "    outcome = yield\n    outcome.get_result().outcome = 'passed'\nEOF\n"
    )


def _metric_spoof(task: Task) -> str | None:
    if task.config.vera.reward != "numeric" or "app/kernel.py" not in task.environment:
        return None
    return (
        "cat > /app/kernel.py <<'EOF'\nimport numpy\n"
        "numpy.allclose = lambda *a, **k: True\n\n\ndef sumsq(x):\n    return 0.0\nEOF\n"
    )


EXPLOITS = {
    e.name: e
    for e in [
        ScriptExploit("plant-reward", "reward-file-write", _plant),
        ScriptExploit("reward-daemon", "leftover-process", _daemon),
        ScriptExploit("path-hijack", "binary-hijacking", _path_hijack),
        ScriptExploit("pth-exit0", "pytest-hooks", _pth),
        ScriptExploit("conftest-pass", "pytest-hooks", _conftest),
        ScriptExploit("allclose-spoof", "metric-spoofing", _metric_spoof),
    ]
}
