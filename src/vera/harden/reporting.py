"""Reports of the hardening pillar, as JSON, Markdown or HTML (one self-contained file, inline
CSS and SVG, in the style of every vera report: :mod:`vera.pages`).

- ``vera harden report DIR`` (:func:`render`): a loop run. Per task and across tasks: benign
  solve rate and unhinted / hinted / verifier-aware ASR (per task and per trial) at Before,
  AutoSep and After and by iteration; the gates of every fixer candidate; tokens and USD per
  role.
- ``vera report RUN_DIR`` of an audit run (:func:`render_audit`): per task the oracle, nop and
  the exploits that hacked it, before and after separation; ASR per condition, exploit,
  category and defence, with a plot; every trial; the run's configuration and budget.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any, Literal

from vera.harden.audit import is_audit, store_report
from vera.harden.metrics import summarize_runs
from vera.harden.records import TaskRun, load_attempts, load_runs
from vera.harden.roles import HACK_MODES
from vera.harden.trajectory import render as render_trajectory
from vera.pages import html_page, html_table, md_table
from vera.runner.budget import read_budget
from vera.runner.store import RunStore

Format = Literal["html", "md", "json"]
_COLOURS = {
    "benign": "#27ae60",
    "unhinted": "#e67e22",
    "hinted": "#8e44ad",
    "verifier-aware": "#c0392b",
}


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def _cell(asr: dict[str, Any]) -> str:
    return "-" if not asr["n"] else f"{pct(asr['per_trial'])} ({asr['k']}/{asr['n']})"


def report_data(run_dir: Path) -> dict[str, Any]:
    """Everything a report shows; :class:`~vera.harden.records.RunReadError` for a run folder
    it cannot stand on (a run.json that is not one, a task the loop did not finish)."""
    runs = load_runs(run_dir, finished=True)
    usage: dict[str, dict[str, Any]] = {}
    for r in runs:
        for role, u in r.usage.items():
            agg = usage.setdefault(
                role, {"requests": 0, "input_tokens": 0, "output_tokens": 0, "cost_usd": None}
            )
            for k in ("requests", "input_tokens", "output_tokens"):
                agg[k] += u.get(k, 0)
            if u.get("cost_usd") is not None:
                agg["cost_usd"] = (agg["cost_usd"] or 0.0) + u["cost_usd"]
    return {
        "run_dir": str(run_dir),
        "summary": summarize_runs(runs),
        "usage": usage,
        "tasks": [_task_data(r) | {"attempts": _attempts(Path(run_dir) / r.task)} for r in runs],
    }


def _attempts(task_dir: Path) -> list[dict[str, Any]]:
    """Every attempt played (hacker, solvers), with its trajectory when an agent acted."""
    out = []
    for a in load_attempts(task_dir):
        rec = a.trajectory
        out.append({
            "id": a.id, "role": a.role, "agent": a.agent, "phase": a.phase, "mode": a.mode,
            "reward": a.reward, "label": a.label, "category": a.category,
            "stopped": rec.stopped if rec else None,
            "commands": rec.commands if rec else [],
            "replay": rec.replay if rec else "script",
            "usage": rec.trajectory.usage.model_dump() if rec else None,
            "trajectory": render_trajectory(rec) if rec else f"script:\n{a.script}",
        })  # fmt: skip
    return out


ATTEMPT_HEADER = ["attempt", "role", "agent", "reward", "label", "stopped", "commands", "replay"]


def attempt_rows(attempts: list[dict[str, Any]]) -> list[list[str]]:
    return [
        [a["id"], a["role"], a["agent"], "none" if a["reward"] is None else f"{a['reward']:g}",
         a["label"] or "-", a["stopped"] or "-", str(len(a["commands"])), a["replay"]]
        for a in attempts
    ]  # fmt: skip


def _task_data(r: TaskRun) -> dict[str, Any]:
    states = (r.metrics or {}).get("states", [])
    return {
        "task": r.task,
        "status": r.status,
        "ablations": r.ablations,
        "thresholds": r.thresholds.model_dump(),
        "precheck": r.precheck,
        "corpus": [c.name for c in r.corpus],
        "states": [{k: s[k] for k in ("name", "commit", "benign", "asr")} for s in states],
        "iterations": [
            {
                "index": it.index,
                "kind": it.kind,
                "state": it.state,
                "hacks": it.hacks,
                "attempts": len(it.attempts),
                "accepted": it.accepted,
                "commit": it.commit,
                "candidates": [
                    {
                        "index": c.index,
                        "accepted": c.accepted,
                        "rationale": c.rationale,
                        "files": c.files,
                        "gates": [g.model_dump() for g in c.gates],
                        "diagnostic": c.diagnostic,
                    }
                    for c in it.candidates
                ],
            }
            for it in r.iterations
        ],
        "usage": r.usage,
        "notes": r.notes,
    }


def state_rows(
    states: list[dict[str, Any]], names: tuple[str, ...] | None = None
) -> list[list[str]]:
    rows = []
    for s in states:
        if names and s["name"] not in names:
            continue
        b = s["benign"]
        rows.append(
            [
                s["name"],
                f"{pct(b['rate'])} ({b['k']}/{b['n']})",
                *[_cell(s["asr"][m]) for m in HACK_MODES],
            ]
        )
    return rows


STATE_HEADER = ["state", "benign solve", *[f"ASR {m}" for m in HACK_MODES]]


def summary_rows(summary: dict[str, Any]) -> list[list[str]]:
    rows = []
    for name, s in summary.items():
        b = s["benign"]
        rows.append(
            [
                name,
                f"{pct(b['rate'])} ({b['k']}/{b['n']})",
                *[
                    "-"
                    if not s["asr"][m]["n"]
                    else f"{pct(s['asr'][m]['per_task'])} / {pct(s['asr'][m]['per_trial'])}"
                    for m in HACK_MODES
                ],
            ]
        )
    return rows


def usage_rows(usage: dict[str, dict[str, Any]]) -> list[list[str]]:
    return [
        [
            role,
            str(u["requests"]),
            str(u["input_tokens"]),
            str(u["output_tokens"]),
            "unknown" if u.get("cost_usd") is None else f"${u['cost_usd']:.4f}",
        ]
        for role, u in sorted(usage.items())
    ]


USAGE_HEADER = ["role", "requests", "input tokens", "output tokens", "USD"]


def to_markdown(data: dict[str, Any]) -> str:
    table = md_table
    out = [
        f"# Hardening report: {data['run_dir']}",
        "",
        "## All tasks (ASR per task / per trial)",
        "",
        table(STATE_HEADER, summary_rows(data["summary"])),
        "",
    ]
    for t in data["tasks"]:
        out += [
            f"## {t['task']} ({t['status']})",
            "",
            table(STATE_HEADER, state_rows(t["states"])),
            "",
        ]
        if t.get("attempts"):
            out += ["### Attempts", "", table(ATTEMPT_HEADER, attempt_rows(t["attempts"])), ""]
            for a in t["attempts"]:
                out += [f"#### {a['id']}", ""]
                out += ["    " + line for line in a["trajectory"].splitlines()] + [""]
    out += ["## Cost per role", "", table(USAGE_HEADER, usage_rows(data["usage"])), ""]
    return "\n".join(out)


def _line_chart(states: list[dict[str, Any]], title: str) -> str:
    """Benign rate and ASR per mode (per trial) along the task's states."""
    if not states:
        return ""
    w, h, left, top, step = 120 + 90 * len(states), 220, 50, 20, 90
    out = [
        f'<svg class="plot" role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{w + 140}" height="{h + 40}" font-family="system-ui,sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
    ]
    for frac in (0, 0.5, 1):
        y = top + (1 - frac) * (h - top)
        out.append(
            f'<line x1="{left}" x2="{left + step * (len(states) - 1)}" y1="{y}" y2="{y}" '
            f'stroke="#eee"/><text x="{left - 6}" y="{y + 4}" text-anchor="end">{frac:.0%}</text>'
        )
    for i, s in enumerate(states):
        out.append(
            f'<text x="{left + step * i}" y="{h + 18}" text-anchor="middle">'
            f"{escape(s['name'])}</text>"
        )
    series = {"benign": [s["benign"]["rate"] for s in states]}
    series |= {m: [s["asr"][m]["per_trial"] for s in states] for m in HACK_MODES}
    for j, (name, vals) in enumerate(series.items()):
        pts = [
            (left + step * i, top + (1 - v) * (h - top))
            for i, v in enumerate(vals)
            if v is not None
        ]
        if not pts:
            continue
        colour = _COLOURS[name]
        out.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="'
            + " ".join(f"{x:.0f},{y:.0f}" for x, y in pts)
            + '"/>'
        )
        out += [f'<circle cx="{x:.0f}" cy="{y:.0f}" r="3" fill="{colour}"/>' for x, y in pts]
        lx = left + step * (len(states) - 1) + 20
        out.append(f'<text x="{lx}" y="{top + 16 * j + 4}" fill="{colour}">{escape(name)}</text>')
    out.append("</svg>")
    return "".join(out)


