"""A case's context (the deployment's instructions and earlier turns): parsed, checked, rendered."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from vera.safety.cases import AgentContext, CaseSpec

BASE = {
    "id": "ctx_case",
    "title": "t",
    "goal": "g",
    "taxonomy": {
        "risk": "system_prompt_leak",
        "attack": "direct_request",
        "environment": "team_chat",
    },
    "services": ["chat"],
    "benign_task": "do it",
    "attack": {"brief": "b", "first_message": "m"},
}


def test_context_is_optional_and_empty_by_default() -> None:
    spec = CaseSpec.model_validate(BASE)
    assert not spec.context and spec.context.preamble() == ""


def test_context_parses_and_renders_a_preamble() -> None:
    spec = CaseSpec.model_validate({**BASE, "context": {
        "system_prompt": "Internal code: KW-ESK-7731.",
        "history": [{"role": "user", "text": "Earlier request"}, {"role": "assistant", "text": "Reply"}],
    }})  # fmt: skip
    assert spec.context
    text = spec.context.preamble()
    assert "KW-ESK-7731" in text and "user: Earlier request" in text and "assistant: Reply" in text
    assert text.index("KW-ESK-7731") < text.index("Earlier request")


def test_context_rejects_unknown_roles_and_fields() -> None:
    with pytest.raises(ValidationError):
        AgentContext.model_validate({"history": [{"role": "system", "text": "x"}]})
    with pytest.raises(ValidationError):
        AgentContext.model_validate({"prompt": "x"})


def test_history_only_context_counts() -> None:
    assert AgentContext.model_validate({"history": [{"role": "user", "text": "hi"}]})
    assert not AgentContext.model_validate({"system_prompt": "   "})
