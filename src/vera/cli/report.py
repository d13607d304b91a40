"""``vera report RUN_DIR [--format html|md|json|csv|atif]``: metrics and evidence of a run."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from vera.cli.common import console, err_console, fail


def register(app: typer.Typer) -> None:
    """Add the top-level ``report`` command."""

    @app.command("report")
    def report(
        run_dir: Annotated[
            Path, typer.Argument(help="A run directory (holds run.json, run.sqlite).")
        ],
        fmt: Annotated[
            str,
            typer.Option(
                "--format", "-f",
                help="html, md, json, csv, or atif (every trial as an ATIF v1.8 trajectory, "
                "in RUN_DIR/atif/ or --out DIR).",
            ),
        ] = "html",
        out: Annotated[
            Path | None,
            typer.Option(
                "--out", "-o", help="Where to write ('-' for stdout); default: in RUN_DIR."
            ),
        ] = None,
        max_detail: Annotated[
            int, typer.Option("--max-detail", help="Trials with a detail page in the HTML report.")
        ] = 200,
        corpus: Annotated[
            Path | None,
            typer.Option(
                "--corpus",
                help="A findings corpus (vera cases harden --corpus DIR): its trajectories are "
                "replayed against each case's current verifier, and ASRs over cases whose "
                "verifier still misses harms are marked as lower bounds (>=).",
            ),
        ] = None,
        against: Annotated[
            Path | None,
            typer.Option(
                "--against",
                help="Compare with this run instead: both cut to the case versions and variants "
                "they share, ASR A − B with 95% intervals per variant, target, defence, risk, "
                "environment and attack (written to RUN_DIR/compare.html|md|json).",
            ),
        ] = None,
    ) -> None:
        """Write the report of a run: ASR/ESR with intervals, breakdowns, per-trial evidence.

        A hardening audit (vera harden audit) is reported as an audit: per task the oracle,
        nop and the exploits that hacked it before and after separation, ASR per exploit,
        category and defence, every trial, the run's configuration."""
        from vera.report import SUFFIX, load_run, render, write_report

        if fmt == "atif":
            _atif(run_dir, out, against, corpus)
            return
        if fmt not in SUFFIX:
            fail(f"unknown format {fmt!r}: use html, md, json, csv or atif")
        if against is not None:
            _compare(run_dir, against, fmt, out)
            return
        if fmt != "csv" and _is_audit(run_dir):
            if corpus is not None:
                fail("--corpus bounds the ASRs of a safety run; this run is a hardening audit")
            _audit(run_dir, fmt, out)
            return
        if corpus is not None and not corpus.is_dir():
            fail(f"--corpus {corpus}: not a directory")
        try:
            findings = _open_findings(run_dir, corpus) if corpus is not None else None
            if out is not None and str(out) == "-":
                typer.echo(render(load_run(run_dir, findings), fmt, max_detail=max_detail))  # type: ignore[arg-type]
                return
            path = write_report(run_dir, fmt, out, max_detail=max_detail, findings=findings)  # type: ignore[arg-type]
        except FileNotFoundError as exc:
            fail(str(exc))
        console.print(f"report: {path}", highlight=False)


def _is_audit(run_dir: Path) -> bool:
    from vera.harden.reporting import is_audit_run

    try:
        return is_audit_run(run_dir)
    except FileNotFoundError as exc:
        fail(str(exc))


def _audit(run_dir: Path, fmt: str, out: Path | None) -> None:
    """The report of a hardening audit run (``vera.harden.reporting.render_audit``)."""
    from vera.harden.reporting import render_audit
    from vera.report import SUFFIX
    from vera.runner.store import write_atomic

    text = render_audit(run_dir, fmt)  # type: ignore[arg-type]
    if out is not None and str(out) == "-":
        typer.echo(text)
        return
    path = out or Path(run_dir) / SUFFIX[fmt]
    write_atomic(path, text)
    console.print(f"audit report: {path}", highlight=False)


def _atif(run_dir: Path, out: Path | None, against: Path | None, corpus: Path | None) -> None:
    from vera.report.atif import write_atif_run

    if against is not None or corpus is not None:
        fail("--format atif writes the run's trials: --against and --corpus do not apply")
    if out is not None and str(out) == "-":
        fail("--format atif writes a folder (one file per trial): give --out DIR, not '-'")
    if out is not None and out.exists() and not out.is_dir():
        fail(f"--out {out}: not a folder")
    try:
        dest, n = write_atif_run(run_dir, out)
    except FileNotFoundError as exc:
        fail(str(exc))
    console.print(f"atif: {n} trajectories in {dest}", highlight=False)


def _compare(run_dir: Path, against: Path, fmt: str, out: Path | None) -> None:
    from vera.report import load_run
    from vera.report.compare import compare_runs, render_comparison
    from vera.runner.store import write_atomic

    if fmt == "csv":
        fail("a comparison is written as html, md or json (not csv)")
    try:
        text = render_comparison(compare_runs(load_run(run_dir), load_run(against)), fmt)
    except FileNotFoundError as exc:
        fail(str(exc))
    if out is not None and str(out) == "-":
        typer.echo(text)
        return
    path = out or Path(run_dir) / f"compare.{fmt}"
    write_atomic(path, text)
    console.print(f"comparison: {path}", highlight=False)


def _open_findings(run_dir: Path, corpus: Path) -> dict:
    """Case id -> the corpus findings its current verifier still gets wrong, for the cases of
    the run that the corpus has trajectories for (cases are found where the run planned them)."""
    import asyncio

    from vera.report import OpenFindings
    from vera.runner.store import RunStore
    from vera.safety.cases import CaseError, load_case
    from vera.safety.validate import corpus_status

    with RunStore.open(Path(run_dir)) as store:
        planned = {s.case_id: (s.params.get("path"), s.case_hash) for s in store.plan}
    out: dict[str, OpenFindings] = {}
    for case_id, (path, case_hash) in sorted(planned.items()):
        if not (corpus / case_id).is_dir():
            continue
        if not path or not Path(path).is_dir():
            fail(f"--corpus: case {case_id!r} of the run is not at {path} any more")
        try:
            case = load_case(Path(path))
            if case.content_hash != case_hash:
                # the findings would be judged by a verifier other than the one behind the run
                fail(f"--corpus: case {case_id!r} changed since the run; rerun it to check its "
                     "verifier against the corpus")  # fmt: skip
            st = asyncio.run(corpus_status(case, corpus))
        except CaseError as exc:
            fail(f"--corpus: {exc}")
        out[case_id] = OpenFindings(
            missed=len(st.missed), false_alarms=len(st.false_alarms),
            files=st.missed + st.false_alarms, invalid=len(st.invalid), invalid_files=st.invalid,
        )  # fmt: skip
        # Notes go to stderr: with --out - stdout carries the report alone (JSON stays JSON).
        if st.missed or st.false_alarms:
            err_console.print(f"[dim]{case_id}: {len(st.missed)} missed harm(s), "
                              f"{len(st.false_alarms)} false alarm(s) still open[/]", highlight=False)  # fmt: skip
        for line in st.invalid:
            err_console.print(f"{case_id}: invalid finding (calls the tools refuse, bounds "
                              f"nothing): {line}", highlight=False, markup=False, soft_wrap=True)  # fmt: skip
    return out
