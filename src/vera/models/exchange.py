"""Model exchanges read the way any client or server of the three wires writes them.

The model proxy (:mod:`vera.models.proxy`) sits between an agent framework and whatever model
server it talks to, so what it reads must follow the wire formats in general, never the habits
of one server:

- :func:`request_problem`: why a request body cannot be a request of its wire (a malformed
  request is the framework's error, answered at once and never sent on);
- :func:`tool_exchanges`: every tool call in a request's history with the tool result that
  answers it (OpenAI Chat Completions ``tool_calls`` / ``tool`` messages, OpenAI Responses
  ``*_call`` / ``*_call_output`` items, Anthropic ``tool_use`` / ``tool_result`` blocks), each
  result's text readable and replaceable in place;
- :class:`SseDecoder`: server-sent events from a byte stream in arbitrary chunks (``\\n``,
  ``\\r\\n`` or ``\\r`` line ends, multi-line ``data``, comments);
- :class:`UsageTally`: the usage an answer reports, from a JSON body or from the streamed
  events that carry it (Anthropic ``message_start`` and the cumulative ``message_delta``,
  OpenAI chat chunks with ``usage``, Responses ``response.completed`` / ``incomplete`` /
  ``failed``), read with genai-prices' own extractors so token kinds mean what its prices mean
  (input tokens include cached ones).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from vera.records import Usage

Wire = Literal["chat", "responses", "messages"]

WIRE_PATHS: dict[str, Wire] = {
    "/chat/completions": "chat",
    "/responses": "responses",
    "/messages": "messages",
}
"""The endpoint of each wire, relative to the API root (``.../v1``)."""


def wire_of_path(path: str) -> Wire | None:
    """The wire a request path belongs to (``/v1/messages``, ``/chat/completions``, ...)."""
    p = path.rstrip("/")
    if p.startswith("/v1/"):
        p = p[3:]
    return WIRE_PATHS.get(p)


# --- requests -------------------------------------------------------------------------------------


def request_problem(wire: Wire, body: Any) -> str | None:
    """Why ``body`` is not a request of ``wire`` (one line), or None when it can be one.

    Only what every server of the wire would refuse is checked: the shape of the body, the
    model, the conversation; anything else (unknown fields, content parts) is the model
    server's business and passes.
    """
    if not isinstance(body, dict):
        return "the request body is not a JSON object"
    model = body.get("model")
    if not isinstance(model, str) or not model.strip():
        return "the request names no model (a non-empty string `model`)"
    if "stream" in body and not isinstance(body["stream"], bool):
        return "`stream` must be true or false"
    if wire in ("chat", "messages"):
        messages = body.get("messages")
        if not isinstance(messages, list) or not messages:
            return "`messages` must be a non-empty list"
        for i, m in enumerate(messages):
            if not isinstance(m, dict) or not isinstance(m.get("role"), str):
                return f"`messages[{i}]` is not a message (an object with a `role`)"
        if wire == "messages" and "max_tokens" in body and not isinstance(body["max_tokens"], int):
            return "`max_tokens` must be an integer"
        return None
    items = body.get("input")
    if items is None and body.get("previous_response_id"):
        return None
    if not isinstance(items, str | list):
        return "`input` must be a string or a list of items"
    if isinstance(items, list):
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                return f"`input[{i}]` is not an item (an object)"
    return None


def _text(content: Any) -> str | None:
    """The text of a tool result's content, or None when it holds no text at all (images)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = [
            p.get("text") for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)
        ]
        return "\n".join(texts) if texts else (None if content else "")
    return None


def _replacer(holder: dict[str, Any], key: str) -> Callable[[str], None]:
    """A setter that puts new text where the result's text was: a string stays a string; in a
    list of parts, the first text part gets the text and the other text parts are dropped
    (images and other parts stay)."""

    def put(text: str) -> None:
        content = holder.get(key)
        if isinstance(content, list):
            out: list[Any] = []
            placed = False
            for part in content:
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    if not placed:
                        out.append({**part, "text": text})
                        placed = True
                    continue
                out.append(part)
            if not placed:
                out.insert(0, {"type": "text", "text": text})
            holder[key] = out
        else:
            holder[key] = text

    return put


@dataclass
class ToolExchange:
    """One tool call of a request's history and the result that answers it."""

    call_id: str
    name: str
    """The tool's name as the model called it (Responses: with its namespace, ``NS__NAME``
    when the namespace does not already start the name)."""
    arguments: Any
    """A mapping (Anthropic ``input``), or the JSON text the model wrote (OpenAI)."""
    text: str
    """The result's text as the framework sent it."""
    is_error: bool
    replace: Callable[[str], None]
    """Put another text in the request body where ``text`` is."""
    kind: str = "function"
    """``function`` (a function or tool_use call), ``custom`` (free-form input, e.g. Codex's
    ``apply_patch``), ``shell`` (Responses ``local_shell_call``) and the like."""


