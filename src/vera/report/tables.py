"""The plain formats: JSON (metrics), CSV (one row per trial), Markdown (summary tables)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from vera.pages import md_table
from vera.records import Outcome
from vera.report.load import RunData
from vera.report.metrics import (
    BOUND_MARK,
    CAPABLE_UTILITY,
    NOT_CAPABLE,
    GroupStats,
    JudgeStats,
    OpenFindings,
    Rate,
)
from vera.runner.spec import TrialResult

CSV_COLUMNS = [
    "key", "case_id", "variant", "agent", "model", "controller_model", "mode", "epoch", "risk",
    "attack", "environment", "outcome", "verdict_level", "verdict_reason", "verdict_cites",
    "decided_by", "judge", "utility", "error_kind", "error_message", "n_turns", "tactics",
    "requests", "input_tokens", "output_tokens", "cost_usd", "duration_s", "started_at",
    "evidence_dir",
]  # fmt: skip

SOURCE_NAMES = {"state": "state", "tool_call": "tool calls", "text_rule": "text rules",
                "judge": "judge model"}  # fmt: skip
"""How the report names who decided a verdict (:class:`vera.records.VerdictSource`)."""
RULE_ONLY = "rule-only"


def decided_by(r: TrialResult) -> str:
    """Who decided a trial's verdict, for a cell: ``state``, ``tool calls``, ``text rules``,
    ``judge model``; a text harm no judge model looked at is ``text rules (rule-only)``, and
    one whose judge failed (``judge_error``) ``text rules (judge failed)``; "" without one."""
    v = r.verdict
    if v is None:
        return ""
    name = SOURCE_NAMES[v.source.value]
    if r.outcome is Outcome.judge_error:
        return f"{name} (judge failed)"
    return f"{name} ({RULE_ONLY})" if v.rule_only else name


def judge_cell(r: TrialResult) -> str:
    """The judge model's answers on a trial, short: ``carries 1/2``, ``error``, ``rule-only``."""
    v = r.verdict
    if v is None or not v.questions:
        return ""
    if v.judge is None:
        return RULE_ONLY
    if v.judge.error is not None:
        return "error"
    said = [a.carries for a in v.judge.answers]
    return f"carries {sum(bool(c) for c in said)}/{len(said)}"


def to_json(data: RunData) -> str:
    """Metrics plus the run's identity; ``trials`` and ``by_variant`` at the top level."""
    body = {
        "run_id": data.config.run_id,
        "run_dir": str(data.run_dir),
        "planned": len(data.plan),
        **data.metrics.model_dump(mode="json"),
        "budget": None if data.budget is None else data.budget.model_dump(mode="json"),
    }
    return json.dumps(body, indent=2)


def to_csv(data: RunData) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_COLUMNS, lineterminator="\n")
    w.writeheader()
    for r in data.results:
        s = r.spec
        assert s is not None
        u = r.total_usage
        w.writerow({
            "key": r.key, "case_id": s.case_id, "variant": s.variant, "agent": s.agent,
            "model": s.model, "controller_model": s.controller_model or "", "mode": s.mode,
            "epoch": s.epoch, "risk": s.risk or "", "attack": s.attack or "",
            "environment": s.environment or "", "outcome": r.outcome.value,
            "verdict_level": r.verdict.level.value if r.verdict else "",
            "verdict_reason": r.verdict.reason if r.verdict else "",
            "verdict_cites": ";".join(r.verdict.cites) if r.verdict else "",
            "decided_by": decided_by(r), "judge": judge_cell(r),
            "utility": "" if r.utility is None else int(r.utility),
            "error_kind": r.error.kind if r.error else "",
            "error_message": r.error.message if r.error else "",
            "n_turns": r.n_turns, "tactics": ";".join(r.tactics), "requests": u.requests,
            "input_tokens": u.input_tokens, "output_tokens": u.output_tokens,
            "cost_usd": "" if u.cost_usd is None else f"{u.cost_usd:.6f}",
            "duration_s": f"{r.duration_s:.3f}", "started_at": r.started_at.isoformat(),
            "evidence_dir": r.evidence_dir,
        })  # fmt: skip
    return buf.getvalue()


def pct(value: float | None) -> str:
    return "–" if value is None else f"{value:.1%}"


def ci(bounds: tuple[float, float] | None) -> str:
    return "" if bounds is None else f"[{bounds[0]:.0%}, {bounds[1]:.0%}]"


def rate(r: Rate | None, *, interval: bool = True) -> str:
    """``40.0% (2/5) [12%, 77%]``; ``–`` when nothing could tell."""
    if r is None or r.value is None:
        return "–" if r is None else f"– (0/{r.n})"
    out = f"{pct(r.value)} ({r.k}/{r.n})"
    return f"{out} {ci((r.low, r.high))}" if interval else out


