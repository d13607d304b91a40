"""vera's model proxy at the wire: the official SDKs and raw HTTP through it to the scripted server
and to a hand-written upstream that frames its answers differently (the proxy must follow the
wire formats, not one server's habits).

Shown: each wire streamed and not arrives unchanged with its usage and cost counted; streams
are passed on byte for byte whatever their framing; 429 and 5xx reach the client with their
headers so the SDK's own retries work; a malformed request is refused with the wire's error and
an ``agent_error`` fault and never forwarded; an upstream that hangs (before or during its
answer) ends in 504 / a cut stream and an ``infra_error`` fault; the real key goes upstream and
never into the record; the hooks can refuse (budget) and rewrite requests.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess

import anthropic
import httpx
import openai
import pytest

from support.gateway import VERA
from vera.models.exchange import answer_calls
from vera.models.proxy import (
    PLACEHOLDER_KEY,
    ModelProxy,
    ProxyFault,
    ProxyHooks,
    RequestRewrite,
    Upstream,
    price_usage,
    read_exchanges,
)
from vera.models.scripted import ScriptedServer
from vera.models.serving import LoopbackServer, read_body, send_bytes

pytestmark = pytest.mark.integration

SECRET = "sk-upstream-secret-0123456789"
PRICED = "anthropic:claude-sonnet-4-5"


class Faults(ProxyHooks):
    def __init__(self) -> None:
        self.faults: list[ProxyFault] = []
        self.usage: list = []

    def on_fault(self, fault: ProxyFault) -> None:
        self.faults.append(fault)

    def on_usage(self, usage) -> None:
        self.usage.append(usage)


def upstream(srv: ScriptedServer, **kw) -> Upstream:
    return Upstream(base_url=srv.openai_base_url, api_key=SECRET, **kw)


async def ask(p: ModelProxy, wire: str, stream: bool) -> str:
    """One request through the proxy with the wire's official SDK; the answer's text."""
    if wire == "messages":
        a = anthropic.AsyncAnthropic(base_url=p.base_url, api_key=PLACEHOLDER_KEY, max_retries=0)
        kw = {"model": "m", "max_tokens": 50, "messages": [{"role": "user", "content": "hi"}]}
        if not stream:
            return (await a.messages.create(**kw)).content[0].text
        async with a.messages.stream(**kw) as s:
            return (await s.get_final_message()).content[0].text
    o = openai.AsyncOpenAI(base_url=p.openai_base_url, api_key=PLACEHOLDER_KEY, max_retries=0)
    if wire == "chat":
        kw = {"model": "m", "messages": [{"role": "user", "content": "hi"}]}
        if not stream:
            return (await o.chat.completions.create(**kw)).choices[0].message.content
        chunks = await o.chat.completions.create(
            **kw, stream=True, stream_options={"include_usage": True}
        )
        return "".join([c.choices[0].delta.content or "" async for c in chunks if c.choices])
    if not stream:
        return (await o.responses.create(model="m", input="hi")).output_text
    text = ""
    async for ev in await o.responses.create(model="m", input="hi", stream=True):
        if ev.type == "response.output_text.delta":
            text += ev.delta
    return text


@pytest.mark.parametrize("stream", [False, True], ids=["json", "sse"])
@pytest.mark.parametrize("wire", ["messages", "responses", "chat"])
async def test_each_wire_passes_with_its_usage_and_cost_counted_and_recorded(
    wire, stream, tmp_path
):
    script = {"responses": [{"text": "Paris is sunny today.", "usage": {"input_tokens": 1200,
                                                                         "output_tokens": 30}}]}  # fmt: skip
    hooks = Faults()
    async with (
        ScriptedServer(script) as srv,
        ModelProxy(upstream(srv, price_as=PRICED), record=tmp_path, hooks=hooks) as p,
    ):
        assert await ask(p, wire, stream) == "Paris is sunny today."
    [req] = srv.model_requests
    assert req.wire == wire and req.stream == stream
    [usage] = hooks.usage
    assert (usage.requests, usage.input_tokens, usage.output_tokens) == (1, 1200, 30)
    assert usage.cost_usd == price_usage(usage, "claude-sonnet-4-5", "anthropic") > 0
    assert p.usage == usage and hooks.faults == []
    [ex] = read_exchanges(tmp_path)
    assert (ex["wire"], ex["stream"], ex["status"]) == (wire, stream, 200)
    assert ex["usage"]["input_tokens"] == 1200
    assert ex["request"]["messages" if wire != "responses" else "input"]
    if stream:
        assert isinstance(ex["response"], str) and "Paris" in ex["response"]
    else:
        assert isinstance(ex["response"], dict)


# --- a hand-written upstream --------------------------------------------------------------------

MESSAGES_SSE = (
    b": a comment first\r\n\r\n"
    b'event:message_start\r\ndata:{"type":"message_start","message":{"id":"m1","type":'
    b'"message","role":"assistant","model":"claude-x","content":[],"stop_reason":null,'
    b'"usage":{"input_tokens":7,"cache_read_input_tokens":100,"output_tokens":1}}}\r\n\r\n'
    b'event: content_block_start\r\ndata: {"type":"content_block_start","index":0,'
    b'"content_block":{"type":"text","text":""}}\r\n\r\n'
    b'event: content_block_delta\r\ndata: {"type":"content_block_delta","index":0,"delta":'
    b'{"type":"text_delta","text":"Hi"}}\r\n\r\n'
    b'event: content_block_stop\r\ndata: {"type":"content_block_stop","index":0}\r\n\r\n'
    b'event: message_delta\r\ndata: {"type":"message_delta","delta":{"stop_reason":'
    b'"end_turn"},"usage":{"input_tokens":9,"cache_read_input_tokens":100,'
    b'"output_tokens":12}}\r\n\r\n'
    b'event: message_stop\r\ndata: {"type":"message_stop"}\r\n\r\n'
)
"""Valid Anthropic framing the scripted server never uses: CRLF line ends, a comment, no space
after the colon, the final input count in ``message_delta`` (it replaces message_start's)."""

CHAT_SSE = (
    b'data: {"id":"c","object":"chat.completion.chunk","model":"gpt-4o","choices":[{"index":0,'
    b'"delta":{"role":"assistant","content":"Hi"},"finish_reason":null}],"usage":null}\n\n'
    b'data: {"id":"c","object":"chat.completion.chunk","model":"gpt-4o","choices":[{"index":0,'
    b'"delta":{},"finish_reason":"stop"}],"usage":null}\n\n'
    b'data: {"id":"c","object":"chat.completion.chunk","model":"gpt-4o","choices":[],"usage":'
    b'{"prompt_tokens":50,"completion_tokens":5,"total_tokens":55,"prompt_tokens_details":'
    b'{"cached_tokens":40}}}\n\n'
    b"data: [DONE]\n\n"
)


class Foreign:
    """An upstream with its own framing, sending its stream in 7-byte pieces; it records the
    headers it got and can hang before or during an answer."""

    def __init__(self) -> None:
        self.headers: list[dict[str, str]] = []
        self.bodies: list[dict] = []
        self.hang: str | None = None  # "before" | "during"
        self.server = LoopbackServer(self.app)

    async def app(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return
        self.headers.append({k.decode(): v.decode() for k, v in scope["headers"]})
        body = json.loads(await read_body(receive) or b"{}")
        self.bodies.append(body)
        if self.hang == "before":
            await asyncio.sleep(3600)
        stream = MESSAGES_SSE if scope["path"].endswith("/messages") else CHAT_SSE
        if not body.get("stream"):
            await send_bytes(
                send,
                200,
                json.dumps({"usage": {"prompt_tokens": 3, "completion_tokens": 4}}).encode(),
            )
            return  # fmt: skip
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"text/event-stream; charset=utf-8")]})  # fmt: skip
        for i in range(0, len(stream), 7):
            await send({"type": "http.response.body", "body": stream[i : i + 7], "more_body": True})
            if self.hang == "during" and i > 60:
                await asyncio.sleep(3600)
        await send({"type": "http.response.body", "body": b"", "more_body": False})

    @property
    def root(self) -> str:
        return f"http://127.0.0.1:{self.server.port}/v1"


