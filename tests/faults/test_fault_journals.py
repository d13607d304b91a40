"""Fault pass 3 (issue 33): a journal that cannot be trusted never wrecks a finished loop.

``vera harden loop --resume`` over a journal with one bad step (a tampered value of any kind, a
usage entry, a key twice, a line that is not a step, a commit the state repository lacks, an
``init`` without its states) is refused in one line that names the step (number, key, kind, what
is wrong), and the run folder is left byte for byte as it was: ``run.json``, the tags (``after``
included), every file. ``vera harden report`` never prints an empty table with exit 0 for a run
it cannot read.

One real loop of the toy task (scripted model server, bwrap trials, git) is run once for the
module; every test works on a copy of its folder.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from support.faults import one_line_error
from support.harden_samples import needs_bwrap
from vera.models.scripted import ScriptedServer

pytestmark = [pytest.mark.integration, needs_bwrap]

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "tests" / "fixtures" / "harden" / "loop" / "toy"
SCRIPT = ROOT / "tests" / "fixtures" / "harden" / "loop" / "resume-roles.yaml"
VERA = Path(sys.executable).with_name("vera")
OPTIONS = ["--iterations", "3", "--attempts", "2", "--fix-retries", "1"]


def _cmd(out: Path, url: str, *extra: str) -> list[str]:
    return [str(VERA), "harden", "loop", str(TOY), "--out", str(out), "--model",
            f"openai-compat:roles@{url}", *OPTIONS, *extra]  # fmt: skip


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A finished loop run folder and the scripted server's URL (kept up for resumes)."""
    out = tmp_path_factory.mktemp("loop") / "run"
    with ScriptedServer(SCRIPT) as srv:
        res = subprocess.run(_cmd(out, srv.openai_base_url), capture_output=True, text=True,
                             timeout=900)  # fmt: skip
        assert res.returncode == 0, res.stderr[-3000:]
        yield out, srv.openai_base_url


def _tree(out: Path) -> dict[str, str]:
    """Every file (and link) under ``out`` by its bytes: a resume that changed anything shows."""
    got = {}
    for p in sorted(out.rglob("*")):
        rel = p.relative_to(out).as_posix()
        if p.is_symlink():
            got[rel] = "link:" + os.readlink(p)
        elif p.is_file():
            got[rel] = hashlib.sha256(p.read_bytes()).hexdigest()
    return got


def _steps(journal: Path) -> list[dict]:
    return [json.loads(line) for line in journal.read_text().splitlines() if line.strip()]


def _write(journal: Path, steps: list) -> None:
    journal.write_text("".join(json.dumps(s) + "\n" for s in steps))


def _first(steps: list[dict], suffix: str) -> int:
    return next(i for i, s in enumerate(steps) if s["key"].endswith(suffix))


def _set(suffix: str, field: str, value: object) -> Callable[[list[dict]], tuple[int, str]]:
    def tamper(steps: list[dict]) -> tuple[int, str]:
        i = _first(steps, suffix)
        steps[i]["value"][field] = value
        return i, steps[i]["key"]

    return tamper


def _drop_autosep(steps: list[dict]) -> tuple[int, str]:
    i = _first(steps, "init")
    del steps[i]["value"]["states"]["autosep"]
    return i, "init"


def _unknown_commit(steps: list[dict]) -> tuple[int, str]:
    i = _first(steps, "/accept")
    steps[i]["value"]["commit"] = "0" * 40
    return i, steps[i]["key"]


def _bad_usage(steps: list[dict]) -> tuple[int, str]:
    i = next(i for i, s in enumerate(steps) if s["usage"])
    steps[i]["usage"][0]["usage"]["input_tokens"] = "many"
    return i, steps[i]["key"]


def _twice(steps: list[dict]) -> tuple[int, str]:
    i = _first(steps, "/judge")
    steps.insert(i + 1, dict(steps[i]))
    return i + 1, steps[i]["key"]


TAMPERS = {
    "play reward not a number": (_set("/play", "reward", "lots"), "play"),
    "judge label unknown": (_set("/judge", "label", "maybe"), "judge"),
    "model script not text": (_set("/model", "script", ["rm", "-rf"]), "model"),
    "fix files not a list": (_set("/fix", "files", "all"), "fix"),
    "review approve not a flag": (_set("/review", "approve", "perhaps"), "review"),
    "accept names no commit": (_unknown_commit, "accept"),
    "init lacks autosep": (_drop_autosep, "init"),
    "usage not counted": (_bad_usage, ""),
    "a step recorded twice": (_twice, ""),
}


@pytest.mark.parametrize("name", list(TAMPERS))
def test_a_tampered_journal_is_named_and_the_run_left_as_it_was(finished, tmp_path: Path,
                                                                name: str) -> None:  # fmt: skip
    src, url = finished
    out = tmp_path / "run"
    shutil.copytree(src, out, symlinks=True)
    journal = out / "toy" / "journal.jsonl"
    steps = _steps(journal)
    tamper, kind = TAMPERS[name]
    index, key = tamper(steps)
    _write(journal, steps)
    before = _tree(out)
    res = subprocess.run(_cmd(out, url, "--resume"), capture_output=True, text=True, timeout=600)
    assert res.returncode == 2, res.stderr[-3000:]
    line = one_line_error(res)
    assert str(journal) in line and key in line, line
    assert f"step {index + 1}" in line or f"line {index + 1}" in line, line
    if kind:
        assert f"kind {kind}" in line, line
    assert _tree(out) == before  # run.json, the tags, every file: as they were
    tags = subprocess.run(["git", "-C", str(out / "toy" / "state"), "tag"], capture_output=True,
                          text=True, check=True).stdout.split()  # fmt: skip
    assert "after" in tags


