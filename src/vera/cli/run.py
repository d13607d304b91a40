"""``vera run``: run a suite of safety cases against agents and write the report.

With no arguments: the bundled quick suite (``bench/suites/quick.yaml``) against the built-in
agent on the embedded local model, the control agent on the same model, in the bwrap sandbox.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich import box
from rich.table import Table

from vera.cli.common import console, err_console, fail

if TYPE_CHECKING:
    from vera.report.metrics import Rate

DEFAULT_BENCH = Path("bench")
BUDGET_EXIT = 5
"""Exit code of a run the budget stopped (docs/runner.md, "Errors and exit codes")."""


def _split(values: list[str] | None, default: list[str]) -> list[str]:
    out = [v.strip() for item in (values or []) for v in item.split(",") if v.strip()]
    return out or default


def _bench_dir(bench: Path | None) -> Path:
    if bench is not None:
        return bench
    env = os.environ.get("VERA_BENCH")
    if env:
        return Path(env)
    if DEFAULT_BENCH.is_dir():
        return DEFAULT_BENCH
    # an editable install run from elsewhere: the repository's bench next to src/
    here = Path(__file__).resolve().parents[3] / "bench"
    return here


def _agent_help() -> str:
    """``--agent``'s help, from the agent registry (vera's own agents: no plug-in is loaded
    to print a help text)."""
    from vera.agents.registry import names_for

    return (
        f"Target agent(s): {', '.join(names_for('safety', plugins=False))}, or a plug-in's "
        "(see `vera agents list`; mcp-command runs $VERA_AGENT_COMMAND) (default: builtin)."
    )


def register(app: typer.Typer) -> None:
    """Add the top-level ``run`` command."""

    @app.command("run")
    def run(
        suite: Annotated[
            str,
            typer.Option(
                "--suite",
                "-s",
                help="A suite name from BENCH/suites (quick), a suite .yaml file, or 'all'.",
            ),
        ] = "quick",
        case: Annotated[
            list[str] | None,
            typer.Option(
                "--case", "-c", help="Run only these case ids (repeat or comma-separate)."
            ),
        ] = None,
        bench: Annotated[
            Path | None,
            typer.Option(
                "--bench", help="Bench directory with cases/ and suites/ (default: ./bench)."
            ),
        ] = None,
        risk: Annotated[
            list[str] | None,
            typer.Option("--risk", help="Keep the cases of these risk leaves (repeat or comma)."),
        ] = None,
        attack: Annotated[
            list[str] | None,
            typer.Option("--attack", help="Keep the cases of these attack-vector leaves."),
        ] = None,
        env: Annotated[
            list[str] | None,
            typer.Option(
                "--env", help="Keep the cases of these environments (leaf or bench folder)."
            ),
        ] = None,
        world: Annotated[
            list[str] | None,
            typer.Option("--world", help="Keep the cases set in these worlds (e.g. banking/x)."),
        ] = None,
        variants: Annotated[
            list[str] | None,
            typer.Option("--variants", "-V", help="benign, single, multi (default: all three)."),
        ] = None,
        agent: Annotated[
            list[str] | None,
            typer.Option(
                "--agent",
                "-a",
                help=_agent_help(),
            ),
        ] = None,
        model: Annotated[
            list[str] | None,
            typer.Option(
                "--model",
                "-m",
                help="Target model spec(s), e.g. local, anthropic:claude-sonnet-4-5.",
            ),
        ] = None,
        controller_model: Annotated[
            str | None,
            typer.Option(
                "--controller-model", help="The control agent's model (default: the target's)."
            ),
        ] = None,
        mode: Annotated[
            str,
            typer.Option(
                "--mode", help="adaptive (the controller adapts) or static (first message only)."
            ),
        ] = "adaptive",
        epochs: Annotated[
            int, typer.Option("--epochs", "-e", min=1, help="Repeats of each trial.")
        ] = 1,
        defence: Annotated[
            list[str] | None,
            typer.Option(
                "--defence",
                help="Defences at the gateway, side by side: none, spotlight, tool-filter, "
                "pi-detector, guard, firewall (NAME[=SPEC], stack with +; default: none).",
            ),
        ] = None,
        defence_model: Annotated[
            str | None,
            typer.Option(
                "--defence-model", help="The model of a bare `guard` (e.g. scripted:guard.yaml)."
            ),
        ] = None,
        tools: Annotated[
            str | None,
            typer.Option(
                "--tools",
                help="An agent framework's tools: gateway (the gateway's MCP tools only), native "
                "(its own shell, file and web tools on the case's workspace), both (default for "
                "a case with a workspace: files, repo, shell; gateway otherwise).",
            ),
        ] = None,
        model_timeout: Annotated[
            float | None,
            typer.Option(
                "--model-timeout",
                min=0.1,
                help="Seconds an agent framework's model may stay silent (before or during an "
                "answer) before the trial is an infra error (default: half the turn limit, at "
                "most 120).",
            ),
        ] = None,
        judge_model: Annotated[
            str | None,
            typer.Option(
                "--judge-model",
                help="A model that decides text harms the verifiers' rules leave open (a "
                "paraphrase, a translation) and is asked beside them for agreement (any model "
                "spec; without it those verdicts are the rules', labelled rule-only).",
            ),
        ] = None,
        jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Trials in flight.")] = 2,
        model_connections: Annotated[
            int, typer.Option("--model-connections", min=1, help="Model requests in flight.")
        ] = 4,
        turns: Annotated[
            int | None,
            typer.Option(
                "--turns",
                min=1,
                help="User turns per trial (default: the suite's, else the case's).",
            ),
        ] = None,
        max_steps: Annotated[
            int | None,
            typer.Option(
                "--max-steps",
                min=1,
                help="Model requests per agent turn (default: the suite's, else 8).",
            ),
        ] = None,
        time_limit: Annotated[
            float,
            typer.Option("--time-limit", min=1, help="Seconds per trial before it is a timeout."),
        ] = 900.0,
        executor: Annotated[str, typer.Option("--executor", help="local or ray.")] = "local",
        workers: Annotated[
            int,
            typer.Option(
                "--workers",
                min=1,
                help="Local worker processes sharing the -j trials (spreads the trials' own "
                "work over cores; each worker opens its own models).",
            ),
        ] = 1,
        ray_address: Annotated[
            str | None,
            typer.Option("--ray-address", help="Ray cluster to join (default: start one)."),
        ] = None,
        out: Annotated[
            Path | None, typer.Option("--out", "-o", help="Run directory (default: runs/<time>).")
        ] = None,
        resume: Annotated[
            Path | None, typer.Option("--resume", help="Finish the missing trials of RUN_DIR.")
        ] = None,
        max_cost: Annotated[
            float | None,
            typer.Option(
                "--max-cost",
                min=0.0,
                help="Stop starting trials once the run's priced model usage costs this many "
                "USD (exit 5; --resume DIR --max-cost HIGHER continues).",
            ),
        ] = None,
        max_tokens: Annotated[
            int | None,
            typer.Option(
                "--max-tokens",
                min=1,
                help="Stop starting trials once the run used this many tokens (exit 5).",
            ),
        ] = None,
        progress: Annotated[bool, typer.Option("--progress/--no-progress")] = True,
        dry_run: Annotated[
            bool, typer.Option("--dry-run", help="Print the plan and exit without running it.")
        ] = False,
    ) -> None:
        """Run safety cases against agents; every trial's verdict rests on recorded evidence."""
        from vera.runner import LimitsConfig, RunConfig
        from vera.runner.budget import BudgetConfig
        from vera.runner.workers import WorkerStartError
        from vera.safety.run import Selection, SuiteError

        if executor not in ("local", "ray"):
            fail(f"unknown executor {executor!r}: use local or ray")
        if max_cost is not None and max_cost <= 0:
            fail("--max-cost must be more than 0 USD")
        budget = BudgetConfig(max_cost_usd=max_cost, max_tokens=max_tokens)
        if resume is not None:
            if not (resume / "run.json").is_file():
                fail(f"{resume}: not a run directory (no run.json)")
            if judge_model is not None:
                fail("--judge-model is a run's own setting: a resume keeps the run's judge model")
            run_dir = resume
            models: list[str] = []
            plan = None
            config = None
        else:
            root = _bench_dir(bench)
            try:
                selection = Selection(risk=_split(risk, []), attack=_split(attack, []),
                                      env=_split(env, []), world=_split(world, []))  # fmt: skip
                plan, models, chosen = _plan(root, suite, case, variants, agent, model,
                                             controller_model, mode, epochs,
                                             _defences(defence, defence_model),
                                             selection, tools)  # fmt: skip
            except SuiteError as e:
                fail(str(e))
            if chosen is not None:
                turns = turns or chosen.turns
                max_steps = max_steps or chosen.max_steps
            max_steps = max_steps or 8
            if judge_model:
                from vera.models.errors import ModelSpecError
                from vera.models.spec import check_spec

                try:  # checked at plan time, as every role's spec is
                    check_spec(judge_model)
                except ModelSpecError as e:
                    fail(f"--judge-model: {e}")
                models = sorted({*models, judge_model})  # built before the first trial too
            if dry_run:
                _print_plan(plan, turns, max_steps, judge_model)
                return
            run_dir = out or Path("runs") / datetime.now().strftime("%Y%m%d-%H%M%S")
            if (run_dir / "run.json").exists():
                fail(f"{run_dir}: already a run; use --resume {run_dir} to finish it")
            config = RunConfig(
                executor=executor,  # type: ignore[arg-type]
                workers=workers,
                ray_address=ray_address,
                limits=LimitsConfig(trials=jobs, model_connections=model_connections),
                time_limit_s=time_limit,
                trial_args=_trial_args(max_steps, turns, model_timeout, judge_model),
                labels={"suite": suite, "bench": str(root), "cases": case or []},
                budget=budget,
            )
            console.print(f"vera run: {len(plan)} trials -> {run_dir}", highlight=False)
        from vera.runner.lock import writer_lock

        with writer_lock(run_dir):  # one writer per run directory
            if resume is not None:
                _check_safety_run(run_dir)
            try:
                # On resume, caps given now replace the run's (a higher --max-cost continues it).
                new_caps = budget if resume is not None and budget.capped else None
                asyncio.run(_execute(run_dir, plan, config, models, model_connections, progress,
                                     new_caps))  # fmt: skip
            except _PreflightError as e:
                fail(str(e))
            except WorkerStartError as e:
                fail(f"{e}; finished trials are kept: vera run --resume {run_dir}", code=3)
            except KeyboardInterrupt:
                err_console.print(f"interrupted; finished trials are kept: vera run --resume {run_dir}")
                raise typer.Exit(130) from None
            _summary(run_dir)


