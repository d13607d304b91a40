"""Trials as Ray tasks on a Ray cluster (extra ``vera[ray]``).

Each task imports the trial function by its dotted path, runs it through the same
:func:`~vera.runner.call.guarded_trial` as the local executor, in a scratch directory on
the worker, and returns the result with the evidence directory packed as a tar archive. The
driver unpacks the evidence into the run directory and records the row: workers never touch
the store, so a cluster can span machines without a shared filesystem.
"""

from __future__ import annotations

import asyncio
import io
import tarfile
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from vera.runner.limits import LimitsConfig, ResourceGate, use_limits
from vera.runner.spec import TrialResult, TrialSpec, lost_trial


def pack_dir(root: Path) -> bytes:
    """The directory as an uncompressed tar archive (paths relative to ``root``)."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as tar:
        for child in sorted(root.iterdir()):
            tar.add(child, arcname=child.name)
    return buf.getvalue()


def unpack_dir(blob: bytes, dest: Path) -> None:
    """Extract an archive made by :func:`pack_dir`; members outside ``dest`` are refused."""
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r") as tar:
        tar.extractall(dest, filter="data")


def run_trial_on_worker(
    fn_path: str | None,
    spec_json: str,
    time_limit_s: float | None,
    trial_args: dict[str, Any],
    limits_json: str,
    kind_modules: list[str] | None = None,
) -> tuple[str, bytes]:
    """Body of one Ray task: (result JSON, evidence tar). Plain types only cross the wire.
    ``fn_path`` None plays the spec's kind, registered by importing ``kind_modules``."""
    import importlib

    from vera.runner.call import guarded_trial, resolve_trial_fn

    for module in kind_modules or []:
        importlib.import_module(module)

    spec = TrialSpec.model_validate_json(spec_json)
    limits = LimitsConfig.model_validate_json(limits_json)

    async def main(trial_dir: Path) -> TrialResult:
        use_limits(ResourceGate(limits))
        fn = resolve_trial_fn(fn_path) if fn_path is not None else None
        return await guarded_trial(
            fn, spec, trial_dir, time_limit_s=time_limit_s, trial_args=trial_args
        )

    with tempfile.TemporaryDirectory(prefix="vera-trial-") as tmp:
        trial_dir = Path(tmp) / spec.key
        trial_dir.mkdir()
        result = asyncio.run(main(trial_dir))
        return result.model_dump_json(), pack_dir(trial_dir)


class RayExecutor:
    """Submit trials to Ray, at most ``limits.trials`` in flight; results return to the driver.

    Connects to ``address`` (``auto``, ``ray://HOST:PORT``, ...) or reuses the cluster this
    process already initialized; with neither, starts a local one. A task that dies (worker
    crash, node lost, unpicklable result) becomes an ``infra_error`` for that trial only.
    """

    def __init__(
        self,
        trial_fn: str | None,
        *,
        address: str | None = None,
        limits: LimitsConfig | None = None,
        time_limit_s: float | None = None,
        trial_args: dict[str, Any] | None = None,
        cpus_per_trial: float = 0.25,
        kind_modules: list[str] | None = None,
    ) -> None:
        try:
            import ray  # noqa: F401
        except ImportError as exc:
            raise RuntimeError("the ray executor needs Ray: pip install 'vera[ray]'") from exc
        self.trial_fn = trial_fn
        self.address = address
        self.limits = limits or LimitsConfig()
        self.time_limit_s = time_limit_s
        self.trial_args = trial_args or {}
        self.cpus_per_trial = cpus_per_trial
        self.kind_modules = list(kind_modules or [])

    async def run(
        self,
        specs: list[TrialSpec],
        prepare: Callable[[TrialSpec], Path | None],
        on_result: Callable[[TrialResult], Awaitable[None]],
    ) -> None:
        import ray

        if not ray.is_initialized():
            ray.init(address=self.address, include_dashboard=False, log_to_driver=False)
        task = ray.remote(num_cpus=self.cpus_per_trial, max_retries=0)(run_trial_on_worker)
        gate = asyncio.Semaphore(max(self.limits.trials, 1))
        limits_json = self.limits.model_dump_json()

        async def one(spec: TrialSpec) -> None:
            async with gate:
                trial_dir = prepare(spec)
                if trial_dir is None:  # the run's budget is spent
                    return
                ref = task.remote(
                    self.trial_fn, spec.model_dump_json(), self.time_limit_s,
                    self.trial_args, limits_json, self.kind_modules,
                )  # fmt: skip
                try:
                    result_json, blob = await ref
                    result = TrialResult.model_validate_json(result_json)
                    unpack_dir(blob, trial_dir)
                except Exception as exc:  # the task itself failed, not the trial function
                    result = lost_trial(spec, exc)
                await on_result(result)

        async with asyncio.TaskGroup() as tg:
            for spec in specs:
                tg.create_task(one(spec))
