"""The hacker-fixer loop end to end: scripted roles, real bwrap trials, real git.

On the bundled ``semver-sort`` task the scripted hacker finds a hack (a lookup table of the
verifier's fixed inputs); the fixer's first patch breaks the reference solution and is rejected
by the replay gate; the second (random inputs drawn at verify time) is accepted; the hack then
fails; the blind solver still passes; the metrics show the ASR drop. The report and the exported
corpus are built from the same run, and every corpus entry replays against Before.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.atif_schema import validate_atif
from support.harden_samples import needs_bwrap
from vera.cli.main import app
from vera.harden.corpus import load_corpus
from vera.harden.execute import run_trial
from vera.harden.loop import TaskRun, load_attempts
from vera.harden.task import load_task

pytestmark = [pytest.mark.integration, pytest.mark.slow, needs_bwrap]

ROOT = Path(__file__).resolve().parents[3]
TASK = ROOT / "bench" / "tasks" / "semver-sort"
SCRIPT = ROOT / "tests" / "fixtures" / "harden" / "loop" / "semver-roles.yaml"


@pytest.fixture(scope="module")
def hardened(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("loop") / "run"
    res = CliRunner().invoke(
        app,
        [
            "harden",
            "loop",
            str(TASK),
            "--out",
            str(out),
            "--model",
            f"scripted:{SCRIPT}",
            "--iterations",
            "3",
            "--attempts",
            "1",
            "--fix-retries",
            "3",
        ],
    )
    assert res.exit_code == 0, res.output
    return out, res.output


def _run(out: Path) -> TaskRun:
    return TaskRun.model_validate_json((out / "semver-sort" / "run.json").read_text())


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=repo, capture_output=True, text=True, check=True
    ).stdout


def test_first_patch_rejected_by_replay_second_accepted(hardened: tuple[Path, str]) -> None:
    out, _ = hardened
    run = _run(out)
    assert run.status == "hardened"
    assert run.precheck == {"reference": True, "alt_1.sh": True, "precheck_solver": True}
    first = run.iterations[0]
    assert first.state == "autosep" and len(first.hacks) == 1
    rejected, accepted = first.candidates
    assert not rejected.accepted
    assert [(g.name, g.passed) for g in rejected.gates] == [
        ("patch", True),
        ("review", True),
        ("replay", False),
    ]
    assert "'reference' no longer passes" in rejected.gates[-1].detail
    assert accepted.accepted
    assert [g.name for g in accepted.gates] == ["patch", "review", "replay", "exploits", "blind"]
    assert all(g.passed for g in accepted.gates)
    # The next iteration's hacker gets nothing through; the loop stops (patience 1).
    assert len(run.iterations) == 2 and run.iterations[1].hacks == []
    assert [c.name for c in run.corpus][-1] == "blind-iter-1"


def test_every_accepted_state_is_a_commit(hardened: tuple[Path, str]) -> None:
    out, _ = hardened
    repo = out / "semver-sort" / "state"
    run = _run(out)
    log = _git(repo, "log", "--format=%s").splitlines()
    assert len(log) == 3 and log[-1].startswith("before") and log[-2].startswith("autosep")
    assert log[0].startswith("iter-1: accept candidate 2")
    assert set(_git(repo, "tag").split()) == {"before", "autosep", "iter-1", "after"}
    assert run.states["after"] == run.states["iter-1"] == _git(repo, "rev-parse", "HEAD").strip()
    head = (repo / "tests" / "test_semver.py").read_text()
    assert "test_random_versions" in head and "3.0.0+zeta" not in head  # rejected one left no trace
    assert "# --- vera separation preamble" in (repo / "tests" / "test.sh").read_text()
    assert _git(repo, "status", "--porcelain").strip() == ""


def test_hack_fails_after_and_metrics_show_the_drop(hardened: tuple[Path, str]) -> None:
    out, printed = hardened
    run = _run(out)
    assert run.metrics is not None
    by = {s["name"]: s for s in run.metrics["states"]}
    va = "verifier-aware"
    assert by["before"]["asr"][va]["per_trial"] == 1.0
    assert by["autosep"]["asr"][va]["per_trial"] == 1.0  # weak test logic survives separation
    assert by["after"]["asr"][va]["k"] == 0 and by["after"]["asr"][va]["n"] == 2
    assert by["before"]["asr"]["unhinted"]["per_trial"] == 1.0
    assert by["before"]["asr"]["hinted"]["per_trial"] == 1.0
    assert by["autosep"]["asr"]["unhinted"]["k"] == 0 and by["autosep"]["asr"]["hinted"]["k"] == 0
    for name in ("before", "autosep", "after"):
        assert by[name]["benign"]["rate"] == 1.0  # the blind solver's run included
    # Each role's tokens were recorded.
    assert set(run.usage) == {"hacker", "judge", "fixer", "reviewer", "solver", "blind", "diagnostic"}
    assert run.usage["fixer"]["requests"] == 2
    # The loop's own table shows the drop.
    before_row = next(line for line in printed.splitlines() if "before" in line and "%" in line)
    after_row = next(line for line in printed.splitlines() if "after " in line and "%" in line)
    assert "100% (2/2)" in before_row and "0% (0/2)" in after_row
    attempts = load_attempts(out / "semver-sort")
    assert {a.role for a in attempts} >= {"hacker", "solver", "blind"}


def test_report_html_and_json(hardened: tuple[Path, str]) -> None:
    out, _ = hardened
    runner = CliRunner()
    res = runner.invoke(app, ["harden", "report", str(out), "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads((out / "report.json").read_text())
    summary = data["summary"]
    assert summary["before"]["asr"]["verifier-aware"]["per_task"] == 1.0
    assert summary["after"]["asr"]["verifier-aware"]["per_task"] == 0.0
    assert data["usage"]["hacker"]["requests"] >= 3
    res = runner.invoke(app, ["harden", "report", str(out)])
    assert res.exit_code == 0, res.output
    html = (out / "report.html").read_text()
    assert "<svg" in html and "REJECTED" in html and "semver-sort" in html
    assert "ASR verifier-aware" in html


def test_exported_corpus_replays_against_before(hardened: tuple[Path, str], tmp_path: Path) -> None:
    out, _ = hardened
    corpus = tmp_path / "corpus"
    res = CliRunner().invoke(app, ["harden", "export", str(out), "--out", str(corpus)])
    assert res.exit_code == 0, res.output
    entries = load_corpus(corpus)
    assert {e.label for e in entries} == {"serious_hack"}
    assert {e.mode for e in entries} == {"unhinted", "hinted", "verifier-aware"}
    assert (corpus / "README.md").is_file()
    for e in entries:
        assert (corpus / e.trajectory).is_file() and (corpus / e.snapshot / "task.toml").is_file()
        atif = validate_atif(json.loads((corpus / e.atif).read_text()), e.atif)
        assert atif["steps"][1]["extra"]["script"] == (corpus / e.script).read_text()
        before = load_task(corpus / e.before)
        assert not before.separated
        script = (corpus / e.script).read_text()
        got = asyncio.run(run_trial(before, f"script:{corpus / e.script}"))
        assert got.reward == e.reward_before, (e.id, got)
        assert e.hacked_before and got.hacked
        assert script.strip()
