"""``vera sandbox``: run a command in a sandbox, and check that the sandbox works here."""

from __future__ import annotations

import asyncio
import shutil
import sys
import tempfile
import warnings
from pathlib import Path
from typing import Annotated

import typer

from vera.cli.common import console, err_console, fail
from vera.sandbox import (
    BACKENDS,
    Limits,
    NetworkPolicy,
    SandboxError,
    SandboxSpec,
    default_backend,
    run_command,
)

app = typer.Typer(help="Run commands in an isolated sandbox (bwrap, docker, or local).", no_args_is_help=True)


def _stream(stream: str, chunk: bytes) -> None:
    out = sys.stdout.buffer if stream == "stdout" else sys.stderr.buffer
    out.write(chunk)
    out.flush()


@app.command(
    "run",
    context_settings={"allow_interspersed_args": False},
    no_args_is_help=True,
)
def run(
    cmd: Annotated[list[str], typer.Argument(help="The command and its arguments (after --).")],
    backend: Annotated[str | None, typer.Option(help=f"One of {', '.join(BACKENDS.names(plugins=False))}, or a plug-in's.")] = None,
    workspace: Annotated[
        Path | None, typer.Option(help="Host directory bound read-write (default: a fresh empty one).")
    ] = None,
    network: Annotated[str, typer.Option(help="none | host | allow:HOST[:PORT],...")] = "none",
    timeout: Annotated[float | None, typer.Option(help="Seconds before the command is killed (exit 124).")] = None,
    memory: Annotated[int | None, typer.Option(help="Memory limit in MB.")] = 2048,
    pids: Annotated[int | None, typer.Option(help="Limit on processes alive at once.")] = 256,
    image: Annotated[str | None, typer.Option(help="Container image (docker backend).")] = None,
) -> None:
    """Run CMD in a fresh sandbox and exit with its exit code (124 on timeout)."""
    name = backend or default_backend()
    if name not in BACKENDS:
        fail(f"unknown backend {name!r} (choose from {', '.join(BACKENDS)})")
    try:
        policy = NetworkPolicy.parse(network)
    except ValueError as exc:
        fail(str(exc))
    if workspace is not None and not workspace.is_dir():
        fail(f"workspace does not exist or is not a directory: {workspace}")
    tmp = None
    if workspace is None:
        tmp = Path(tempfile.mkdtemp(prefix="vera-ws-"))
    try:
        spec = SandboxSpec(
            workspace=(workspace or tmp).resolve(),  # type: ignore[union-attr]
            network=policy,
            limits=Limits(wall_s=timeout, memory_mb=memory, pids=pids),
            image=image,
        )
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                res = asyncio.run(run_command(spec, list(cmd), backend=name, on_output=_stream))
            except SandboxError as exc:
                fail(str(exc))
            for w in caught:
                err_console.print(f"[yellow]vera: warning:[/] {w.message}", highlight=False)
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)
    if res.exit_code == 127 and not res.stdout:
        fail(f"command not found in sandbox: {cmd[0]}", code=127)
    if res.killed:
        why = {"timeout": f"timed out after {timeout}s", "memory": "killed: memory limit", "pids": "killed: process limit"}
        err_console.print(f"[yellow]vera: {why.get(res.kill_reason or '', 'killed')}[/]", highlight=False)
    raise typer.Exit(res.exit_code)


@app.command("check")
def check(backend: Annotated[str | None, typer.Option(help="Backend to check.")] = None) -> None:
    """Self-check: start a sandbox and confirm isolation, limits and cleanup work on this host."""
    from vera.sandbox.selfcheck import run_selfcheck

    name = backend or default_backend()
    try:
        results = asyncio.run(run_selfcheck(name))
    except SandboxError as exc:
        fail(str(exc))
    failed = 0
    for label, ok, detail in results:
        mark = "[green]ok[/]" if ok else "[red]FAIL[/]"
        failed += not ok
        console.print(f"{mark}  {label}  [dim]{detail}[/]", highlight=False)
    if failed:
        fail(f"{failed} sandbox check(s) failed on backend {name}")
    console.print(f"[bold green]sandbox backend {name}: all {len(results)} checks passed[/]")
