"""Runner throughput: trials per second at concurrency 1, 8, 32 and 64, against ideal scaling.

Every model request goes to the scripted model server (a separate process on loopback), which
waits ``--latency`` seconds (default 500 ms) before each answer. The peer is concurrency 1 in
the same run: ideal scaling at concurrency c is c times its throughput. Each level runs in a
fresh process with ``--workers`` worker processes (default one per CPU, as ``vera run
--workers``); throughput is taken over the trials' own span (the workers' start-up is printed
apart); peak memory is the resident memory of the level's process and its workers above its
baseline, per concurrent trial. Target (issue 6): at 64, at least 80% of ideal on 2 cores.

    .venv/bin/python benchmarks/run_throughput.py --safety [--levels 1,8,32,64]
        [--environments all|ENV,...] [--mode adaptive|static] [--turns N] [--workers N]
        [--latency 0.5] [--trials-per-slot 4]

``--safety`` plays real bench trials as ``vera run`` does: the bench's cases (environments
taken in turn), the built-in agent (each turn a tool call through the gateway, then an
answer), the control agent (adaptive by default) on the same scripted model, the case's turn
budget, the verifier after every turn, evidence and store. Without it, the synthetic trial
function (``--calls`` requests, evidence, store) measures the runner alone; ``--trial
module:function`` swaps in another trial function (``model_url`` and ``model_calls`` in
``spec.params``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

SYNTHETIC = "vera.runner.synthetic:synthetic_trial"


def _rss_bytes() -> int:
    """Resident memory of this process and all its descendants (worker processes included)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    parents[int(entry)] = int(fh.read().rpartition(")")[2].split()[1])
            except (OSError, ValueError, IndexError):
                pass
    family, frontier = {os.getpid()}, [os.getpid()]
    while frontier:
        pid = frontier.pop()
        kids = [c for c, pp in parents.items() if pp == pid and c not in family]
        family.update(kids)
        frontier.extend(kids)
    total = 0
    for pid in family:
        try:
            with open(f"/proc/{pid}/statm") as fh:
                total += int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            pass
    return total


def one_level(args: argparse.Namespace) -> dict[str, float]:
    """Run one concurrency level in this process; return its measurements."""
    from vera.runner import CaseRef, LimitsConfig, RunConfig, expand, resolve_trial_fn
    from vera.runner.workers import settle_gc

    # import it now: imports are not throughput (safety trials play the safety kind)
    trial = None if args.safety else resolve_trial_fn(args.trial)
    if args.safety:
        import vera.safety.kind  # noqa: F401  (registers the kind)

    c = args.level
    n = max(4, c * args.trials_per_slot)
    if args.safety:
        plan = _safety_plan(args.url, n, args.mode, _envs(args.environments))
    else:
        cases = [CaseRef(id=f"b{i}", hash=f"bench-{i}",
                         params={"model_url": args.url, "model_calls": args.calls})
                 for i in range(n)]  # fmt: skip
        plan = expand(cases, variants=["multi"], agents=["bench"], models=["scripted"])
    settle_gc()  # as vera run does once its models are built (see vera.runner.workers)
    baseline = _rss_bytes()
    peak = baseline
    stop = threading.Event()

    def sample() -> None:
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, _rss_bytes())
            time.sleep(0.05)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    with tempfile.TemporaryDirectory(prefix="vera-bench-") as tmp:
        config = RunConfig(limits=LimitsConfig(trials=c, model_connections=c),
                           workers=min(args.workers, c),
                           trial_args={"turns": args.turns} if args.safety else {})  # fmt: skip
        t0 = time.perf_counter()
        store = asyncio.run(_run(Path(tmp) / "run", plan, trial, config, c, args.safety))
        wall = time.perf_counter() - t0
        results = list(store.results())
        store.close()
    stop.set()
    sampler.join()
    errors = sum(r.outcome.value not in ("violated", "safe") for r in results)
    # Throughput over the trials' own span (first start to last end): the run's start-up (the
    # worker processes importing vera) is printed apart, as it does not grow with the run.
    span = (max(r.ended_at for r in results) - min(r.started_at for r in results)).total_seconds()
    requests = sum(u.requests for r in results for u in r.usage.values()) / n
    return {"concurrency": c, "trials": n, "wall_s": wall, "span_s": span, "tps": n / span,
            "requests_per_trial": requests,
            "startup_s": wall - span, "errors": errors,
            "peak_rss_mb_per_trial": (peak - baseline) / c / 2**20}  # fmt: skip


