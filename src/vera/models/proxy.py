"""vera's model proxy: a loopback HTTP server between an agent framework and its model.

Every agent framework vera runs (Claude Code, Codex, Hermes, OpenClaw, ``mcp-command``) is
given this proxy as its model endpoint; the proxy forwards each request to the real one (a
provider, an OpenAI-compatible server, the scripted server, the local model) and so sees every
model exchange of the trial, whatever the framework chooses to print. Per request it

- checks the request is one of its wire (``POST .../messages``, ``.../responses``,
  ``.../chat/completions``; :func:`vera.models.exchange.request_problem`): a malformed one is
  answered with the wire's own HTTP 400 body saying what is wrong, never sent on, and reported
  as the agent's fault (``agent_error``);
- asks its :class:`ProxyHooks` whether the run may spend more (``admit``: a budget cap reached
  refuses the request with HTTP 402 and reports ``budget``) and lets them rewrite the request
  (``rewrite_request``: injections and defences on native tool results);
- forwards it with the real key (the framework holds only a placeholder: keys never enter its
  sandbox) and streams the answer back as it arrives, byte for byte, status and headers
  included, so a 429 or 5xx reaches the framework's own retry logic unchanged;
- counts the answer's usage (JSON body or streamed events, :class:`~vera.models.exchange.
  UsageTally`) and its cost (genai-prices, at the upstream's ``price_as`` model), hands both to
  the hooks (``on_usage``: the trial's ledger and the run's budget);
- records the exchange as one JSON line in ``RECORD/exchanges.jsonl``: request as forwarded,
  answer (JSON, or the event stream as text), status, usage, what was rewritten; credentials
  in headers and the upstream key anywhere in a body are ``<redacted>``;
- gives up on an upstream that does not answer (no byte for ``upstream_timeout_s``, before or
  during the answer): the framework gets HTTP 504 (or its stream ends) and the hooks get an
  ``infra_error`` fault at once, so a hung model ends the trial as ``infra_error`` well inside
  its time limit.

Probes (``HEAD /``, ``GET /``) are answered by the proxy; other requests (model lists,
``count_tokens``) are forwarded as they are and recorded, not counted.

``vera models proxy --upstream SPEC --record DIR`` runs one on its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

import httpx
from pydantic import BaseModel, Field

from vera.models.errors import ModelSpecError
from vera.models.exchange import (
    SseDecoder,
    UsageTally,
    Wire,
    answer_stream,
    request_problem,
    wire_of_path,
)
from vera.models.serving import (
    BodyTooLarge,
    LoopbackServer,
    Receive,
    Scope,
    Send,
    read_body,
    send_bytes,
)
from vera.models.spec import ModelSpec
from vera.models.wire import error_body
from vera.records import Usage, utcnow

log = logging.getLogger(__name__)

EXCHANGES = "exchanges.jsonl"

MAX_REQUEST_BYTES = 64 << 20
"""Largest request body the proxy takes from an agent framework (a whole conversation, tool
outputs included, fits many times over); a larger one is refused with 413, the agent's error."""
"""The proxy's record of a trial's model exchanges, in its record directory."""
PLACEHOLDER_KEY = "vera-model-proxy"
"""The key a framework is configured with: the proxy puts the real one on the way out."""

SECRET_HEADERS = frozenset(
    {"authorization", "x-api-key", "api-key", "x-goog-api-key", "proxy-authorization", "cookie"}
)
_HOP = frozenset(
    {"host", "connection", "keep-alive", "proxy-connection", "te", "trailer", "upgrade",
     "transfer-encoding", "content-length", "accept-encoding", "content-encoding"}
)  # fmt: skip
"""Headers of one hop: never passed on (bodies are sent decoded, lengths recomputed)."""
_LOOPBACK = ("127.0.0.1", "localhost", "::1")