def test_a_line_that_is_not_json_mid_journal_is_named(finished, tmp_path: Path) -> None:
    src, url = finished
    out = tmp_path / "run"
    shutil.copytree(src, out, symlinks=True)
    journal = out / "toy" / "journal.jsonl"
    lines = journal.read_text().splitlines()
    lines[3] = lines[3][: len(lines[3]) // 2]
    journal.write_text("\n".join(lines) + "\n")
    before = _tree(out)
    res = subprocess.run(_cmd(out, url, "--resume"), capture_output=True, text=True, timeout=600)
    assert res.returncode == 2 and "line 4: not JSON" in one_line_error(res)
    assert _tree(out) == before


def test_an_untouched_journal_resumes_without_asking_anything(finished, tmp_path: Path) -> None:
    src, url = finished
    out = tmp_path / "run"
    shutil.copytree(src, out, symlinks=True)
    res = subprocess.run(_cmd(out, url, "--resume"), capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-3000:]
    assert "(0 step(s) run," in res.stderr


def test_the_report_refuses_a_run_it_cannot_read(finished, tmp_path: Path) -> None:
    """No empty table with exit 0: a run.json without metrics (an unfinished or damaged run),
    or a garbage one, is one line and a non-zero exit."""
    src, _ = finished
    out = tmp_path / "run"
    shutil.copytree(src, out, symlinks=True)
    ok = subprocess.run([str(VERA), "harden", "report", str(out), "--format", "md"],
                        capture_output=True, text=True, timeout=300)  # fmt: skip
    assert ok.returncode == 0, ok.stderr
    run = json.loads((out / "toy" / "run.json").read_text())
    run["metrics"] = None
    (out / "toy" / "run.json").write_text(json.dumps(run))
    res = subprocess.run([str(VERA), "harden", "report", str(out), "--format", "md"],
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert res.returncode == 2, res.stdout + res.stderr
    assert "toy" in one_line_error(res) and "metrics" in one_line_error(res)
    (out / "toy" / "run.json").write_text('{"task": "toy"')
    res = subprocess.run([str(VERA), "harden", "report", str(out), "--format", "md"],
                         capture_output=True, text=True, timeout=300)  # fmt: skip
    assert res.returncode == 2 and "run.json" in one_line_error(res)


def test_a_tampered_cases_harden_journal_is_named_before_anything_runs(tmp_path: Path) -> None:
    """The safety pillar's search journal (``vera cases harden --resume``) is checked the same
    way: a role's answer its model refuses is named (step, key, kind) and nothing is written."""
    from support.faults import CASE_ID, make_bench, vera

    bench = make_bench(tmp_path)
    out = tmp_path / "search"
    out.mkdir()
    key = f"{CASE_ID}@abc/r1/case_hacker"
    _write(out / "journal.jsonl", [
        {"key": key, "value": {"proposals": [{"kind": "missed_harm", "route": "r",
                                              "calls": "not a list"}]}, "usage": []},
    ])  # fmt: skip
    before = _tree(out)
    res = vera("cases", "harden", bench / "cases" / CASE_ID, "--model", "test", "--out", out,
               "--resume", cwd=tmp_path, timeout=300)  # fmt: skip
    assert res.returncode == 2, res.stdout + res.stderr
    line = one_line_error(res)
    assert "step 1" in line and key in line and "kind case_hacker" in line
    assert _tree(out) == before


def test_a_missing_journal_beside_a_run_is_refused(finished, tmp_path: Path) -> None:
    """Without its journal a resume would start the task over and wipe its states."""
    src, url = finished
    out = tmp_path / "run"
    shutil.copytree(src, out, symlinks=True)
    (out / "toy" / "journal.jsonl").unlink()
    before = _tree(out)
    res = subprocess.run(_cmd(out, url, "--resume"), capture_output=True, text=True, timeout=600)
    assert res.returncode == 2 and "journal.jsonl: missing" in one_line_error(res)
    assert _tree(out) == before


@pytest.mark.parametrize("text", ["[]", '{"config": "all", "models": {}, "tasks": []}', "{"])
def test_a_damaged_loop_config_is_one_line_and_nothing_changes(finished, tmp_path: Path,
                                                               text: str) -> None:  # fmt: skip
    """The run's own files are checked before a resume writes anything, as its journal is."""
    src, url = finished
    out = tmp_path / "run"
    shutil.copytree(src, out, symlinks=True)
    (out / "config.json").write_text(text)
    before = _tree(out)
    res = subprocess.run(_cmd(out, url, "--resume"), capture_output=True, text=True, timeout=600)
    assert res.returncode == 2, res.stderr[-3000:]
    assert "config.json" in one_line_error(res)
    assert _tree(out) == before
