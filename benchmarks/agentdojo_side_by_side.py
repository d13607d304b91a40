"""AgentDojo's own ground-truth pipeline and vera's oracles on the same pairs, side by side.

For AgentDojo suites (default: the smallest of the newest benchmark version; ``--suite all``:
every suite of the version) every (user task, injection task) pair is imported as a vera case
(``vera cases import agentdojo``), then, in this one process:

- AgentDojo plays each pair's two ground-truth runs through its own ``GroundTruthPipeline`` and
  ``TaskSuite.run_task_with_pipeline``: the *reference* (the user task's ground truth) and the
  *witness* the importer wrote (the user task's, then the injection task's, or one of the other
  kinds of ``vera.safety.agentdojo.peer``), and decides utility and security;
- vera runs the imported cases with ``oracle-benign`` (replays the reference) and
  ``oracle-violation`` (replays the witness) through its runner (``vera run``'s trial function:
  real gateway on a Unix socket, trace, case verifier, utility check, SQLite store), in the
  ``benign`` variant, which is AgentDojo's setting (the user task's prompt, the injection in the
  environment).

It prints, per pair, AgentDojo's and vera's security and utility outcome of both runs (vera's
"violated" is AgentDojo's ``security == True``), the agreement per suite and over all of them,
and the time per pair of each side. Pairs AgentDojo's checks reject are compared too
(``--accepted-only`` skips them); a pair AgentDojo cannot judge (its ground truth raises) is
listed apart, not counted. Exit 1 on any disagreement.

    .venv/bin/pip install -e '.[agentdojo]'
    .venv/bin/python benchmarks/agentdojo_side_by_side.py [--suite slack|all|NAME,NAME] [-j 2] [--retries 2]
        [--version v1.2.2] [--attack important_instructions] [--accepted-only] [--quiet]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path


def _flag(value: bool | None) -> str:
    return "-" if value is None else ("T" if value else "F")


def _flags(values: tuple) -> str:
    f = [_flag(v) for v in values]
    return f"{f[0]}/{f[1]} {f[2]}/{f[3]}"


def _violated(result) -> bool | None:  # type: ignore[no-untyped-def]
    if result is None or result.outcome.value not in ("violated", "safe"):
        return None
    return result.outcome.value == "violated"


def _utility(result) -> bool | None:  # type: ignore[no-untyped-def]
    return None if result is None else result.utility


def run_agentdojo(suite_name: str, version: str, attack: str, pairs: list) -> tuple[dict, float]:
    """AgentDojo's outcomes per (user task, injection task), and the seconds they took."""
    from vera.env.services.agentdojo import get_suite
    from vera.safety.agentdojo.peer import agentdojo_outcomes, injection_vectors, make_attack

    suite = get_suite(version, suite_name)
    attack_obj = make_attack(attack, suite)
    injectable = {uid: bool(injection_vectors(attack_obj, suite.user_tasks[uid])) for uid in
                  {p.user_task for p in pairs}}  # fmt: skip
    out = {}
    started = time.perf_counter()
    for p in pairs:
        user_task = suite.user_tasks[p.user_task]
        injection_task = suite.injection_tasks[p.injection_task]
        injections = attack_obj.attack(user_task, injection_task) if injectable[p.user_task] else {}
        out[(p.user_task, p.injection_task)] = agentdojo_outcomes(
            suite, user_task, injection_task, injections, witness=p.witness
        )
    return out, time.perf_counter() - started


def run_vera(
    bench: Path, run_dir: Path, jobs: int, suite_name: str, retries: int = 0
) -> tuple[dict, float, int]:
    """vera's (outcome, utility) per (case id, oracle) of one suite's cases, the seconds the
    runs took, and how many trials were played again: a trial that ended in ``infra_error``
    (the harness failed, e.g. a check ran past its time limit on a loaded machine; never a
    verdict) is played again in a fresh run, up to ``retries`` times."""
    from vera.runner import LimitsConfig, RunConfig, run
    from vera.safety.run import plan_trials, select_cases

    cases = {c.id: c for c in select_cases(bench / "cases" / suite_name)}
    config = RunConfig(limits=LimitsConfig(trials=jobs), time_limit_s=600,
                       trial_args={"max_steps": 8, "turns": None})  # fmt: skip
    todo = {(cid, agent) for cid in cases for agent in ("oracle-violation", "oracle-benign")}
    rows: dict = {}
    replayed = 0
    started = time.perf_counter()
    for attempt in range(retries + 1):
        plan = [
            spec
            for agent in ("oracle-violation", "oracle-benign")
            for spec in plan_trials(
                [cases[cid] for cid in sorted(cases) if (cid, agent) in todo],
                variants=["benign"],
                agents=[agent],
                models=["none"],
                mode="static",
            )
        ]
        if not plan:
            break
        replayed += len(plan) if attempt else 0
        where = run_dir if attempt == 0 else run_dir.with_name(f"{run_dir.name}-retry{attempt}")
        store = asyncio.run(run(where, plan, config=config, progress=False))
        for result in store.results():
            assert result.spec is not None
            rows[(result.spec.case_id, result.spec.agent)] = result
        store.close()
        todo = {k for k, r in rows.items() if r.outcome.value == "infra_error"}
    return rows, time.perf_counter() - started, replayed


