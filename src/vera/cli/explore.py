"""``vera explore``, ``vera compose`` and ``vera compile``: from papers to taxonomies to goals to
staged cases."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated

import typer

from vera.cli.common import console, fail


def register(app: typer.Typer) -> None:
    """Add the top-level ``explore``, ``compose`` and ``compile`` commands."""

    @app.command("explore")
    def explore_cmd(
        papers: Annotated[
            Path,
            typer.Option(
                "--papers", help="A paper or a directory (PDF, text/Markdown, arXiv Atom XML)."
            ),
        ],
        taxonomy: Annotated[
            Path, typer.Option("--taxonomy", help="Taxonomy directory to update in place.")
        ] = Path("bench/taxonomies"),
        model: Annotated[
            str, typer.Option("--model", help="Model spec of the summary agent.")
        ] = "anthropic:claude-sonnet-4-5",
        batch_size: Annotated[int, typer.Option("--batch-size", help="Papers per batch.")] = 4,
        force: Annotated[
            bool, typer.Option("--force", help="Read papers already processed again.")
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    ) -> None:
        """Read papers and update the taxonomies through the update operator."""
        from vera.models.errors import ModelLimitError, ModelSpecError, ModelUnavailableError
        from vera.safety.explore import explore
        from vera.safety.taxonomy import TaxonomyError

        if not papers.exists():
            fail(f"{papers}: no such file or directory")
        from vera.models.spec import check_spec

        try:
            check_spec(model)  # before any paper is read
        except ModelSpecError as e:
            fail(f"--model: {e}")

        def progress(b) -> None:
            if not as_json:
                counts = ", ".join(f"{k} {v}" for k, v in sorted(b.counts.items())) or "no change"
                console.print(
                    f"batch {b.batch}: {counts}; rejected {len(b.rejected)}", highlight=False
                )

        try:
            report = asyncio.run(
                explore(
                    papers, taxonomy, model, batch_size=batch_size, force=force, on_batch=progress
                )
            )
        except (TaxonomyError, ModelSpecError, ModelUnavailableError, ModelLimitError) as e:
            fail(str(e))
        if as_json:
            out = report.model_dump()
            out["converged"] = report.converged
            out["totals"] = report.totals()
            typer.echo(json.dumps(out, indent=2, ensure_ascii=False))
            return
        for line in report.lines():
            console.print(line, highlight=False, soft_wrap=True, markup=False)

    @app.command("compose")
    def compose_cmd(
        taxonomy: Annotated[Path, typer.Option("--taxonomy", help="Taxonomy directory.")] = Path(
            "bench/taxonomies"
        ),
        out: Annotated[
            Path | None, typer.Option("--out", help="Directory for goals.jsonl and coverage.json.")
        ] = None,
        budget: Annotated[
            int | None,
            typer.Option("--budget", "--n", "-n", help="Goals to select (default: full coverage)."),
        ] = None,
        k: Annotated[int, typer.Option("--k", help="Every risk leaf at least k times.")] = 1,
        existing: Annotated[
            Path | None,
            typer.Option("--existing", help="A cases tree whose triples count as covered."),
        ] = None,
        threshold: Annotated[
            float, typer.Option("--dedup", help="MinHash Jaccard threshold for near-duplicates.")
        ] = 0.8,
        dry_run: Annotated[
            bool, typer.Option("--dry-run", help="Print the coverage; write nothing.")
        ] = False,
        as_json: Annotated[bool, typer.Option("--json", help="Print coverage as JSON.")] = False,
    ) -> None:
        """Candidate goals from (risk, attack, environment) leaf triples, in coverage mode."""
        from vera.safety.compose import compose, existing_triples, write_goals
        from vera.safety.taxonomy import TaxonomyError, TaxonomySet

        if budget is not None and budget < 0:
            fail("--budget must be at least 0")
        try:
            ts = TaxonomySet.load(taxonomy)
        except TaxonomyError as e:
            fail(str(e))
        done = existing_triples(existing) if existing else []
        goals, cov = compose(ts, budget=budget, k=max(1, k), existing=done, threshold=threshold)
        if budget is not None:
            cov.needed_for_full = compose(ts, budget=None, k=max(1, k), existing=done)[1].selected
        if not dry_run:
            if out is None:
                fail("--out DIR is needed (or --dry-run)")
            path = write_goals(goals, out / "goals.jsonl")
            (out / "coverage.json").write_text(cov.model_dump_json(indent=2) + "\n")
        if as_json:
            typer.echo(cov.model_dump_json(indent=2))
        else:
            for line in cov.lines():
                console.print(line, highlight=False)
            if not dry_run:
                console.print(f"goals: {path}", highlight=False)

    @app.command("compile")
    def compile_cmd(
        goals: Annotated[Path, typer.Argument(help="goals.jsonl from vera compose.")],
        model: Annotated[
            str, typer.Option("--model", help="Model spec of the compiler.")
        ] = "anthropic:claude-sonnet-4-5",
        out: Annotated[Path, typer.Option("--out", help="Staging directory.")] = Path("staging"),
        taxonomy: Annotated[
            Path, typer.Option("--taxonomy", help="Taxonomy directory (leaves are checked).")
        ] = Path("bench/taxonomies"),
        template: Annotated[
            Path | None,
            typer.Option("--template", help="Example case shown to the compiler."),
        ] = Path("bench/cases/banking/invoice_iban_swap"),
        bench: Annotated[
            Path | None, typer.Option("--bench", help="Existing cases (ids must be new).")
        ] = Path("bench/cases"),
        attempts: Annotated[
            int, typer.Option("--attempts", help="Tries per goal (gate feedback in between).")
        ] = 3,
        limit: Annotated[
            int | None, typer.Option("--limit", help="Only the first N goals.")
        ] = None,
        runs: Annotated[int, typer.Option("--runs", help="Witness runs per variant.")] = 3,
        as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    ) -> None:
        """Compile goals into case directories; the gates of `vera cases validate` decide."""
        from vera.models.errors import ModelSpecError
        from vera.safety.compile import compile_goals
        from vera.safety.compose import read_goals

        if not goals.is_file():
            fail(f"{goals}: no such file")
        from vera.models.spec import check_spec

        try:
            check_spec(model)  # before anything is written
        except ModelSpecError as e:
            fail(f"--model: {e}")
        todo = read_goals(goals)[: limit if limit is not None else None]

        def progress(r) -> None:
            if not as_json:
                status = f"accepted as {r.case}" if r.accepted else "rejected"
                console.print(
                    f"{r.goal}: {status} after {len(r.attempts)} attempt(s)", highlight=False
                )

        from vera.runner.lock import writer_lock

        try:
            with writer_lock(out):  # one writer per staging folder
                report = asyncio.run(
                    compile_goals(
                        todo,
                        model,
                        out,
                        taxonomy_dir=taxonomy if (taxonomy / "risks.yaml").exists() else None,
                        template=template if template and template.is_dir() else None,
                        bench=bench if bench and bench.is_dir() else None,
                        attempts=max(1, attempts),
                        runs=runs,
                        on_result=progress,
                    )
                )
        except ModelSpecError as e:
            fail(str(e))
        if as_json:
            typer.echo(json.dumps(report.summary(), indent=2))
        else:
            console.print(
                f"{len(report.accepted)} accepted, {len(report.rejected)} rejected; "
                f"report: {out / 'report.md'}",
                highlight=False,
            )