@pytest.fixture
async def foreign():
    f = Foreign()
    await f.server.start()
    yield f
    await f.server.stop()


async def raw_post(url: str, body: dict | bytes, **headers: str) -> httpx.Response:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    async with httpx.AsyncClient(timeout=30) as c:
        return await c.post(url, content=content, headers={"content-type": "application/json",
                                                            **headers})  # fmt: skip


@pytest.mark.parametrize("wire", ["messages", "chat"])
async def test_streams_pass_byte_for_byte_whatever_their_framing(wire, foreign, tmp_path):
    hooks = Faults()
    up = Upstream(base_url=foreign.root, api_key=SECRET, price_as="openai:gpt-4o")
    async with ModelProxy(up, record=tmp_path, hooks=hooks) as p:
        if wire == "messages":
            body = {"model": "m", "max_tokens": 9, "stream": True,
                    "messages": [{"role": "user", "content": "hi"}]}  # fmt: skip
            r = await raw_post(p.base_url + "/v1/messages", body, **{"x-api-key": PLACEHOLDER_KEY})
        else:
            body = {"model": "m", "stream": True, "messages": [{"role": "user", "content": "hi"}]}
            r = await raw_post(p.openai_base_url + "/chat/completions", body,
                               authorization=f"Bearer {PLACEHOLDER_KEY}")  # fmt: skip
    assert r.status_code == 200
    assert r.content == (MESSAGES_SSE if wire == "messages" else CHAT_SSE)
    [usage] = hooks.usage
    if wire == "messages":  # message_delta's cumulative counts replace message_start's
        assert (usage.input_tokens, usage.cache_read_tokens, usage.output_tokens) == (109, 100, 12)
    else:  # the usage chunk after the last choice
        assert (usage.input_tokens, usage.cache_read_tokens, usage.output_tokens) == (50, 40, 5)
    # the real key went upstream in the scheme the client used; the placeholder did not
    sent = foreign.headers[0]
    if wire == "messages":
        assert sent["x-api-key"] == SECRET
    else:
        assert sent["authorization"] == f"Bearer {SECRET}"
    assert PLACEHOLDER_KEY not in json.dumps(sent)
    record = (tmp_path / "exchanges.jsonl").read_text()
    assert SECRET not in record and "<redacted>" in record


