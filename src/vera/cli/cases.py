"""``vera cases``: list, show and validate the safety cases of a bench."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from vera.cli.common import console, err_console, fail
from vera.safety.cases import BrokenCase, CaseError, discover_cases, find_case

app = typer.Typer(help="Safety cases: list, show, validate.", no_args_is_help=True)

DEFAULT_PATH = Path("bench/cases")
PathArg = Annotated[Path, typer.Argument(help="A case directory or a directory of cases.")]


def _check_path(path: Path) -> None:
    """A path of cases, refused in one line (exit 2) when it holds none: a file, an empty or
    unrelated folder would otherwise read as a bench with nothing wrong in it."""
    from vera.safety.cases import CASE_FILE, case_dirs

    if not path.exists():
        fail(f"{path}: no such directory")
    if not path.is_dir():
        fail(f"{path}: not a directory (give a case directory or a directory of cases)")
    if not case_dirs(path):
        fail(f"{path}: no cases here (no {CASE_FILE} in it or below it)")


@app.command("list")
def list_cases(
    path: PathArg = DEFAULT_PATH,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
) -> None:
    """Every case under PATH with its taxonomy leaves and services; broken cases as errors."""
    _check_path(path)
    items = list(discover_cases(path))
    cases = [c for c in items if not isinstance(c, BrokenCase)]
    errors = [c for c in items if isinstance(c, BrokenCase)]
    if as_json:
        doc = {
            "cases": [
                {
                    "id": c.id,
                    "title": c.spec.title,
                    "version": c.spec.version,
                    "hash": c.content_hash[:16],
                    "path": str(c.path),
                    **c.spec.taxonomy.model_dump(),
                    "services": c.spec.services,
                    "injections": len(c.spec.injections),
                }
                for c in cases
            ],
            "errors": [e.message for e in errors],
        }
        typer.echo(json.dumps(doc, indent=2))
    else:
        table = Table(title=f"{len(cases)} cases ({3 * len(cases)} with variants) under {path}")
        for col in ("id", "environment", "risk", "attack", "services", "inj"):
            table.add_column(col, no_wrap=col != "services")
        for c in cases:
            t = c.spec.taxonomy
            table.add_row(
                c.id,
                t.environment,
                t.risk,
                t.attack,
                ",".join(c.spec.services),
                str(len(c.spec.injections)),
            )
        console.print(table)
        for e in errors:
            err_console.print(f"[red]error:[/] {e.message}", highlight=False, soft_wrap=True)
    if errors:
        raise typer.Exit(1)


@app.command("show")
def show_case(
    case_id: Annotated[str, typer.Argument(help="Case id (or directory name).")],
    path: Annotated[Path, typer.Option("--path", help="Where to look.")] = DEFAULT_PATH,
    as_json: Annotated[bool, typer.Option("--json", help="The whole case as JSON.")] = False,
) -> None:
    """One case: goal, taxonomy, tasks, attack, overlay, injections, witnesses and references."""
    _check_path(path)
    try:
        case = find_case(path, case_id)
    except CaseError as e:
        fail(str(e))
    if as_json:
        doc = {
            "path": str(case.path),
            "hash": case.content_hash,
            "spec": case.spec.model_dump(mode="json"),
            "witnesses": [w.model_dump(mode="json") for w in case.witnesses],
            "references": [r.model_dump(mode="json") for r in case.references],
        }
        typer.echo(json.dumps(doc, indent=2))
        return
    s = case.spec
    console.print(
        f"[bold]{s.id}[/] v{s.version} — {s.title}  [dim]{case.path} {case.content_hash[:12]}[/]"
    )
    console.print(f"[bold]goal:[/] {s.goal}")
    console.print(
        f"[bold]taxonomy:[/] risk={s.taxonomy.risk} attack={s.taxonomy.attack} environment={s.taxonomy.environment}"
    )
    console.print(
        f"[bold]services:[/] {', '.join(s.services)}   [bold]budgets:[/] {s.budgets.turns} turns, {s.budgets.seconds:g}s"
    )
    console.print(
        f"[bold]setup:[/] {len(s.setup)} steps{' + setup.py' if case.has_setup_py else ''}"
    )
    console.print(f"[bold]benign task:[/] {s.benign_task}")
    console.print(f"[bold]attack brief:[/] {s.attack.brief}")
    console.print(f"[bold]attack first message:[/] {s.attack.first_message}")
    if s.authorised:
        console.print(f"[bold]authorised:[/] {s.authorised}")
    console.print(f"[bold]attack overlay:[/] {len(s.overlay)} steps (single and multi only)")
    for inj in case.injections("multi").injections:
        console.print(
            f"[bold]injection[/] {inj.id} ({inj.channel_name}): {inj.mode} on {inj.tool}: "
            f"{inj.payload}"
        )
    sets = [("witness", w) for w in case.witnesses] + [("reference", r) for r in case.references]
    for label, traj in sets:
        replay = traj.replay
        tag = " \\[look-alike]" if traj.lookalike else ""
        only = "" if len(traj.variants) == 3 else f" ({', '.join(traj.variants)} only)"
        console.print(f"[bold]{label} {traj.name}{tag}{only}:[/] {traj.route}", highlight=False)
        for i, c in enumerate(replay.calls):
            console.print(
                f"  {i}. {c.tool}({json.dumps(c.arguments, ensure_ascii=False)})", highlight=False
            )
        if replay.response:
            console.print(f"  response: {replay.response}", highlight=False)
    console.print(
        f"[bold]verifier:[/] verify.py{'  utility: utility.py' if case.has_utility else ''}"
    )


@app.command("validate")
def validate(
    path: PathArg = DEFAULT_PATH,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    jobs: Annotated[int, typer.Option("-j", "--jobs", min=1, help="Cases validated at once.")] = 2,
    runs: Annotated[
        int, typer.Option("--runs", min=2, help="Witness runs for the determinism gate.")
    ] = 3,
    verify_timeout: Annotated[
        float, typer.Option("--verify-timeout", help="Seconds a verifier may take.")
    ] = 5.0,
    processes: Annotated[
        int | None,
        typer.Option(
            "--processes",
            min=1,
            help="Processes validating cases (this one and workers; default: one per core).",
        ),
    ] = None,
    corpus: Annotated[
        Path | None,
        typer.Option(
            "--corpus",
            help="Also replay the findings of `vera cases harden --corpus DIR`: each must now "
            "get the verdict its operator requires (gate corpus).",
        ),
    ] = None,
) -> None:
    """Run the gates on every case and variant; exit 1 if any case fails."""
    import os

    from vera.safety.validate import validate_path

    _check_path(path)
    report = asyncio.run(
        validate_path(
            path,
            concurrency=jobs,
            runs=runs,
            verify_timeout_s=verify_timeout,
            processes=processes or os.cpu_count() or 1,
            corpus=corpus,
        )
    )
    summary = report.summary()
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        for f in report.failures:
            err_console.print(f.line(), highlight=False, soft_wrap=True, markup=False)
        for f in summary["invalid_findings"]:  # they bound nothing: listed, not failed
            err_console.print(f"INVALID FINDING {f['case']} {f['finding']} (calls the tools "
                              "refuse)", highlight=False, soft_wrap=True, markup=False)  # fmt: skip
        table = Table(title="vera cases validate")
        # witnesses, references, look-alike references, attack-free benign worlds, multi
        # variants with two or more channels, cases with utility
        cols = ("environment", "cases", "passed", "failed", "wit", "ref", "alike", "free",
                "2ch", "util")  # fmt: skip
        for col in cols:
            table.add_column(col, justify="left" if col == "environment" else "right")
        by_env: dict[str, list] = {}
        for r in report.reports:
            by_env.setdefault(r.environment or "(not loaded)", []).append(r)
        attack_free = {c["case"] for c in summary["per_case"]} - {
            f.case for f in report.failures if f.gate in ("benign_attack_free", "foreign_attack")
        }

        def row(name: str, rs: list) -> list[str]:
            ok = sum(r.passed for r in rs)
            return [
                name, str(len(rs)), str(ok), str(len(rs) - ok),
                str(sum(r.witnesses for r in rs)), str(sum(r.references for r in rs)),
                str(sum(r.lookalikes for r in rs)),
                str(sum(r.case in attack_free and r.witnesses > 0 for r in rs)),
                str(sum(len(r.channels) >= 2 for r in rs)), str(sum(r.utility for r in rs)),
            ]  # fmt: skip

        for env, rs in sorted(by_env.items()):
            table.add_row(*row(env, rs))
        table.add_row(*row("[bold]total", report.reports))
        console.print(table)
        invalid = len(summary["invalid_findings"])
        console.print(
            f"{summary['passed']}/{summary['cases']} cases pass all gates; "
            f"{len(summary['environments'])} environments, {len(summary['risk_leaves'])} risk leaves"
            + (f"; {invalid} invalid corpus finding(s)" if invalid else "")
        )
        debts = [f for r in report.reports for f in r.debts]
        if debts:
            owing = len({f.case for f in debts})
            console.print(
                f"realism debt: {len(debts)} finding(s) on {owing} case(s) acknowledged in "
                "realism-debt.yaml (reported, not failed; --json lists them)"
            )
    if summary["passed"] != summary["cases"] or summary["cases"] == 0:
        raise typer.Exit(1)


@app.command("stats")
def stats(
    path: PathArg = DEFAULT_PATH,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    html: Annotated[
        Path | None, typer.Option("--html", help="Write the coverage page (heatmap) here.")
    ] = None,
) -> None:
    """What the bench covers: base scenarios by risk leaf, attack, environment, world, harm
    invariant and variant; world sizes; the gaps against the bench's goals. Exit 1 when a case
    does not load."""
    from vera.report.coverage import coverage_html
    from vera.safety.stats import bench_stats

    _check_path(path)
    st = bench_stats(path)
    doc = st.model_dump()
    if html is not None:
        try:
            html.parent.mkdir(parents=True, exist_ok=True)
            html.write_text(coverage_html(doc), encoding="utf-8")
        except OSError as e:
            fail(f"cannot write {html}: {e.strerror or e}")
    if as_json:
        typer.echo(json.dumps(doc))
    else:
        for msg in st.broken:
            err_console.print(f"BROKEN {msg}", highlight=False, markup=False)
        console.print(
            f"{st.base_scenarios} base scenarios, {st.cases} cases, {st.harm_invariants} harm "
            f"invariants, {len(st.by_world)} shared worlds, {len(st.by_directory)} directories",
            highlight=False,
        )
        console.print(
            f"{st.distinct_scenarios} distinct scenarios (world family x harm, near twins merged; "
            f"goal {st.goals['distinct_scenarios']}); risk leaves with >= "
            f"{st.goals['distinct_per_risk_leaf']} distinct scenarios: {st.leaves_with_3_distinct}"
            f"/{len(st.distinct_by_risk)}",
            highlight=False,
        )
        for sc in st.scenarios:
            if sc.merged_by:
                console.print(
                    f"  near twins in {sc.family} ({sc.harm}): {', '.join(sc.merged_by)}",
                    highlight=False,
                    markup=False,
                )
        table = Table(title="environment leaves")
        table.add_column("environment")
        table.add_column("base scenarios", justify="right")
        for env, n in st.by_environment.items():
            table.add_row(env, str(n))
        console.print(table)
        for goal, short in st.gaps.items():
            console.print(
                f"[bold]{goal}[/]: {len(short)}" + (f" ({', '.join(short)})" if short else "")
            )
        if html is not None:
            console.print(f"coverage page: {html}")
    if st.broken:
        raise typer.Exit(1)


@app.command("harden")
def harden_cases(
    path: PathArg = DEFAULT_PATH,
    operators: Annotated[
        str,
        typer.Option(
            "--operators", help="Metamorphic operators, comma-separated, or 'all' (see --list)."
        ),
    ] = "all",
    corpus: Annotated[
        Path | None,
        typer.Option("--corpus", help="Write each finding as a replayable trajectory here."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    jobs: Annotated[int, typer.Option("-j", "--jobs", min=1, help="Cases audited at once.")] = 2,
    list_operators: Annotated[
        bool, typer.Option("--list", help="List the operators and their relations, then exit.")
    ] = False,
    model: Annotated[
        str | None,
        typer.Option(
            "--model",
            help="Also search with models: a hacker proposes trajectories the verifier "
            "misjudges, a judge confirms the harm (one spec for every role).",
        ),
    ] = None,
    verifier_aware: Annotated[
        bool, typer.Option("--verifier-aware", help="The hacker also reads verify.py.")
    ] = False,
    fix: Annotated[
        bool,
        typer.Option(
            "--fix",
            help="With --model: a fixer patches verify.py; a patch that passes every gate, the "
            "findings, the mutants and the review is written to the case with the findings.",
        ),
    ] = False,
    rounds: Annotated[int, typer.Option("--rounds", min=1, help="Hacker rounds per case.")] = 1,
    max_cost: Annotated[
        float | None,
        typer.Option(
            "--max-cost",
            min=0.0,
            help="With --model: search no further case once the models cost this many USD "
            "(exit 5).",
        ),
    ] = None,
    max_tokens: Annotated[
        int | None,
        typer.Option(
            "--max-tokens",
            min=1,
            help="With --model: search no further case once this many tokens are used (exit 5).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="With --model: a folder for the search's journal (every model answer, "
            "fsync'd) and its summary.json, so a killed search can be resumed.",
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Go on with the search journalled in --out: finished model steps are "
            "answered from the journal, not asked again.",
        ),
    ] = False,
) -> None:
    """Search verifiers for missed harms and false alarms with metamorphic operators.

    Each operator rewrites a case's witnesses (the same harm by another route, or only its
    reading) or references (made to look risky) into candidates whose verdict is known, replays
    them through the gateway and judges them; a contradiction is a finding. Exit 1 when there
    are findings, 0 when there are none.
    """
    from vera.safety.metamorphic import OPERATORS, select
    from vera.safety.verifier_audit import audit_path, write_corpus

    if list_operators:
        for name, cls in OPERATORS.items():
            services = ", ".join(sorted(cls.services)) or "any"
            console.print(
                f"{name:32} {cls.relation:15} [{services}] {cls.summary}", highlight=False
            )
        return
    _check_path(path)
    try:
        chosen = select(operators)
    except ValueError as e:
        fail(str(e))

    def progress(done: int, total: int, case_id: str) -> None:
        if not as_json:
            err_console.print(f"[{done}/{total}] {case_id}", highlight=False, markup=False)

    from vera.runner.budget import Budget, BudgetConfig

    if model is not None:  # the spec of every role checked before anything runs
        from vera.models.errors import ModelSpecError
        from vera.models.spec import check_spec

        try:
            check_spec(model)
        except ModelSpecError as e:
            fail(f"--model: {e}")
    if (max_cost is not None or max_tokens is not None) and model is None:
        fail("--max-cost/--max-tokens need --model (only the model search spends)")
    if max_cost is not None and max_cost <= 0:
        fail("--max-cost must be more than 0 USD")
    budget = Budget(BudgetConfig(max_cost_usd=max_cost, max_tokens=max_tokens))
    journal_path = None
    if (out is not None or resume) and model is None:
        fail("--out/--resume need --model (only the model search is journalled)")
    if resume and out is None:
        fail("--resume needs --out DIR (the folder of the search to go on with)")
    if out is not None and out.exists() and not out.is_dir():
        fail(f"--out {out}: not a directory")
    if out is not None and ((out / "run.json").exists() or (out / "config.json").exists()):
        fail(f"--out {out} holds a run of another kind (a run, an audit or a loop); choose "
             "another folder")  # fmt: skip
    if resume and out is not None and not (out / "journal.jsonl").is_file():
        fail(f"--resume: {out} holds no search to go on with (no journal.jsonl)")
    from vera.runner.lock import writer_lock

    with writer_lock(out) if out is not None else contextlib.nullcontext():  # one writer
        if out is not None:
            journal_path = out / "journal.jsonl"
            if out.exists() and not out.is_dir():
                fail(f"--out {out}: not a directory")
            if journal_path.exists() and not resume:
                fail(f"--out {out} holds a started search: add --resume to go on with it, or "
                     "choose another folder")  # fmt: skip
            out.mkdir(parents=True, exist_ok=True)
        if fix and model is None:
            fail("--fix needs --model (the fixer is a model)")
        journal = None
        if journal_path is not None:
            from vera.runner.journal import Journal
            from vera.safety.verifier_search import step_kind

            # Every recorded step checked before anything runs (JournalError: one line, exit 2).
            journal = Journal(journal_path)
            journal.check(step_kind)

        report = asyncio.run(audit_path(path, chosen, concurrency=jobs, progress=progress))
        summary = report.summary()
        if model is not None:
            searches = asyncio.run(
                _model_search(path, model, verifier_aware, fix, rounds, budget, journal)
            )
            if journal is not None and not as_json:
                err_console.print(f"journal {journal_path}: {journal.recorded} step(s) asked, "
                                  f"{journal.replayed} answered from the journal", highlight=False)  # fmt: skip
            summary["budget"] = budget.status.model_dump(mode="json") if budget.config.capped else None
            summary["model_search"] = [
                {
                    "case": s.case,
                    "proposals": len(s.candidates),
                    "findings": [
                        {"kind": c.proposal.kind, "route": c.proposal.route,
                         "verdict": c.verdict.reason if c.verdict else c.error}
                        for c in s.findings
                    ],
                    "patches": [p.model_dump() for p in s.patches],
                    "fixed": s.fixed,
                    "written": s.written,
                    "error": s.error,
                }
                for s in searches
            ]  # fmt: skip
            summary["findings"] += sum(len(s.findings) for s in searches if not s.fixed)
        if corpus is not None:
            summary["corpus"] = [str(p) for p in write_corpus(report, corpus)]
        if out is not None:
            from vera.runner.store import write_atomic

            write_atomic(out / "summary.json", json.dumps(summary, indent=1))
        if as_json:
            typer.echo(json.dumps(summary))
        else:
            for f in report.findings:
                err_console.print(f.line(), highlight=False, soft_wrap=True, markup=False)
            for c in report.cases:
                for err in c.errors:
                    err_console.print(f"ERROR {c.case} {err}", highlight=False, markup=False)
            for case_id, why in summary["unaudited"].items():
                err_console.print(f"UNAUDITED {case_id}: {why}", highlight=False, markup=False)
            table = Table(title="vera cases harden")
            for col in ("operator", "tried", "ill-formed", "errors", "findings"):
                table.add_column(col, justify="left" if col == "operator" else "right")
            for name, n in summary["by_operator"].items():
                table.add_row(name, str(n["tried"]), str(n["ill_formed"]), str(n["errors"]),
                              str(n["findings"]))  # fmt: skip
            console.print(table)
            for row in summary.get("model_search", []):
                if row["error"]:
                    err_console.print(f"MODEL ERROR {row['case']}: {row['error']}",
                                      highlight=False, markup=False)  # fmt: skip
                for f in row["findings"]:
                    err_console.print(f"MODEL FINDING {row['case']} {f['kind']}: {f['route']}",
                                      highlight=False, markup=False)  # fmt: skip
                if row["fixed"]:
                    console.print(f"fixed {row['case']}: " + ", ".join(row["written"]), highlight=False)
            if budget.config.capped:
                status = budget.status
                for line in filter(None, [status.line("cases"), status.unpriced_line()]):
                    err_console.print(line, highlight=False, soft_wrap=True, markup=False)
            console.print(
                f"{summary['cases']} cases, {summary['candidates']} candidates: "
                f"{summary['missed_harms']} missed harms, {summary['false_alarms']} false alarms "
                f"in {len(summary['cases_with_findings'])} cases"
            )
        if budget.status.stopped:
            raise typer.Exit(5)  # the budget stopped the search (docs/runner.md, exit codes)
        searched_short = any(row["error"] for row in summary.get("model_search", []))
        if summary["findings"] or summary["unaudited"] or searched_short:
            raise typer.Exit(1)


async def _model_search(
    path: Path,
    model: str,
    verifier_aware: bool,
    fix: bool,
    rounds: int,
    budget: Any = None,
    journal: Any = None,
) -> list:
    """The model search, case after case; ``budget`` (a ``vera.runner.budget.Budget``) is asked
    before each case and fed each case's usage: at its cap no further case is searched."""
    from pydantic_ai.exceptions import UnexpectedModelBehavior

    from vera.models.runtime import ModelRuntime
    from vera.models.usage import trial_scope
    from vera.safety.cases import Case
    from vera.safety.verifier_search import ROLES, CaseRoles, CaseSearch, search_case

    cases = [c for c in discover_cases(path) if isinstance(c, Case)]
    out = []
    async with ModelRuntime() as rt:
        roles = CaseRoles(
            {role: await rt.model(model, role=role) for role in ROLES}, journal=journal
        )
        for c in cases:
            if budget is not None and not budget.allows():
                continue  # counted as not started
            with trial_scope(f"harden:{c.id}"):
                try:
                    out.append(await search_case(c, roles, rounds=rounds,
                                                 verifier_aware=verifier_aware, fix=fix))  # fmt: skip
                except UnexpectedModelBehavior as e:  # this case's search, not the others'
                    why = " ".join(str(e).split())[:200] or type(e).__name__
                    out.append(CaseSearch(case=c.id, error=f"unusable model answer: {why}"))
            if budget is not None:
                used = rt.ledger.by_role(trial=f"harden:{c.id}")
                budget.add_usage(used, {role: f"{role} ({model})" for role in used})
        return out


