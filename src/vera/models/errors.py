"""Errors of the models layer, each with its own meaning for the runner, and the one classifier
of model failures that the built-in agent and every framework adapter share."""

from __future__ import annotations

import re
from typing import Literal

FailureKind = Literal["context_window", "tool_schema", "infra", "unknown"]
"""What a failed model request says about whose failure it is:

- ``context_window``: the request outgrew the model's context window (the agent's limit);
- ``tool_schema``: the model or its server refused the tools the agent offered (the agent's);
- ``infra``: credentials, a refused or unknown endpoint, rate limits, 5xx, a broken connection
  (vera's or the provider's);
- ``unknown``: nothing recognisable (for a framework: a crash, so the agent's).
"""

AgentLimit = Literal["context_window", "tool_schema"]


class ModelError(Exception):
    """Base of vera's model errors."""


class ModelSpecError(ModelError, ValueError):
    """A model spec string (``openai:gpt-4o``, ``local``, ...) cannot be understood or used."""


class ScriptError(ModelError, ValueError):
    """A scripted-model-server script is unreadable or invalid."""


class LocalModelMissingError(ModelError):
    """The ``local`` model needs the ``vera[local]`` extra, which is not installed."""


class BudgetReached(ModelError):
    """The run's budget cap was reached while an agent was working: its model proxy refused the
    next request and the agent was stopped in the middle of its turn.

    Not an outcome of the trial (it did not finish, so it is not judged): the runner records
    its spend, stops starting trials (``vera run`` exits 5), and a resume with a higher cap plays
    the trial again."""


class ModelUnavailableError(ModelError):
    """The model could not answer, even after retries (429, 5xx, timeouts, broken connections).

    The runner maps it to ``infra_error``: a trial that ends this way says nothing about the
    agent's safety. Not to be confused with pydantic-ai's exception of the same name, which is
    one of the causes this one wraps (``__cause__`` holds the last attempt's error).
    """

    def __init__(self, message: str, *, model: str, attempts: int, role: str | None = None):
        super().__init__(message)
        self.model = model
        self.attempts = attempts
        self.role = role


class ModelLimitError(ModelError):
    """The model answered, and refused the request for a limit of its own: the conversation
    is longer than its context window, or it does not take the tools it was offered.

    Asking again unchanged cannot help, and nothing in vera or at the provider broke: for the
    target agent it is the agent's outcome (``agent_error``, with the reason), never an
    ``infra_error``. For vera's own roles (the controller, a judge) it remains vera's failure.
    ``__cause__`` holds the provider's error.
    """

    def __init__(self, message: str, *, limit: AgentLimit, model: str, role: str | None = None):
        super().__init__(message)
        self.limit: AgentLimit = limit
        self.model = model
        self.role = role


_CONTEXT = re.compile(
    r"prompt is too long|prompt too (long|large)|context[ _-]?(length|window)|maximum context|"
    r"context overflow|too many tokens|context_length_exceeded|exceeds? the context|"
    r"exceed_context_size|exceeds the available context size|context size has been exceeded|"
    r"exceed context window|input is too long|reduce the length of the messages|"
    r"ran out of room in the model'?s context",
    re.I,
)
"""How providers and frameworks word a context overflow: OpenAI (``context_length_exceeded``,
"maximum context length"), Anthropic ("prompt is too long"), llama-cpp-python ("maximum context
length", "Requested tokens ... exceed context window"), llama.cpp's server
(``exceed_context_size_error``, "exceeds the available context size"), Codex ("ran out of room in
the model's context window"), OpenClaw ("Context overflow: prompt too large"), Bedrock ("input is
too long")."""

_TOOL_SCHEMA = re.compile(
    r"invalid schema for (function|tool)|invalid_function_parameters|"
    r"tools?\.\d+\.[\w.]*input_schema|input_schema[^.]{0,40}(invalid|not valid)|"
    r"(does not|doesn't) support tools|tools? (are|is) not supported|"
    r"tool[ _-]?(use|calling|choice)[^.]{0,30}not supported|"
    r'"auto" tool choice requires|unsupported[^.]{0,20}tool|invalid[^.]{0,20}tool schema|'
    r"function calling is not (enabled|supported)",
    re.I,
)
"""How providers word a refusal of the offered tools: OpenAI ("Invalid schema for function",
``invalid_function_parameters``), Anthropic (``tools.0.custom.input_schema: ...``), Ollama ("does
not support tools"), vLLM ('"auto" tool choice requires --enable-auto-tool-choice')."""

_INFRA = re.compile(
    r"\b(401|403|404|429|500|502|503|504|529)\b|unauthori[sz]ed|authentication|"
    r"invalid[ _-]?(x-)?api[ _-]?key|api key|forbidden|permission_error|not_found_error|"
    r"model[^.]{0,40}not (found|exist)|overloaded|rate[ _-]?limit|connection (refused|error)|"
    r"ECONNREFUSED|stream disconnected|error sending request|Please run /login|"
    r"unexpected status|invalid_request_error|\b4\d\d\b",
    re.I,
)


def classify_failure(text: str) -> FailureKind:
    """Whose failure a model error's text describes (see :data:`FailureKind`).

    The agent's limits are recognised before anything else, because providers send them as a
    400 ``invalid_request_error``, which on its own means a request vera built wrongly.
    """
    if _CONTEXT.search(text):
        return "context_window"
    if _TOOL_SCHEMA.search(text):
        return "tool_schema"
    if _INFRA.search(text):
        return "infra"
    return "unknown"
