"""Keeping every model request of the built-in agent inside the model's context window.

A conversation with tools grows with every tool result; a model with a small window (the
embedded SmolLM2 has 8,192 tokens) refuses a request that outgrows it, and the trial would end
before the agent had done anything worth judging. :class:`WindowedModel` sits between the agent
and its model: before each request it estimates the request's size and, when the request would
not fit the model's window (less room for the answer), it sends shortened copies of the oldest
texts first:

1. tool results (and retry prompts), the oldest first, each down to :data:`MIN_KEPT` characters;
2. then the agent's own earlier answers and the earlier user messages, the oldest first
   (the last user message is never shortened).

The agent's history and every record keep the whole texts: only what the model is shown is cut,
each cut text ending with a note that says so. What was cut is kept in :attr:`WindowFitter.cuts`
(by tool call id) and :attr:`WindowFitter.turn_cuts` (by turn), so the trajectory can say which
result the model saw shortened.

Sizes are estimated at :data:`CHARS_PER_TOKEN` characters a token (conservative for BPE
tokenizers on English and JSON) and corrected upwards whenever the model reports more input
tokens than estimated. A request the model still refuses for its length is fitted again with a
tighter estimate, twice; after that :class:`~vera.models.errors.ModelLimitError` goes to the
agent, whose turn then ends in ``agent_error``. A model whose window is unknown is not touched.
"""

from __future__ import annotations

import json
import math
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    RetryPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models import Model, ModelRequestParameters, StreamedResponse
from pydantic_ai.models.wrapper import WrapperModel
from pydantic_ai.settings import ModelSettings

from vera.models.errors import ModelLimitError
from vera.records import CutToFit

CHARS_PER_TOKEN = 3.0
"""Characters per token assumed before the model has reported any usage."""
MIN_KEPT = 200
"""Characters a shortened text keeps (its beginning)."""
PER_MESSAGE = 8
"""Characters of overhead counted per message and per part (role markers, separators)."""
REFITS = 2
"""Times a request refused for its length is fitted again, tighter, before giving up."""
TIGHTEN = 1.3
"""Factor on the estimate after the model refused a request for its length."""