class Upstream(BaseModel):
    """Where the proxy forwards to."""

    base_url: str
    """The API root the wire paths are appended to (``https://api.anthropic.com/v1``,
    ``https://api.openai.com/v1``, ``http://127.0.0.1:PORT/v1``)."""
    api_key: str = Field(default="", repr=False)
    """Put on every forwarded request in place of the framework's placeholder; never recorded."""
    label: str = ""
    """The model spec, for records."""
    price_as: str | None = None
    """``PROVIDER:MODEL`` whose genai-prices prices cost the usage; None: unpriced (cost None)."""
    wire: Wire | None = None
    """The wire the upstream speaks; None: all three (the scripted server)."""
    model: str = ""
    """The model name to ask for ("" for a scripted server, which answers any name)."""

    def url(self, path: str, query: str = "") -> str:
        """The upstream URL for a request path: wire paths (``/v1/messages`` or ``/messages``)
        under the API root, anything else (``/api/v1/models``) under its origin."""
        root = self.base_url.rstrip("/")
        if path == "/v1" or path.startswith("/v1/"):
            target = root + path[3:]
        elif wire_of_path(path) is not None or path.rstrip("/") in ("/models",):
            target = root + path
        else:
            u = urlsplit(root)
            target = f"{u.scheme}://{u.netloc}{path}"
        return f"{target}?{query}" if query else target

    @property
    def loopback(self) -> bool:
        return urlsplit(self.base_url).hostname in _LOOPBACK


class ProxyFault(BaseModel):
    """Something the proxy refused or gave up on, reported to the hooks as it happens."""

    kind: Literal["agent_error", "infra_error", "budget"]
    message: str
    exchange: int
    """The index of the exchange it happened in."""


@dataclass
class RequestRewrite:
    """A request body the hooks changed, and what they changed (recorded with the exchange)."""

    body: dict[str, Any]
    notes: list[str] = field(default_factory=list)


class ProxyHooks:
    """What a trial plugs into its proxy; every hook does nothing by default. Hooks run on the
    proxy's event loop; ``admit``, ``on_usage`` and ``on_fault`` must not block."""

    def admit(self) -> str | None:
        """A reason to refuse the next request (the run's budget is spent), or None."""
        return None

    async def rewrite_request(self, wire: Wire, body: dict[str, Any]) -> RequestRewrite | None:
        """A changed request body (tool results injected or defended), or None to send it as is.

        ``body`` may be changed in place; an exception is vera's failure (``infra_error``)."""
        return None

    def on_usage(self, usage: Usage) -> None:
        """The usage (and cost) of one answered request."""

    @property
    def vets_answers(self) -> bool:
        """True: every answer is complete before it is passed on, for :meth:`vet_answer` (a
        stream is asked of the upstream as one JSON answer and streamed to the client whole)."""
        return False

    async def vet_answer(self, wire: Wire, answer: dict[str, Any]) -> list[str]:
        """Change a complete answer in place (a defence blocks or rewrites the tool calls the
        model proposes); what was done, for the record. An exception is vera's failure."""
        return []

    def on_fault(self, fault: ProxyFault) -> None:
        """A fault that ends the framework's turn (see :class:`ProxyFault`)."""


