"""Concurrency limits a trial function can draw on: sandboxes and model connections.

The executor limits how many trials run at once (``-j``); a trial may also hold scarcer
things for part of its life. Those limits live here, reachable from inside a trial through
:func:`current_limits` (a context variable, so trial functions stay plain importable functions
that the Ray executor can ship).
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from vera.records import Record


class LimitsConfig(Record):
    """How many of each scarce thing a run may use at once (per process for Ray workers)."""

    trials: int = 4
    """Trials in flight (``-j``)."""
    sandboxes: int | None = None
    """Sandboxes alive at once; None: as many as trials."""
    model_connections: int | None = None
    """Model requests in flight at once; None: unlimited."""


class ResourceGate:
    """Semaphores for one event loop. Create inside the loop that runs the trials."""

    def __init__(self, config: LimitsConfig) -> None:
        self.config = config
        self._sandboxes = asyncio.Semaphore(config.sandboxes or max(config.trials, 1))
        self._models = (
            asyncio.Semaphore(config.model_connections) if config.model_connections else None
        )

    @asynccontextmanager
    async def sandbox(self) -> AsyncIterator[None]:
        """Hold one sandbox slot for the body (start the sandbox inside it)."""
        async with self._sandboxes:
            yield

    @asynccontextmanager
    async def model_connection(self) -> AsyncIterator[None]:
        """Hold one model-connection slot for the body (one request)."""
        if self._models is None:
            yield
            return
        async with self._models:
            yield


_current: contextvars.ContextVar[ResourceGate | None] = contextvars.ContextVar(
    "vera_runner_limits", default=None
)


def current_limits() -> ResourceGate:
    """The limits of the running executor; unlimited defaults outside a run (e.g. in a test)."""
    limits = _current.get()
    if limits is None:
        limits = ResourceGate(LimitsConfig(trials=1 << 16))
        _current.set(limits)
    return limits


def use_limits(limits: ResourceGate) -> contextvars.Token[ResourceGate | None]:
    return _current.set(limits)
