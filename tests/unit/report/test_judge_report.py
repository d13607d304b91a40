"""Who decided each verdict, rule-only text harms, judge errors and judge–rule agreement
(Cohen's κ) in the metrics and in every report format (vera.report)."""

from __future__ import annotations

import asyncio
import csv
import io
import json
from pathlib import Path

import pytest

from vera.records import (
    EvidenceLevel,
    JudgeAnswer,
    JudgeQuestion,
    JudgeReview,
    Outcome,
    Usage,
    Verdict,
)
from vera.report import load_run, render
from vera.report.metrics import cohen_kappa, compute
from vera.report.tables import decided_by, judge_cell
from vera.runner import LimitsConfig, RunConfig, TrialResult, TrialSpec, run
from vera.runner.spec import TrialErrorRecord

JUDGE = "scripted:judge.yaml"


def q(cite: str, rule: bool | None) -> JudgeQuestion:
    return JudgeQuestion(cite=cite, artefact="text", protected="the note", rule=rule)


def result(name: str, outcome: Outcome, verdict: Verdict | None, variant: str = "single",
           **kw) -> TrialResult:  # fmt: skip
    spec = TrialSpec(case_id=name, case_hash=name, variant=variant, agent="a", model="m")
    return TrialResult(key=spec.key, spec=spec, outcome=outcome, verdict=verdict, **kw)


def judged(name: str, rule: bool, judge: bool, *, level: str = "state") -> TrialResult:
    """A text-harm trial the rule decided (carried or not) and the judge answered."""
    cite = f"state:email.messages[{name}]"
    review = JudgeReview(model=JUDGE, rule_violated=rule,
                         answers=[JudgeAnswer(cite=cite, carries=judge, reason="r")])  # fmt: skip
    v = Verdict(violated=rule, level=level, cites=[cite] if rule else [], reason="rule",
                questions=[q(cite, rule)], judge=review)  # fmt: skip
    return result(name, Outcome.violated if rule else Outcome.safe, v)


def test_cohen_kappa_matches_hand_calculations() -> None:
    # pairs (T,T) (F,F) (F,T): observed 2/3; chance 1/3*2/3 + 2/3*1/3 = 4/9; κ = (6/9-4/9)/(5/9)
    assert cohen_kappa([(True, True), (False, False), (False, True)]) == pytest.approx(0.4)
    # the classic 2x2 of 50 items: both yes 20, both no 15, A-only 5, B-only 10:
    # observed 0.7; chance 0.5*0.6 + 0.5*0.4 = 0.5; κ = 0.4
    pairs = [(True, True)] * 20 + [(False, False)] * 15 + [(True, False)] * 5 + [(False, True)] * 10
    assert cohen_kappa(pairs) == pytest.approx(0.4)
    assert cohen_kappa([(True, True), (False, False)]) == pytest.approx(1.0)
    assert cohen_kappa([(True, False), (False, True)]) == pytest.approx(-1.0)
    assert cohen_kappa([]) is None
    assert cohen_kappa([(True, True), (True, True)]) is None  # one label only: undefined


def _run_results() -> list[TrialResult]:
    open_q = q("state:email.messages[9]", None)
    decided_review = JudgeReview(model=JUDGE, rule_violated=False, decided=True,
                                 answers=[JudgeAnswer(cite=open_q.cite, carries=True,
                                                      reason="names the buyer")])  # fmt: skip
    failed = JudgeReview(model=JUDGE, rule_violated=False, error="judge gave no usable answer",
                         answers=[JudgeAnswer(cite=open_q.cite, reason="not JSON")])  # fmt: skip
    rule_open = Verdict(violated=False, level="state", reason="rule; 1 artefact(s) left",
                        questions=[open_q])  # fmt: skip
    by_judge = Verdict(violated=True, level="state", cites=[open_q.cite], reason="judge: carried",
                       questions=[open_q], judge=decided_review)  # fmt: skip
    by_call = Verdict(violated=True, level="tool_call", cites=["call:1"], reason="read it")
    by_state = Verdict(violated=False, level=EvidenceLevel.state, reason="ok")
    failed_error = TrialErrorRecord(kind="judge_error", message="judge gave no usable answer")
    kept = rule_open.model_copy(update={"judge": failed})  # the rules' verdict, judge failed
    return [
        judged("1", True, True),
        judged("2", False, False),
        judged("3", False, True),
        result("4", Outcome.violated, by_judge),
        result("5", Outcome.judge_error, kept, error=failed_error),
        result("6", Outcome.safe, rule_open),  # no judge model: rule-only, left open
        result("7", Outcome.violated, by_call),
        result("8", Outcome.safe, by_state, variant="benign"),
    ]


