"""Run a plan: schedule trials on an executor, record results as they land.

Every executor runs a trial through :func:`vera.runner.call.guarded_trial`, so a trial behaves
the same locally, in worker processes and on Ray. The driver (:func:`execute`) alone writes the
store.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol

from vera.runner.budget import BUDGET_JSON, Budget, BudgetConfig, read_budget, use_budget
from vera.runner.call import dotted_path, guarded_trial, resolve_trial_fn
from vera.runner.lifecycle import kind_modules, kind_of_alias
from vera.runner.limits import LimitsConfig, ResourceGate, use_limits
from vera.runner.lock import writer_lock
from vera.runner.progress import RunProgress
from vera.runner.spec import TrialFn, TrialResult, TrialSpec
from vera.runner.store import RunConfig, RunStore, write_atomic


class Executor(Protocol):
    """Runs specs and yields results to ``on_result`` as each finishes (any order).

    ``prepare(spec)`` gives the trial directory to use on the driver, called when the trial is
    about to start; None means it must not start (the run's budget is spent): skip it. The
    executor must have written the trial's evidence there by the time it calls ``on_result``.
    """

    async def run(
        self,
        specs: list[TrialSpec],
        prepare: Callable[[TrialSpec], Path | None],
        on_result: Callable[[TrialResult], Awaitable[None]],
    ) -> None: ...


class LocalExecutor:
    """Trials as asyncio tasks in this process, at most ``limits.trials`` at once."""

    def __init__(
        self,
        trial_fn: TrialFn | str | None,
        *,
        limits: LimitsConfig,
        time_limit_s: float | None = None,
        trial_args: dict[str, Any] | None = None,
    ) -> None:
        self.trial_fn = resolve_trial_fn(trial_fn) if trial_fn is not None else None
        self.limits = limits
        self.time_limit_s = time_limit_s
        self.trial_args = trial_args or {}

    async def run(
        self,
        specs: list[TrialSpec],
        prepare: Callable[[TrialSpec], Path | None],
        on_result: Callable[[TrialResult], Awaitable[None]],
    ) -> None:
        use_limits(ResourceGate(self.limits))  # child tasks inherit the context
        gate = asyncio.Semaphore(max(self.limits.trials, 1))

        async def one(spec: TrialSpec) -> None:
            async with gate:
                trial_dir = prepare(spec)
                if trial_dir is None:  # the run's budget is spent
                    return
                result = await guarded_trial(
                    self.trial_fn,
                    spec,
                    trial_dir,
                    time_limit_s=self.time_limit_s,
                    trial_args=self.trial_args,
                )
                await on_result(result)

        async with asyncio.TaskGroup() as tg:
            for spec in specs:
                tg.create_task(one(spec))


def trial_fn_of(store: RunStore, trial_fn: TrialFn | str | None) -> TrialFn | str | None:
    """The trial function a run is played with, or None: every spec plays its registered kind
    through the lifecycle. A dotted path that a registered kind replaced (``aliases``: a run
    stored before kinds existed) is that kind too."""
    fn = trial_fn if trial_fn is not None else store.config.trial_fn
    if isinstance(fn, str):
        if kind_of_alias(fn) is None:  # the module it names may register the kind that replaced it
            with contextlib.suppress(ImportError):
                importlib.import_module(fn.partition(":")[0])
        if kind_of_alias(fn) is not None:
            return None
    return fn


def make_executor(store: RunStore, trial_fn: TrialFn | str | None) -> Executor:
    """The executor named in the run's config; trials play their kinds unless a trial
    function is given (or named in the run's config)."""
    cfg = store.config
    fn = trial_fn_of(store, trial_fn)
    modules = kind_modules({s.kind for s in store.plan}) if fn is None else []
    if cfg.executor == "ray":
        from vera.runner.ray_executor import RayExecutor

        return RayExecutor(
            dotted_path(fn) if fn is not None else None,
            address=cfg.ray_address,
            limits=cfg.limits,
            time_limit_s=cfg.time_limit_s,
            trial_args=cfg.trial_args,
            cpus_per_trial=cfg.ray_cpus_per_trial,
            kind_modules=modules,
        )
    if cfg.workers > 1:
        from vera.runner.workers import WorkerPoolExecutor

        return WorkerPoolExecutor(
            dotted_path(fn) if fn is not None else None,
            workers=cfg.workers,
            limits=cfg.limits,
            log_dir=store.run_dir / "workers",
            time_limit_s=cfg.time_limit_s,
            trial_args=cfg.trial_args,
            kind_modules=modules,
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

    The run's budget (``config.budget``) is seeded with every finished trial's usage (and the
    spend of trials a cap stopped in an earlier session) and asked before each trial starts; a
    trial it refuses stays without a row, for a resume with a higher cap. Trials played in this
    process reach it through ``current_budget()`` and are stopped at a cap in the middle (their
    results come back marked ``budget_stop``: counted, not recorded). When the run has caps,
    ``RUN_DIR/budget.json`` gets the budget's status.
    """
    with writer_lock(store.run_dir):
        return await _execute(store, trial_fn, executor=executor, progress=progress)


async def _execute(
    store: RunStore, trial_fn: TrialFn | str | None, *, executor: Executor | None, progress: bool
) -> list[TrialResult]:
    store.reconcile()
    store.clear_orphans()
    todo = store.missing()
    ex = executor or make_executor(store, trial_fn)
    earlier = read_budget(store.run_dir)
    budget = Budget(store.config.budget, store.results(), earlier.interrupted if earlier else ())
    use_budget(budget)  # trials in this process count their running spend (vera.runner.budget)
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
            if result.budget_stop is not None:  # stopped at the cap: counted, not recorded
                budget.interrupt(result, result.budget_stop)
                return
            rel = store.trial_dir(result.key).relative_to(store.run_dir).as_posix()
            result = result.model_copy(update={"evidence_dir": rel})
            await loop.run_in_executor(io_pool, store.record, result)
            recorded.append(result)
            budget.add(result)
            bar.add(result.outcome)

        def prepare(spec: TrialSpec) -> Path | None:
            return store.fresh_trial_dir(spec.key) if budget.allows() else None

        await ex.run(todo, prepare, on_result)
    if store.config.budget.capped or (store.run_dir / BUDGET_JSON).exists():
        write_atomic(store.run_dir / BUDGET_JSON, budget.status.model_dump_json(indent=2))
    return recorded


async def run(
    run_dir: Path,
    plan: Iterable[TrialSpec],
    trial_fn: TrialFn | str | None = None,
    config: RunConfig | None = None,
    *,
    progress: bool = True,
) -> RunStore:
    """Create a run directory for ``plan`` and run it to the end. Returns the (open) store.
    Without ``trial_fn`` each spec plays its registered trial kind (the usual way)."""
    config = config or RunConfig()
    if config.trial_fn is None and trial_fn is not None:
        try:
            config = config.model_copy(update={"trial_fn": dotted_path(trial_fn)})
        except ValueError:
            if config.executor == "ray" or config.workers > 1:
                raise
    with writer_lock(run_dir):
        store = RunStore.create(Path(run_dir), plan, config)
        await execute(store, trial_fn, progress=progress)
    return store


async def resume(
    run_dir: Path,
    trial_fn: TrialFn | str | None = None,
    *,
    progress: bool = True,
    budget: BudgetConfig | None = None,
) -> RunStore:
    """Finish an interrupted run: only the trials without a row are run. The caps ``budget``
    sets replace the run's (e.g. a higher ``max_cost_usd`` after the old one stopped the run);
    a cap it leaves None stays as it was."""
    if not (Path(run_dir) / "run.json").is_file():
        raise FileNotFoundError(f"{run_dir} is not a vera run directory (no run.json)")
    with writer_lock(run_dir):
        store = RunStore.open(Path(run_dir))
        if budget is not None:
            given = {k: v for k, v in budget.model_dump().items() if v is not None}
            store.set_budget(store.config.budget.model_copy(update=given))
        await execute(store, trial_fn, progress=progress)
    return store
