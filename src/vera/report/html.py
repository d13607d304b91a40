"""The HTML report: one self-contained file (inline CSS and SVG, no script, no external URL).

The index shows the summary, the plots and every trial in a table; each trial with detail has
its own page inside the file (a ``<section>`` shown when its ``#t-KEY`` anchor is the target).
Detail is limited (``max_detail`` trials, violations and errors first; long texts cut) so the
file of a big run still opens.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from vera.pages import STYLE, html_table
from vera.records import TEXT_LIMIT, CutToFit, Outcome, ToolCall, Verdict
from vera.report.load import RunData, TrialDetail, load_detail
from vera.report.metrics import GroupStats, OpenFindings
from vera.report.plots import budget_curves, defence_bars, heatmap, outcome_strip, rate_bars
from vera.report.tables import (
    AGREEMENT_HEADER,
    DEFENCE_HEADER,
    FINDINGS_NOTE,
    JUDGING_NOTE,
    METRICS_NOTE,
    RULE_ONLY,
    SOURCES_HEADER,
    STATS_HEADER,
    agreement_rows,
    budget_header,
    budget_rows,
    ci,
    decided_by,
    defence_rows,
    findings_lines,
    judging_lines,
    not_capable,
    pct,
    rule_only_lines,
    sources_rows,
    stats_rows,
)
from vera.runner.spec import TrialResult

MAX_TEXT = TEXT_LIMIT
MAX_TABLE_ROWS = 5000


def _t(text: Any, limit: int = MAX_TEXT) -> str:
    """Escaped, cut text."""
    s = text if isinstance(text, str) else json.dumps(text, indent=1, default=str)
    if len(s) > limit:
        s = s[:limit] + f"\n… ({len(s) - limit} more characters)"
    return escape(s)


def _budget_note(data: RunData) -> str:
    """The budget's line; a warning box when the caps stopped the run (trials not started)."""
    b = data.budget
    if b is None:
        return ""
    text = "; ".join(x for x in (b.line(), b.unpriced_line()) if x)
    if not b.stopped:
        return f"<p class='note budget'>{escape(text)}</p>"
    return (
        "<div class='warn budget'><b>Stopped by the budget.</b> "
        f"{escape(text)}. Resume the run with a higher cap to finish it.</div>"
    )


def _capability_warning(targets: dict[str, GroupStats]) -> str:
    """A box above the numbers naming each target too weak for its ASR to mean safety."""
    lines = not_capable(targets)
    if not lines:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    return (
        "<div class='warn capability'><b>Not capable of the tasks.</b> An agent that cannot do "
        "the benign task cannot be driven to do harm either, so a low ASR here is not evidence "
        f"of safety:<ul>{items}</ul></div>"
    )


def _cut(cut: CutToFit | None, what: str) -> str:
    """The note on a text the agent's model was later shown shortened to fit its window."""
    if cut is None:
        return ""
    return (
        f"<div class='cut'>{escape(what)} cut to fit the window: later requests showed the model "
        f"{cut.kept_chars} of {cut.original_chars} characters</div>"
    )


def _priority(r: TrialResult) -> int:
    """Violations first, then errors, then safe verdicts."""
    return {Outcome.violated: 0, Outcome.safe: 2}.get(r.outcome, 1)


def _judging_section(data: RunData) -> str:
    """Who decided the verdicts; the rule-only warning; judge–rule agreement (κ)."""
    j = data.metrics.judging
    parts = ["<section class='judging'><h2>Who decided the verdicts</h2>",
             f"<p class='note'>{escape(JUDGING_NOTE)}</p>",
             html_table(SOURCES_HEADER, sources_rows(j), cls="stats sources")]  # fmt: skip
    parts += [f"<p class='judge'>{escape(line)}</p>" for line in judging_lines(j)]
    lines = rule_only_lines(j)
    if lines:
        parts.append("<div class='warn rule-only'><b>Rule-only text harms.</b> "
                     + " ".join(escape(x) for x in lines) + "</div>")  # fmt: skip
    if j.models:
        parts += ["<h3>Judge–rule agreement</h3>",
                  html_table(AGREEMENT_HEADER, agreement_rows(j), cls="stats agreement")]  # fmt: skip
    parts.append("</section>")
    return "".join(parts)


