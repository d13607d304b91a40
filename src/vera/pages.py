"""The pieces every HTML and Markdown page of vera shares: one style sheet, tables, the page
around them.

The safety report (:mod:`vera.report.html`, ``vera report``), the comparison of two runs, the
audit report and the hardening loop's report (:mod:`vera.harden.reporting`) all look alike
because they are built from these. It sits below both pillars and the report (they are
siblings and import nothing from each other), and knows nothing of what a page shows.
"""

from __future__ import annotations

from html import escape

STYLE = """
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
main,section.trial{max-width:1100px;margin:0 auto;padding:16px 24px;background:#fff}
section.trial{display:none}
section.trial:target{display:block}
body:has(section.trial:target) main{display:none}
h1{font-size:22px}h2{font-size:17px;margin-top:28px;border-bottom:1px solid #eee}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ddd;padding:3px 8px;
text-align:left;vertical-align:top}th{background:#f3f3f3}
.o-violated{color:#c0392b;font-weight:600}.o-safe{color:#27ae60}.o-agent_error,.o-infra_error,
.o-timeout,.o-judge_error{color:#8e44ad}.rule-only{color:#9a6700}
pre{white-space:pre-wrap;word-break:break-word;background:#f6f6f6;padding:6px;margin:4px 0;
max-height:360px;overflow:auto}
.turn{border-left:3px solid #ccc;padding-left:10px;margin:10px 0}
.user{color:#1f4e79}.injected{background:#fdecea}.note{color:#777}
.plot{display:block;margin:8px 0}
.warn{background:#fff4e5;border:1px solid #f0b429;padding:6px 10px;margin:8px 0}
.cut{color:#9a6700;font-style:italic}
"""


def html_table(
    header: list[str] | None, rows: list[list[str]], *, raw: bool = False, cls: str = ""
) -> str:
    """An HTML table; cells are escaped unless ``raw`` (they hold markup the caller built)."""
    head = "".join(f"<th>{escape(h)}</th>" for h in header or [])
    body = "".join(
        "<tr>" + "".join(f"<td>{c if raw else escape(c)}</td>" for c in row) + "</tr>"
        for row in rows
    )
    attr = f" class='{escape(cls)}'" if cls else ""
    return f"<table{attr}>{f'<tr>{head}</tr>' if head else ''}{body}</table>"


def md_table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown (GitHub) table; a ``|`` in a cell is escaped."""

    def line(cells: list[str]) -> str:
        return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"

    return "\n".join([line(header), "|" + "---|" * len(header), *[line(r) for r in rows]])


def html_page(title: str, body: str) -> str:
    """A whole self-contained page: the style sheet inline, no script, no external URL."""
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>{body}</body></html>"
    )


__all__ = ["STYLE", "html_page", "html_table", "md_table"]
