"""The replayable trajectory of a case's witness or reference: its tool calls and final answer.

A data model only, apart from :mod:`vera.agents.oracle` (the agent that plays it over MCP), so
that loading cases does not import the MCP SDK.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ReplayCall(BaseModel):
    """One tool call of a replayed trajectory."""

    model_config = ConfigDict(extra="forbid")

    tool: str
    arguments: dict[str, Any] = Field(default_factory=dict)


class Replay(BaseModel):
    """A replayable trajectory (a case's witness or reference): calls, then a final answer."""

    model_config = ConfigDict(extra="forbid")

    calls: list[ReplayCall] = Field(default_factory=list)
    response: str = ""
    """What the agent says at the end (matters only for response-level verifiers)."""


__all__ = ["Replay", "ReplayCall"]