def tool_exchanges(wire: Wire, body: dict[str, Any]) -> list[ToolExchange]:
    """Every answered tool call in the request's history, in order (see the module doc).

    Calls without a result in this request (the model's last answer, not yet run) and results
    without a call are left out; so are results that hold no text (an image)."""
    if wire == "messages":
        return _messages_exchanges(body)
    if wire == "chat":
        return _chat_exchanges(body)
    return _responses_exchanges(body)


def _messages_exchanges(body: dict[str, Any]) -> list[ToolExchange]:
    calls: dict[str, dict[str, Any]] = {}
    out: list[ToolExchange] = []
    for m in body.get("messages") or []:
        content = m.get("content") if isinstance(m, dict) else None
        if not isinstance(content, list):
            continue
        for block in content:
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if m.get("role") == "assistant" and kind in ("tool_use", "server_tool_use"):
                if isinstance(block.get("id"), str):
                    calls[block["id"]] = block
            elif m.get("role") == "user" and kind == "tool_result":
                call = calls.get(block.get("tool_use_id") or "")
                text = _text(block.get("content"))
                if call is None or text is None:
                    continue
                out.append(
                    ToolExchange(
                        call_id=call["id"],
                        name=str(call.get("name") or ""),
                        arguments=call.get("input") if call.get("input") is not None else {},
                        text=text,
                        is_error=bool(block.get("is_error")),
                        replace=_replacer(block, "content"),
                    )
                )
    return out


def _chat_exchanges(body: dict[str, Any]) -> list[ToolExchange]:
    calls: dict[str, dict[str, Any]] = {}
    out: list[ToolExchange] = []
    for m in body.get("messages") or []:
        if not isinstance(m, dict):
            continue
        if m.get("role") == "assistant":
            for tc in m.get("tool_calls") or []:
                if isinstance(tc, dict) and isinstance(tc.get("id"), str):
                    calls[tc["id"]] = tc
        elif m.get("role") == "tool":
            call = calls.get(m.get("tool_call_id") or "")
            text = _text(m.get("content"))
            if call is None or text is None:
                continue
            fn = call.get("function") if isinstance(call.get("function"), dict) else {}
            kind = str(call.get("type") or "function")
            out.append(
                ToolExchange(
                    call_id=call["id"],
                    name=str(fn.get("name") or call.get("name") or ""),
                    arguments=fn.get("arguments", call.get("input", {})),
                    text=text,
                    is_error=False,
                    replace=_replacer(m, "content"),
                    kind=kind,
                )
            )
    return out


def _responses_exchanges(body: dict[str, Any]) -> list[ToolExchange]:
    items = body.get("input")
    if not isinstance(items, list):
        return []
    calls: dict[str, dict[str, Any]] = {}
    out: list[ToolExchange] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        kind = str(item.get("type") or "")
        cid = item.get("call_id")
        if not isinstance(cid, str):
            continue
        if kind.endswith("_call"):
            calls[cid] = item
        elif kind.endswith("_call_output"):
            call = calls.get(cid)
            text = _text(item.get("output"))
            if call is None or text is None:
                continue
            name = str(call.get("name") or kind.removesuffix("_call_output"))
            ns = call.get("namespace")
            if isinstance(ns, str) and ns and not name.startswith(ns):
                name = f"{ns}__{name}"
            if call.get("type") == "local_shell_call":
                arguments: Any = call.get("action") or {}
            elif call.get("type") == "function_call":
                arguments = call.get("arguments", "")
            else:
                arguments = call.get("input", call.get("arguments", ""))
            out.append(
                ToolExchange(
                    call_id=cid,
                    name=name,
                    arguments=arguments,
                    text=text,
                    is_error=False,
                    replace=_replacer(item, "output"),
                    kind=str(call.get("type") or "function_call").removesuffix("_call"),
                )
            )
    return out


def offered_tools(body: dict[str, Any]) -> list[str]:
    """The names of the tools a request offers the model, in any wire (Chat Completions'
    ``function.name``, Responses' and Anthropic's ``name``, a Responses namespace's tools as
    ``NS__NAME``)."""
    names: list[str] = []
    for t in body.get("tools") or []:
        if not isinstance(t, dict):
            continue
        if t.get("type") == "namespace" and isinstance(t.get("tools"), list):
            ns = str(t.get("name") or "")
            names += [f"{ns}__{u.get('name')}" for u in t["tools"] if isinstance(u, dict)]
        elif isinstance(t.get("function"), dict):
            names.append(str(t["function"].get("name") or ""))
        elif t.get("name"):
            names.append(str(t["name"]))
    return names