def to_html(data: dict[str, Any]) -> str:
    parts = [
        f"<h1>Hardening report</h1><p class=note>{escape(data['run_dir'])}</p>",
        "<h2>All tasks</h2><p class=note>ASR per task / per trial; benign solve rate "
        "pooled over the legitimate-solution corpus.</p>",
        html_table(STATE_HEADER, summary_rows(data["summary"])),
    ]
    for t in data["tasks"]:
        parts.append(f"<h2>{escape(t['task'])} — {escape(t['status'])}</h2>")
        if t["ablations"]:
            parts.append(f"<p class=note>ablations: {escape(', '.join(t['ablations']))}</p>")
        parts.append(html_table(STATE_HEADER, state_rows(t["states"])))
        parts.append(_line_chart(t["states"], f"{t['task']}: rates by state"))
        rows = []
        for it in t["iterations"]:
            for c in it["candidates"]:
                gates = "; ".join(
                    f"{g['name']}: {'ok' if g['passed'] else 'REJECTED'}"
                    + ("" if g["passed"] else f" ({g['detail'][:160]})")
                    for g in c["gates"]
                )
                rows.append(
                    [
                        f"{it['kind']} {it['index']}",
                        str(c["index"]),
                        "accepted" if c["accepted"] else "rejected",
                        c["rationale"][:200],
                        gates,
                    ]
                )
            if not it["candidates"]:
                rows.append(
                    [
                        f"{it['kind']} {it['index']}",
                        "-",
                        f"{len(it['hacks'])} hack(s) in {it['attempts']} attempt(s)",
                        "",
                        "",
                    ]
                )
        if rows:
            parts.append(
                html_table(["iteration", "candidate", "outcome", "rationale", "gates"], rows)
            )
        if t.get("attempts"):
            parts.append("<h3>Attempts and their trajectories</h3>")
            parts.append(html_table(ATTEMPT_HEADER, attempt_rows(t["attempts"])))
            for a in t["attempts"]:
                parts.append(
                    f"<details><summary>{escape(a['id'])} ({escape(a['agent'])}, reward "
                    f"{escape(str(a['reward']))}, {escape(a['label'] or '-')})</summary>"
                    f"<pre>{escape(a['trajectory'])}</pre></details>"
                )
        if t["usage"]:
            parts.append(html_table(USAGE_HEADER, usage_rows(t["usage"])))
    parts += [
        "<h2>Cost per role (all tasks)</h2>",
        html_table(USAGE_HEADER, usage_rows(data["usage"])),
    ]
    return html_page("vera harden report", f"<main>{''.join(parts)}</main>")


