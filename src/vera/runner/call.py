"""The one guarded call of a trial: whatever it does — return, raise, hang — becomes a
``TrialResult`` with its four phase records. Every executor (local, worker processes, Ray)
calls trials through :func:`guarded_trial`, so a trial behaves the same wherever it runs.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from vera.runner.evidence import TrialEvidence
from vera.runner.lifecycle import FunctionTrial, TrialKind, kind_named, live
from vera.runner.spec import TrialFn, TrialResult, TrialSpec


def resolve_trial_fn(fn: TrialFn | str) -> TrialFn:
    """A trial function from itself or from its dotted path ``module:function``."""
    if not isinstance(fn, str):
        return fn
    module, sep, name = fn.partition(":")
    if not sep:
        raise ValueError(f"trial function {fn!r}: expected 'module:function'")
    obj: Any = importlib.import_module(module)
    for part in name.split("."):
        obj = getattr(obj, part)
    if not callable(obj):
        raise TypeError(f"{fn} is not callable")
    return obj  # type: ignore[no-any-return]


def dotted_path(fn: TrialFn | str) -> str:
    """The ``module:function`` path of a module-level function (what Ray workers import)."""
    if isinstance(fn, str):
        return fn
    path = f"{fn.__module__}:{fn.__qualname__}"
    try:
        same = resolve_trial_fn(path) is fn
    except (ImportError, AttributeError):
        same = False
    if not same or "<locals>" in path:
        raise ValueError(
            f"trial function {path} is not importable by that name; "
            "use a module-level function (closures and lambdas cannot be shipped to workers)"
        )
    return path


async def guarded_trial(
    fn: TrialFn | None,
    spec: TrialSpec,
    trial_dir: Path,
    *,
    time_limit_s: float | None = None,
    trial_args: dict[str, Any] | None = None,
) -> TrialResult:
    """Run one trial through the lifecycle (:func:`vera.runner.lifecycle.live`) and always
    return a result, stamped with key, spec, timings and its four phase records.

    ``fn`` None plays the spec's registered kind; a plain trial function is played as
    :class:`~vera.runner.lifecycle.FunctionTrial`. Whatever the trial does (return, raise,
    hang) becomes the result: a time limit ``timeout`` (evidence written so far stays),
    ``AgentError`` ``agent_error``, any other exception ``infra_error`` with a one-line message;
    ``BudgetReached`` (a cap stopped the agent in the middle) a result marked ``budget_stop``,
    which the driver counts and does not record."""
    args = trial_args or {}

    def make(evidence: TrialEvidence) -> TrialKind:
        if fn is not None:
            return FunctionTrial(fn, spec, trial_dir, evidence, **args)
        return kind_named(spec.kind)(spec, trial_dir, evidence, **args)

    return await live(spec, trial_dir, make, time_limit_s=time_limit_s)


__all__ = ["dotted_path", "guarded_trial", "resolve_trial_fn"]