def output_reserve(window: int) -> int:
    """Tokens of the window left free for the model's answer."""
    return max(64, min(window // 8, 4096))


def cut_note(cut: int, total: int) -> str:
    """The note that ends a text shortened to fit the window."""
    return f"\n[... {cut} of {total} characters cut by the agent to fit the model's context window]"


@dataclass
class _Piece:
    """One text of the conversation that may be shortened."""

    message: int
    part: int
    text: str
    stage: int
    """1: a tool result or retry prompt; 2: an earlier answer or user message."""
    turn: int
    kind: Literal["tool_result", "response", "user"]
    call_id: str | None = None


@dataclass
class WindowFitter:
    """Fits a conversation into ``window`` tokens; remembers what it had to cut."""

    window: int
    reserve: int = 0
    scale: float = 1.0
    """Correction of the estimate (only ever grows): reported tokens over estimated tokens."""
    cuts: dict[str, CutToFit] = field(default_factory=dict)
    """Tool results shown shortened, by tool call id (the shortest cut each was shown with)."""
    turn_cuts: dict[tuple[int, str], CutToFit] = field(default_factory=dict)
    """User messages and answers shown shortened, by (turn index, ``user``/``response``)."""
    requests_cut: int = 0
    """Requests that went out shortened."""

    def __post_init__(self) -> None:
        if not self.reserve:
            self.reserve = output_reserve(self.window)

    @property
    def budget(self) -> int:
        """Tokens a request may have."""
        return max(1, self.window - self.reserve)

    def tokens(self, chars: int) -> int:
        return math.ceil(chars * self.scale / CHARS_PER_TOKEN)

    def observe(self, estimated: int, reported: int) -> None:
        """Learn from the input tokens the model reported for a request estimated at ``estimated``."""
        if estimated > 0 and reported > estimated:
            self.scale *= reported / estimated

    def tighten(self) -> None:
        """The model refused a fitted request for its length: estimate more pessimistically."""
        self.scale *= TIGHTEN

    def fit(
        self, messages: list[ModelMessage], params: ModelRequestParameters
    ) -> tuple[list[ModelMessage], int]:
        """Messages that fit the budget (the same list when nothing needs cutting) and their
        estimated size in tokens."""
        total = _params_chars(params) + _messages_chars(messages)
        if self.tokens(total) <= self.budget:
            return messages, self.tokens(total)
        pieces = list(_pieces(messages))
        need = total - math.floor(self.budget * CHARS_PER_TOKEN / self.scale)
        shortened: dict[tuple[int, int], str] = {}
        for stage in (1, 2):
            for piece in (p for p in pieces if p.stage == stage):
                if need <= 0:
                    break
                cut = _shorten(piece.text, need)
                if cut is None:
                    continue
                text, kept = cut
                need -= len(piece.text) - len(text)
                total -= len(piece.text) - len(text)
                shortened[(piece.message, piece.part)] = text
                self._remember(piece, kept)
        if not shortened:
            return messages, self.tokens(total)
        self.requests_cut += 1
        return _apply(messages, shortened), self.tokens(total)

    def _remember(self, piece: _Piece, kept: int) -> None:
        cut = CutToFit(kept_chars=kept, original_chars=len(piece.text))
        if piece.call_id is not None and piece.kind == "tool_result":
            old = self.cuts.get(piece.call_id)
            if old is None or cut.kept_chars < old.kept_chars:
                self.cuts[piece.call_id] = cut
            return
        key = (piece.turn, piece.kind)
        old = self.turn_cuts.get(key)
        if old is None or cut.kept_chars < old.kept_chars:
            self.turn_cuts[key] = cut


def _shorten(text: str, need: int) -> tuple[str, int] | None:
    """``text`` shortened by about ``need`` characters, note included (its beginning kept, never
    less than MIN_KEPT characters), with the number of characters kept; None when that would
    not make it shorter."""
    keep = max(MIN_KEPT, len(text) - need - len(cut_note(len(text), len(text))))
    note = cut_note(len(text) - keep, len(text))
    if keep + len(note) >= len(text):
        return None
    return text[:keep] + note, keep


def _pieces(messages: list[ModelMessage]) -> Iterator[_Piece]:
    """The texts that may be shortened, oldest first, with the turn each belongs to."""
    last_user = max(
        (
            (i, j)
            for i, m in enumerate(messages)
            if isinstance(m, ModelRequest)
            for j, p in enumerate(m.parts)
            if isinstance(p, UserPromptPart)
        ),
        default=None,
    )
    turn = -1
    for i, m in enumerate(messages):
        if isinstance(m, ModelRequest):
            for j, p in enumerate(m.parts):
                if isinstance(p, UserPromptPart):
                    turn += 1
                    if (i, j) != last_user and isinstance(p.content, str):
                        yield _Piece(i, j, p.content, 2, max(turn, 0), "user")
                elif isinstance(p, ToolReturnPart):
                    text = _content_text(p.content)
                    yield _Piece(i, j, text, 1, max(turn, 0), "tool_result", p.tool_call_id)
                elif isinstance(p, RetryPromptPart) and isinstance(p.content, str):
                    yield _Piece(i, j, p.content, 1, max(turn, 0), "tool_result", p.tool_call_id)
        elif isinstance(m, ModelResponse) and i < len(messages) - 1:
            for j, p in enumerate(m.parts):
                if isinstance(p, TextPart):
                    yield _Piece(i, j, p.content, 2, max(turn, 0), "response")


def _apply(
    messages: list[ModelMessage], shortened: dict[tuple[int, int], str]
) -> list[ModelMessage]:
    out: list[ModelMessage] = []
    for i, m in enumerate(messages):
        if not any(key[0] == i for key in shortened):
            out.append(m)
            continue
        parts: list[Any] = []
        for j, p in enumerate(m.parts):
            text = shortened.get((i, j))
            parts.append(p if text is None else replace(p, content=text))
        out.append(replace(m, parts=parts))  # type: ignore[type-var]
    return out


def _content_text(content: Any) -> str:
    return content if isinstance(content, str) else json.dumps(content, default=str)


def _messages_chars(messages: list[ModelMessage]) -> int:
    total = 0
    for m in messages:
        total += PER_MESSAGE
        if isinstance(m, ModelRequest) and m.instructions:
            total += len(m.instructions)
        for p in m.parts:
            total += PER_MESSAGE
            if isinstance(p, ToolCallPart):
                total += len(p.tool_name) + len(p.args_as_json_str())
            elif isinstance(p, ToolReturnPart):
                total += len(_content_text(p.content))
            elif isinstance(p, RetryPromptPart):
                total += len(p.model_response())
            else:
                total += len(_content_text(getattr(p, "content", "") or ""))
    return total


def _params_chars(params: ModelRequestParameters) -> int:
    """The tool definitions and instructions every request carries."""
    total = 0
    for tool in [*params.function_tools, *params.output_tools]:
        total += PER_MESSAGE + len(tool.name) + len(tool.description or "")
        total += len(json.dumps(tool.parameters_json_schema))
    for part in params.instruction_parts or []:
        total += len(str(getattr(part, "content", "") or ""))
    return total


class WindowedModel(WrapperModel):
    """``wrapped`` with every request fitted into its context window by ``fitter``."""

    def __init__(self, wrapped: Model, fitter: WindowFitter) -> None:
        super().__init__(wrapped)
        self.fitter = fitter

    async def request(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
    ) -> ModelResponse:
        async def send(fitted: list[ModelMessage]) -> ModelResponse:
            return await self.wrapped.request(fitted, model_settings, model_request_parameters)

        return await self._fitted(messages, model_request_parameters, send)

    @asynccontextmanager
    async def request_stream(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
        run_context: Any = None,
    ) -> AsyncIterator[StreamedResponse]:
        fitted, _ = self.fitter.fit(messages, model_request_parameters)
        async with self.wrapped.request_stream(
            fitted, model_settings, model_request_parameters, run_context
        ) as stream:
            yield stream

    async def _fitted(
        self,
        messages: list[ModelMessage],
        params: ModelRequestParameters,
        send: Callable[[list[ModelMessage]], Any],
    ) -> ModelResponse:
        for attempt in range(REFITS + 1):
            fitted, estimated = self.fitter.fit(messages, params)
            try:
                response: ModelResponse = await send(fitted)
            except ModelLimitError as e:
                if e.limit != "context_window" or attempt == REFITS:
                    raise
                self.fitter.tighten()
                continue
            self.fitter.observe(estimated, response.usage.input_tokens)
            return response
        raise AssertionError("unreachable")