def _trial_args(
    max_steps: int, turns: int | None, model_timeout: float | None, judge_model: str | None
) -> dict:
    """What every trial of the run is called with (kept in run.json: a resume uses them); a
    timeout and a judge only when given, so runs planned before they existed keep their
    trial arguments."""
    args: dict = {"max_steps": max_steps, "turns": turns}
    if model_timeout is not None:
        args["model_timeout_s"] = model_timeout
    if judge_model:
        args["judge_model"] = judge_model
    return args


class _PreflightError(Exception):
    pass


def _common_errors(results, outcome: str, top: int = 3) -> list[str]:  # type: ignore[no-untyped-def]
    """The commonest error messages of the trials with ``outcome``, counted (a model that keeps
    failing is said once with its count, not once per trial)."""
    from collections import Counter

    counts = Counter(" ".join((r.error.message if r.error else "").split())[:300]
                     for r in results if r.outcome.value == outcome)  # fmt: skip
    lines = [f"{n} x {msg or '(no message)'}" for msg, n in counts.most_common(top)]
    if len(counts) > top:
        lines.append(f"and {len(counts) - top} other error(s)")
    return lines


def _check_safety_run(run_dir: Path) -> None:
    """``vera run --resume`` finishes safety runs only: a run whose planned trials are of
    another kind (a hardening audit), or that plays a trial function of its own, is refused
    before anything in it is touched."""
    from vera.runner.lifecycle import kind_of_alias
    from vera.runner.store import PLAN_JSONL, RUN_JSON, RunConfig, StoreError
    from vera.safety.kind import KIND, SafetyTrial

    try:
        config = RunConfig.model_validate_json((run_dir / RUN_JSON).read_bytes())
    except ValueError as e:
        raise StoreError(f"{run_dir / RUN_JSON}: not a vera run config: {' '.join(str(e).split())[:200]}") from None
    kinds = set()
    with contextlib.suppress(OSError):  # a plan the store cannot read is the store's to say
        for line in (run_dir / PLAN_JSONL).read_text(errors="replace").splitlines():
            with contextlib.suppress(ValueError, AttributeError):
                kinds.add(json.loads(line).get("kind", KIND))
    other = sorted(kinds - {KIND})
    fn = config.trial_fn
    if other or (fn is not None and kind_of_alias(fn) is not SafetyTrial):
        what = f"{', '.join(other)} trials" if other else f"trials of {fn}"
        hint = (f"vera harden audit --resume {run_dir}" if "harden" in other
                else "the command that made it")  # fmt: skip
        fail(f"{run_dir}: not a safety run (its {what}); resume it with {hint}")


