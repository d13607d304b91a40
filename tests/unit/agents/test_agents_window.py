"""Fitting the built-in agent's requests into a context window: what is cut, in which order,
what is kept, and how the estimate learns from the model."""

from __future__ import annotations

from pydantic_ai.messages import (
    ModelRequest,
    ModelResponse,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models import ModelRequestParameters

from vera.agents.window import MIN_KEPT, WindowFitter

NONE = ModelRequestParameters()


def conversation(*results: str, answer: str = "ok", user2: str | None = None) -> list:
    """turn 0: a user message, one tool call per result, an answer; turn 1 (if ``user2``)."""
    msgs: list = [ModelRequest(parts=[UserPromptPart("pay the invoice")])]
    for i, text in enumerate(results):
        msgs.append(ModelResponse(parts=[ToolCallPart("read_file", {"path": f"f{i}"}, f"c{i}")]))
        msgs.append(ModelRequest(parts=[ToolReturnPart("read_file", text, tool_call_id=f"c{i}")]))
    if user2 is not None:
        msgs.append(ModelResponse(parts=[TextPart(answer)]))
        msgs.append(ModelRequest(parts=[UserPromptPart(user2)]))
    return msgs


def shown(msgs: list) -> list[str]:
    return [p.content for m in msgs for p in m.parts if isinstance(p, ToolReturnPart)]


def test_a_request_that_fits_goes_out_unchanged() -> None:
    msgs = conversation("short result")
    fitted, estimate = WindowFitter(10_000).fit(msgs, NONE)
    assert fitted is msgs and 0 < estimate < 100


def test_the_oldest_tool_result_is_cut_first_and_only_as_far_as_needed() -> None:
    old, new = "A" * 6000, "B" * 1500
    fitter = WindowFitter(3000, reserve=500)  # 2,500 tokens: about 7,500 characters
    fitted, estimate = fitter.fit(conversation(old, new), NONE)
    first, second = shown(fitted)
    assert second == new  # the newest result is intact
    assert first.startswith("A" * MIN_KEPT) and len(first) < len(old)
    assert "cut by the agent to fit the model's context window" in first
    assert estimate <= fitter.budget
    cut = fitter.cuts["c0"]
    assert cut.original_chars == 6000 and MIN_KEPT <= cut.kept_chars < 6000
    assert "c1" not in fitter.cuts and fitter.requests_cut == 1


def test_every_result_is_cut_before_older_messages_and_the_last_user_message_never() -> None:
    msgs = conversation("A" * 3000, "B" * 3000, answer="C" * 3000, user2="U" * 900)
    fitter = WindowFitter(600, reserve=100)  # far too small for the results alone
    fitted, _ = fitter.fit(msgs, NONE)
    assert set(fitter.cuts) == {"c0", "c1"}
    assert all(c.kept_chars == MIN_KEPT for c in fitter.cuts.values())
    assert fitter.turn_cuts[(0, "response")].original_chars == 3000
    assert (1, "user") not in fitter.turn_cuts  # the message being answered is never cut
    assert fitted[-1].parts[0].content == "U" * 900
    assert msgs[1].parts[0].args == {"path": "f0"}  # the history itself is untouched
    assert shown(msgs) == ["A" * 3000, "B" * 3000]


def test_the_estimate_learns_from_reported_tokens_and_refusals() -> None:
    fitter = WindowFitter(8192)
    fitter.observe(estimated=1000, reported=900)
    assert fitter.scale == 1.0  # never loosened
    fitter.observe(estimated=1000, reported=1500)
    assert fitter.scale == 1.5
    fitter.tighten()
    assert fitter.scale > 1.5
    assert fitter.budget == 8192 - fitter.reserve and fitter.reserve == 1024
