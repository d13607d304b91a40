"""Two runs side by side (``vera report RUN_A --against RUN_B``).

A comparison is only fair over the same work: both runs are cut down to the trials of the case
versions and variants they share (same ``case_hash``: an edited case is another case), and what
was left out is said. Within that, each dimension (variant, target, defence, risk, environment,
attack) gets a row per group with both ASRs, their difference A − B with Newcombe's 95% interval,
and both benign utilities, so a lower ASR that comes with a collapsed utility is visible.
"""

from __future__ import annotations

import json
from html import escape

from pydantic import Field

from vera.pages import STYLE, html_table, md_table
from vera.records import Record
from vera.report.load import RunData
from vera.report.metrics import Delta, GroupStats, compute, delta
from vera.report.tables import ci, pct, rate
from vera.runner.spec import TrialResult

DIMENSIONS = (
    ("variant", "by_variant"),
    ("target (agent / model)", "by_target"),
    ("risk (attack variants)", "by_risk"),
    ("environment (attack variants)", "by_environment"),
    ("attack method (attack variants)", "by_attack"),
)


class CompareRow(Record):
    group: str
    a: GroupStats | None
    b: GroupStats | None
    delta: Delta | None
    """A − B; None when a side has no trials in this group."""


class Comparison(Record):
    a: str
    b: str
    shared: int
    """(case version, variant) pairs both runs have trials of."""
    only_a: int
    """Trials of run A left out (their case version or variant is not in run B)."""
    only_b: int
    overall: CompareRow
    dimensions: dict[str, list[CompareRow]] = Field(default_factory=dict)
    by_defence: list[CompareRow] = Field(default_factory=list)


def _pair(r: TrialResult) -> tuple[str, str]:
    assert r.spec is not None
    return (r.spec.case_hash, r.spec.variant)


def _rows(ga: dict[str, GroupStats], gb: dict[str, GroupStats], a: str, b: str) -> list[CompareRow]:
    out = []
    for name in sorted(set(ga) | set(gb)):
        sa, sb = ga.get(name), gb.get(name)
        d = delta(a, sa, b, sb) if sa is not None and sb is not None else None
        out.append(CompareRow(group=name, a=sa, b=sb, delta=d))
    return out


def _defence_groups(results: list[TrialResult]) -> dict[str, GroupStats]:
    groups: dict[str, list[TrialResult]] = {}
    for r in results:
        assert r.spec is not None
        groups.setdefault(r.spec.defence, []).append(r)
    return {k: GroupStats.of(v) for k, v in groups.items()}


def compare_runs(a: RunData, b: RunData) -> Comparison:
    """A against B over the (case version, variant) pairs both ran."""
    ra = [r for r in a.results if r.spec is not None]
    rb = [r for r in b.results if r.spec is not None]
    shared = {_pair(r) for r in ra} & {_pair(r) for r in rb}
    ka = [r for r in ra if _pair(r) in shared]
    kb = [r for r in rb if _pair(r) in shared]
    ma, mb = compute(ka), compute(kb)
    name_a, name_b = a.config.run_id, b.config.run_id
    if name_a == name_b:
        name_a, name_b = f"A {name_a}", f"B {name_b}"
    return Comparison(
        a=name_a,
        b=name_b,
        shared=len(shared),
        only_a=len(ra) - len(ka),
        only_b=len(rb) - len(kb),
        overall=CompareRow(
            group="all",
            a=ma.overall,
            b=mb.overall,
            delta=delta(name_a, ma.overall, name_b, mb.overall) if ka and kb else None,
        ),
        dimensions={
            title: _rows(getattr(ma, field), getattr(mb, field), name_a, name_b)
            for title, field in DIMENSIONS
        },
        by_defence=_rows(_defence_groups(ka), _defence_groups(kb), name_a, name_b),
    )


HEADER = ["", "trials A", "trials B", "ASR A", "ASR B", "Δ ASR (A − B) [95% CI]",
          "benign utility A", "benign utility B"]  # fmt: skip


def _cells(row: CompareRow) -> list[str]:
    def side(st: GroupStats | None, what: str) -> str:
        if st is None:
            return "–"
        if what == "trials":
            return str(st.trials)
        if what == "asr":
            return f"{pct(st.asr)} ({st.violated}/{st.completed})"
        return rate(st.utility, interval=False)

    d = row.delta
    change = "–" if d is None or d.asr is None else f"{d.asr:+.1%} {ci(d.asr_ci)}".strip()
    return [row.group, side(row.a, "trials"), side(row.b, "trials"), side(row.a, "asr"),
            side(row.b, "asr"), change, side(row.a, "utility"), side(row.b, "utility")]  # fmt: skip


def _intro(c: Comparison) -> str:
    return (
        f"Run A {c.a} against run B {c.b}, over the {c.shared} (case version, variant) pair(s) "
        f"both ran; left out: {c.only_a} trial(s) of A, {c.only_b} of B (case edited, or not "
        "in the other run). Δ ASR = A − B with Newcombe's 95% interval: an interval that "
        "contains 0 is no evidence of a difference."
    )


def _sections(c: Comparison) -> list[tuple[str, list[CompareRow]]]:
    out = [("Overall", [c.overall])]
    if len(c.by_defence) > 1 or any(r.group != "none" for r in c.by_defence):
        out.append(("By defence", c.by_defence))
    out += [(f"By {title}", rows) for title, rows in c.dimensions.items() if rows]
    return out


def comparison_markdown(c: Comparison) -> str:
    out = [f"# vera runs compared: {c.a} vs {c.b}", "", _intro(c), ""]
    for title, rows in _sections(c):
        out += [f"## {title}", "", md_table(HEADER, [_cells(r) for r in rows]), ""]
    return "\n".join(out)


def comparison_html(c: Comparison) -> str:
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>vera runs compared: {escape(c.a)} vs {escape(c.b)}</title>",
        f"<style>{STYLE}</style></head><body><main>",
        f"<h1>vera runs compared: <code>{escape(c.a)}</code> vs <code>{escape(c.b)}</code></h1>",
        f"<p class='note'>{escape(_intro(c))}</p>",
    ]
    for title, rows in _sections(c):
        parts += [f"<h2>{escape(title)}</h2>",
                  html_table(HEADER, [_cells(r) for r in rows], cls="stats compare")]  # fmt: skip
    parts.append("</main></body></html>")
    return "".join(parts)


def render_comparison(c: Comparison, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(c.model_dump(mode="json"), indent=2)
    if fmt == "md":
        return comparison_markdown(c)
    if fmt == "html":
        return comparison_html(c)
    raise ValueError(f"a comparison is written as html, md or json, not {fmt!r}")


__all__ = ["CompareRow", "Comparison", "compare_runs", "render_comparison"]
