"""The one trial lifecycle: ``setup → act → verify → teardown``, for every kind of trial.

A trial *kind* (a safety case played against an agent, a hardening task played by an exploit,
a plug-in's own) is a :class:`TrialKind` subclass registered by name with :func:`trial_kind`
or through the ``vera.trial_kinds`` entry point group (:mod:`vera.plugins`). It supplies the
phases; :func:`live` plays them, the same way in every executor (in process, in worker
processes, on Ray):

- each phase runs under its own limit (:meth:`TrialKind.limits`), and setup, act and verify
  also under what is left of the run's per-trial limit (``--time-limit``);
- each phase leaves a :class:`~vera.runner.phases.PhaseRecord` with its timing; one that was
  never reached is ``skipped``; every result carries the four, in order;
- a failure is a typed exception (:mod:`vera.runner.phases`): a kind raises one itself
  (``AgentError`` when the agent under test failed), anything else raised in a phase becomes
  that phase's ``SetupError`` / ``ActError`` / ``VerifierError`` / ``TeardownError``, and a
  phase past its limit raises ``SetupTimeout`` / ``AgentTimeout`` / ``VerifierTimeout`` /
  ``TeardownTimeout``. The type decides the outcome (``infra_error``, ``agent_error``,
  ``timeout``); the failed phase is on the result's error;
- teardown always runs once setup began, after a failure or a cancellation too; a teardown
  failure is recorded on its phase and never overturns a decision already reached;
- the kind gets the trial's ``evidence/`` only through a :class:`TrialEvidence` the lifecycle
  makes: the lifecycle is the one writer of that folder.

Who calls whom::

    executor (local | workers | Ray) → guarded_trial → live(kind) → kind.setup/act/verify/teardown
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel

from vera.models.errors import BudgetReached
from vera.plugins import Registry
from vera.records import Outcome, Usage, utcnow
from vera.runner.evidence import TrialEvidence
from vera.runner.phases import (
    FAILURES,
    PHASES,
    TIMEOUTS,
    PhaseError,
    PhaseLimits,
    PhaseName,
    PhaseRecord,
    skipped,
)
from vera.runner.spec import (
    TrialErrorRecord,
    TrialFn,
    TrialResult,
    TrialSpec,
    before_check,
    one_line,
    register_kind,
)


class TrialKind:
    """One trial of one kind, played by :func:`live`: a subclass per kind, an instance per trial.

    ``setup`` makes the world and the agent ready, ``act`` lets the agent work, ``verify``
    judges the evidence and returns the :class:`TrialResult` (outcome, verdict or reward,
    usage, measures), ``teardown`` closes what setup opened (it runs whatever happened before,
    so it must cope with a setup that stopped half way). A phase raises a typed error of
    :mod:`vera.runner.phases` where it knows what failed; anything else is the phase's own
    infrastructure error. ``evidence`` is the only way into the trial's ``evidence/`` folder.
    """

    name: ClassVar[str] = ""
    params: ClassVar[type[BaseModel] | None] = None
    """The pydantic model the kind's specs' ``params`` must satisfy (checked at plan time)."""
    aliases: ClassVar[tuple[str, ...]] = ()
    """Dotted trial-function paths (``module:function``) that runs stored before kinds existed
    name in their ``run.json``: resuming one of those plays this kind."""

    def __init__(
        self, spec: TrialSpec, trial_dir: Path, evidence: TrialEvidence, **args: Any
    ) -> None:
        self.spec = spec
        self.trial_dir = Path(trial_dir)
        self.evidence = evidence
        self.args = args

    def limits(self) -> PhaseLimits:
        """Each phase's limit; asked before every phase (setup may learn act's, from a case)."""
        return PhaseLimits()

    async def setup(self) -> None:
        return None

    async def act(self) -> None:
        return None

    async def verify(self) -> TrialResult:
        raise NotImplementedError(f"trial kind {self.name!r} does not verify")

    async def teardown(self) -> None:
        return None

    def usage(self) -> dict[str, Usage]:
        """What the trial spent so far, per role: kept on a failed trial's result (paid
        requests stay counted)."""
        return {}

    @classmethod
    def process_setup(cls, limits: Any) -> contextlib.AbstractAsyncContextManager[Any] | None:
        """An async context a worker process enters once around all its trials of this kind
        (e.g. one model runtime), or None."""
        return None


def _check(name: str, cls: type[TrialKind]) -> str | None:
    if not (isinstance(cls, type) and issubclass(cls, TrialKind)):
        return "not a subclass of vera.runner.lifecycle.TrialKind"
    return None


def _adopt(name: str, cls: Any) -> type[TrialKind]:
    """A kind an entry point names directly (not a module that decorates it): named and its
    params model declared as the decorator would."""
    if _check(name, cls) is None:
        cls.name = name
        register_kind(name, cls.params)
    return cls  # type: ignore[no-any-return]


TRIAL_KINDS: Registry[type[TrialKind]] = Registry(
    "trial kind", "vera.trial_kinds", adopt=_adopt, check=_check
)
"""Every trial kind by name: vera's own (``safety``, ``harden``) register when their pillar's
``kind`` module is imported; plug-ins through the ``vera.trial_kinds`` entry point group."""

before_check(TRIAL_KINDS.load_plugins)  # a plan of a plug-in's kind is checked with its params


def trial_kind(name: str, *, builtin: bool = False) -> Callable[[type[TrialKind]], type[TrialKind]]:
    """Class decorator: register a :class:`TrialKind` subclass as the kind ``name`` (its params
    model with it, for plan-time checks). vera's own kinds pass ``builtin=True``."""

    def add(cls: type[TrialKind]) -> type[TrialKind]:
        cls.name = name
        TRIAL_KINDS.register(name, cls, builtin=builtin)
        register_kind(name, cls.params)
        return cls

    return add


