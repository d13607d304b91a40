"""The loop's journal of steps: durable lines, a torn last line dropped, a key used once per run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vera.runner.journal import Journal, JournalError


def test_recorded_steps_come_back_in_order_with_their_usage(tmp_path: Path) -> None:
    j = Journal(tmp_path / "t" / "journal.jsonl")
    assert j.claim("init") is None
    j.record("init", {"states": {"before": "a"}})
    j.record("precheck/play/reference", {"reward": 1.0}, [{"role": "solver"}])
    again = Journal(tmp_path / "t" / "journal.jsonl")
    assert [k for k, _ in again.entries()] == ["init", "precheck/play/reference"]
    entry = again.claim("precheck/play/reference")
    assert entry is not None and entry["value"] == {"reward": 1.0}
    assert entry["usage"] == [{"role": "solver"}]
    assert (again.replayed, again.recorded) == (1, 0)


def test_a_torn_last_line_is_dropped_and_the_file_repaired(tmp_path: Path) -> None:
    path = tmp_path / "journal.jsonl"
    path.write_text(json.dumps({"key": "init", "value": {}, "usage": []}) + '\n{"key": "prech')
    j = Journal(path)
    assert len(j) == 1 and j.claim("precheck/play/reference") is None
    assert path.read_text().count("\n") == 1 and "prech" not in path.read_text()


def test_a_bad_line_mid_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "journal.jsonl"
    good = json.dumps({"key": "init", "value": {}, "usage": []})
    path.write_text(f"{good}\nnot json\n{good.replace('init', 'x')}\n")
    with pytest.raises(JournalError, match="line 2 is not JSON"):
        Journal(path)


def test_a_key_asked_for_twice_in_one_run_is_a_bug(tmp_path: Path) -> None:
    j = Journal(tmp_path / "journal.jsonl")
    j.claim("iter-1/verifier-aware/hacker/1/model")
    with pytest.raises(JournalError, match="asked for twice"):
        j.claim("iter-1/verifier-aware/hacker/1/model")
