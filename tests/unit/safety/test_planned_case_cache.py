"""A trial's case is loaded once per process and checked against the planned content hash on
every trial, a case set in a shared world included (its world file is part of the hash)."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.safety_cases import make_bench, split_into_world
from vera.runner.plan import expand
from vera.safety.cases import CaseError
from vera.safety.kind import _load_planned
from vera.safety.run import case_ref, select_cases


def test_a_world_case_is_loaded_once_and_refused_once_its_world_changes(tmp_path: Path) -> None:
    cases = make_bench(tmp_path)
    world = split_into_world(cases)
    [case] = select_cases(cases)
    assert case.spec.world == "banking/meyer"
    [spec] = expand([case_ref(case)], variants=["single"], agents=["a"], models=["m"])
    first = _load_planned(spec)
    assert _load_planned(spec) is first  # the cache holds: no second parse and check
    world.write_text(world.read_text() + "# edited after planning\n")
    with pytest.raises(CaseError, match="the case changed since the run was planned"):
        _load_planned(spec)
