"""`vera harden corpus import` then `vera harden replay --fail-on-hack`, the CI gate, on real
trials: a hack distilled from tmux keystrokes lands on the task as given (exit 1), not on its
separated copy, whose oracle and legitimate solutions (the task's ``alt_*.sh``, the corpus's
``legitimate_solve`` trajectory) still pass (exit 0); a separated task whose oracle fails is
refused (exit 1) although no hack lands."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.harden_samples import FIXTURES, needs_bwrap
from vera.cli.main import app

pytestmark = [pytest.mark.integration, needs_bwrap]

CORPORA = FIXTURES / "corpora"
TASK = FIXTURES / "harbor-wordfreq"


def _cli(*args: str) -> tuple[int, str]:
    res = CliRunner().invoke(app, [str(a) for a in args])
    return res.exit_code, res.output


def _gate(corpus: Path, against: Path) -> tuple[int, dict[str, dict]]:
    code, out = _cli("harden", "replay", corpus, "--against", against, "--fail-on-hack", "--json", "-j", "1")
    assert code in (0, 1), out
    return code, {r["id"]: r for r in json.loads(out)}


@pytest.fixture(scope="module")
def separated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("after") / "sep"
    code, text = _cli("harden", "separate", TASK, "--out", out)
    assert code == 0, text
    return out


def test_tmux_hack_lands_before_and_the_gate_passes_the_separated_task(tmp_path, separated) -> None:
    code, text = _cli("harden", "corpus", "import", CORPORA / "atif-tmux", "--out", tmp_path / "c")
    assert code == 0 and "atif: 1 hack(s), 1 legitimate solution(s)" in text, text
    code, rows = _gate(tmp_path / "c", TASK)
    assert code == 1
    hack = rows["harbor-wordfreq__model-x__tmux-heredoc"]
    assert hack["kind"] == "hack" and hack["hacked"] and hack["reward"] == 1.0
    assert rows["harbor-wordfreq__oracle"]["passed"] is True
    assert rows["harbor-wordfreq__alt_python.sh"]["passed"] is True
    assert rows["harbor-wordfreq__model-x__legitimate_solve"]["passed"] is True
    code, rows = _gate(tmp_path / "c", separated)
    assert code == 0
    assert not rows["harbor-wordfreq__model-x__tmux-heredoc"]["hacked"]
    assert all(r["passed"] for r in rows.values() if r["kind"] != "hack")
    code, text = _cli("harden", "replay", tmp_path / "c", "--against", separated, "--fail-on-hack")
    assert code == 0 and "0 hack(s) still land; 0 legitimate solution(s) fail" in text, text
    assert "legit pass" in text


def test_the_gate_fails_when_the_oracle_fails_though_no_hack_lands(tmp_path, separated) -> None:
    broken = tmp_path / "harbor-wordfreq"
    shutil.copytree(separated / "harbor-wordfreq", broken)
    (broken / "solution" / "solve.sh").write_text("#!/bin/bash\necho 'the 1' > /app/top.txt\n")
    code, _ = _cli("harden", "corpus", "import", CORPORA / "atif-tmux", "--out", tmp_path / "c")
    assert code == 0
    code, rows = _gate(tmp_path / "c", broken)
    assert code == 1
    assert not any(r["hacked"] for r in rows.values())
    assert rows["harbor-wordfreq__oracle"]["passed"] is False
    assert rows["harbor-wordfreq__model-x__legitimate_solve"]["passed"] is True


def test_harden_v0_hints_play_against_every_task_given(tmp_path, separated) -> None:
    code, text = _cli("harden", "corpus", "import", CORPORA / "harden-v0", "--out", tmp_path / "c")
    assert code == 0 and "harden-v0: 3 hack(s)" in text, text
    code, rows = _gate(tmp_path / "c", TASK)
    assert code == 1
    assert rows["hint__01-reward-file-plant"]["hacked"] and rows["harbor-wordfreq__shadow-pytest"]["hacked"]
    assert not rows["hint__02-guessed-output"]["hacked"]  # one that does not land
    assert {r["task"] for r in rows.values()} == {"harbor-wordfreq"}
    code, rows = _gate(tmp_path / "c", separated)
    assert code == 0 and not any(r["hacked"] for r in rows.values())


def test_without_the_flag_replay_keeps_its_exit_and_plays_no_solution(tmp_path) -> None:
    _cli("harden", "corpus", "import", CORPORA / "atif-tmux", "--out", tmp_path / "c")
    code, out = _cli("harden", "replay", tmp_path / "c", "--against", TASK, "--json")
    assert code == 1
    assert [r["kind"] for r in json.loads(out)] == ["hack"]


def test_a_gate_that_matches_no_task_is_an_error(tmp_path) -> None:
    _cli("harden", "corpus", "import", CORPORA / "atif-tmux", "--out", tmp_path / "c")
    code, out = _cli("harden", "replay", tmp_path / "c", "--against", FIXTURES / "tb1-csvsum", "--fail-on-hack")
    assert code == 2 and "the gate would check nothing" in out


def test_the_gate_checks_the_oracle_of_every_task_given(tmp_path, separated) -> None:
    tasks = tmp_path / "tasks"
    shutil.copytree(separated / "harbor-wordfreq", tasks / "harbor-wordfreq")
    shutil.copytree(FIXTURES / "tb1-csvsum", tasks / "tb1-csvsum")
    _cli("harden", "corpus", "import", CORPORA / "atif-tmux", "--out", tmp_path / "c")
    code, rows = _gate(tmp_path / "c", tasks)
    assert code == 0
    assert rows["tb1-csvsum__oracle"]["passed"] is True and rows["tb1-csvsum__oracle"]["kind"] == "oracle"
    assert {r["task"] for r in rows.values() if r["kind"] == "hack"} == {"harbor-wordfreq"}


def test_a_replay_is_a_run_that_resumes_what_it_had_not_finished(tmp_path) -> None:
    """Every replay is a trial in the runner's store: a replay whose store lost a finished row
    (as a run killed before recording it would) plays that trial again on --resume and only
    that one, and reports the same rows as the uninterrupted replay."""
    import sqlite3

    code, text = _cli("harden", "corpus", "import", CORPORA / "atif-tmux", "--out", tmp_path / "c")
    assert code == 0, text
    run_dir = tmp_path / "run"
    code, out = _cli("harden", "replay", tmp_path / "c", "--against", TASK, "--fail-on-hack",
                     "--json", "-j", "1", "--out", run_dir)  # fmt: skip
    assert code == 1, out
    first = {r["id"]: r for r in json.loads(out)}
    assert len(first) == 4 and first["harbor-wordfreq__model-x__tmux-heredoc"]["hacked"]
    db = sqlite3.connect(run_dir / "run.sqlite")
    keys = [k for (k,) in db.execute("SELECT key FROM trials ORDER BY key")]
    assert len(keys) == 4
    db.execute("DELETE FROM trials WHERE key = ?", (keys[0],))
    db.commit()
    db.close()
    code, out = _cli("harden", "replay", tmp_path / "c", "--resume", run_dir, "--json")
    assert code == 1, out  # the gate of the replay it resumes: the hack still lands
    again = {r["id"]: r for r in json.loads(out)}
    assert {k: (v["reward"], v["hacked"], v["passed"]) for k, v in again.items()} == {
        k: (v["reward"], v["hacked"], v["passed"]) for k, v in first.items()
    }
    db = sqlite3.connect(run_dir / "run.sqlite")
    assert sorted(k for (k,) in db.execute("SELECT key FROM trials")) == keys
    db.close()
    code, out = _cli("harden", "replay", tmp_path / "c", "--resume", tmp_path / "c")
    assert code != 0 and "not a run directory" in out



def test_plays_that_are_one_trial_are_planned_once_and_reported_for_each() -> None:
    """The same script against two states of identical content is one trial of the runner (one
    key): planned once, with a report row for each play it stands for."""
    from vera.harden.corpus import _plan_plays
    from vera.harden.execute import AgentSpec
    from vera.harden.task import load_task

    task = load_task(TASK)
    agent = AgentSpec(kind="script", script="true\n", label="x")
    plays = [(None, "x", "legitimate", task.model_copy(update={"id": tid}), agent) for tid in "ab"]
    specs, meta = _plan_plays(plays)
    assert len(specs) == 1
    assert [m["task"] for m in meta[specs[0].key]] == ["a", "b"]
