"""``vera gateway``: serve an Environment's tools over MCP (stdio), with injections and a trace."""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import Annotated, Any

import anyio
import typer

from vera.cli.common import fail

app = typer.Typer(help="The MCP tool gateway.", no_args_is_help=True)


def _parse_vars(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(f"--var expects KEY=VALUE, got {item!r}")
        out[key.strip()] = value
    return out


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


@app.command()
def serve(
    env: Annotated[
        str, typer.Option("--env", help="Services to serve, comma-separated (see `vera env list`).")
    ],
    trace: Annotated[
        Path,
        typer.Option(
            "--trace", help="JSONL file every call is appended to (keep it outside the workspace)."
        ),
    ],
    state: Annotated[
        Path | None,
        typer.Option("--state", help="State directory: loaded at start, saved after every call."),
    ] = None,
    workspace: Annotated[
        Path, typer.Option("--workspace", help="Workspace the file-backed services work in.")
    ] = Path("."),
    injections: Annotated[
        Path | None, typer.Option("--injections", help="Injections file (YAML or JSON).")
    ] = None,
    var: Annotated[
        list[str] | None,
        typer.Option(
            "--var", help="Case variable KEY=VALUE for services and payloads (repeatable)."
        ),
    ] = None,
    sandbox: Annotated[
        str,
        typer.Option(
            "--sandbox",
            help="Run the shell service's commands in a sandbox over the workspace: bwrap, docker, local or none.",
        ),
    ] = "none",
    defence: Annotated[
        str,
        typer.Option(
            "--defence",
            help="Defences between the client and the services, e.g. spotlight, "
            "pi-detector, guard=SPEC, firewall=SPEC, stacked with + (docs/defences.md).",
        ),
    ] = "none",
    task: Annotated[
        str,
        typer.Option(
            "--task", help="The user's task, for defences that read it (tool-filter, firewall)."
        ),
    ] = "",
) -> None:
    """Serve MCP on stdin/stdout until stdin closes; every call is traced before it is answered."""
    from vera.env.environment import EnvError, build_environment
    from vera.gateway import InjectionError, ToolGateway, TraceError, load_injections, serve_stdio
    from vera.sandbox import BACKENDS, SandboxError, SandboxSpec, open_sandbox

    logging.basicConfig(level=logging.WARNING, format="vera-gateway: %(levelname)s: %(message)s")
    variables = _parse_vars(var or [])
    services = [s.strip() for s in env.split(",") if s.strip()]
    if not services:
        fail("--env needs at least one service")
    ws = workspace.resolve()
    trace_path = trace.resolve()
    if ws.is_dir() and _inside(trace_path, ws):
        fail(f"trace file {trace} is inside the workspace; the agent could rewrite it")
    try:
        rules = load_injections(injections, variables) if injections is not None else None
    except InjectionError as e:
        fail(str(e))
    if sandbox != "none" and sandbox not in BACKENDS:
        fail(f"unknown sandbox {sandbox!r} (choose from none, {', '.join(BACKENDS)})")
    from vera.gateway.defences import DefenceContext, DefenceError, make_defences, parse_config

    if defence != "none":
        import vera.guard.defence  # noqa: F401  (registers the guard defence)
    try:
        parse_config(defence)
    except DefenceError as e:
        fail(str(e))

    async def main() -> None:
        async with contextlib.AsyncExitStack() as stack:
            sb = None
            if sandbox != "none":
                if not ws.is_dir():
                    fail(f"workspace does not exist or is not a directory: {ws}")
                try:
                    sb = await stack.enter_async_context(
                        open_sandbox(SandboxSpec(workspace=ws), sandbox)
                    )
                except SandboxError as e:
                    fail(str(e))
            defences: list[Any] = []
            if parse_config(defence):
                from vera.models.runtime import ModelRuntime

                rt = await stack.enter_async_context(ModelRuntime())

                async def model_factory(spec: str) -> Any:
                    return await rt.model(spec, role="defence")

                context = DefenceContext(task=task, model_factory=model_factory)
                defences = make_defences(defence, context)
            try:
                environment = build_environment(
                    services, workspace=ws, state_dir=state, variables=variables, sandbox=sb
                )
                gateway = ToolGateway(environment, trace_path, injections=rules, defences=defences)
            except (EnvError, TraceError) as e:
                fail(str(e))
            except OSError as e:
                fail(f"cannot open trace {trace}: {e.strerror or e}")
            stack.callback(gateway.close)
            await serve_stdio(gateway)

    with contextlib.suppress(KeyboardInterrupt):
        anyio.run(main)