def _safety_plan(url: str, n: int, mode: str, envs: list[str]) -> list:
    """``n`` real safety trials over the bench's cases (in ``envs``; all when empty), single-
    channel, with the built-in agent on the scripted server: each turn one tool call through
    the gateway, then an answer."""
    from vera.safety.run import plan_trials, select_cases

    bench = Path(__file__).resolve().parents[1] / "bench" / "cases"
    by_env: dict[str, list] = {}
    for c in select_cases(bench):
        if not envs or c.environment in envs:
            by_env.setdefault(c.environment, []).append(c)
    if not by_env:
        sys.exit(f"no bench cases in environments {', '.join(envs)}")
    # environments taken in turn, so that every level (even 4 trials at concurrency 1) plays a
    # mix of them
    queues = list(by_env.values())
    cases = [q[i] for i in range(max(map(len, queues))) for q in queues if i < len(q)]
    plan = plan_trials(cases, variants=["single"], agents=["builtin"],
                       models=[f"openai-compat:bench@{url}"], epochs=-(-n // len(cases)),
                       mode=mode)  # fmt: skip
    order = {c.id: i for i, c in enumerate(cases)}
    plan.sort(key=lambda s: (s.epoch, order[s.case_id]))  # every case once, then again
    return plan[:n]


async def _run(run_dir: Path, plan: list, trial, config, c: int, safety: bool):  # type: ignore[no-untyped-def]
    from vera.runner import run

    if not safety:
        return await run(run_dir, plan, trial, config, progress=False)
    from vera.models.runtime import ModelRuntime
    from vera.safety.kind import use_runtime

    async with ModelRuntime(max_concurrency=c) as rt:
        with use_runtime(rt):
            return await run(run_dir, plan, trial, config, progress=False)


def _envs(text: str) -> list[str]:
    return [] if text == "all" else [e for e in text.split(",") if e]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--levels", default="1,8,32,64")
    ap.add_argument("--calls", type=int, default=2, help="model requests per trial")
    ap.add_argument("--latency", type=float, default=0.5, help="seconds per model answer")
    ap.add_argument("--trials-per-slot", type=int, default=4, help="trials per concurrency slot")
    ap.add_argument("--trial", default=SYNTHETIC, help="trial function, module:function")
    ap.add_argument(
        "--safety",
        action="store_true",
        help="real safety trials (bench cases, built-in agent, gateway, verifier)",
    )
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                    help="worker processes (vera run --workers; default: one per CPU)")  # fmt: skip
    ap.add_argument(
        "--mode",
        default="adaptive",
        choices=["adaptive", "static"],
        help="--safety: the control agent's mode (vera run's default: adaptive)",
    )
    ap.add_argument(
        "--turns",
        type=int,
        default=None,
        help="--safety: user turns per trial (default: each case's budget)",
    )
    ap.add_argument("--environments", default="all",
                    help="--safety: the bench's cases in these environments (comma list; all)")
    ap.add_argument("--level", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--url", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.level is not None:
        print(json.dumps(one_level(args)))
        return

    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "script.yaml"
        usage = {"input_tokens": 50, "output_tokens": 5}
        rules = []
        if args.safety:  # the built-in agent: one tool call, then an answer
            args.calls = 2
            rules = [{"when": {"has_tools": True, "tool_result": False}, "latency": args.latency,
                      "tool_calls": [{"name": "*"}], "usage": usage}]  # fmt: skip
        script.write_text(json.dumps({"rules": rules, "responses": [], "fallback": {
            "text": "ok", "latency": args.latency, "usage": usage}}))  # fmt: skip
        server = subprocess.Popen(
            [sys.executable, "-c", "from vera.cli.main import app; app()", "models",
             "serve-scripted", str(script)],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        try:
            assert server.stdout is not None
            line = server.stdout.readline()
            m = re.search(r"OpenAI: (http://127\.0\.0\.1:\d+/v1)", line)
            if not m:
                sys.exit(f"scripted model server did not start: {line!r}")
            rows = []
            for level in [int(x) for x in args.levels.split(",")]:
                out = subprocess.run(
                    [sys.executable, __file__, "--level", str(level), "--url", m.group(1),
                     "--calls", str(args.calls), "--trials-per-slot", str(args.trials_per_slot),
                     "--trial", args.trial, "--workers", str(args.workers),
                     "--mode", args.mode, "--environments", args.environments, *(["--turns", str(args.turns)] if args.turns else []),
                     *(["--safety"] if args.safety else [])],
                    capture_output=True, text=True, check=True,
                )  # fmt: skip
                rows.append(json.loads(out.stdout.strip().splitlines()[-1]))
        finally:
            server.terminate()
            server.wait(timeout=10)

    base = rows[0]["tps"] / rows[0]["concurrency"]
    calls = rows[0]["requests_per_trial"] or args.calls
    what = (f"bench trials ({args.environments} environments, built-in agent, gateway, "
            f"verifier; {args.mode} controller)" if args.safety else f"trial fn {args.trial}")  # fmt: skip
    print(f"runner throughput: {what}; {calls:.1f} model requests x {args.latency * 1000:.0f} ms "
          f"per trial; {os.cpu_count()} CPUs, {args.workers} worker process(es)")  # fmt: skip  # fmt: skip
    print(f"{'concurrency':>11} {'trials':>6} {'start s':>7} {'trials s':>8} {'trials/s':>9} "
          f"{'vs ideal':>9} {'MiB/trial':>9} {'errors':>6}")  # fmt: skip
    for r in rows:
        eff = r["tps"] / (base * r["concurrency"])
        print(f"{r['concurrency']:>11} {r['trials']:>6} {r['startup_s']:>7.2f} {r['span_s']:>8.2f} "
              f"{r['tps']:>9.2f} {eff:>8.0%} {r['peak_rss_mb_per_trial']:>9.2f} "
              f"{r['errors']:>6}")  # fmt: skip
    last = rows[-1]
    eff = last["tps"] / (base * last["concurrency"])
    print(f"scaling efficiency at {last['concurrency']} vs ideal (peer: concurrency "
          f"{rows[0]['concurrency']} in this run): {eff:.0%} (target >= 80%)")  # fmt: skip


if __name__ == "__main__":
    main()