class ModelProxy:
    """The proxy for one trial (or one ``vera models proxy``); see the module doc.

    ``async with ModelProxy(upstream, record=DIR, hooks=h) as p:`` then give the framework
    ``p.base_url`` (Anthropic SDKs) or ``p.openai_base_url`` and :data:`PLACEHOLDER_KEY`.
    """

    def __init__(
        self,
        upstream: Upstream,
        *,
        record: Path | None = None,
        hooks: ProxyHooks | None = None,
        upstream_timeout_s: float = 120.0,
        host: str = "127.0.0.1",
        port: int = 0,
    ) -> None:
        self.upstream = upstream
        self.record = Path(record) if record is not None else None
        self.hooks = hooks or ProxyHooks()
        self.upstream_timeout_s = upstream_timeout_s
        self.usage = Usage()
        """Everything answered so far."""
        self.faults: list[ProxyFault] = []
        self.exchanges = 0
        self._server = LoopbackServer(self._app, host=host, port=port)
        self._client: httpx.AsyncClient | None = None
        self._record_fd = -1
        self._lock = threading.Lock()
        self._key = upstream.api_key.encode() if len(upstream.api_key) >= 8 else b""

    # --- addresses and lifecycle -----------------------------------------------------------------

    @property
    def port(self) -> int:
        return self._server.port

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``: what Anthropic clients take (they add ``/v1``)."""
        return f"http://{self._server.host}:{self._server.port}"

    @property
    def openai_base_url(self) -> str:
        return self.base_url + "/v1"

    async def start(self) -> None:
        t = self.upstream_timeout_s
        self._client = httpx.AsyncClient(
            timeout=httpx.Timeout(connect=min(t, 30.0), read=t, write=t, pool=t),
            limits=httpx.Limits(max_connections=64, max_keepalive_connections=16),
            trust_env=not self.upstream.loopback,  # a host's HTTPS_PROXY, never for loopback
        )
        if self.record is not None:
            self.record.mkdir(parents=True, exist_ok=True)
            self._record_fd = os.open(
                self.record / EXCHANGES, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC,
                0o600,
            )  # fmt: skip
        await self._server.start()

    async def stop(self) -> None:
        await self._server.stop()
        if self._client is not None:
            await self._client.aclose()
            self._client = None
        if self._record_fd >= 0:
            os.close(self._record_fd)
            self._record_fd = -1

    async def __aenter__(self) -> ModelProxy:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def serve_forever(self, on_ready: Callable[[], None] | None = None) -> None:
        """Serve until cancelled (``vera models proxy``)."""
        await self.start()
        if on_ready is not None:
            on_ready()
        try:
            await self._server.wait()
        finally:
            await self.stop()

    # --- the ASGI application ----------------------------------------------------------------------

    async def _app(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        method: str = scope["method"]
        path: str = scope["path"]
        query = scope.get("query_string", b"").decode("latin-1")
        too_large: str | None = None
        try:
            raw = await read_body(receive, MAX_REQUEST_BYTES)
        except BodyTooLarge as exc:
            raw, too_large = b"", str(exc)
        with self._lock:
            index = self.exchanges
            self.exchanges += 1
        ex = _Exchange(index=index, method=method, path=path, query=query, raw_request=raw,
                       request_headers=scope.get("headers", []))  # fmt: skip
        try:
            if too_large is not None:  # an agent's own fault: refused, never forwarded
                await self._refuse(ex, send, wire_of_path(path) or "chat", 413,
                                   f"malformed request: {too_large}", "agent_error")  # fmt: skip
                return
            if method in ("HEAD", "GET") and path.rstrip("/") in ("", "/v1"):
                ex.status = 200
                await send_bytes(send, 200, b'{"ok": true}', head=method == "HEAD")
                return
            wire = wire_of_path(path) if method == "POST" else None
            if wire is None:
                await self._forward(ex, send, None)
            else:
                await self._model_request(ex, wire, send)
        finally:
            self._write_record(ex)

    async def _model_request(self, ex: _Exchange, wire: Wire, send: Send) -> None:
        ex.wire = wire
        try:
            body: Any = json.loads(ex.raw_request) if ex.raw_request else None
        except (ValueError, RecursionError) as exc:  # nested past the parser's depth too
            body = None
            problem: str | None = (
                "the request body is nested too deeply" if isinstance(exc, RecursionError)
                else "the request body is not JSON"
            )
        else:
            problem = request_problem(wire, body)
        if isinstance(body, dict):
            ex.stream = body.get("stream") is True
        if problem is not None:
            await self._refuse(ex, send, wire, 400, f"malformed request: {problem}", "agent_error")
            return
        reason = self.hooks.admit()
        if reason is not None:
            await self._refuse(ex, send, wire, 402, f"budget reached: {reason}", "budget")
            return
        try:
            rewrite = await self.hooks.rewrite_request(wire, body)
        except Exception as e:
            log.exception("model proxy: rewriting a request failed")
            why = f"rewriting the request failed: {type(e).__name__}: {e}"
            await self._refuse(ex, send, wire, 502, why, "infra_error")
            return
        if rewrite is not None:
            ex.notes = rewrite.notes
            ex.raw_request = json.dumps(rewrite.body, ensure_ascii=False).encode()
        if self.hooks.vets_answers:
            await self._forward_vetted(ex, send, wire, rewrite.body if rewrite else body)
            return
        await self._forward(ex, send, wire)

    async def _refuse(
        self, ex: _Exchange, send: Send, wire: Wire, status: int, message: str, kind: str
    ) -> None:
        text = f"vera model proxy: {message}"
        ex.status, ex.fault = status, text
        data = error_body(
            wire, status, text, type="invalid_request_error" if status < 500 else None
        )
        ex.response = json.dumps(data).encode()
        await send_bytes(send, status, ex.response)
        self._fault(kind, text, ex.index)  # type: ignore[arg-type]

    def _fault(
        self, kind: Literal["agent_error", "infra_error", "budget"], text: str, i: int
    ) -> None:
        fault = ProxyFault(kind=kind, message=text, exchange=i)
        self.faults.append(fault)
        try:
            self.hooks.on_fault(fault)
        except Exception:
            log.exception("model proxy: on_fault hook failed")

    def _headers(self, ex: _Exchange, wire: Wire | None) -> list[tuple[bytes, bytes]]:
        """The client's headers for the upstream: hop-by-hop ones dropped, credentials replaced
        by the upstream's key in the scheme the client used (``x-api-key`` / ``Bearer``)."""
        out: list[tuple[bytes, bytes]] = []
        key = self.upstream.api_key.encode()
        sent_auth = False
        for k, v in ex.request_headers:
            name = k.decode("latin-1").lower()
            if name in _HOP:
                continue
            if key and name in ("x-api-key", "api-key", "x-goog-api-key"):
                v, sent_auth = key, True
            elif key and name == "authorization":
                v, sent_auth = b"Bearer " + key, True
            out.append((k, v))
        if key and not sent_auth:
            out.append(
                (b"x-api-key", key) if wire == "messages" else (b"authorization", b"Bearer " + key)
            )
        out.append((b"accept-encoding", b"identity"))
        return out

    async def _forward(self, ex: _Exchange, send: Send, wire: Wire | None) -> None:
        assert self._client is not None
        url = self.upstream.url(ex.path, ex.query)
        request = self._client.build_request(
            ex.method, url, content=ex.raw_request or None, headers=self._headers(ex, wire)
        )
        try:
            response = await self._client.send(request, stream=True)
        except httpx.TimeoutException:
            await self._gave_up(ex, send, wire, started=False)
            return
        except httpx.HTTPError as e:  # refused, reset: passed on as 502 (the framework retries)
            ex.status, ex.fault = 502, f"vera model proxy: cannot reach the model endpoint: {e}"
            body = error_body(wire or "chat", 502, ex.fault)
            ex.response = json.dumps(body).encode()
            await send_bytes(send, 502, ex.response)
            return
        ex.status = response.status_code
        headers = [
            (k, v) for k, v in response.headers.raw if k.decode("latin-1").lower() not in _HOP
        ]
        ex.response_headers = headers
        sse = response.headers.get("content-type", "").startswith("text/event-stream")
        tally = UsageTally(wire) if wire is not None and ex.status == 200 else None
        buf = bytearray()
        await send({"type": "http.response.start", "status": ex.status, "headers": headers})
        try:
            await _relay(response, buf, send)
        except httpx.TimeoutException:
            ex.response = bytes(buf)
            ex.sse = sse
            await self._gave_up(ex, send, wire, started=True)
            return
        except httpx.HTTPError as e:  # the stream broke: the framework sees it cut short
            ex.fault = f"vera model proxy: the answer broke off: {e}"
        finally:
            await response.aclose()
        await send({"type": "http.response.body", "body": b"", "more_body": False})
        ex.response, ex.sse = bytes(buf), sse
        if tally is not None and not sse:
            with contextlib.suppress(ValueError):
                tally.body(json.loads(buf))
        elif tally is not None:
            for name, data in SseDecoder().feed(buf.decode("utf-8", "replace") + "\n\n"):
                tally.event(name, data)
        if tally is not None:
            self._count(ex, tally)

    async def _forward_vetted(
        self, ex: _Exchange, send: Send, wire: Wire, body: dict[str, Any]
    ) -> None:
        """Forward asking for a whole answer, let the hooks vet it, then pass it on as the
        client asked (JSON, or the wire's events rendered from it)."""
        options = body.get("stream_options")
        include_usage = isinstance(options, dict) and bool(options.get("include_usage"))
        if ex.stream:
            body = {k: v for k, v in body.items() if k != "stream_options"}
            body["stream"] = False
            ex.raw_request = json.dumps(body, ensure_ascii=False).encode()
        assert self._client is not None
        request = self._client.build_request(
            "POST", self.upstream.url(ex.path, ex.query), content=ex.raw_request,
            headers=self._headers(ex, wire),
        )  # fmt: skip
        try:
            response = await self._client.send(request)
        except httpx.TimeoutException:
            await self._gave_up(ex, send, wire, started=False)
            return
        except httpx.HTTPError as e:
            ex.status, ex.fault = 502, f"vera model proxy: cannot reach the model endpoint: {e}"
            ex.response = json.dumps(error_body(wire, 502, ex.fault)).encode()
            await send_bytes(send, 502, ex.response)
            return
        ex.status, ex.response = response.status_code, response.content
        try:
            answer = response.json() if response.status_code == 200 else None
        except ValueError:
            answer = None
        if not isinstance(answer, dict):  # an error, or not JSON: passed on as it is
            kind = response.headers.get("content-type", "application/json")
            extra = {k: v for k, v in response.headers.items()
                     if k.lower() not in _HOP and k.lower() != "content-type"}  # fmt: skip
            await send_bytes(send, ex.status, ex.response, kind, extra)
            return
        tally = UsageTally(wire)
        tally.body(answer)
        self._count(ex, tally)
        try:
            ex.notes = [*ex.notes, *await self.hooks.vet_answer(wire, answer)]
        except Exception as e:
            log.exception("model proxy: vetting an answer failed")
            why = f"vetting the answer failed: {type(e).__name__}: {e}"
            ex.fault = f"vera model proxy: {why}"
            await send_bytes(send, 502, json.dumps(error_body(wire, 502, ex.fault)).encode())
            self._fault("infra_error", ex.fault, ex.index)
            return
        if ex.stream:
            data = answer_stream(wire, answer, include_usage=include_usage)
            await send_bytes(send, 200, data, "text/event-stream; charset=utf-8")
        else:
            await send_bytes(send, 200, json.dumps(answer, ensure_ascii=False).encode())

    async def _gave_up(
        self, ex: _Exchange, send: Send, wire: Wire | None, *, started: bool
    ) -> None:
        text = (
            f"vera model proxy: the model endpoint gave no answer within "
            f"{self.upstream_timeout_s:g} s"
        )
        ex.fault = text
        if not started:
            ex.status = 504
            ex.response = json.dumps(error_body(wire or "chat", 504, text)).encode()
            await send_bytes(send, 504, ex.response)
        else:
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        self._fault("infra_error", text, ex.index)

    def _count(self, ex: _Exchange, tally: UsageTally) -> None:
        usage = tally.result()
        if usage is None:
            return
        if self.upstream.price_as:
            provider, _, name = self.upstream.price_as.rpartition(":")
            usage = usage.model_copy(update={"cost_usd": price_usage(usage, name, provider)})
        ex.usage = usage
        self.usage = self.usage + usage
        try:
            self.hooks.on_usage(usage)
        except Exception:
            log.exception("model proxy: on_usage hook failed")

    # --- the record ------------------------------------------------------------------------------

    def _write_record(self, ex: _Exchange) -> None:
        if self._record_fd < 0:
            return
        try:
            line = ex.line(self._key)
            view = memoryview(line)
            while view:
                view = view[os.write(self._record_fd, view) :]
        except OSError:
            log.exception("model proxy: cannot record exchange %d", ex.index)


