"""Where a trial's evidence lives inside its directory, and how to save the standard pieces.

The report reads these names; a trial function that saves its conversation, gateway trace and
state diff through :func:`save_evidence` gets them shown on the trial's page.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from vera.records import Evidence, ToolCall, Trajectory
from vera.runner.store import write_atomic

EVIDENCE_DIR = "evidence"
TRAJECTORY = "trajectory.json"
"""``vera.records.Trajectory``: the conversation, with the tool calls of each turn."""
TRACES = ("trace.jsonl", "calls.jsonl")
"""Gateway records, one ``vera.records.ToolCall`` per line (result and observation); the first
name found is read (``calls.jsonl`` is what the safety kind's gateway trace is called)."""
DIFF = "diff.json"
"""The state diff s0 -> s_T, any JSON."""
EVIDENCE = "evidence.json"
"""The verifier's whole input (``vera.records.Evidence``); the report falls back on its
``diff`` and ``calls`` when the files above are absent."""


class TrialEvidence:
    """A trial's ``evidence/`` folder as the lifecycle hands it to a trial kind: the kind
    writes its evidence through this (whole files, the standard pieces, or a file a live
    writer fills as the trial goes, such as the gateway trace), never by a path of its own.
    Made by :func:`vera.runner.lifecycle.live`, the folder's one owner."""

    def __init__(self, trial_dir: Path) -> None:
        self.trial_dir = Path(trial_dir)
        self.root = self.trial_dir / EVIDENCE_DIR
        self.root.mkdir(parents=True, exist_ok=True)

    def path(self, name: str) -> Path:
        """Where the evidence file (or folder) ``name`` goes, its parent made: for a writer
        that fills it while the trial runs, or a copy the kind makes."""
        target = self.root / name
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def write(self, name: str, data: str | bytes) -> Path:
        """Write ``name`` whole (atomic; flushed by the store before the trial is recorded)."""
        target = self.path(name)
        if isinstance(data, str):
            data = data.encode("utf-8", "surrogateescape")
        write_atomic(target, data, durable=False)
        return target

    def save(
        self,
        *,
        trajectory: Trajectory | None = None,
        trace: list[ToolCall] | None = None,
        diff: Any = None,
        evidence: Evidence | None = None,
    ) -> Path:
        """The standard pieces the report reads (:func:`save_evidence`)."""
        return save_evidence(
            self.trial_dir, trajectory=trajectory, trace=trace, diff=diff, evidence=evidence
        )


def save_evidence(
    trial_dir: Path,
    *,
    trajectory: Trajectory | None = None,
    trace: list[ToolCall] | None = None,
    diff: Any = None,
    evidence: Evidence | None = None,
) -> Path:
    """Write the given pieces atomically under ``trial_dir/evidence``; return that directory.

    Not fsync'd here: the store flushes the whole trial directory before it records the trial,
    and a trial that is not recorded is played again on resume."""
    root = Path(trial_dir) / EVIDENCE_DIR
    root.mkdir(parents=True, exist_ok=True)
    if trajectory is not None:
        write_atomic(root / TRAJECTORY, trajectory.model_dump_json(indent=2), durable=False)
    if trace is not None:
        write_atomic(
            root / TRACES[0], "".join(c.model_dump_json() + "\n" for c in trace), durable=False
        )
    if diff is not None:
        blob = (
            diff.model_dump_json(indent=2)
            if isinstance(diff, BaseModel)
            else json.dumps(diff, indent=2, default=str)
        )
        write_atomic(root / DIFF, blob, durable=False)
    if evidence is not None:
        write_atomic(root / EVIDENCE, evidence.model_dump_json(indent=2), durable=False)
    return root