def stats_rows(groups: dict[str, GroupStats]) -> list[list[str]]:
    """Rows for a stats table, shared by the Markdown and the HTML report: ASR and ESR with
    benign utility beside them, the ASR of the capable subset, utility under attack, and the
    capability warning where benign utility is too low for the ASR to mean anything."""
    rows = []
    for name, st in groups.items():
        errors = ", ".join(f"{k} {v}" for k, v in st.errors.items() if v) or "0"
        rows.append([
            name, str(st.trials), str(st.completed), str(st.violated),
            BOUND_MARK.get(st.bound or "", "")
            + f"{pct(st.asr)} {ci(st.asr_ci) if st.asr is not None else ''}".strip(),
            f"{pct(st.esr)} {ci(st.esr_ci) if st.esr is not None else ''}".strip(),
            rate(st.utility), rate(st.capable_asr), rate(st.utility_under_attack), errors,
            st.capability_note or "",
        ])  # fmt: skip
    return rows


STATS_HEADER = ["", "trials", "completed", "violated", "ASR [95% CI]", "ESR [95% CI]",
                "benign utility [95% CI]", "ASR where benign succeeded [95% CI]",
                "utility under attack [95% CI]", "errors", "capability"]  # fmt: skip


def findings_lines(findings: dict[str, OpenFindings]) -> list[str]:
    """One line per case whose verifier a findings corpus still beats, and what that does to
    the ASRs it enters (``vera report --corpus``)."""
    out = []
    for case, f in findings.items():
        parts = []
        if f.missed:
            parts.append(f"{f.missed} missed harm(s): ASRs with this case are lower bounds (≥)")
        if f.false_alarms:
            parts.append(
                f"{f.false_alarms} false alarm(s): ASRs with this case are upper bounds (≤)"
            )
        if f.invalid:
            parts.append(f"{f.invalid} invalid finding(s) (calls the tools refuse: they do not "
                         "replay in this world and bound nothing)")  # fmt: skip
        out.append(f"{case}: " + "; ".join(parts))
    return out


FINDINGS_NOTE = (
    "Verifiers with open findings: trajectories of the corpus (vera cases harden --corpus) that "
    "the case's current verifier still judges wrongly. An ASR marked ≥ counts cases whose "
    "verifier misses harms (or rule-only safe verdicts that left artefacts to a judge), so the "
    "true rate can only be higher; ≤ counts false alarms; ? both."
)

METRICS_NOTE = (
    "ASR = violated / completed (violated + safe); ESR = violated / all trials, errors counting "
    "as not violated. Benign utility = benign tasks done, over the benign trials of the group "
    "and the benign twins (same case, agent, model, epoch) of its attack trials; ASR where "
    "benign succeeded = ASR among attack trials whose benign twin got its task done (the "
    "capable subset); utility under attack = the benign task still done in attack trials. "
    f"A target with benign utility under {CAPABLE_UTILITY:.0%} is {NOT_CAPABLE}. "
    "Intervals: Wilson 95%."
)


def not_capable(groups: dict[str, GroupStats]) -> list[str]:
    """One line per group (target) whose benign utility is too low for its ASR to count."""
    return [
        f"{name}: benign utility {rate(st.utility, interval=False)}: {NOT_CAPABLE}"
        for name, st in groups.items()
        if st.capable is False
    ]


SOURCES_HEADER = ["decided by", "trials"]
AGREEMENT_HEADER = ["judge model", "trials both decided", "both: carried", "both: not carried",
                    "rules alone: carried", "judge alone: carried", "agreement",
                    "Cohen's κ"]  # fmt: skip
JUDGING_NOTE = (
    "Who decided each verdict: the state, the tool calls, the verifier's rules over text "
    "(protected facts, claims in structured form), or the judge model of text harms (vera run "
    "--judge-model), which decides what the rules leave open (a paraphrase, a translation) and "
    "is asked beside the rules on the others, for agreement. Cohen's κ is over the trials both "
    "decided (1: perfect agreement; 0: no better than chance). A judge_error trial keeps its "
    "verifier's verdict but counts as an error."
)


def sources_rows(j: JudgeStats) -> list[list[str]]:
    """Trials that ended in a verdict, per who decided it."""
    return [[SOURCE_NAMES[k], str(v)] for k, v in j.sources.items()]


def agreement_rows(j: JudgeStats) -> list[list[str]]:
    """One row: judge–rule agreement (a 2×2 table and κ) of the run's judge model."""
    a = j.agreement
    kappa = "–" if a.kappa is None else f"{a.kappa:.2f}"
    if a.kappa is None and a.trials:
        kappa += " (one label only)"
    return [[", ".join(j.models) or "–", str(a.trials), str(a.both_carried),
             str(a.neither_carried), str(a.rule_carried_only), str(a.judge_carried_only),
             pct(a.observed), kappa]]  # fmt: skip


def rule_only_lines(j: JudgeStats) -> list[str]:
    """What a run without a judge model leaves undecided, in words (empty when nothing)."""
    if not j.rule_only:
        return []
    out = [f"{j.rule_only} text-harm trial(s) were judged by the verifiers' rules alone "
           f"({RULE_ONLY}: no --judge-model)."]  # fmt: skip
    if j.rule_only_open:
        out.append(
            f"{j.rule_only_open} of them were judged safe although an artefact was left to a "
            "judge (a paraphrase, a translation): they may be violations, so the ASRs they "
            "enter are lower bounds (≥). Run with --judge-model to decide them."
        )
    return out


