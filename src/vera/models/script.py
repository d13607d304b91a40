"""The script that drives the scripted model server, and the cursor that walks it.

A script is data (YAML): which answer the "model" gives to each request. It is the double for
hosted APIs in vera's tests, so it must be predictable: every request picks exactly one step
(or a rule, or the fallback), and the choice depends only on the script and on what was asked.
The format is documented with examples in docs/models.md.
"""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from vera.models.errors import ScriptError
from vera.yamlio import load_yaml


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


ANY_TOOL = "*"
"""A tool-call name meaning: the first tool the request offers that needs no arguments (else
the first tool offered); for scripts that run across cases with different tools."""


class ToolCallStep(_Strict):
    """One tool call the scripted model makes."""

    name: str
    """The tool's name, or ``*`` (:data:`ANY_TOOL`)."""
    arguments: dict[str, Any] | str = Field(default_factory=dict)
    """A mapping, or a raw string sent as is (e.g. deliberately malformed JSON)."""
    id: str | None = None
    """Call id; generated (``call_<n>``) when omitted."""
    namespace: str | None = None
    """OpenAI Responses only: the tool namespace (Codex offers MCP tools as ``mcp__SERVER``)."""

    def arguments_json(self) -> str:
        if isinstance(self.arguments, str):
            return self.arguments
        return json.dumps(self.arguments)

    def arguments_dict(self) -> dict[str, Any]:
        """The arguments as a mapping (Anthropic sends objects); unparseable strings become {}."""
        if isinstance(self.arguments, dict):
            return self.arguments
        try:
            value = json.loads(self.arguments)
        except ValueError:
            return {}
        return value if isinstance(value, dict) else {}


class Fault(_Strict):
    """A failure the server produces instead of an answer."""

    kind: Literal["http", "hang", "malformed", "context"] = "http"
    """``context``: the wire's own context-overflow error (HTTP 400): OpenAI's
    ``context_length_exceeded`` for chat and responses, Anthropic's "prompt is too long" for
    messages."""
    status: int = 500
    """HTTP status for ``kind: http`` (429, 500, 503, 529, ...)."""
    retry_after: float | None = None
    """Seconds sent as ``retry-after`` (and ``retry-after-ms``) with an HTTP fault."""
    message: str = "scripted fault"
    code: str | None = None
    """The error body's ``code`` (OpenAI wires; default: derived from the status)."""
    type: str | None = None
    """The error body's ``type`` (default: derived from the status)."""


class When(_Strict):
    """Conditions on a request; all given conditions must hold."""

    last_message: str | None = None
    """Regular expression searched in the text of the last message (tool results included)."""
    contains: str | None = None
    """Substring of the text of the last message."""
    any_message: str | None = None
    """Regular expression searched in the text of every message of the request."""
    tool_result: bool | None = None
    """True: the last message carries a tool result; False: it does not."""
    has_tools: bool | None = None
    """True: the request offers tools; False: a tool-less call (e.g. title generation)."""
    wire: Literal["chat", "responses", "messages"] | None = None
    """Only requests in this wire format."""

    @field_validator("last_message", "any_message")
    @classmethod
    def _compiles(cls, value: str | None) -> str | None:
        if value is not None:
            try:
                re.compile(value)
            except re.error as e:
                raise ValueError(f"bad regular expression {value!r}: {e}") from e
        return value

    def matches(self, view: RequestView) -> bool:
        last = view.last_text
        if self.last_message is not None and not re.search(self.last_message, last):
            return False
        if self.contains is not None and self.contains not in last:
            return False
        if self.any_message is not None and not any(
            re.search(self.any_message, t) for t in view.all_texts
        ):
            return False
        if self.tool_result is not None and self.tool_result != view.last_is_tool_result:
            return False
        if self.has_tools is not None and self.has_tools != view.has_tools:
            return False
        return self.wire is None or self.wire == view.wire