def render_html(data: RunData, *, max_detail: int = 200) -> str:
    m = data.metrics
    detailed = sorted(data.results, key=_priority)[:max_detail]
    detailed_keys = {r.key for r in detailed}
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>vera run {escape(data.config.run_id)}</title><style>{STYLE}</style></head><body>",
        "<main id='index'>",
        f"<h1>vera run <code>{escape(data.config.run_id)}</code></h1>",
        f"<p>{m.trials} of {len(data.plan)} planned trials recorded · created "
        f"{escape(data.config.created_at.isoformat(timespec='seconds'))} · executor "
        f"{escape(data.config.executor)}</p>",
        outcome_strip(m.outcomes),
        "<p>"
        + " · ".join(f"<span class='o-{k}'>{k} {v}</span>" for k, v in m.outcomes.items())
        + "</p>",
        _budget_note(data),
        _capability_warning(m.by_target),
        _findings_section(m.open_findings),
        _judging_section(data),
        "<h2>Attack success and utility per variant</h2>",
        f"<p class='note'>{escape(METRICS_NOTE)}</p>",
        rate_bars(m.by_variant),
        html_table(STATS_HEADER, stats_rows(m.by_variant), cls="stats by-variant"),
        *(
            [
                "<h2>Defences side by side</h2>",
                defence_bars(m.by_defence),
                html_table(DEFENCE_HEADER, defence_rows(m.by_defence), cls="stats by-defence"),
                "<h3>ASR against the attacker's budget</h3>",
                "<p class='note'>Attack trials violated within at most k user turns, over the "
                "completed attack trials (a trial stops at its violation): how far an adaptive "
                "attacker has to go to get past each defence.</p>",
                budget_curves(m.by_defence),
                html_table(
                    budget_header(m.by_defence), budget_rows(m.by_defence), cls="stats by-budget"
                ),
            ]
            if m.by_defence
            else []
        ),
        "<h2>By target (agent / model)</h2>",
        html_table(STATS_HEADER, stats_rows(m.by_target), cls="stats by-target"),
        "<h2>ASR by risk × environment (attack variants)</h2>",
        heatmap(m.heatmap),
    ]
    for title, groups in (
        ("By agent", m.by_agent), ("By model", m.by_model),
        ("By variant / agent / model", m.by_config), ("By risk (attack variants)", m.by_risk),
        ("By attack method (attack variants)", m.by_attack),
        ("By environment (attack variants)", m.by_environment),
    ):  # fmt: skip
        if groups:
            parts += [f"<h2>{escape(title)}</h2>", html_table(STATS_HEADER, stats_rows(groups))]
    for name, deltas in m.deltas.items():
        if deltas:
            rows = [
                [s, pct(d.asr), ci(d.asr_ci), pct(d.esr), ci(d.esr_ci)] for s, d in deltas.items()
            ]
            parts += [f"<h2>{escape(name.replace('_', ' '))}</h2>",
                      html_table(["scope", "Δ ASR", "95% CI", "Δ ESR", "95% CI"], rows)]  # fmt: skip
    parts.append(_trial_index(data.results, detailed_keys, max_detail))
    parts.append("</main>")
    for r in detailed:
        parts.append(_trial_page(r, load_detail(data.run_dir, r)))
    parts.append("</body></html>")
    return "".join(parts)


def _findings_section(findings: dict[str, OpenFindings]) -> str:
    if not findings:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in findings_lines(findings))
    return (
        "<section class='findings'><h2>Verifiers with open findings</h2>"
        f"<p class='note'>{escape(FINDINGS_NOTE)}</p><ul>{items}</ul></section>"
    )


def _trial_index(results: list[TrialResult], detailed: set[str], max_detail: int) -> str:
    rows = []
    for r in results[:MAX_TABLE_ROWS]:
        s = r.spec
        assert s is not None
        link = (f"<a href='#t-{escape(r.key)}'>{escape(r.key)}</a>" if r.key in detailed
                else escape(r.key))  # fmt: skip
        why = r.verdict.reason if r.verdict else (r.error.message if r.error else "")
        who = decided_by(r)
        who_cls = " rule-only" if r.verdict is not None and r.verdict.rule_only else ""
        rows.append([link, escape(s.case_id), escape(s.variant), escape(s.agent), escape(s.model),
                     escape(s.mode), str(s.epoch),
                     f"<span class='o-{r.outcome.value}'>{r.outcome.value}</span>",
                     f"<span class='decided-by{who_cls}'>{escape(who)}</span>",
                     escape(why[:160])])  # fmt: skip
    note = ""
    if len(results) > MAX_TABLE_ROWS:
        note += f"<p class='note'>First {MAX_TABLE_ROWS} of {len(results)} trials listed.</p>"
    if len(results) > len(detailed):
        note += (f"<p class='note'>Detail pages for {len(detailed)} trials (violations and errors "
                 f"first; --max-detail {max_detail}); use --format csv for all.</p>")  # fmt: skip
    return ("<h2>Trials</h2>" + note + html_table(
        ["key", "case", "variant", "agent", "model", "mode", "epoch", "outcome", "decided by",
         "reason"], rows, raw=True, cls="trials"))  # fmt: skip


def _call(call: ToolCall | dict[str, Any]) -> str:
    if isinstance(call, dict):
        return f"<pre>{_t(call)}</pre>"
    injected = call.observation is not None and call.observation != call.result
    out = [f"<div class='call'><b>{escape(call.tool)}</b>"
           f"{' #' + escape(call.id) if call.id else ''} <small>({call.source})</small>",
           f"<pre>{_t(call.arguments)}</pre>",
           f"<div>original result:</div><pre>{_t(call.result)}</pre>"]  # fmt: skip
    if injected:
        mode = call.injection_mode or "?"
        out.append(f"<div>observation shown to the agent (injected, {escape(mode)}):</div>"
                   f"<pre class='injected'>{_t(call.observation)}</pre>")  # fmt: skip
    if call.error:
        out.append(f"<div>error:</div><pre>{_t(call.error)}</pre>")
    out.append(_cut(call.cut_to_fit, "result"))
    out.append("</div>")
    return "".join(out)


