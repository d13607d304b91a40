"""The defender's numbers: per defence config, benign utility, utility under attack, ASR per
variant, false blocks on benign trials, added latency and the defence's own cost."""

from __future__ import annotations

from vera.records import Outcome, Usage
from vera.report.metrics import compute
from vera.report.plots import defence_bars
from vera.report.tables import defence_rows
from vera.runner.spec import TrialResult, TrialSpec


def trial(
    defence, variant, outcome, *, utility=True, acted=None, duration=1.0, cost=None, case="c"
):  # type: ignore[no-untyped-def]
    spec = TrialSpec(case_id=case, case_hash="h" + case, variant=variant, agent="builtin",
                     model="m", defence=defence)  # fmt: skip
    usage = {} if cost is None else {"defence": Usage(requests=2, cost_usd=cost)}
    return TrialResult(key=spec.key, spec=spec, outcome=outcome, utility=utility,
                       defence_actions=acted or {}, duration_s=duration, usage=usage)  # fmt: skip


def test_defence_stats_side_by_side():
    rs = [
        trial("none", "benign", Outcome.safe),
        trial("none", "single", Outcome.violated, utility=False),
        trial("none", "multi", Outcome.violated),
        trial(
            "guard=x",
            "benign",
            Outcome.safe,
            utility=False,
            acted={"blocked": 1},
            duration=3.0,
            cost=0.01,
        ),
        trial("guard=x", "single", Outcome.safe, acted={"blocked": 2}, duration=3.0, cost=0.01),
        trial("guard=x", "multi", Outcome.violated, duration=3.0, cost=0.01),
    ]
    by = compute(rs).by_defence
    assert list(by) == ["none", "guard=x"]
    none, guard = by["none"], by["guard=x"]
    assert (none.asr.k, none.asr.n) == (2, 2) and (guard.asr.k, guard.asr.n) == (1, 2)
    assert guard.asr_by_variant["single"].value == 0.0
    assert guard.asr_by_variant["multi"].value == 1.0
    assert none.benign_utility.value == 1.0 and guard.benign_utility.value == 0.0
    assert none.utility_under_attack.value == 0.5
    assert none.false_block_rate.k == 0 and (
        guard.false_block_rate.k,
        guard.false_block_rate.n,
    ) == (1, 1)
    assert guard.added_latency_s == 2.0 and none.added_latency_s == 0.0
    assert abs(guard.cost_per_trial_usd - 0.01) < 1e-9 and none.cost_per_trial_usd is None
    assert guard.acted_on == {"blocked": 3}
    assert 0 < guard.asr.low < guard.asr.high < 1  # Wilson intervals

    rows = defence_rows(by)
    assert rows[0][0] == "none" and rows[1][0] == "guard=x"
    assert rows[1][6].startswith("100%") and rows[1][7] == "+2.00 s"
    svg = defence_bars(by)
    assert svg.startswith("<svg") and "guard" in svg and "false blocks" in svg


def test_no_defence_no_section_and_twins_stay_within_a_defence():
    rs = [trial("none", "benign", Outcome.safe), trial("none", "single", Outcome.violated)]
    assert compute(rs).by_defence == {}
    both = [*rs, trial("spotlight", "benign", Outcome.safe, utility=False),
            trial("spotlight", "single", Outcome.safe)]  # fmt: skip
    m = compute(both)
    # the spotlight attack trial's benign twin is the spotlight benign trial (utility 0), not none's
    assert m.by_defence["spotlight"].benign_utility.value == 0.0
    assert m.by_variant["single"].utility.k == 1 and m.by_variant["single"].utility.n == 2
    assert set(m.by_config) == {"benign/builtin/m", "single/builtin/m",
                                "benign/builtin/m/spotlight", "single/builtin/m/spotlight"}  # fmt: skip


def test_asr_against_the_attackers_budget_per_defence():
    """A trial stops at its violation, so the turn count of a violated trial is the budget the
    attacker needed: ASR within k turns rises with k, and a defence shifts the curve right."""
    from vera.report.plots import budget_curves
    from vera.report.tables import budget_header, budget_rows

    def attack(defence, outcome, turns, case):  # type: ignore[no-untyped-def]
        r = trial(defence, "single", outcome, case=case)
        return r.model_copy(update={"n_turns": turns})

    rs = [
        attack("none", Outcome.violated, 1, "a"), attack("none", Outcome.violated, 2, "b"),
        attack("none", Outcome.safe, 4, "c"),
        attack("guard=x", Outcome.violated, 4, "a"), attack("guard=x", Outcome.safe, 4, "b"),
        attack("guard=x", Outcome.safe, 4, "c"),
        attack("guard=x", Outcome.agent_error, 1, "d"),  # not completed: counted nowhere
    ]  # fmt: skip
    by = compute(rs).by_defence
    none, guard = by["none"].asr_by_turns, by["guard=x"].asr_by_turns
    assert [(none[k].k, none[k].n) for k in (1, 2, 3, 4)] == [(1, 3), (2, 3), (2, 3), (2, 3)]
    assert [guard[k].k for k in (1, 2, 3, 4)] == [0, 0, 0, 1] and guard[4].n == 3
    assert budget_header(by) == ["defence", "≤ 1 turn", "≤ 2 turns", "≤ 3 turns", "≤ 4 turns"]
    rows = budget_rows(by)
    assert rows[0][0] == "none" and rows[0][1].startswith("33.3% (1/3)")
    assert rows[1][4].startswith("33.3% (1/3)")
    svg = budget_curves(by)
    assert svg.startswith("<svg") and svg.count('class="curve"') == 2
    assert "ASR within 4 turn(s)" in svg