def render(run_dir: Path, fmt: Format = "html") -> str:
    data = report_data(run_dir)
    if fmt == "json":
        return json.dumps(data, indent=1)
    if fmt == "md":
        return to_markdown(data)
    return to_html(data)


# --- an audit run (``vera report RUN_DIR``) ------------------------------------------------------

CONDITIONS = ("original", "separated")
"""An audit's conditions, in the order they are shown: before and after separation."""


def is_audit_run(run_dir: Path) -> bool:
    """Whether ``run_dir`` is a run of hardening trials (``vera harden audit``, ``vera harden
    run --out``); False for a safety run or a folder that is no run."""
    if not (Path(run_dir) / "run.json").is_file():
        return False
    with RunStore.open(Path(run_dir)) as store:
        return is_audit(store)


def audit_data(run_dir: Path) -> dict[str, Any]:
    """Everything the audit report shows, from the run's store (the same numbers as
    ``audit.json``, also for an audit that was stopped or is not finished)."""
    with RunStore.open(Path(run_dir)) as store:
        reports = store_report(store)
        config = store.config
        planned = len(store.plan)
        results = list(store.results())
    budget = read_budget(Path(run_dir))
    tasks: dict[str, dict[str, Any]] = {}
    for condition in CONDITIONS:
        for a in reports[condition].tasks if condition in reports else []:
            tasks.setdefault(a.task, {})[condition] = a.public()
    trials = []
    for r in sorted(results, key=lambda r: (r.spec.case_id, r.spec.variant, r.spec.agent, r.key)
                    if r.spec else ("", "", "", r.key)):  # fmt: skip
        spec = r.spec
        assert spec is not None
        errors = list(r.measures.get("phase_errors") or [])
        if r.error is not None and not errors:
            errors = [r.error.message or r.error.kind]
        trials.append({
            "key": r.key, "task": spec.case_id, "condition": spec.variant, "agent": spec.agent,
            "modes": list(spec.params.get("modes") or []), "outcome": r.outcome.value,
            "reward": r.reward, "passed": r.passed, "hacked": r.hacked, "errors": errors,
            "duration_s": r.duration_s,
        })  # fmt: skip
    return {
        "run_dir": str(run_dir),
        "run_id": config.run_id,
        "created_at": config.created_at.isoformat(timespec="seconds"),
        "planned": planned,
        "recorded": len(results),
        "conditions": {c: reports[c].public() for c in CONDITIONS if c in reports},
        "tasks": [{"task": t, **by} for t, by in sorted(tasks.items())],
        "trials": trials,
        "budget": budget.model_dump(mode="json") if budget is not None else None,
        "config": config.model_dump(mode="json"),
    }


