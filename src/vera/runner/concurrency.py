"""How many of a pillar's jobs run at once: one place for bounded fan-out and worker processes.

The executors bound trials played through :func:`vera.runner.run`. A pillar also has work that
is not (yet) a run of its own: validation's gates over a folder of cases, the verifier audit's
cases, a hardening loop's metrics replays, a corpus replay. Those bound themselves through the
two helpers here instead of holding semaphores and process pools of their own, so that how vera
limits concurrency lives in one package (``tests/unit/test_architecture.py`` fails on a
``Semaphore`` or ``ProcessPoolExecutor`` in ``safety/`` or ``harden/``):

- :func:`gather_bounded`: awaitables on the calling event loop, at most ``limit`` at once,
  results in input order (``asyncio.gather`` with a bound);
- :class:`ProcessWorkers`: CPU-bound calls in worker processes, forked while the process has no
  other thread (cheap: modules already imported) and started by a fork server otherwise; a
  worker that dies is :class:`WorkerLost`, for the caller to redo the job elsewhere.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import signal
import threading
from collections.abc import Awaitable, Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

T = TypeVar("T")


async def gather_bounded(aws: Iterable[Awaitable[T]], limit: int) -> list[T]:
    """Await ``aws`` with at most ``limit`` (at least 1) in flight; results in input order.

    Like :func:`asyncio.gather`: the first exception propagates and the others are not
    cancelled (a caller that must stop them wraps this in a task group or cancels it)."""
    gate = asyncio.Semaphore(max(limit, 1))

    async def held(aw: Awaitable[T]) -> T:
        async with gate:
            return await aw

    return list(await asyncio.gather(*(held(aw) for aw in aws)))


class WorkerLost(RuntimeError):
    """A worker process died (killed, out of memory) while it held a call."""


def _worker_init() -> None:
    """Start of a worker process: Ctrl-C is the parent's to handle (it stops the workers), and a
    forked worker must not wake the parent's event loop through an inherited wakeup fd."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(ValueError):
        signal.set_wakeup_fd(-1)


class ProcessWorkers:
    """``workers`` processes for CPU-bound calls from an event loop (none when ``workers`` < 1).

    Forked when this process has no other thread at construction (the fork happens at the
    first :meth:`call`, so make that before opening anything a child must not inherit), else
    started by a fork server that imports ``preload`` once. Use as a context manager: leaving
    normally waits for the workers; leaving on an exception (Ctrl-C included) terminates them.
    ``fn`` and its arguments must pickle (a module-level function)."""

    def __init__(self, workers: int, *, preload: Sequence[str] = ()) -> None:
        self.workers = max(workers, 0)
        self._pool: ProcessPoolExecutor | None = None
        if self.workers:
            if threading.active_count() == 1:
                ctx = multiprocessing.get_context("fork")
            else:
                ctx = multiprocessing.get_context("forkserver")
                if preload:
                    ctx.set_forkserver_preload(list(preload))
            self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_worker_init)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker; :class:`WorkerLost` when the worker died meanwhile."""
        if self._pool is None:
            raise RuntimeError("no worker processes (workers < 1)")
        try:
            return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        except BrokenProcessPool as exc:
            raise WorkerLost(str(exc) or "a worker process died") from None

    def close(self, *, kill: bool = False) -> None:
        """Wait for the workers to finish (``kill``: terminate them now, drop queued calls)."""
        pool, self._pool = self._pool, None
        if pool is None:
            return
        if kill:
            for proc in list((getattr(pool, "_processes", None) or {}).values()):
                proc.terminate()
            pool.shutdown(wait=False, cancel_futures=True)
        else:
            pool.shutdown(wait=True)

    def __enter__(self) -> ProcessWorkers:
        return self

    def __exit__(self, exc_type: object, *_: object) -> None:
        self.close(kill=exc_type is not None)


__all__ = ["ProcessWorkers", "WorkerLost", "gather_bounded"]