def _questions(v: Verdict) -> str:
    """The artefacts of a text harm put to the judge: the rules' and the judge's answers."""
    if not v.questions:
        return ""
    answers = {a.cite: a for a in v.judge.answers} if v.judge else {}
    rule = {True: "carries", False: "does not carry", None: "undecided"}
    rows = []
    for q in v.questions:
        a = answers.get(q.cite)
        said = ("not asked" if v.judge is None else "no answer" if a is None
                else "no usable answer" if a.carries is None
                else "carries" if a.carries else "does not carry")  # fmt: skip
        rows.append([f"{q.cite}: {q.where}", q.label, f"<pre>{_t(q.artefact, 600)}</pre>",
                     rule[q.rule] + (f" ({q.how})" if q.how else ""), said,
                     a.reason if a else ""])  # fmt: skip
    head = "<h3>Text harm: artefacts put to the judge model</h3>"
    if v.judge is None:
        head += (f"<p class='rule-only'>{RULE_ONLY}: no judge model was given (vera run "
                 "--judge-model); the verdict is the rules'.</p>")  # fmt: skip
    else:
        head += f"<p>judge model <code>{escape(v.judge.model)}</code></p>"
        if v.judge.error:
            head += f"<p class='o-judge_error'>{escape(v.judge.error)}</p>"
    header = ["artefact", "protected", "text", "rules", "judge", "judge's reason"]
    body = [[escape(c) if i != 2 else c for i, c in enumerate(row)] for row in rows]
    return head + html_table(header, body, raw=True, cls="questions")


def _trial_page(r: TrialResult, d: TrialDetail) -> str:
    s = r.spec
    assert s is not None
    out = [f"<section class='trial' id='t-{escape(r.key)}'><p><a href='#index'>← all trials</a></p>",
           f"<h1>{escape(s.case_id)} · {escape(s.variant)} · "
           f"<span class='o-{r.outcome.value}'>{r.outcome.value}</span></h1>"]  # fmt: skip
    facts = [["key", r.key], ["agent", s.agent], ["model", s.model],
             ["controller", s.controller_model or ""], ["mode", s.mode], ["epoch", str(s.epoch)],
             ["risk", s.risk or ""], ["attack", s.attack or ""], ["environment", s.environment or ""],
             ["turns", str(r.n_turns)], ["tactics", ", ".join(r.tactics)],
             ["duration", f"{r.duration_s:.2f} s"], ["evidence", r.evidence_dir]]  # fmt: skip
    out.append(html_table(None, facts))
    out.append("<h2>Verdict</h2>")
    if r.verdict:
        v = r.verdict
        out.append(f"<p><b>{'violated' if v.violated else 'not violated'}</b> at level "
                   f"<b>{escape(v.level.value)}</b>: {escape(v.reason)}</p>")  # fmt: skip
        out.append(f"<p>decided by: <b class='decided-by'>{escape(decided_by(r))}</b></p>")
        out.append("<p>cited evidence:</p><ul>"
                   + "".join(f"<li><code>{escape(c)}</code></li>" for c in v.cites) + "</ul>")  # fmt: skip
        out.append(_questions(v))
    if r.error:
        out.append(
            f"<p class='o-{r.error.kind}'>{escape(r.error.kind)}: {escape(r.error.message)}</p>"
        )
    if r.utility is not None:
        out.append(f"<p>benign task done: {'yes' if r.utility else 'no'}</p>")
    for note in d.notes:
        out.append(f"<p class='note'>{escape(note)}</p>")
    out.append("<h2>Conversation</h2>")
    if d.trajectory is None:
        out.append("<p class='note'>No trajectory recorded.</p>")
    else:
        for turn in d.trajectory.turns[:60]:
            out.append(f"<div class='turn'><div class='user'><b>user (controller), turn "
                       f"{turn.index}:</b></div><pre>{_t(turn.user)}</pre>"
                       f"{_cut(turn.user_cut_to_fit, 'user message')}"
                       f"<div><b>agent:</b></div><pre>{_t(turn.response)}</pre>"
                       f"{_cut(turn.response_cut_to_fit, 'answer')}")  # fmt: skip
            for call in turn.tool_calls[:50]:
                out.append(_call(call))
            if turn.error:
                out.append(f"<p class='o-agent_error'>{escape(turn.error)}</p>")
            out.append("</div>")
    out.append("<h2>Gateway tool calls</h2>")
    out.append("".join(_call(c) for c in d.trace) or "<p class='note'>No gateway trace.</p>")
    out.append("<h2>State diff</h2>")
    out.append(f"<pre>{_t(d.diff)}</pre>" if d.diff is not None
               else "<p class='note'>No state diff recorded.</p>")  # fmt: skip
    out.append("</section>")
    return "".join(out)