def compare_suite(suite_name: str, version: str, args, work: Path) -> dict:  # type: ignore[no-untyped-def]
    """Import, play and compare one suite; returns its figures."""
    from vera.safety.agentdojo.importer import import_suite

    bench, run_dir = work / "bench", work / "run" / suite_name
    record = import_suite(suite_name, bench, version=version, attack=args.attack,
                          include_rejected=not args.accepted_only)  # fmt: skip
    pairs = record.imported
    kinds: dict[str, int] = {}
    for p in pairs:
        kinds[p.witness] = kinds.get(p.witness, 0) + 1
    print(f"\n== {suite_name}: {len(record.pairs)} pairs, {len(pairs)} compared "
          f"({len(record.rejected)} rejected by AgentDojo's checks"
          f"{', compared too' if not args.accepted_only else ', skipped'}); witnesses "
          + ", ".join(f"{k} {n}" for k, n in kinds.items()))  # fmt: skip
    for line in record.rejection_summary():
        print(f"   rejected: {line}")

    ad, ad_s = run_agentdojo(suite_name, version, args.attack, pairs)
    vr, vera_s, replayed = run_vera(bench, run_dir, args.jobs, suite_name, args.retries)
    if replayed:
        print(f"   {replayed} vera trial(s) played again after an infra_error (see --retries)")

    checks = agree = 0
    disagreements, unjudged = [], []
    if not args.quiet:
        print("per pair: security of reference/witness, utility of reference/witness "
              "(T = goal reached / task done); vera's violated = AgentDojo's security True")  # fmt: skip
        print(f"{'pair':<36} {'witness':<22} {'AgentDojo':<10} {'vera':<10} agree")
    for p in pairs:
        a = ad[(p.user_task, p.injection_task)]
        ref, wit = vr.get((p.case_id, "oracle-benign")), vr.get((p.case_id, "oracle-violation"))
        ad_side = (a.reference_security, a.witness_security, a.reference_utility, a.witness_utility)
        vera_side = (_violated(ref), _violated(wit), _utility(ref), _utility(wit))
        line = (f"{p.user_task + ' x ' + p.injection_task:<36} {p.witness:<22} "
                f"{_flags(ad_side):<10} {_flags(vera_side):<10}")  # fmt: skip
        if a.error is not None:  # AgentDojo's pipeline stopped: it gives no verdict
            unjudged.append(f"{line} [AgentDojo: {a.error[:160]}]")
            continue
        same = [x is not None and x == y for x, y in zip(ad_side, vera_side, strict=True)]
        checks += len(same)
        agree += sum(same)
        ok = all(same)
        line += " yes" if ok else " NO"
        if not ok:
            errors = [r.error.message for r in (ref, wit) if r is not None and r.error is not None]
            disagreements.append(line + (f"  [vera: {'; '.join(errors)[:200]}]" if errors else ""))
        if not args.quiet:
            print(line)
    for line in disagreements if args.quiet else []:
        print(line)
    for line in unjudged:
        print(f"not judged by AgentDojo: {line}")
    judged = len(pairs) - len(unjudged)
    n = max(judged, 1)
    print(f"{suite_name}: agreement {agree}/{checks} outcomes ({100 * agree / max(checks, 1):.1f}%), "
          f"{judged - len(disagreements)}/{judged} pairs agree on all four; "
          f"AgentDojo {1000 * ad_s / n:.1f} ms per pair, vera {1000 * vera_s / n:.1f} ms per pair "
          f"({vera_s / max(ad_s, 1e-9):.1f}x)")  # fmt: skip
    return {"suite": suite_name, "pairs": len(record.pairs), "rejected": len(record.rejected),
            "compared": judged, "unjudged": len(unjudged), "checks": checks, "agree": agree,
            "replayed": replayed,
            "pairs_agreeing": judged - len(disagreements), "ad_s": ad_s, "vera_s": vera_s}  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", help="AgentDojo suite, several (comma-separated) or 'all' "
                    "(default: the one with the fewest pairs)")  # fmt: skip
    ap.add_argument("--version", help="benchmark version (default: the newest)")
    ap.add_argument("--attack", default="important_instructions")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="vera trials in flight")
    ap.add_argument("--retries", type=int, default=2, help="play a vera trial that ended in "
                    "infra_error (e.g. a check past its time limit on a loaded machine) again, "
                    "up to this many times")  # fmt: skip
    ap.add_argument("--accepted-only", action="store_true", help="skip pairs AgentDojo rejects")
    ap.add_argument("--quiet", action="store_true", help="print disagreements only")
    ap.add_argument("--keep", type=Path, help="write the bench and the run here (kept)")
    args = ap.parse_args()

    try:
        from vera.env.services.agentdojo import (
            AgentDojoError,
            get_suite,
            newest_version,
            package_version,
        )
        from vera.env.services.agentdojo import suite_names as all_suites

        version = args.version or newest_version()
        names = all_suites(version)
        if args.suite == "all":
            chosen = names
        elif args.suite:
            chosen = [n.strip() for n in args.suite.split(",") if n.strip()]
            for name in chosen:
                get_suite(version, name)
        else:

            def pairs_of(name: str) -> int:
                s = get_suite(version, name)
                return len(s.user_tasks) * len(s.injection_tasks)

            chosen = [min(names, key=pairs_of)]
    except Exception as e:  # agentdojo missing, bad version or suite
        sys.exit(f"agentdojo_side_by_side: {e}")

    print(f"AgentDojo {version} (agentdojo {package_version()}), attack {args.attack}, "
          f"suites {', '.join(chosen)}; vera -j {args.jobs}")  # fmt: skip
    work = args.keep or Path(tempfile.mkdtemp(prefix="vera-adsbs-"))
    try:
        figures = [compare_suite(name, version, args, work) for name in chosen]
    except AgentDojoError as e:
        sys.exit(f"agentdojo_side_by_side: {e}")
    finally:
        if not args.keep:
            import shutil

            shutil.rmtree(work, ignore_errors=True)

    print("\n| suite | pairs | compared | outcomes agreeing | pairs agreeing | AgentDojo per pair "
          "| vera per pair (2 trials) |")  # fmt: skip
    print("|---|---|---|---|---|---|---|")
    total = {k: 0.0 for k in ("pairs", "rejected", "compared", "unjudged", "replayed", "checks", "agree",
                               "pairs_agreeing", "ad_s", "vera_s")}  # fmt: skip
    for f in figures:
        n = max(f["compared"], 1)
        for k in total:
            total[k] += f[k]
        rejected = f" ({f['rejected']} rejected incl.)" if f["rejected"] else ""
        print(f"| {f['suite']} | {f['pairs']} | {f['compared']}{rejected} | "
              f"{f['agree']}/{f['checks']} | {f['pairs_agreeing']}/{f['compared']} | "
              f"{1000 * f['ad_s'] / n:.1f} ms | {1000 * f['vera_s'] / n:.0f} ms |")  # fmt: skip
    n = max(int(total["compared"]), 1)
    print(f"| all | {int(total['pairs'])} | {int(total['compared'])} "
          f"({int(total['rejected'])} rejected incl.) | "
          f"{int(total['agree'])}/{int(total['checks'])} | "
          f"{int(total['pairs_agreeing'])}/{int(total['compared'])} | "
          f"{1000 * total['ad_s'] / n:.1f} ms | {1000 * total['vera_s'] / n:.0f} ms |")  # fmt: skip
    print(f"agreement over {len(figures)} suite(s): {int(total['agree'])}/{int(total['checks'])} "
          f"outcomes ({100 * total['agree'] / max(total['checks'], 1):.1f}%), "
          f"{int(total['pairs_agreeing'])}/{int(total['compared'])} pairs; "
          f"{int(total['unjudged'])} pair(s) AgentDojo cannot judge; "
          f"{int(total['replayed'])} vera trial(s) played again after an infra_error; "
          f"ratio vera / AgentDojo per pair {total['vera_s'] / max(total['ad_s'], 1e-9):.1f}x")  # fmt: skip
    if total["pairs_agreeing"] < total["compared"]:
        sys.exit(1)


if __name__ == "__main__":
    main()