KEY_VARIABLES: dict[str, tuple[str, ...]] = {
    "anthropic": ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"),
    "openai-responses": ("OPENAI_API_KEY",),
    "openai-chat": ("OPENAI_API_KEY",),
}
"""Where each hosted kind's key is read from (vera's environment, never the spec)."""


async def upstream_for(
    spec: str | ModelSpec, rt: Any, env: Mapping[str, str] | None = None
) -> Upstream:
    """The endpoint behind a model spec, started when it is vera's own (``rt``: the run's
    :class:`~vera.models.runtime.ModelRuntime`, which starts a scripted server or the local
    model and keeps it for the run).

    ``scripted:FILE`` (all three wires, any model name, priced as its ``price_as``), ``local``
    (Chat Completions), ``anthropic:MODEL[@URL]``, ``openai[-responses]:MODEL[@URL]``,
    ``openai-chat:MODEL[@URL]`` / ``openai-compat:...`` (keys from ``env``, default
    ``os.environ``: :data:`KEY_VARIABLES`; a server given by URL takes any key). Hosted models
    at their provider's URL are priced as ``PROVIDER:MODEL``; others are unpriced.
    Raises ModelSpecError (one line) for a spec that has no such endpoint or lacks its key.
    """
    from vera.models.spec import parse_spec

    parsed = spec if isinstance(spec, ModelSpec) else parse_spec(spec)
    env = os.environ if env is None else env
    if parsed.kind == "scripted":
        await rt.model(parsed, role="target")
        srv = rt.scripted[-1]  # appended by rt.model with no await in between
        return Upstream(base_url=srv.openai_base_url, api_key="scripted", label=parsed.raw,
                        price_as=srv.script.price_as)  # fmt: skip
    if parsed.kind == "local":
        await rt.model(parsed, role="target")
        return Upstream(base_url=rt.local.openai_base_url, api_key="local", label=parsed.raw,
                        wire="chat", model=parsed.name)  # fmt: skip
    defaults = {
        "anthropic": ("messages", "https://api.anthropic.com", "anthropic"),
        "openai-responses": ("responses", "https://api.openai.com/v1", "openai"),
        "openai-chat": ("chat", "https://api.openai.com/v1", "openai"),
    }
    if parsed.kind not in defaults:
        raise ModelSpecError(
            f"{parsed.raw}: no model endpoint for this kind of spec (use scripted:, local, "
            "anthropic:, openai:, openai-chat: or openai-compat:)"
        )
    wire, url, provider = defaults[parsed.kind]
    base = parsed.base_url or url
    if wire == "messages":  # Anthropic clients take the root and add /v1
        base = base.rstrip("/") + "/v1"
    names = KEY_VARIABLES[parsed.kind]
    key = next((env[k] for k in names if env.get(k)), None)
    if key is None:
        if parsed.base_url is None:
            raise ModelSpecError(f"{parsed.raw}: set {' or '.join(names)}")
        key = "x"  # a server given by URL (a local or compatible one) takes any key
    price_as = f"{provider}:{parsed.name}" if parsed.base_url is None else None
    return Upstream(base_url=base, api_key=key, label=parsed.raw, price_as=price_as, wire=wire,  # type: ignore[arg-type]
                    model=parsed.name)  # fmt: skip


