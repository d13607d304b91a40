"""The official OpenAI and Anthropic SDKs against the scripted model server on loopback."""

from __future__ import annotations

import asyncio
import json

import anthropic
import httpx
import openai
import pytest

from vera.models.scripted import ScriptedServer

pytestmark = pytest.mark.integration

WEATHER_TOOL = {
    "type": "function",
    "function": {
        "name": "get_weather",
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    },
}
SCRIPT = {
    "model": "gpt-scripted",
    "responses": [
        {"tool_calls": [{"name": "get_weather", "arguments": {"city": "Paris"}}]},
        {"when": {"tool_result": True, "contains": "sunny"}, "text": "It is sunny in Paris."},
    ],
}


def oa(srv: ScriptedServer) -> openai.AsyncOpenAI:
    return openai.AsyncOpenAI(base_url=srv.openai_base_url, api_key="sk-test", max_retries=0)


def an(srv: ScriptedServer) -> anthropic.AsyncAnthropic:
    return anthropic.AsyncAnthropic(base_url=srv.base_url, api_key="sk-ant-test", max_retries=0)


@pytest.mark.parametrize("stream", [False, True])
async def test_openai_chat_tool_call_round_trip(stream):
    async with ScriptedServer(SCRIPT) as srv:
        client = oa(srv)
        messages: list[dict] = [{"role": "user", "content": "Weather in Paris?"}]
        if stream:
            chunks = [
                c
                async for c in await client.chat.completions.create(
                    model="m",
                    messages=messages,
                    tools=[WEATHER_TOOL],
                    stream=True,
                    stream_options={"include_usage": True},
                )
            ]
            args = "".join(
                c.choices[0].delta.tool_calls[0].function.arguments or ""
                for c in chunks
                if c.choices and c.choices[0].delta.tool_calls
            )
            name = next(
                c.choices[0].delta.tool_calls[0].function.name
                for c in chunks
                if c.choices and c.choices[0].delta.tool_calls
            )
            call_id = next(
                c.choices[0].delta.tool_calls[0].id
                for c in chunks
                if c.choices and c.choices[0].delta.tool_calls
            )
            assert chunks[-1].usage is not None and chunks[-1].usage.completion_tokens > 0
            finish = [
                c.choices[0].finish_reason
                for c in chunks
                if c.choices and c.choices[0].finish_reason
            ]
            assert finish == ["tool_calls"]
        else:
            r = await client.chat.completions.create(
                model="m", messages=messages, tools=[WEATHER_TOOL]
            )
            call = r.choices[0].message.tool_calls[0]
            name, args, call_id = call.function.name, call.function.arguments, call.id
            assert r.choices[0].finish_reason == "tool_calls" and r.model == "gpt-scripted"
        assert (name, json.loads(args)) == ("get_weather", {"city": "Paris"})
        messages += [
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": name, "arguments": args},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": call_id, "content": "sunny, 21C"},
        ]
        r2 = await client.chat.completions.create(
            model="m", messages=messages, tools=[WEATHER_TOOL]
        )
        assert r2.choices[0].message.content == "It is sunny in Paris."
        recorded = srv.model_requests
        assert [r.stream for r in recorded] == [stream, False]
        assert recorded[1].body["messages"][-1]["content"] == "sunny, 21C"
        assert recorded[0].headers["authorization"] == "<redacted>"


@pytest.mark.parametrize("stream", [False, True])
async def test_openai_responses_namespaced_tool_call(stream):
    script = {
        "responses": [
            {
                "text": "calling",
                "tool_calls": [
                    {"name": "read_file", "namespace": "mcp__env", "arguments": {"path": "a.txt"}}
                ],
            },
            {"text": "done"},
        ]
    }
    async with ScriptedServer(script) as srv:
        client = oa(srv)
        if stream:
            async with client.responses.stream(model="m", input="read it") as s:
                kinds = [e.type async for e in s]
                final = await s.get_final_response()
            assert kinds[0] == "response.created" and kinds[-1] == "response.completed"
            assert "response.function_call_arguments.delta" in kinds
        else:
            final = await client.responses.create(model="m", input="read it")
        message, call = final.output
        assert message.content[0].text == "calling"
        assert (call.type, call.namespace, call.name) == ("function_call", "mcp__env", "read_file")
        assert json.loads(call.arguments) == {"path": "a.txt"}
        assert final.usage is not None and final.usage.output_tokens > 0
        follow = await client.responses.create(
            model="m",
            input=[{"type": "function_call_output", "call_id": call.call_id, "output": "hello"}],
        )
        assert follow.output_text == "done"
        assert srv.model_requests[1].wire == "responses"


@pytest.mark.parametrize("stream", [False, True])
async def test_anthropic_messages_tool_use(stream):
    async with ScriptedServer(SCRIPT) as srv:
        client = an(srv)
        tools = [{"name": "get_weather", "input_schema": {"type": "object", "properties": {}}}]
        messages: list[dict] = [{"role": "user", "content": "Weather in Paris?"}]
        if stream:
            async with client.messages.stream(
                model="claude-x", max_tokens=100, messages=messages, tools=tools
            ) as s:
                msg = await s.get_final_message()
        else:
            msg = await client.messages.create(
                model="claude-x", max_tokens=100, messages=messages, tools=tools
            )
        assert msg.stop_reason == "tool_use"
        block = msg.content[0]
        assert (block.type, block.name, block.input) == (
            "tool_use",
            "get_weather",
            {"city": "Paris"},
        )
        messages += [
            {"role": "assistant", "content": [b.model_dump() for b in msg.content]},
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": block.id, "content": "sunny"}],
            },
        ]
        final = await client.messages.create(  # Claude Code's form: POST /v1/messages?beta=true
            model="claude-x",
            max_tokens=100,
            messages=messages,
            tools=tools,
            extra_query={"beta": "true"},
        )
        assert final.content[0].text == "It is sunny in Paris."
        assert final.usage.output_tokens > 0
        assert srv.model_requests[-1].query == "beta=true"


