"""Trial kinds: a spec names its kind, the kind's params model is checked at plan time, and the
keys (and plan files) of specs written before kinds existed stay what they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict

from vera.records import Outcome
from vera.runner.spec import (
    TrialErrorRecord,
    TrialResult,
    TrialSpec,
    check_specs,
    content_hash,
    kinds,
    register_kind,
)
from vera.runner.store import RunConfig, RunStore


class _Params(BaseModel):
    model_config = ConfigDict(extra="forbid")
    size: int


register_kind("unit-kind", _Params)


def _spec(**kw) -> TrialSpec:
    base = {"case_id": "c", "case_hash": "h", "variant": "multi", "agent": "a", "model": "m"}
    return TrialSpec(**{**base, **kw})


def test_safety_keys_are_unchanged() -> None:
    spec = _spec()
    assert spec.kind == "safety"
    assert spec.key == content_hash(["h", "multi", "a", "m", "adaptive", 0])
    # a plan line written before kinds existed loads as a safety spec with the same key
    old = json.loads(spec.model_dump_json())
    del old["kind"]
    assert TrialSpec.model_validate(old).key == spec.key
    # safety params describe a trial; they do not make it another one
    assert _spec(params={"turns": 3}).key == spec.key


def test_other_kinds_key_on_kind_and_params() -> None:
    a = _spec(kind="unit-kind", params={"size": 1})
    assert a.key != _spec().key
    assert a.key != _spec(kind="unit-kind", params={"size": 2}).key
    assert a.key == _spec(kind="unit-kind", params={"size": 1}).key


def test_plan_time_check_of_kind_and_params(tmp_path: Path) -> None:
    check_specs([_spec(), _spec(kind="unit-kind", params={"size": 3})])
    with pytest.raises(ValueError, match="unknown trial kind 'nope'"):
        check_specs([_spec(kind="nope")])
    with pytest.raises(ValueError, match=r"params\.size"):
        check_specs([_spec(kind="unit-kind", params={"size": "big"})])
    with pytest.raises(ValueError, match=r"params\.extra"):
        check_specs([_spec(kind="unit-kind", params={"size": 1, "extra": 0})])
    # the store refuses such a plan before it writes anything
    with pytest.raises(ValueError, match=r"params\.size"):
        RunStore.create(tmp_path / "run", [_spec(kind="unit-kind", params={})], RunConfig())
    assert not (tmp_path / "run" / "run.json").exists()


def test_a_kind_cannot_be_taken_over() -> None:
    class Other(BaseModel):
        x: int = 0

    with pytest.raises(ValueError, match="already registered"):
        register_kind("unit-kind", Other)
    register_kind("unit-kind", _Params)  # the same model again is fine
    assert kinds()["unit-kind"] is _Params and kinds()["safety"] is None


def test_result_carries_reward_measures_and_failed_phase() -> None:
    r = TrialResult(outcome=Outcome.safe, reward=0.5, passed=False, hacked=False,
                    measures={"notes": ["n"]})  # fmt: skip
    assert TrialResult.model_validate_json(r.model_dump_json()) == r
    e = TrialResult(outcome=Outcome.timeout,
                    error=TrialErrorRecord(kind="timeout", message="verifier: timed out", phase="verify"))  # fmt: skip
    assert TrialResult.model_validate_json(e.model_dump_json()).error.phase == "verify"
    with pytest.raises(ValueError):
        TrialErrorRecord(kind="timeout", phase="lunch")  # type: ignore[arg-type]


def test_runner_names_no_upper_layer_even_in_a_string() -> None:
    """The caller passes its trial function's dotted path; the runner never spells one of
    ``vera.safety`` or ``vera.harden`` (an import by string is an upward arrow too)."""
    import ast

    runner = Path(__file__).resolve().parents[3] / "src" / "vera" / "runner"
    found = []
    for path in sorted(runner.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            text = node.value if isinstance(node, ast.Constant) else None
            if isinstance(text, str) and any(f"vera.{p}" in text for p in ("safety", "harden")):
                found.append(f"{path.name}:{node.lineno}")
    assert found == []
