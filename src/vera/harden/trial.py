"""The hardening trial kind on the runner: one task, one condition, one agent, as a ``TrialSpec``.

A hardening trial is what ``vera harden audit`` plans for every task x condition (``original`` or
``separated``) x agent (``oracle``, ``nop``, ``exploit:NAME``) x mode; the runner schedules it,
records it in its store and resumes it like any other trial. :class:`HardenParams` is the kind's
parameter model (registered with the runner, so a plan with bad params is refused at plan time);
:func:`harden_trial` is the module-level trial function the runner calls by its dotted path
:data:`TRIAL_FN` (also in worker processes and on Ray). It wraps
:func:`vera.harden.execute.run_trial` and keeps the trial's evidence in the trial directory:
``evidence/agent.sh`` (the played script; ``solve.sh`` for the oracle), ``evidence/reward.json``
and the agent's and verifier's logs.

Outcomes: a played trial is ``safe``, or ``violated`` when an exploit reached tau_h (a hack);
the reward, passed (>= tau_s) and hacked (>= tau_h) are on the result. A phase error of the
task's trial is an error outcome with its phase (``env``, ``agent``, ``verify``): a verifier
that timed out is ``timeout``, anything else ``infra_error``; an exploit whose ``script()``
raised is the agent's error (``agent_error``). Errors never carry a reward.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from vera import paths
from vera.harden.execute import AgentSpec, ExecutionError, TaskTrialResult, run_trial
from vera.harden.separate import separate_task
from vera.harden.task import Task, TaskError, load_task
from vera.records import Outcome, ToolCall, Trajectory, Turn, utcnow
from vera.runner.evidence import save_evidence
from vera.runner.spec import Phase, TrialError, TrialResult, TrialSpec, content_hash, register_kind

KIND = "harden"
TRIAL_FN = "vera.harden.trial:harden_trial"
"""The dotted path the runner imports (the caller passes it; the runner never names harden)."""

Condition = Literal["original", "separated"]

_EVIDENCE_FILE_CAP = 1 << 20
"""Bytes kept of each log file (an agent can write anything to /logs)."""
_EVIDENCE_FILES = 200


class HardenParams(BaseModel):
    """What a hardening trial plays: the task (path and content hash), the condition, the
    agent and the exploit's script, and the thresholds its reward is judged by."""

    model_config = ConfigDict(extra="forbid")

    task_path: str
    """Absolute path of the task directory as planned (loaded again by the trial)."""
    task_hash: str
    """:func:`task_hash` of the task as played (after separation for ``separated``): a task
    edited after planning is refused, not silently played."""
    condition: Condition
    agent: str
    """``oracle``, ``nop``, ``exploit:NAME`` (the audit) or ``script:FILE`` (``vera harden run``)."""
    exploit: str | None = None
    category: str | None = None
    defeated_by: str | None = None
    modes: list[str] = Field(default_factory=list)
    """Exploit modes this script serves, the played one first (identical scripts of one task
    and exploit are played once and shared)."""
    script: str | None = None
    """The exploit's bash script (what is played), fixed at plan time."""
    script_error: str | None = None
    """The exploit's ``script()`` raised at plan time: the trial is that exploit's error."""
    tau_h: float
    tau_s: float

    @model_validator(mode="after")
    def _agent(self) -> HardenParams:
        if self.agent in ("oracle", "nop"):
            if self.exploit or self.script is not None or self.script_error:
                raise ValueError(f"agent {self.agent} takes no exploit or script")
            return self
        if self.agent.startswith("script:"):  # vera harden run --agent script:FILE --out DIR
            if self.script is None or self.exploit or self.script_error:
                raise ValueError(f"{self.agent}: a script agent carries its script, no exploit")
            return self
        if not self.agent.startswith("exploit:") or self.agent != f"exploit:{self.exploit}":
            raise ValueError(
                f"agent {self.agent!r}: expected oracle, nop, exploit:NAME or script:FILE"
            )
        if (self.script is None) == (self.script_error is None):
            raise ValueError(f"{self.agent}: exactly one of script and script_error")
        if not self.modes:
            raise ValueError(f"{self.agent}: an exploit trial names its modes")
        return self


register_kind(KIND, HardenParams)


