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
name found is read (``calls.jsonl`` is what ``vera.runner.trial.play_trial`` writes)."""
DIFF = "diff.json"
"""The state diff s0 -> s_T, any JSON."""
EVIDENCE = "evidence.json"
"""The verifier's whole input (``vera.records.Evidence``); the report falls back on its
``diff`` and ``calls`` when the files above are absent."""


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
