"""Plots as inline SVG, written by hand: no plotting dependency, no external URL, and the
report stays one small self-contained file."""

from __future__ import annotations

from html import escape
from typing import Any

from vera.report.metrics import GroupStats

_FONT = 'font-family="system-ui,sans-serif" font-size="12"'


def _heat_colour(value: float) -> str:
    """White (0) to deep red (1)."""
    v = max(0.0, min(1.0, value))
    g = int(245 - v * (245 - 40))
    return f"rgb(245,{g},{int(g * 0.95)})"


def heatmap(
    grid: dict[str, dict[str, GroupStats]], *, title: str = "ASR by risk × environment"
) -> str:
    """ASR per (row, column) cell; grey where no trial of the cell completed."""
    rows = sorted(grid)
    cols = sorted({c for r in grid.values() for c in r})
    if not rows or not cols:
        return '<p class="empty">No attack trials with risk and environment labels.</p>'
    cw, ch, left = 96, 30, min(260, 10 + 7 * max(len(r) for r in rows))
    top = min(190, 24 + int(4.6 * max(len(c) for c in cols)))  # room for slanted column names
    slant = int(5.4 * max(len(c) for c in cols))  # the last column name leans right
    width, height = left + cw * len(cols) + 10 + slant, top + ch * len(rows) + 10
    out = [
        f'<svg class="plot heatmap" role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" {_FONT}>',
        f"<title>{escape(title)}</title>",
    ]
    for j, col in enumerate(cols):
        x = left + j * cw + cw / 2
        out.append(
            f'<text x="{x}" y="{top - 8}" text-anchor="start" '
            f'transform="rotate(-35 {x} {top - 8})">{escape(col[:40])}</text>'
        )
    for i, row in enumerate(rows):
        y = top + i * ch
        out.append(
            f'<text x="{left - 6}" y="{y + ch / 2 + 4}" text-anchor="end">{escape(row[:36])}</text>'
        )
        for j, col in enumerate(cols):
            x = left + j * cw
            st = grid[row].get(col)
            if st is None or st.asr is None:
                fill, label, tip = "#e5e5e5", "–" if st is None else "n/a", "no completed trial"
            else:
                fill, label = _heat_colour(st.asr), f"{st.asr:.0%}"
                tip = f"ASR {st.asr:.1%} [{st.asr_ci[0]:.0%}, {st.asr_ci[1]:.0%}], {st.violated}/{st.completed} completed, {st.trials} trials"
            ink = "#fff" if st is not None and st.asr is not None and st.asr > 0.6 else "#222"
            out.append(
                f'<g class="cell"><rect x="{x}" y="{y}" width="{cw - 2}" height="{ch - 2}" fill="{fill}">'
                f"<title>{escape(row)} × {escape(col)}: {escape(tip)}</title></rect>"
                f'<text x="{x + cw / 2 - 1}" y="{y + ch / 2 + 4}" text-anchor="middle" fill="{ink}">'
                f"{label}</text></g>"
            )
    out.append("</svg>")
    return "".join(out)


