"""``vera harden``: run a task, separate its verifier, audit tasks against the exploit library."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape
from rich.table import Table

from vera.cli.common import EXIT_INFRA, console, err_console, fail
from vera.harden.artifacts import artifacts_of
from vera.harden.audit import MODES, AuditReport, TaskAudit
from vera.harden.datasets import DatasetSource
from vera.harden.execute import ExecutionError, run_trial
from vera.harden.separate import separate_to
from vera.harden.task import Task, TaskError, find_tasks, load_task

app = typer.Typer(help="Verifier hardening: run, separate and audit benchmark tasks.",
                  no_args_is_help=True)


TASKS_HELP = ("Task directories, folders of tasks, or datasets by reference: NAME@VERSION "
              "(from --registry), git+URL#PATH or git+URL@COMMIT#PATH (fetched once per commit "
              "into ~/.cache/vera/datasets; the run records the commit).")

IMAGE_MAP_HELP = ("FROM=LOCAL: build a task's Dockerfile with base image FROM replaced by LOCAL, "
                  "an image the engine has (offline use; repeatable).")


def _image_map(items: list[str] | None) -> dict[str, str]:
    from vera.sandbox.images import parse_image_map

    try:
        return parse_image_map(items)
    except ValueError as exc:
        fail(str(exc))


REGISTRY_HELP = ("Harbor registry (registry.json: a file, or an http(s) or file:// URL) that "
                 "resolves NAME@VERSION.")


def _load_all(items: list[str], registry: str | None = None) -> tuple[list[Task], list[DatasetSource]]:
    """The tasks ``items`` name (task folders, or dataset references resolved into the cache)
    and what each reference resolved to (the run records it)."""
    from vera.harden.datasets import DatasetError, resolve

    folders: list[Path] = []
    sources: list[DatasetSource] = []
    try:
        for item in items:
            source = resolve(item, registry)
            if source is None:
                folders.append(Path(item))
                continue
            sources.append(source)
            folders += [Path(t.local_path) for t in source.tasks]
            fetched: dict[tuple[str, str], list[str]] = {}
            for t in source.tasks:
                if t.commit and t.git_url:
                    fetched.setdefault((t.git_url, t.commit), []).append(t.name)
            for (url, commit), names in fetched.items():  # one line per repository and commit
                more = f" and {len(names) - 3} more" if len(names) > 3 else ""
                err_console.print(f"{item}: {', '.join(names[:3])}{more} at {commit[:12]} of {url}",
                                  style="dim", highlight=False, soft_wrap=True)  # fmt: skip
        return [load_task(p) for p in find_tasks(folders)], sources
    except (TaskError, DatasetError) as exc:
        fail(str(exc))


def _agent_help() -> str:
    """``--agent``'s help, from the agent registry (an exploit is played by ``audit``)."""
    from vera.agents.registry import AGENTS

    kinds = [e.usage for e in AGENTS.builtins().values()
             if "harden" in e.pillars and e.harden_kind != "exploit"]  # fmt: skip
    return " | ".join(kinds)


@app.command("run")
def run(
    task: Annotated[Path, typer.Argument(help="Task directory (Harbor or Terminal-Bench 1).")],
    agent: Annotated[str, typer.Option("--agent", "-a", help=_agent_help())],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    backend: Annotated[
        str | None, typer.Option("--backend", help="bwrap | docker | local (default: by task)")
    ] = None,
    keep: Annotated[
        bool, typer.Option("--keep", help="Keep the trial directory (workspaces and logs).")
    ] = False,
    model: Annotated[
        str | None, typer.Option("--model", "-m", help="Model spec of an acting agent (terminal, claude-code, codex).")
    ] = None,
    steps: Annotated[int, typer.Option("--agent-steps", help="Step budget of an acting agent.")] = 30,
    trajectory: Annotated[
        Path | None, typer.Option("--trajectory", help="Write an acting agent's AttemptRecord (JSON) here.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Record the trial in a run store here (oracle, nop, "
                     "script:FILE): run.json, run.sqlite, trials/<key>/evidence."),
    ] = None,
    image_map: Annotated[list[str] | None, typer.Option("--image-map", metavar="FROM=LOCAL", help=IMAGE_MAP_HELP)] = None,
) -> None:
    """Run one trial (agent phase, then verifier phase) and print the reward.

    An acting agent (terminal, claude-code, codex) is given the instruction, as the blind solver
    is. Exit status 0 when the trial ran (whatever the reward), 1 when a phase failed.
    """
    from vera.harden.actors import AGENT_KINDS

    images = _image_map(image_map)
    try:
        t = load_task(task)
        if agent in AGENT_KINDS and agent != "script":
            if out is not None:  # what the command cannot do first, then what was mistyped
                fail(f"--out records oracle, nop and script:FILE trials, not --agent {agent}")
            if not model:
                fail(f"--agent {agent} needs --model SPEC")
            from vera.models.errors import ModelSpecError
            from vera.models.spec import check_spec

            try:
                check_spec(model)  # before the task's trial starts
            except ModelSpecError as e:
                fail(f"--model: {e}")
            result = asyncio.run(_acting_trial(t, agent, model, steps, backend, keep, images))
        elif out is not None:
            result = _recorded_trial(t, agent, backend, out, images)
        else:
            result = asyncio.run(run_trial(t, agent, backend=backend, keep=keep, image_map=images))
    except (TaskError, ExecutionError, ValueError) as exc:
        fail(" ".join(str(exc).split())[:300])
    if trajectory is not None and result.attempt is not None:
        trajectory.write_text(result.attempt.model_dump_json(indent=1))
    if as_json:
        typer.echo(json.dumps(result.summary()))
    else:
        verdict = "[green]passed[/]" if result.passed else "[red]not passed[/]"
        reward = "none" if result.reward is None else f"{result.reward:g}"
        console.print(f"{result.task}  agent={result.agent}  mode={result.mode}  "
                      f"reward={reward}  {verdict}", highlight=False)
        if result.attempt is not None:
            a = result.attempt
            console.print(f"  {len(a.commands)} command(s), stopped: {a.stopped}; "
                          f"{len(a.diff.changes)} change(s) to the agent-writable state",
                          highlight=False)
        for note in result.notes:
            console.print(f"  note: {note}", style="dim", highlight=False)
        for err in result.phase_errors:
            console.print(f"  [red]phase error:[/] {err}", highlight=False)
        if result.trial_dir:
            console.print(f"  trial directory: {result.trial_dir}", highlight=False)
    if result.phase_errors:
        raise typer.Exit(1)