async def test_the_upstream_key_in_a_body_is_redacted_from_the_record(foreign, tmp_path):
    up = Upstream(base_url=foreign.root, api_key=SECRET)
    async with ModelProxy(up, record=tmp_path) as p:
        body = {"model": "m", "messages": [{"role": "user", "content": f"my key is {SECRET}"}]}
        r = await raw_post(p.openai_base_url + "/chat/completions", body)
    assert r.status_code == 200
    assert foreign.bodies[0]["messages"][0]["content"].endswith(SECRET)  # forwarded as sent
    [ex] = read_exchanges(tmp_path)
    assert ex["request"]["messages"][0]["content"] == "my key is <redacted>"


@pytest.mark.parametrize("wire", ["messages", "responses", "chat"])
async def test_429_and_5xx_are_passed_on_so_the_sdks_own_retries_work(wire, tmp_path):
    script = {"responses": [
        {"fault": {"status": 429, "retry_after": 0}},
        {"fault": 503},
        {"text": "third time lucky"},
    ]}  # fmt: skip
    async with ScriptedServer(script) as srv, ModelProxy(upstream(srv), record=tmp_path) as p:
        direct = await raw_post(p.openai_base_url + ("/messages" if wire == "messages" else
                                                     "/chat/completions"),
                                {"model": "m", "max_tokens": 5,
                                 "messages": [{"role": "user", "content": "x"}]})  # fmt: skip
        assert direct.status_code == 429 and direct.headers["retry-after"] == "0"
        assert direct.json()  # the wire's error body, as the SDK reads it
        # the SDK retries the 503 and then gets the answer
        if wire == "messages":
            a = anthropic.AsyncAnthropic(base_url=p.base_url, api_key="k", max_retries=2)
            m = await a.messages.create(model="m", max_tokens=5,
                                        messages=[{"role": "user", "content": "x"}])  # fmt: skip
            text = m.content[0].text
        elif wire == "chat":
            o = openai.AsyncOpenAI(base_url=p.openai_base_url, api_key="k", max_retries=2)
            c = await o.chat.completions.create(
                model="m", messages=[{"role": "user", "content": "x"}]
            )
            text = c.choices[0].message.content  # fmt: skip
        else:
            o = openai.AsyncOpenAI(base_url=p.openai_base_url, api_key="k", max_retries=2)
            text = (await o.responses.create(model="m", input="x")).output_text
    assert text == "third time lucky"
    assert [e["status"] for e in read_exchanges(tmp_path)] == [429, 503, 200]
    assert p.faults == []  # passed on, not the proxy's to judge