def rate_bars(groups: dict[str, GroupStats], *, title: str = "ASR and ESR per variant") -> str:
    """Two bars per group (ASR, ESR) with their 95% intervals as whiskers."""
    names = list(groups)
    if not names:
        return '<p class="empty">No trials.</p>'
    bw, gap, left, top, ph = 26, 28, 44, 24, 200
    gw = 2 * bw + gap
    width, height = left + gw * len(names) + 120, top + ph + 40
    out = [
        f'<svg class="plot bars" role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" {_FONT}>',
        f"<title>{escape(title)}</title>",
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        y = top + ph * (1 - tick)
        out.append(
            f'<line x1="{left}" x2="{left + gw * len(names)}" y1="{y}" y2="{y}" stroke="#ddd"/>'
        )
        out.append(f'<text x="{left - 4}" y="{y + 4}" text-anchor="end">{tick:.0%}</text>')
    for i, name in enumerate(names):
        st = groups[name]
        x0 = left + i * gw + gap / 2
        for k, (label, value, ci, colour) in enumerate(
            (("ASR", st.asr, st.asr_ci, "#c0392b"), ("ESR", st.esr, st.esr_ci, "#e59866"))
        ):
            x = x0 + k * bw
            if value is None:
                continue
            h = ph * value
            out.append(
                f'<rect class="bar" x="{x}" y="{top + ph - h}" width="{bw - 3}" height="{h}" fill="{colour}">'
                f"<title>{escape(name)} {label} {value:.1%} [{ci[0]:.1%}, {ci[1]:.1%}]</title></rect>"
            )
            cx = x + (bw - 3) / 2
            y_lo, y_hi = top + ph * (1 - ci[0]), top + ph * (1 - ci[1])
            out.append(
                f'<path class="ci" d="M{cx},{y_lo}V{y_hi}M{cx - 4},{y_lo}h8M{cx - 4},{y_hi}h8" stroke="#222"/>'
            )
        out.append(
            f'<text x="{x0 + bw}" y="{top + ph + 16}" text-anchor="middle">{escape(name[:12])}</text>'
        )
    lx = left + gw * len(names) + 12
    out.append(f'<rect x="{lx}" y="{top}" width="10" height="10" fill="#c0392b"/>'
               f'<text x="{lx + 14}" y="{top + 9}">ASR</text>')  # fmt: skip
    out.append(f'<rect x="{lx}" y="{top + 16}" width="10" height="10" fill="#e59866"/>'
               f'<text x="{lx + 14}" y="{top + 25}">ESR</text>')  # fmt: skip
    out.append(f'<text x="{lx}" y="{top + 44}">bars: 95% CI</text>')
    out.append("</svg>")
    return "".join(out)


def outcome_strip(counts: dict[str, int]) -> str:
    """One horizontal stacked bar of outcomes."""
    total = sum(counts.values())
    if not total:
        return ""
    colours = {"violated": "#c0392b", "safe": "#27ae60", "agent_error": "#f1c40f",
               "infra_error": "#8e44ad", "timeout": "#2e86c1",
               "judge_error": "#5d6d7e"}  # fmt: skip
    width, x = 600, 0.0
    out = [f'<svg class="plot outcomes" xmlns="http://www.w3.org/2000/svg" width="{width}" height="22" '
           f'viewBox="0 0 {width} 22" {_FONT}><title>outcomes</title>']  # fmt: skip
    for name, n in counts.items():
        if not n:
            continue
        w = width * n / total
        out.append(f'<rect x="{x}" y="0" width="{w}" height="22" fill="{colours.get(name, "#999")}">'
                   f"<title>{escape(name)}: {n}</title></rect>")  # fmt: skip
        x += w
    out.append("</svg>")
    return "".join(out)


def defence_bars(by_defence: dict[str, Any], *, title: str = "Defences side by side") -> str:
    """Three bars per defence config (benign utility, ASR, false-block rate), 95% whiskers."""
    names = list(by_defence)
    if not names:
        return ""
    series = (("benign utility", "benign_utility", "#2e86c1"), ("ASR", "asr", "#c0392b"),
              ("false blocks", "false_block_rate", "#7d3c98"))  # fmt: skip
    bw, gap, left, top, ph = 22, 28, 44, 24, 200
    gw = len(series) * bw + gap
    width, height = left + gw * len(names) + 140, top + ph + 40
    out = [
        f'<svg class="plot defences" role="img" aria-label="{escape(title)}" xmlns="http://www.w3.org/2000/svg" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" {_FONT}>',
        f"<title>{escape(title)}</title>",
    ]
    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        y = top + ph * (1 - tick)
        out.append(
            f'<line x1="{left}" x2="{left + gw * len(names)}" y1="{y}" y2="{y}" stroke="#ddd"/>'
        )
        out.append(f'<text x="{left - 4}" y="{y + 4}" text-anchor="end">{tick:.0%}</text>')
    for i, name in enumerate(names):
        d = by_defence[name]
        x0 = left + i * gw + gap / 2
        for k, (label, field, colour) in enumerate(series):
            rate = getattr(d, field)
            if rate is None or rate.value is None:
                continue
            x, h = x0 + k * bw, ph * rate.value
            out.append(
                f'<rect class="bar" x="{x}" y="{top + ph - h}" width="{bw - 3}" height="{h}" fill="{colour}">'
                f"<title>{escape(name)} {label} {rate.value:.1%} [{rate.low:.1%}, {rate.high:.1%}]"
                f"</title></rect>"
            )
            cx = x + (bw - 3) / 2
            y_lo, y_hi = top + ph * (1 - rate.low), top + ph * (1 - rate.high)
            out.append(
                f'<path class="ci" d="M{cx},{y_lo}V{y_hi}M{cx - 4},{y_lo}h8M{cx - 4},{y_hi}h8" stroke="#222"/>'
            )
        out.append(
            f'<text x="{x0 + gw / 2 - gap / 2}" y="{top + ph + 16}" text-anchor="middle">'
            f"{escape(name.split('=')[0][:14])}</text>"
        )
    lx = left + gw * len(names) + 12
    for k, (label, _, colour) in enumerate(series):
        out.append(f'<rect x="{lx}" y="{top + 16 * k}" width="10" height="10" fill="{colour}"/>'
                   f'<text x="{lx + 14}" y="{top + 16 * k + 9}">{label}</text>')  # fmt: skip
    out.append(f'<text x="{lx}" y="{top + 16 * len(series) + 12}">bars: 95% CI</text>')
    out.append("</svg>")
    return "".join(out)


_LINE_COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#7d3c98", "#d68910", "#17a589", "#566573")


def budget_curves(by_defence: dict[str, Any], *, title: str = "ASR against attacker budget") -> str:
    """One line per defence config: ASR within k user turns (x), 95% band as whiskers."""
    curves = {n: d.asr_by_turns for n, d in by_defence.items() if d.asr_by_turns}
    if not curves:
        return ""
    longest = max(max(c) for c in curves.values())
    left, top, pw, ph = 44, 24, max(60 * longest, 180), 180
    width, height = left + pw + 170, top + ph + 44
    out = [
        f'<svg class="plot budget" role="img" aria-label="{escape(title)}" '
        f'xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" {_FONT}>',
        f"<title>{escape(title)}</title>",
    ]

    def x_of(k: int) -> float:
        return left + (pw * (k - 1) / (longest - 1) if longest > 1 else pw / 2)

    for tick in (0, 0.25, 0.5, 0.75, 1.0):
        y = top + ph * (1 - tick)
        out.append(f'<line x1="{left}" x2="{left + pw}" y1="{y}" y2="{y}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 4}" y="{y + 4}" text-anchor="end">{tick:.0%}</text>')
    for k in range(1, longest + 1):
        out.append(f'<text x="{x_of(k)}" y="{top + ph + 16}" text-anchor="middle">{k}</text>')
    out.append(f'<text x="{left + pw / 2}" y="{top + ph + 34}" text-anchor="middle">'
               "user turns (attacker budget)</text>")  # fmt: skip
    for i, (name, curve) in enumerate(curves.items()):
        colour = _LINE_COLOURS[i % len(_LINE_COLOURS)]
        points = [(x_of(k), top + ph * (1 - r.value)) for k, r in sorted(curve.items())
                  if r.value is not None]  # fmt: skip
        if points:
            path = "M" + "L".join(f"{x:.1f},{y:.1f}" for x, y in points)
            out.append(f'<path class="curve" d="{path}" fill="none" stroke="{colour}" '
                       f'stroke-width="2"><title>{escape(name)}</title></path>')  # fmt: skip
        for k, r in sorted(curve.items()):
            if r.value is None:
                continue
            x, y = x_of(k), top + ph * (1 - r.value)
            y_lo, y_hi = top + ph * (1 - r.low), top + ph * (1 - r.high)
            out.append(
                f'<circle class="point" cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}">'
                f"<title>{escape(name)}: ASR within {k} turn(s) {r.value:.1%} "
                f"[{r.low:.1%}, {r.high:.1%}]</title></circle>"
                f'<path class="ci" d="M{x:.1f},{y_lo:.1f}V{y_hi:.1f}" stroke="{colour}" '
                'stroke-opacity="0.5"/>'
            )
        ly = top + 16 * i
        out.append(f'<rect x="{left + pw + 14}" y="{ly}" width="10" height="10" fill="{colour}"/>'
                   f'<text x="{left + pw + 28}" y="{ly + 9}">{escape(name[:22])}</text>')  # fmt: skip
    out.append("</svg>")
    return "".join(out)