def _defences(values: list[str] | None, model: str | None) -> list[str]:
    """The defence configs of ``--defence``; a bare ``guard`` gets ``--defence-model``."""
    out = []
    for config in _split(values, ["none"]):
        parts = [p.strip() for p in config.split("+")]
        parts = [f"{p}={model}" if p == "guard" and model else p for p in parts]
        out.append("+".join(parts))
    return out


def _plan(root, suite, case, variants, agent, model, controller_model, mode, epochs,  # type: ignore[no-untyped-def]
          defences=("none",), selection=None, tools=None):  # fmt: skip
    from vera.agents.registry import needs_model
    from vera.safety.run import SuiteError, load_suite, narrow_cases, plan_trials, select_cases

    cases_dir = root / "cases"
    if not cases_dir.is_dir():
        raise SuiteError(f"{root}: no cases/ directory (pass --bench)")
    chosen = None
    if case:
        from vera.safety.run import Suite

        chosen = Suite(name="cases", cases=_split(case, []))
    elif suite != "all":
        path = (
            Path(suite) if suite.endswith((".yaml", ".yml")) else root / "suites" / f"{suite}.yaml"
        )
        if not path.is_file():
            raise SuiteError(f"no suite {suite!r} ({path} not found)")
        chosen = load_suite(path)
    cases = select_cases(cases_dir, chosen)
    if selection is not None:
        cases = narrow_cases(cases, selection, bench=cases_dir)
    models = _split(model, ["local"])
    plan = plan_trials(
        cases,
        variants=_split(variants, ["benign", "single", "multi"]),
        agents=_split(agent, ["builtin"]),
        models=models,
        epochs=epochs,
        mode=mode,
        controller_model=controller_model,
        defences=defences,
        tools=tools,
    )
    # Oracles replay scripts; every other agent talks to its model (and, adaptive, the controller).
    needs_models = any(needs_model(s.agent) for s in plan)
    wanted = set(models if needs_models else [])
    if controller_model and needs_models:
        wanted.add(controller_model)
    return plan, sorted(wanted | _defence_models(plan)), chosen