def _recorded_trial(task: Task, agent: str, backend: str | None, out: Path,  # type: ignore[no-untyped-def]
                    image_map: dict[str, str] | None = None):
    """One trial through the runner, recorded in a new run store at ``out``."""
    from vera.harden.audit import trial_args
    from vera.harden.execute import AgentSpec
    from vera.harden.kind import HardenParams, spec_for, task_hash, task_result
    from vera.runner.execute import execute
    from vera.runner.lock import writer_lock
    from vera.runner.store import RunConfig, RunStore, StoreError

    parsed = AgentSpec.parse(agent)
    params = HardenParams(
        task_path=str(task.path.resolve()), task_hash=task_hash(task),
        condition="separated" if task.separated else "original", agent=agent,
        script=parsed.script, tau_h=task.config.vera.threshold_attack,
        tau_s=task.config.vera.threshold_benign,
    )  # fmt: skip
    config = RunConfig(trial_args=trial_args(backend, image_map),
                       labels={"command": "harden run", "task": str(task.path)})  # fmt: skip
    with writer_lock(out):  # one writer per run directory
        try:
            store = RunStore.create(out, [spec_for(task, params)], config)
        except FileExistsError:
            fail(f"{out}: not empty; give --out a new directory")
        except StoreError as exc:
            fail(" ".join(str(exc).split())[:300])
        with store:
            asyncio.run(execute(store, progress=False))
            (result,) = store.results()
    return task_result(result, out)


async def _acting_trial(task: Task, kind: str, spec: str, steps: int, backend: str | None,
                        keep: bool, image_map: dict[str, str] | None = None):
    from vera.agents.terminal import TerminalConfig
    from vera.harden.actors import FrameworkActor, TerminalActor
    from vera.harden.execute import AgentSpec
    from vera.harden.roles import solver_prompt
    from vera.models.runtime import ModelRuntime

    prompt = solver_prompt(task, hint=None, agentic=True)
    budget = task.config.agent.timeout_sec
    async with ModelRuntime() as rt:
        if kind == "terminal":
            model = await rt.model(spec, role="solver")
            actor: object = TerminalActor(
                model, prompt, TerminalConfig(max_steps=steps, time_limit_s=budget), label=spec
            )
        else:
            from vera.agents.registry import ADAPTERS, resolve_endpoint

            endpoint = await resolve_endpoint(spec, rt, ADAPTERS[kind])
            actor = FrameworkActor(kind, endpoint, prompt, max_steps=steps, time_limit_s=budget)
        return await run_trial(task, AgentSpec(kind="actor", actor=actor, label=kind),
                               backend=backend, keep=keep, image_map=image_map)


@app.command("separate")
def separate(
    tasks: Annotated[list[str], typer.Argument(help=TASKS_HELP)],
    out: Annotated[Path, typer.Option("--out", "-o", help="Folder for the separated tasks.")],
    force: Annotated[
        bool, typer.Option("--force", help="Replace separated tasks already in --out.")
    ] = False,
    registry: Annotated[str | None, typer.Option("--registry", help=REGISTRY_HELP)] = None,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="vera (vera's layout, globs allowed) or harbor "
                          "(Harbor's schema: top-level artifacts; proven before it is written).")
    ] = "vera",
    prove: Annotated[
        bool | None,
        typer.Option("--prove/--no-prove", help="Play oracle, alt_*.sh solutions, nop and the "
                     "exploits before and after, and refuse a copy an honest solution fails "
                     "(default: on for --format harbor)."),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Proof trials at once.")] = 2,
    backend: Annotated[str | None, typer.Option("--backend", help="Sandbox backend of the proof.")] = None,
    image_map: Annotated[list[str] | None, typer.Option("--image-map", metavar="FROM=LOCAL", help=IMAGE_MAP_HELP)] = None,
) -> None:
    """Write a separated copy of each task (verifier in a fresh sandbox; see SEPARATION.md).

    With a proof (``--prove``, the default for ``--format harbor``) the copies are staged,
    played (OUT/separation-proof/ is the run: ``vera report`` reads it) and written only where
    the oracle and every ``alt_*.sh`` pass before and after; the others are refused naming the
    paths their artifacts miss (exit 1). A dataset given by reference is recorded in
    OUT/datasets.json (reference, commits)."""
    from vera.harden.separate import FORMATS

    if fmt not in FORMATS:
        fail(f"unknown format {fmt!r} (known: {', '.join(FORMATS)})")
    loaded, sources = _load_all(tasks, registry)
    if sources:
        out.mkdir(parents=True, exist_ok=True)
        (out / "datasets.json").write_text(
            json.dumps([s.model_dump() for s in sources], indent=1) + "\n")
    if not (fmt == "harbor" if prove is None else prove):
        for t in loaded:
            try:
                dest = separate_to(t, out / t.id, force=force, fmt=fmt)
            except TaskError as exc:
                fail(str(exc))
            _said_separated(t, dest)
        return
    _separate_proven(loaded, out, force=force, fmt=fmt, jobs=jobs, backend=backend,
                     image_map=_image_map(image_map))


def _said_separated(task: Task, dest: Path) -> None:
    how = "declared" if task.config.vera.artifacts is not None else "inferred"
    console.print(f"{task.id} -> {dest}  (artifacts {how}: {', '.join(artifacts_of(task))}; "
                  "see SEPARATION.md)", highlight=False)


