"""The scripted model server: a real HTTP server on loopback that plays a script.

It speaks OpenAI Chat Completions (``POST /v1/chat/completions``), OpenAI Responses
(``POST /v1/responses``) and Anthropic Messages (``POST /v1/messages``, ``?beta=true`` too),
streamed and not, and answers the probes agent CLIs send (``HEAD /``, ``GET /v1/models``,
``GET /api/v1/models``, ``POST /v1/messages/count_tokens``). Paths work with and without the
``/v1`` prefix, so one base URL serves the OpenAI and the Anthropic SDKs alike.

Every request is recorded (method, path, body, the step that answered) in memory and, when a log
path is given, as one JSON line per request. Use it from async code::

    async with ScriptedServer(script) as srv:
        client = AsyncOpenAI(base_url=srv.openai_base_url, api_key="x")

or from sync code (a background thread runs the server)::

    with ScriptedServer(script) as srv:
        ...
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from vera.models.script import Chosen, RequestView, Script, ScriptState, Step
from vera.models.serving import LoopbackServer, send_bytes
from vera.models.wire import (
    Answer,
    Wire,
    context_error_body,
    error_body,
    read_request,
    sse_frame,
)

Scope = dict[str, Any]
Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]

_ROUTES: dict[str, Wire] = {
    "/v1/chat/completions": "chat",
    "/chat/completions": "chat",
    "/v1/responses": "responses",
    "/responses": "responses",
    "/v1/messages": "messages",
    "/messages": "messages",
}
_MODEL_LISTS = ("/v1/models", "/models", "/api/v1/models", "/api/tags")
_SECRET_HEADERS = ("authorization", "x-api-key", "api-key", "x-goog-api-key")


class RecordedRequest(BaseModel):
    """One request the server received, as the script saw it."""

    index: int
    received_at: float
    method: str
    path: str
    query: str = ""
    headers: dict[str, str] = Field(default_factory=dict)
    """Request headers; credentials are replaced by ``<redacted>``."""
    body: Any = None
    """The JSON body, or the raw text when it is not JSON, or None."""
    wire: Wire | None = None
    stream: bool = False
    conversation: str | None = None
    source: str | None = None
    """What answered: ``step``, ``rule``, ``fallback``, or None for probes."""
    step_index: int | None = None
    status: int = 200
    fault: str | None = None


class ScriptedServer:
    """Serve a script on ``127.0.0.1``; see the module docstring for use."""

    def __init__(
        self,
        script: Script | str | Path | dict[str, Any] | list[Any],
        *,
        port: int = 0,
        host: str = "127.0.0.1",
        log_path: str | Path | None = None,
        hang_limit: float = 600.0,
    ) -> None:
        self.script = script if isinstance(script, Script) else Script.load(script)
        self.state = ScriptState(self.script)
        self.host = host
        self.port = port
        self.log_path = Path(log_path) if log_path else None
        self.hang_limit = hang_limit
        self._requests: list[RecordedRequest] = []
        self._lock = threading.Lock()
        self._counter = 0
        self._in_flight = 0
        self.max_in_flight = 0
        """Most requests ever handled at the same time (shows concurrency limits at work)."""
        self._server: LoopbackServer | None = None
        self._stopping: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- addresses and records ------------------------------------------------------------------

    @property
    def base_url(self) -> str:
        """Root URL (``http://127.0.0.1:PORT``): what Anthropic clients take; OpenAI ones also work."""
        return f"http://{self.host}:{self.port}"

    @property
    def openai_base_url(self) -> str:
        """``base_url`` + ``/v1``: what OpenAI clients conventionally take."""
        return self.base_url + "/v1"

    @property
    def requests(self) -> list[RecordedRequest]:
        """Every request received so far, probes included (a copy)."""
        with self._lock:
            return list(self._requests)

    @property
    def model_requests(self) -> list[RecordedRequest]:
        """Only the requests answered from the script (completions, responses, messages)."""
        return [r for r in self.requests if r.source is not None]

    @property
    def exhausted(self) -> int:
        """Requests answered by a fallback because the script ran out."""
        return self.state.exhausted

    def _log(self, rec: RecordedRequest) -> None:
        if self.log_path is not None:
            with self._lock, self.log_path.open("a") as f:
                f.write(rec.model_dump_json() + "\n")

    # --- lifecycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        """Bind the port and serve until :meth:`stop`; returns once the server accepts requests."""
        self._stopping = asyncio.Event()
        self._server = LoopbackServer(self._app, host=self.host, port=self.port)
        await self._server.start()
        self.port = self._server.port

    async def stop(self) -> None:
        if self._server is None:
            return
        assert self._stopping is not None
        self._stopping.set()  # releases hung and sleeping steps, so shutdown does not wait
        await self._server.stop()
        self._server = None

    async def __aenter__(self) -> ScriptedServer:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def __enter__(self) -> ScriptedServer:
        """Run the server on an event loop in a background thread (for sync code and tests)."""
        started = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self.start())
            except BaseException as e:  # reported to the caller below
                failure.append(e)
                started.set()
                loop.close()
                return
            started.set()
            loop.run_forever()  # until __exit__ has stopped the server and then the loop
            loop.close()

        self._thread = threading.Thread(target=run, name="vera-scripted-server", daemon=True)
        self._thread.start()
        started.wait()
        if failure:
            raise failure[0]
        return self

    def __exit__(self, *exc: object) -> None:
        if self._thread is None or self._loop is None:
            return
        fut = asyncio.run_coroutine_threadsafe(self.stop(), self._loop)
        with contextlib.suppress(Exception):
            fut.result(timeout=10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=10)
        self._thread = None

    async def serve_forever(self, on_ready: Callable[[], None] | None = None) -> None:
        """Serve until cancelled (the ``vera models serve-scripted`` command)."""
        await self.start()
        if on_ready is not None:
            on_ready()
        try:
            assert self._server is not None
            await self._server.wait()
        finally:
            await self.stop()

    # --- the ASGI application -------------------------------------------------------------------

    async def _app(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        method: str = scope["method"]
        path: str = scope["path"].rstrip("/") or "/"
        raw = b""
        while True:
            message = await receive()
            raw += message.get("body", b"")
            if not message.get("more_body"):
                break
        with self._lock:
            index = self._counter
            self._counter += 1
        headers = {
            k.decode("latin-1"): (
                "<redacted>"
                if k.decode("latin-1").lower() in _SECRET_HEADERS
                else v.decode("latin-1")
            )
            for k, v in scope.get("headers", [])
        }
        body: Any = None
        if raw:
            try:
                body = json.loads(raw)
            except ValueError:
                body = raw.decode("utf-8", "replace")
        rec = RecordedRequest(
            index=index,
            received_at=time.time(),
            method=method,
            path=path,
            query=scope.get("query_string", b"").decode("latin-1"),
            headers=headers,
            body=body,
        )
        with self._lock:
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)
            self._requests.append(rec)  # visible before the answer goes out; filled in below
        try:
            await self._route(rec, receive, send)
        finally:
            with self._lock:
                self._in_flight -= 1
            self._log(rec)

    async def _route(self, rec: RecordedRequest, receive: Receive, send: Send) -> None:
        path, method = rec.path, rec.method
        if method in ("HEAD", "GET") and path in ("/", "/v1"):
            await _send_json(send, 200, {"ok": True}, head=method == "HEAD")
            return
        if method == "GET" and path in _MODEL_LISTS:
            await _send_json(send, 200, self._model_list())
            return
        if method == "POST" and path in ("/v1/messages/count_tokens", "/messages/count_tokens"):
            view = read_request("messages", rec.body if isinstance(rec.body, dict) else {})
            tokens = max(1, sum(len(t) for t in view.all_texts) // 4)
            await _send_json(send, 200, {"input_tokens": tokens})
            return
        wire = _ROUTES.get(path)
        if method != "POST" or wire is None:
            rec.status = 404
            await _send_json(
                send, 404, {"error": {"message": f"no route {method} {path}", "type": "not_found"}}
            )
            return
        if not isinstance(rec.body, dict):
            rec.status = 400
            await _send_json(send, 400, error_body(wire, 400, "request body is not a JSON object"))
            return
        view = read_request(wire, rec.body)
        window = self.script.context_window
        tokens = request_tokens(rec.body)
        if window is not None and tokens > window:
            rec.wire, rec.stream, rec.status, rec.fault = wire, view.stream, 400, "context"
            await _send_json(send, 400, context_error_body(wire, tokens, window))
            return
        chosen = self.state.choose(view)
        rec.wire, rec.stream = wire, view.stream
        rec.conversation, rec.source, rec.step_index = (
            chosen.conversation,
            chosen.source,
            chosen.index,
        )
        await self._answer(rec, wire, view, chosen, receive, send)

    def _model_list(self) -> dict[str, Any]:
        name = self.script.model or "scripted"
        entry = {
            "id": name,
            "object": "model",
            "created": 0,
            "owned_by": "vera",
            "type": "model",
            "display_name": name,
            "created_at": "2025-01-01T00:00:00Z",
        }
        if self.script.context_window is not None:  # as vLLM, OpenRouter and LM Studio say it
            entry["max_model_len"] = entry["context_length"] = self.script.context_window
        return {
            "object": "list",
            "data": [entry],
            "has_more": False,
            "first_id": name,
            "last_id": name,
            "models": [{"name": name, "model": name}],
        }

    async def _answer(
        self,
        rec: RecordedRequest,
        wire: Wire,
        view: RequestView,
        chosen: Chosen,
        receive: Receive,
        send: Send,
    ) -> None:
        step: Step = chosen.step
        if step.latency > 0:
            await self._sleep(step.latency)
        fault = step.fault
        if fault is not None and fault.kind == "hang":
            rec.fault = "hang"
            if await self._hang(receive):
                rec.status = 503  # released by shutdown: answer, so the client is not left waiting
                await _send_json(send, 503, error_body(wire, 503, "scripted server stopped"))
            else:
                rec.status = 0
            return
        if fault is not None and fault.kind == "context":
            rec.status, rec.fault = 400, "context"
            tokens = request_tokens(rec.body)
            window = self.script.context_window or max(1, tokens - 1)
            await _send_json(send, 400, context_error_body(wire, tokens, window))
            return
        if fault is not None and fault.kind == "http":
            rec.status, rec.fault = fault.status, f"http {fault.status}"
            extra = {}
            if fault.retry_after is not None:
                extra = {
                    "retry-after": f"{fault.retry_after:g}",
                    "retry-after-ms": str(int(fault.retry_after * 1000)),
                }
            body = error_body(wire, fault.status, fault.message, code=fault.code, type=fault.type)
            await _send_json(send, fault.status, body, extra)
            return
        # Generated call ids embed the request's index, so they are unique within a server.
        step = step.for_request(view)
        answer = Answer(wire, step, view, self.script.model or view.model or "scripted", rec.index)
        malformed = fault is not None and fault.kind == "malformed"
        if malformed:
            rec.fault = "malformed"
        if not view.stream:
            if malformed:
                await send_bytes(
                    send, 200, b'{"id": "broken", "choices": [{"message": ', "application/json"
                )
                return
            await _send_json(send, 200, answer.body())
            return
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"text/event-stream"),
                    (b"cache-control", b"no-cache"),
                ],
            }
        )
        # A malformed stream breaks on its first event, so clients fail before any output.
        events = [] if malformed else answer.events(rec.body)
        if malformed:
            head = b"event: message_start\n" if wire == "messages" else b""
            await send(
                {
                    "type": "http.response.body",
                    "body": head + b"data: {not json at all\n\n",
                    "more_body": True,
                }
            )
        for event, data in events:
            await send(
                {"type": "http.response.body", "body": sse_frame(event, data), "more_body": True}
            )
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    async def _sleep(self, seconds: float) -> None:
        assert self._stopping is not None
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), seconds)

    async def _hang(self, receive: Receive) -> bool:
        """Answer nothing until the client gives up, the server stops, or ``hang_limit`` passes.

        Returns whether the client is still there (then the caller answers it)."""
        assert self._stopping is not None

        async def client_gone() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass

        waits = [asyncio.ensure_future(client_gone()), asyncio.ensure_future(self._stopping.wait())]
        try:
            await asyncio.wait(waits, timeout=self.hang_limit, return_when=asyncio.FIRST_COMPLETED)
            return not waits[0].done()
        finally:
            for w in waits:
                w.cancel()


def request_tokens(body: Any) -> int:
    """A request's size in tokens as the scripted server counts it: 4 characters a token over
    the whole JSON body (messages, tools, settings)."""
    return len(json.dumps(body, separators=(",", ":"))) // 4 + 1


async def _send_json(
    send: Send, status: int, data: Any, extra: dict[str, str] | None = None, head: bool = False
) -> None:
    await send_bytes(send, status, json.dumps(data).encode(), "application/json", extra, head)
