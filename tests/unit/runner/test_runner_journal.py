"""The loop's journal of steps: durable lines, a torn last line dropped, a key used once per run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel

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


def test_a_torn_last_line_is_dropped_and_the_file_repaired_by_the_next_record(tmp_path: Path) -> None:
    path = tmp_path / "journal.jsonl"
    torn = json.dumps({"key": "init", "value": {}, "usage": []}) + '\n{"key": "prech'
    path.write_text(torn)
    j = Journal(path)
    assert len(j) == 1 and j.claim("precheck/play/reference") is None
    assert path.read_text() == torn  # opening writes nothing
    j.record("precheck/play/reference", {"reward": 1.0})
    assert [json.loads(x)["key"] for x in path.read_text().splitlines()] == [
        "init", "precheck/play/reference"]


def test_a_bad_line_mid_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "journal.jsonl"
    good = json.dumps({"key": "init", "value": {}, "usage": []})
    path.write_text(f"{good}\nnot json\n{good.replace('init', 'x')}\n")
    with pytest.raises(JournalError, match="line 2: not JSON"):
        Journal(path)


def test_a_key_asked_for_twice_in_one_run_is_a_bug(tmp_path: Path) -> None:
    j = Journal(tmp_path / "journal.jsonl")
    j.claim("iter-1/verifier-aware/hacker/1/model")
    with pytest.raises(JournalError, match="asked for twice"):
        j.claim("iter-1/verifier-aware/hacker/1/model")


class _Played(BaseModel):
    reward: float | None
    errors: list[str] = []


def _kind(key: str) -> tuple[str, type[BaseModel]] | None:
    return ("play", _Played) if key.endswith("/play") else None


@pytest.mark.parametrize(
    ("lines", "words"),
    [
        # (issue 33) a tampered value: the step is named by number, key and kind, with what is wrong
        ([{"key": "init", "value": {}}, {"key": "iter-1/play", "value": {"reward": "lots"}}],
         ["step 2", "iter-1/play", "kind play", "reward"]),
        ([{"key": "a/play", "value": {"reward": 1}, "usage": [{"role": 3}]}],
         ["step 1", "a/play", "usage 1"]),
        ([{"key": "a/play", "value": {"reward": 1}}, {"key": "a/play", "value": {"reward": 0}}],
         ["line 2", "a/play", "recorded twice", "line 1"]),
        ([{"value": 1}], ["line 1", "not a step"]),
        ([["a", 1]], ["line 1", "not a step"]),
        ([{"key": "a/play"}], ["line 1", "no 'value'"]),
        ([{"key": "a/play", "value": {"reward": 1}, "usage": "x"}], ["line 1", "usage"]),
    ],
)
def test_a_bad_step_is_named_and_the_file_is_left_as_it_was(
    tmp_path: Path, lines: list, words: list[str]
) -> None:
    path = tmp_path / "journal.jsonl"
    text = "".join(json.dumps(x) + "\n" for x in lines)
    path.write_text(text)
    with pytest.raises(JournalError) as info:
        Journal(path).check(_kind)
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    for w in words:
        assert w in message, message
    assert path.read_text() == text