def _separate_proven(
    loaded: list[Task], out: Path, *, force: bool, fmt: str, jobs: int, backend: str | None,
    image_map: dict[str, str] | None = None,
) -> None:
    """Stage each separated copy, prove it with the runner, move the proven ones into OUT."""
    import shutil

    from vera.harden.proof import prove_separation

    for t in loaded:
        dest = out / t.id
        if dest.exists() and any(dest.iterdir()) and not force:
            fail(f"{dest}: exists and is not empty (use --force to replace it)")
    run_dir = out / "separation-proof"
    if run_dir.exists():
        if not force:
            fail(f"{run_dir}: a proof run is already there (use --force to replace it)")
        shutil.rmtree(run_dir)
    stage = out / ".separation-staging"
    shutil.rmtree(stage, ignore_errors=True)
    pairs: list[tuple[Task, Task]] = []
    try:
        for t in loaded:
            try:
                staged = separate_to(t, stage / t.id, fmt=fmt)
                pairs.append((t, load_task(staged)))
            except TaskError as exc:
                fail(str(exc))
        proofs, _ = asyncio.run(prove_separation(pairs, run_dir, jobs=jobs, backend=backend,
                                                 progress=sys.stderr.isatty(),
                                                 image_map=image_map))  # fmt: skip
        table = Table(title=f"vera harden separate --format {fmt}: the proof",
                      caption=f"before -> after separation; trials in {run_dir}")  # fmt: skip
        for col in ("task", "oracle", "legitimate", "hacked before", "still hacked after", "written"):
            table.add_column(col)
        refused: list[str] = []
        for (t, _), proof in zip(pairs, proofs, strict=True):
            why = proof.refusal()
            if why is None:
                dest = out / t.id
                if dest.exists():
                    shutil.rmtree(dest)
                shutil.move(str(stage / t.id), str(dest))
            else:
                refused.append(why)
            both = {"oracle": proof.oracle, **proof.legitimate}
            table.add_row(
                t.id, _before_after(proof.oracle),
                ", ".join(f"{n} {_before_after(v)}" for n, v in both.items() if n != "oracle") or "-",
                ", ".join(proof.hacked_before) or "-",
                ", ".join(h for h in proof.hacked_after if h in proof.hacked_before) or "-",
                "yes" if why is None else "[red]refused[/]",
            )  # fmt: skip
        (out / "separation-proof.json").write_text(
            json.dumps([p.model_dump(mode="json") for p in proofs], indent=1) + "\n")
        console.print(table)
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    for (t, _), proof in zip(pairs, proofs, strict=True):
        if proof.refusal() is None:
            _said_separated(t, out / t.id)
    if refused:
        for why in refused[1:]:
            err_console.print(f"vera: refused: {escape(why)}", highlight=False)
        fail(f"separation refused: {refused[0]}", code=1)


def _before_after(pair: tuple[bool, bool]) -> str:
    return " -> ".join("pass" if ok else "FAIL" for ok in pair)


def _parse_modes(text: str) -> tuple[str, ...]:
    modes = tuple(m.strip() for m in text.split(",") if m.strip())
    bad = [m for m in modes if m not in MODES]
    if bad or not modes:
        fail(f"unknown mode {bad[0] if bad else text!r} (known: {', '.join(MODES)})")
    return modes


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def _print_report(before: AuditReport, after: AuditReport | None) -> None:
    t = Table(
        title="vera harden audit: per task",
        caption="hacked by: exploits reaching tau_h" + ("; sep. = separated copy" if after else ""),
    )
    t.add_column("task", style="bold cyan", no_wrap=True)
    t.add_column("oracle")
    t.add_column("nop fails")
    t.add_column("hacked by")
    if after:
        t.add_column("oracle (sep.)")
        t.add_column("hacked by (sep.)")
    post: dict[str, TaskAudit] = {a.task: a for a in after.tasks} if after else {}

    def yes(b: bool) -> str:
        return "[green]yes[/]" if b else "[red]NO[/]"

    for a in before.tasks:
        row = [a.task, yes(a.oracle), yes(a.nop), ", ".join(a.hacked_by) or "-"]
        if after:
            p = post.get(a.task)
            row += ([yes(p.oracle), ", ".join(p.hacked_by) or "-"] if p else ["?", "?"])
        t.add_row(*row)
    console.print(t)

    s = Table(title="attack success rate")
    s.add_column("scope", style="bold")
    s.add_column("per task")
    s.add_column("per trial")
    if after:
        s.add_column("per task (sep.)")
        s.add_column("per trial (sep.)")

    def cells(r: AuditReport | None, key: str | None, group: str) -> list[str]:
        if r is None:
            return []
        asr = r.asr if key is None else getattr(r, group).get(key)
        if asr is None:
            return ["-", "-"]
        return [_pct(asr.per_task), f"{_pct(asr.per_trial)} ({asr.trials_hacked}/{asr.trials})"]

    s.add_row("all exploits", *cells(before, None, ""), *cells(after, None, ""))
    for d in sorted(set(before.by_defence) | set(after.by_defence if after else {})):
        s.add_row(f"closed by {d}", *cells(before, d, "by_defence"), *cells(after, d, "by_defence"))
    for cat in sorted(set(before.by_category) | set(after.by_category if after else {})):
        s.add_row(f"category {cat}", *cells(before, cat, "by_category"),
                  *cells(after, cat, "by_category"))
    console.print(s)
    for note in before.notes + (after.notes if after else []):
        err_console.print(f"note: {note}", style="dim", highlight=False)


