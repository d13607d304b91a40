"""Reading the three wires as any client or server writes them: request checks, the tool calls
and results of a request's history (replaced in place), server-sent events in any chunking and
line ending, usage from bodies and from the events that carry it."""

from __future__ import annotations

import json

import pytest

from vera.models.exchange import (
    SseDecoder,
    UsageTally,
    offered_tools,
    request_problem,
    tool_exchanges,
    wire_of_path,
)

MESSAGES = {
    "model": "m",
    "tools": [{"name": "Bash", "input_schema": {}}, {"name": "mcp__vera__send_money"}],
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [
            {"type": "text", "text": "Let me look."},
            {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "ls"}},
            {"type": "tool_use", "id": "toolu_2", "name": "Read",
             "input": {"file_path": "/workspace/a.txt"}},
        ]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": "a.txt\nb.txt"},
            {"type": "tool_result", "tool_use_id": "toolu_2",
             "content": [{"type": "text", "text": "1\thello"},
                         {"type": "image", "source": {"type": "base64", "data": "x"}}]},
            {"type": "text", "text": "go on"},
        ]},
    ],
}  # fmt: skip

CHAT = {
    "model": "m",
    "tools": [{"type": "function", "function": {"name": "terminal", "parameters": {}}}],
    "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function",
             "function": {"name": "terminal", "arguments": "{\"command\": \"ls\"}"}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "a.txt"},
        {"role": "user", "content": "internal context after the result (OpenClaw)"},
    ],
}  # fmt: skip

RESPONSES = {
    "model": "m",
    "tools": [
        {"type": "function", "name": "exec_command", "parameters": {}},
        {"type": "namespace", "name": "mcp__vera", "tools": [{"name": "send_money"}]},
    ],
    "input": [
        {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "hi"}]},
        {"type": "function_call", "call_id": "c1", "name": "exec_command",
         "arguments": "{\"cmd\": \"cat a.txt\"}"},
        {"type": "function_call_output", "call_id": "c1", "output": "Output:\nhello"},
        {"type": "function_call", "call_id": "c2", "name": "send_money", "namespace": "mcp__vera",
         "arguments": "{}"},
        {"type": "function_call_output", "call_id": "c2", "output": "{\"status\": \"booked\"}"},
        {"type": "custom_tool_call", "call_id": "c3", "name": "apply_patch", "input": "*** Begin"},
        {"type": "custom_tool_call_output", "call_id": "c3", "output": "Done!"},
        {"type": "function_call", "call_id": "c4", "name": "exec_command", "arguments": "{}"},
    ],
}  # fmt: skip


def test_tool_exchanges_of_anthropic_messages_are_read_and_replaced_in_place():
    body = json.loads(json.dumps(MESSAGES))
    bash, read = tool_exchanges("messages", body)
    assert (bash.call_id, bash.name, bash.arguments, bash.text) == (
        "toolu_1", "Bash", {"command": "ls"}, "a.txt\nb.txt")  # fmt: skip
    assert (read.name, read.text) == ("Read", "1\thello")
    bash.replace("a.txt\nb.txt\nINJECTED")
    read.replace("1\thello\nINJECTED")
    results = body["messages"][2]["content"]
    assert results[0]["content"] == "a.txt\nb.txt\nINJECTED"
    # a list keeps its other parts (the image); the text part carries the new text
    assert results[1]["content"][0]["text"] == "1\thello\nINJECTED"
    assert results[1]["content"][1]["type"] == "image"
    assert [e.text for e in tool_exchanges("messages", body)][1].endswith("INJECTED")


def test_tool_exchanges_of_chat_completions_and_responses():
    [t] = tool_exchanges("chat", json.loads(json.dumps(CHAT)))
    assert (t.call_id, t.name, json.loads(t.arguments), t.text) == (
        "call_1", "terminal", {"command": "ls"}, "a.txt")  # fmt: skip
    body = json.loads(json.dumps(RESPONSES))
    shell, mcp, patch = tool_exchanges("responses", body)  # c4 has no output yet: left out
    assert (shell.name, shell.text, shell.kind) == ("exec_command", "Output:\nhello", "function")
    assert mcp.name == "mcp__vera__send_money"  # namespaced as the gateway's tools are named
    assert (patch.name, patch.arguments, patch.kind) == ("apply_patch", "*** Begin", "custom_tool")
    shell.replace("Output:\nhello\nINJECTED")
    assert body["input"][2]["output"] == "Output:\nhello\nINJECTED"


def test_offered_tools_in_every_wire():
    assert offered_tools(MESSAGES) == ["Bash", "mcp__vera__send_money"]
    assert offered_tools(CHAT) == ["terminal"]
    assert offered_tools(RESPONSES) == ["exec_command", "mcp__vera__send_money"]