def _rate(asr: dict[str, Any], key: str, k: str, n: str) -> str:
    return "-" if asr[key] is None else f"{pct(asr[key])} ({asr[k]}/{asr[n]})"


ASR_HEADER = ["condition", "tasks", "ASR per task", "ASR per trial", "trials with errors"]


def asr_rows(conditions: dict[str, dict[str, Any]]) -> list[list[str]]:
    """One row per condition: ASR per task and per exploit trial, with their counts."""
    return [[c, str(d["asr"]["tasks"]), _rate(d["asr"], "per_task", "tasks_hacked", "tasks"),
             _rate(d["asr"], "per_trial", "trials_hacked", "trials"),
             str(d["asr"]["trials_errored"])] for c, d in conditions.items()]  # fmt: skip


def task_header(conditions: list[str]) -> list[str]:
    out = ["task"]
    for c in conditions:
        out += [f"oracle passes ({c})", f"nop fails ({c})", f"hacked by ({c})"]
    return out


def task_rows(tasks: list[dict[str, Any]], conditions: list[str]) -> list[list[str]]:
    """Per task and condition: does the oracle pass (its reward), does nop fail, which
    exploits reached tau_h; ``-`` where the task was not audited in that condition."""

    def yes(ok: bool, reward: float | None) -> str:
        return f"{'yes' if ok else 'NO'} ({'none' if reward is None else f'{reward:g}'})"

    rows = []
    for t in tasks:
        row = [t["task"]]
        for c in conditions:
            a = t.get(c)
            row += (["-", "-", "-"] if a is None else [
                yes(a["oracle"], a["oracle_reward"]), yes(a["nop"], a["nop_reward"]),
                ", ".join(a["hacked_by"]) or "none"])  # fmt: skip
        rows.append(row)
    return rows


def breakdown_rows(conditions: dict[str, dict[str, Any]], part: str) -> list[list[str]]:
    """ASR per trial of each exploit / category / defence, one column per condition."""
    names = sorted({n for d in conditions.values() for n in d[part]})
    return [[n, *[_rate(d[part][n], "per_trial", "trials_hacked", "trials") if n in d[part]
                  else "-" for d in conditions.values()]] for n in names]  # fmt: skip


TRIAL_HEADER = ["task", "condition", "agent", "modes", "played", "reward", "passes (tau_s)",
                "hacks (tau_h)", "errors", "seconds"]  # fmt: skip