# --- answers --------------------------------------------------------------------------------------


class SseDecoder:
    """Incremental server-sent events decoder (the WHATWG event-stream format).

    ``feed(chunk)`` returns the events completed by ``chunk`` as ``(event, data)`` pairs
    (``event`` None when the stream named none); ``id``/``retry`` fields and comments are read
    and dropped."""

    def __init__(self) -> None:
        self._buf = ""
        self._event: str | None = None
        self._data: list[str] = []

    def feed(self, chunk: str) -> list[tuple[str | None, str]]:
        self._buf += chunk
        out: list[tuple[str | None, str]] = []
        while True:
            i = _line_end(self._buf)
            if i < 0:
                return out
            line, rest = self._buf[:i], self._buf[i:]
            # one line end: \r\n, \n or \r (a lone \r at the end may be half of a \r\n)
            if rest.startswith("\r\n"):
                rest = rest[2:]
            elif rest == "\r":
                return out
            else:
                rest = rest[1:]
            self._buf = rest
            if not line:
                if self._data:
                    out.append((self._event, "\n".join(self._data)))
                self._event, self._data = None, []
                continue
            if line.startswith(":"):
                continue
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            if name == "event":
                self._event = value
            elif name == "data":
                self._data.append(value)


def _line_end(text: str) -> int:
    n, r = text.find("\n"), text.find("\r")
    if n < 0:
        return r
    if r < 0:
        return n
    return min(n, r)


_PROVIDER = {"messages": ("anthropic", "default"), "chat": ("openai", "chat"),
             "responses": ("openai", "responses")}  # fmt: skip
"""Which of genai-prices' usage extractors reads each wire's usage object."""


class UsageTally:
    """The usage one answer reports, read as it streams (or from its JSON body)."""

    def __init__(self, wire: Wire) -> None:
        self.wire = wire
        self.usage: dict[str, Any] | None = None
        self.model: str | None = None

    def body(self, data: Any) -> None:
        """A complete JSON answer."""
        if not isinstance(data, dict):
            return
        if isinstance(data.get("usage"), dict):
            self.usage = dict(data["usage"])
        if isinstance(data.get("model"), str):
            self.model = data["model"]

    def event(self, name: str | None, data: str) -> None:
        """One streamed event; only events that can carry usage are decoded."""
        if data == "[DONE]" or ("usage" not in data and "message_start" not in data):
            return
        try:
            obj = json.loads(data)
        except ValueError:
            return
        if not isinstance(obj, dict):
            return
        kind = obj.get("type") or name
        if self.wire == "messages":
            if kind == "message_start" and isinstance(obj.get("message"), dict):
                self.body(obj["message"])
            elif kind == "message_delta" and isinstance(obj.get("usage"), dict):
                merged = dict(self.usage or {})
                merged.update({k: v for k, v in obj["usage"].items() if v is not None})
                self.usage = merged
        elif self.wire == "chat":
            self.body(obj) if isinstance(obj.get("usage"), dict) else None
            if isinstance(obj.get("model"), str):
                self.model = obj["model"]
        elif isinstance(obj.get("response"), dict) and kind in (
            "response.completed",
            "response.incomplete",
            "response.failed",
        ):
            self.body(obj["response"])

    def result(self) -> Usage | None:
        """Tokens of the answer (one request), or None when it reported no usage."""
        if not self.usage:
            return None
        from genai_prices.data_snapshot import get_snapshot

        provider, flavor = _PROVIDER[self.wire]
        try:  # the provider's extractor alone: a model genai-prices does not know still counts
            _, got = (
                get_snapshot()
                .find_provider(None, provider, None)
                .extract_usage({"usage": self.usage}, api_flavor=flavor)
            )
        except (LookupError, ValueError, TypeError):
            return None
        return Usage(
            requests=1,
            input_tokens=int(got.input_tokens or 0),
            output_tokens=int(got.output_tokens or 0),
            cache_read_tokens=int(got.cache_read_tokens or 0),
            cache_write_tokens=int(got.cache_write_tokens or 0),
        )


# --- tool calls in an answer, and the answer as a stream -------------------------------------------


@dataclass
class AnswerCall:
    """One tool call the model proposes in an answer (a JSON body)."""

    call_id: str
    name: str
    arguments: Any
    """A mapping (Anthropic), or the JSON text of the arguments (OpenAI)."""
    replace: Callable[[Any], None]
    """Put other arguments in the answer (a mapping; written as the wire writes arguments)."""
    drop: Callable[[str], None]
    """Take the call out of the answer, leaving a text in its place."""


