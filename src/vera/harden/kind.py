"""The hardening trial kind on the runner: one task, one condition, one agent, as a ``TrialSpec``.

A hardening trial is what ``vera harden audit`` plans for every task x condition (``original`` or
``separated``) x agent (``oracle``, ``nop``, ``exploit:NAME``) x mode; the runner plays it through
its lifecycle, records it in its store and resumes it like any other trial. :class:`HardenParams`
is the kind's parameter model (a plan with bad params is refused at plan time);
:class:`HardenTrial` supplies the phases, over :class:`vera.harden.execute.TaskTrial`:

- **setup**: the task loaded and checked against the planned hash (separated in memory for
  ``separated``), the played script kept (``evidence/agent.sh``; ``solve.sh`` for the oracle),
  the agent's sandbox opened;
- **act**: the agent phase (an exploit whose ``script()`` raised at plan time is the agent's
  error here);
- **verify**: the verifier (shared, or in a fresh separated sandbox) and the reward;
- **teardown**: sandboxes closed, the agent's and verifier's logs, the trajectory and
  ``evidence/reward.json`` kept, the work folder removed.

Outcomes: a played trial is ``safe``, or ``violated`` when an exploit reached tau_h (a hack);
the reward, passed (>= tau_s) and hacked (>= tau_h) are on the result. A phase's failure is a
typed error of :mod:`vera.runner.phases` raised from what the task trial recorded as data
(``TaskTrialResult.failed_phase``, never parsed from its message): ``SetupError``, ``ActError``,
``AgentError`` (the exploit's own), ``VerifierError``, ``VerifierTimeout`` (outcome
``timeout``). Errors never carry a reward; the phase errors as users read them stay in the
result's ``measures``.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from vera import paths
from vera.harden.execute import AgentSpec, ExecutionError, TaskTrial, TaskTrialResult
from vera.harden.separate import separate_task
from vera.harden.task import Task, TaskError, load_task
from vera.records import Outcome, ToolCall, Trajectory, Turn, utcnow
from vera.runner.evidence import TrialEvidence
from vera.runner.lifecycle import TrialKind, trial_kind
from vera.runner.phases import (
    ActError,
    AgentError,
    PhaseError,
    PhaseLimits,
    SetupError,
    VerifierError,
    VerifierTimeout,
)
from vera.runner.spec import TrialResult, TrialSpec, content_hash

KIND = "harden"

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


def measures_of(res: TaskTrialResult) -> dict[str, object]:
    """What a played task trial records beside its outcome (``TrialResult.measures``)."""
    return {
        "notes": list(res.notes),
        "phase_errors": list(res.phase_errors),
        "agent_exit": res.agent_exit,
        "verifier_exit": res.verifier_exit,
        "backend": res.backend,
        "verifier_mode": res.mode,
    }


def result_of(res: TaskTrialResult, params: HardenParams) -> TrialResult:
    """The runner's result of a task trial played without a phase error."""
    hacked = res.hacked and params.exploit is not None
    return TrialResult(
        outcome=Outcome.violated if hacked else Outcome.safe,
        reward=res.reward,
        passed=res.passed,
        hacked=res.hacked,
        measures=measures_of(res),
    )


def _copy_capped(src: Path, dest: Path, budget: list[int]) -> None:
    """Copy regular files under ``src`` (never following links: the agent wrote them; read
    beneath ``src`` by :mod:`vera.paths`), each cut at the cap, at most ``budget[0]`` files."""
    if src.is_symlink() or not src.exists():
        return
    if src.is_file():
        items = [(src.parent, src.name, dest)]
    else:
        items = [
            (src, e.rel, dest / e.rel) for e in paths.walk(src, links="skip") if e.kind == "file"
        ]
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


def _keep_logs(root: Path, evidence: TrialEvidence) -> None:
    """The agent's and the verifier's logs of a played trial, from its work folder."""
    budget = [_EVIDENCE_FILES]
    for side in ("agent", "verifier"):
        base = root / side
        _copy_capped(base / "logs", evidence.path(f"{side}/logs"), budget)
        for name in ("verifier.log", "artifacts.json"):
            _copy_capped(base / name, evidence.path(f"{side}/{name}"), budget)


_AGENT_LOG = Path("agent") / "logs" / "agent" / "vera-agent.log"
"""The played script's output, as :func:`_keep_logs` keeps it in the evidence."""
_OUTPUT_CAP = 20_000


def played_trajectory(
    agent: str, task: Task, script: str | None, res: TaskTrialResult, log: Path
) -> Trajectory:
    """The trial as a conversation (``evidence/trajectory.json``): the task's instruction, then
    the script the agent phase ran (the oracle's solution, an exploit's or a ``script:``
    agent's) as one ``shell`` call with its exit status and output; nop runs nothing. What the
    report shows on the trial's page and ``vera report --format atif`` writes."""
    turn = Turn(index=0, user=task.instruction)
    if script is not None:
        output = log.read_text(errors="replace") if log.is_file() else ""
        cut = len(output) > _OUTPUT_CAP
        turn.tool_calls.append(ToolCall(
            id="call_0", tool="shell", arguments={"command": script}, source="replay",
            result={"exit_code": res.agent_exit, "output": output[-_OUTPUT_CAP:], "truncated": cut},
        ))  # fmt: skip
    turn.ended_at = utcnow()
    return Trajectory(agent=agent, turns=[turn])


