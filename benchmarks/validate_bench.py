"""How fast ``vera cases validate`` checks a bench, against AgentDojo's own ``check_suites``.

Both do the same kind of work: replay every ground truth / witness and check that it is
solvable, injectable and trips the security check. AgentDojo does it in process over pydantic
environments, one process, one replay per task (plus the injectability replay). vera does it
through the real MCP gateway on a Unix socket, with a trace of every call, for three variants
and six gates: 9 real trials per case (witness 3x and reference once per injection
configuration, ``nop`` once), each with its own trial directory, s0 copy, gateway and MCP
session, and real git for repository cases and a bwrap sandbox for shell cases.

Both are measured in this run, on this machine:

- ``wall``: elapsed time of the whole check divided by the number of cases (tasks). vera
  validates ``--processes`` cases at a time (this process and forked workers, one case each at
  a time, ``--jobs`` at once in this process), so on a multi-core machine its wall time per
  case is a throughput figure; AgentDojo's check uses one process. The issue's target is on
  this figure: vera's wall time per case within 3x of AgentDojo's per task.
- ``cpu``: CPU seconds of every process involved (this one, the workers, git, the sandbox)
  per case, against AgentDojo's per task: what one case costs, however many cores there are.
  With ``--processes 1`` the two figures describe the same single-process run.

With ``--baseline REF`` it also answers "did this commit make validation slower?": the
commit REF (checked out into a temporary git worktree) validates its own bench with its own
code, and this checkout validates its bench, each as ``vera cases validate`` in a child
process with the same ``--processes`` and ``--jobs``, one after the other in this run. Printed:
each side's whole-bench wall and CPU seconds and its witness and reference files, and the
ratios of the whole bench and of one file (the bench may have grown between the two commits;
every file is replayed in each variant it applies to, so the per-file ratio is the cost of the
checks themselves).

Load on the machine inflates both sides, not always alike: run it a few times.

    .venv/bin/pip install -e '.[agentdojo]'
    .venv/bin/python benchmarks/validate_bench.py [bench/cases] [--jobs 2] [--processes N]
        [--agentdojo-version v1.2.1] [--baseline REF]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import os
import resource
import sys
import threading
import time
from pathlib import Path


def _cpu() -> float:
    """CPU seconds of this process and of every child it has waited for (workers, git...)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def measure_vera(path: Path, jobs: int, processes: int) -> tuple[int, int, float, float, int]:
    from vera.safety.validate import validate_path

    if processes > 1 and threading.active_count() > 1:
        # validate_path then starts its workers from a fork server: they are not our children,
        # and their CPU time would be missing from the figure
        sys.exit("measure vera in a process without other threads")
    from vera.safety.checks import close_servers

    start, cpu = time.perf_counter(), _cpu()
    report = asyncio.run(validate_path(path, concurrency=jobs, processes=processes))
    close_servers()  # the warm check sandboxes exit and are reaped: their CPU time counts
    elapsed, cpu = time.perf_counter() - start, _cpu() - cpu
    summary = report.summary()
    trials = sum(r.trials for r in report.reports)
    return summary["cases"], summary["passed"], elapsed, cpu, trials


def measure_checks(path: Path, n: int) -> tuple[float, float, float, float]:
    """One verifier call, ``n`` times on a witness-sized evidence: in process on a thread (how
    verifiers ran before they got a sandbox) and in the check sandbox (a forked child of a warm
    bwrap'ed server). Returns (ms wall, ms cpu) per check for each."""
    from vera.records import Evidence
    from vera.safety.cases import discover_cases
    from vera.safety.checks import close_servers, run_case_check, run_check

    case = next(c for c in discover_cases(path) if hasattr(c, "spec"))
    ev = Evidence(case_id=case.id, variables=case.spec.variables)
    fn = case.verifier()
    out = []
    for sandboxed in (False, True):
        if sandboxed:
            run_case_check(case.path / "verify.py", "verify", ev)  # the server starts once
        start, cpu = time.perf_counter(), _cpu()
        for _ in range(n):
            if sandboxed:
                run_case_check(case.path / "verify.py", "verify", ev)
            else:
                run_check(fn, ev)
        if sandboxed:
            close_servers()
        out += [1000 * (time.perf_counter() - start) / n, 1000 * (_cpu() - cpu) / n]
    return out[0], out[1], out[2], out[3]


def measure_agentdojo(version: str) -> tuple[int, float, float]:
    try:
        from agentdojo.task_suite.load_suites import get_suites
    except ImportError:
        sys.exit("agentdojo is not installed: pip install -e '.[agentdojo]'")
    suites = get_suites(version)
    tasks, elapsed, cpu = 0, 0.0, 0.0
    for suite in suites.values():
        start, cpu0 = time.perf_counter(), time.process_time()
        with contextlib.redirect_stdout(io.StringIO()):
            suite.check(check_injectable=True)
        elapsed += time.perf_counter() - start
        cpu += time.process_time() - cpu0
        tasks += len(suite.user_tasks) + len(suite.injection_tasks)
    return tasks, elapsed, cpu


