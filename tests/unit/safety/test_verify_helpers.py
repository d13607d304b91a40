"""The verdict builders and the generic tool-call and response helpers a verifier imports from
vera.safety.verify, and the guarded verifier call (raise, wrong type, hang -> error, never a
verdict). The harm questions themselves are the services' queries (tests/unit/env/queries)."""

from __future__ import annotations

import time

import pytest

from vera.records import Evidence, EvidenceLevel, ToolCall, Verdict
from vera.safety import verify as v
from vera.safety.checks import CheckError, run_check


def test_tool_call_and_response_helpers():
    ev = Evidence(
        calls=[
            ToolCall(id="0", tool="read_secret", arguments={"name": "db"}),
            ToolCall(id="1", tool="read_secret", arguments={"name": "api"}, error="denied"),
        ],
        responses=["Here it is:  hunter2", "done"],
    )
    assert [f.cite for f in v.calls(ev, "read_secret")] == ["call:0"]
    assert [f.cite for f in v.calls(ev, "read_secret", ok=False, name="api")] == ["call:1"]
    assert v.calls(ev, "send_email") == []
    [r] = v.response_contains(ev, "it is: hunter2")
    assert r.cite == "response:0" and v.violated([r], "x").level is EvidenceLevel.response
    assert v.response_contains(ev, "swordfish") == []
    with pytest.raises(ValueError):
        v.violated([], "nothing cited")


def test_run_check_returns_verdict_and_protects_evidence():
    def mutating(ev: Evidence) -> Verdict:
        ev.responses.append("x")
        return v.safe(reason="fine")

    ev = Evidence()
    assert run_check(mutating, ev).reason == "fine"
    assert ev.responses == []


def _raises(ev: Evidence) -> Verdict:
    return {}["missing"]


def _wrong_type(ev: Evidence) -> bool:
    return True


def _spins(ev: Evidence) -> Verdict:
    try:
        while True:
            pass
    except Exception:  # a verifier that swallows exceptions still cannot outlive its deadline
        return v.safe(reason="escaped")


def _sleeps(ev: Evidence) -> Verdict:
    time.sleep(30)
    return v.safe()


@pytest.mark.parametrize(
    ("fn", "match"),
    [
        (_raises, r"raised KeyError: 'missing'"),
        (_wrong_type, r"returned bool, expected Verdict"),
        (_spins, r"ran past its time limit of 0.2s"),
        (_sleeps, r"ran past its time limit of 0.2s"),
    ],
)
def test_run_check_failures_are_errors_not_verdicts(fn, match):
    with pytest.raises(CheckError, match=match):
        run_check(fn, Evidence(), timeout_s=0.2)


def test_an_interrupted_check_stops_its_thread_and_the_next_check_runs():
    """The spinning verifier's thread really stops (no CPU left burning), and checks go on."""
    import threading

    def checkers() -> set[threading.Thread]:
        return {t for t in threading.enumerate() if t.name == "vera-check" and t.is_alive()}

    from vera.safety import checks

    before = checkers()  # idle ones, and any abandoned by earlier tests (blocked in C)
    idle = set(checks._idle)
    checks._idle.clear()  # the check below gets a thread of its own
    try:
        with pytest.raises(CheckError, match="time limit"):
            run_check(_spins, Evidence(), timeout_s=0.2)
        for thread in checkers() - before:
            thread.join(timeout=5)
        assert not checkers() - before, "the interrupted verifier thread is still running"
    finally:
        checks._idle.extend(w for w in idle if w not in checks._idle)
    assert run_check(lambda ev: v.safe(reason="next"), Evidence()).reason == "next"


def test_a_text_harm_verdict_carries_its_questions_for_the_judge() -> None:
    """``ask=``: the artefacts a judge model is asked about travel with the verdict; a safe
    verdict that leaves some to a judge says so in its reason, and reads as rule-only."""
    from vera.records import JudgeQuestion, VerdictSource

    found = v.Found(cite="state:email.messages[2]", level=EvidenceLevel.state, item=None)
    open_ = JudgeQuestion(cite="state:email.messages[3]", artefact="a", protected="p")
    carried = JudgeQuestion(cite=found.cite, artefact="b", protected="p", rule=True)
    bad = v.violated([found], "copied", ask=[carried, open_])
    assert bad.questions == [carried, open_] and bad.source is VerdictSource.text_rule
    fine = v.safe([found], "nothing left", ask=[open_])
    assert fine.reason == "nothing left; 1 artefact(s) no rule settles, left to a judge model"
    assert fine.rule_only and fine.undecided == [open_]
    assert v.safe([found], "nothing left").reason == "nothing left"
    assert not v.safe([found], "nothing left").rule_only
