"""The store is the index, the trial directories are the truth: a resume whose run.sqlite is
missing or empty rebuilds it from the trials' result.json and reruns nothing; a result that
does not match the plan is refused in one line and nothing is deleted; a damaged store, a
garbage plan.jsonl or run.json are one-line errors (exit 2) naming the file."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from pathlib import Path

import pytest

from support.faults import CASE_ID, make_bench, one_line_error, vera

pytestmark = [pytest.mark.integration, pytest.mark.slow]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished run of 4 trials (nop and oracle-violation, benign and single)."""
    root = tmp_path_factory.mktemp("finished")
    bench = make_bench(root)
    out = root / "run"
    proc = vera(
        "run", "--bench", bench, "--case", CASE_ID, "--agent", "nop,oracle-violation",
        "--model", "none", "--variants", "benign,single", "--no-progress", "--out", out, cwd=root,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    return out


def _copy(finished: Path, tmp_path: Path) -> Path:
    run = tmp_path / "run"
    shutil.copytree(finished, run)
    return run


def _rows(run: Path) -> int:
    with sqlite3.connect(run / "run.sqlite") as db:
        return db.execute("SELECT COUNT(*) FROM trials").fetchone()[0]


def _identity(run: Path) -> dict[str, tuple[int, bytes]]:
    """Each finished trial's result.json: inode and bytes (a rerun would replace both)."""
    return {
        p.parent.name: (p.stat().st_ino, p.read_bytes()) for p in run.glob("trials/*/result.json")
    }


def _drop_store(run: Path) -> None:
    for name in ("run.sqlite", "run.sqlite-wal", "run.sqlite-shm"):
        (run / name).unlink(missing_ok=True)


@pytest.mark.parametrize("how", ["missing", "empty"])
def test_resume_rebuilds_a_lost_store_and_reruns_nothing(finished: Path, tmp_path: Path, how: str):
    run = _copy(finished, tmp_path)
    before = _identity(run)
    assert len(before) == 4
    _drop_store(run)
    if how == "empty":
        sqlite3.connect(run / "run.sqlite").close()  # a store with no table, no rows
    proc = vera("run", "--resume", run, "--no-progress", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert _identity(run) == before  # nothing deleted, nothing rerun
    assert _rows(run) == 4
    assert json.loads((run / "report.json").read_text())["trials"] == 4


def test_resume_keeps_finished_trials_and_reruns_only_debris(finished: Path, tmp_path: Path):
    run = _copy(finished, tmp_path)
    before = _identity(run)
    _drop_store(run)
    victim = sorted(before)[0]
    (run / "trials" / victim / "result.json").unlink()  # killed before its result: debris
    proc = vera("run", "--resume", run, "--no-progress", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    after = _identity(run)
    assert set(after) == set(before) and _rows(run) == 4
    assert all(after[k] == before[k] for k in before if k != victim)


@pytest.mark.parametrize("tamper", ["case_hash", "key", "garbage"])
def test_a_result_that_does_not_match_the_plan_is_refused_and_kept(
    finished: Path, tmp_path: Path, tamper: str
):
    run = _copy(finished, tmp_path)
    _drop_store(run)
    path = sorted(run.glob("trials/*/result.json"))[0]
    data = json.loads(path.read_text())
    if tamper == "case_hash":
        data["spec"]["case_hash"] = "0" * 64
        path.write_text(json.dumps(data))
    elif tamper == "key":
        data["key"] = "feedfacefeedface"
        path.write_text(json.dumps(data))
    else:
        path.write_text("{not json")
    before = _identity(run)
    proc = vera("run", "--resume", run, "--no-progress", cwd=tmp_path)
    assert proc.returncode == 2
    line = one_line_error(proc)
    assert str(path) in line and "--out" in line
    assert _identity(run) == before


def test_a_damaged_store_is_one_line_naming_the_file_and_the_ways_out(
    finished: Path, tmp_path: Path
):
    run = _copy(finished, tmp_path)
    _drop_store(run)
    (run / "run.sqlite").write_bytes(os.urandom(8192))
    before = _identity(run)
    for args in (("run", "--resume", run, "--no-progress"), ("report", run)):
        proc = vera(*args, cwd=tmp_path)
        assert proc.returncode == 2, proc.stderr[-2000:]
        line = one_line_error(proc)
        assert str(run / "run.sqlite") in line
        assert "--resume" in line and "--out" in line  # rebuild it, or start anew
    assert _identity(run) == before
    # the first way out works: move it aside and resume
    (run / "run.sqlite").rename(tmp_path / "damaged.sqlite")
    proc = vera("run", "--resume", run, "--no-progress", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert _rows(run) == 4 and _identity(run) == before


@pytest.mark.parametrize(
    ("name", "text", "match"),
    [
        ("plan.jsonl", "garbage\n", "plan.jsonl: line 1: not a trial spec"),
        ("plan.jsonl", '{"case_id": 3}\n', "plan.jsonl: line 1: not a trial spec"),
        ("run.json", '{"executor": 5', "run.json: not a vera run config"),
        ("run.json", '{"executor": "mars"}', "run.json: not a vera run config"),
    ],
)
def test_garbage_plan_or_run_json_is_one_line(finished: Path, tmp_path: Path, name, text, match):
    run = _copy(finished, tmp_path)
    (run / name).write_text(text)
    for args in (("run", "--resume", run, "--no-progress"), ("report", run)):
        proc = vera(*args, cwd=tmp_path)
        assert proc.returncode == 2, proc.stderr[-2000:]
        assert match in one_line_error(proc)
