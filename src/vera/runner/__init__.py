"""Trial scheduling, executors (asyncio, Ray), the run store and resume.

A layer (safety, hardening, a plug-in) registers a trial kind (:func:`trial_kind`: the four
phases setup, act, verify, teardown of :mod:`vera.runner.lifecycle`), expands its units into
:class:`TrialSpec` records of that kind, and calls :func:`run` / :func:`resume`.
See docs/runner.md.
"""

from vera.runner.call import dotted_path, guarded_trial, resolve_trial_fn
from vera.runner.evidence import TrialEvidence, save_evidence
from vera.runner.execute import Executor, LocalExecutor, execute, resume, run
from vera.runner.lifecycle import TRIAL_KINDS, FunctionTrial, TrialKind, live, trial_kind
from vera.runner.limits import LimitsConfig, ResourceGate, current_limits
from vera.runner.phases import (
    ActError,
    AgentTimeout,
    PhaseError,
    PhaseLimits,
    PhaseRecord,
    SetupError,
    SetupTimeout,
    TeardownError,
    TeardownTimeout,
    VerifierError,
    VerifierTimeout,
)
from vera.runner.plan import CaseRef, expand
from vera.runner.spec import (
    ERROR_OUTCOMES,
    AgentError,
    TrialErrorRecord,
    TrialFn,
    TrialResult,
    TrialSpec,
    content_hash,
)
from vera.runner.store import RunConfig, RunStore, write_atomic

__all__ = [
    "ERROR_OUTCOMES",
    "TRIAL_KINDS",
    "ActError",
    "AgentError",
    "AgentTimeout",
    "CaseRef",
    "Executor",
    "FunctionTrial",
    "LimitsConfig",
    "LocalExecutor",
    "PhaseError",
    "PhaseLimits",
    "PhaseRecord",
    "ResourceGate",
    "RunConfig",
    "RunStore",
    "SetupError",
    "SetupTimeout",
    "TeardownError",
    "TeardownTimeout",
    "TrialErrorRecord",
    "TrialEvidence",
    "TrialFn",
    "TrialKind",
    "TrialResult",
    "TrialSpec",
    "VerifierError",
    "VerifierTimeout",
    "content_hash",
    "current_limits",
    "dotted_path",
    "execute",
    "expand",
    "guarded_trial",
    "live",
    "resolve_trial_fn",
    "resume",
    "run",
    "save_evidence",
    "trial_kind",
    "write_atomic",
]
