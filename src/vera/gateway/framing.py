"""Newline-delimited JSON-RPC over a byte stream (a Unix socket), as MCP's stdio transport frames it.

Both ends of the gateway socket use this: the server for each accepted connection, and
``unix_client`` for in-process clients (oracles, tests, benchmarks). A line that is not a
JSON-RPC message comes through as an ``Exception`` carrying the raw line in ``vera_line``,
so the server can answer it instead of dropping it silently.
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import anyio
import anyio.abc
import mcp_types as types
from mcp.shared.message import SessionMessage

log = logging.getLogger(__name__)

MAX_FRAME_BYTES = 16 << 20
"""Longest message (one line) read: a longer one is skipped up to its newline and comes
through as a :class:`FrameTooLong` (the server answers it with a JSON-RPC error and goes on)."""
MAX_DEPTH = 64
"""Deepest nesting of arrays and objects in a message; a deeper one is refused the same way
(a parser would recurse into it)."""


class FrameTooLong(Exception):
    """A message over :data:`MAX_FRAME_BYTES`: skipped, to be answered with an error."""

    vera_line = b""


class FrameTooDeep(ValueError):
    """A message nested deeper than :data:`MAX_DEPTH`."""


_OPEN = frozenset(b"[{")
_CLOSE = frozenset(b"]}")


def too_deep(line: bytes, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text ``line`` nests arrays/objects deeper than ``limit`` (brackets in
    strings are not counted). Cheap when it is not: the scan stops at the first bracket deep
    enough, and a line with fewer brackets than ``limit`` is not scanned."""
    if line.count(b"[") + line.count(b"{") <= limit:
        return False
    depth, in_str, esc = 0, False, False
    for ch in line:
        if in_str:
            if esc:
                esc = False
            elif ch == 92:  # backslash
                esc = True
            elif ch == 34:  # quote
                in_str = False
        elif ch == 34:
            in_str = True
        elif ch in _OPEN:
            depth += 1
            if depth > limit:
                return True
        elif ch in _CLOSE:
            depth -= 1
    return False

_WRITER_DRAIN_S = 5.0


def decode_frame(line: bytes) -> SessionMessage | Exception:
    """One line -> a message, or the validation error (with ``vera_line`` set)."""
    try:
        if too_deep(line):
            raise FrameTooDeep(f"nested deeper than {MAX_DEPTH} levels")
        msg = types.jsonrpc_message_adapter.validate_json(line, by_name=False)
        if isinstance(msg, types.JSONRPCNotification | types.JSONRPCRequest):
            obj = json.loads(line)
            rid = obj.get("id", 0) if isinstance(obj, dict) else None
            if (isinstance(msg, types.JSONRPCNotification) and "id" in obj) or (
                isinstance(rid, bool) or not isinstance(rid, str | int)
            ):
                # An id that is not a string or an integer (an object, a list, a bool, a
                # float, null) would pass as a notification, or be coerced to another id, and
                # never be answered as sent; JSON-RPC calls it an invalid request.
                raise ValueError("request id must be a string or an integer")
        return SessionMessage(msg)
    except Exception as e:
        e.vera_line = line  # type: ignore[attr-defined]
        return e


def encode_frame(msg: SessionMessage) -> bytes:
    return msg.message.model_dump_json(by_alias=True, exclude_unset=True).encode() + b"\n"


@contextlib.asynccontextmanager
async def framed(
    stream: anyio.abc.ByteStream,
) -> AsyncIterator[tuple[Any, Any]]:
    """Yield ``(read_stream, write_stream)`` of messages over ``stream``.

    The read side ends at the peer's EOF; on exit, messages already written are flushed
    (bounded wait) before the stream is closed.
    """
    in_send, in_recv = anyio.create_memory_object_stream[SessionMessage | Exception](16)
    out_send, out_recv = anyio.create_memory_object_stream[SessionMessage](16)
    writer_done = anyio.Event()

    async def reader() -> None:
        buf = bytearray()
        skipping = False  # inside a message over MAX_FRAME_BYTES: dropped up to its newline
        async with in_send:
            try:
                while True:
                    try:
                        chunk = await stream.receive(1 << 16)
                    except (anyio.EndOfStream, anyio.BrokenResourceError,
                            anyio.ClosedResourceError):  # fmt: skip
                        break
                    buf += chunk
                    while (i := buf.find(b"\n")) >= 0:
                        line = bytes(buf[:i]).strip()
                        del buf[: i + 1]
                        if skipping:
                            skipping = False
                            await in_send.send(FrameTooLong())
                        elif line:
                            await in_send.send(decode_frame(line))
                    if len(buf) > MAX_FRAME_BYTES or skipping:
                        if not skipping:
                            log.warning("skipping a message over %d bytes", MAX_FRAME_BYTES)
                        skipping = True
                        buf.clear()
                if skipping:  # the peer ended inside an over-long message: still answered
                    await in_send.send(FrameTooLong())
            except (anyio.BrokenResourceError, anyio.ClosedResourceError):
                return

    async def writer() -> None:
        try:
            async with out_recv:
                async for msg in out_recv:
                    try:
                        await stream.send(encode_frame(msg))
                    except (anyio.BrokenResourceError, anyio.ClosedResourceError):
                        continue  # peer gone: keep draining so senders never block
        finally:
            writer_done.set()

    try:
        async with anyio.create_task_group() as tg:
            tg.start_soon(reader)
            tg.start_soon(writer)
            try:
                yield in_recv, out_send
            finally:
                await out_send.aclose()
                with anyio.move_on_after(_WRITER_DRAIN_S, shield=True):
                    await writer_done.wait()
                tg.cancel_scope.cancel()
    finally:
        with contextlib.suppress(Exception):
            await stream.aclose()


@contextlib.asynccontextmanager
async def unix_client(socket_path: Path) -> AsyncIterator[tuple[Any, Any]]:
    """An MCP client transport to a gateway socket: ``mcp.Client(unix_client(path))``."""
    stream = await anyio.connect_unix(socket_path)
    async with framed(stream) as streams:
        yield streams
