"""The three wire formats the scripted server speaks: reading requests, writing answers.

OpenAI Chat Completions (``chat``), OpenAI Responses (``responses``) and Anthropic Messages
(``messages``), each streamed (server-sent events, in the order the official SDKs and the agent
CLIs parse) or not. Readers turn a request body into a :class:`RequestView`; writers turn a
scripted :class:`Step` into a JSON body or a list of SSE frames.
"""

from __future__ import annotations

import json
import time
import uuid
from typing import Any, Literal

from vera.models.script import RequestView, Step

Wire = Literal["chat", "responses", "messages"]


# --- reading requests ---------------------------------------------------------------------------


def _text_of(content: Any) -> str:
    """Plain text of a message content in any of the three formats (strings, part lists)."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(t for t in (_text_of(p) for p in content) if t)
    if isinstance(content, dict):
        for key in ("text", "output", "content"):
            if key in content:
                return _text_of(content[key])
    return ""


def read_request(wire: Wire, body: dict[str, Any]) -> RequestView:
    """Normalize a request body; unknown shapes degrade to empty texts, never to an error."""
    reader = {"chat": _read_chat, "responses": _read_responses, "messages": _read_messages}[wire]
    view = reader(body)
    view.model = str(body.get("model") or "")
    view.stream = bool(body.get("stream"))
    tools = body.get("tools") or []
    view.has_tools = bool(tools)
    view.tool_names = [_tool_name(t) for t in tools if isinstance(t, dict)]
    view.argless_tools = [_tool_name(t) for t in tools if isinstance(t, dict) and _argless(t)]
    return view


def _argless(tool: dict[str, Any]) -> bool:
    """No required parameter (chat: function.parameters; responses: parameters; messages:
    input_schema)."""
    fn = tool.get("function") if isinstance(tool.get("function"), dict) else tool
    schema = fn.get("parameters") or fn.get("input_schema") or {}
    return not (isinstance(schema, dict) and schema.get("required"))


def _tool_name(tool: dict[str, Any]) -> str:
    if isinstance(tool.get("function"), dict):
        return str(tool["function"].get("name", ""))
    return str(tool.get("name", ""))


def _read_chat(body: dict[str, Any]) -> RequestView:
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    texts = [_text_of(m.get("content")) for m in messages]
    first_user = next(
        (t for m, t in zip(messages, texts, strict=True) if m.get("role") == "user"), ""
    )
    last = messages[-1] if messages else {}
    return RequestView(
        wire="chat",
        first_user=first_user,
        last_text=texts[-1] if texts else "",
        last_is_tool_result=last.get("role") in ("tool", "function"),
        all_texts=texts,
    )


def _read_responses(body: dict[str, Any]) -> RequestView:
    items = body.get("input")
    if isinstance(items, str):
        items = [{"type": "message", "role": "user", "content": items}]
    items = [i for i in items or [] if isinstance(i, dict)]
    texts: list[str] = []
    first_user = ""
    for item in items:
        kind = item.get("type", "message")
        if kind == "message":
            text = _text_of(item.get("content"))
            if item.get("role") == "user" and not first_user:
                first_user = text
        elif kind.endswith("_call_output"):
            text = _text_of(item.get("output"))
        elif kind.endswith("_call"):
            text = str(item.get("arguments", ""))
        else:
            text = _text_of(item)
        texts.append(text)
    last = items[-1] if items else {}
    return RequestView(
        wire="responses",
        first_user=first_user,
        last_text=texts[-1] if texts else "",
        last_is_tool_result=str(last.get("type", "")).endswith("_call_output"),
        all_texts=texts,
    )


def _read_messages(body: dict[str, Any]) -> RequestView:
    messages = [m for m in body.get("messages") or [] if isinstance(m, dict)]
    texts: list[str] = []
    first_user = ""
    for m in messages:
        content = m.get("content")
        text = _text_of(content)
        texts.append(text)
        if m.get("role") == "user" and not first_user and not _has_tool_result(content):
            first_user = text
    last = messages[-1] if messages else {}
    return RequestView(
        wire="messages",
        first_user=first_user,
        last_text=texts[-1] if texts else "",
        last_is_tool_result=last.get("role") == "user" and _has_tool_result(last.get("content")),
        all_texts=texts,
    )


def _has_tool_result(content: Any) -> bool:
    return isinstance(content, list) and any(
        isinstance(b, dict) and b.get("type") == "tool_result" for b in content
    )


# --- writing answers ----------------------------------------------------------------------------


def _estimate_tokens(text: str) -> int:
    """A rough token count (4 characters a token) for reporting usage of scripted answers."""
    return max(1, (len(text) + 3) // 4)


def _usage_of(step: Step, view: RequestView) -> tuple[int, int]:
    given = step.usage or {}
    inp = given.get("input_tokens", _estimate_tokens(" ".join(view.all_texts)))
    out_text = (step.text or "") + "".join(c.name + c.arguments_json() for c in step.tool_calls)
    out = given.get("output_tokens", _estimate_tokens(out_text))
    return inp, out


def _new_id(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:24]}"


def _call_ids(step: Step, counter: int, prefix: str) -> list[str]:
    return [c.id or f"{prefix}{counter}_{i}" for i, c in enumerate(step.tool_calls)]


class Answer:
    """A scripted step rendered for one request in one wire format."""

    def __init__(self, wire: Wire, step: Step, view: RequestView, model: str, counter: int):
        self.wire = wire
        self.step = step
        self.view = view
        self.model = model
        self.call_ids = _call_ids(step, counter, "toolu_" if wire == "messages" else "call_")
        self.input_tokens, self.output_tokens = _usage_of(step, view)
        self.created = int(time.time())

    # chat completions --------------------------------------------------------------------------

    def _finish_chat(self) -> str:
        if self.step.stop_reason:
            return self.step.stop_reason
        return "tool_calls" if self.step.tool_calls else "stop"

    def _chat_usage(self) -> dict[str, int]:
        return {
            "prompt_tokens": self.input_tokens,
            "completion_tokens": self.output_tokens,
            "total_tokens": self.input_tokens + self.output_tokens,
        }

    def chat_body(self) -> dict[str, Any]:
        message: dict[str, Any] = {"role": "assistant", "content": self.step.text}
        if self.step.tool_calls:
            message["tool_calls"] = [
                {
                    "id": cid,
                    "type": "function",
                    "function": {"name": c.name, "arguments": c.arguments_json()},
                }
                for cid, c in zip(self.call_ids, self.step.tool_calls, strict=True)
            ]
        return {
            "id": _new_id("chatcmpl-"),
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "choices": [
                {
                    "index": 0,
                    "message": message,
                    "finish_reason": self._finish_chat(),
                    "logprobs": None,
                }
            ],
            "usage": self._chat_usage(),
        }

    def chat_events(self, include_usage: bool) -> list[tuple[str | None, Any]]:
        cid = _new_id("chatcmpl-")

        def chunk(delta: dict[str, Any], finish: str | None = None) -> dict[str, Any]:
            return {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": self.created,
                "model": self.model,
                "choices": [
                    {"index": 0, "delta": delta, "finish_reason": finish, "logprobs": None}
                ],
            }

        events: list[tuple[str | None, Any]] = [(None, chunk({"role": "assistant", "content": ""}))]
        if self.step.text:
            for piece in _pieces(self.step.text):
                events.append((None, chunk({"content": piece})))
        for i, (call_id, c) in enumerate(zip(self.call_ids, self.step.tool_calls, strict=True)):
            head = {
                "index": i,
                "id": call_id,
                "type": "function",
                "function": {"name": c.name, "arguments": ""},
            }
            events.append((None, chunk({"tool_calls": [head]})))
            for piece in _pieces(c.arguments_json()):
                events.append(
                    (None, chunk({"tool_calls": [{"index": i, "function": {"arguments": piece}}]}))
                )
        events.append((None, chunk({}, self._finish_chat())))
        if include_usage:
            usage_chunk = chunk({})
            usage_chunk["choices"] = []
            usage_chunk["usage"] = self._chat_usage()
            events.append((None, usage_chunk))
        events.append((None, "[DONE]"))
        return events

    # responses ---------------------------------------------------------------------------------

    def _responses_items(self) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        if self.step.text is not None:
            items.append(
                {
                    "type": "message",
                    "id": _new_id("msg_"),
                    "status": "completed",
                    "role": "assistant",
                    "content": [
                        {
                            "type": "output_text",
                            "text": self.step.text,
                            "annotations": [],
                            "logprobs": [],
                        }
                    ],
                }
            )
        for call_id, c in zip(self.call_ids, self.step.tool_calls, strict=True):
            item: dict[str, Any] = {
                "type": "function_call",
                "id": _new_id("fc_"),
                "call_id": call_id,
                "name": c.name,
                "arguments": c.arguments_json(),
                "status": "completed",
            }
            if c.namespace:
                item["namespace"] = c.namespace
            items.append(item)
        return items

    def _response_object(
        self, status: str, output: list[dict[str, Any]], rid: str
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "id": rid,
            "object": "response",
            "created_at": self.created,
            "status": status,
            "model": self.model,
            "output": output,
            "parallel_tool_calls": True,
            "tool_choice": "auto",
            "tools": [],
            "error": None,
            "incomplete_details": None,
            "instructions": None,
            "metadata": {},
            "temperature": None,
            "top_p": None,
        }
        if self.step.stop_reason == "length" and status == "completed":
            body["status"] = "incomplete"
            body["incomplete_details"] = {"reason": "max_output_tokens"}
        if status != "in_progress":
            body["usage"] = {
                "input_tokens": self.input_tokens,
                "input_tokens_details": {"cached_tokens": 0},
                "output_tokens": self.output_tokens,
                "output_tokens_details": {"reasoning_tokens": 0},
                "total_tokens": self.input_tokens + self.output_tokens,
            }
        else:
            body["usage"] = None
        return body

    def responses_body(self) -> dict[str, Any]:
        return self._response_object("completed", self._responses_items(), _new_id("resp_"))

    def responses_events(self) -> list[tuple[str | None, Any]]:
        rid = _new_id("resp_")
        seq = iter(range(1_000_000))
        events: list[tuple[str | None, Any]] = []

        def emit(kind: str, **fields: Any) -> None:
            events.append((kind, {"type": kind, "sequence_number": next(seq), **fields}))

        emit("response.created", response=self._response_object("in_progress", [], rid))
        emit("response.in_progress", response=self._response_object("in_progress", [], rid))
        items = self._responses_items()
        for index, item in enumerate(items):
            if item["type"] == "message":
                text = item["content"][0]["text"]
                emit(
                    "response.output_item.added",
                    output_index=index,
                    item={**item, "status": "in_progress", "content": []},
                )
                part = {"type": "output_text", "text": "", "annotations": [], "logprobs": []}
                emit(
                    "response.content_part.added",
                    item_id=item["id"],
                    output_index=index,
                    content_index=0,
                    part=part,
                )
                for piece in _pieces(text):
                    emit(
                        "response.output_text.delta",
                        item_id=item["id"],
                        output_index=index,
                        content_index=0,
                        delta=piece,
                        logprobs=[],
                    )
                emit(
                    "response.output_text.done",
                    item_id=item["id"],
                    output_index=index,
                    content_index=0,
                    text=text,
                    logprobs=[],
                )
                emit(
                    "response.content_part.done",
                    item_id=item["id"],
                    output_index=index,
                    content_index=0,
                    part={**part, "text": text},
                )
            else:
                emit(
                    "response.output_item.added",
                    output_index=index,
                    item={**item, "arguments": "", "status": "in_progress"},
                )
                for piece in _pieces(item["arguments"]):
                    emit(
                        "response.function_call_arguments.delta",
                        item_id=item["id"],
                        output_index=index,
                        delta=piece,
                    )
                emit(
                    "response.function_call_arguments.done",
                    item_id=item["id"],
                    output_index=index,
                    name=item["name"],
                    arguments=item["arguments"],
                )
            emit("response.output_item.done", output_index=index, item=item)
        final = self._response_object("completed", items, rid)
        emit(
            "response.incomplete" if final["status"] == "incomplete" else "response.completed",
            response=final,
        )
        return events

    # anthropic messages ------------------------------------------------------------------------

    def _stop_reason(self) -> str:
        if self.step.stop_reason == "length":
            return "max_tokens"
        if self.step.stop_reason == "stop":
            return "end_turn"
        return "tool_use" if self.step.tool_calls else "end_turn"

    def _anthropic_usage(self, output_tokens: int) -> dict[str, Any]:
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": output_tokens,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
        }

    def _anthropic_blocks(self) -> list[dict[str, Any]]:
        blocks: list[dict[str, Any]] = []
        if self.step.text is not None:
            blocks.append({"type": "text", "text": self.step.text})
        for call_id, c in zip(self.call_ids, self.step.tool_calls, strict=True):
            blocks.append(
                {"type": "tool_use", "id": call_id, "name": c.name, "input": c.arguments_dict()}
            )
        return blocks

    def messages_body(self) -> dict[str, Any]:
        return {
            "id": _new_id("msg_"),
            "type": "message",
            "role": "assistant",
            "model": self.model,
            "content": self._anthropic_blocks(),
            "stop_reason": self._stop_reason(),
            "stop_sequence": None,
            "usage": self._anthropic_usage(self.output_tokens),
        }

    def messages_events(self) -> list[tuple[str | None, Any]]:
        start = {
            "id": _new_id("msg_"),
            "type": "message",
            "role": "assistant",
            "model": self.model,
            "content": [],
            "stop_reason": None,
            "stop_sequence": None,
            "usage": self._anthropic_usage(1),
        }
        events: list[tuple[str | None, Any]] = [
            ("message_start", {"type": "message_start", "message": start}),
        ]
        for index, block in enumerate(self._anthropic_blocks()):
            if block["type"] == "text":
                events.append(
                    (
                        "content_block_start",
                        {
                            "type": "content_block_start",
                            "index": index,
                            "content_block": {"type": "text", "text": ""},
                        },
                    )
                )
                if index == 0:
                    events.append(("ping", {"type": "ping"}))
                for piece in _pieces(block["text"]):
                    events.append(
                        (
                            "content_block_delta",
                            {
                                "type": "content_block_delta",
                                "index": index,
                                "delta": {"type": "text_delta", "text": piece},
                            },
                        )
                    )
            else:
                head = {"type": "tool_use", "id": block["id"], "name": block["name"], "input": {}}
                events.append(
                    (
                        "content_block_start",
                        {"type": "content_block_start", "index": index, "content_block": head},
                    )
                )
                call = self.step.tool_calls[index - (1 if self.step.text is not None else 0)]
                raw = (
                    call.arguments
                    if isinstance(call.arguments, str)
                    else json.dumps(block["input"])
                )
                for piece in _pieces(raw):
                    events.append(
                        (
                            "content_block_delta",
                            {
                                "type": "content_block_delta",
                                "index": index,
                                "delta": {"type": "input_json_delta", "partial_json": piece},
                            },
                        )
                    )
            events.append(("content_block_stop", {"type": "content_block_stop", "index": index}))
        events.append(
            (
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": self._stop_reason(), "stop_sequence": None},
                    "usage": {"output_tokens": self.output_tokens},
                },
            )
        )
        events.append(("message_stop", {"type": "message_stop"}))
        return events

    # dispatch ----------------------------------------------------------------------------------

    def body(self) -> dict[str, Any]:
        return {
            "chat": self.chat_body,
            "responses": self.responses_body,
            "messages": self.messages_body,
        }[self.wire]()

    def events(self, request: dict[str, Any]) -> list[tuple[str | None, Any]]:
        if self.wire == "chat":
            opts = request.get("stream_options") or {}
            return self.chat_events(bool(opts.get("include_usage")))
        if self.wire == "responses":
            return self.responses_events()
        return self.messages_events()


def _pieces(text: str, size: int = 16) -> list[str]:
    """Split streamed text into a few deltas, as real servers do (clients must reassemble)."""
    if not text:
        return []
    return [text[i : i + size] for i in range(0, len(text), size)]


def sse_frame(event: str | None, data: Any) -> bytes:
    """One server-sent event; ``data`` is JSON-encoded unless it is already a string."""
    payload = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"))
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {payload}\n\n".encode()


def error_body(
    wire: Wire, status: int, message: str, *, code: str | None = None, type: str | None = None
) -> dict[str, Any]:
    """An error body in the shape each SDK reads (so it can classify 429 vs 5xx); ``code`` and
    ``type`` override the ones derived from the status."""
    if wire == "messages":
        kind = type or {
            429: "rate_limit_error",
            529: "overloaded_error",
            400: "invalid_request_error",
            401: "authentication_error",
            404: "not_found_error",
        }.get(status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": message}}
    kind = {429: "rate_limit_exceeded", 400: "invalid_request_error"}.get(status, "server_error")
    return {
        "error": {"message": message, "type": type or kind, "param": None, "code": code or kind}
    }


def context_error_body(wire: Wire, tokens: int, window: int) -> dict[str, Any]:
    """The provider's own HTTP 400 body for a request longer than the model's context window:
    Anthropic's "prompt is too long" (messages), OpenAI's ``context_length_exceeded``."""
    if wire == "messages":
        message = f"prompt is too long: {tokens} tokens > {window} maximum"
        return {"type": "error", "error": {"type": "invalid_request_error", "message": message}}
    if wire == "responses":
        message = (
            "Your input exceeds the context window of this model. Please adjust your input "
            "and try again."
        )
        param = "input"
    else:
        message = (
            f"This model's maximum context length is {window} tokens. However, your messages "
            f"resulted in {tokens} tokens. Please reduce the length of the messages."
        )
        param = "messages"
    return {
        "error": {
            "message": message,
            "type": "invalid_request_error",
            "param": param,
            "code": "context_length_exceeded",
        }
    }