async def _relay(response: httpx.Response, buf: bytearray, send: Send) -> None:
    """Pass an upstream answer on as it arrives, keeping a copy in ``buf``.

    A reader task takes the body from the upstream while this coroutine writes to the client
    whatever has arrived since its last write, in one piece: an answer that arrives faster than
    it can be written (a burst of events) costs one write per burst, not one per event, and an
    answer that trickles in (a model's tokens) is passed on chunk by chunk with no wait. Usage is
    read once the answer is complete (the usage events come last; parsing each chunk would only
    add latency). A server that compresses anyway (identity is asked for) is decoded, since the
    content-encoding header is not passed on.
    """
    coded = response.headers.get("content-encoding", "identity").lower() != "identity"
    pending: list[bytes] = []
    ready = asyncio.Event()
    done = False

    async def read() -> None:
        nonlocal done
        try:
            async for chunk in response.aiter_bytes() if coded else response.aiter_raw():
                pending.append(chunk)
                ready.set()
        finally:
            done = True
            ready.set()

    reader = asyncio.create_task(read())
    try:
        while True:
            await ready.wait()
            ready.clear()
            if pending:
                data = b"".join(pending)
                pending.clear()
                buf += data
                await send({"type": "http.response.body", "body": data, "more_body": True})
            if done and not pending:
                break
        await reader  # its exception (a timeout, a broken stream), if any
    finally:
        reader.cancel()