def test_metrics_count_who_decided_rule_only_trials_judge_errors_and_agreement() -> None:
    m = compute(_run_results())
    j = m.judging
    assert j.sources == {"state": 1, "tool_call": 1, "text_rule": 4, "judge": 1}
    assert j.models == [JUDGE] and (j.asked, j.decided, j.errors) == (5, 1, 1)
    assert (j.rule_only, j.rule_only_open) == (1, 1)
    a = j.agreement
    assert (a.trials, a.both_carried, a.neither_carried, a.rule_carried_only,
            a.judge_carried_only) == (3, 1, 1, 0, 1)  # fmt: skip
    assert a.observed == pytest.approx(2 / 3) and a.kappa == pytest.approx(0.4)
    # judge_error is an error of its own: neither completed nor violated, listed with the errors
    assert m.outcomes["judge_error"] == 1
    single = m.by_variant["single"]
    assert single.errors["judge_error"] == 1 and single.completed == 6 and single.violated == 3
    # a rule-only safe verdict that left an artefact to a judge: the ASR is a lower bound
    assert single.bound == "lower" and (single.rule_only, single.rule_only_open) == (1, 1)
    assert m.by_variant["benign"].bound is None


def test_each_trial_says_who_decided_it() -> None:
    rs = {r.spec.case_id: r for r in _run_results()}  # type: ignore[union-attr]
    assert decided_by(rs["1"]) == "text rules" and judge_cell(rs["1"]) == "carries 1/1"
    assert decided_by(rs["4"]) == "judge model"
    assert decided_by(rs["5"]) == "text rules (judge failed)" and judge_cell(rs["5"]) == "error"
    assert decided_by(rs["6"]) == "text rules (rule-only)" and judge_cell(rs["6"]) == "rule-only"
    assert decided_by(rs["7"]) == "tool calls" and judge_cell(rs["7"]) == ""
    assert decided_by(rs["8"]) == "state"


async def _recorded(spec: TrialSpec, trial_dir: Path) -> TrialResult:
    """A trial function that returns the prepared result of its case (the store round-trips it)."""
    made = {r.spec.case_id: r for r in _run_results()}[spec.case_id]  # type: ignore[union-attr]
    return made.model_copy(update={"spec": None, "key": "",
                                   "usage": {"judge": Usage(requests=1, input_tokens=5)}})  # fmt: skip


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("judging") / "run"
    plan = [r.spec for r in _run_results()]
    asyncio.run(run(out, plan, _recorded, RunConfig(limits=LimitsConfig(trials=2)),  # type: ignore[arg-type]
                    progress=False))  # fmt: skip
    return out


def test_every_format_shows_sources_agreement_rule_only_and_judge_errors(run_dir: Path) -> None:
    data = load_run(run_dir)
    body = json.loads(render(data, "json"))
    assert body["judging"]["agreement"]["kappa"] == pytest.approx(0.4)
    assert body["outcomes"]["judge_error"] == 1 and body["usage_by_role"]["judge"]["requests"] == 8
    rows = {r["case_id"]: r for r in csv.DictReader(io.StringIO(render(data, "csv")))}
    assert rows["4"]["decided_by"] == "judge model" and rows["6"]["judge"] == "rule-only"
    assert rows["5"]["outcome"] == "judge_error" and rows["5"]["error_kind"] == "judge_error"
    assert rows["5"]["verdict_reason"].startswith("rule")  # the rule's verdict kept
    md = render(data, "md")
    assert "## Who decided the verdicts" in md and "| judge model | 1 |" in md
    assert "| 66.7% | 0.40 |" in md and "judge_error 1" in md
    assert "1 text-harm trial(s) were judged by the verifiers' rules alone (rule-only" in md
    html = render(data, "html")
    assert "class='stats agreement'" in html and "<td>0.40</td>" in html
    assert "class='warn rule-only'" in html and "lower bounds (≥)" in html
    assert "<span class='o-judge_error'>judge_error</span>" in html
    assert "text rules (rule-only)" in html and "judge failed" in html
    assert "Text harm: artefacts put to the judge model" in html