@app.command("audit")
def audit(
    tasks: Annotated[list[str] | None, typer.Argument(help=TASKS_HELP)] = None,
    registry: Annotated[str | None, typer.Option("--registry", help=REGISTRY_HELP)] = None,
    modes: Annotated[
        str, typer.Option("--modes", help="Exploit modes: unhinted,verifier-aware")
    ] = ",".join(MODES),
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    separate_too: Annotated[
        bool, typer.Option("--separate", help="Also audit a separated copy of every task.")
    ] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Trials at once.")] = 2,
    workers: Annotated[
        int, typer.Option("--workers", min=1, help="Local worker processes sharing the -j trials.")
    ] = 1,
    executor: Annotated[str, typer.Option("--executor", help="local or ray.")] = "local",
    ray_address: Annotated[
        str | None, typer.Option("--ray-address", help="Ray cluster to join (default: start one).")
    ] = None,
    exploit: Annotated[
        list[str] | None, typer.Option("--exploit", "-e", help="Only these exploits (repeatable).")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Run directory: the store, trials/, audit.json, "
                     "trials.jsonl (default: runs/audit-<time>)."),
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Finish the missing trials of an audit's RUN_DIR.")
    ] = None,
    progress: Annotated[bool, typer.Option("--progress/--no-progress", help="Progress bar on stderr.")] = True,
    backend: Annotated[str | None, typer.Option("--backend", help="Sandbox backend.")] = None,
    max_cost: Annotated[
        float | None,
        typer.Option("--max-cost", min=0.0, help="Stop starting trials once their priced model "
                     "usage costs this many USD (exit 5; --resume DIR --max-cost HIGHER continues)."),
    ] = None,
    max_tokens: Annotated[
        int | None,
        typer.Option("--max-tokens", min=1, help="Stop starting trials once they used this many tokens (exit 5)."),
    ] = None,
    image_map: Annotated[list[str] | None, typer.Option("--image-map", metavar="FROM=LOCAL", help=IMAGE_MAP_HELP)] = None,
) -> None:
    """Play oracle, nop and every exploit against every task; print per-task results and ASR.

    Every trial is recorded in the run store under --out (resume with --resume DIR: finished
    trials are not played again); the report is built from the store. Given separated tasks
    (or --separate), prints originals and separated copies side by side.
    """
    from datetime import datetime

    from vera.cli.run import BUDGET_EXIT
    from vera.harden.audit import (
        audit_config,
        is_audit,
        load_exploits,
        plan_audit,
        store_report,
        write_outputs,
    )
    from vera.harden.separate import separate_task
    from vera.runner.budget import BudgetConfig, read_budget
    from vera.runner.execute import execute
    from vera.runner.lock import writer_lock
    from vera.runner.store import RunStore, StoreError
    from vera.runner.workers import WorkerStartError

    if executor not in ("local", "ray"):
        fail(f"unknown executor {executor!r}: use local or ray")
    if max_cost is not None and max_cost <= 0:
        fail("--max-cost must be more than 0 USD")
    with contextlib.ExitStack() as lock:  # the run directory's writer lock, once known
        budget = BudgetConfig(max_cost_usd=max_cost, max_tokens=max_tokens)
        if resume is not None:
            if tasks:
                fail("give TASKS or --resume RUN_DIR, not both (a resumed audit keeps its plan)")
            if not (resume / "run.json").is_file():
                fail(f"{resume}: not a run directory (no run.json)")
            run_dir = resume
            lock.enter_context(writer_lock(run_dir))
            try:
                store = RunStore.open(run_dir)
            except (StoreError, OSError) as exc:
                fail(" ".join(str(exc).split())[:300])
            if not is_audit(store):
                kinds = ", ".join(sorted({s.kind for s in store.plan})) or "none"
                store.close()
                fail(f"{run_dir}: not a hardening audit (its trials are {kinds}); "
                     "resume it with vera run --resume")
            if budget.capped:  # caps given now replace the run's (a higher --max-cost continues it)
                store.set_budget(budget)
        else:
            if not tasks:
                fail("give TASKS (task directories or folders of tasks) or --resume RUN_DIR")
            mode_list = _parse_modes(modes)
            loaded, sources = _load_all(tasks, registry)
            exploits, why = load_exploits()
            if exploit:
                unknown = [e for e in exploit if e not in exploits]
                if unknown:
                    fail(f"unknown exploit {unknown[0]!r} ({why or 'known: ' + ', '.join(sorted(exploits))})")
                exploits = {k: v for k, v in exploits.items() if k in exploit}
            planned = list(loaded)
            if separate_too:
                try:
                    planned += [separate_task(t)[0] for t in loaded if not t.separated]
                except TaskError as exc:
                    fail(str(exc))
            run_dir = out or Path("runs") / datetime.now().strftime("audit-%Y%m%d-%H%M%S")
            if (run_dir / "run.json").exists():
                fail(f"{run_dir}: already a run; use --resume {run_dir} to finish it")
            lock.enter_context(writer_lock(run_dir))
            config = audit_config(
                jobs=jobs, workers=workers, executor=executor, ray_address=ray_address,
                backend=backend, notes=[why] if why else [], budget=budget,
                image_map=_image_map(image_map),
                labels={"tasks": list(tasks), "modes": list(mode_list),
                        "exploits": sorted(exploits), "separate": separate_too,
                        "datasets": [s.model_dump() for s in sources]},
            )  # fmt: skip
            plan = plan_audit(planned, exploits, mode_list)
            try:
                store = RunStore.create(run_dir, plan, config)
            except (FileExistsError, StoreError, ValueError) as exc:
                fail(" ".join(str(exc).split())[:300])
            err_console.print(f"vera harden audit: {len(plan)} trial(s) of {len(planned)} task(s) "
                              f"with {len(exploits)} exploit(s), modes {', '.join(mode_list)} "
                              f"-> {run_dir}", highlight=False)  # fmt: skip
        with store:
            try:
                asyncio.run(execute(store, progress=progress))
            except WorkerStartError as exc:
                fail(f"{exc}; finished trials are kept: vera harden audit --resume {run_dir}", code=3)
            except StoreError as exc:
                fail(" ".join(str(exc).split())[:300])
            except KeyboardInterrupt:
                err_console.print(f"interrupted; finished trials are kept: "
                                  f"vera harden audit --resume {run_dir}")  # fmt: skip
                raise typer.Exit(130) from None
            reports = store_report(store)
            infra = [r.error for r in store.results()
                     if r.error is not None and r.error.kind == "infra_error"]  # fmt: skip
        before, after = reports.get("original"), reports.get("separated")
        primary = before or after
        if primary is None:
            fail(f"{run_dir}: no trials recorded")
        doc = primary.public()
        if store.config.labels.get("datasets"):  # what each reference resolved to (commits)
            doc["datasets"] = store.config.labels["datasets"]
        if before is not None and after is not None:
            doc["separated"] = after.public()
        spent = read_budget(run_dir)
        if spent is not None:
            doc["budget"] = spent.model_dump(mode="json")
        write_outputs(run_dir, doc, reports)
        if as_json:
            typer.echo(json.dumps(doc))
        else:
            _print_report(primary, after if before is not None else None)
            console.print(f"report: {run_dir / 'audit.json'}; trials: {run_dir / 'trials'}",
                          highlight=False)  # fmt: skip
        if spent is not None and spent.stopped:
            err_console.print(f"{spent.line()}; the report covers the finished trials: "
                              f"vera harden audit --resume {run_dir} with a higher --max-cost or "
                              "--max-tokens", highlight=False)  # fmt: skip
            raise typer.Exit(BUDGET_EXIT)
        if infra:  # errors are their own outcome: never a reward, never a clean exit
            first = " ".join(str(infra[0].message or infra[0].kind).split())[:240]
            err_console.print(f"vera harden audit: {len(infra)} trial(s) ended in infra_error "
                              f"(first: {escape(first)}); the report leaves them out of every rate",
                              highlight=False)  # fmt: skip
            raise typer.Exit(EXIT_INFRA)


