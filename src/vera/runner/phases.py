"""The four phases of a trial, their time limits, their records and their typed failures.

Every trial vera plays is lived the same way (:mod:`vera.runner.lifecycle`):

``setup`` (the world and the agent made ready) → ``act`` (the agent at work) → ``verify`` (the
evidence judged) → ``teardown`` (everything the trial opened closed again).

Each phase runs under its own time limit (:class:`PhaseLimits`) and leaves a
:class:`PhaseRecord`: when it started and ended, how long it took, whether it went well, failed
or was never reached. A phase that fails raises one of the exceptions below: one class per phase
and kind of failure, so a caller tells "the verifier hung" from "the sandbox did not come up"
by type, never by parsing a message. Each class says which error outcome the trial gets.
"""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar, Literal

from pydantic import Field

from vera.records import BoundedText, Record

PhaseName = Literal["setup", "act", "verify", "teardown"]
PHASES: tuple[PhaseName, ...] = ("setup", "act", "verify", "teardown")

LEGACY_PHASES: dict[str, PhaseName] = {"env": "setup", "agent": "act"}
"""Phase names results stored before the lifecycle used (``TrialErrorRecord.phase``), read as today's."""

ErrorKind = Literal["agent_error", "infra_error", "timeout", "judge_error"]

PhaseStatus = Literal["ok", "failed", "skipped"]


class PhaseLimits(Record):
    """Seconds each phase may take (None: no limit of its own; the trial's limit, when the run
    has one, still bounds setup, act and verify). Teardown always has one, so a trial that timed
    out still ends."""

    setup: float | None = Field(default=600.0, gt=0)
    act: float | None = Field(default=None, gt=0)
    verify: float | None = Field(default=600.0, gt=0)
    teardown: float = Field(default=120.0, gt=0)

    def of(self, phase: PhaseName) -> float | None:
        return getattr(self, phase)  # type: ignore[no-any-return]


class PhaseRecord(Record):
    """What one phase of a trial did: stored with every trial result (``TrialResult.phases``)."""

    phase: PhaseName
    status: PhaseStatus
    """``ok``; ``failed`` (``error`` says how); ``skipped``: never reached, because an earlier
    phase failed or the trial was stopped."""
    started_at: datetime | None = None
    ended_at: datetime | None = None
    duration_s: float = 0.0
    limit_s: float | None = None
    """The limit the phase ran under (its own, or what was left of the trial's)."""
    error_type: str | None = None
    """The typed failure (``SetupError``, ``AgentTimeout``, ``VerifierError``, ...)."""
    error: BoundedText | None = None
    """One line: the failure's type and first line (cut at :data:`vera.records.TEXT_LIMIT`)."""


def skipped(phase: PhaseName) -> PhaseRecord:
    return PhaseRecord(phase=phase, status="skipped")


class PhaseError(Exception):
    """A phase of a trial failed. ``phase`` is where, ``outcome`` the trial's error outcome."""

    phase: ClassVar[PhaseName]
    outcome: ClassVar[ErrorKind]

    def __init__(self, message: str = "", *, measures: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.measures = dict(measures or {})
        """Facts the failed trial still records (``TrialResult.measures``: notes, exit codes)."""


class PhaseTimeout(PhaseError, TimeoutError):
    """A phase ran past its limit (or past what was left of the trial's): ``timeout``."""

    outcome: ClassVar[ErrorKind] = "timeout"


class SetupError(PhaseError):
    """The trial could not be set up (case or task refused, sandbox, environment, gateway)."""

    phase: ClassVar[PhaseName] = "setup"
    outcome: ClassVar[ErrorKind] = "infra_error"


class SetupTimeout(PhaseTimeout):
    phase: ClassVar[PhaseName] = "setup"


class AgentError(PhaseError):
    """The agent under test failed (crash, unusable output, refused request): ``agent_error``,
    distinct from failures of vera's own machinery. Raised in ``act``, or wherever the agent is
    at fault (an exploit whose script could not be made)."""

    phase: ClassVar[PhaseName] = "act"
    outcome: ClassVar[ErrorKind] = "agent_error"


class ActError(PhaseError):
    """vera's machinery around the acting agent failed (the sandbox, the gateway, a defence):
    ``infra_error``, not the agent's fault."""

    phase: ClassVar[PhaseName] = "act"
    outcome: ClassVar[ErrorKind] = "infra_error"


class AgentTimeout(PhaseTimeout):
    phase: ClassVar[PhaseName] = "act"


class VerifierError(PhaseError):
    """The verifier could not give a decision (crashed, wrote no usable reward): ``infra_error``."""

    phase: ClassVar[PhaseName] = "verify"
    outcome: ClassVar[ErrorKind] = "infra_error"


class VerifierTimeout(PhaseTimeout):
    phase: ClassVar[PhaseName] = "verify"


class TeardownError(PhaseError):
    """Closing what the trial opened failed. Recorded on the teardown phase; a decision the
    trial reached before stands (the evidence was judged already)."""

    phase: ClassVar[PhaseName] = "teardown"
    outcome: ClassVar[ErrorKind] = "infra_error"


class TeardownTimeout(PhaseTimeout):
    phase: ClassVar[PhaseName] = "teardown"


FAILURES: dict[PhaseName, type[PhaseError]] = {
    "setup": SetupError, "act": ActError, "verify": VerifierError, "teardown": TeardownError,
}  # fmt: skip
"""What an untyped exception in each phase becomes."""

TIMEOUTS: dict[PhaseName, type[PhaseTimeout]] = {
    "setup": SetupTimeout, "act": AgentTimeout, "verify": VerifierTimeout,
    "teardown": TeardownTimeout,
}  # fmt: skip
"""What running past the limit of each phase raises."""


__all__ = [
    "FAILURES",
    "PHASES",
    "TIMEOUTS",
    "ActError",
    "AgentError",
    "AgentTimeout",
    "PhaseError",
    "PhaseLimits",
    "PhaseName",
    "PhaseRecord",
    "PhaseTimeout",
    "SetupError",
    "SetupTimeout",
    "TeardownError",
    "TeardownTimeout",
    "VerifierError",
    "VerifierTimeout",
]
