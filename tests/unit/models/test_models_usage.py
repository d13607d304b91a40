"""Usage ledger, cost lookup, retry policy, and the local model's request fix."""

from __future__ import annotations

import asyncio

from pydantic_ai.exceptions import (
    ContentFilterError,
    ModelHTTPError,
    ModelRequestRejectedError,
    UnexpectedModelBehavior,
)
from pydantic_ai.usage import RequestUsage

from vera.models.local import DEFAULT_MAX_TOKENS, fix_request
from vera.models.runtime import RetryPolicy, is_transient
from vera.models.usage import UsageEntry, UsageLedger, current_trial, price_usd, trial_scope
from vera.records import Usage


def entry(role: str, trial: str | None, tokens: int, cost: float | None) -> UsageEntry:
    return UsageEntry(
        role=role,
        model="m",
        trial=trial,
        usage=Usage(requests=1, input_tokens=tokens, output_tokens=1, cost_usd=cost),
    )


def test_ledger_sums_per_role_trial_and_run():
    ledger = UsageLedger()
    ledger.record(entry("target", "t1", 10, None))
    ledger.record(entry("controller", "t1", 5, 0.25))
    ledger.record(entry("target", "t2", 7, None))
    assert ledger.total().input_tokens == 22
    assert ledger.total().cost_usd == 0.25
    assert ledger.total(role="target").cost_usd is None  # unknown price is not 0
    assert ledger.by_role()["target"].requests == 2
    assert ledger.by_role(trial="t1")["controller"].input_tokens == 5
    assert ledger.by_trial()["t2"].input_tokens == 7


async def test_trial_scope_follows_tasks_and_keeps_them_apart():
    async def who(trial: str) -> str | None:
        with trial_scope(trial):
            await asyncio.sleep(0)
            return await asyncio.create_task(asyncio.sleep(0, result=current_trial()))

    assert await asyncio.gather(who("a"), who("b")) == ["a", "b"]
    assert current_trial() is None


def test_price_known_model_and_unknown_model():
    usage = RequestUsage(input_tokens=1_000_000, output_tokens=0)
    known = price_usd(usage, "gpt-4o", "openai")
    assert known is not None and known > 0
    assert price_usd(usage, "no-such-model-xyz", "openai") is None


def test_retry_delays_grow_and_stay_bounded():
    policy = RetryPolicy(base_delay=1.0, max_delay=5.0, jitter=0.5)
    assert 1.0 <= policy.delay(1) <= 1.5
    assert 2.0 <= policy.delay(2) <= 3.0
    assert 5.0 <= policy.delay(10) <= 7.5
    assert policy.delay(1, retry_after=4.0) >= 4.0


def test_transient_errors():
    assert is_transient(ModelHTTPError(429, "m"))
    assert is_transient(ModelHTTPError(503, "m"))
    assert not is_transient(ModelHTTPError(401, "m"))
    assert not is_transient(ModelRequestRejectedError("m", "bad request"))
    assert not is_transient(ContentFilterError("filtered"))
    assert is_transient(UnexpectedModelBehavior("Received empty model response"))


def test_local_fix_replaces_null_content_and_required_tool_choice():
    body = {
        "messages": [
            {"role": "assistant", "content": None, "tool_calls": []},
            {"role": "tool", "content": "x"},
            {"role": "tool", "content": [{"type": "text", "text": "y"}]},
            {"role": "user", "content": "thanks"},
        ],
        "tool_choice": "required",
    }
    fixed = fix_request(body)
    assert fixed["messages"][0]["content"] == ""
    # llama-cpp-python's template drops a tool message's content: results go as one user turn
    assert fixed["messages"][1] == {
        "role": "user",
        "content": "<tool_response>\nx\n</tool_response>\n<tool_response>\ny\n</tool_response>",
    }
    assert fixed["messages"][2] == {"role": "user", "content": "thanks"}
    assert fixed["tool_choice"] == "auto"
    assert fixed["max_tokens"] == DEFAULT_MAX_TOKENS  # the server would generate to the window
    assert fix_request({"messages": [], "max_completion_tokens": 7})["max_tokens"] == 7


def test_local_fix_drops_the_prose_of_tool_schemas_and_keeps_their_shape():
    params = {
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "title": {"type": "string", "description": "The event's title.", "title": "Title"},
            "description": {"type": "string", "default": ""},
            "when": {"type": "object", "properties": {"day": {"type": "string",
                                                              "description": "ISO date"}}},
        },
        "required": ["title"],
        "description": "An event.",
    }  # fmt: skip
    body = {"messages": [], "tools": [{"type": "function", "function": {
        "name": "add_event", "description": "Add an event.", "parameters": params}}]}  # fmt: skip
    fixed = fix_request(body)["tools"][0]["function"]
    assert fixed["parameters"] == {
        "type": "object",
        "additionalProperties": False,
        "properties": {  # properties named like keywords stay
            "title": {"type": "string"},
            "description": {"type": "string", "default": ""},
            "when": {"type": "object", "properties": {"day": {"type": "string"}}},
        },
        "required": ["title"],
    }
    assert fixed["name"] == "add_event"