def _validate_child(repo: Path, bench: Path, jobs: int, processes: int) -> tuple[float, float, int, int]:
    """``vera cases validate`` of ``repo``'s own code on ``bench`` in a child process: (wall s,
    CPU s of the child and everything it waited for, cases, witness and reference files)."""
    import json
    import subprocess

    env = {**os.environ, "PYTHONPATH": str(repo / "src")}
    start = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [sys.executable, "-c", "from vera.cli.main import app; app(prog_name='vera')",
         "cases", "validate", str(bench), "--json",
         "--jobs", str(jobs), "--processes", str(processes)],
        cwd=repo, env=env, capture_output=True, text=True,
    )  # fmt: skip
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        sys.exit(f"{repo}: vera cases validate printed no report ({proc.stderr.strip()[-300:]})")
    files = int(report.get("witnesses", 0)) + int(report.get("references", 0))
    return wall, cpu, int(report.get("cases", 0)), files


def compare_with(ref: str, path: Path, jobs: int, processes: int) -> None:
    """This checkout's whole-bench validation against commit ``ref``'s, in this run."""
    import subprocess
    import tempfile

    here = Path(__file__).resolve().parents[1]
    rel = path.resolve().relative_to(here) if path.resolve().is_relative_to(here) else path
    with tempfile.TemporaryDirectory(prefix="vera-baseline-") as tmp:
        wt = Path(tmp) / "baseline"
        subprocess.run(["git", "-C", str(here), "worktree", "add", "--detach", str(wt), ref],
                       check=True, capture_output=True)  # fmt: skip
        try:
            sides = {
                f"baseline {ref}": _validate_child(wt, wt / rel, jobs, processes),
                "this checkout": _validate_child(here, here / rel, jobs, processes),
            }
        finally:
            subprocess.run(["git", "-C", str(here), "worktree", "remove", "--force", str(wt)],
                           capture_output=True)  # fmt: skip
    for name, (wall, cpu, cases, files) in sides.items():
        print(f"{name}: {cases} cases, {files} witness and reference files in {wall:.1f}s wall, "
              f"{cpu:.1f}s cpu ({1000 * wall / max(files, 1):.1f} ms wall per file)")  # fmt: skip
    (bw, bc, _, bf), (cw, cc, _, cf) = sides.values()
    print(
        f"ratio this checkout / {ref}: whole bench wall {cw / bw:.2f}x, cpu {cc / bc:.2f}x; "
        f"per file wall {(cw / max(cf, 1)) / (bw / max(bf, 1)):.2f}x, "
        f"cpu {(cc / max(cf, 1)) / (bc / max(bf, 1)):.2f}x"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default="bench/cases", type=Path)
    ap.add_argument("--jobs", type=int, default=2, help="cases validated at once in this process")
    ap.add_argument(
        "--processes",
        type=int,
        default=os.cpu_count() or 1,
        help="processes validating cases (this one and forked workers; default: one per core)",
    )
    ap.add_argument("--agentdojo-version", default="v1.2.1")
    ap.add_argument("--checks", type=int, default=100, help="verifier calls timed alone")
    ap.add_argument("--baseline", metavar="REF",
                    help="instead: whole-bench validation of this checkout against commit REF, in this run")  # fmt: skip
    args = ap.parse_args()
    if args.baseline:
        compare_with(args.baseline, args.path, args.jobs, args.processes)
        return

    ad_tasks, ad_s, ad_cpu = measure_agentdojo(args.agentdojo_version)
    if args.checks:
        # in a child: measure_vera's process must have no other thread (see there)
        import multiprocessing

        pool = multiprocessing.get_context("fork").Pool(1)
        t_wall, t_cpu, s_wall, s_cpu = pool.apply(measure_checks, (args.path, args.checks))
        pool.close()
        pool.join()
        print(
            f"one verifier call: in process (thread) {t_wall:.2f} ms wall / {t_cpu:.2f} ms cpu, "
            f"sandboxed (bwrap server, forked child) {s_wall:.2f} ms wall / {s_cpu:.2f} ms cpu"
        )
    cases, passed, vera_s, vera_cpu, trials = measure_vera(args.path, args.jobs, args.processes)
    if cases == 0:
        sys.exit(f"no cases under {args.path}")
    ad_per, ad_cpu_per = ad_s / ad_tasks, ad_cpu / ad_tasks
    vera_per, vera_cpu_per = vera_s / cases, vera_cpu / cases
    print(
        f"AgentDojo {args.agentdojo_version} check_suites (1 process): {ad_tasks} tasks in "
        f"{ad_s:.2f}s = {1000 * ad_per:.1f} ms/task wall, {1000 * ad_cpu_per:.1f} ms/task cpu "
        f"({ad_tasks / ad_s:.1f} tasks/s)"
    )
    print(
        f"vera cases validate ({args.processes} process{'es' if args.processes > 1 else ''}, "
        f"-j {args.jobs}): {cases} cases ({3 * cases} with variants, {passed} passed, "
        f"{trials} trials) in {vera_s:.2f}s = {1000 * vera_per:.1f} ms/case wall, "
        f"{1000 * vera_cpu_per:.1f} ms/case cpu ({cases / vera_s:.2f} cases/s, "
        f"{trials / vera_s:.1f} trials/s)"
    )
    print(
        f"ratio vera per case / AgentDojo per task: wall {vera_per / ad_per:.2f}x (target <= 3x), "
        f"cpu {vera_cpu_per / ad_cpu_per:.2f}x"
    )
    print(
        f"ratio vera per trial / AgentDojo per task: wall {vera_s / trials / ad_per:.2f}x, "
        f"cpu {vera_cpu / trials / ad_cpu_per:.2f}x ({1000 * vera_cpu / trials:.1f} ms cpu per "
        f"gateway trial)"
    )


if __name__ == "__main__":
    main()
