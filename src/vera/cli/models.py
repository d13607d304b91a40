"""``vera models``: run the scripted model server or the model proxy, check model specs.

Imports of vera.models stay inside the commands: they load pydantic-ai and uvicorn, which
every other ``vera`` command would otherwise pay for at start-up.
"""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path
from typing import Annotated

import typer

from vera.cli.common import console, fail

app = typer.Typer(
    help="Models: the scripted model server, the model proxy, spec checks.", no_args_is_help=True
)


@app.command("serve-scripted")
def serve_scripted(
    file: Annotated[Path, typer.Argument(help="Script (YAML) to play; see docs/models.md.")],
    port: Annotated[
        int, typer.Option("--port", "-p", help="Port on 127.0.0.1 (0: any free one).")
    ] = 0,
    log: Annotated[
        Path | None, typer.Option("--log", help="Append every request here as JSON lines.")
    ] = None,
) -> None:
    """Serve FILE on loopback as OpenAI (chat, responses) and Anthropic (messages) endpoints."""
    from vera.models.errors import ScriptError
    from vera.models.script import Script
    from vera.models.scripted import ScriptedServer

    if not file.is_file():
        fail(f"script not found: {file}")
    if not 0 <= port <= 65535:
        fail(f"port out of range: {port}")
    try:
        script = Script.load(file)
    except ScriptError as e:
        fail(str(e))
    server = ScriptedServer(script, port=port, log_path=log)

    def ready() -> None:
        # One line on stdout with the URL, so scripts and tests can wait for it.
        print(
            f"scripted model server on {server.base_url} (OpenAI: {server.openai_base_url})",
            flush=True,
        )

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(server.serve_forever(on_ready=ready))
    except OSError as e:
        fail(f"cannot listen on 127.0.0.1:{port}: {e.strerror or e}")


@app.command("proxy")
def proxy(
    upstream: Annotated[
        str,
        typer.Option(
            "--upstream",
            "-u",
            help="The model endpoint to forward to, as a model spec: anthropic:MODEL[@URL], "
            "openai:MODEL[@URL], openai-chat:MODEL@URL, local, scripted:FILE.",
        ),
    ],
    record: Annotated[
        Path | None,
        typer.Option(
            "--record", help="Record every exchange in DIR/exchanges.jsonl (keys redacted)."
        ),
    ] = None,
    port: Annotated[
        int, typer.Option("--port", "-p", help="Port on 127.0.0.1 (0: any free one).")
    ] = 0,
    timeout: Annotated[
        float,
        typer.Option(
            "--timeout", min=0.1, help="Seconds the upstream may stay silent before a 504."
        ),
    ] = 120.0,
) -> None:
    """Serve vera's model proxy on loopback: Anthropic Messages, OpenAI Responses and Chat
    Completions (streamed or not) forwarded to UPSTREAM with its key, usage and cost counted,
    each exchange recorded."""
    from vera.models.errors import ModelError
    from vera.models.proxy import ModelProxy, upstream_for
    from vera.models.runtime import ModelRuntime

    if not 0 <= port <= 65535:
        fail(f"port out of range: {port}")

    async def serve() -> None:
        async with ModelRuntime() as rt:
            try:
                up = await upstream_for(upstream, rt)
            except (ModelError, ValueError) as e:
                fail(" ".join(str(e).split()))
            srv = ModelProxy(up, record=record, upstream_timeout_s=timeout, port=port)

            def ready() -> None:
                where = f"; recording to {record / 'exchanges.jsonl'}" if record else ""
                print(
                    f"model proxy on {srv.base_url} (OpenAI: {srv.openai_base_url}) -> "
                    f"{up.base_url}{where}",
                    flush=True,
                )

            try:
                await srv.serve_forever(on_ready=ready)
            finally:
                u = srv.usage
                cost = "unpriced" if u.cost_usd is None else f"${u.cost_usd:.4f}"
                print(f"model proxy: {u.requests} answers, {u.input_tokens} input and "
                      f"{u.output_tokens} output tokens, {cost}", flush=True)  # fmt: skip

    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve())
    except OSError as e:
        fail(f"cannot listen on 127.0.0.1:{port}: {e.strerror or e}")


@app.command("check")
def check(
    spec: Annotated[str, typer.Argument(help="A model spec, e.g. openai:gpt-4o or local.")],
) -> None:
    """Parse a model spec and print what it means (no network)."""
    from vera.models.errors import ModelSpecError
    from vera.models.spec import parse_spec

    try:
        parsed = parse_spec(spec)
    except ModelSpecError as e:
        fail(str(e))
    console.print_json(parsed.model_dump_json())