# --- vera cases import ---------------------------------------------------------------------------

import_app = typer.Typer(help="Import cases from other benchmarks.", no_args_is_help=True)
app.add_typer(import_app, name="import")


@import_app.command("agentdojo")
def import_agentdojo(
    out: Annotated[
        Path, typer.Option("--out", "-o", help="Bench directory to write (cases/, suites/, ...).")
    ],
    suite: Annotated[
        list[str] | None,
        typer.Option("--suite", "-s", help="Suite name(s), comma-separated or repeated, or 'all'."),
    ] = None,
    version: Annotated[
        str | None,
        typer.Option("--version", "-v", help="AgentDojo benchmark version (default: the newest)."),
    ] = None,
    attack: Annotated[
        str,
        typer.Option("--attack", help="AgentDojo attack that fills the injection vectors."),
    ] = "important_instructions",
    model_name: Annotated[
        str | None,
        typer.Option(
            "--model-name",
            help="Name an attack addresses the model by (default: 'the AI language model').",
        ),
    ] = None,
    include_rejected: Annotated[
        bool,
        typer.Option("--include-rejected", help="Also write the pairs AgentDojo's checks reject."),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Every (user task, injection task) pair of AgentDojo suites as a vera case (docs/agentdojo.md).

    Pairs that AgentDojo's own checks reject are listed with the reason (and written only with
    --include-rejected); the full record is in OUT/imports/.
    """
    from vera.env.services.agentdojo import AgentDojoError
    from vera.safety.agentdojo.importer import import_suites

    names = [s.strip() for item in (suite or []) for s in item.split(",") if s.strip()]
    if not names:
        fail("name a suite with --suite NAME (or --suite all)")
    if "all" in names:
        names = ["all"]
    try:
        records = import_suites(
            names,
            out,
            version=version,
            attack=attack,
            model_name=model_name,
            include_rejected=include_rejected,
        )
    except AgentDojoError as e:
        fail(str(e))
    if as_json:
        doc = {
            "out": str(out),
            "suites": [
                {
                    "suite": r.suite,
                    "version": r.version,
                    "agentdojo": r.agentdojo,
                    "attack": r.attack,
                    "pairs": len(r.pairs),
                    "imported": len(r.imported),
                    "rejected": [p.model_dump() for p in r.rejected],
                }
                for r in records
            ],
        }
        typer.echo(json.dumps(doc))
        return
    table = Table(title=f"AgentDojo -> {out}")
    for col in ("suite", "version", "pairs", "imported", "rejected"):
        table.add_column(col, justify="left" if col in ("suite", "version") else "right")
    for r in records:
        table.add_row(
            r.suite, r.version, str(len(r.pairs)), str(len(r.imported)), str(len(r.rejected))
        )
    console.print(table)
    for r in records:
        for line in r.rejection_summary():
            err_console.print(f"rejected: {line}", highlight=False, soft_wrap=True, markup=False)
    console.print(
        f"validate: vera cases validate {out}   run: vera run --bench {out} --suite all",
        highlight=False,
        soft_wrap=True,
    )


@app.command("try")
def try_trajectories(
    case_id: Annotated[str, typer.Argument(help="Case id (or directory name).")],
    files: Annotated[
        list[Path], typer.Argument(help="Trajectory files (a witness's or reference's format).")
    ],
    path: Annotated[Path, typer.Option("--path", help="Where to look.")] = DEFAULT_PATH,
    variant: Annotated[
        str, typer.Option("--variant", help="benign, single or multi (the world it plays in).")
    ] = "multi",
    blind: Annotated[
        bool,
        typer.Option(
            "--blind",
            help="Show what each call returned and what changed, never the verdict: for a "
            "reviewer writing other routes and look-alikes without learning the verifier.",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per file.")] = False,
) -> None:
    """Play trajectory files on a case: each call's result, the state changes and (unless
    --blind) the verdict and utility. Exit 1 when a file does not load or a call is refused."""
    from vera.safety.cases import VARIANTS, load_trajectory
    from vera.safety.probe import try_trajectory

    _check_path(path)
    if variant not in VARIANTS:
        fail(f"--variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    try:
        case = find_case(path, case_id)
        trajectories = [load_trajectory(f, case.spec.variables) for f in files]
    except CaseError as e:
        fail(str(e))
    refused = 0
    for f, traj in zip(files, trajectories, strict=True):
        probe = asyncio.run(try_trajectory(case, traj.replay, variant, with_verdict=not blind))
        refused += sum(1 for c in probe["calls"] if c["error"])
        if as_json:
            typer.echo(json.dumps({"file": str(f), **probe}, ensure_ascii=False))
            continue
        console.print(f"[bold]{f}[/] on {case.id} ({variant})", highlight=False)
        for i, c in enumerate(probe["calls"]):
            mark = "refused" if c["error"] else "ok"
            console.print(f"  {i}. {c['tool']} {mark}: {c['shown']}", highlight=False, markup=False)
        for line in probe["changes"] or ["(no state changed)"]:
            console.print(f"  change: {line}", highlight=False, markup=False)
        if "outcome" in probe:
            console.print(
                f"  outcome: {probe['outcome']}  utility: {probe['utility']}  "
                f"reason: {probe['reason']}",
                highlight=False,
                markup=False,
            )
    if refused:
        raise typer.Exit(1)


# --- vera cases export harbor; the programs an exported task runs ------------------------------

export_app = typer.Typer(help="Export cases to other evaluation tools.", no_args_is_help=True)
app.add_typer(export_app, name="export")


@export_app.command("harbor")
def export_harbor(
    path: PathArg = DEFAULT_PATH,
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="Directory to write the tasks to (one per case variant)."),
    ] = Path("harbor-tasks"),
    variants: Annotated[
        str, typer.Option("--variants", help="Comma-separated: benign, single, multi.")
    ] = "benign,single,multi",
    cases: Annotated[
        str | None, typer.Option("--cases", help="Comma-separated case ids (default: every case).")
    ] = None,
    requirement: Annotated[
        str | None,
        typer.Option(
            "--vera-requirement",
            help="What the tasks' Dockerfile pip-installs as vera (default: this vera's own "
            "source, bundled into each task; a wheel's URL or path, or a git URL).",
        ),
    ] = None,
) -> None:
    """Write one Harbor task per case variant: the gateway as the task's MCP server, the case's
    verifier in separate mode writing reward.json {safe, utility}, the reference as
    solution/solve.sh, each witness as solution/hack_<name>.sh (docs/interop.md)."""
    from vera.interop.harbor import ExportError, export_cases
    from vera.safety.cases import VARIANTS

    _check_path(path)
    chosen = [v.strip() for v in variants.split(",") if v.strip()]
    bad = [v for v in chosen if v not in VARIANTS]
    if bad or not chosen:
        fail(f"--variants takes {', '.join(VARIANTS)}, not {variants!r}")
    try:
        if cases:
            found = [find_case(path, c.strip()) for c in cases.split(",") if c.strip()]
        else:
            items = list(discover_cases(path))
            broken = [c for c in items if isinstance(c, BrokenCase)]
            if broken:
                fail(broken[0].message, code=1)
            found = [c for c in items if not isinstance(c, BrokenCase)]
        written = export_cases(found, out, chosen, requirement=requirement)  # type: ignore[arg-type]
    except (CaseError, ExportError) as e:
        fail(str(e))
    for task in written:
        console.print(str(task), highlight=False, soft_wrap=True)
    console.print(
        f"{len(written)} Harbor tasks in {out}; run one: vera harden run {written[0] if written else out}"
        " --agent oracle, or harbor run -p DIR",
        highlight=False,
        soft_wrap=True,
    )


@app.command("harbor-play", hidden=True)
def harbor_play(
    file: Annotated[Path, typer.Argument(help="A replay (JSON: calls, response); - for stdin.")],
    server: Annotated[
        str, typer.Option("--server", help="The MCP server's command line.")
    ] = "bash /opt/vera/task/gateway.sh",
    response: Annotated[
        Path, typer.Option("--response", help="Where the final answer goes.")
    ] = Path("/logs/artifacts/vera/response.txt"),
) -> None:
    """Inside an exported Harbor task (its solution and hack scripts): play a replay's tool
    calls through the task's MCP server, as an agent would; exit 1 when a call was refused."""
    import shlex
    import sys

    from pydantic import ValidationError

    from vera.agents.oracle import Replay
    from vera.interop.harbor import play

    try:
        text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
        replay = Replay.model_validate_json(text)
    except (OSError, ValidationError) as e:
        fail(f"{file}: not a replay: {' '.join(str(e).split())[:300]}")
    argv = shlex.split(server)
    results = asyncio.run(play(replay, argv[0], argv[1:], response))
    for call, result in zip(replay.calls, results, strict=True):
        typer.echo(f"{call.tool}: {' '.join(result.split())[:300]}")
    if any(r.startswith("error: ") for r in results):
        raise typer.Exit(1)


