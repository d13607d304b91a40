"""One line and a documented exit code (vera.cli.common) wherever a user can cause an error:
the table of issue 20, walked. OS errors that need a privilege to stage (a read-only file
system, a full disk) are injected at the OS boundary; the rest are real."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.faults import CASE_ID
from vera.cli.main import app
from vera.runner import store as store_mod

pytestmark = pytest.mark.integration


def _run(*args: str | Path):
    result = CliRunner().invoke(app, [str(a) for a in args], catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"traceback instead of one line: {result.exception!r}")
    return result


def _error_line(result) -> str:
    text = result.stderr if hasattr(result, "stderr") else result.output
    lines = [ln for ln in text.splitlines() if ln.startswith("vera: error:")]
    assert len(lines) == 1, text
    assert "Traceback" not in text
    return lines[0]


def _vera_run(bench: Path, out: Path, *extra: str):
    return _run(
        "run", "--bench", bench, "--case", CASE_ID, "--agent", "nop", "--model", "none",
        "--variants", "benign", "--no-progress", "--out", out, *extra,
    )  # fmt: skip


def _oserror(code: int, path: object) -> OSError:
    return OSError(code, os.strerror(code), str(path))


def test_out_pointing_at_a_file(bench: Path, tmp_path: Path):
    target = tmp_path / "a-file"
    target.write_text("x")
    r = _vera_run(bench, target)
    assert r.exit_code == 2 and "not a directory" in _error_line(r)
    assert target.read_text() == "x"


def test_out_a_non_empty_directory_that_is_not_a_run(bench: Path, tmp_path: Path):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "notes.txt").write_text("keep")
    r = _vera_run(bench, target)
    assert r.exit_code == 2 and "is not empty" in _error_line(r)
    assert sorted(p.name for p in target.iterdir()) == ["notes.txt"]


def test_out_in_a_read_only_directory(bench: Path, tmp_path: Path, monkeypatch):
    ro = tmp_path / "ro"
    ro.mkdir()
    real_mkdir = Path.mkdir

    def mkdir(self: Path, *a, **k):
        if self == ro or ro in self.parents:
            raise _oserror(errno.EROFS, self)
        return real_mkdir(self, *a, **k)

    monkeypatch.setattr(Path, "mkdir", mkdir)
    r = _vera_run(bench, ro / "run")
    assert r.exit_code == 4 and "Read-only file system" in _error_line(r)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through permission bits")
def test_out_in_a_directory_without_write_permission(bench: Path, tmp_path: Path):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        r = _vera_run(bench, ro / "run")
    finally:
        ro.chmod(0o755)
    assert r.exit_code == 4 and "Permission denied" in _error_line(r)


def test_run_directory_made_read_only_mid_run(bench: Path, tmp_path: Path, monkeypatch):
    def record(self, result):
        raise _oserror(errno.EROFS, self.trial_dir(result.key) / "result.json")

    monkeypatch.setattr(store_mod.RunStore, "record", record)
    r = _vera_run(bench, tmp_path / "run")
    line = _error_line(r)
    assert r.exit_code == 4 and "Read-only file system" in line and "result.json" in line


@pytest.mark.parametrize("when", ["plan.jsonl", "result.json"])
def test_a_full_disk(bench: Path, tmp_path: Path, monkeypatch, when: str):
    real = store_mod.write_atomic

    def write_atomic(path: Path, data, *, durable: bool = True):
        if path.name == when:
            raise _oserror(errno.ENOSPC, path)
        return real(path, data, durable=durable)

    monkeypatch.setattr(store_mod, "write_atomic", write_atomic)
    r = _vera_run(bench, tmp_path / "run")
    line = _error_line(r)
    assert r.exit_code == 4 and "No space left on device" in line and when in line


def test_a_full_disk_in_sqlite(bench: Path, tmp_path: Path, monkeypatch):
    def insert(self, result):
        import sqlite3

        raise sqlite3.OperationalError(f"{self.run_dir / 'run.sqlite'}: database or disk is full")

    monkeypatch.setattr(store_mod.RunStore, "_insert", insert)
    r = _vera_run(bench, tmp_path / "run")
    line = _error_line(r)
    assert r.exit_code == 4 and "disk is full" in line and "run.sqlite" in line


def test_report_and_resume_of_something_that_is_not_a_run(tmp_path: Path):
    r = _run("report", tmp_path / "nothing-here")
    assert r.exit_code == 2 and "not a vera run directory" in _error_line(r)
    r = _run("run", "--resume", tmp_path, "--no-progress")
    assert r.exit_code == 2 and "not a run directory" in _error_line(r)


def test_unexpected_errors_still_surface(tmp_path: Path, monkeypatch):
    """Only errors a user can cause are folded into one line: a bug keeps its traceback."""
    from vera.cli.common import describe_error

    assert describe_error(ZeroDivisionError("bug")) is None
    assert describe_error(ExceptionGroup("g", [_oserror(errno.ENOSPC, "/x")])) == (
        "/x: No space left on device",
        4,
    )
