"""The loop stopped at many points and resumed: the same records as a run never stopped.

Faster and wider than the SIGKILL test (``test_harden_loop_resume.py``): in one process, a
player that raises at its n-th trial stands in for a kill (the step it was in is never
journalled), then the loop resumes over the same folder with a player that does not. Real
pieces: the scripted model server on a socket (one server for the stopped and the resumed run,
so its fixer sequence advances only when a model is really asked), pydantic-ai roles, git
states. Trials are a rule on the script's text, as in ``test_harden_loop_switches.py``.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from vera.harden.execute import AgentSpec
from vera.harden.loop import HardenLoop, LoopConfig, Played
from vera.harden.roles import ROLES, Roles
from vera.harden.task import Task, load_task
from vera.models.runtime import ModelRuntime
from vera.models.scripted import ScriptedServer

pytestmark = pytest.mark.integration

TOY = Path(__file__).resolve().parents[2] / "fixtures" / "harden" / "loop" / "toy"


class Stopped(Exception):
    """Where the kill lands."""


class RulePlayer:
    """SOLVE passes unless the tests hold BREAK; HACK reaches tau_h unless they hold GUARD.
    ``stop_at``: raise at that trial (1-based)."""

    def __init__(self, stop_at: int | None = None) -> None:
        self.stop_at = stop_at
        self.calls = 0

    async def __call__(self, task: Task, agent: AgentSpec) -> Played:
        self.calls += 1
        if self.calls == self.stop_at:
            raise Stopped(f"stopped at trial {self.calls}")
        text = (task.solution if agent.kind == "oracle" else agent.script) or ""
        tests = "\n".join(task.tests.values())
        if "SOLVE" in text:
            reward = 0.0 if "BREAK" in tests else 1.0
        else:
            reward = 0.0 if "HACK" not in text or "GUARD" in tests else 1.0
        return Played(reward=reward, log_tail=f"rule: reward {reward}")


def _final(args: dict[str, Any]) -> dict[str, Any]:
    return {"tool_calls": [{"name": "final_result", "arguments": args}]}


def _rule(args: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"when": {"has_tools": True}, **_final(args)}]


SCRIPT = {
    "conversations": [
        {
            "name": "hacker",
            "match": r"\[vera harden role: hacker",
            "rules": _rule({"script": "echo HACK > /app/answer.txt"}),
        },
        {
            "name": "judge",
            "match": r"\[vera harden role: judge",
            "rules": _rule({"label": "serious_hack", "category": "output spoofing"}),
        },
        {
            "name": "fixer",
            "match": r"\[vera harden role: fixer",
            "responses": [
                _final({"files": [{"path": "tests/guard.txt", "content": "BREAK\n"}]}),
                _final({"files": [{"path": "tests/guard.txt", "content": "GUARD\n"}]}),
            ],
        },
        {
            "name": "reviewer",
            "match": r"\[vera harden role: reviewer",
            "rules": _rule({"approve": True}),
        },
        {
            "name": "solvers",
            "match": r"\[vera harden role: (solver|blind|diagnostic)",
            "rules": _rule({"script": "echo SOLVE > /app/answer.txt"}),
        },
    ]
}


async def _harden(out: Path, url: str, player: RulePlayer, *, resume: bool) -> None:
    cfg = LoopConfig(iterations=3, attempts=2, fix_retries=1)
    async with ModelRuntime() as rt:
        models = {r: await rt.model(f"openai-compat:roles@{url}", role=r) for r in ROLES}
        loop = HardenLoop(out, cfg, Roles(models), play=player, ledger=rt.ledger)
        await loop.run_task(load_task(TOY), resume=resume)


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=repo, capture_output=True, text=True, check=True
    ).stdout.strip()


def _left(out: Path) -> dict[str, Any]:
    """run.json, attempts.jsonl, the journal's keys and the state log, commits named by tree."""
    repo = out / "toy" / "state"
    trees = {
        c: _git(repo, "rev-parse", f"{c}^{{tree}}") for c in _git(repo, "rev-list", "--all").split()
    }
    short = {c[:12]: t[:12] for c, t in trees.items()}

    def named(text: str) -> str:
        text = re.sub(r"\b[0-9a-f]{40}\b", lambda m: trees.get(m[0], m[0]), text)
        return re.sub(r"\b[0-9a-f]{12}\b", lambda m: short.get(m[0], m[0]), text)

    keys = [
        line.split('"key": "', 1)[1].split('"', 1)[0]
        for line in (out / "toy" / "journal.jsonl").read_text().splitlines()
    ]
    return {
        "run": named((out / "toy" / "run.json").read_text()),
        "attempts": named((out / "toy" / "attempts.jsonl").read_text()),
        "journal": sorted(named(k) for k in keys),
        "log": _git(repo, "log", "--format=%T %s"),
        "tags": sorted(_git(repo, "tag").split()),
    }  # fmt: skip


def _asked(srv: ScriptedServer) -> Counter[str]:
    return Counter(r.conversation or "?" for r in srv.model_requests)


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], Counter[str], int]:
    out = tmp_path_factory.mktemp("whole")
    player = RulePlayer()
    with ScriptedServer(SCRIPT) as srv:
        asyncio.run(_harden(out, srv.openai_base_url, player, resume=False))
        return _left(out), _asked(srv), player.calls


@pytest.mark.parametrize("stop_at", [1, 2, 3, 5, 8, 12, 16, 20, 30])
def test_stopped_at_trial_n_and_resumed(
    whole: tuple[dict[str, Any], Counter[str], int], stop_at: int, tmp_path: Path
) -> None:
    want, asked, trials = whole
    assert stop_at < trials  # the stop lands inside the run (precheck, gates, metrics)
    out = tmp_path / "out"
    with ScriptedServer(SCRIPT) as srv:
        stopped = RulePlayer(stop_at)
        with pytest.raises(Stopped):
            asyncio.run(_harden(out, srv.openai_base_url, stopped, resume=False))
        again = RulePlayer()
        asyncio.run(_harden(out, srv.openai_base_url, again, resume=True))
        assert _asked(srv) == asked  # no model asked twice
    # No finished trial played twice: the resumed run plays only what the stopped one did not
    # finish (the stopped trial, and the rest; in the metrics' concurrent replay, trials
    # already under way when the stop came may still finish and be journalled).
    assert again.calls == trials - (stopped.calls - 1)
    assert _left(out) == want


def test_the_whole_run_hardened_with_one_rejected_candidate(
    whole: tuple[dict[str, Any], Counter[str], int],
) -> None:
    want, asked, trials = whole
    assert '"status": "hardened"' in want["run"] and '"accepted": false' in want["run"]
    assert want["tags"] == ["after", "autosep", "before", "iter-1"]
    assert asked["fixer"] == 2 and trials > 30