def price_usage(usage: Usage, model: str, provider: str | None) -> float | None:
    """Cost of ``usage`` at ``provider:model``'s genai-prices prices (None: unknown model)."""
    from genai_prices import Usage as PriceUsage

    from vera.models.usage import price_usd

    return price_usd(
        PriceUsage(
            input_tokens=usage.input_tokens,
            output_tokens=usage.output_tokens,
            cache_read_tokens=usage.cache_read_tokens or None,
            cache_write_tokens=usage.cache_write_tokens or None,
        ),
        model,
        provider or None,
    )


@dataclass
class _Exchange:
    """One request through the proxy while it is handled, and its line in the record."""

    index: int
    method: str
    path: str
    query: str
    raw_request: bytes
    request_headers: list[tuple[bytes, bytes]]
    started_at: Any = field(default_factory=utcnow)
    t0: float = field(default_factory=time.perf_counter)
    wire: Wire | None = None
    stream: bool = False
    status: int = 0
    response_headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    response: bytes = b""
    sse: bool = False
    usage: Usage | None = None
    fault: str | None = None
    notes: list[str] = field(default_factory=list)

    def line(self, key: bytes) -> bytes:
        """The exchange as one JSON line; request and answer bodies are spliced in as they are
        (no re-encoding of large JSON), credentials and the upstream key redacted."""
        meta = {
            "index": self.index,
            "started_at": self.started_at.isoformat(),
            "duration_s": round(time.perf_counter() - self.t0, 6),
            "method": self.method,
            "path": self.path,
            "query": self.query,
            "wire": self.wire,
            "stream": self.stream,
            "status": self.status,
            "request_headers": _headers_dict(self.request_headers),
            "response_headers": _headers_dict(self.response_headers),
            "rewritten": self.notes,
            "usage": self.usage.model_dump() if self.usage is not None else None,
            "fault": self.fault,
        }
        head = json.dumps(meta, ensure_ascii=False).encode()[:-1]
        request = _json_or_text(self.raw_request, sse=False)
        response = _json_or_text(self.response, sse=self.sse)
        line = head + b', "request": ' + request + b', "response": ' + response + b"}\n"
        return line.replace(key, b"<redacted>") if key else line