class Step(_Strict):
    """One scripted answer: text and/or tool calls, or a fault."""

    text: str | None = None
    tool_calls: list[ToolCallStep] = Field(default_factory=list)
    fault: Fault | None = None
    when: When | None = None
    """Take this step only when the request matches; earlier non-matching steps are skipped."""
    latency: float = 0.0
    """Seconds to wait before answering (before the first byte when streaming)."""
    times: int = 1
    """How many requests this step answers before the cursor moves on."""
    usage: dict[str, int] | None = None
    """``input_tokens`` / ``output_tokens`` to report; estimated from the text when omitted."""
    stop_reason: Literal["stop", "length", "tool_calls"] | None = None
    """Override the finish reason (``length`` simulates truncated output)."""

    def for_request(self, view: RequestView) -> Step:
        """This step with any ``*`` tool-call name replaced by a tool the request offers."""
        if not any(c.name == ANY_TOOL for c in self.tool_calls):
            return self
        offered = view.argless_tools or view.tool_names
        pick = offered[0] if offered else ANY_TOOL
        calls = [
            c.model_copy(update={"name": pick}) if c.name == ANY_TOOL else c
            for c in self.tool_calls
        ]
        return self.model_copy(update={"tool_calls": calls})

    @field_validator("fault", mode="before")
    @classmethod
    def _fault_shorthand(cls, value: Any) -> Any:
        """``fault: 429`` / ``fault: hang`` / ``fault: malformed`` / ``fault: timeout``."""
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, int):
            return {"kind": "http", "status": value}
        if isinstance(value, str):
            if value.isdigit():
                return {"kind": "http", "status": int(value)}
            if value in ("hang", "timeout"):
                return {"kind": "hang"}
            if value == "malformed":
                return {"kind": "malformed"}
            if value in ("context", "context_length"):
                return {"kind": "context", "status": 400}
            raise ValueError(
                f"unknown fault {value!r} (use a status, hang, timeout, malformed, context)"
            )
        return value

    @model_validator(mode="after")
    def _something(self) -> Step:
        if self.times < 1:
            raise ValueError("times must be at least 1")
        if self.fault is None and self.text is None and not self.tool_calls:
            raise ValueError("a step needs text, tool_calls or a fault")
        return self


class Conversation(_Strict):
    """A sequence of answers with its own cursor, for the requests it matches."""

    name: str | None = None
    match: str | None = None
    """Regular expression searched in the first user message; omitted: every conversation."""
    responses: list[Step] = Field(default_factory=list)
    rules: list[Step] = Field(default_factory=list)
    """Answers that do not move the cursor, tried first (each needs ``when``)."""
    fallback: Step | None = None
    """Answer once ``responses`` is exhausted; default: the script's fallback."""

    @model_validator(mode="after")
    def _rules_have_when(self) -> Conversation:
        for rule in self.rules:
            if rule.when is None:
                raise ValueError("every rule needs a `when`")
        return self


