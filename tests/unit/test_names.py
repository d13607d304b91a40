"""One name, one meaning: a class or function name is defined at most once in the package.

Issue #19 listed names that meant two things in two modules; this keeps the renamed ones from
coming back (a second ``Limits`` or ``Outcome`` fails here, naming both places).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src" / "vera"

ONCE = ("Limits", "ResourceGate", "Outcome", "content_hash", "Attempt", "CompileAttempt",
        "OperationOutcome", "case_content_hash", "Budget",
        "TrialResult", "TaskTrialResult", "Evidence", "GateEvidence", "Judgement",
        "HackJudgement", "HackAttempt", "summarize", "summarize_runs", "audit_report", "Exploit",
        "AgentError", "AgentNameError", "AuditReport", "VerifierAuditReport", "Candidate",
        "SearchCandidate", "OperatorCandidate", "Roles", "CaseRoles", "hacker_prompt",
        "judge_prompt", "fixer_prompt", "reviewer_prompt", "load_corpus", "load_findings",
        "Proposal", "Proposals", "Journal")  # fmt: skip
"""Names that had two meanings (issue #19) and their replacements."""


def definitions() -> dict[str, list[str]]:
    """Top-level classes and functions of every module, by name (a type alias such as
    ``Attempt = Any`` names the same thing, not a second one)."""
    out: dict[str, list[str]] = defaultdict(list)
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(), filename=str(path))
        where = path.relative_to(SRC.parent).as_posix()
        for node in tree.body:
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                out[node.name].append(where)
    return out


@pytest.mark.parametrize("name", ONCE)
def test_name_is_defined_once(name: str) -> None:
    places = definitions().get(name, [])
    assert len(places) <= 1, f"{name} is defined in {', '.join(places)}"


def test_the_renamed_names_exist_where_they_live() -> None:
    defs = definitions()
    assert defs["ResourceGate"] == ["vera/runner/limits.py"]
    assert defs["OperationOutcome"] == ["vera/safety/taxonomy.py"]
    assert defs["case_content_hash"] == ["vera/safety/cases.py"]
    assert defs["CompileAttempt"] == ["vera/safety/compile.py"]
    assert defs["Outcome"] == ["vera/records.py"]
    assert defs["content_hash"] == ["vera/runner/spec.py"]
