"""The VERA pipeline: safety cases, evidence and verification, validation gates.

What a user scripts against, importable from here (loaded on first use, so importing one
module of the pillar does not import the others)::

    from vera.safety import load_case, run_case_trial, judge, validate_path, audit_path
"""

from __future__ import annotations

from vera.faces import lazy_face

_FACE = {
    "Case": "vera.safety.cases",
    "CaseError": "vera.safety.cases",
    "discover_cases": "vera.safety.cases",
    "find_case": "vera.safety.cases",
    "load_case": "vera.safety.cases",
    "prepare_case": "vera.safety.trial",
    "run_case_trial": "vera.safety.trial",
    "judge": "vera.safety.trial",
    "validate_case": "vera.safety.validate",
    "validate_path": "vera.safety.validate",
    "corpus_status": "vera.safety.validate",
    "audit_path": "vera.safety.verifier_audit",
    "write_corpus": "vera.safety.verifier_audit",
    "OPERATORS": "vera.safety.metamorphic",
    "search_case": "vera.safety.verifier_search",
    "Controller": "vera.safety.control",
    "SafetyTrial": "vera.safety.kind",
    "use_runtime": "vera.safety.kind",
}

__all__ = sorted(_FACE)

__getattr__ = lazy_face("vera.safety", _FACE)
