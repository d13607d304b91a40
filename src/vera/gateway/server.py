"""The MCP server over a ToolGateway, served on stdio or on a Unix socket.

Built on the official SDK's low-level ``Server`` (tools are dynamic: whatever the Environment
lists). Tool results go out as one text block — the observation, after injections — and never
as structured content, so no client can show the agent the pre-injection result.

Robustness: a line that is not JSON, or not a JSON-RPC message (an ``id`` that is an object, a
list, a bool, a float or null included), is answered with a JSON-RPC error (``id`` null) and
the session goes on, as is a message over ``framing.MAX_FRAME_BYTES`` (16 MiB) or nested
deeper than ``framing.MAX_DEPTH``; a ``tools/call`` whose params the SDK rejects (missing name, non-object
arguments) is traced and answered as a tool error. Every request accepted is answered before
the session ends: at end of input (stdin closed right after a burst of requests) the session
waits for the replies still owed (at most ``DRAIN_S``), then stops. Each socket connection is
its own MCP session; all sessions share the gateway, its counters and trace. stdio and sockets
are framed by the same code (``vera.gateway.framing``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import json
import logging
import os
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import anyio
import anyio.abc
import mcp_types as types
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel import Server
from mcp.shared.exceptions import MCPError
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

from vera import __version__
from vera.gateway.calls import ToolGateway
from vera.gateway.framing import MAX_DEPTH, MAX_FRAME_BYTES, FrameTooDeep, FrameTooLong, framed
from vera.sandbox.spec import Bind

log = logging.getLogger(__name__)

SUN_PATH_MAX = 107
"""Longest Unix socket path the kernel accepts (bytes, without the terminating NUL)."""

RELAY_PATH = Path(__file__).with_name("relay.py")
"""The stdlib-only stdio<->socket relay, to bind into a sandbox and run with its python3."""
SANDBOX_SOCKET_DIR = "/run/vera"
"""Where ``sandbox_binds`` puts the socket's directory inside the sandbox."""
SANDBOX_RELAY = "/opt/vera/relay.py"
"""Where ``sandbox_binds`` puts the relay inside the sandbox."""

DRAIN_S = 300.0
"""At end of input, how long a session waits for the replies it still owes."""

_FLUSH_S = 10.0
"""At the end of a session, how long queued replies may take to go out."""

_PARSE_ERROR = -32700
_INVALID_REQUEST = -32600
_INTERNAL_ERROR = -32603

_handled: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "vera_gateway_handled", default=False
)


def build_server(gateway: ToolGateway, name: str = "vera") -> Server[Any]:
    """An MCP server whose tools are the gateway's; every call goes through ``gateway.call``."""

    async def list_tools(
        ctx: ServerRequestContext[Any], params: types.PaginatedRequestParams | None
    ) -> types.ListToolsResult:
        await gateway.prepare()
        return types.ListToolsResult(
            tools=[
                types.Tool(name=t.name, description=t.description, input_schema=t.input_schema)
                for t in gateway.list_tools()
            ]
        )

    async def call_tool(
        ctx: ServerRequestContext[Any], params: types.CallToolRequestParams
    ) -> types.CallToolResult:
        _handled.set(True)
        try:
            out = await gateway.call(params.name, params.arguments)
        except OSError:
            raise  # the trace cannot be written: an unrecorded call is never answered
        except Exception as exc:
            # A defence's model that keeps failing: an error reply per call, counted on the
            # gateway and said once for the trial (GatewayFault), never a traceback per call.
            line = gateway.note_fault(exc)
            log.debug("tools/call %s could not be served", params.name, exc_info=True)
            raise MCPError.from_error_data(types.ErrorData(code=_INTERNAL_ERROR, message=line)) from None
        return _result(out.text, out.is_error)

    async def trace_refused_calls(ctx: ServerRequestContext[Any], call_next: Any) -> Any:
        # The SDK validates tools/call params before our handler; record what it refused.
        if ctx.method != "tools/call":
            return await call_next(ctx)
        token = _handled.set(False)
        try:
            return await call_next(ctx)
        except ValidationError as e:
            if _handled.get():
                raise
            params = ctx.params if isinstance(ctx.params, Mapping) else {}
            tool = params.get("name")
            reason = "invalid tools/call params: " + "; ".join(
                f"{'.'.join(str(p) for p in err['loc']) or 'params'}: {err['msg']}"
                for err in e.errors()[:3]
            )
            out = await gateway.call(
                tool if isinstance(tool, str) else "", params.get("arguments"), refused=reason
            )
            return _result(out.text, True)
        finally:
            _handled.reset(token)

    server: Server[Any] = Server(
        name,
        version=__version__,
        instructions="Tools of this environment.",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    server.middleware.append(trace_refused_calls)
    return server


def _result(text: str, is_error: bool) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=is_error)