def judging_lines(j: JudgeStats) -> list[str]:
    """The judge model's part of the run, in words."""
    if not j.models:
        return []
    line = (f"Judge model {', '.join(j.models)}: asked on {j.asked} trial(s), decided "
            f"{j.decided}, failed on {j.errors} (judge_error).")  # fmt: skip
    return [line]


DEFENCE_HEADER = ["defence", "trials", "benign utility", "utility under attack", "ASR",
                  "ASR per variant", "false blocks (benign)", "added latency", "cost / trial"]  # fmt: skip


def _rate(r: Any) -> str:
    if r is None or r.value is None:
        return "–"
    return f"{r.value:.0%} [{r.low:.0%}, {r.high:.0%}] ({r.k}/{r.n})"


def budget_header(by_defence: dict[str, Any]) -> list[str]:
    longest = max((max(d.asr_by_turns, default=0) for d in by_defence.values()), default=0)
    return ["defence", *[f"≤ {k} turn{'s' if k > 1 else ''}" for k in range(1, longest + 1)]]


def budget_rows(by_defence: dict[str, Any]) -> list[list[str]]:
    """ASR within k user turns per defence: the attacker's budget on the columns."""
    longest = len(budget_header(by_defence)) - 1
    rows = []
    for name, d in by_defence.items():
        cells = [rate(d.asr_by_turns.get(k)) if k in d.asr_by_turns else "–"
                 for k in range(1, longest + 1)]  # fmt: skip
        rows.append([name, *cells])
    return rows


def defence_rows(by_defence: dict[str, Any]) -> list[list[str]]:
    """One row per defence config: what it keeps (utility) and what it stops (ASR)."""
    rows = []
    for name, d in by_defence.items():
        rows.append([
            name, str(d.trials), _rate(d.benign_utility), _rate(d.utility_under_attack),
            _rate(d.asr), "; ".join(f"{v} {_rate(r)}" for v, r in d.asr_by_variant.items()) or "–",
            _rate(d.false_block_rate),
            "–" if d.added_latency_s is None else f"{d.added_latency_s:+.2f} s",
            "–" if d.cost_per_trial_usd is None else f"${d.cost_per_trial_usd:.4f}",
        ])  # fmt: skip
    return rows


def to_markdown(data: RunData) -> str:
    m = data.metrics
    out = [
        f"# vera run {data.config.run_id}",
        "",
        f"{m.trials} of {len(data.plan)} planned trials recorded. Outcomes: "
        + ", ".join(f"{k} {v}" for k, v in m.outcomes.items()),
        "",
    ]
    if data.budget is not None:
        lines = [data.budget.line(), data.budget.unpriced_line()]
        out += [f"**{'Stopped by the budget' if data.budget.stopped else 'Budget'}:** "
                + "; ".join(x.removeprefix("budget: ") for x in lines if x), ""]  # fmt: skip
    warnings = not_capable(m.by_target)
    if warnings:
        out += ["**Not capable of the tasks:**", "", *[f"- {w}" for w in warnings], ""]
    out += [METRICS_NOTE, ""]
    if m.open_findings:
        out += ["## Verifiers with open findings", "", FINDINGS_NOTE, "",
                *[f"- {line}" for line in findings_lines(m.open_findings)], ""]  # fmt: skip
    out += ["## Who decided the verdicts", "", JUDGING_NOTE, "",
            md_table(SOURCES_HEADER, sources_rows(m.judging)), ""]  # fmt: skip
    notes = judging_lines(m.judging) + rule_only_lines(m.judging)
    if notes:
        out += [*[f"- {line}" for line in notes], ""]
    if m.judging.models:
        out += ["### Judge–rule agreement", "",
                md_table(AGREEMENT_HEADER, agreement_rows(m.judging)), ""]  # fmt: skip
    sections = [
        ("By target (agent / model)", m.by_target),
        ("By variant", m.by_variant), ("By agent", m.by_agent), ("By model", m.by_model),
        ("By variant / agent / model", m.by_config), ("By risk (attack variants)", m.by_risk),
        ("By attack method (attack variants)", m.by_attack),
        ("By environment (attack variants)", m.by_environment),
    ]  # fmt: skip
    for title, groups in sections:
        if groups:
            out += [f"## {title}", "", md_table(STATS_HEADER, stats_rows(groups)), ""]
    if m.by_defence:
        out += ["## Defences side by side", "",
                md_table(DEFENCE_HEADER, defence_rows(m.by_defence)), "",
                "### ASR against the attacker's budget (user turns)", "",
                md_table(budget_header(m.by_defence), budget_rows(m.by_defence)), ""]  # fmt: skip
    for name, deltas in m.deltas.items():
        if deltas:
            rows = [[scope, pct(d.asr), ci(d.asr_ci), pct(d.esr), ci(d.esr_ci)]
                    for scope, d in deltas.items()]  # fmt: skip
            out += [f"## {name.replace('_', ' ')}", "",
                    md_table(["scope", "Δ ASR", "95% CI", "Δ ESR", "95% CI"], rows), ""]  # fmt: skip
    return "\n".join(out)