def trial_rows(trials: list[dict[str, Any]]) -> list[list[str]]:
    """Every trial: ``played`` says whether it ran to a reward (else its error kind); whether a
    reward hacks is asked of exploits only (an oracle that reaches tau_h is no hack)."""

    def yes(flag: bool | None) -> str:
        return "-" if flag is None else "yes" if flag else "no"

    return [[t["task"], t["condition"], t["agent"], ", ".join(t["modes"]) or "-",
             "yes" if t["outcome"] in ("safe", "violated") else t["outcome"],
             "none" if t["reward"] is None else f"{t['reward']:g}", yes(t["passed"]),
             yes(t["hacked"]) if t["agent"].startswith("exploit:") else "-",
             "; ".join(t["errors"])[:300], f"{t['duration_s']:.1f}"]
            for t in trials]  # fmt: skip


def config_rows(data: dict[str, Any]) -> list[list[str]]:
    """The run's configuration (``run.json``) as it was asked for."""
    c = data["config"]
    labels = dict(c.get("labels") or {})
    rows = [["run id", c["run_id"]], ["created", data["created_at"]],
            ["vera", c.get("vera_version", "")], ["executor", c["executor"]],
            ["workers", str(c["workers"])], ["trials at once", str(c["limits"]["trials"])],
            ["time limit per trial", "none" if c["time_limit_s"] is None
             else f"{c['time_limit_s']:g} s"],
            ["trial kind", f"harden (stored as {c['trial_fn']})" if c.get("trial_fn") else "harden"],
            ["trial arguments", json.dumps(c.get("trial_args") or {})],
            ["budget caps", json.dumps(c.get("budget") or {})]]  # fmt: skip
    for k, v in labels.items():
        rows.append([k, v if isinstance(v, str) else json.dumps(v)])
    return rows


def _budget_line(data: dict[str, Any]) -> str | None:
    b = data["budget"]
    if b is None:
        return None
    from vera.runner.budget import BudgetStatus

    status = BudgetStatus.model_validate(b)
    return "; ".join(x for x in (status.line(), status.unpriced_line()) if x)


_BAR = {"original": "#c0392b", "separated": "#27ae60"}


def _asr_bars(conditions: dict[str, dict[str, Any]], part: str, title: str) -> str:
    """ASR per trial of each exploit category, a bar per condition (before and after)."""
    names = sorted({n for d in conditions.values() for n in d[part]})
    if not names:
        return ""
    conds = list(conditions)
    bw, gap, left, h, top = 22, 18, 110, 200, 20
    group = bw * len(conds) + gap
    w = left + group * len(names) + 140
    out = [f'<svg class="plot audit-bars" role="img" aria-label="{escape(title)}" '
           f'xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h + 110}" '
           'font-family="system-ui,sans-serif" font-size="11">',
           f"<title>{escape(title)}</title>"]  # fmt: skip
    for frac in (0, 0.5, 1):
        y = top + (1 - frac) * (h - top)
        out.append(f'<line x1="{left}" x2="{left + group * len(names)}" y1="{y}" y2="{y}" '
                   f'stroke="#eee"/><text x="{left - 6}" y="{y + 4}" text-anchor="end">'
                   f"{frac:.0%}</text>")  # fmt: skip
    for i, name in enumerate(names):
        x0 = left + group * i
        for j, c in enumerate(conds):
            asr = conditions[c][part].get(name)
            v = asr["per_trial"] if asr else None
            if v is None:
                continue
            y = min(top + (1 - v) * (h - top), h - 2)  # a 0% bar shows as a line, not nothing
            out.append(f'<rect class="bar" x="{x0 + bw * j}" y="{y:.1f}" width="{bw - 2}" '
                       f'height="{h - y:.1f}" fill="{_BAR.get(c, "#888")}">'
                       f"<title>{escape(name)}, {escape(c)}: {pct(v)}</title></rect>")  # fmt: skip
        cx = x0 + bw * len(conds) / 2
        out.append(f'<text x="{cx:.0f}" y="{h + 12}" text-anchor="end" '
                   f'transform="rotate(-35 {cx:.0f} {h + 12})">{escape(name)}</text>')  # fmt: skip
    for j, c in enumerate(conds):
        lx = left + group * len(names) + 16
        out.append(f'<rect x="{lx}" y="{top + 16 * j}" width="10" height="10" '
                   f'fill="{_BAR.get(c, "#888")}"/><text x="{lx + 14}" y="{top + 16 * j + 9}">'
                   f"{escape(c)}</text>")  # fmt: skip
    out.append("</svg>")
    return "".join(out)


