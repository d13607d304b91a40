"""The bench's coverage page (``vera cases stats --html``): the risk × environment matrix as a
heatmap of base-scenario counts, the counts per dimension, world sizes and the gaps.

Self-contained like the run report: inline SVG, no script, no external URL.
"""

from __future__ import annotations

from html import escape
from typing import Any

_FONT = 'font-family="system-ui,sans-serif" font-size="12"'


def _fill(n: int, goal: int) -> str:
    if n == 0:
        return "#f1f1f1"
    if n < goal:
        return "rgb(250,205,160)"  # below the goal: orange
    shade = max(80, 215 - 20 * (n - goal))
    return f"rgb({shade - 40},{shade + 20},{shade - 40})"  # at or above: green, deeper with more


def count_heatmap(matrix: dict[str, dict[str, int]], *, goal: int, title: str) -> str:
    """Counts per (row, column), rows annotated with their totals; rows below ``goal`` in total
    are marked."""
    rows = sorted(matrix)
    cols = sorted({c for r in matrix.values() for c in r})
    if not rows or not cols:
        return '<p class="empty">No cases.</p>'
    cw, ch = 34, 16
    left = 10 + 7 * max(len(r) for r in rows) + 40
    top = 20 + int(5 * max(len(c) for c in cols))
    width, height = left + cw * len(cols) + 20, top + ch * len(rows) + 10
    out = [
        f'<svg class="plot coverage" role="img" aria-label="{escape(title)}" '
        f'xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" {_FONT}>',
        f"<title>{escape(title)}</title>",
    ]
    for j, col in enumerate(cols):
        x = left + j * cw + cw / 2
        out.append(
            f'<text x="{x}" y="{top - 6}" transform="rotate(-60 {x} {top - 6})">{escape(col)}</text>'
        )
    for i, row in enumerate(rows):
        y = top + i * ch
        total = sum(matrix[row].values())
        mark = "#b00" if total < goal else "#222"
        out.append(
            f'<text x="{left - 44}" y="{y + ch - 4}" text-anchor="end" fill="{mark}">'
            f"{escape(row)}</text>"
            f'<text x="{left - 6}" y="{y + ch - 4}" text-anchor="end" fill="{mark}">{total}</text>'
        )
        for j, col in enumerate(cols):
            n = matrix[row].get(col, 0)
            x = left + j * cw
            out.append(
                f'<g class="cell"><rect x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" '
                f'fill="{_fill(n, 1)}"><title>{escape(row)} × {escape(col)}: {n}</title></rect>'
                + (
                    f'<text x="{x + cw / 2}" y="{y + ch - 4}" text-anchor="middle">{n}</text>'
                    if n
                    else ""
                )
                + "</g>"
            )
    out.append("</svg>")
    return "".join(out)


def _table(title: str, counts: dict[str, int], goal: int | None = None) -> str:
    rows = "".join(
        f'<tr class="{"short" if goal is not None and n < goal else ""}"><td>{escape(k)}</td>'
        f"<td>{n}</td></tr>"
        for k, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    head = f" (goal: {goal})" if goal is not None else ""
    return f"<section><h2>{escape(title)}{head}</h2><table>{rows}</table></section>"


def coverage_html(stats: dict[str, Any]) -> str:
    """The whole page from ``BenchStats.model_dump()``."""
    goals = stats["goals"]
    gaps = "".join(
        f"<li><b>{escape(k)}</b>: {len(v)}{': ' + escape(', '.join(v)) if v else ''}</li>"
        for k, v in stats["gaps"].items()
    )
    worlds = "".join(
        f"<tr><td>{escape(w['world'])}</td><td>{escape(w['environment'])}</td><td>{w['cases']}</td>"
        f"<td>{escape(', '.join(f'{n} {k}' for k, n in w['items'].items()))}</td></tr>"
        for w in stats["worlds"]
    )
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>vera bench coverage</title><style>
body{{font-family:system-ui,sans-serif;margin:2em;color:#222}} table{{border-collapse:collapse}}
td{{border:1px solid #ddd;padding:2px 8px}} tr.short td{{background:#fde2c8}}
section{{display:inline-block;vertical-align:top;margin:0 2em 1em 0}}
</style></head><body>
<h1>vera bench coverage</h1>
<p class="totals">{stats["base_scenarios"]} base scenarios (goal {goals["base_scenarios"]}),
{stats["cases"]} cases (benign, single-, multi-channel), {stats["harm_invariants"]} harm
invariants (goal {goals["harm_invariants"]}), {len(stats["by_world"])} shared worlds.</p>
<h2>Gaps</h2><ul class="gaps">{gaps}</ul>
<h2>Risk × environment (base scenarios)</h2>
{count_heatmap(stats["matrix"], goal=goals["per_risk_leaf"], title="Base scenarios per risk leaf and environment leaf")}
{_table("Environment leaves", stats["by_environment"], goals["per_environment"])}
{_table("Attack leaves", stats["by_attack"], goals["per_attack"])}
{_table("Harm invariants", stats["by_harm"])}
{_table("Shared worlds", stats["by_world"])}
<section><h2>World sizes</h2><table><tr><td>world</td><td>environment</td><td>cases</td>
<td>what its setup holds</td></tr>{worlds}</table></section>
</body></html>
"""


__all__ = ["count_heatmap", "coverage_html"]
