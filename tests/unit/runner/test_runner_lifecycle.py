"""The trial lifecycle: four phases, each timed and limited, failures typed, teardown always."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import ClassVar

import pytest

from vera.records import Outcome
from vera.runner.call import guarded_trial
from vera.runner.evidence import TrialEvidence
from vera.runner.lifecycle import TrialKind, live
from vera.runner.phases import PHASES, AgentError, PhaseLimits, SetupError
from vera.runner.spec import TrialResult, TrialSpec

SPEC = TrialSpec(case_id="c", case_hash="h", variant="benign", agent="a", model="m")


class Scripted(TrialKind):
    """A kind whose phases do what the test says: ``ok``, ``raise``, ``agent``, ``hang``."""

    plan: ClassVar[dict[str, str]] = {}
    log: list[str]

    def __init__(self, *a: object, **k: object) -> None:
        super().__init__(*a, **k)  # type: ignore[arg-type]
        self.log = []

    def limits(self) -> PhaseLimits:
        return PhaseLimits(setup=5, act=0.05, verify=5, teardown=5)

    async def _do(self, phase: str) -> None:
        self.log.append(phase)
        what = self.plan.get(phase, "ok")
        if what == "raise":
            raise RuntimeError(f"{phase} broke")
        if what == "agent":
            raise AgentError("the agent crashed")
        if what == "typed":
            raise SetupError("no such world")
        if what == "hang":
            await asyncio.sleep(3600)

    async def setup(self) -> None:
        await self._do("setup")
        self.evidence.write("setup.txt", "made")

    async def act(self) -> None:
        await self._do("act")

    async def verify(self) -> TrialResult:
        await self._do("verify")
        return TrialResult(outcome=Outcome.safe)

    async def teardown(self) -> None:
        await self._do("teardown")


def play(tmp_path: Path, plan: dict[str, str], time_limit_s: float | None = None):
    kinds: list[Scripted] = []

    def make(evidence: TrialEvidence) -> TrialKind:
        k = type("K", (Scripted,), {"plan": plan})(SPEC, tmp_path, evidence)
        kinds.append(k)
        return k

    result = asyncio.run(live(SPEC, tmp_path, make, time_limit_s=time_limit_s))
    return result, kinds[0] if kinds else None


def test_a_played_trial_has_four_timed_phases(tmp_path: Path) -> None:
    result, _ = play(tmp_path, {})
    assert result.outcome is Outcome.safe and result.key == SPEC.key
    assert [p.phase for p in result.phases] == list(PHASES)
    assert all(p.status == "ok" and p.started_at and p.ended_at for p in result.phases)
    assert [p.limit_s for p in result.phases] == [5, 0.05, 5, 5]
    assert (tmp_path / "evidence" / "setup.txt").read_text() == "made"
    again = TrialResult.model_validate_json(result.model_dump_json())
    assert again.phases == result.phases


@pytest.mark.parametrize(
    ("plan", "outcome", "phase", "typed"),
    [
        ({"setup": "raise"}, Outcome.infra_error, "setup", "SetupError"),
        ({"setup": "typed"}, Outcome.infra_error, "setup", "SetupError"),
        ({"act": "agent"}, Outcome.agent_error, "act", "AgentError"),
        ({"act": "raise"}, Outcome.infra_error, "act", "ActError"),
        ({"act": "hang"}, Outcome.timeout, "act", "AgentTimeout"),
        ({"verify": "raise"}, Outcome.infra_error, "verify", "VerifierError"),
    ],
)
def test_a_failure_is_typed_by_phase_and_later_phases_are_skipped(
    tmp_path: Path, plan: dict[str, str], outcome: Outcome, phase: str, typed: str
) -> None:
    result, kind = play(tmp_path, plan)
    assert result.outcome is outcome
    assert result.error is not None and result.error.phase == phase
    by = {p.phase: p for p in result.phases}
    assert by[phase].status == "failed" and by[phase].error_type == typed  # type: ignore[index]
    after = PHASES[PHASES.index(phase) + 1 : 3]  # type: ignore[arg-type]
    assert all(by[p].status == "skipped" for p in after)
    # teardown ran all the same
    assert by["teardown"].status == "ok" and kind is not None and kind.log[-1] == "teardown"


def test_the_act_limit_names_the_phase_and_the_trial_limit_names_the_trial(tmp_path: Path) -> None:
    result, _ = play(tmp_path / "a", {"act": "hang"})
    assert result.error is not None and result.error.message == "act exceeded 0.05 s"
    result, _ = play(tmp_path / "b", {"setup": "hang"}, time_limit_s=0.05)
    assert result.outcome is Outcome.timeout
    assert result.error is not None and result.error.message == "trial exceeded 0.05 s"
    assert result.phases[0].error_type == "SetupTimeout"


def test_a_teardown_failure_keeps_the_decision(tmp_path: Path) -> None:
    result, _ = play(tmp_path, {"teardown": "raise"})
    assert result.outcome is Outcome.safe
    assert result.phases[3].status == "failed" and result.phases[3].error_type == "TeardownError"


def test_a_kind_that_cannot_be_built_fails_setup(tmp_path: Path) -> None:
    def make(evidence: TrialEvidence) -> TrialKind:
        raise ValueError("bad arguments")

    result = asyncio.run(live(SPEC, tmp_path, make))
    assert result.outcome is Outcome.infra_error and result.error is not None
    assert result.error.message == "ValueError: bad arguments" and result.error.phase == "setup"
    assert [p.status for p in result.phases] == ["failed", "skipped", "skipped", "skipped"]


def test_a_plain_trial_function_plays_in_act(tmp_path: Path) -> None:
    async def fn(spec: TrialSpec, trial_dir: Path) -> TrialResult:
        return TrialResult(outcome=Outcome.safe)

    result = asyncio.run(guarded_trial(fn, SPEC, tmp_path))
    assert [p.status for p in result.phases] == ["ok"] * 4


def test_a_spec_of_an_unknown_kind_fails_setup(tmp_path: Path) -> None:
    spec = SPEC.model_copy(update={"kind": "no-such-kind"})
    result = asyncio.run(guarded_trial(None, spec, tmp_path))
    assert result.outcome is Outcome.infra_error and result.error is not None
    assert "no trial kind 'no-such-kind'" in result.error.message


def test_results_stored_before_the_lifecycle_still_read() -> None:
    old = (
        '{"key": "k", "outcome": "timeout", "error": {"kind": "timeout", "message": "x",'
        ' "phase": "agent"}}'
    )
    result = TrialResult.model_validate_json(old)
    assert result.phases == [] and result.error is not None and result.error.phase == "act"


def test_a_registered_kind_plays_its_specs_and_its_params_are_checked(tmp_path: Path) -> None:
    from pydantic import BaseModel

    from vera.runner.lifecycle import TRIAL_KINDS, trial_kind
    from vera.runner.spec import check_specs

    class Echo(BaseModel):
        say: str

    @trial_kind("test-echo")
    class EchoTrial(TrialKind):
        params = Echo

        async def act(self) -> None:
            self.evidence.write("said.txt", self.spec.params["say"])

        async def verify(self) -> TrialResult:
            return TrialResult(outcome=Outcome.safe, measures={"said": self.spec.params["say"]})

    assert TRIAL_KINDS["test-echo"] is EchoTrial
    spec = SPEC.model_copy(update={"kind": "test-echo", "params": {"say": "hi"}})
    check_specs([spec])
    with pytest.raises(ValueError, match=r"params\.say"):
        check_specs([SPEC.model_copy(update={"kind": "test-echo", "params": {}})])
    result = asyncio.run(guarded_trial(None, spec, tmp_path))
    assert result.measures == {"said": "hi"} and [p.status for p in result.phases] == ["ok"] * 4
    assert (tmp_path / "evidence" / "said.txt").read_text() == "hi"