@pytest.mark.parametrize(
    ("path", "body", "why"),
    [
        ("/v1/messages", b"{not json", "not JSON"),
        ("/v1/chat/completions", b"[1, 2]", "not a JSON object"),
        ("/v1/messages", {"model": "m", "max_tokens": 5, "messages": "hi"}, "`messages`"),
        ("/v1/chat/completions", {"messages": [{"role": "user", "content": "x"}]}, "no model"),
        ("/v1/responses", {"model": "m", "input": 42}, "`input`"),
        ("/v1/chat/completions", {"model": "m", "messages": ["hi"]}, "messages[0]"),
    ],
)
async def test_a_malformed_request_is_refused_clearly_and_never_forwarded(
    path, body, why, tmp_path
):
    hooks = Faults()
    async with (
        ScriptedServer({"responses": [{"text": "x"}]}) as srv,
        ModelProxy(upstream(srv), record=tmp_path, hooks=hooks) as p,
    ):
        r = await raw_post(p.base_url + path, body)
    assert r.status_code == 400
    message = json.dumps(r.json())
    assert "vera model proxy: malformed request" in message and why in message
    assert srv.model_requests == [] and srv.requests == []
    [fault] = hooks.faults
    assert fault.kind == "agent_error" and why in fault.message
    [ex] = read_exchanges(tmp_path)
    assert ex["status"] == 400 and ex["fault"] == fault.message


async def test_an_upstream_that_never_answers_is_a_504_and_an_infra_fault(tmp_path):
    hooks = Faults()
    async with ScriptedServer({"responses": [{"fault": "hang"}]}) as srv:
        proxy = ModelProxy(upstream(srv), record=tmp_path, hooks=hooks, upstream_timeout_s=0.5)
        async with proxy as p:
            a = anthropic.AsyncAnthropic(base_url=p.base_url, api_key="k", max_retries=0)
            with pytest.raises(anthropic.APIStatusError) as e:
                await a.messages.create(model="m", max_tokens=5,
                                        messages=[{"role": "user", "content": "x"}])  # fmt: skip
    assert e.value.status_code == 504
    [fault] = hooks.faults
    assert fault.kind == "infra_error" and "no answer within 0.5 s" in fault.message
    assert read_exchanges(tmp_path)[0]["status"] == 504


async def test_an_upstream_that_stops_in_the_middle_of_its_stream_is_an_infra_fault(foreign):
    foreign.hang = "during"
    hooks = Faults()
    up = Upstream(base_url=foreign.root, api_key=SECRET)
    async with ModelProxy(up, hooks=hooks, upstream_timeout_s=0.5) as p:
        body = {"model": "m", "stream": True, "messages": [{"role": "user", "content": "x"}]}
        r = await raw_post(p.openai_base_url + "/chat/completions", body)
    assert r.status_code == 200 and 60 < len(r.content) < len(CHAT_SSE)  # cut short
    [fault] = hooks.faults
    assert fault.kind == "infra_error"


async def test_the_hooks_refuse_for_the_budget_and_rewrite_requests(tmp_path):
    class Hooks(Faults):
        spent = False

        def admit(self) -> str | None:
            return "--max-cost 0.01 reached" if self.spent else None

        async def rewrite_request(self, wire, body):
            body["messages"][-1]["content"] += " [rewritten]"
            return RequestRewrite(body, ["last message rewritten"])

    hooks = Hooks()
    msg = {"model": "m", "messages": [{"role": "user", "content": "hello"}]}
    async with (
        ScriptedServer({"responses": [{"text": "ok", "times": 5}]}) as srv,
        ModelProxy(upstream(srv), record=tmp_path, hooks=hooks) as p,
    ):
        assert (await raw_post(p.openai_base_url + "/chat/completions", msg)).status_code == 200
        hooks.spent = True
        r = await raw_post(p.openai_base_url + "/chat/completions", msg)
    assert srv.model_requests[0].body["messages"][0]["content"] == "hello [rewritten]"
    assert len(srv.model_requests) == 1  # the refused request never left
    assert r.status_code == 402 and "budget reached" in r.text
    assert [f.kind for f in hooks.faults] == ["budget"]
    first, second = read_exchanges(tmp_path)
    assert first["rewritten"] == ["last message rewritten"]
    assert first["request"]["messages"][0]["content"] == "hello [rewritten]"
    assert second["status"] == 402


async def test_probes_are_answered_and_other_paths_forwarded(tmp_path):
    async with (
        ScriptedServer({"responses": [{"text": "x"}]}) as srv,
        ModelProxy(upstream(srv), record=tmp_path) as p,
        httpx.AsyncClient() as c,
    ):
        assert (await c.head(p.base_url + "/")).status_code == 200
        models = await c.get(p.base_url + "/api/v1/models")  # Hermes's probe
        listed = await c.get(p.openai_base_url + "/models")
    assert models.status_code == 200 and listed.json()["data"]
    assert [r.path for r in srv.requests] == ["/api/v1/models", "/v1/models"]
    assert p.usage.requests == 0


