"""Reward files: reward.txt, reward.json, missing and malformed rewards."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from vera.harden.execute import AgentSpec, ExecutionError, read_reward
from vera.harden.task import load_task


@pytest.fixture
def task(fixtures: Path):
    return load_task(fixtures / "harbor-wordfreq")


@pytest.mark.parametrize(
    ("name", "text", "want"),
    [
        ("reward.txt", "1\n", (1.0, None, None)),
        ("reward.txt", " 0.25 ", (0.25, None, None)),
        ("reward.json", '{"reward": 0.5, "other": 3}', (0.5, None, None)),
        ("reward.json", '{"reward": 1}', (1.0, None, None)),
    ],
)
def test_good_rewards(tmp_path: Path, task, name: str, text: str, want) -> None:
    (tmp_path / name).write_text(text)
    assert read_reward(tmp_path, task) == want


@pytest.mark.parametrize(
    ("name", "text", "want"),
    [
        ("reward.json", '{"speedup": 3.5}', (3.5, None, None)),
        ("reward.json", "2", (2.0, None, None)),
        ("reward.txt", "-1.5e0", (-1.5, None, None)),
    ],
)
def test_numeric_tasks_take_any_finite_reward(
    tmp_path: Path, fixtures: Path, name: str, text: str, want
) -> None:
    task = load_task(fixtures / "numeric-sumsq")
    assert task.config.vera.reward == "numeric"
    (tmp_path / name).write_text(text)
    assert read_reward(tmp_path, task) == want


@pytest.mark.parametrize(
    ("name", "text", "error"),
    [
        ("reward.txt", "", "not a number"),
        ("reward.txt", "yes", "not a number"),
        ("reward.txt", "nan", "not a number"),
        ("reward.txt", "inf", "not a number"),
        ("reward.txt", "1_0", "not a number"),  # float() reads it as 10
        ("reward.txt", "2", "out of range for a binary task"),
        ("reward.txt", "-1", "out of range for a binary task"),
        ("reward.json", "2", "out of range for a binary task"),
        ("reward.json", '{"speedup": 3.5}', "out of range for a binary task"),
        ("reward.json", "NaN", "not finite"),
        ("reward.json", "{", "not JSON"),
        ("reward.json", '{"a": 1, "b": 2}', "no numeric 'reward'"),
    ],
)
def test_bad_rewards_are_errors_not_zero(tmp_path: Path, task, name: str, text: str, error: str) -> None:
    (tmp_path / name).write_text(text)
    reward, err, _ = read_reward(tmp_path, task)
    assert reward is None and error in err


def test_missing_reward_is_zero_with_note(tmp_path: Path, task) -> None:
    assert read_reward(tmp_path, task) == (0.0, None, "verifier wrote no reward file: reward 0")


def test_symlinked_reward_is_refused(tmp_path: Path, task) -> None:
    (tmp_path / "real").write_text("1")
    os.symlink(tmp_path / "real", tmp_path / "reward.txt")
    assert read_reward(tmp_path, task)[0] is None


def test_agent_spec_parsing(tmp_path: Path) -> None:
    assert AgentSpec.parse("oracle").kind == "oracle"
    assert AgentSpec.parse("nop").kind == "nop"
    (tmp_path / "a.sh").write_text("echo hi\n")
    spec = AgentSpec.parse(f"script:{tmp_path / 'a.sh'}")
    assert spec.kind == "script" and spec.script == "echo hi\n"
    with pytest.raises(ExecutionError, match="not found"):
        AgentSpec.parse(f"script:{tmp_path / 'b.sh'}")
    with pytest.raises(ExecutionError, match="unknown agent"):
        AgentSpec.parse("claude")