def _headers_dict(headers: list[tuple[bytes, bytes]]) -> dict[str, str]:
    out: dict[str, str] = {}
    for k, v in headers:
        name = k.decode("latin-1").lower()
        out[name] = "<redacted>" if name in SECRET_HEADERS else v.decode("latin-1")
    return out


def _json_or_text(data: bytes, *, sse: bool) -> bytes:
    """``data`` spliced as JSON when it is one JSON value, else as a JSON string (an event
    stream, an HTML error page); ``null`` when empty."""
    if not data:
        return b"null"
    if not sse:
        try:
            value = json.loads(data)
        except ValueError:
            pass
        else:  # a newline outside strings is whitespace: re-encode to keep one line
            if b"\n" not in data and b"\r" not in data:
                return data.strip()
            return json.dumps(value, ensure_ascii=False).encode()
    return json.dumps(data.decode("utf-8", "replace"), ensure_ascii=False).encode()


def read_exchanges(record: Path) -> list[dict[str, Any]]:
    """The exchanges a proxy recorded in ``record`` (a directory or the file), in order."""
    path = Path(record)
    if path.is_dir():
        path = path / EXCHANGES
    try:
        lines = path.read_bytes().splitlines()
    except FileNotFoundError:
        return []
    out = []
    for line in lines:
        with contextlib.suppress(ValueError):
            out.append(json.loads(line))
    return out


__all__ = [
    "EXCHANGES",
    "KEY_VARIABLES",
    "PLACEHOLDER_KEY",
    "ModelProxy",
    "ProxyFault",
    "ProxyHooks",
    "RequestRewrite",
    "Upstream",
    "price_usage",
    "read_exchanges",
    "upstream_for",
]
