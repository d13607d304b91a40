"""Metrics with intervals and reports (HTML, Markdown, JSON, CSV) of a run directory."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from vera.report.load import RunData, load_run
from vera.report.metrics import GroupStats, Metrics, OpenFindings, Rate, compute, wilson

Format = Literal["html", "md", "json", "csv"]
SUFFIX: dict[str, str] = {"html": "report.html", "md": "report.md", "json": "report.json",
                          "csv": "trials.csv"}  # fmt: skip


def render(data: RunData, fmt: Format, *, max_detail: int = 200) -> str:
    """The report of a loaded run in one format."""
    from vera.report.html import render_html
    from vera.report.tables import to_csv, to_json, to_markdown

    if fmt == "html":
        return render_html(data, max_detail=max_detail)
    if fmt == "md":
        return to_markdown(data)
    if fmt == "json":
        return to_json(data)
    if fmt == "csv":
        return to_csv(data)
    raise ValueError(f"unknown report format {fmt!r}")


def write_report(run_dir: Path, fmt: Format = "html", out: Path | None = None,
                 *, max_detail: int = 200,
                 findings: dict[str, OpenFindings] | None = None) -> Path:  # fmt: skip
    """Render and write the report (default: ``RUN_DIR/report.html`` etc.); return its path."""
    from vera.runner.store import write_atomic

    text = render(load_run(run_dir, findings), fmt, max_detail=max_detail)
    path = out or Path(run_dir) / SUFFIX[fmt]
    write_atomic(path, text)
    return path


__all__ = ["GroupStats", "Metrics", "OpenFindings", "Rate", "RunData", "compute", "load_run", "render",
           "wilson", "write_report"]  # fmt: skip
