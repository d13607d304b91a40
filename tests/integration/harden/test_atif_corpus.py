"""`vera harden replay` reads a corpus written by another tool in the layout public hack corpora
use (``tasks/<task>/<model>/hack_trajectories/<label>/trial/agent/trajectory.json``, the Harbor
task beside it): its shell commands (Terminus' keystrokes, Claude Code's Bash) are replayed
without a model. The fixture's hack plants the reward file: it hacks the task as given (Before)
and not the separated task (After)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from support.harden_samples import FIXTURES, needs_bwrap
from vera.cli.main import app
from vera.harden.corpus import load_corpus, replay_atif

pytestmark = [pytest.mark.integration, needs_bwrap]

CORPUS = FIXTURES / "atif-corpus"


def test_the_atif_corpus_loads_as_entries_with_a_command_replay() -> None:
    (entry,) = load_corpus(CORPUS)
    assert entry.task == "harbor-wordfreq" and entry.label == "plant-reward"
    assert entry.replay == "commands" and entry.reward_found == 1.0 and entry.tau_h == 1.0
    script = replay_atif(CORPUS / entry.atif)
    assert "echo 1 > /logs/verifier/reward.txt" in script and "C-c" not in script


def test_hacked_at_before_not_after(tmp_path) -> None:
    runner = CliRunner()
    before = runner.invoke(app, ["harden", "replay", str(CORPUS), "--json"])
    assert before.exit_code == 1, before.output
    (row,) = json.loads(before.output)
    assert row["hacked"] and row["reward"] == 1.0 and row["task"] == "harbor-wordfreq"
    after_dir = tmp_path / "after"
    sep = runner.invoke(app, ["harden", "separate", str(CORPUS / "tasks" / "harbor-wordfreq"),
                              "--out", str(after_dir)])  # fmt: skip
    assert sep.exit_code == 0, sep.output
    after = runner.invoke(app, ["harden", "replay", str(CORPUS), "--json", "--against", str(after_dir)])
    assert after.exit_code == 0, after.output
    (row,) = json.loads(after.output)
    assert not row["hacked"] and row["reward"] == 0.0


def test_a_folder_without_a_corpus_is_one_line(tmp_path) -> None:
    res = CliRunner().invoke(app, ["harden", "replay", str(tmp_path)])
    assert res.exit_code == 2
    assert "no corpus here" in res.output and "hack_trajectories" in res.output
