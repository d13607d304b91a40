"""Contract between environments and whoever serves their tools (the MCP gateway, oracles).

This module is the agreed interface; the service implementations grow around it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class ToolSpec(BaseModel):
    """A tool as a model sees it: unique name, description, JSON schema of its arguments."""

    model_config = ConfigDict(extra="forbid")

    name: str
    """Unique within an Environment; matches ``^[a-zA-Z0-9_]{1,64}$``."""
    service: str
    description: str
    input_schema: dict[str, Any] = Field(
        default_factory=lambda: {"type": "object", "properties": {}}
    )


class ToolError(Exception):
    """A tool failed the way the real product would report it (missing item, no permission).

    The message is shown to the agent as the tool's error; it is an ordinary outcome of a
    tool call, not an infrastructure failure.
    """


class ToolArgumentError(ToolError):
    """The arguments do not match the tool's schema."""


class UnknownToolError(ToolError):
    """No tool of that name in this environment."""


class EnvError(Exception):
    """An environment cannot be built or its saved state cannot be read (bad input, not a tool error)."""
