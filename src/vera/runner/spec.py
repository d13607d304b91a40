"""What one trial is (``TrialSpec``) and how it ended (``TrialResult``).

These two records are the runner's whole contract with the layers above it: a layer (safety
cases, hardening tasks) turns its units into specs of its own ``kind``, registers a pydantic
model of that kind's parameters (:func:`register_kind`, checked at plan time), provides a
``TrialFn`` that plays one spec, and gets results back; the store persists them and the report
reads them. Nothing here knows what a safety case or a hardening task is.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Awaitable, Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field, ValidationError, field_validator, model_validator

from vera.records import BoundedText, Outcome, Record, Usage, Verdict, utcnow
from vera.runner.phases import LEGACY_PHASES, ErrorKind, PhaseName, PhaseRecord
from vera.runner.phases import AgentError as AgentError  # where callers have found it

ERROR_OUTCOMES: frozenset[Outcome] = frozenset(
    {Outcome.agent_error, Outcome.infra_error, Outcome.timeout, Outcome.judge_error}
)
"""Outcomes that are not a decision about the agent: never counted as safe or violated. A
``judge_error`` trial may still carry the verifier's own verdict (``TrialResult.verdict``)."""

Phase = PhaseName
"""The phase of a trial that failed (:mod:`vera.runner.phases`)."""

DEFAULT_KIND = "safety"
"""The kind of a spec that names none: a safety case (every spec written before kinds existed)."""

_KINDS: dict[str, type[BaseModel] | None] = {DEFAULT_KIND: None}


def register_kind(kind: str, params: type[BaseModel] | None) -> None:
    """Declare a trial kind and the pydantic model its specs' ``params`` must satisfy (None:
    free params). The layer that owns the kind calls this when its trial module is imported;
    registering the same kind again with another model is refused."""

    def name(m: type[BaseModel] | None) -> str | None:
        return None if m is None else f"{m.__module__}.{m.__qualname__}"

    if kind in _KINDS and name(_KINDS[kind]) != name(params):
        raise ValueError(f"trial kind {kind!r} is already registered with another params model")
    _KINDS[kind] = params


_BEFORE_CHECK: list[Callable[[], None]] = []


def before_check(load: Callable[[], None]) -> None:
    """Have ``load`` run before specs are checked (the kind registry reads its plug-ins, which
    register their params models)."""
    _BEFORE_CHECK.append(load)


def kinds() -> dict[str, type[BaseModel] | None]:
    """The registered kinds and their params models."""
    return dict(_KINDS)


def check_specs(specs: list[TrialSpec]) -> None:
    """Plan-time check: every spec's kind is registered and its params validate against the
    kind's model. Raises ValueError naming the first bad spec and the first problem."""
    if any(spec.kind not in _KINDS for spec in specs):
        for load in _BEFORE_CHECK:
            load()
    for spec in specs:
        if spec.kind not in _KINDS:
            raise ValueError(
                f"trial {spec.case_id}: unknown trial kind {spec.kind!r} "
                f"(registered: {', '.join(sorted(_KINDS))}); import the module that registers it"
            )
        model = _KINDS[spec.kind]
        if model is None:
            continue
        try:
            model.model_validate(spec.params)
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise ValueError(
                f"trial {spec.case_id} ({spec.kind}): params.{where}: {first['msg']}"
            ) from None


def content_hash(data: Any) -> str:
    """Stable short hash of JSON-able data (sorted keys), e.g. of a case's files or a plan row."""
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


class TrialSpec(Record):
    """One trial to run: a case (or task) in one variant against one agent and model, in one
    epoch, of one ``kind``."""

    kind: str = DEFAULT_KIND
    """Which layer's trial this is (``safety``, ``harden``, ...); its ``params`` follow that
    kind's registered model (:func:`register_kind`)."""
    case_id: str
    """The case's id (safety) or the task's id (harden)."""
    case_hash: str
    """Hash of the case's content: editing a case makes new keys, so old results stay honest."""
    variant: str
    """``benign``, ``single`` or ``multi`` for safety cases; ``original`` or ``separated`` for
    hardening tasks; free text for other users."""
    agent: str
    model: str
    controller_model: str | None = None
    mode: str = "adaptive"
    """``adaptive`` or ``static`` (the controller's first message only)."""
    defence: str = "none"
    """The defence config the agent ran behind (``none``, ``spotlight``, ``guard=SPEC``, stacked
    with ``+``); see docs/defences.md. Part of the key unless ``none``."""
    tools: str = ""
    """For an agent framework, which tools it worked with: ``gateway`` (the gateway's MCP tools
    only), ``native`` (its own tools on the workspace) or ``both``; "" for an agent without tools
    of its own. Part of the key when ``native`` or ``both`` (``gateway`` is what frameworks
    did before the choice existed)."""
    epoch: int = 0
    risk: str | None = None
    attack: str | None = None
    environment: str | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    """Free, JSON-able settings for the trial function (budgets, injections, ...)."""

    @property
    def key(self) -> str:
        """Primary key in the store: what makes two trials 'the same trial' for resume.

        Labels, the controller model and (for safety cases) params are deliberately left out:
        they describe a trial, they do not make it a different one. Other kinds' params are
        typed and say what is played (a hardening exploit's script, thresholds), so they are
        part of the key, with the kind; keys of safety specs are unchanged.
        """
        parts: list[Any] = [self.case_hash, self.variant, self.agent, self.model, self.mode]
        parts.append(self.epoch)
        if self.defence and self.defence != "none":
            parts.append({"defence": self.defence})  # keys of runs without defences unchanged
        if self.tools in ("native", "both"):
            parts.append({"tools": self.tools})  # keys of gateway-only frameworks unchanged
        if self.kind != DEFAULT_KIND:
            parts.append({"kind": self.kind, "params": content_hash(self.params)})
        return content_hash(parts)