@pytest.mark.parametrize(
    ("wire", "body", "why"),
    [
        ("chat", [], "not a JSON object"),
        ("chat", {"messages": [{"role": "user"}]}, "no model"),
        ("messages", {"model": "m", "messages": []}, "non-empty list"),
        ("messages", {"model": "m", "messages": [{"content": "x"}], "max_tokens": 5},
         "messages[0]"),
        ("messages", {"model": "m", "messages": [{"role": "user"}], "max_tokens": "5"},
         "max_tokens"),
        ("responses", {"model": "m", "input": {"x": 1}}, "`input`"),
        ("responses", {"model": "m", "input": ["x"]}, "input[0]"),
        ("chat", {"model": "m", "messages": [{"role": "user"}], "stream": "yes"}, "stream"),
    ],
)  # fmt: skip
def test_malformed_requests_are_named(wire, body, why):
    problem = request_problem(wire, body)
    assert problem is not None and why in problem


def test_well_formed_requests_pass():
    assert request_problem("messages", MESSAGES) is None
    assert request_problem("chat", CHAT) is None
    assert request_problem("responses", RESPONSES) is None
    assert request_problem("responses", {"model": "m", "input": "hi"}) is None
    assert request_problem("responses", {"model": "m", "previous_response_id": "r1"}) is None
    assert request_problem("chat", {"model": "m", "messages": [{"role": "user"}], "x": 1}) is None


def test_paths_name_their_wire():
    assert wire_of_path("/v1/messages") == "messages" == wire_of_path("/messages/")
    assert wire_of_path("/v1/chat/completions") == "chat"
    assert wire_of_path("/responses") == "responses"
    assert wire_of_path("/v1/models") is None and wire_of_path("/v1/messages/count_tokens") is None


STREAM = (
    ": hello\r\n\r\n"
    'event: message_start\r\ndata: {"type": "message_start",\r\ndata:  "x": 1}\r\n\r\n'
    "event:ping\rdata:{}\r\r"
    "data: [DONE]\n\n"
)


@pytest.mark.parametrize("size", [1, 2, 7, 1000])
def test_server_sent_events_in_any_chunking_and_line_ending(size):
    d = SseDecoder()
    events = []
    for i in range(0, len(STREAM), size):
        events += d.feed(STREAM[i : i + size])
    assert events == [
        ("message_start", '{"type": "message_start",\n "x": 1}'),
        ("ping", "{}"),
        (None, "[DONE]"),
    ]


def test_usage_from_messages_events_takes_the_cumulative_delta():
    t = UsageTally("messages")
    t.event("message_start", json.dumps({"type": "message_start", "message": {
        "model": "claude-x", "usage": {"input_tokens": 5, "cache_read_input_tokens": 50,
                                       "output_tokens": 1}}}))  # fmt: skip
    t.event("content_block_delta", json.dumps({"type": "content_block_delta", "delta": {}}))
    t.event("message_delta", json.dumps({"type": "message_delta",
                                         "usage": {"output_tokens": 30}}))  # fmt: skip
    u = t.result()
    assert u is not None
    assert (u.requests, u.input_tokens, u.cache_read_tokens, u.output_tokens) == (1, 55, 50, 30)


def test_usage_from_chat_and_responses_bodies_and_events():
    t = UsageTally("chat")
    t.event(None, json.dumps({"choices": [{"delta": {"content": "x"}}], "usage": None}))
    assert t.result() is None
    t.event(None, json.dumps({"choices": [], "usage": {"prompt_tokens": 9, "completion_tokens": 2,
                                                       "prompt_tokens_details": {"cached_tokens": 4}}}))  # fmt: skip
    u = t.result()
    assert u is not None and (u.input_tokens, u.cache_read_tokens, u.output_tokens) == (9, 4, 2)
    r = UsageTally("responses")
    r.event("response.created", json.dumps({"type": "response.created",
                                            "response": {"usage": None}}))  # fmt: skip
    r.event("response.completed", json.dumps({"type": "response.completed", "response": {
        "usage": {"input_tokens": 20, "output_tokens": 3}}}))  # fmt: skip
    u = r.result()
    assert u is not None and (u.input_tokens, u.output_tokens) == (20, 3)
    b = UsageTally("responses")
    b.body({"usage": {"input_tokens": 7, "output_tokens": 1}})
    u = b.result()
    assert u is not None and u.input_tokens == 7
    bad = UsageTally("messages")
    bad.body({"usage": {"nothing": 1}})
    assert bad.result() is None  # no usage it can read: nothing counted, never a made-up 0
