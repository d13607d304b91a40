"""The runner's concurrency helpers the pillars use instead of pools of their own: a bounded
gather on the event loop and worker processes for CPU-bound calls."""

from __future__ import annotations

import asyncio
import os

import pytest

from vera.runner.concurrency import ProcessWorkers, WorkerLost, gather_bounded


async def test_gather_bounded_holds_at_most_limit_in_flight_and_keeps_input_order() -> None:
    in_flight = 0
    most = 0

    async def job(n: int) -> int:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        for _ in range(n % 3 + 1):  # finish out of order
            await asyncio.sleep(0)
        in_flight -= 1
        return n * 10

    assert await gather_bounded([job(n) for n in range(7)], 2) == [n * 10 for n in range(7)]
    assert most == 2


async def test_gather_bounded_treats_a_limit_below_one_as_one_and_raises_the_first_error() -> None:
    in_flight = 0
    most = 0

    async def job(n: int) -> int:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        await asyncio.sleep(0)
        in_flight -= 1
        if n == 2:
            raise ValueError("job 2")
        return n

    with pytest.raises(ValueError, match="job 2"):
        await gather_bounded((job(n) for n in range(4)), 0)
    assert most == 1
    assert await gather_bounded([], 3) == []


async def test_process_workers_run_calls_in_other_processes() -> None:
    with ProcessWorkers(2, preload=["os"]) as workers:
        assert workers.workers == 2
        pids = await asyncio.gather(*(workers.call(os.getpid) for _ in range(4)))
    assert os.getpid() not in pids


async def test_a_worker_that_dies_is_worker_lost() -> None:
    with ProcessWorkers(1) as workers, pytest.raises(WorkerLost):
        await workers.call(os._exit, 3)


async def test_no_workers_below_one() -> None:
    with ProcessWorkers(0) as workers:
        assert workers.workers == 0
        with pytest.raises(RuntimeError, match="no worker processes"):
            await workers.call(os.getpid)