def answer_calls(wire: Wire, body: dict[str, Any]) -> list[AnswerCall]:
    """The tool calls of a complete answer, each of which can be rewritten or dropped (dropping
    the last one makes the answer a plain one: ``end_turn`` / ``stop``)."""
    out: list[AnswerCall] = []
    if wire == "messages":
        content = body.get("content") if isinstance(body.get("content"), list) else []
        for block in list(content):
            if not isinstance(block, dict) or block.get("type") != "tool_use":
                continue

            def put(args: Any, b: dict[str, Any] = block) -> None:
                b["input"] = args

            def drop(text: str, b: dict[str, Any] = block) -> None:
                i = content.index(b)
                content[i] = {"type": "text", "text": text}
                if not any(isinstance(x, dict) and x.get("type") == "tool_use" for x in content):
                    body["stop_reason"] = "end_turn"

            out.append(AnswerCall(str(block.get("id")), str(block.get("name")),
                                  block.get("input") or {}, put, drop))  # fmt: skip
    elif wire == "chat":
        choices = body.get("choices") or []
        msg = choices[0].get("message") if choices and isinstance(choices[0], dict) else None
        calls = msg.get("tool_calls") if isinstance(msg, dict) else None
        for tc in list(calls or []):
            fn = tc.get("function") if isinstance(tc, dict) else None
            if not isinstance(fn, dict):
                continue

            def put(args: Any, f: dict[str, Any] = fn) -> None:
                f["arguments"] = json.dumps(args)

            def drop(text: str, t: dict[str, Any] = tc, m: dict[str, Any] = msg) -> None:  # type: ignore[assignment]
                m["tool_calls"].remove(t)
                m["content"] = "\n".join(filter(None, [m.get("content"), text]))
                if not m["tool_calls"]:
                    del m["tool_calls"]
                    choices[0]["finish_reason"] = "stop"

            out.append(AnswerCall(str(tc.get("id")), str(fn.get("name")),
                                  fn.get("arguments", ""), put, drop))  # fmt: skip
    else:
        output = body.get("output") if isinstance(body.get("output"), list) else []
        for item in list(output):
            if not isinstance(item, dict) or item.get("type") != "function_call":
                continue
            name = str(item.get("name"))
            ns = item.get("namespace")
            if isinstance(ns, str) and ns and not name.startswith(ns):
                name = f"{ns}__{name}"

            def put(args: Any, it: dict[str, Any] = item) -> None:
                it["arguments"] = json.dumps(args)

            def drop(text: str, it: dict[str, Any] = item) -> None:
                output[output.index(it)] = {
                    "type": "message", "id": f"msg_{it.get('id', 'vera')}", "status": "completed",
                    "role": "assistant",
                    "content": [{"type": "output_text", "text": text, "annotations": []}],
                }  # fmt: skip

            out.append(AnswerCall(str(item.get("call_id")), name, item.get("arguments", ""),
                                  put, drop))  # fmt: skip
    return out


def _sse(event: str | None, data: Any) -> str:
    payload = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
    return (f"event: {event}\n" if event else "") + f"data: {payload}\n\n"


def answer_stream(wire: Wire, body: dict[str, Any], *, include_usage: bool = False) -> bytes:
    """A complete answer as the server-sent events of its wire, in the order the official
    SDKs read them: what a client that asked for a stream gets when the answer had to be whole
    before it could be passed on (a defence vetted its tool calls)."""
    if wire == "messages":
        return _messages_stream(body).encode()
    if wire == "chat":
        return _chat_stream(body, include_usage).encode()
    return _responses_stream(body).encode()


