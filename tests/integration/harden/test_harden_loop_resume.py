"""``vera harden loop`` killed with SIGKILL at three moments and resumed with ``--resume``.

Real pieces: the CLI in its own process group, the scripted model server on a socket (one server
outlives the killed processes, so its hacker and fixer sequences advance only when a model is
really asked), bwrap trials of the toy task, git. The kills land during the precheck, in the
middle of iteration 1's hacker attempts, and during the gates of iteration 2 (after iteration 1
was accepted); between two kills the test also leaves the kind of debris a kill leaves (a commit
and a tag a step made before the journal recorded it, a stray file in the work tree). The
resumed run must end where an uninterrupted run ends: the same accepted states, attempts,
run.json and journal, every model asked exactly as often, no attempt twice.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from support.harden_samples import needs_bwrap
from vera.models.scripted import ScriptedServer

pytestmark = [pytest.mark.integration, pytest.mark.slow, needs_bwrap]

ROOT = Path(__file__).resolve().parents[3]
TOY = ROOT / "tests" / "fixtures" / "harden" / "loop" / "toy"
SCRIPT = ROOT / "tests" / "fixtures" / "harden" / "loop" / "resume-roles.yaml"
VERA = Path(sys.executable).with_name("vera")
OPTIONS = ["--iterations", "3", "--attempts", "2", "--fix-retries", "1"]
KILL_AT = (
    "precheck/play/reference",  # next: the alternative solution's trial (precheck)
    "iter-1/verifier-aware/hacker/2/model",  # next: the trial of iteration 1's second attempt
    "loop-2-c1/review",  # next: the replay gate of iteration 2's candidate
)
"""Journal keys; the test kills the process group as soon as the key is in the journal."""


def _cmd(out: Path, url: str, *, resume: bool = False) -> list[str]:
    model = f"openai-compat:roles@{url}"
    return [str(VERA), "harden", "loop", str(TOY), "--out", str(out), "--model", model,
            *OPTIONS, *(["--resume"] if resume else [])]  # fmt: skip


def _keys(journal: Path) -> list[str]:
    if not journal.is_file():
        return []
    out = []
    for line in journal.read_text().splitlines():
        with contextlib.suppress(ValueError):  # the line being written
            out.append(json.loads(line)["key"])
    return out


def _spawn(cmd: list[str], log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    with log.open("ab") as fh:
        return subprocess.Popen(cmd, stdout=fh, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True)  # fmt: skip


def _kill_at(cmd: list[str], journal: Path, key: str, log: Path) -> None:
    proc = _spawn(cmd, log)
    while key not in _keys(journal):
        if proc.poll() is not None:
            raise AssertionError(f"exit {proc.returncode} before {key}: {log.read_text()[-3000:]}")
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()


def _finish(cmd: list[str], log: Path) -> None:
    proc = _spawn(cmd, log)
    assert proc.wait() == 0, log.read_text()[-3000:]


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=repo, capture_output=True, text=True, check=True
    ).stdout.strip()


def _snapshot(out: Path) -> dict[str, Any]:
    """What a run left, with each commit named by its tree (commit ids carry their time)."""
    tdir = out / "toy"
    repo = tdir / "state"
    trees = {
        c: _git(repo, "rev-parse", f"{c}^{{tree}}") for c in _git(repo, "rev-list", "--all").split()
    }
    by_prefix = {c[:12]: t[:12] for c, t in trees.items()}

    def named(text: str) -> str:
        text = re.sub(r"\b[0-9a-f]{40}\b", lambda m: "tree:" + trees.get(m[0], m[0]), text)
        return re.sub(r"\b[0-9a-f]{12}\b", lambda m: "tree:" + by_prefix.get(m[0], m[0]), text)

    lines = (tdir / "attempts.jsonl").read_text().splitlines()
    return {
        "log": _git(repo, "log", "--format=%T %s").splitlines(),
        "tags": {t: trees[_git(repo, "rev-list", "-n", "1", t)] for t in _git(repo, "tag").split()},
        "status": _git(repo, "status", "--porcelain"),
        "run": json.loads(named((tdir / "run.json").read_text())),
        "attempts": [json.loads(named(line)) for line in lines],
        "journal": sorted(named(k) for k in _keys(tdir / "journal.jsonl")),
        "pool": [json.loads(named(line)) for line in (out / "defence_pool.jsonl").read_text().splitlines()],
    }  # fmt: skip


def _requests(srv: ScriptedServer) -> Counter[str]:
    return Counter(r.conversation or "?" for r in srv.model_requests)


@pytest.mark.timeout(900)
def test_sigkill_at_three_moments_then_resume_matches_an_uninterrupted_run(tmp_path: Path) -> None:
    with ScriptedServer(SCRIPT) as srv:
        whole = tmp_path / "whole"
        _finish(_cmd(whole, srv.openai_base_url), tmp_path / "whole.log")
        want, asked = _snapshot(whole), _requests(srv)

    with ScriptedServer(SCRIPT) as srv:
        out = tmp_path / "killed"
        journal = out / "toy" / "journal.jsonl"
        log = tmp_path / "killed.log"
        _kill_at(_cmd(out, srv.openai_base_url), journal, KILL_AT[0], log)
        assert json.loads((out / "toy" / "run.json").read_text())["iterations"] == []
        _kill_at(_cmd(out, srv.openai_base_url, resume=True), journal, KILL_AT[1], log)
        # Debris of a step killed between its git commit and its journal line: the resumed
        # run must drop both and reach iteration 1's accepted state by itself.
        repo = out / "toy" / "state"
        (repo / "tests" / "test.sh").write_text("#!/bin/bash\necho 1 > /logs/verifier/reward.txt\n")
        _git(repo, "-c", "user.name=x", "-c", "user.email=x@x", "commit", "-qam", "half-done")
        _git(repo, "tag", "-f", "iter-1")
        (repo / "stray.txt").write_text("left by a killed step\n")
        _kill_at(_cmd(out, srv.openai_base_url, resume=True), journal, KILL_AT[2], log)
        assert "iter-1" in _git(repo, "tag").split()  # accepted before the third kill
        _finish(_cmd(out, srv.openai_base_url, resume=True), log)
        got, asked_again = _snapshot(out), _requests(srv)
        # Resuming a finished run replays it whole: nothing asked, nothing changed.
        _finish(_cmd(out, srv.openai_base_url, resume=True), tmp_path / "again.log")
        assert _snapshot(out) == got and _requests(srv) == asked_again
        assert (
            "(0 step(s) run, 93 replayed from the journal)" in (tmp_path / "again.log").read_text()
        )

    printed = log.read_text()
    assert printed.count("resuming:") == 3
    assert "toy precheck/play/alt_1.sh: reward 1.0" in printed  # one progress line per step
    assert "toy: hardened (" in printed and "replayed from the journal)" in printed
    # Every model asked exactly as often as in the uninterrupted run: no finished step redone.
    assert asked_again == asked and asked["hacker"] == 7 and asked["fixer"] == 2
    assert got["journal"] == want["journal"]
    assert len(got["journal"]) == len(set(got["journal"]))
    ids = [a["id"] for a in got["attempts"]]
    assert len(ids) == len(set(ids)) == 10
    assert got["attempts"] == want["attempts"]
    # The same accepted states, each accepted once (before, autosep, iter-1, iter-2), and a
    # clean work tree at the last one.
    assert got["log"] == want["log"] and len(got["log"]) == 4
    assert got["tags"] == want["tags"]
    assert set(got["tags"]) == {"before", "autosep", "iter-1", "iter-2", "after"}
    assert got["status"] == "" and not (out / "toy" / "stray.txt").exists()
    assert got["run"] == want["run"]
    assert got["run"]["status"] == "hardened"
    assert [len(it["candidates"]) for it in got["run"]["iterations"]] == [1, 1, 0]
    assert got["pool"] == want["pool"] and len(got["pool"]) == 2


def test_a_started_run_needs_resume_and_the_same_options(tmp_path: Path) -> None:
    """Without --resume a started run folder is refused; --resume with other options too."""
    out = tmp_path / "run"
    (out / "toy").mkdir(parents=True)
    (out / "toy" / "journal.jsonl").write_text("")
    cfg = {"config": {"iterations": 3}, "models": {}, "tasks": []}
    (out / "config.json").write_text(json.dumps(cfg))
    base = [str(VERA), "harden", "loop", str(TOY), "--out", str(out), "--model", "test"]
    res = subprocess.run(base, capture_output=True, text=True)
    assert res.returncode != 0 and "pass --resume" in res.stderr
    res = subprocess.run([*base, "--resume"], capture_output=True, text=True)
    assert res.returncode != 0 and "differ(s) from the run" in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1