async def test_probes_are_answered_and_recorded():
    async with ScriptedServer({"model": "m1", "responses": [{"text": "x"}]}) as srv:
        async with httpx.AsyncClient(base_url=srv.base_url) as http:
            assert (await http.head("/")).status_code == 200
            listed = (await http.get("/v1/models")).json()
            assert listed["data"][0]["id"] == "m1"
            assert (await http.get("/api/v1/models")).status_code == 200
            count = await http.post(
                "/v1/messages/count_tokens",
                json={"messages": [{"role": "user", "content": "a" * 40}]},
            )
            assert count.json()["input_tokens"] == 10
            missing = await http.post("/v1/embeddings", json={})
            assert missing.status_code == 404
            bad = await http.post("/v1/chat/completions", content=b"not json")
            assert bad.status_code == 400
        assert [r.path for r in srv.requests] == [
            "/",
            "/v1/models",
            "/api/v1/models",
            "/v1/messages/count_tokens",
            "/v1/embeddings",
            "/v1/chat/completions",
        ]
        assert srv.model_requests == []  # probes and bad requests never consume the script


async def test_faults_reach_the_client_as_real_http_failures(tmp_path):
    script = {
        "responses": [
            {"fault": {"status": 429, "retry_after": 1.5}},
            {"fault": 529},
            {"fault": "malformed"},
            {"fault": "hang"},
            {"text": "recovered", "latency": 0.05},
        ]
    }
    log = tmp_path / "requests.jsonl"
    async with ScriptedServer(script, log_path=log) as srv:
        client = an(srv)
        kw = {"model": "c", "max_tokens": 5, "messages": [{"role": "user", "content": "hi"}]}
        with pytest.raises(anthropic.RateLimitError) as e:
            await client.messages.create(**kw)
        assert e.value.response.headers["retry-after"] == "1.5"
        with pytest.raises(anthropic.InternalServerError) as e5:
            await client.messages.create(**kw)
        assert e5.value.status_code == 529
        with pytest.raises(Exception) as bad:
            await client.messages.create(**kw)
        assert "JSON" in str(bad.value) or "Expecting" in str(bad.value)
        with pytest.raises(anthropic.APITimeoutError):
            await client.with_options(timeout=0.3).messages.create(**kw)
        ok = await client.messages.create(**kw)
        assert ok.content[0].text == "recovered"
    lines = [json.loads(x) for x in log.read_text().splitlines()]
    assert [x["fault"] for x in lines] == ["http 429", "http 529", "malformed", "hang", None]


def test_sync_variant_runs_in_a_thread_for_plain_tests():
    with ScriptedServer([{"text": "from a thread"}]) as srv:
        client = openai.OpenAI(base_url=srv.openai_base_url, api_key="k", max_retries=0)
        r = client.chat.completions.create(model="m", messages=[{"role": "user", "content": "x"}])
        assert r.choices[0].message.content == "from a thread"
        assert len(srv.model_requests) == 1
    with pytest.raises(httpx.ConnectError):
        httpx.get(srv.base_url + "/", timeout=2)


async def test_hanging_request_does_not_block_shutdown():
    srv = ScriptedServer([{"fault": "hang"}], hang_limit=60)
    await srv.start()
    async with httpx.AsyncClient(base_url=srv.base_url) as http:
        pending = asyncio.create_task(http.post("/v1/chat/completions", json={"messages": []}))
        while srv.max_in_flight == 0:
            await asyncio.sleep(0.01)
        await srv.stop()
        answer = await pending
        assert answer.status_code == 503  # released by the shutdown, never a success
    assert srv.requests[0].fault == "hang"


async def test_scripted_any_tool_calls_the_first_offered_tool_without_arguments() -> None:
    """``name: "*"`` in a script: one script drives agents whose cases offer different tools."""
    script = {"rules": [{"when": {"has_tools": True, "tool_result": False},
                         "tool_calls": [{"name": "*"}]}],
              "responses": [], "fallback": {"text": "done"}}  # fmt: skip
    needs = {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}
    free = {"type": "object", "properties": {"x": {"type": "string"}}}
    tools = [{"type": "function", "function": {"name": n, "parameters": p}}
             for n, p in (("send", needs), ("list_all", free), ("list_more", free))]  # fmt: skip
    async with ScriptedServer(script) as srv:
        client = openai.AsyncOpenAI(base_url=srv.openai_base_url, api_key="x", max_retries=0)
        msgs = [{"role": "user", "content": "hi"}]
        answer = await client.chat.completions.create(model="m", messages=msgs, tools=tools)
        [call] = answer.choices[0].message.tool_calls or []
        assert call.function.name == "list_all"
        only_needs = tools[:1]
        answer = await client.chat.completions.create(model="m", messages=msgs, tools=only_needs)
        [call] = answer.choices[0].message.tool_calls or []
        assert call.function.name == "send"  # no argument-free tool: the first one