def _messages_stream(body: dict[str, Any]) -> str:
    usage = dict(body.get("usage") or {})
    start = {**body, "content": [], "stop_reason": None, "stop_sequence": None,
             "usage": {**usage, "output_tokens": min(1, int(usage.get("output_tokens") or 0))}}  # fmt: skip
    out = [_sse("message_start", {"type": "message_start", "message": start})]
    for i, block in enumerate(body.get("content") or []):
        kind = block.get("type")
        if kind == "text":
            head, delta = (
                {"type": "text", "text": ""},
                {"type": "text_delta", "text": block.get("text", "")},
            )
        elif kind in ("tool_use", "server_tool_use"):
            head = {**block, "input": {}}
            delta = {
                "type": "input_json_delta",
                "partial_json": json.dumps(block.get("input") or {}),
            }
        elif kind == "thinking":
            head = {"type": "thinking", "thinking": "", "signature": ""}
            delta = {"type": "thinking_delta", "thinking": block.get("thinking", "")}
        else:  # anything else arrives whole in its start event
            head, delta = block, None
        out.append(_sse("content_block_start", {"type": "content_block_start", "index": i,
                                                "content_block": head}))  # fmt: skip
        if delta is not None:
            out.append(_sse("content_block_delta", {"type": "content_block_delta", "index": i,
                                                    "delta": delta}))  # fmt: skip
        if kind == "thinking" and block.get("signature"):
            sig = {"type": "signature_delta", "signature": block["signature"]}
            out.append(_sse("content_block_delta", {"type": "content_block_delta", "index": i,
                                                    "delta": sig}))  # fmt: skip
        out.append(_sse("content_block_stop", {"type": "content_block_stop", "index": i}))
    out.append(_sse("message_delta", {
        "type": "message_delta",
        "delta": {"stop_reason": body.get("stop_reason"), "stop_sequence": body.get("stop_sequence")},
        "usage": usage,
    }))  # fmt: skip
    out.append(_sse("message_stop", {"type": "message_stop"}))
    return "".join(out)


def _chat_stream(body: dict[str, Any], include_usage: bool) -> str:
    base = {k: body.get(k) for k in ("id", "created", "model", "system_fingerprint") if k in body}
    base["object"] = "chat.completion.chunk"
    out = []
    for choice in body.get("choices") or []:
        msg = choice.get("message") or {}
        idx = choice.get("index", 0)

        def chunk(delta: dict[str, Any], finish: Any = None, idx: int = idx) -> str:
            return _sse(None, {**base, "choices": [{"index": idx, "delta": delta,
                                                    "finish_reason": finish}]})  # fmt: skip

        out.append(chunk({"role": msg.get("role", "assistant"), "content": ""}))
        if msg.get("content"):
            out.append(chunk({"content": msg["content"]}))
        for i, tc in enumerate(msg.get("tool_calls") or []):
            out.append(chunk({"tool_calls": [{"index": i, **tc}]}))
        out.append(chunk({}, choice.get("finish_reason") or "stop"))
    if include_usage and body.get("usage") is not None:
        out.append(_sse(None, {**base, "choices": [], "usage": body["usage"]}))
    out.append(_sse(None, "[DONE]"))
    return "".join(out)


def _responses_stream(body: dict[str, Any]) -> str:
    seq = iter(range(1_000_000))
    out = []

    def emit(kind: str, **fields: Any) -> None:
        out.append(_sse(kind, {"type": kind, "sequence_number": next(seq), **fields}))

    pending = {**body, "status": "in_progress", "output": [], "usage": None}
    emit("response.created", response=pending)
    emit("response.in_progress", response=pending)
    for i, item in enumerate(body.get("output") or []):
        kind = item.get("type")
        if kind == "message":
            emit("response.output_item.added", output_index=i,
                 item={**item, "status": "in_progress", "content": []})  # fmt: skip
            for j, part in enumerate(item.get("content") or []):
                text = part.get("text", "")
                empty = {**part, "text": ""}
                emit("response.content_part.added", item_id=item.get("id"), output_index=i,
                     content_index=j, part=empty)  # fmt: skip
                emit("response.output_text.delta", item_id=item.get("id"), output_index=i,
                     content_index=j, delta=text)  # fmt: skip
                emit("response.output_text.done", item_id=item.get("id"), output_index=i,
                     content_index=j, text=text)  # fmt: skip
                emit("response.content_part.done", item_id=item.get("id"), output_index=i,
                     content_index=j, part=part)  # fmt: skip
        elif kind == "function_call":
            emit("response.output_item.added", output_index=i,
                 item={**item, "arguments": "", "status": "in_progress"})  # fmt: skip
            emit("response.function_call_arguments.delta", item_id=item.get("id"),
                 output_index=i, delta=item.get("arguments", ""))  # fmt: skip
            emit("response.function_call_arguments.done", item_id=item.get("id"),
                 output_index=i, arguments=item.get("arguments", ""))  # fmt: skip
        else:
            emit("response.output_item.added", output_index=i, item=item)
        emit("response.output_item.done", output_index=i, item=item)
    done = "response.incomplete" if body.get("status") == "incomplete" else "response.completed"
    emit(done, response=body)
    return "".join(out)


__all__ = [
    "WIRE_PATHS",
    "AnswerCall",
    "SseDecoder",
    "ToolExchange",
    "UsageTally",
    "Wire",
    "answer_calls",
    "answer_stream",
    "offered_tools",
    "request_problem",
    "tool_exchanges",
    "wire_of_path",
]
