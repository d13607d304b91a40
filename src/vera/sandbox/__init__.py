"""Isolated places to run agents, tools and verifiers: bwrap (default), docker, local, and any
backend a plug-in registers (entry point group ``vera.sandboxes``, docs/plugins.md)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from vera.plugins import Registry
from vera.records import ExecResult, Snapshot, SnapshotDiff
from vera.sandbox.base import OutputCallback, Sandbox
from vera.sandbox.bwrap import private_root_argv
from vera.sandbox.interpreter import interpreter_paths
from vera.sandbox.snapshot import diff_snapshots, snapshot_tree
from vera.sandbox.spec import Bind, Limits, NetworkPolicy, SandboxError, SandboxSpec


def _is_backend(name: str, cls: Any) -> str | None:
    if not callable(cls):
        return "not a class (a Sandbox taking a SandboxSpec)"
    return None


BACKENDS: Registry[Callable[[SandboxSpec], Sandbox]] = Registry(
    "sandbox backend",
    "vera.sandboxes",
    # Imported on first use, so that a missing optional runtime only matters when it is used.
    lazy={
        "bwrap": "vera.sandbox.bwrap:BwrapSandbox",
        "docker": "vera.sandbox.docker:DockerSandbox",
        "local": "vera.sandbox.local:LocalSandbox",
    },
    check=_is_backend,
)
"""Sandbox classes by backend name: ``name in BACKENDS``, ``BACKENDS[name](spec)``."""


def register_backend(name: str) -> Callable[[type[Sandbox]], type[Sandbox]]:
    """Class decorator of a plug-in's backend: ``@register_backend("mybox")``. The class
    takes a :class:`SandboxSpec` and keeps the :class:`Sandbox` contract (``base.py``)."""
    return BACKENDS.register(name)


def default_backend() -> str:
    return "bwrap" if sys.platform.startswith("linux") else "docker"


def _factory(name: str) -> Callable[[SandboxSpec], Sandbox]:
    if name not in BACKENDS:
        raise SandboxError(f"unknown sandbox backend {name!r} (choose from {', '.join(BACKENDS)})")
    return BACKENDS[name]


def open_sandbox(spec: SandboxSpec, backend: str | None = None) -> Sandbox:
    """A not-yet-started sandbox of the named backend; use ``async with``."""
    return _factory(backend or default_backend())(spec)


async def run_command(
    spec: SandboxSpec,
    argv: list[str],
    *,
    backend: str | None = None,
    stdin: bytes | None = None,
    timeout: float | None = None,
    on_output: OutputCallback | None = None,
) -> ExecResult:
    """Run one command in a fresh sandbox that is gone when it returns (what ``vera sandbox
    run`` does). A backend with a ``run_once`` classmethod (bwrap: no long-lived anchor) takes
    that faster path."""
    name = backend or default_backend()
    cls = _factory(name)
    run_once = getattr(cls, "run_once", None)
    if run_once is not None:
        return await run_once(spec, argv, stdin=stdin, timeout=timeout, on_output=on_output)
    async with open_sandbox(spec, name) as sb:
        return await sb.exec(argv, stdin=stdin, timeout=timeout, on_output=on_output)


__all__ = [
    "BACKENDS",
    "Bind",
    "ExecResult",
    "Limits",
    "NetworkPolicy",
    "OutputCallback",
    "Sandbox",
    "SandboxError",
    "SandboxSpec",
    "Snapshot",
    "SnapshotDiff",
    "default_backend",
    "diff_snapshots",
    "interpreter_paths",
    "open_sandbox",
    "private_root_argv",
    "register_backend",
    "run_command",
    "snapshot_tree",
]
