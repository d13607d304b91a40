"""Trials in worker processes on this machine: one event loop per CPU instead of one in all.

A trial is mostly waiting (on models, sandboxes, tools), so one event loop keeps many in
flight; but the Python work between the waits (requests built and parsed, MCP messages,
verifiers) runs on one core. With ``workers=N`` the driver starts N processes
(``python -m vera.runner.workers``), each running many trials at once through the same
:func:`~vera.runner.call.guarded_trial`; the driver hands out trials to the least busy
worker and alone writes the store, as with the other executors.

The wire is one JSON object per line on the worker's stdin and stdout: first the set-up
(trial function, its arguments, limits), then ``{"spec", "dir"}`` per trial one way and
``{"key", "result"}`` per finished trial the other. The worker keeps its real stdout for the
wire and sends anything else printed to its log (``workers/N.log`` in the run directory).
A worker that dies turns its trials in flight into ``infra_error`` (the others go on); a
trial function may name a per-process set-up (``fn.process_setup``, see
:func:`process_setup_of`), e.g. one model runtime shared by all of a worker's trials.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
import json
import math
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import IO, Any

from vera.runner.limits import LimitsConfig, ResourceGate, use_limits
from vera.runner.spec import TrialFn, TrialResult, TrialSpec, lost_trial, one_line

_PARENT_ENV = "VERA_WORKER_PARENT"
_PATH_ENV = "VERA_WORKER_PATH"


def _driver_path() -> str:
    """The driver's import path (absolute directories, ``''`` as the cwd), for the worker to
    append after its own."""
    out = []
    for p in sys.path:
        p = os.path.abspath(p or os.getcwd())
        if p not in out:
            out.append(p)
    return os.pathsep.join(out)


def _extend_path() -> None:
    for p in os.environ.pop(_PATH_ENV, "").split(os.pathsep):
        if p and p not in sys.path:
            sys.path.append(p)


"""The driver's pid, for a worker to see whether its driver died before it could watch it."""

_LINE_LIMIT = 64 << 20
"""Longest wire line (a result with a large verdict or usage record)."""


ProcessSetup = Callable[[LimitsConfig], contextlib.AbstractAsyncContextManager[Any]]


def _process_setups(
    fn: TrialFn | None, limits: LimitsConfig
) -> list[contextlib.AbstractAsyncContextManager[Any]]:
    """What a worker enters once around its trials: the trial function's set-up, or (playing
    kinds) every registered kind's (:meth:`vera.runner.lifecycle.TrialKind.process_setup`)."""
    if fn is not None:
        factory = process_setup_of(fn)
        return [factory(limits)] if factory is not None else []
    from vera.runner.lifecycle import TRIAL_KINDS

    out = []
    for name in TRIAL_KINDS.names(plugins=False):
        cm = TRIAL_KINDS[name].process_setup(limits)
        if cm is not None:
            out.append(cm)
    return out


def process_setup_of(fn: TrialFn) -> ProcessSetup | None:
    """The trial function's per-process set-up, if it has one: ``fn.process_setup(limits)``, an
    async context manager a worker enters once, around all the trials it runs."""
    return getattr(fn, "process_setup", None)


def worker_limits(limits: LimitsConfig, workers: int) -> LimitsConfig:
    """Each worker's share of the run's limits (rounded up: the driver caps trials overall)."""

    def share(n: int | None) -> int | None:
        return None if n is None else max(1, math.ceil(n / workers))

    return LimitsConfig(
        trials=share(limits.trials) or 1,
        sandboxes=share(limits.sandboxes),
        model_connections=share(limits.model_connections),
    )


def settle_gc() -> None:
    """Tune the cyclic garbage collector for a process about to run many trials.

    What is loaded by now (modules, models, the trial function) lives as long as the process:
    ``gc.freeze`` keeps it out of every later collection. A trial allocates many short-lived
    containers (pydantic-ai's graph steps, request bodies), so young collections come often;
    a larger first threshold makes them rarer (at most that many objects wait longer). Measured
    with ``benchmarks/run_throughput.py --safety`` at 64 trials in flight: 79-82% of ideal
    without, 82-85% with.
    """
    gc.freeze()
    _, second, third = gc.get_threshold()
    gc.set_threshold(10_000, second, third)


class WorkerStartError(RuntimeError):
    """A worker process could not start (its trial function or per-process set-up failed)."""


