"""Inspect's models as vera's: a pydantic-ai model that asks the Inspect model of a role.

Inside ``inspect eval``, the model under test and the model roles (``--model-role
attacker=...``) are Inspect ``Model`` objects. vera's agents and its control agent take
pydantic-ai models. :func:`inspect_model` is a pydantic-ai model whose every request is put to
``get_model(role=ROLE)`` of the sample being evaluated (found in Inspect's context at request
time, so one object serves every sample): vera's messages and tool definitions become Inspect
chat messages and tool infos, Inspect's answer (text, tool calls, usage) comes back as a
pydantic-ai response. Every call is therefore an Inspect model call: logged as a model event
of the sample (``inspect view`` shows it), counted against Inspect's limits, cached and retried
by Inspect's policies.

:class:`InspectRuntime` is a :class:`~vera.models.runtime.ModelRuntime` that builds the model
specs ``inspect:target`` (the model under test) and ``inspect:ROLE`` (a model role; the model
under test when the role was not given, as ``vera run`` drives the controller with the target's
model) this way, so a trial is played by vera's own code with Inspect's models.

This module imports ``inspect_ai``: install ``vera[inspect]``.
"""

from __future__ import annotations

import json
from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageAssistant,
    ChatMessageSystem,
    ChatMessageTool,
    ChatMessageUser,
    get_model,
)
from inspect_ai.tool import ToolCall as InspectToolCall
from inspect_ai.tool import ToolInfo, ToolParams
from pydantic_ai.messages import (
    ModelMessage,
    ModelRequest,
    ModelResponse,
    RetryPromptPart,
    SystemPromptPart,
    TextPart,
    ToolCallPart,
    ToolReturnPart,
    UserPromptPart,
)
from pydantic_ai.models import Model
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.tools import ToolDefinition
from pydantic_ai.usage import RequestUsage

from vera.models.runtime import ModelRuntime
from vera.models.spec import ModelSpec, check_spec, parse_spec

PROVIDER = "inspect"
TARGET = "target"
"""``inspect:target``: the model under test (``inspect eval --model``)."""


def spec_for(role: str) -> str:
    """The vera model spec of an Inspect role (``target``: the model under test)."""
    return f"{PROVIDER}:{role}"


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(c if isinstance(c, str) else getattr(c, "text", "") or "" for c in content)
    return str(content)


def to_inspect_messages(
    messages: list[ModelMessage], instructions: str | None
) -> list[ChatMessage]:
    """pydantic-ai's history as Inspect chat messages (instructions first, as the system)."""
    out: list[ChatMessage] = []
    if instructions:
        out.append(ChatMessageSystem(content=instructions))
    for message in messages:
        if isinstance(message, ModelRequest):
            for part in message.parts:
                if isinstance(part, SystemPromptPart):
                    out.append(ChatMessageSystem(content=part.content))
                elif isinstance(part, UserPromptPart):
                    out.append(ChatMessageUser(content=_text(part.content)))
                elif isinstance(part, ToolReturnPart):
                    out.append(ChatMessageTool(content=part.model_response_str(),
                                               tool_call_id=part.tool_call_id, function=part.tool_name))  # fmt: skip
                elif isinstance(part, RetryPromptPart):
                    if part.tool_name:
                        out.append(ChatMessageTool(content=part.model_response(),
                                                   tool_call_id=part.tool_call_id,
                                                   function=part.tool_name))  # fmt: skip
                    else:
                        out.append(ChatMessageUser(content=part.model_response()))
        elif isinstance(message, ModelResponse):
            text = "".join(p.content for p in message.parts if isinstance(p, TextPart))
            calls = [
                InspectToolCall(id=p.tool_call_id, function=p.tool_name, arguments=p.args_as_dict())
                for p in message.parts
                if isinstance(p, ToolCallPart)
            ]
            out.append(ChatMessageAssistant(content=text, tool_calls=calls or None))
    return out


def to_inspect_tool(tool: ToolDefinition) -> ToolInfo:
    """A pydantic-ai tool definition (a gateway tool's JSON schema) as an Inspect tool info."""
    schema = dict(tool.parameters_json_schema or {"type": "object", "properties": {}})
    schema.setdefault("properties", {})
    return ToolInfo(
        name=tool.name,
        description=tool.description or tool.name,
        parameters=ToolParams.model_validate(schema),
    )


def inspect_model(role: str = TARGET) -> Model:
    """A pydantic-ai model whose requests go to the Inspect model of ``role`` (see the module
    docstring)."""

    async def ask(messages: list[ModelMessage], info: AgentInfo) -> ModelResponse:
        model = get_model() if role == TARGET else get_model(role=role)
        tools = [to_inspect_tool(t) for t in [*info.function_tools, *info.output_tools]]
        output = await model.generate(
            to_inspect_messages(messages, info.instructions),
            tools=tools,
            tool_choice="auto" if tools else None,
        )
        parts: list[Any] = []
        if output.message.text:
            parts.append(TextPart(content=output.message.text))
        for call in output.message.tool_calls or []:
            arguments = call.arguments if isinstance(call.arguments, dict) else {}
            if call.parse_error:
                raw: Any = json.dumps(arguments) if arguments else "{}"
                parts.append(ToolCallPart(tool_name=call.function, args=raw, tool_call_id=call.id))
            else:
                parts.append(
                    ToolCallPart(tool_name=call.function, args=arguments, tool_call_id=call.id)
                )
        usage = output.usage
        return ModelResponse(
            parts=parts,
            model_name=str(model),
            usage=RequestUsage(
                input_tokens=usage.input_tokens if usage else 0,
                output_tokens=usage.output_tokens if usage else 0,
            ),
        )

    return FunctionModel(ask, model_name=spec_for(role))


def check_inspect_spec(spec: str) -> ModelSpec:
    """A spec checked at plan time as :func:`vera.models.spec.check_spec` does, with
    ``inspect:ROLE`` known: :class:`InspectRuntime` builds it from Inspect's own model roles."""
    parsed = parse_spec(spec)
    return parsed if parsed.provider == PROVIDER else check_spec(spec)


class InspectRuntime(ModelRuntime):
    """A model runtime that builds ``inspect:ROLE`` specs as :func:`inspect_model` (and every
    other spec as vera always does)."""

    async def _build(self, spec: ModelSpec) -> Model:
        if spec.provider == PROVIDER:
            return inspect_model(spec.name)
        return await super()._build(spec)


__all__ = [
    "PROVIDER",
    "TARGET",
    "InspectRuntime",
    "check_inspect_spec",
    "inspect_model",
    "spec_for",
    "to_inspect_messages",
]