def kind_named(name: str) -> type[TrialKind]:
    """The registered kind ``name``; SetupError naming the known ones when there is none."""
    if name not in TRIAL_KINDS:
        known = ", ".join(TRIAL_KINDS.names()) or "none"
        raise KeyError(f"no trial kind {name!r} is registered (known: {known})")
    return TRIAL_KINDS[name]


def kind_of_alias(trial_fn: str | None) -> type[TrialKind] | None:
    """The registered kind that replaced the trial function ``trial_fn`` (an old run.json)."""
    if not trial_fn:
        return None
    for name in TRIAL_KINDS.names():
        if trial_fn in TRIAL_KINDS[name].aliases:
            return TRIAL_KINDS[name]
    return None


def kind_modules(names: set[str]) -> list[str]:
    """The modules that register the kinds ``names`` (a worker process imports them before
    its first trial); unregistered names are left to the worker's own lookup."""
    return sorted({TRIAL_KINDS[n].__module__ for n in names if n in TRIAL_KINDS})


class FunctionTrial(TrialKind):
    """A plain trial function (``async def fn(spec, trial_dir, **args) -> TrialResult``) as a
    kind: it plays everything in ``act`` (set-up, agent and judging are its own business), and
    ``verify`` hands back what it returned. For the runner's tests, benchmarks and callers that
    have no kind of their own; such a function writes its evidence itself."""

    name = "function"

    def __init__(
        self, fn: TrialFn, spec: TrialSpec, trial_dir: Path, evidence: TrialEvidence, **args: Any
    ) -> None:
        super().__init__(spec, trial_dir, evidence, **args)
        self.fn = fn
        self._result: TrialResult | None = None

    def limits(self) -> PhaseLimits:
        return PhaseLimits(setup=None, act=None, verify=None)

    async def act(self) -> None:
        result = await self.fn(self.spec, self.trial_dir, **self.args)
        if not isinstance(result, TrialResult):
            raise TypeError(f"trial function returned {type(result).__name__}, not TrialResult")
        self._result = result

    async def verify(self) -> TrialResult:
        assert self._result is not None
        return self._result


class _Failed(Exception):
    """A phase's typed failure with the one line the trial's error keeps."""

    def __init__(self, error: PhaseError | BudgetReached, phase: PhaseName, line: str) -> None:
        super().__init__(line)
        self.error, self.phase, self.line = error, phase, line


async def _phase(
    phase: PhaseName,
    run: Callable[[], Awaitable[Any]],
    limits: Callable[[], PhaseLimits],
    records: dict[PhaseName, PhaseRecord],
    *,
    deadline: float | None,
    trial_limit: float | None,
) -> Any:
    """Run one phase under its limit and record it; raise _Failed with the typed error."""
    started, t0 = utcnow(), time.perf_counter()
    own: float | None = None
    try:
        own = limits().of(phase)
    except Exception:  # the kind cannot say: the phase runs under the trial's limit alone
        own = None if phase != "teardown" else PhaseLimits().teardown
    left = None if deadline is None or phase == "teardown" else max(deadline - t0, 0.0)
    bound = [x for x in (own, left) if x is not None]
    limit = min(bound) if bound else None
    by_trial = left is not None and limit == left and (own is None or left < own)
    failure: PhaseError | BudgetReached
    try:
        async with asyncio.timeout(limit) as cm:
            out = await run()
    except PhaseError as exc:
        failure, line = exc, one_line(exc)
    except BudgetReached as exc:
        failure, line = exc, one_line(exc)
    except TimeoutError as exc:
        if cm.expired():
            line = (f"trial exceeded {trial_limit:g} s" if by_trial and trial_limit
                    else f"{phase} exceeded {limit:g} s")  # fmt: skip
        else:  # the kind's own budget ran out inside the phase
            line = one_line(exc) if str(exc) else f"TimeoutError: the {phase} phase ran out of time"
        failure = TIMEOUTS[phase](line)
        failure.__cause__ = exc
    except Exception as exc:
        line = one_line(exc)
        failure = FAILURES[phase](line)
        failure.__cause__ = exc
    else:
        records[phase] = PhaseRecord(
            phase=phase, status="ok", started_at=started, ended_at=utcnow(),
            duration_s=time.perf_counter() - t0, limit_s=limit,
        )  # fmt: skip
        return out
    records[phase] = PhaseRecord(
        phase=phase, status="failed", started_at=started, ended_at=utcnow(),
        duration_s=time.perf_counter() - t0, limit_s=limit,
        error_type=type(failure).__name__, error=line,
    )  # fmt: skip
    raise _Failed(failure, phase, line)