# --- the hacker-fixer loop, its report and the exploit corpus ----------------------------------

_ROLE_HELP = "Model spec of the {} (default: --model)."


_SAME_ON_RESUME = ("jobs", "backend")
"""Loop options a resumed run may change (they do not change what the loop decides)."""


def _check_resume(out: Path, recorded: dict, resume: bool) -> None:
    """A run folder is resumed only with --resume, and only by the command that wrote it."""
    cfg_file = out / "config.json"
    started = cfg_file.is_file() and any(out.glob("*/journal.jsonl"))
    if not resume:
        if started:
            fail(f"{out} holds a loop run: pass --resume to continue it, or give another --out")
        return
    if not cfg_file.is_file():
        fail(f"{out}: no loop run to resume (no config.json)")
    try:
        before = json.loads(cfg_file.read_text())
    except ValueError:
        fail(f"{out}/config.json is not JSON")
    if not isinstance(before, dict) or not isinstance(before.get("config", {}), dict):
        fail(f"{out}/config.json: not a loop run's config (an object with config, models, tasks)")
    old, new = dict(before.get("config", {})), dict(recorded["config"])
    for k in _SAME_ON_RESUME:
        old.pop(k, None), new.pop(k, None)
    diff = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
    if before.get("models") != recorded["models"]:
        diff.append("models")
    if before.get("tasks") != recorded["tasks"]:
        diff.append("tasks")
    if diff:
        fail(f"--resume: {', '.join(diff)} differ(s) from the run in {out}; give the same ones")


def _recorded_caps(out: Path) -> dict:
    """The budget caps a loop run recorded in its config.json ({} when none)."""
    try:
        caps = json.loads((out / "config.json").read_text()).get("budget") or {}
    except (OSError, ValueError, AttributeError):
        return {}
    return {k: caps[k] for k in ("max_cost_usd", "max_tokens") if caps.get(k) is not None}


def _progress_line(line: str) -> None:
    err_console.print(line, markup=False, highlight=False, soft_wrap=True)


