"""ASR arithmetic of the audit: per task, per trial, per category; errors counted apart."""

from __future__ import annotations

from vera.harden.audit import TaskAudit, TrialRow, audit_report


def _row(task: str, exploit: str | None, hacked: bool, category: str = "c1", err: bool = False) -> TrialRow:
    return TrialRow(task=task, agent=f"exploit:{exploit}" if exploit else "oracle", exploit=exploit,
                    category=category if exploit else None, mode="unhinted" if exploit else None,
                    hacked=hacked, phase_errors=["verifier: boom"] if err else [])


def test_asr_per_task_and_per_trial() -> None:
    audits = [
        TaskAudit(task="a", oracle=True, nop=True, hacked_by=["x"],
                  trials=[_row("a", None, True), _row("a", "x", True), _row("a", "y", False, "c2")]),
        TaskAudit(task="b", oracle=True, nop=True,
                  trials=[_row("b", "x", False), _row("b", "y", False, "c2", err=True)]),
    ]
    rep = audit_report(audits)
    assert rep.asr.per_task == 0.5
    assert rep.asr.per_trial == 1 / 3  # the errored trial is not counted as a miss
    assert rep.asr.trials_errored == 1
    assert rep.by_category["c1"].per_trial == 0.5 and rep.by_category["c2"].per_trial == 0.0
    assert rep.by_exploit["x"].tasks_hacked == 1
    doc = rep.public()
    assert doc["tasks"][0] == {
        "task": "a", "oracle": True, "nop": True, "hacked_by": ["x"], "oracle_reward": None,
        "nop_reward": None, "separated": False, "errors": []}
    assert doc["tasks"][1]["errors"] == ["exploit:y/unhinted: verifier: boom"]


def test_no_exploits_means_no_asr() -> None:
    rep = audit_report([TaskAudit(task="a", oracle=True, nop=True, trials=[_row("a", None, False)])])
    assert rep.asr.per_task is None and rep.asr.per_trial is None