async def live(
    spec: TrialSpec,
    trial_dir: Path,
    make: Callable[[TrialEvidence], TrialKind],
    *,
    time_limit_s: float | None = None,
) -> TrialResult:
    """Play one trial through its four phases and always return its result (see the module
    docstring). ``make(evidence)`` builds the kind's trial object (as part of setup: a kind
    that cannot be built is a setup failure). A cancellation still tears the trial down, then
    propagates."""
    started, t0 = utcnow(), time.perf_counter()
    deadline = t0 + time_limit_s if time_limit_s is not None else None
    records: dict[PhaseName, PhaseRecord] = {}
    box: list[TrialKind] = []
    result: TrialResult | None = None
    failed: _Failed | None = None
    spent: dict[str, Usage] = {}

    try:  # built before setup's clock starts (its limit is the kind's), failing as setup
        box.append(make(TrialEvidence(trial_dir)))
        unbuilt: Exception | None = None
    except Exception as exc:
        unbuilt = exc

    async def setup() -> None:
        if unbuilt is not None:
            raise unbuilt
        await box[0].setup()

    def limits() -> PhaseLimits:
        return box[0].limits() if box else PhaseLimits()

    async def verify() -> TrialResult:
        out = await box[0].verify()
        if not isinstance(out, TrialResult):
            raise TypeError(f"{type(box[0]).__name__}.verify returned {type(out).__name__}")
        return out

    steps: dict[PhaseName, Callable[[], Awaitable[Any]]] = {
        "setup": setup,
        "act": lambda: box[0].act(),
        "verify": verify,
    }
    try:
        for phase in ("setup", "act", "verify"):
            try:
                out = await _phase(
                    phase, steps[phase], limits, records,  # type: ignore[arg-type]
                    deadline=deadline, trial_limit=time_limit_s,
                )  # fmt: skip
            except _Failed as exc:
                failed = exc
                spent = _usage_of(box, exc)
                break
            if phase == "verify":
                result = out
    finally:
        if box:
            try:
                await _phase("teardown", box[0].teardown, limits, records,
                             deadline=None, trial_limit=None)  # fmt: skip
            except _Failed as exc:
                if failed is None and result is None:
                    failed = exc
    phases = [records.get(p) or skipped(p) for p in PHASES]
    if failed is not None and result is None:
        result = _failure_result(failed, spent)
    assert result is not None
    return result.model_copy(
        update={
            "key": spec.key, "spec": spec, "started_at": started, "ended_at": utcnow(),
            "duration_s": time.perf_counter() - t0, "phases": phases,
        }
    )  # fmt: skip


def _usage_of(box: list[TrialKind], failed: _Failed) -> dict[str, Usage]:
    """A failed trial's spend: the kind's own count, else what the failure carried
    (``exc.vera_usage``, a dict of role -> Usage, looked for along the exception chain)."""
    if box:
        try:
            usage = box[0].usage()
        except Exception:
            usage = {}
        if usage:
            return dict(usage)
    seen: set[int] = set()
    cur: BaseException | None = failed.error
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        usage = getattr(cur, "vera_usage", None)
        if isinstance(usage, dict) and usage:
            return {
                str(k): v if isinstance(v, Usage) else Usage.model_validate(v)
                for k, v in usage.items()
            }
        cur = cur.__cause__ or cur.__context__
    return {}


def _failure_result(failed: _Failed, spent: dict[str, Usage]) -> TrialResult:
    err = failed.error
    if isinstance(err, BudgetReached):  # stopped at the cap: not an outcome, never recorded
        return TrialResult(
            outcome=Outcome.infra_error,
            error=TrialErrorRecord(kind="infra_error", message=failed.line, phase=failed.phase),
            budget_stop=str(err) or "the run's budget was reached",
            usage=spent,
        )
    measures = getattr(err, "measures", None)
    return TrialResult(
        outcome=Outcome(err.outcome),
        error=TrialErrorRecord(kind=err.outcome, message=failed.line, phase=failed.phase),
        usage=spent,
        measures=dict(measures) if isinstance(measures, dict) else {},
    )


__all__ = [
    "TRIAL_KINDS",
    "FunctionTrial",
    "TrialKind",
    "kind_modules",
    "kind_named",
    "kind_of_alias",
    "live",
    "trial_kind",
]