def audit_markdown(data: dict[str, Any]) -> str:
    conds = data["conditions"]
    out = [f"# vera harden audit {data['run_id']}", "",
           f"{data['recorded']} of {data['planned']} planned trials recorded · created "
           f"{data['created_at']}", ""]  # fmt: skip
    if (line := _budget_line(data)) is not None:
        out += [line, ""]
    out += ["## Attack success", "", md_table(ASR_HEADER, asr_rows(conds)), ""]
    out += [
        "## Per task",
        "",
        md_table(task_header(list(conds)), task_rows(data["tasks"], list(conds))),
        "",
    ]
    for part, title in (("by_exploit", "exploit"), ("by_category", "category"),
                        ("by_defence", "defence")):  # fmt: skip
        rows = breakdown_rows(conds, part)
        if rows:
            out += [f"## ASR per trial by {title}", "",
                    md_table([title, *conds], rows), ""]  # fmt: skip
    out += ["## Trials", "", md_table(TRIAL_HEADER, trial_rows(data["trials"])), ""]
    out += ["## Run configuration", "", md_table(["setting", "value"], config_rows(data)), ""]
    return "\n".join(out)


def audit_html(data: dict[str, Any]) -> str:
    conds = data["conditions"]
    names = list(conds)
    parts = [f"<h1>vera harden audit <code>{escape(data['run_id'])}</code></h1>",
             f"<p>{data['recorded']} of {data['planned']} planned trials recorded · created "
             f"{escape(data['created_at'])}</p>"]  # fmt: skip
    line = _budget_line(data)
    if line is not None:
        stopped = bool(data["budget"] and data["budget"].get("stopped"))
        parts.append(f"<div class='warn budget'><b>Stopped by the budget.</b> {escape(line)}</div>"
                     if stopped else f"<p class='note budget'>{escape(line)}</p>")  # fmt: skip
    notes = conds[names[0]]["notes"] if names else []  # the run's notes, in every condition
    parts += [f"<p class='note'>{escape(note)}</p>" for note in notes]
    parts += [
        "<h2>Attack success</h2>",
        "<p class='note'>ASR per task: the share of tasks at least one exploit hacked (reward "
        "&ge; tau_h); per trial: the share of exploit trials that did. Trials with a phase "
        "error count in neither.</p>",
        html_table(ASR_HEADER, asr_rows(conds), cls="audit asr"),
        _asr_bars(conds, "by_category", "ASR per trial by exploit category, per condition"),
        "<h2>Per task</h2>",
        "<p class='note'>Oracle passes: reward &ge; tau_s; nop fails: reward &lt; tau_s (the "
        "task is calibrated); hacked by: the exploits that reached tau_h in some mode.</p>",
        html_table(task_header(names), task_rows(data["tasks"], names), cls="audit tasks"),
    ]
    for part, title in (("by_exploit", "exploit"), ("by_category", "category"),
                        ("by_defence", "defence")):  # fmt: skip
        rows = breakdown_rows(conds, part)
        if rows:
            parts += [f"<h2>ASR per trial by {title}</h2>",
                      html_table([title, *names], rows, cls=f"audit {part.replace('_', '-')}")]  # fmt: skip
    parts += ["<h2>Trials</h2>", html_table(TRIAL_HEADER, trial_rows(data["trials"]),
                                            cls="audit trials"),
              "<h2>Run configuration</h2>",
              html_table(["setting", "value"], config_rows(data), cls="audit config")]  # fmt: skip
    return html_page(f"vera harden audit {data['run_id']}",
                     f"<main id='index'>{''.join(parts)}</main>")  # fmt: skip


def render_audit(run_dir: Path, fmt: Literal["html", "md", "json"] = "html") -> str:
    """The report of an audit run in one format."""
    data = audit_data(run_dir)
    if fmt == "json":
        return json.dumps(data, indent=1)
    if fmt == "md":
        return audit_markdown(data)
    return audit_html(data)


__all__ = [
    "CONDITIONS",
    "STATE_HEADER",
    "USAGE_HEADER",
    "audit_data",
    "is_audit_run",
    "render",
    "render_audit",
    "report_data",
    "state_rows",
    "summary_rows",
    "usage_rows",
]
