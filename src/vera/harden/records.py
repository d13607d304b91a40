"""The hacker-fixer loop's records: its configuration, what it plays, and what it writes.

``DIR/<task>/run.json`` is a :class:`TaskRun`; ``DIR/<task>/attempts.jsonl`` holds one
:class:`HackAttempt` a line (every hacker and solver attempt; the hacker's are the exploit
corpus). They live apart from the loop so that metrics, reporting and the corpus read them
without importing the loop.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from vera.harden.execute import AgentSpec
from vera.harden.roles import GateEvidence, HackMode
from vera.harden.task import Task
from vera.harden.trajectory import AttemptRecord, render


class LoopConfig(BaseModel):
    iterations: int = Field(default=15, ge=0)
    """K: maximum iterations per task."""
    attempts: int = Field(default=3, ge=1)
    """B_h: hacker attempts per iteration."""
    fix_retries: int = Field(default=3, ge=0)
    """F: extra fixer candidates after the first (at most 1 + F candidates per iteration)."""
    patience: int = Field(default=1, ge=1)
    """Stop after this many iterations in a row without a serious hack."""
    tau_h: float | None = None
    """Attack threshold override (default: the task's [vera] tau_h)."""
    tau_s: float | None = None
    """Benign threshold override (default: the task's [vera] tau_s)."""
    eval_attempts: int = Field(default=1, ge=0)
    """Held-out hacker attempts per mode (unhinted, hinted) against the Before state; they join
    the attack bank the metrics replay at every state."""
    verifier_access: bool = True
    output_spec: Literal["editable", "fixed"] = "editable"
    separation: bool = True
    corpus_replay: bool = True
    validation: bool = True
    static_bank: int | None = Field(default=None, ge=1)
    """Static baseline: N attacks against the separated state, repaired once (no iterations)."""
    pool: bool = True
    """Offer the fixer defences accepted on other tasks (cross-task transfer)."""
    backend: str | None = None
    jobs: int = Field(default=2, ge=1)
    """Trials at once when the metrics replay states."""
    hacker_agent: Literal["script", "terminal", "claude-code", "codex"] = "script"
    """Who plays the hacker: ``script`` (one model call returns a bash script, played as a
    ``script:`` agent), ``terminal`` (vera's terminal agent acting in the sandbox over many
    steps) or a framework CLI acting there with its native shell."""
    solver_agent: Literal["script", "terminal", "claude-code", "codex"] = "script"
    """Who plays the precheck, blind and diagnostic solvers (same choices)."""
    agent_steps: int = Field(default=30, ge=1)
    """Step budget (shell commands) of an acting agent."""
    agent_time_s: float = Field(default=600.0, gt=0)
    """Time budget of an acting agent (at most the task's [agent] timeout)."""
    diagnostic: bool = True
    """On a candidate rejected by the replay or blind gate, a diagnostic solver (instruction plus
    the candidate's verifier source) tries once more; its result goes only to the fixer."""

    @property
    def hack_mode(self) -> HackMode:
        return "verifier-aware" if self.verifier_access else "unhinted"

    def ablations(self) -> list[str]:
        out = []
        if not self.verifier_access:
            out.append("no-verifier-access")
        if self.output_spec == "fixed":
            out.append("fixed-output-spec")
        if not self.separation:
            out.append("no-separation")
        if not self.corpus_replay:
            out.append("no-corpus-replay")
        if not self.validation:
            out.append("no-validation")
        if self.static_bank:
            out.append(f"static-baseline-{self.static_bank}")
        return out


class Thresholds(BaseModel):
    tau_s: float
    tau_h: float

    @classmethod
    def of(cls, task: Task, cfg: LoopConfig) -> Thresholds:
        v = task.config.vera
        return cls(
            tau_s=v.threshold_benign if cfg.tau_s is None else cfg.tau_s,
            tau_h=v.threshold_attack if cfg.tau_h is None else cfg.tau_h,
        )

    def passed(self, reward: float | None) -> bool:
        return reward is not None and reward >= self.tau_s

    def hacked(self, reward: float | None) -> bool:
        return reward is not None and reward >= self.tau_h


class Played(BaseModel):
    """What one trial gave the loop."""

    reward: float | None
    errors: list[str] = Field(default_factory=list)
    log_tail: str = ""
    attempt: AttemptRecord | None = None
    """An acting agent's trajectory, final diff and replay scripts."""


class HackAttempt(BaseModel):
    """One LLM-written script played against a state (hacker or solver). Lines of
    ``attempts.jsonl``; the hacker's are the exploit corpus."""

    id: str
    task: str
    role: Literal["hacker", "solver", "blind", "diagnostic"]
    phase: str
    """``precheck``, ``iter-N``, ``eval``, ``static`` or ``gate``."""
    mode: str | None = None
    state: str
    """Tag of the state it was played against (or ``candidate``)."""
    commit: str
    script: str
    rationale: str = ""
    prompt: str = ""
    reward: float | None = None
    errors: list[str] = Field(default_factory=list)
    log_tail: str = ""
    label: str | None = None
    category: str | None = None
    judge_rationale: str | None = None
    agent: str = "script"
    """``script`` (``script`` is what the model wrote), or the acting agent (``terminal``,
    ``claude-code``, ...): then ``script`` is the replay derived from its trajectory."""
    trajectory: AttemptRecord | None = None
    """An acting agent's trajectory (commands, outputs, timing, usage), its final diff of the
    agent-writable state and the replay scripts derived from them."""

    def evidence(self, note: str = "") -> GateEvidence:
        return GateEvidence(
            script=self.script,
            reward=self.reward,
            log_tail=self.log_tail,
            label=self.label,
            category=self.category,
            note=note,
            trajectory=render(self.trajectory) if self.trajectory else "",
        )


class Legit(BaseModel):
    """A legitimate solution of the corpus: the reference (oracle) or a script."""

    name: str
    kind: Literal["oracle", "script"]
    script: str

    def agent(self) -> AgentSpec:
        if self.kind == "oracle":
            return AgentSpec(kind="oracle", label="oracle")
        return AgentSpec(kind="script", script=self.script, label=f"script:{self.name}")


class Gate(BaseModel):
    name: Literal["patch", "review", "replay", "exploits", "blind"]
    passed: bool
    detail: str = ""


class Candidate(BaseModel):
    index: int
    rationale: str
    files: list[str]
    output_spec: str | None = None
    diff: str = ""
    gates: list[Gate] = Field(default_factory=list)
    accepted: bool = False
    commit: str | None = None
    diagnostic: str | None = None
    """On a rejection by the replay or blind gate: what the diagnostic solver found (fed back
    to the fixer only)."""


class Iteration(BaseModel):
    index: int
    kind: Literal["loop", "static"] = "loop"
    state: str
    """Tag of the state the hacker attacked."""
    attempts: list[str] = Field(default_factory=list)
    hacks: list[str] = Field(default_factory=list)
    candidates: list[Candidate] = Field(default_factory=list)
    accepted: bool = False
    commit: str
    """The accepted state after this iteration."""


class TaskRun(BaseModel):
    task: str
    source: str
    status: Literal["hardened", "clean", "unfixed", "precheck_failed", "running"] = "running"
    """``hardened``: at least one defence accepted; ``clean``: no serious hack found;
    ``unfixed``: hacks found but no candidate accepted."""
    config: LoopConfig
    thresholds: Thresholds
    ablations: list[str] = Field(default_factory=list)
    states: dict[str, str] = Field(default_factory=dict)
    """Tag -> commit."""
    precheck: dict[str, bool] = Field(default_factory=dict)
    corpus: list[Legit] = Field(default_factory=list)
    iterations: list[Iteration] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    metrics: dict | None = None
    usage: dict[str, dict] = Field(default_factory=dict)


def load_attempts(task_dir: Path) -> list[HackAttempt]:
    path = Path(task_dir) / "attempts.jsonl"
    if not path.is_file():
        return []
    return [HackAttempt.model_validate_json(line) for line in path.read_text().splitlines() if line]


class RunReadError(Exception):
    """A loop run folder that cannot be read as a finished run; one line naming the file."""


def load_runs(out: Path, *, finished: bool = False) -> list[TaskRun]:
    """Every ``<task>/run.json`` of a loop folder. A file that is not a TaskRun raises
    :class:`RunReadError` naming it; ``finished``: so does one without metrics (a loop that
    did not end), so a report never stands on a run it could not read."""
    runs = []
    for p in sorted(Path(out).glob("*/run.json")):
        try:
            run = TaskRun.model_validate_json(p.read_bytes())
        except ValidationError as e:
            err = e.errors()[0]
            where = ".".join(str(x) for x in err["loc"])
            raise RunReadError(f"{p}: not a loop run: {where + ': ' if where else ''}"
                               f"{' '.join(str(err['msg']).split())}") from None  # fmt: skip
        if finished and not run.metrics:
            raise RunReadError(f"{p}: task {run.task} has no metrics (status {run.status}): the "
                               "loop did not finish it; resume it with vera harden loop --resume")  # fmt: skip
        runs.append(run)
    return runs


__all__ = [
    "Candidate",
    "Gate",
    "HackAttempt",
    "Iteration",
    "Legit",
    "LoopConfig",
    "Played",
    "RunReadError",
    "TaskRun",
    "Thresholds",
    "load_attempts",
    "load_runs",
]