class _Worker:
    """The driver's handle on one worker process."""

    def __init__(self, index: int, proc: asyncio.subprocess.Process, log: IO[bytes]) -> None:
        self.index = index
        self.proc = proc
        self.log = log
        self.pending: dict[str, asyncio.Future[TrialResult]] = {}
        self.dead: str | None = None
        self._reader: asyncio.Task[None] | None = None

    @property
    def busy(self) -> int:
        return len(self.pending)

    def start_reading(self) -> None:
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        assert self.proc.stdout is not None
        try:
            while line := await self.proc.stdout.readline():
                msg = json.loads(line)
                fut = self.pending.pop(msg["key"], None)
                if fut is not None and not fut.done():
                    fut.set_result(TrialResult.model_validate_json(msg["result"]))
        except (ValueError, KeyError) as exc:
            self.dead = f"worker {self.index} sent a malformed line ({one_line(exc)})"
            self.proc.kill()  # its trials fail here: it must not go on writing their evidence
        finally:
            rc = await self.proc.wait()
            self.dead = (
                self.dead or f"worker {self.index} exited with status {rc} (see {self.log.name})"
            )
            for fut in self.pending.values():
                if not fut.done():
                    fut.set_exception(RuntimeError(self.dead))
            self.pending.clear()

    async def submit(self, spec: TrialSpec, trial_dir: Path) -> TrialResult:
        if self.dead is not None:
            raise RuntimeError(self.dead)
        assert self.proc.stdin is not None
        fut: asyncio.Future[TrialResult] = asyncio.get_running_loop().create_future()
        self.pending[spec.key] = fut
        line = json.dumps({"spec": spec.model_dump_json(), "dir": str(trial_dir)}) + "\n"
        try:
            self.proc.stdin.write(line.encode())
            await self.proc.stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as exc:
            self.pending.pop(spec.key, None)
            raise RuntimeError(
                self.dead or f"worker {self.index} is gone ({one_line(exc)})"
            ) from None
        return await fut

    async def close(self, *, kill: bool = False) -> None:
        """End of input: the worker finishes what it holds and exits. ``kill``: now (the run
        was interrupted; its unfinished trials are not recorded and a resume plays them)."""
        if kill and self.proc.returncode is None:
            self.proc.kill()
        if self.proc.stdin is not None and not self.proc.stdin.is_closing():
            self.proc.stdin.close()
        try:
            await asyncio.wait_for(self.proc.wait(), 30)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
        if self._reader is not None:
            await self._reader
        self.log.close()


class WorkerPoolExecutor:
    """Run trials in ``workers`` local processes, at most ``limits.trials`` in flight in all."""

    def __init__(
        self,
        trial_fn: str | None,
        *,
        workers: int,
        limits: LimitsConfig,
        log_dir: Path,
        time_limit_s: float | None = None,
        trial_args: dict[str, Any] | None = None,
        kind_modules: list[str] | None = None,
    ) -> None:
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.trial_fn = trial_fn
        self.workers = workers
        self.limits = limits
        self.log_dir = Path(log_dir)
        self.time_limit_s = time_limit_s
        self.trial_args = trial_args or {}
        self.kind_modules = list(kind_modules or [])

    async def _spawn(self, index: int) -> _Worker:
        self.log_dir.mkdir(parents=True, exist_ok=True)
        log = open(self.log_dir / f"{index}.log", "ab")  # noqa: SIM115 - closed by _Worker.close
        # Isolated (-I): neither the current directory nor PYTHON* variables come first on
        # the worker's path, so an ``inspect.py`` in the cwd cannot shadow the standard
        # library; the driver's own import path is appended after it (trial functions stay
        # importable where the driver found them).
        env = {**os.environ, _PARENT_ENV: str(os.getpid()), _PATH_ENV: _driver_path()}
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-I", "-m", "vera.runner.workers",
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=log,
            limit=_LINE_LIMIT, env=env,
        )  # fmt: skip
        worker = _Worker(index, proc, log)
        setup = {
            "trial_fn": self.trial_fn,
            "kind_modules": self.kind_modules,
            "trial_args": self.trial_args,
            "time_limit_s": self.time_limit_s,
            "limits": worker_limits(self.limits, self.workers).model_dump(mode="json"),
        }
        assert proc.stdin is not None and proc.stdout is not None
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # died: said below
            proc.stdin.write((json.dumps(setup) + "\n").encode())
            await proc.stdin.drain()
        ready = await proc.stdout.readline()
        try:
            answer = json.loads(ready)
        except ValueError:
            answer = {}
        if not answer.get("ready"):
            await proc.wait()
            log.close()
            reason = answer.get("error") or f"exited with status {proc.returncode}"
            raise WorkerStartError(
                f"worker {index} did not start: {reason} (see {self.log_dir / f'{index}.log'})"
            )
        worker.start_reading()
        return worker

    async def run(
        self,
        specs: list[TrialSpec],
        prepare: Callable[[TrialSpec], Path | None],
        on_result: Callable[[TrialResult], Awaitable[None]],
    ) -> None:
        if not specs:
            return
        started = await asyncio.gather(
            *(self._spawn(i) for i in range(self.workers)), return_exceptions=True
        )
        pool = [w for w in started if isinstance(w, _Worker)]
        if len(pool) < len(started):
            await asyncio.gather(*(w.close(kill=True) for w in pool), return_exceptions=True)
            raise next(e for e in started if isinstance(e, BaseException))
        gate = asyncio.Semaphore(max(self.limits.trials, 1))

        async def one(spec: TrialSpec) -> None:
            async with gate:
                trial_dir = prepare(spec)
                if trial_dir is None:  # the run's budget is spent
                    return
                live = [w for w in pool if w.dead is None]
                try:
                    if not live:
                        raise RuntimeError(pool[0].dead or "no worker left")
                    result = await min(live, key=lambda w: w.busy).submit(spec, trial_dir)
                except RuntimeError as exc:
                    result = lost_trial(spec, exc)
                await on_result(result)

        try:
            async with asyncio.TaskGroup() as tg:
                for spec in specs:
                    tg.create_task(one(spec))
        except BaseException:
            await asyncio.gather(*(w.close(kill=True) for w in pool), return_exceptions=True)
            raise
        await asyncio.gather(*(w.close() for w in pool), return_exceptions=True)


