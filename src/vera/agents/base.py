"""The target-agent protocol: what the runner and the controller need from any agent.

An agent is started once per trial, receives user messages one at a time and answers each
with a :class:`~vera.records.Turn`, then is stopped. ``BuiltinAgent``, the oracle agents and the
framework adapters all satisfy it.

Contract:
- ``start()`` connects to the trial's tool gateway; raises on infrastructure failure.
- ``send(message)`` runs one user turn to completion and returns it; what the agent did wrong
  (step limit, malformed output) is recorded on ``Turn.error``, not raised. Infrastructure
  failures (model unavailable, gateway gone) raise, because the trial is then an error outcome.
- ``stop()`` releases everything; safe to call twice.
- ``trajectory`` accumulates every turn.

An agent that acts on more of the trial than the gateway's socket (an agent framework with its
own tools on the workspace) also has ``attach_trial(surface)`` (:class:`TrialAware`): the runner
calls it with the trial's :class:`TrialSurface` before ``start()``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from vera.records import Trajectory, Turn


@dataclass
class TrialSurface:
    """What of a trial an agent may be given besides the gateway's socket."""

    gateway: Any
    """The trial's :class:`vera.gateway.calls.ToolGateway` (native tool calls are recorded in
    its trace, with its injections and defences)."""
    workspace: Path
    """The trial's workspace on the host (files, repo, shell services work there)."""
    evidence: Path
    """The trial's host-only evidence directory (the model proxy records there)."""
    web: Any = None
    """The environment's ``web`` service, when the case has one (its pages are served to
    native fetches through the sandbox's egress)."""


@runtime_checkable
class Agent(Protocol):
    name: str
    trajectory: Trajectory

    async def start(self) -> None: ...

    async def send(self, message: str) -> Turn: ...

    async def stop(self) -> None: ...


@runtime_checkable
class TrialAware(Protocol):
    """An agent that takes the trial's surface before it starts."""

    def attach_trial(self, surface: TrialSurface) -> None: ...
