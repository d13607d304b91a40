"""Pieces of the hacker-fixer loop that need no sandbox, model server or git: patches, prompts,
configuration and the report's arithmetic."""

from __future__ import annotations

from pathlib import Path

import pytest

from vera.harden.loop import LoopConfig, TaskRun, Thresholds
from vera.harden.metrics import summarize_runs
from vera.harden.reporting import to_html, to_markdown
from vera.harden.roles import (
    OUTPUT_SPEC_HEADING,
    GateEvidence,
    Patch,
    PatchFile,
    fixer_prompt,
    hacker_prompt,
    solver_prompt,
)
from vera.harden.separate import PREAMBLE_MARK, separate_to
from vera.harden.state import PatchError, apply_patch
from vera.harden.task import load_task

TOY = Path(__file__).resolve().parents[2] / "fixtures" / "harden" / "loop" / "toy"


@pytest.mark.parametrize(
    "path", ["solution/solve.sh", "../x", "/tests/x", "tests/../../x", "task.toml", ""]
)
def test_patch_paths_outside_tests_and_environment_are_refused(tmp_path: Path, path: str) -> None:
    with pytest.raises(PatchError):
        apply_patch(
            TOY,
            tmp_path / "c",
            Patch(files=[PatchFile(path=path, content="x")]),
            output_spec_editable=True,
        )


def test_empty_patch_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PatchError):
        apply_patch(TOY, tmp_path / "c", Patch(output_spec="more"), output_spec_editable=False)


def test_patch_in_separated_task_keeps_the_preamble_and_output_spec(tmp_path: Path) -> None:
    sep = separate_to(load_task(TOY), tmp_path / "toy")
    patch = Patch(
        files=[
            PatchFile(path="tests/test.sh", content="#!/bin/bash\npython3 check.py\n"),
            PatchFile(path="tests/data.txt", content="x\n"),
        ],
        output_spec="Exactly one line.",
    )
    diff = apply_patch(sep, tmp_path / "c", patch, output_spec_editable=True)
    text = (tmp_path / "c" / "tests" / "test.sh").read_text()
    assert PREAMBLE_MARK in text and "python3 -I check.py" in text
    ins = (tmp_path / "c" / "instruction.md").read_text()
    assert OUTPUT_SPEC_HEADING in ins and ins.rstrip().endswith("Exactly one line.")
    assert "b/tests/data.txt" in diff and "b/instruction.md" in diff
    # The accepted state is untouched.
    assert "check.py" not in (sep / "tests" / "test.sh").read_text()

    fixed = apply_patch(sep, tmp_path / "d", patch, output_spec_editable=False)
    assert "instruction.md" not in fixed
    assert (tmp_path / "d" / "instruction.md").read_text() == (sep / "instruction.md").read_text()

    gone = apply_patch(
        sep,
        tmp_path / "e",
        Patch(files=[PatchFile(path="tests/test.sh")]),
        output_spec_editable=False,
    )
    assert not (tmp_path / "e" / "tests" / "test.sh").exists() and "-#!/bin/bash" in gone


def test_prompts_follow_the_mode() -> None:
    task = load_task(TOY)
    unhinted = hacker_prompt(task, "unhinted", [])
    assert unhinted.startswith("[vera harden role: hacker mode: unhinted")
    assert "grep -q SOLVE" not in unhinted and "Known classes" not in unhinted
    assert "Known classes of reward hacks" in hacker_prompt(task, "hinted", [])
    aware = hacker_prompt(
        task, "verifier-aware", [GateEvidence(script="echo no", reward=0.0, note="below threshold")]
    )
    assert "grep -q SOLVE" in aware and "/app/answer.txt" in aware and "echo no" in aware
    blind = solver_prompt(task, hint=None)
    assert blind.startswith("[vera harden role: blind") and "reference solution" not in blind
    assert "echo SOLVE" in solver_prompt(task, hint=task.solution)
    fixer = fixer_prompt(
        task,
        [GateEvidence(script="echo HACK", reward=1.0)],
        {"ref": "echo SOLVE"},
        ["[other] x: y"],
        ["candidate 1 rejected at gate replay: broke ref"],
        output_spec_editable=False,
    )
    for part in ("echo HACK", "echo SOLVE", "[other] x: y", "gate replay", "is fixed"):
        assert part in fixer


def test_config_names_its_ablations() -> None:
    assert LoopConfig().ablations() == []
    cfg = LoopConfig(
        verifier_access=False,
        output_spec="fixed",
        separation=False,
        corpus_replay=False,
        validation=False,
        static_bank=15,
    )
    assert cfg.ablations() == [
        "no-verifier-access",
        "fixed-output-spec",
        "no-separation",
        "no-corpus-replay",
        "no-validation",
        "static-baseline-15",
    ]
    assert cfg.hack_mode == "unhinted" and LoopConfig().hack_mode == "verifier-aware"
    th = Thresholds.of(load_task(TOY), LoopConfig(tau_h=2.0))
    assert (th.tau_s, th.tau_h) == (1.0, 2.0) and not th.hacked(1.5) and th.passed(1.5)


def _state(name: str, benign: tuple[int, int], va: tuple[int, int]) -> dict:
    def cell(k: int, n: int) -> dict:
        return {
            "k": k,
            "n": n,
            "per_trial": k / n if n else None,
            "per_task": (1.0 if k else 0.0) if n else None,
            "hacked_by": [],
        }

    return {
        "name": name,
        "commit": name,
        "benign": {"k": benign[0], "n": benign[1], "rate": benign[0] / benign[1]},
        "asr": {"unhinted": cell(0, 0), "hinted": cell(0, 0), "verifier-aware": cell(*va)},
    }


def _run(task: str, after_hacks: int) -> TaskRun:
    run = TaskRun(
        task=task,
        source=task,
        config=LoopConfig(),
        thresholds=Thresholds(tau_s=1.0, tau_h=1.0),
        status="hardened",
    )
    run.metrics = {
        "states": [
            _state("before", (3, 3), (2, 2)),
            _state("autosep", (3, 3), (2, 2)),
            _state("after", (3, 3), (after_hacks, 2)),
        ]
    }
    run.usage = {"fixer": {"requests": 2, "input_tokens": 10, "output_tokens": 5, "cost_usd": 0.01}}
    return run


def test_summary_pools_trials_and_averages_tasks() -> None:
    s = summarize_runs([_run("a", 0), _run("b", 1)])
    assert s["before"]["asr"]["verifier-aware"] == {
        "per_trial": 1.0,
        "per_task": 1.0,
        "k": 4,
        "n": 4,
        "tasks": 2,
    }
    after = s["after"]["asr"]["verifier-aware"]
    assert after["per_trial"] == 0.25 and after["per_task"] == 0.5
    assert s["after"]["asr"]["unhinted"]["per_trial"] is None
    assert s["after"]["benign"]["rate"] == 1.0


def test_report_renders_markdown_and_html() -> None:
    from vera.harden.reporting import _task_data

    runs = [_run("a", 0)]
    data = {
        "run_dir": "x",
        "summary": summarize_runs(runs),
        "tasks": [_task_data(r) for r in runs],
        "usage": {"fixer": runs[0].usage["fixer"]},
    }
    md = to_markdown(data)
    assert "| before | 100% (3/3) | - | - | 100% (2/2) |" in md
    assert "| after | 100% (3/3) | - | - | 0% (0/2) |" in md and "$0.0100" in md
    html = to_html(data)
    assert html.startswith("<!doctype html>") and "<svg" in html and "<script" not in html