# --- the worker process ---------------------------------------------------------------------------


async def _serve(wire: IO[bytes]) -> None:
    from vera.runner.call import guarded_trial, resolve_trial_fn

    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=_LINE_LIMIT)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    def send(obj: dict[str, Any]) -> None:
        wire.write((json.dumps(obj) + "\n").encode())
        wire.flush()

    setup = json.loads(await reader.readline())
    limits = LimitsConfig.model_validate(setup["limits"])
    try:
        fn = resolve_trial_fn(setup["trial_fn"]) if setup.get("trial_fn") else None
        for module in setup.get("kind_modules") or []:
            importlib.import_module(module)  # registers the kinds this run plays
    except Exception as exc:
        send({"ready": False, "error": one_line(exc)})
        return
    use_limits(ResourceGate(limits))
    context = contextlib.AsyncExitStack()
    try:
        for cm in _process_setups(fn, limits):
            await context.enter_async_context(cm)
    except Exception as exc:
        await context.aclose()
        send({"ready": False, "error": one_line(exc)})
        return
    settle_gc()
    try:
        send({"ready": True})
        async with asyncio.TaskGroup() as tg:

            async def one(msg: dict[str, Any]) -> None:
                spec = TrialSpec.model_validate_json(msg["spec"])
                result = await guarded_trial(
                    fn,
                    spec,
                    Path(msg["dir"]),
                    time_limit_s=setup.get("time_limit_s"),
                    trial_args=setup.get("trial_args") or {},
                )
                send({"key": spec.key, "result": result.model_dump_json()})

            while line := await reader.readline():
                tg.create_task(one(json.loads(line)))
    finally:
        await context.aclose()


@contextlib.contextmanager
def _wire_stdout() -> Iterator[IO[bytes]]:
    """The real stdout for the wire; fd 1 becomes stderr so nothing else can write on it."""
    fd = os.dup(1)
    os.dup2(2, 1)
    with os.fdopen(fd, "wb", buffering=0) as wire:
        yield wire


def _die_with_parent() -> None:
    """Exit when the driver does (Linux ``PR_SET_PDEATHSIG``): a driver killed with SIGKILL
    must not leave workers writing into trial directories that a resume will reuse."""
    import ctypes

    parent = int(os.environ.pop(_PARENT_ENV, "0") or 0) or os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:  # the driver died before the line above
        os._exit(1)


def main() -> None:
    _extend_path()
    _die_with_parent()
    # Ctrl-C reaches the whole process group: the driver alone decides (it stops the workers,
    # and their unfinished trials stay unrecorded for a resume, never become errors).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with _wire_stdout() as wire:
        asyncio.run(_serve(wire))


if __name__ == "__main__":
    main()