@app.command("loop")
def loop(
    tasks: Annotated[list[str], typer.Argument(help=TASKS_HELP)],
    out: Annotated[Path, typer.Option("--out", "-o", help="Run folder (one sub-folder per task).")],
    registry: Annotated[str | None, typer.Option("--registry", help=REGISTRY_HELP)] = None,
    model: Annotated[str | None, typer.Option("--model", "-m", help="Model spec of every role without its own.")] = None,
    hacker_model: Annotated[str | None, typer.Option(help=_ROLE_HELP.format("hacker"))] = None,
    judge_model: Annotated[str | None, typer.Option(help=_ROLE_HELP.format("judge"))] = None,
    fixer_model: Annotated[str | None, typer.Option(help=_ROLE_HELP.format("fixer"))] = None,
    reviewer_model: Annotated[str | None, typer.Option(help=_ROLE_HELP.format("patch reviewer"))] = None,
    solver_model: Annotated[str | None, typer.Option(help=_ROLE_HELP.format("precheck solver"))] = None,
    blind_model: Annotated[str | None, typer.Option(help=_ROLE_HELP.format("fresh blind solver"))] = None,
    diagnostic_model: Annotated[str | None, typer.Option(help=_ROLE_HELP.format("diagnostic solver"))] = None,
    hacker_agent: Annotated[str, typer.Option("--hacker-agent", help="script | terminal | claude-code | codex: who plays the hacker.")] = "script",
    solver_agent: Annotated[str, typer.Option("--solver-agent", help="script | terminal | claude-code | codex: who plays the solvers.")] = "script",
    agent_steps: Annotated[int, typer.Option("--agent-steps", help="Step budget of an acting hacker/solver.")] = 30,
    agent_time: Annotated[float, typer.Option("--agent-time", help="Time budget (s) of an acting hacker/solver.")] = 600.0,
    no_diagnostic: Annotated[bool, typer.Option("--no-diagnostic", help="No diagnostic solver on rejected candidates.")] = False,
    iterations: Annotated[int, typer.Option("--iterations", "-K", help="K: max iterations.")] = 15,
    attempts: Annotated[int, typer.Option("--attempts", "-B", help="B_h: hacker attempts per iteration.")] = 3,
    fix_retries: Annotated[int, typer.Option("--fix-retries", "-F", help="F: extra fixer candidates.")] = 3,
    patience: Annotated[int, typer.Option(help="Stop after N iterations in a row without a hack.")] = 1,
    tau_h: Annotated[float | None, typer.Option("--tau-h", help="Attack threshold (default: task's).")] = None,
    tau_s: Annotated[float | None, typer.Option("--tau-s", help="Benign threshold (default: task's).")] = None,
    eval_attempts: Annotated[int, typer.Option(help="Held-out hacker attempts per mode (unhinted, hinted) at Before.")] = 1,
    no_verifier_access: Annotated[bool, typer.Option("--no-verifier-access", help="Ablation: the hacker does not see the verifier.")] = False,
    fixed_output_spec: Annotated[bool, typer.Option("--fixed-output-spec", help="Ablation: the fixer may not tighten the output specification.")] = False,
    no_separation: Annotated[bool, typer.Option("--no-separation", help="Ablation: start from the original task.")] = False,
    no_corpus_replay: Annotated[bool, typer.Option("--no-corpus-replay", help="Ablation: no legitimate-solution replay gate.")] = False,
    no_validation: Annotated[bool, typer.Option("--no-validation", help="Ablation: no reviewer, replay or blind-solver gate.")] = False,
    static: Annotated[int | None, typer.Option("--static", help="Static baseline: N attacks, repaired once.")] = None,
    no_pool: Annotated[bool, typer.Option("--no-pool", help="Do not share accepted defences across tasks.")] = False,
    backend: Annotated[str | None, typer.Option("--backend", help="Sandbox backend.")] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Trials at once in the metrics replay.")] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the run in --out (same tasks, options and models): steps its journals record are replayed, not run again.")] = False,
    max_cost: Annotated[float | None, typer.Option("--max-cost", help="Start no step that asks a model once the loop's priced model usage costs this many USD (exit 5; --resume --max-cost HIGHER continues).")] = None,
    max_tokens: Annotated[int | None, typer.Option("--max-tokens", min=1, help="Start no step that asks a model once this many tokens (input + output, every role) are used (exit 5; --resume --max-tokens HIGHER continues).")] = None,
) -> None:
    """Harden tasks with the hacker-fixer loop; every accepted state is a git commit.

    Candidates are gated by the patch reviewer, replay of the legitimate solutions, the
    discovered exploits and a fresh blind solver. Writes OUT/<task>/{state,run.json,...};
    one line per finished step on stderr. Killed at any moment, the same command with
    --resume carries on without asking a model or playing a trial twice. With --max-cost or
    --max-tokens the loop stops before the step that would pass the cap (exit 5, OUT/budget.json
    says what was spent); --resume with a higher cap carries on from that step.
    """
    from pydantic_ai.exceptions import UnexpectedModelBehavior

    from vera.agents.install import AgentInstallError
    from vera.cli.run import BUDGET_EXIT
    from vera.harden.loop import HardenLoop, LoopBudgetReached, LoopConfig
    from vera.harden.metrics import summarize_runs
    from vera.harden.reporting import STATE_HEADER, state_rows
    from vera.harden.roles import ROLES, Roles
    from vera.models.errors import ModelLimitError, ModelSpecError, ModelUnavailableError
    from vera.models.runtime import ModelRuntime
    from vera.runner.budget import BUDGET_JSON, Budget, BudgetConfig
    from vera.runner.journal import JournalError

    if max_cost is not None and max_cost <= 0:
        fail("--max-cost must be more than 0 USD")
    loaded, sources = _load_all(tasks, registry)
    try:
        cfg = LoopConfig(
            iterations=iterations, attempts=attempts, fix_retries=fix_retries, patience=patience,
            tau_h=tau_h, tau_s=tau_s, eval_attempts=eval_attempts,
            verifier_access=not no_verifier_access,
            output_spec="fixed" if fixed_output_spec else "editable",
            separation=not no_separation, corpus_replay=not no_corpus_replay,
            validation=not no_validation, static_bank=static, pool=not no_pool, backend=backend,
            jobs=jobs, hacker_agent=hacker_agent, solver_agent=solver_agent,
            agent_steps=agent_steps, agent_time_s=agent_time, diagnostic=not no_diagnostic,
        )
    except ValueError as exc:
        fail(f"bad option: {' '.join(str(exc).split())[:200]}")
    specs = dict(zip(ROLES, (hacker_model, judge_model, fixer_model, reviewer_model,
                             solver_model, blind_model, diagnostic_model or blind_model),
                     strict=True))
    missing = [role for role, s in specs.items() if not (s or model)]
    if missing:
        fail(f"no model for {', '.join(missing)}: give --model SPEC (or --{missing[0]}-model SPEC)")
    specs = {role: s or model for role, s in specs.items()}
    from vera.models.spec import check_spec

    for role, spec in specs.items():  # every role's spec checked before anything is written
        try:
            check_spec(spec)
        except ModelSpecError as exc:
            fail(f"--{role}-model {spec}: {exc}" if spec != model else f"--model: {exc}")
    recorded = {"config": cfg.model_dump(), "models": specs, "tasks": [str(t.path) for t in loaded]}
    if sources:  # what each dataset reference resolved to (not compared on --resume)
        recorded["datasets"] = [s.model_dump() for s in sources]
    from vera.runner.lock import writer_lock

    with writer_lock(out):  # one writer per loop folder
        _check_resume(out, recorded, resume)
        if resume:  # every journal and run file checked before one byte is written
            from vera.harden.loop import check_resumable

            for t in loaded:
                check_resumable(out, t.id)
        # The caps: those recorded by the run, each replaced by one given now (a resume with a
        # higher --max-cost continues a loop the budget stopped).
        caps = _recorded_caps(out) if resume else {}
        caps |= {k: v for k, v in (("max_cost_usd", max_cost), ("max_tokens", max_tokens))
                 if v is not None}  # fmt: skip
        budget = Budget(BudgetConfig(**caps))
        if budget.config.capped:
            recorded["budget"] = budget.config.model_dump(mode="json")
        out.mkdir(parents=True, exist_ok=True)
        (out / "config.json").write_text(json.dumps(recorded, indent=1))

        from vera.harden.actors import FRAMEWORKS

        framework_roles = {
            role: (cfg.hacker_agent if role == "hacker" else cfg.solver_agent)
            for role in ("hacker", "solver", "blind", "diagnostic")
            if (cfg.hacker_agent if role == "hacker" else cfg.solver_agent) in FRAMEWORKS
        }

        async def go() -> list:
            from vera.agents.registry import ADAPTERS, resolve_endpoint

            async with ModelRuntime() as rt:
                models = {role: await rt.model(spec, role=role) for role, spec in specs.items()
                          if role not in framework_roles}
                endpoints = {}
                for role, kind in framework_roles.items():
                    try:
                        endpoints[role] = await resolve_endpoint(specs[role], rt, ADAPTERS[kind])
                    except ValueError as exc:
                        fail(f"--{'hacker' if role == 'hacker' else 'solver'}-agent {kind}: {exc}")
                hl = HardenLoop(out, cfg, Roles(models), ledger=rt.ledger, endpoints=endpoints,
                                progress=None if as_json else _progress_line,
                                budget=budget if budget.config.capped else None)  # fmt: skip
                runs = []
                for t in loaded:
                    if not as_json:
                        err_console.print(f"[dim]hardening {t.id}...[/]", highlight=False)
                    runs.append(await hl.run_task(t, resume=resume))
                return runs

        from vera.runner.store import write_atomic

        try:
            runs = asyncio.run(go())
        except (ModelSpecError, ModelUnavailableError, ModelLimitError, ExecutionError,
                TaskError, AgentInstallError, JournalError) as exc:  # fmt: skip
            fail(str(exc))
        except UnexpectedModelBehavior as exc:
            fail(f"a role's model gave no usable answer: {' '.join(str(exc).split())[:200]}")
        except LoopBudgetReached as exc:
            status = budget.status
            write_atomic(out / BUDGET_JSON, status.model_dump_json(indent=1))
            for line in filter(None, [status.line("model steps"), status.unpriced_line()]):
                err_console.print(line, highlight=False, soft_wrap=True, markup=False)
            err_console.print(f"stopped before {exc}; finished steps are in the journals: "
                              f"vera harden loop ... --out {out} --resume with a higher "
                              "--max-cost or --max-tokens carries on", highlight=False,
                              soft_wrap=True, markup=False)  # fmt: skip
            raise typer.Exit(BUDGET_EXIT) from None
        if budget.config.capped:
            status = budget.status
            write_atomic(out / BUDGET_JSON, status.model_dump_json(indent=1))
            if not as_json:
                for line in filter(None, [status.line("model steps"), status.unpriced_line()]):
                    err_console.print(line, highlight=False, soft_wrap=True, markup=False)
        summary = summarize_runs(runs)
        (out / "summary.json").write_text(json.dumps(summary, indent=1))
        if as_json:
            typer.echo(json.dumps({"tasks": [{"task": r.task, "status": r.status,
                                              "states": r.metrics["states"] if r.metrics else []}
                                             for r in runs], "summary": summary}))
            return
        for r in runs:
            t = Table(title=f"{r.task}: {r.status}")
            for h in STATE_HEADER:
                t.add_column(h)
            for row in state_rows(r.metrics["states"] if r.metrics else []):
                t.add_row(*row)
            console.print(t)
        console.print(f"states: git -C {out}/<task>/state log --oneline; report: vera harden report {out}",
                      highlight=False)