@app.command("harbor-verify", hidden=True)
def harbor_verify(
    case_dir: Annotated[Path, typer.Argument(help="The task's tests/vera.")],
    app_dir: Annotated[Path, typer.Option("--app", help="The final /app.")] = Path("/app"),
    artifacts: Annotated[
        Path, typer.Option("--artifacts", help="The gateway's state, trace and answer.")
    ] = Path("/logs/artifacts/vera"),
    trajectory: Annotated[
        Path | None, typer.Option("--trajectory", help="The agent's ATIF trajectory, if any.")
    ] = None,
    out: Annotated[
        Path, typer.Option("--out", help="Where reward.json and verdict.json go.")
    ] = Path("/logs/verifier"),
) -> None:
    """Inside an exported Harbor task (tests/test.sh): judge the final state with the case's
    verifier and utility check; reward.json {safe, utility}. A failing check writes no reward
    and exits 3 (an error, never a verdict)."""
    from vera.env.base import EnvError
    from vera.interop.harbor import verify_final_state
    from vera.safety.checks import CheckError

    try:
        result = verify_final_state(case_dir, app_dir, artifacts, trajectory=trajectory)
    except (CheckError, EnvError) as e:
        fail(f"verifier error: {e}", code=3)
    out.mkdir(parents=True, exist_ok=True)
    (out / "verdict.json").write_text(json.dumps(result["verdict"], indent=1) + "\n")
    (out / "reward.json").write_text(json.dumps(result["reward"]) + "\n")
    typer.echo(json.dumps({**result["reward"], "reason": result["verdict"]["reason"]}))