def _defence_models(plan) -> set[str]:  # type: ignore[no-untyped-def]
    """The model specs of the plan's defences: built before the first trial like the others,
    so a spec that cannot be used is one line, not a run of infra errors."""
    import vera.guard.defence  # noqa: F401  (registers the guard defence)
    from vera.gateway.defences import parse_config

    return {spec for d in {s.defence for s in plan if s.defence} for _, spec in parse_config(d)
            if spec}  # fmt: skip


def _print_plan(plan, turns, max_steps, judge_model=None) -> None:  # type: ignore[no-untyped-def]
    from collections import Counter

    cases = sorted({s.case_id for s in plan})
    console.print(
        f"{len(plan)} trials over {len(cases)} cases: {', '.join(cases)}", highlight=False
    )
    counts = Counter((s.variant, s.agent, s.model, s.mode, s.tools) for s in plan)
    for (variant, agent, model, mode, tools), n in sorted(counts.items()):
        with_tools = f", tools {tools}" if tools else ""
        console.print(f"  {n:4d}  {variant}/{agent}/{model} ({mode}{with_tools})",
                      highlight=False)  # fmt: skip
    console.print(f"turns per trial: {turns or 'per case'}; model requests per agent turn: "
                  f"{max_steps}", highlight=False)  # fmt: skip
    console.print(f"text harms: {'judged by ' + judge_model if judge_model else 'rule-only'}",
                  highlight=False)  # fmt: skip


async def _execute(run_dir, plan, config, models, model_connections, progress, budget=None):  # type: ignore[no-untyped-def]
    from vera.agents.registry import needs_model
    from vera.models.errors import ModelError
    from vera.models.runtime import ModelRuntime
    from vera.models.spec import parse_spec
    from vera.runner import resume as resume_run
    from vera.runner import run as start_run
    from vera.runner.store import RunStore
    from vera.runner.workers import settle_gc
    from vera.safety.kind import use_runtime

    if plan is None:
        with RunStore.open(run_dir) as store:
            model_connections = store.config.limits.model_connections or model_connections
            judge = store.config.trial_args.get("judge_model")
            models = sorted({s.model for s in store.plan if needs_model(s.agent)}
                            | {s.controller_model for s in store.plan
                               if s.controller_model and needs_model(s.agent)}
                            | _defence_models(store.plan)
                            | ({judge} if judge else set()))  # fmt: skip
    async with ModelRuntime(max_concurrency=model_connections) as rt:
        # Build every model once before the first trial: a missing key or package is one
        # line now, not a run of infra errors (the local model also starts here, once).
        for spec in models:
            try:
                parse_spec(spec)
                await rt.model(spec, role="preflight")
            except (ModelError, ImportError, ValueError) as e:
                raise _PreflightError(f"model {spec}: {' '.join(str(e).split())}") from None
        settle_gc()  # as each worker process does (vera.runner.workers)
        with use_runtime(rt):
            if plan is None:
                store = await resume_run(run_dir, progress=progress, budget=budget)
            else:
                store = await start_run(run_dir, plan, config=config, progress=progress)
            store.close()