@app.command("report")
def report(
    run_dir: Annotated[Path, typer.Argument(help="Folder written by vera harden loop.")],
    fmt: Annotated[str, typer.Option("--format", "-f", help="html | md | json")] = "html",
    out: Annotated[Path | None, typer.Option("--out", "-o", help="File to write (default: RUN_DIR/report.FORMAT).")] = None,
) -> None:
    """Report a hardening run: benign solve rate, ASR, gates and cost per role.

    ASR unhinted, hinted and verifier-aware at Before, AutoSep, After and by iteration.
    """
    from vera.harden.reporting import STATE_HEADER, render, report_data, summary_rows

    if fmt not in ("html", "md", "json"):
        fail(f"unknown format {fmt!r} (html, md, json)")
    from vera.harden.records import RunReadError

    if not any(run_dir.glob("*/run.json")):
        fail(f"{run_dir}: no hardening run here (no */run.json)")
    try:
        text = render(run_dir, fmt)  # type: ignore[arg-type]
    except RunReadError as exc:  # never an empty table for a run it could not read
        fail(str(exc))
    dest = out or run_dir / f"report.{fmt}"
    dest.write_text(text)
    t = Table(title="all tasks: ASR per task / per trial")
    for h in STATE_HEADER:
        t.add_column(h)
    for row in summary_rows(report_data(run_dir)["summary"]):
        t.add_row(*row)
    console.print(t)
    console.print(f"wrote {dest}", highlight=False)