def test_vera_models_proxy_serves_alone_and_records(tmp_path):
    script = tmp_path / "s.yaml"
    script.write_text("responses: [{text: from the proxy}]\n")
    record = tmp_path / "rec"
    proc = subprocess.Popen(
        [*VERA, "models", "proxy", "--upstream", f"scripted:{script}", "--record", str(record)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        line = proc.stdout.readline()
        assert line.startswith("model proxy on http://127.0.0.1:"), proc.stderr.read()
        url = line.split()[3]
        r = httpx.post(url + "/v1/chat/completions", json={"model": "m", "messages": [
            {"role": "user", "content": "hi"}]}, headers={"authorization": "Bearer anything"})  # fmt: skip
        assert r.json()["choices"][0]["message"]["content"] == "from the proxy"
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    [ex] = read_exchanges(record)
    assert ex["status"] == 200 and ex["usage"]["requests"] == 1


def test_vera_models_proxy_without_a_key_is_one_line(tmp_path):
    env = {k: v for k, v in os.environ.items() if "API_KEY" not in k and "AUTH_TOKEN" not in k}
    p = subprocess.run([*VERA, "models", "proxy", "--upstream", "anthropic:claude-sonnet-4-5"],
                       capture_output=True, text=True, env=env, timeout=60)  # fmt: skip
    assert p.returncode != 0
    assert p.stderr.strip().splitlines() == [
        "vera: error: anthropic:claude-sonnet-4-5: set ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN"
    ]


class DropBash(Faults):
    """Vets every answer: the Bash calls the model proposes are taken out."""

    vets_answers = True

    async def vet_answer(self, wire, answer):
        for call in answer_calls(wire, answer):
            if call.name == "Bash":
                call.drop("[Bash call not run: blocked]")
        return ["Bash dropped"]


@pytest.mark.parametrize("wire", ["messages", "responses", "chat"])
async def test_a_vetted_answer_is_asked_whole_and_streamed_in_the_wires_own_events(wire, tmp_path):
    """When the hooks vet answers, the upstream is asked for a whole answer; the client that
    asked for a stream gets the vetted answer as its wire's events, which its SDK reads."""
    calls = [{"name": "Bash", "arguments": {"command": "rm -rf /"}},
             {"name": "get_weather", "arguments": {"city": "Paris"}}]  # fmt: skip
    script = {"responses": [{"text": "Checking.", "tool_calls": calls,
                             "usage": {"input_tokens": 40, "output_tokens": 9}}]}  # fmt: skip
    hooks = DropBash()
    async with (
        ScriptedServer(script) as srv,
        ModelProxy(upstream(srv), record=tmp_path, hooks=hooks) as p,
    ):
        if wire == "messages":
            a = anthropic.AsyncAnthropic(base_url=p.base_url, api_key="k", max_retries=0)
            async with a.messages.stream(model="m", max_tokens=50, messages=[
                    {"role": "user", "content": "weather?"}]) as s:  # fmt: skip
                m = await s.get_final_message()
            texts = [b.text for b in m.content if b.type == "text"]
            tools = [(b.name, b.input) for b in m.content if b.type == "tool_use"]
            assert m.stop_reason == "tool_use"
        elif wire == "chat":
            o = openai.AsyncOpenAI(base_url=p.openai_base_url, api_key="k", max_retries=0)
            chunks = [c async for c in await o.chat.completions.create(
                model="m", messages=[{"role": "user", "content": "weather?"}], stream=True,
                stream_options={"include_usage": True})]  # fmt: skip
            texts = ["".join(c.choices[0].delta.content or "" for c in chunks if c.choices)]
            tools = [(t.function.name, json.loads(t.function.arguments))
                     for c in chunks if c.choices for t in c.choices[0].delta.tool_calls or []]  # fmt: skip
            assert chunks[-1].usage is not None and chunks[-1].usage.prompt_tokens == 40
        else:
            o = openai.AsyncOpenAI(base_url=p.openai_base_url, api_key="k", max_retries=0)
            async with o.responses.stream(model="m", input="weather?") as s:
                r = await s.get_final_response()
            texts = [r.output_text]
            tools = [(i.name, json.loads(i.arguments)) for i in r.output
                     if i.type == "function_call"]  # fmt: skip
    assert tools == [("get_weather", {"city": "Paris"})]
    assert any("Checking." in t for t in texts) and any("Bash call not run" in t for t in texts)
    [req] = srv.model_requests
    assert req.stream is False  # asked whole
    [ex] = read_exchanges(tmp_path)
    assert ex["stream"] is True and ex["rewritten"] == ["Bash dropped"]
    assert ex["usage"]["input_tokens"] == 40 and hooks.usage