def _raise_failure(res: TaskTrialResult, phase: str) -> None:
    """The typed error of ``phase`` when the task trial recorded its first error there."""
    if res.failed_phase != phase:
        return
    first = res.phase_errors[0] if res.phase_errors else phase
    error: type[PhaseError] = {"setup": SetupError, "agent": ActError, "verifier": VerifierError}[
        phase
    ]
    if phase == "verifier" and res.failed_timeout:
        error = VerifierTimeout
    raise error(first, measures=measures_of(res))


ACT_GRACE_S = 60.0
"""How far past the task's own agent and verifier timeouts the lifecycle's limits lie (the
sandbox enforces the task's; the lifecycle's end a phase that would not stop)."""


@trial_kind(KIND, builtin=True)
class HardenTrial(TrialKind):
    """One hardening trial in the runner's lifecycle (see the module docstring). ``backend``
    (a trial argument) picks the sandbox backend (default: the task's); ``image_map``
    substitutes base images of a task's Dockerfile (``--image-map FROM=LOCAL``)."""

    params = HardenParams
    aliases = ("vera.harden.trial:harden_trial",)

    def __init__(
        self,
        spec: TrialSpec,
        trial_dir: Path,
        evidence: TrialEvidence,
        *,
        backend: str | None = None,
        image_map: dict[str, str] | None = None,
    ) -> None:
        super().__init__(spec, trial_dir, evidence)
        self.backend = backend
        self.image_map = image_map
        self.p = HardenParams.model_validate(spec.params)
        self.task: Task | None = None
        self.trial: TaskTrial | None = None
        self.work = self.trial_dir / "work"

    def limits(self) -> PhaseLimits:
        if self.task is None:  # building a task's image can take long
            return PhaseLimits(setup=3600.0)
        cfg = self.task.config
        return PhaseLimits(
            setup=3600.0,
            act=cfg.agent.timeout_sec + ACT_GRACE_S,
            verify=3 * cfg.verifier.timeout_sec + ACT_GRACE_S,  # an export, a sandbox, test.sh
        )

    async def setup(self) -> None:
        params = self.p
        try:
            task = self.task = await asyncio.to_thread(task_for, params)
        except TaskError as exc:
            raise SetupError(str(exc), measures={"phase_errors": [f"setup: {exc}"]}) from None
        if params.script_error is not None:
            return  # the agent's error, in act
        if params.script is not None:
            agent = AgentSpec(kind="script", script=params.script, label=params.agent)
            self.evidence.write("agent.sh", params.script)
        else:
            agent = AgentSpec.parse(params.agent)
            if agent.kind == "oracle" and task.solution is not None:
                self.evidence.write("solve.sh", task.solution)
        self.agent = agent
        self.work.mkdir(exist_ok=True)
        try:
            self.trial = TaskTrial(task, agent, backend=self.backend, work_dir=self.work,
                                   image_map=self.image_map)
        except ExecutionError as exc:
            raise SetupError(str(exc), measures={"phase_errors": [f"setup: {exc}"]}) from None
        await self.trial.open()
        _raise_failure(self.trial.result, "setup")

    async def act(self) -> None:
        if self.p.script_error is not None:
            message = f"exploit: {self.p.script_error}"
            raise AgentError(" ".join(message.split()), measures={"phase_errors": [message]})
        assert self.trial is not None
        await self.trial.act()
        _raise_failure(self.trial.result, "agent")

    async def verify(self) -> TrialResult:
        assert self.trial is not None
        await self.trial.verify()
        res = self.trial.result
        res.passed, res.hacked = (
            self.trial.task.passed(res.reward),
            self.trial.task.hacked(res.reward),
        )
        _raise_failure(res, "verifier")
        return result_of(res, self.p)

    async def teardown(self) -> None:
        try:
            if self.trial is not None:
                res = await self.trial.close(keep=True)
                await self._keep(res)
        finally:
            await asyncio.to_thread(shutil.rmtree, self.work, True)

    async def _keep(self, res: TaskTrialResult) -> None:
        """The played trial's evidence, whatever its outcome: logs, trajectory, reward.json."""
        assert self.task is not None
        if res.trial_dir:
            await asyncio.to_thread(_keep_logs, Path(res.trial_dir), self.evidence)
        played = {"script": self.agent.script, "oracle": self.task.solution}.get(self.agent.kind)
        log = self.evidence.path(str(_AGENT_LOG))
        conversation = played_trajectory(self.p.agent, self.task, played, res, log)
        self.evidence.save(trajectory=conversation)
        facts = {"reward": res.reward, "passed": res.passed, "hacked": res.hacked}
        self.evidence.write("reward.json", json.dumps({**facts, **measures_of(res)}, indent=1))


__all__ = [
    "KIND",
    "HardenParams",
    "HardenTrial",
    "spec_for",
    "task_for",
    "task_hash",
    "task_result",
]
