"""``vera report RUN_DIR --format atif``: every trial of a run as an ATIF v1.8 trajectory.

A safety trial is its conversation (``evidence/trajectory.json``): each user message the
controller wrote, each tool call the agent made with what it was shown, each answer; where
the gateway's trace has the call, its facts go beside it (the injection that changed the
result and the original result, what a defence did). A hardening trial is the task's
instruction and the script its agent phase ran (:func:`vera.harden.kind.played_trajectory`
saves it). Both carry the trial's outcome under ``extra.vera``: the verdict (violated, level,
cited evidence, reason, who decided), utility, reward, the error of an error outcome.

Files: ``RUN_DIR/atif/<key>.json`` (one per recorded trial) and ``RUN_DIR/atif/index.jsonl``
(key, case, variant, agent, model, outcome, file), or under ``--out DIR``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from vera import __version__
from vera.atif import AtifTrajectory, from_trajectory, write_atif
from vera.records import ToolCall, Trajectory
from vera.report.load import load_detail
from vera.runner.spec import TrialResult
from vera.runner.store import RunStore

ATIF_DIR = "atif"
INDEX = "index.jsonl"
_GATEWAY_FACTS = ("injection_id", "injection_mode", "blocked", "defence_actions", "native_tool")


def _with_gateway(traj: Trajectory, trace: list[Any]) -> Trajectory:
    """The agent's calls with the gateway's facts of the same call (matched in order by tool
    and arguments): what an injection did (and the original result) and what defences did."""
    records = [c for c in trace if isinstance(c, ToolCall)]
    used: set[int] = set()
    out = traj.model_copy(deep=True)
    for turn in out.turns:
        for call in turn.tool_calls:
            for i, rec in enumerate(records):
                if i in used or rec.tool != call.tool or rec.arguments != call.arguments:
                    continue
                used.add(i)
                updates = {k: getattr(rec, k) for k in _GATEWAY_FACTS if getattr(rec, k)}
                if rec.injection_id is not None:
                    updates["result"] = rec.result
                    if call.observation is None:
                        updates["observation"] = rec.observation
                for key, value in updates.items():
                    setattr(call, key, value)
                break
    return out


def _model(spec_model: str) -> str | None:
    """The planned model, unless the agent had none (``none``, ``-``: replays, scripts)."""
    return None if spec_model in ("none", "-", "") else spec_model


def _outcome(result: TrialResult) -> dict[str, Any]:
    spec = result.spec
    out: dict[str, Any] = {"key": result.key, "outcome": result.outcome.value}
    if spec is not None:
        out.update(kind=spec.kind, case_id=spec.case_id, variant=spec.variant, agent=spec.agent,
                   model=spec.model, mode=spec.mode, defence=spec.defence, epoch=spec.epoch)  # fmt: skip
    v = result.verdict
    if v is not None:
        out["verdict"] = {"violated": v.violated, "level": v.level.value, "cites": v.cites,
                          "reason": v.reason, "decided_by": v.source.value}  # fmt: skip
    for key in ("utility", "reward", "passed", "hacked"):
        if getattr(result, key) is not None:
            out[key] = getattr(result, key)
    if result.error is not None:
        out["error"] = result.error.model_dump(mode="json", exclude_none=True)
    if result.tactics:
        out["tactics"] = result.tactics
    return out


def trial_atif(run_dir: Path, result: TrialResult) -> AtifTrajectory:
    """One recorded trial as ATIF (see the module docstring)."""
    detail = load_detail(run_dir, result)
    spec = result.spec
    traj = detail.trajectory or Trajectory(agent=spec.agent if spec else "unknown")
    if spec is not None:
        traj = traj.model_copy(update={"model": traj.model or _model(spec.model)})
    traj = _with_gateway(traj, detail.trace)
    name = traj.agent if "@" in traj.agent else f"{traj.agent}@vera-{__version__}"
    notes = "; ".join(detail.notes) or None
    return from_trajectory(
        traj.model_copy(update={"agent": name}),
        session_id=result.key,
        extra={"vera": _outcome(result)},
        notes=notes,
    )


def write_atif_run(run_dir: Path, out: Path | None = None) -> tuple[Path, int]:
    """Write every recorded trial of ``run_dir`` as ATIF into ``out`` (default
    ``RUN_DIR/atif``) with an index; return the folder and the number of trials."""
    run_dir = Path(run_dir)
    dest = Path(out) if out is not None else run_dir / ATIF_DIR
    dest.mkdir(parents=True, exist_ok=True)
    with RunStore.open(run_dir) as store:
        results = list(store.results())
    lines = []
    for result in results:
        path = write_atif(dest / f"{result.key}.json", trial_atif(run_dir, result))
        spec = result.spec
        lines.append(json.dumps({
            "key": result.key, "case_id": spec.case_id if spec else None,
            "variant": spec.variant if spec else None, "agent": spec.agent if spec else None,
            "model": spec.model if spec else None, "outcome": result.outcome.value,
            "file": path.name,
        }))  # fmt: skip
    (dest / INDEX).write_text("".join(line + "\n" for line in lines))
    return dest, len(results)


__all__ = ["ATIF_DIR", "INDEX", "trial_atif", "write_atif_run"]
