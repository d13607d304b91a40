"""Run a plan: guard each trial, schedule trials on an executor, record results as they land.

:func:`guarded_trial` is the one place that turns whatever a trial function does — return,
raise, hang — into a ``TrialResult``; both executors use it, so a trial behaves the same
locally and on Ray. The driver (:func:`execute`) alone writes the store.
"""

from __future__ import annotations

import asyncio
import importlib
import time
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from vera.records import Outcome, utcnow
from vera.runner.limits import Limits, LimitsConfig, use_limits
from vera.runner.progress import RunProgress
from vera.runner.spec import AgentError, TrialError, TrialFn, TrialResult, TrialSpec, one_line
from vera.runner.store import RunConfig, RunStore


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
    ``infra_error`` with a one-line message. The result is stamped with key, spec and timings."""
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


class Executor(Protocol):
    """Runs specs and yields results to ``on_result`` as each finishes (any order).

    ``prepare(spec)`` gives the trial directory to use on the driver; the executor must have
    written the trial's evidence there by the time it calls ``on_result``.
    """

    async def run(
        self,
        specs: list[TrialSpec],
        prepare: Callable[[TrialSpec], Path],
        on_result: Callable[[TrialResult], Awaitable[None]],
    ) -> None: ...


class LocalExecutor:
    """Trials as asyncio tasks in this process, at most ``limits.trials`` at once."""

    def __init__(
        self,
        trial_fn: TrialFn | str,
        *,
        limits: LimitsConfig,
        time_limit_s: float | None = None,
        trial_args: dict[str, Any] | None = None,
    ) -> None:
        self.trial_fn = resolve_trial_fn(trial_fn)
        self.limits = limits
        self.time_limit_s = time_limit_s
        self.trial_args = trial_args or {}

    async def run(
        self,
        specs: list[TrialSpec],
        prepare: Callable[[TrialSpec], Path],
        on_result: Callable[[TrialResult], Awaitable[None]],
    ) -> None:
        use_limits(Limits(self.limits))  # child tasks inherit the context
        gate = asyncio.Semaphore(max(self.limits.trials, 1))

        async def one(spec: TrialSpec) -> None:
            async with gate:
                result = await guarded_trial(
                    self.trial_fn,
                    spec,
                    prepare(spec),
                    time_limit_s=self.time_limit_s,
                    trial_args=self.trial_args,
                )
                await on_result(result)

        async with asyncio.TaskGroup() as tg:
            for spec in specs:
                tg.create_task(one(spec))


def make_executor(store: RunStore, trial_fn: TrialFn | str | None) -> Executor:
    """The executor named in the run's config."""
    cfg = store.config
    fn = trial_fn if trial_fn is not None else cfg.trial_fn
    if fn is None:
        raise ValueError("no trial function: pass one, or create the run with trial_fn set")
    if cfg.executor == "ray":
        from vera.runner.ray_executor import RayExecutor

        return RayExecutor(
            dotted_path(fn),
            address=cfg.ray_address,
            limits=cfg.limits,
            time_limit_s=cfg.time_limit_s,
            trial_args=cfg.trial_args,
            cpus_per_trial=cfg.ray_cpus_per_trial,
        )
    if cfg.workers > 1:
        from vera.runner.workers import WorkerPoolExecutor

        return WorkerPoolExecutor(
            dotted_path(fn),
            workers=cfg.workers,
            limits=cfg.limits,
            log_dir=store.run_dir / "workers",
            time_limit_s=cfg.time_limit_s,
            trial_args=cfg.trial_args,
        )
    return LocalExecutor(
        fn,
        limits=cfg.limits,
        time_limit_s=cfg.time_limit_s,
        trial_args=cfg.trial_args,
    )


async def execute(
    store: RunStore,
    trial_fn: TrialFn | str | None = None,
    *,
    executor: Executor | None = None,
    progress: bool = True,
) -> list[TrialResult]:
    """Run every planned trial that has no row yet; return the results recorded now.

    Finished trials the store lacks (``result.json`` without a row: a lost or emptied store) are
    indexed first (:meth:`RunStore.reconcile`, which refuses results that do not match the
    plan); orphan trial directories (a killed run's unfinished trials) are then deleted.
    """
    store.reconcile()
    store.clear_orphans()
    todo = store.missing()
    ex = executor or make_executor(store, trial_fn)
    recorded: list[TrialResult] = []
    done_before = len(store.plan) - len(todo)
    # Recording fsyncs; a pool of its own keeps it off the event loop without queueing behind
    # (or starving) the default pool that trial functions use for their own blocking work.
    io_pool = ThreadPoolExecutor(
        max_workers=min(32, max(4, store.config.limits.trials)), thread_name_prefix="vera-store"
    )
    loop = asyncio.get_running_loop()
    with (
        io_pool,
        RunProgress(total=len(store.plan), done=done_before, enabled=progress) as bar,
    ):

        async def on_result(result: TrialResult) -> None:
            rel = store.trial_dir(result.key).relative_to(store.run_dir).as_posix()
            result = result.model_copy(update={"evidence_dir": rel})
            await loop.run_in_executor(io_pool, store.record, result)
            recorded.append(result)
            bar.add(result.outcome)

        await ex.run(todo, lambda s: store.fresh_trial_dir(s.key), on_result)
    return recorded


async def run(
    run_dir: Path,
    plan: Iterable[TrialSpec],
    trial_fn: TrialFn | str,
    config: RunConfig | None = None,
    *,
    progress: bool = True,
) -> RunStore:
    """Create a run directory for ``plan`` and run it to the end. Returns the (open) store."""
    config = config or RunConfig()
    if config.trial_fn is None:
        try:
            config = config.model_copy(update={"trial_fn": dotted_path(trial_fn)})
        except ValueError:
            if config.executor == "ray" or config.workers > 1:
                raise
    store = RunStore.create(Path(run_dir), plan, config)
    await execute(store, trial_fn, progress=progress)
    return store


async def resume(
    run_dir: Path, trial_fn: TrialFn | str | None = None, *, progress: bool = True
) -> RunStore:
    """Finish an interrupted run: only the trials without a row are run."""
    store = RunStore.open(Path(run_dir))
    await execute(store, trial_fn, progress=progress)
    return store
