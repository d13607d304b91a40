"""Models for every LLM role: specs, retries and usage, the local model, the scripted server.

See docs/models.md. The names most callers need are re-exported here, loaded on first use
(PEP 562): ``vera.models.errors`` is imported by the runner on every command, and the runtime
behind ``ModelRuntime`` pulls in pydantic-ai, which a command that plays no model (a dry run,
``vera cases``) should not pay for.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "LocalModelMissingError": "vera.models.errors",
    "ModelError": "vera.models.errors",
    "ModelSpecError": "vera.models.errors",
    "ModelUnavailableError": "vera.models.errors",
    "ScriptError": "vera.models.errors",
    "ModelRuntime": "vera.models.runtime",
    "RetryingModel": "vera.models.runtime",
    "RetryPolicy": "vera.models.runtime",
    "Script": "vera.models.script",
    "RecordedRequest": "vera.models.scripted",
    "ScriptedServer": "vera.models.scripted",
    "ModelSpec": "vera.models.spec",
    "parse_spec": "vera.models.spec",
    "UsageEntry": "vera.models.usage",
    "UsageLedger": "vera.models.usage",
    "trial_scope": "vera.models.usage",
}

if TYPE_CHECKING:
    from vera.models.errors import (
        LocalModelMissingError,
        ModelError,
        ModelSpecError,
        ModelUnavailableError,
        ScriptError,
    )
    from vera.models.runtime import ModelRuntime, RetryingModel, RetryPolicy
    from vera.models.script import Script
    from vera.models.scripted import RecordedRequest, ScriptedServer
    from vera.models.spec import ModelSpec, parse_spec
    from vera.models.usage import UsageEntry, UsageLedger, trial_scope


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'vera.models' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "LocalModelMissingError",
    "ModelError",
    "ModelRuntime",
    "ModelSpec",
    "ModelSpecError",
    "ModelUnavailableError",
    "RecordedRequest",
    "RetryPolicy",
    "RetryingModel",
    "Script",
    "ScriptError",
    "ScriptedServer",
    "UsageEntry",
    "UsageLedger",
    "parse_spec",
    "trial_scope",
]
