"""Read a run directory for reporting: config, results, metrics, and one trial's evidence.

Evidence files are read defensively (a report must render a run whose trials crashed halfway)
and capped, so a huge trace cannot make the report unopenable.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from vera.records import Evidence, ToolCall, Trajectory
from vera.report.metrics import Metrics, OpenFindings, compute
from vera.runner.budget import BudgetStatus, read_budget
from vera.runner.evidence import DIFF, EVIDENCE, EVIDENCE_DIR, TRACES, TRAJECTORY
from vera.runner.spec import TrialResult, TrialSpec
from vera.runner.store import RunConfig, RunStore

MAX_TRACE_LINES = 200
MAX_FILE_BYTES = 2 * 1024 * 1024


@dataclass
class RunData:
    run_dir: Path
    config: RunConfig
    plan: list[TrialSpec]
    results: list[TrialResult]
    metrics: Metrics
    budget: BudgetStatus | None = None
    """What the run spent against its caps, and whether they stopped it (``budget.json``)."""


def load_run(run_dir: Path, findings: dict[str, OpenFindings] | None = None) -> RunData:
    """The run as recorded; ``findings`` (case id -> open findings of a corpus, worked out by
    the caller) marks the ASRs they bound."""
    with RunStore.open(Path(run_dir)) as store:
        results = list(store.results())
        metrics = compute(results, findings)
        return RunData(Path(run_dir), store.config, store.plan, results, metrics,
                       read_budget(Path(run_dir)))  # fmt: skip


@dataclass
class TrialDetail:
    """What the per-trial page shows; ``notes`` says what was missing, unreadable or cut."""

    trajectory: Trajectory | None = None
    trace: list[ToolCall | dict[str, Any]] = field(default_factory=list)
    diff: Any = None
    notes: list[str] = field(default_factory=list)


def _read(path: Path, notes: list[str]) -> str | None:
    if not path.is_file():
        return None
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        notes.append(f"{path.name}: {size} bytes, only the first {MAX_FILE_BYTES} read")
    with open(path, encoding="utf-8", errors="replace") as fh:
        return fh.read(MAX_FILE_BYTES)


def load_detail(run_dir: Path, result: TrialResult) -> TrialDetail:
    detail = TrialDetail()
    evidence = Path(run_dir) / result.evidence_dir / EVIDENCE_DIR
    text = _read(evidence / TRAJECTORY, detail.notes)
    if text is not None:
        try:
            detail.trajectory = Trajectory.model_validate_json(text)
        except ValidationError as exc:
            detail.notes.append(f"trajectory.json unreadable: {exc.error_count()} errors")
    trace = next((evidence / n for n in TRACES if (evidence / n).is_file()), None)
    text = _read(trace, detail.notes) if trace else None
    if text is not None:
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if len(lines) > MAX_TRACE_LINES:
            detail.notes.append(f"trace: first {MAX_TRACE_LINES} of {len(lines)} calls shown")
        for line in lines[:MAX_TRACE_LINES]:
            try:
                detail.trace.append(ToolCall.model_validate_json(line))
            except ValidationError:
                try:
                    detail.trace.append(json.loads(line))
                except json.JSONDecodeError:
                    detail.notes.append("trace: an unreadable line skipped")
    text = _read(evidence / DIFF, detail.notes)
    if text is not None:
        try:
            detail.diff = json.loads(text)
        except json.JSONDecodeError:
            detail.diff = text
    if detail.diff is None or not detail.trace:
        _fall_back_on_evidence(evidence / EVIDENCE, detail)
    return detail


def _fall_back_on_evidence(path: Path, detail: TrialDetail) -> None:
    """Take the diff and gateway calls from the verifier's input when no file of their own."""
    text = _read(path, detail.notes)
    if text is None:
        return
    try:
        ev = Evidence.model_validate_json(text)
    except ValidationError as exc:
        detail.notes.append(f"{EVIDENCE} unreadable: {exc.error_count()} errors")
        return
    if detail.diff is None:
        detail.diff = ev.diff
    if not detail.trace:
        if len(ev.calls) > MAX_TRACE_LINES:
            detail.notes.append(f"trace: first {MAX_TRACE_LINES} of {len(ev.calls)} calls shown")
        detail.trace = list(ev.calls[:MAX_TRACE_LINES])