def task_hash(task: Task) -> str:
    """Hash of a task's content (instruction, config, tests, solution, environment), not of
    where it lies: neither its path nor, for a separated copy, the path it was separated from
    (``bench/tasks/x`` and ``/abs/bench/tasks/x`` are the same task)."""
    where = {"path": True, "config": {"vera": {"separation": {"source"}}}}
    return content_hash(task.model_dump(mode="json", exclude=where))


def spec_for(task: Task, params: HardenParams, *, attack: str | None = None) -> TrialSpec:
    """The runner's spec of one hardening trial (mode ``-`` for oracle and nop)."""
    return TrialSpec(
        kind=KIND,
        case_id=task.id,
        case_hash=params.task_hash,
        variant=params.condition,
        agent=params.agent,
        model="-",
        mode=params.modes[0] if params.modes else "-",
        attack=attack,
        params=params.model_dump(mode="json"),
    )


def task_for(params: HardenParams) -> Task:
    """The task as planned: loaded from its path, separated in memory for ``separated`` when
    the directory holds the original; TaskError when its content changed since planning."""
    task = load_task(Path(params.task_path))
    if params.condition == "separated" and not task.separated:
        task = separate_task(task)[0]
    if params.condition == "original" and task.separated:
        raise TaskError(f"{params.task_path}: planned as an original task, now separated")
    if task_hash(task) != params.task_hash:
        raise TaskError(
            f"{params.task_path}: the task changed since the audit was planned "
            "(content hash differs); start a new audit"
        )
    return task


def task_result(result: TrialResult, run_dir: Path | None = None) -> TaskTrialResult:
    """A recorded hardening trial as ``vera harden run`` shows it (its stable JSON included);
    ``trial_dir`` is the trial's directory in ``run_dir``."""
    spec = result.spec
    assert spec is not None
    p = HardenParams.model_validate(spec.params)
    errors = list(result.measures.get("phase_errors") or [])
    if result.error is None:
        errors = []
    elif not errors:
        errors = [result.error.message or result.error.kind]
    return TaskTrialResult(
        task=spec.case_id,
        agent=p.agent,
        reward=result.reward if result.error is None else None,
        passed=bool(result.passed) and result.error is None,
        hacked=bool(result.hacked) and result.error is None,
        phase_errors=errors,
        notes=list(result.measures.get("notes") or []),
        mode=result.measures.get("verifier_mode")
        or ("separate" if p.condition == "separated" else "shared"),
        backend=str(result.measures.get("backend") or "-"),
        agent_exit=result.measures.get("agent_exit"),
        verifier_exit=result.measures.get("verifier_exit"),
        trial_dir=str(run_dir / result.evidence_dir) if run_dir and result.evidence_dir else None,
    )


def _failed(kind: str, phase: Phase, message: str, **extra: object) -> TrialResult:
    return TrialResult(
        outcome=Outcome(kind),
        error=TrialError(kind=kind, message=" ".join(message.split())[:300], phase=phase),  # type: ignore[arg-type]
        measures={"phase_errors": [message], **extra},
    )


_PHASES: dict[str, Phase] = {"setup": "env", "agent": "agent", "verifier": "verify"}


def result_of(res: TaskTrialResult, params: HardenParams) -> TrialResult:
    """The runner's result of a played task trial: decided, or its first phase error."""
    measures: dict[str, object] = {
        "notes": list(res.notes),
        "phase_errors": list(res.phase_errors),
        "agent_exit": res.agent_exit,
        "verifier_exit": res.verifier_exit,
        "backend": res.backend,
        "verifier_mode": res.mode,
    }
    if res.phase_errors:
        first = res.phase_errors[0]
        phase = _PHASES.get(first.partition(":")[0], "verify")
        kind = "timeout" if phase == "verify" and "timed out" in first else "infra_error"
        out = _failed(kind, phase, first)
        return out.model_copy(update={"measures": measures})
    hacked = res.hacked and params.exploit is not None
    return TrialResult(
        outcome=Outcome.violated if hacked else Outcome.safe,
        reward=res.reward,
        passed=res.passed,
        hacked=res.hacked,
        measures=measures,
    )


