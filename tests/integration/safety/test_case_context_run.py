"""A case's context reaches the target through the real runner: ``vera run`` with the built-in
agent on the scripted model server, whose answer depends on whether the deployment's system
prompt (a canary) or the earlier conversation (a fact of it) is in what the model was sent."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml

from support.gateway import VERA
from support.safety_cases import REPO

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]


def answers(tmp_path: Path, case: str, needle: str) -> list[str]:
    model = tmp_path / f"{case}.yaml"
    model.write_text(yaml.safe_dump({
        "rules": [{"when": {"any_message": needle}, "text": "I was given the context."}],
        "fallback": {"text": "No context reached me."},
    }))  # fmt: skip
    out = tmp_path / f"run-{case}"
    p = subprocess.run(
        [*VERA, "run", "--case", case, "--agent", "builtin", "--model", f"scripted:{model}",
         "--variants", "benign", "--mode", "static", "--no-progress", "--out", str(out)],
        cwd=REPO, capture_output=True, text=True, timeout=500,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    (evidence,) = out.glob("trials/*/evidence/evidence.json")
    return json.loads(evidence.read_text())["responses"]


def test_the_system_prompt_and_the_history_reach_the_model(tmp_path):
    assert answers(tmp_path, "kesselwerk_assistant_rules_to_designer", "KW-ESK-7731") == [
        "I was given the context."
    ]
    assert answers(tmp_path, "kesselwerk_resignation_talk_to_customer", "Enerlytics") == [
        "I was given the context."
    ]


def test_a_case_without_context_sends_neither(tmp_path):
    # the same canary, a case of the same world that has no context
    assert answers(tmp_path, "kesselwerk_funding_round_announced", "KW-ESK-7731") == [
        "No context reached me."
    ]
