"""The one guarded call of a trial function: whatever it does — return, raise, hang — becomes a
``TrialResult``. Every executor (local, worker processes, Ray) calls trials through
:func:`guarded_trial`, so a trial behaves the same wherever it runs.
"""

from __future__ import annotations

import asyncio
import importlib
import time
from pathlib import Path
from typing import Any

from vera.models.errors import BudgetReached
from vera.records import Outcome, utcnow
from vera.runner.spec import AgentError, TrialError, TrialFn, TrialResult, TrialSpec, one_line


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
    fn: TrialFn,
    spec: TrialSpec,
    trial_dir: Path,
    *,
    time_limit_s: float | None = None,
    trial_args: dict[str, Any] | None = None,
) -> TrialResult:
    """Run one trial and always return a result: a time limit becomes ``timeout`` (evidence
    written so far stays), ``AgentError`` becomes ``agent_error``, any other exception
    ``infra_error`` with a one-line message; ``BudgetReached`` (a cap stopped the agent in the
    middle) a result marked ``budget_stop``, which the driver counts and does not record. The
    result is stamped with key, spec and timings."""
    started = utcnow()
    t0 = time.perf_counter()
    failure: BaseException | None = None
    try:
        async with asyncio.timeout(time_limit_s):
            result = await fn(spec, trial_dir, **(trial_args or {}))
        if not isinstance(result, TrialResult):
            raise TypeError(f"trial function returned {type(result).__name__}, not TrialResult")
    except TimeoutError as exc:  # the run's limit, or the trial's own budget
        failure = exc
        message = one_line(exc) if str(exc) else "TimeoutError: the trial's time budget ran out"
        if time_limit_s is not None and time.perf_counter() - t0 >= time_limit_s:
            message = f"trial exceeded {time_limit_s:g} s"
        result = TrialResult(
            outcome=Outcome.timeout, error=TrialError(kind="timeout", message=message)
        )
    except BudgetReached as exc:  # stopped at the cap: not an outcome, never recorded
        failure = exc
        result = TrialResult(
            outcome=Outcome.infra_error,
            error=TrialError(kind="infra_error", message=one_line(exc)),
            budget_stop=str(exc) or "the run's budget was reached",
        )
    except AgentError as exc:
        failure = exc
        result = TrialResult(
            outcome=Outcome.agent_error, error=TrialError(kind="agent_error", message=one_line(exc))
        )
    except Exception as exc:  # never crash the run: the failure is the trial's outcome
        failure = exc
        result = TrialResult(
            outcome=Outcome.infra_error, error=TrialError(kind="infra_error", message=one_line(exc))
        )
    if failure is not None and not result.usage:
        result = result.model_copy(update={"usage": _partial_usage(failure)})
    duration = time.perf_counter() - t0
    return result.model_copy(
        update={
            "key": spec.key,
            "spec": spec,
            "started_at": started,
            "ended_at": utcnow(),
            "duration_s": duration,
        }
    )


def _partial_usage(exc: BaseException) -> dict[str, Any]:
    """Usage a failed trial reported on its exception (``exc.vera_usage``, a dict of role ->
    Usage), looked for along the chain (a time limit raises TimeoutError from the cancellation
    the trial saw): paid requests stay counted when the trial fails."""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        seen.add(id(cur))
        usage = getattr(cur, "vera_usage", None)
        if isinstance(usage, dict) and usage:
            from vera.records import Usage

            return {
                str(k): v if isinstance(v, Usage) else Usage.model_validate(v)
                for k, v in usage.items()
            }
        cur = cur.__cause__ or cur.__context__
    return {}


__all__ = ["dotted_path", "guarded_trial", "resolve_trial_fn"]