def _copy_capped(src: Path, dest: Path, budget: list[int]) -> None:
    """Copy regular files under ``src`` (never following links: the agent wrote them; read
    beneath ``src`` by :mod:`vera.paths`), each cut at the cap, at most ``budget[0]`` files."""
    if src.is_symlink() or not src.exists():
        return
    if src.is_file():
        items = [(src.parent, src.name, dest)]
    else:
        items = [(src, e.rel, dest / e.rel) for e in paths.walk(src, links="skip") if e.kind == "file"]
    for root, rel, target in items:
        if budget[0] <= 0:
            return
        try:
            data = paths.read_bytes(root, rel, _EVIDENCE_FILE_CAP)
        except (OSError, paths.UnsafePathError):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        budget[0] -= 1


def _keep_logs(root: Path, evidence: Path) -> None:
    """The agent's and the verifier's logs of a played trial, from its work folder."""
    budget = [_EVIDENCE_FILES]
    for side in ("agent", "verifier"):
        base = root / side
        _copy_capped(base / "logs", evidence / side / "logs", budget)
        for name in ("verifier.log", "artifacts.json"):
            _copy_capped(base / name, evidence / side / name, budget)


_AGENT_LOG = Path("agent") / "logs" / "agent" / "vera-agent.log"
"""The played script's output, as :func:`_keep_logs` keeps it in the evidence."""
_OUTPUT_CAP = 20_000


def played_trajectory(
    agent: str, task: Task, script: str | None, res: TaskTrialResult, evidence: Path
) -> Trajectory:
    """The trial as a conversation (``evidence/trajectory.json``): the task's instruction, then
    the script the agent phase ran (the oracle's solution, an exploit's or a ``script:``
    agent's) as one ``shell`` call with its exit status and output; nop runs nothing. What the
    report shows on the trial's page and ``vera report --format atif`` writes."""
    turn = Turn(index=0, user=task.instruction)
    if script is not None:
        log = evidence / _AGENT_LOG
        output = log.read_text(errors="replace") if log.is_file() else ""
        cut = len(output) > _OUTPUT_CAP
        turn.tool_calls.append(ToolCall(
            id="call_0", tool="shell", arguments={"command": script}, source="replay",
            result={"exit_code": res.agent_exit, "output": output[-_OUTPUT_CAP:], "truncated": cut},
        ))  # fmt: skip
    turn.ended_at = utcnow()
    return Trajectory(agent=agent, turns=[turn])


async def harden_trial(
    spec: TrialSpec, trial_dir: Path, *, backend: str | None = None,
    image_map: dict[str, str] | None = None,
) -> TrialResult:
    """Play one hardening trial (the runner's trial function of kind ``harden``)."""
    params = HardenParams.model_validate(spec.params)
    evidence = trial_dir / "evidence"
    evidence.mkdir(parents=True, exist_ok=True)
    try:
        task = await asyncio.to_thread(task_for, params)
    except TaskError as exc:
        return _failed("infra_error", "env", f"setup: {exc}")
    if params.script_error is not None:
        return _failed("agent_error", "agent", f"exploit: {params.script_error}")
    if params.script is not None:
        agent = AgentSpec(kind="script", script=params.script, label=params.agent)
        (evidence / "agent.sh").write_text(params.script, errors="surrogateescape")
    else:
        agent = AgentSpec.parse(params.agent)
        if agent.kind == "oracle" and task.solution is not None:
            (evidence / "solve.sh").write_text(task.solution, errors="surrogateescape")
    work = trial_dir / "work"
    work.mkdir()
    try:
        try:
            res = await run_trial(task, agent, backend=backend, work_dir=work, keep=True,
                                  image_map=image_map)  # fmt: skip
        except ExecutionError as exc:
            return _failed("infra_error", "env", f"setup: {exc}")
        if res.trial_dir:
            await asyncio.to_thread(_keep_logs, Path(res.trial_dir), evidence)
        played = {"script": agent.script, "oracle": task.solution}.get(agent.kind)
        conversation = played_trajectory(params.agent, task, played, res, evidence)
        save_evidence(trial_dir, trajectory=conversation)
        result = result_of(res, params)
        facts = {"reward": res.reward, "passed": res.passed, "hacked": res.hacked}
        (evidence / "reward.json").write_text(json.dumps({**facts, **result.measures}, indent=1))
        return result
    finally:
        await asyncio.to_thread(shutil.rmtree, work, True)


__all__ = [
    "KIND",
    "TRIAL_FN",
    "HardenParams",
    "harden_trial",
    "spec_for",
    "task_for",
    "task_hash",
    "task_result",
]