SUMMARY_COLUMNS = ("variant", "n", "viol.", "ASR\n[95% CI]", "ESR", "benign\nutility",
                   "ASR,\nbenign ok", "utility\nattacked", "errors")  # fmt: skip
"""The summary tables, one per target (agent/model), a row per variant: ASR and ESR with the
benign utility beside them. The report has the intervals of every rate."""


def _pct(value: float | None, bounds: tuple[float, float] | None = None) -> str:
    if value is None:
        return "-"
    return f"{value:.0%}" + ("" if bounds is None else f" [{bounds[0]:.0%}-{bounds[1]:.0%}]")


def _rate(r: Rate | None) -> str:
    return "-" if r is None or r.value is None else f"{r.k}/{r.n} {r.value:.0%}"


def _summary(run_dir: Path) -> None:
    from vera.report import SUFFIX, load_run, render
    from vera.report.tables import not_capable
    from vera.runner.store import write_atomic

    data = load_run(run_dir)  # once, for all three reports and the table
    for fmt in ("json", "md", "html"):
        path = Path(run_dir) / SUFFIX[fmt]
        write_atomic(path, render(data, fmt))  # type: ignore[arg-type]
    m = data.metrics
    defences = set(m.by_defence)
    for target, stats in m.by_target.items():  # one table per agent/model: rows per variant
        title = f"vera run {data.config.run_id}: {stats.trials} trials of {target}"
        table = Table(title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
                      padding=(0, 1), collapse_padding=True)  # fmt: skip
        for col in SUMMARY_COLUMNS:
            wrap = col == "errors"
            table.add_column(col, no_wrap=not wrap, overflow="fold", min_width=6 if wrap else None)
        for key, g in m.by_config.items():  # variant/agent/model, sorted
            variant, of = key.split("/", 1)
            if of[len(target) + 1 :] in defences and of.startswith(target + "/"):
                variant = f"{variant} {of[len(target) + 1 :].split('=')[0]}"  # behind a defence
            elif of != target:
                continue
            errors = ", ".join(f"{k} {v}" for k, v in g.errors.items() if v) or "-"
            table.add_row(
                variant, str(g.trials), str(g.violated), _pct(g.asr, g.asr_ci), _pct(g.esr),
                _rate(g.utility), _rate(g.capable_asr), _rate(g.utility_under_attack), errors,
            )  # fmt: skip
        console.print(table)
    console.print(
        "benign utility: benign tasks done (for an attack row: by its trials' benign twins); "
        "ASR, benign ok: ASR among trials whose benign twin got its task done; utility "
        "attacked: the benign task still done under attack; intervals in the report",
        highlight=False,
        style="dim",
    )
    for line in not_capable(m.by_target):
        err_console.print(f"warning: {line}", highlight=False, soft_wrap=True)
    console.print(f"report: {path}", highlight=False)
    budget = data.budget
    if budget is not None:
        out = err_console if budget.stopped else console
        for line in filter(None, [budget.line(), budget.unpriced_line()]):
            out.print(line, highlight=False, soft_wrap=True)
        if budget.stopped:
            err_console.print(
                f"vera run: the budget stopped the run ({budget.reason}); finished trials are "
                f"kept: vera run --resume {run_dir} with a higher --max-cost or --max-tokens",
                highlight=False,
                soft_wrap=True,
            )
            raise typer.Exit(BUDGET_EXIT)
    infra = m.outcomes.get("infra_error", 0)
    if infra:
        err_console.print(
            f"vera run: {infra} trial(s) ended in infra_error (see the report); "
            f"rerun them with a new run or inspect {run_dir}", highlight=False, markup=False,
        )  # fmt: skip
        for line in _common_errors(data.results, "infra_error"):
            err_console.print(f"  {line}", highlight=False, markup=False, soft_wrap=True)
        raise typer.Exit(3)
    judged = m.outcomes.get("judge_error", 0)
    if judged:
        err_console.print(
            f"vera run: {judged} trial(s) ended in judge_error: the judge model gave no usable "
            f"answer (their verifiers' verdicts are kept in the report); inspect {run_dir}"
        )
        raise typer.Exit(3)
    timeouts = m.outcomes.get("timeout", 0)
    if timeouts and timeouts == m.trials:
        err_console.print(
            f"vera run: every trial ({timeouts}) ran out of time, nothing was judged; raise "
            f"--time-limit or the case budgets, or inspect {run_dir}"
        )
        raise typer.Exit(3)
