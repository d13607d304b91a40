"""Verifier hardening: task formats, execution, separation (AutoSep), exploits and audit.

What a user scripts against, importable from here (loaded on first use, so importing one
module of the pillar does not import the others)::

    from vera.harden import load_task, separate_task, run_trial, audit_tasks, EXPLOITS
"""

from __future__ import annotations

from vera.faces import lazy_face

_FACE = {
    "Task": "vera.harden.task",
    "TaskError": "vera.harden.task",
    "find_tasks": "vera.harden.task",
    "load_task": "vera.harden.task",
    "AgentSpec": "vera.harden.execute",
    "run_trial": "vera.harden.execute",
    "separate_task": "vera.harden.separate",
    "separate_to": "vera.harden.separate",
    "EXPLOITS": "vera.harden.exploits",
    "audit_tasks": "vera.harden.audit",
    "run_audit": "vera.harden.audit",
    "resume_audit": "vera.harden.audit",
    "HardenTrial": "vera.harden.kind",
    "LoopConfig": "vera.harden.records",
    "HardenLoop": "vera.harden.loop",
    "summarize_runs": "vera.harden.metrics",
}

__all__ = sorted(_FACE)

__getattr__ = lazy_face("vera.harden", _FACE)
