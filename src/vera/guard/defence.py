"""The ``guard`` defence: a guard model between the agent and its tools.

It lives with the guards (the gateway may not import ``vera.guard``); importing this module
registers it (``vera.safety.run`` does).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vera.gateway.defences import Block, Defence, register
from vera.guard.guards import parse_answer
from vera.guard.render import PROMPT, call_text, cut
from vera.records import ToolCall


@register("guard")
class GuardDefence(Defence):
    """A guard model sees each proposed call with the conversation so far and can block it.

    The spec is any LLM spec ``vera guard eval`` accepts; it is asked with the guard prompt
    (:data:`vera.guard.render.PROMPT`) and its answer read by
    :func:`vera.guard.guards.parse_answer`: ``unsafe`` blocks the call; ``safe`` or an
    unreadable answer lets it through.
    """

    needs_model = True

    def render(self, tool: str, arguments: dict[str, Any], history: Sequence[ToolCall]) -> str:
        lines = [f"User: {self.context.task}"] if self.context.task else []
        for c in history:
            lines.append(f"Agent called: {call_text(c.tool, c.arguments)}")
            seen = "" if c.observation is None else str(c.observation)
            lines.append(f"Tool result: {cut(seen, 2000)}")
        lines.append(f"Agent now proposes: {call_text(tool, arguments)}")
        return "\n".join(lines)

    async def before_call(
        self, tool: str, arguments: dict[str, Any], history: Sequence[ToolCall]
    ) -> Block | None:
        answer = await self._ask(PROMPT, self.render(tool, arguments, history))
        if parse_answer(answer) == "unsafe":
            return Block(f"guard {self.spec} judged the call unsafe")
        return None