class TrialErrorRecord(Record):
    """Why a trial produced no decision."""

    kind: ErrorKind
    message: BoundedText = ""
    """One line, for people (the exception type and its first line; cut at
    :data:`vera.records.TEXT_LIMIT`)."""
    phase: Phase | None = None
    """The phase that failed (None: not said, in results stored before the lifecycle)."""

    @field_validator("phase", mode="before")
    @classmethod
    def _today(cls, v: object) -> object:
        return LEGACY_PHASES.get(v, v) if isinstance(v, str) else v  # env -> setup, agent -> act


class TrialResult(Record):
    """How one trial ended, with pointers to its evidence.

    A trial function fills in the outcome and what it measured; the runner stamps ``key``,
    ``spec``, the timings and ``evidence_dir`` itself, so a trial function cannot get them wrong.
    """

    key: str = ""
    spec: TrialSpec | None = None
    outcome: Outcome
    verdict: Verdict | None = None
    utility: bool | None = None
    """Whether the benign task got done, when the case can tell."""
    usage: dict[str, Usage] = Field(default_factory=dict)
    """Usage per LLM role (``target``, ``controller``, ...)."""
    error: TrialErrorRecord | None = None
    started_at: datetime = Field(default_factory=utcnow)
    ended_at: datetime = Field(default_factory=utcnow)
    duration_s: float = 0.0
    evidence_dir: str = ""
    """Relative to the run directory, e.g. ``trials/<key>``."""
    n_turns: int = 0
    tactics: list[str] = Field(default_factory=list)
    """The controller's record of tactics tried, in order."""
    defence_actions: dict[str, int] = Field(default_factory=dict)
    """Calls the trial's defences acted on, by action (``blocked``, ``replaced``, ...)."""
    reward: float | None = None
    """A task's reward (hardening trials); None when there is none or the verifier failed."""
    passed: bool | None = None
    """reward >= the task's benign threshold tau_s (hardening trials)."""
    hacked: bool | None = None
    """reward >= the task's attack threshold tau_h (hardening trials)."""
    measures: dict[str, Any] = Field(default_factory=dict)
    """Other JSON-able facts a kind records about the trial (notes, exit codes, ...)."""
    phases: list[PhaseRecord] = Field(default_factory=list)
    """The trial's four phases in order (setup, act, verify, teardown), each with its timing
    and how it ended (:mod:`vera.runner.lifecycle` stamps them); empty in results stored
    before the lifecycle existed."""
    budget_stop: str | None = None
    """Set when the run's budget stopped the trial in the middle (an agent's model request was
    refused at the cap): the driver does not record such a result, it counts its ``usage``
    (``vera.runner.budget``), and a resume plays the trial again."""

    @model_validator(mode="after")
    def _consistent(self) -> TrialResult:
        if self.outcome in ERROR_OUTCOMES:
            if self.error is None:
                self.error = TrialErrorRecord(kind=self.outcome.value)  # type: ignore[arg-type]
            elif self.error.kind != self.outcome.value:
                raise ValueError(f"error kind {self.error.kind} under outcome {self.outcome}")
        elif self.error is not None:
            raise ValueError(f"outcome {self.outcome} cannot carry an error (errors are outcomes)")
        decided = self.verdict is not None and self.outcome not in ERROR_OUTCOMES
        if decided and self.verdict.violated != (self.outcome is Outcome.violated):  # type: ignore[union-attr]
            raise ValueError(f"verdict violated={self.verdict.violated} under {self.outcome}")
        return self

    @property
    def total_usage(self) -> Usage:
        total = Usage()
        for usage in self.usage.values():
            total = total + usage
        return total


TrialFn = Callable[..., Awaitable[TrialResult]]
"""``async def trial(spec: TrialSpec, trial_dir: Path, **trial_args) -> TrialResult``.

A plain trial function is played as the ``act`` phase of a one-phase kind
(:class:`vera.runner.lifecycle.FunctionTrial`); pillars register a
:class:`~vera.runner.lifecycle.TrialKind` instead. Writes its evidence under ``trial_dir`` (``evidence/trajectory.json``, ``evidence/trace.jsonl``,
``evidence/diff.json``, ...). Raise :class:`AgentError` for a failure of the agent under test;
any other exception is recorded as ``infra_error``. For the Ray executor it must be a
module-level function, named by a dotted path ``module:function``; ``trial_args`` must be JSON.
"""


def one_line(exc: BaseException) -> str:
    """``Type: first line of the message`` — what a table cell and a log line can hold."""
    text = str(exc).strip().splitlines()
    first = text[0] if text else ""
    name = type(exc).__name__
    return f"{name}: {first}"[:300] if first else name


def lost_trial(spec: TrialSpec, exc: BaseException) -> TrialResult:
    """The result of a trial an executor could not get back (its worker or task died): an
    ``infra_error`` for that trial only, with the failure's one-line message."""
    return TrialResult(
        key=spec.key,
        spec=spec,
        outcome=Outcome.infra_error,
        error=TrialErrorRecord(kind="infra_error", message=one_line(exc)),
    )


def trial_dir_for(run_dir: Path, key: str) -> Path:
    return run_dir / "trials" / key
