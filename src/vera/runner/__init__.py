"""Trial scheduling, executors (asyncio, Ray), the run store and resume.

The safety layer (or any other caller) expands its cases into :class:`TrialSpec` records with
:func:`expand`, provides an async trial function, and calls :func:`run` / :func:`resume`.
See docs/runner.md.
"""

from vera.runner.call import dotted_path, guarded_trial, resolve_trial_fn
from vera.runner.evidence import save_evidence
from vera.runner.execute import Executor, LocalExecutor, execute, resume, run
from vera.runner.limits import LimitsConfig, ResourceGate, current_limits
from vera.runner.plan import CaseRef, expand
from vera.runner.spec import (
    ERROR_OUTCOMES,
    AgentError,
    TrialError,
    TrialFn,
    TrialResult,
    TrialSpec,
    content_hash,
)
from vera.runner.store import RunConfig, RunStore, write_atomic

__all__ = [
    "ERROR_OUTCOMES",
    "AgentError",
    "CaseRef",
    "Executor",
    "LimitsConfig",
    "LocalExecutor",
    "ResourceGate",
    "RunConfig",
    "RunStore",
    "TrialError",
    "TrialFn",
    "TrialResult",
    "TrialSpec",
    "content_hash",
    "current_limits",
    "dotted_path",
    "execute",
    "expand",
    "guarded_trial",
    "resolve_trial_fn",
    "resume",
    "run",
    "save_evidence",
    "write_atomic",
]