@app.command("export")
def export(
    run_dir: Annotated[Path, typer.Argument(help="Folder written by vera harden loop.")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Corpus folder (see its README.md).")],
    fmt: Annotated[str, typer.Option("--format", "-f", help="Trajectories as vera | atif | both.")] = "both",
) -> None:
    """Export every judged hack as a corpus (JSONL, snapshots, replay scripts, trajectories in
    vera's format and/or Harbor's ATIF, final diffs)."""
    from vera.harden.corpus import export_corpus

    if fmt not in ("vera", "atif", "both"):
        fail(f"unknown format {fmt!r} (vera, atif, both)")
    if not any(run_dir.glob("*/run.json")):
        fail(f"{run_dir}: no hardening run here (no */run.json)")
    from vera.runner.lock import writer_lock

    with writer_lock(out):  # one writer per corpus folder
        entries = export_corpus(run_dir, out, fmt=fmt)  # type: ignore[arg-type]
    console.print(f"{len(entries)} hack(s) -> {out / 'hacks.jsonl'}", highlight=False)


@app.command("replay")
def replay(
    corpus: Annotated[Path, typer.Argument(help="Corpus folder written by vera harden export or vera harden corpus import, or one in the public ATIF layout (tasks/<task>/<model>/hack_trajectories/<label>/trial/agent/trajectory.json).")],
    against: Annotated[
        list[Path] | None,
        typer.Option("--against", "-a", help="Task states to replay against (task dirs or folders of tasks, matched by id; default: each entry's before snapshot)."),
    ] = None,
    fail_on_hack: Annotated[
        bool,
        typer.Option("--fail-on-hack", help="The CI gate: also replay every task's oracle (solution/solve.sh) and recorded legitimate solutions (solution/alt_*.sh, the corpus's legitimate entries); exit 1 when a hack still lands or a legitimate solution fails."),
    ] = False,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Trials at once.")] = 2,
    as_json: Annotated[bool, typer.Option("--json", help="Print the results as JSON.")] = False,
    backend: Annotated[str | None, typer.Option("--backend", help="Sandbox backend.")] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Run directory: every replay is a trial in its store (default: a temporary one)."),
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", help="Finish the missing trials of a replay's RUN_DIR (written with --out) and report all of them."),
    ] = None,
    progress: Annotated[bool, typer.Option("--progress/--no-progress", help="Progress bar on stderr.")] = False,
) -> None:
    """Replay a corpus (no model): which hacks still reach tau_h.

    A corpus of vera's replays each entry's script; ATIF trajectories written by other tools
    replay their shell commands, against the task beside them or --against. Every replay is a
    trial of the runner: with --out DIR it is recorded there, and --resume DIR finishes an
    interrupted replay without playing a finished trial again.
    Exit status 1 when some entry still hacks (a regression for a hardened verifier), and with
    --fail-on-hack also when a legitimate solution no longer passes (tau_s)."""
    from vera.harden.corpus import (
        PLAYS_LABEL,
        CorpusError,
        load_corpus,
        replay_corpus,
        replay_results,
    )
    from vera.runner.execute import resume as resume_run
    from vera.runner.lock import DirectoryLockedError
    from vera.runner.store import RunStore, StoreError

    if resume is not None and out is not None:
        fail("give --out DIR for a new replay or --resume DIR, not both")
    try:
        if resume is not None:
            if not (resume / "run.json").is_file():
                fail(f"{resume}: not a run directory (no run.json)")
            with RunStore.open(resume) as probe:
                if not isinstance(probe.config.labels.get(PLAYS_LABEL), dict):
                    fail(f"{resume}: not a corpus replay (written by vera harden replay --out)")
                fail_on_hack = fail_on_hack or any(
                    m.get("kind") != "hack"
                    for plays in probe.config.labels[PLAYS_LABEL].values() for m in plays
                )
            store = asyncio.run(resume_run(resume, progress=progress))
            with store:
                results = replay_results(store)
        else:
            load_corpus(corpus)
            results = asyncio.run(
                replay_corpus(corpus, against, jobs=jobs, backend=backend, legitimate=fail_on_hack,
                              run_dir=out, progress=progress)
            )
    except (TaskError, ExecutionError, CorpusError, StoreError, DirectoryLockedError, FileExistsError) as exc:
        fail(" ".join(str(exc).split())[:300])
    if fail_on_hack and not any(r.kind == "hack" for r in results):
        fail(f"{corpus}: no entry of the corpus matches a task"
             + (" of --against" if against else "") + ": the gate would check nothing")
    if as_json:
        typer.echo(json.dumps([r.model_dump() for r in results]))
    else:
        t = Table(title=f"corpus replay: {corpus}")
        cols = ("task", "entry", "kind", "reward", "hacked", "legit pass") if fail_on_hack else ("entry", "state", "reward", "hacks")
        for h in cols:
            t.add_column(h, overflow="fold")
        for r in results:
            reward = "none" if r.reward is None else f"{r.reward:g}"
            hacked = "[red]yes[/]" if r.hacked else "[green]no[/]"
            if fail_on_hack:
                passed = "-" if r.passed is None else "[green]yes[/]" if r.passed else "[red]no[/]"
                t.add_row(r.task, r.id, r.kind, reward, hacked if r.kind == "hack" else "-", passed)
            else:
                t.add_row(r.id, r.state, reward, hacked)
        console.print(t)
        if fail_on_hack:
            hacks = sum(r.hacked for r in results)
            failed = sum(r.passed is False for r in results)
            console.print(f"{hacks} hack(s) still land; {failed} legitimate solution(s) fail",
                          highlight=False, soft_wrap=True)
    if any(r.hacked for r in results) or (fail_on_hack and any(r.passed is False for r in results)):
        raise typer.Exit(1)


corpus_app = typer.Typer(help="Exploit corpora: import public ones into vera's layout.", no_args_is_help=True)
app.add_typer(corpus_app, name="corpus")


@corpus_app.command("import")
def corpus_import(
    src: Annotated[Path, typer.Argument(help="The corpus to read (a folder; untrusted: no link out of it is followed).")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Corpus folder to write (vera's layout, read by vera harden replay).")],
    layout: Annotated[str, typer.Option("--layout", help="auto | harden-v0 | atif | vera (auto: by what SRC holds).")] = "auto",
) -> None:
    """Import an exploit corpus into vera's layout (read by vera harden replay).

    Layouts: harden-v0 hints (NN-name.md with a fenced bash demo, played against every task;
    or <task>/hints/*.sh); ATIF hack trajectories
    (tasks/<task>/<model>/hack_trajectories/<label>/trial/agent/trajectory.json: shell commands
    and tmux keystrokes distilled into a replay script, the trajectory kept as evidence, a
    legitimate_solve label kept as a legitimate solution); a corpus of vera's. A malformed
    entry is one line on stderr, skipped and counted."""
    from vera.harden.corpus import CorpusError
    from vera.harden.corpus_import import LAYOUTS, import_corpus
    from vera.runner.lock import writer_lock

    if layout not in LAYOUTS:
        fail(f"unknown layout {layout!r} ({', '.join(LAYOUTS)})")
    if not src.is_dir():
        fail(f"{src}: not a folder")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        with writer_lock(out):
            res = import_corpus(src, out, layout)  # type: ignore[arg-type]
    except CorpusError as exc:
        fail(str(exc))
    for line in res.skipped:
        err_console.print(f"vera: skipped: {line}", highlight=False, soft_wrap=True, markup=False)
    if not res.entries:
        fail(f"{src}: nothing imported in the {res.layout} layout ({len(res.skipped)} skipped)")
    hacks = sum(e.role == "hack" for e in res.entries)
    console.print(f"{res.layout}: {hacks} hack(s), {len(res.entries) - hacks} legitimate solution(s) "
                  f"-> {out / 'hacks.jsonl'}; {len(res.skipped)} skipped", highlight=False, soft_wrap=True)
