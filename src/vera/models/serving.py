"""A raw ASGI application served by uvicorn on a loopback port, from async or sync code.

Both of vera's model-side servers (the scripted model server and the model proxy) are plain ASGI
callables served this way: the port is bound before uvicorn starts (``port=0`` picks a free one
and the caller learns it at once), ``TCP_NODELAY`` is set on the listening socket so accepted
connections do not stall 40 ms between an answer's head and body (Nagle against delayed ACKs),
and ``start()`` returns only once uvicorn accepts connections.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Awaitable, Callable
from typing import Any

import uvicorn

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]


class LoopbackServer:
    """Serve ``app`` on ``host:port`` until :meth:`stop` (``port`` 0: any free port)."""

    def __init__(
        self,
        app: App,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        ssl_certfile: str | None = None,
        ssl_keyfile: str | None = None,
    ) -> None:
        self.app = app
        self.host = host
        self.port = port
        self.ssl = (ssl_certfile, ssl_keyfile)
        """HTTPS with this certificate and key (files read once, while the server starts)."""
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def started(self) -> bool:
        return self._server is not None

    async def start(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        try:
            sock.bind((self.host, self.port))
        except OSError:
            sock.close()
            raise
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self.app,
            lifespan="off",
            interface="asgi3",
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=1,
            timeout_keep_alive=30,
            ssl_certfile=self.ssl[0],
            ssl_keyfile=self.ssl[1],
        )
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]))
        while not self._server.started:
            if self._task.done():
                self._task.result()
                raise RuntimeError("server stopped during start-up")
            await asyncio.sleep(0.005)

    async def wait(self) -> None:
        """Until the server stops (or the caller is cancelled)."""
        if self._task is not None:
            await self._task

    async def stop(self) -> None:
        if self._server is None or self._task is None:
            return
        self._server.should_exit = True
        with contextlib.suppress(asyncio.CancelledError):
            await self._task
        self._server = self._task = None


class BodyTooLarge(Exception):
    """A request body over the limit given to :func:`read_body` (it was read and dropped)."""


async def read_body(receive: Receive, limit: int | None = None) -> bytes:
    """The whole request body of an ASGI http request. Past ``limit`` bytes the rest is read
    and dropped, then :class:`BodyTooLarge` is raised: a client's body is never held whole."""
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        chunk = message.get("body", b"")
        size += len(chunk)
        if limit is None or size <= limit:
            chunks.append(chunk)
        else:
            chunks.clear()
        if not message.get("more_body"):
            if limit is not None and size > limit:
                raise BodyTooLarge(f"request body of {size} bytes, over the limit of {limit}")
            return b"".join(chunks)


async def send_bytes(
    send: Send,
    status: int,
    body: bytes,
    content_type: str = "application/json",
    extra: dict[str, str] | None = None,
    head: bool = False,
) -> None:
    """A complete response with a body (``head``: headers only, as for ``HEAD``)."""
    headers = [
        (b"content-type", content_type.encode()),
        (b"content-length", str(len(body)).encode()),
    ]
    headers += [(k.encode(), v.encode()) for k, v in (extra or {}).items()]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head else body})