def _frame_error(item: Exception) -> SessionMessage:
    """The JSON-RPC error answering a frame that is not a valid message (over-long and
    over-deep ones included: the session goes on)."""
    if isinstance(item, FrameTooLong):
        return _error_message(None, _INVALID_REQUEST,
                              f"Invalid Request: message over {MAX_FRAME_BYTES} bytes")  # fmt: skip
    if isinstance(item, FrameTooDeep):
        return _error_message(None, _INVALID_REQUEST,
                              f"Invalid Request: nested deeper than {MAX_DEPTH} levels")  # fmt: skip
    line = getattr(item, "vera_line", b"")
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        return _error_message(None, _PARSE_ERROR, "Parse error: not valid JSON")
    rid = obj.get("id") if isinstance(obj, dict) else None
    if isinstance(rid, bool) or not isinstance(rid, str | int):
        rid = None
    return _error_message(rid, _INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 message")


def _error_message(rid: str | int | None, code: int, message: str) -> SessionMessage:
    return SessionMessage(
        types.JSONRPCError(jsonrpc="2.0", id=rid, error=types.ErrorData(code=code, message=message))
    )


def _id_key(rid: Any) -> str:
    return json.dumps(rid)


async def _run_session(
    server: Server[Any],
    read_stream: Any,
    write_stream: Any,
) -> None:
    """Serve one MCP session; frames that failed to parse (Exception items) get error replies.

    Requests are counted in and their replies counted out: at end of input the server's input
    stays open until every accepted request is answered (or ``DRAIN_S`` passed), so a client
    that closes its side right after writing still gets every reply.
    """
    good_send, good_recv = anyio.create_memory_object_stream[SessionMessage](16)
    out_send, out_recv = anyio.create_memory_object_stream[SessionMessage](16)
    errors_out = out_send.clone()
    owed: set[str] = set()
    settled = anyio.Event()
    eof = False

    def check_settled() -> None:
        if eof and not owed:
            settled.set()

    async def sieve() -> None:
        nonlocal eof
        async with good_send, errors_out:
            async with read_stream:
                async for item in read_stream:
                    if isinstance(item, Exception):
                        reply = _frame_error(item)
                        with contextlib.suppress(
                            anyio.BrokenResourceError, anyio.ClosedResourceError
                        ):
                            await errors_out.send(reply)
                        continue
                    if isinstance(item.message, types.JSONRPCRequest):
                        owed.add(_id_key(item.message.id))
                    await good_send.send(item)
            eof = True
            check_settled()
            with anyio.move_on_after(DRAIN_S):
                await settled.wait()

    async def forward() -> None:
        async with out_recv:
            async for msg in out_recv:
                if isinstance(msg.message, types.JSONRPCResponse | types.JSONRPCError):
                    owed.discard(_id_key(msg.message.id))
                with contextlib.suppress(anyio.BrokenResourceError, anyio.ClosedResourceError):
                    await write_stream.send(msg)
                check_settled()

    forwarded = anyio.Event()

    async def forward_all() -> None:
        try:
            await forward()
        finally:
            forwarded.set()

    async with anyio.create_task_group() as tg:
        tg.start_soon(sieve)
        tg.start_soon(forward_all)
        async with out_send:
            await server.run(good_recv, out_send, server.create_initialization_options())
        # every sender is closed now (the sieve's clone once input ended): what is queued
        # still goes out before the session ends
        with anyio.move_on_after(_FLUSH_S):
            await forwarded.wait()
        tg.cancel_scope.cancel()


class _StdioStream:
    """This process's stdin and stdout as the byte stream ``framed`` reads and writes."""

    def __init__(self) -> None:
        import sys

        self._in = anyio.wrap_file(open(sys.stdin.fileno(), "rb", buffering=0, closefd=False))  # noqa: SIM115
        self._out = anyio.wrap_file(open(sys.stdout.fileno(), "wb", closefd=False))  # noqa: SIM115

    async def receive(self, max_bytes: int = 65536) -> bytes:
        data = await self._in.read(max_bytes)
        if not data:
            raise anyio.EndOfStream
        return data

    async def send(self, item: bytes) -> None:
        try:
            await self._out.write(item)
            await self._out.flush()
        except (BrokenPipeError, ConnectionResetError, ValueError):
            raise anyio.BrokenResourceError from None

    async def aclose(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            await self._out.flush()


async def serve_stdio(gateway: ToolGateway, name: str = "vera") -> None:
    """Serve MCP on this process's stdin/stdout until stdin closes and every request read has
    been answered."""
    server = build_server(gateway, name)
    async with framed(_StdioStream()) as (read_stream, write_stream):  # type: ignore[arg-type]
        await _run_session(server, read_stream, write_stream)


# --- Unix socket --------------------------------------------------------------------------------


async def _serve_connection(server: Server[Any], stream: anyio.abc.ByteStream) -> None:
    """One MCP session over newline-delimited JSON on a connected socket."""
    async with framed(stream) as (read_stream, write_stream):
        await _run_session(server, read_stream, write_stream)


def _prepare_socket_path(path: Path) -> None:
    if len(os.fsencode(path)) > SUN_PATH_MAX:
        raise ValueError(
            f"socket path too long for a Unix socket ({SUN_PATH_MAX} bytes max): {path}"
        )
    try:
        st = path.lstat()
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        return
    if not stat.S_ISSOCK(st.st_mode):
        raise ValueError(f"refusing to replace {path}: it exists and is not a socket")
    path.unlink()


def relay_binds(socket_path: Path) -> list[Bind]:
    """Binds that make a gateway socket and the relay visible inside a sandbox (read-only).

    The socket's directory is bound, not the socket, so the sandbox can be created before the
    gateway starts (a shell service needs the sandbox before the Environment exists); keep
    nothing else in that directory.
    """
    return [
        Bind(source=Path(socket_path).parent, target=SANDBOX_SOCKET_DIR),
        Bind(source=RELAY_PATH, target=SANDBOX_RELAY),
    ]


def relay_command(socket_path: Path, python: str = "/usr/bin/python3") -> list[str]:
    """The argv an MCP client inside the sandbox runs as its stdio server (see relay_binds)."""
    return [python, SANDBOX_RELAY, f"{SANDBOX_SOCKET_DIR}/{Path(socket_path).name}"]


class UnixGateway:
    """A gateway served on a Unix socket by a task of the current asyncio loop.

    ``await start()`` returns once the socket accepts connections; ``await stop()`` closes
    the listener, ends every session, closes the trace and removes the socket. Each
    connection is one MCP session. Use as ``async with UnixGateway(gw, path) as g: ...``.
    """

    def __init__(self, gateway: ToolGateway, socket_path: Path, *, name: str = "vera") -> None:
        self.gateway = gateway
        self.socket_path = Path(socket_path)
        self.server = build_server(gateway, name)
        self._task: asyncio.Task[None] | None = None
        self._ready: asyncio.Future[None] | None = None
        self._listener: anyio.abc.SocketListener | None = None

    async def start(self) -> None:
        """Bind the socket and start serving. Raises ValueError for an unusable path."""
        if self._task is not None:
            raise RuntimeError("gateway already started")
        _prepare_socket_path(self.socket_path)
        self._listener = await anyio.create_unix_listener(self.socket_path)
        os.chmod(self.socket_path, 0o600)
        self._task = asyncio.get_running_loop().create_task(self._serve(self._listener))

    async def _serve(self, listener: anyio.abc.SocketListener) -> None:
        async def handle(stream: anyio.abc.SocketStream) -> None:
            try:
                await _serve_connection(self.server, stream)
            except Exception:
                log.exception("gateway session failed")

        async with listener:
            await listener.serve(handle)

    async def stop(self) -> None:
        """Stop serving and release everything. Safe to call twice."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        with contextlib.suppress(FileNotFoundError):
            self.socket_path.unlink()
        self.gateway.close()

    def sandbox_binds(self) -> list[Bind]:
        """``relay_binds(self.socket_path)``."""
        return relay_binds(self.socket_path)

    def relay_command(self, python: str = "/usr/bin/python3") -> list[str]:
        """``relay_command(self.socket_path, python)``."""
        return relay_command(self.socket_path, python)

    async def __aenter__(self) -> UnixGateway:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()
