"""``vera harden report DIR``: the metrics of a hardening run as JSON, Markdown or HTML.

Per task and across tasks: benign solve rate and unhinted / hinted / verifier-aware ASR (per
task and per trial) at Before, AutoSep and After and by iteration; the gates of every fixer
candidate; tokens and USD per role. The HTML page uses the style of ``vera report`` (one
self-contained file, inline CSS and SVG).
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any, Literal

from vera.harden.metrics import summarize_runs
from vera.harden.records import TaskRun, load_attempts, load_runs
from vera.harden.roles import HACK_MODES
from vera.harden.trajectory import render as render_trajectory
from vera.pages import html_page, html_table, md_table

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
            parts.append(html_table(["iteration", "candidate", "outcome", "rationale", "gates"], rows))
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
    parts += ["<h2>Cost per role (all tasks)</h2>", html_table(USAGE_HEADER, usage_rows(data["usage"]))]
    return html_page("vera harden report", f"<main>{''.join(parts)}</main>")


def render(run_dir: Path, fmt: Format = "html") -> str:
    data = report_data(run_dir)
    if fmt == "json":
        return json.dumps(data, indent=1)
    if fmt == "md":
        return to_markdown(data)
    return to_html(data)


__all__ = [
    "STATE_HEADER",
    "USAGE_HEADER",
    "render",
    "report_data",
    "state_rows",
    "summary_rows",
    "usage_rows",
]
