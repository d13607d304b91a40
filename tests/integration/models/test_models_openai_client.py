"""vera's OpenAI client skips the SDK's walk of messages and tools; the server must receive
exactly the body the plain SDK sends, streamed or not, with the caller's extra_body kept."""

from __future__ import annotations

from openai import AsyncOpenAI

from vera.models.openai_client import LeanAsyncOpenAI
from vera.models.scripted import ScriptedServer

REQUEST = {
    "model": "m",
    "messages": [
        {"role": "system", "content": "be brief"},
        {"role": "user", "content": [{"type": "text", "text": "list my accounts"}], "name": "u"},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "c1", "type": "function",
             "function": {"name": "list_accounts", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": "[]"},
    ],
    "tools": [{"type": "function", "function": {
        "name": "list_accounts", "description": "d",
        "parameters": {"type": "object", "properties": {"x": {"type": "string"}}}}}],
    "temperature": 0.2,
    "extra_body": {"vendor_flag": 1},
}  # fmt: skip


async def test_lean_client_sends_the_same_body_as_the_sdk() -> None:
    async with ScriptedServer({"responses": [], "fallback": {"text": "done"}}) as srv:
        for cls in (AsyncOpenAI, LeanAsyncOpenAI):
            client = cls(base_url=srv.openai_base_url, api_key="x", max_retries=0)
            answer = await client.chat.completions.create(**REQUEST)  # type: ignore[call-overload]
            assert answer.choices[0].message.content == "done"
            stream = await client.chat.completions.create(**REQUEST, stream=True)  # type: ignore[call-overload]
            text = "".join([c.choices[0].delta.content or "" async for c in stream if c.choices])
            assert text == "done"
            # what pydantic-ai does per request with max_retries set: a copy keeps the class
            assert type(client.with_options(max_retries=1)) is cls
        plain, plain_stream, lean, lean_stream = (r.body for r in srv.requests)
    assert lean == plain and lean_stream == plain_stream
    assert lean["messages"] == REQUEST["messages"] and lean["vendor_flag"] == 1