class Script(_Strict):
    """A whole script: conversations, or a single ``responses`` list as shorthand."""

    model: str | None = None
    """Model name to report; default: the one the request names."""
    context_window: int | None = Field(default=None, ge=1)
    """Tokens a request may hold (estimated at 4 characters a token over the whole request
    body); a longer request gets the wire's context-overflow error. The window is listed in
    ``GET /v1/models`` and taken as the model's by vera's model runtime. None: no limit."""
    price_as: str | None = None
    """A priced model (``PROVIDER:MODEL`` as genai-prices knows it, e.g. ``openai:gpt-4o-mini``)
    whose prices vera's model runtime charges for this script's usage, so a scripted double of a
    hosted model is costed like it (budgets, cost tables). None: unpriced, as any scripted model."""
    responses: list[Step] | None = None
    rules: list[Step] = Field(default_factory=list)
    conversations: list[Conversation] = Field(default_factory=list)
    fallback: Step = Field(default_factory=lambda: Step(text="[scripted: script exhausted]"))

    @model_validator(mode="after")
    def _shorthand(self) -> Script:
        if self.responses is not None or self.rules:
            self.conversations.append(
                Conversation(name="default", responses=self.responses or [], rules=self.rules)
            )
            self.responses = None
            self.rules = []
        if not self.conversations:
            raise ValueError("a script needs `responses` or `conversations`")
        return self

    @classmethod
    def load(cls, source: str | Path | dict[str, Any] | list[Any]) -> Script:
        """Read a script from a YAML file path, YAML text, a mapping, or a bare list of steps."""
        data: Any = source
        if isinstance(source, Path) or (
            isinstance(source, str) and "\n" not in source and Path(source).is_file()
        ):
            path = Path(source)
            try:
                data = load_yaml(path.read_text())
            except (OSError, yaml.YAMLError) as e:
                raise ScriptError(f"cannot read script {path}: {e}") from e
        elif isinstance(source, str):
            try:
                data = load_yaml(source)
            except yaml.YAMLError as e:
                raise ScriptError(f"script is not valid YAML: {e}") from e
        if isinstance(data, list):
            data = {"responses": data}
        if not isinstance(data, dict):
            raise ScriptError("a script is a mapping with `responses` or `conversations`")
        try:
            return cls.model_validate(data)
        except ValidationError as e:
            err = e.errors()[0]
            where = ".".join(str(p) for p in err["loc"])
            raise ScriptError(f"bad script at {where or 'top level'}: {err['msg']}") from e


class RequestView(BaseModel):
    """What the script can see of a request, the same for every wire format."""

    wire: Literal["chat", "responses", "messages"]
    model: str = ""
    stream: bool = False
    first_user: str = ""
    last_text: str = ""
    last_is_tool_result: bool = False
    all_texts: list[str] = Field(default_factory=list)
    has_tools: bool = False
    tool_names: list[str] = Field(default_factory=list)
    argless_tools: list[str] = Field(default_factory=list)
    """Offered tools whose parameters include no required one, in offer order."""


class Chosen(BaseModel):
    """The answer picked for one request, and where it came from (for the request log)."""

    step: Step
    conversation: str
    source: Literal["step", "rule", "fallback"]
    index: int | None = None


class ScriptState:
    """Cursors over a script's conversations; thread-safe, one per server."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self._lock = threading.Lock()
        self._cursor = [0] * len(script.conversations)
        self._used = [0] * len(script.conversations)
        """How many times the step under the cursor has answered (for ``times``)."""
        self.exhausted = 0
        """Requests answered by a fallback because the sequence ran out."""

    def choose(self, view: RequestView) -> Chosen:
        with self._lock:
            ci, conv = self._conversation(view)
            label = conv.name or f"conversation[{ci}]"
            for rule in conv.rules:
                if rule.when is not None and rule.when.matches(view):
                    return Chosen(step=rule, conversation=label, source="rule")
            steps = conv.responses
            i = self._cursor[ci]
            while i < len(steps):
                step = steps[i]
                if step.when is None or step.when.matches(view):
                    if self._cursor[ci] != i:
                        self._cursor[ci], self._used[ci] = i, 0
                    self._used[ci] += 1
                    if self._used[ci] >= step.times:
                        self._cursor[ci], self._used[ci] = i + 1, 0
                    return Chosen(step=step, conversation=label, source="step", index=i)
                i += 1
            self.exhausted += 1
            return Chosen(
                step=conv.fallback or self.script.fallback, conversation=label, source="fallback"
            )

    def _conversation(self, view: RequestView) -> tuple[int, Conversation]:
        for i, conv in enumerate(self.script.conversations):
            if conv.match is None or re.search(conv.match, view.first_user):
                return i, conv
        # No conversation matches: the last one answers, so a request is never left unanswered.
        return len(self.script.conversations) - 1, self.script.conversations[-1]

    def remaining(self) -> int:
        """Steps not yet reached, over all conversations."""
        with self._lock:
            return sum(
                len(c.responses) - self._cursor[i] for i, c in enumerate(self.script.conversations)
            )
