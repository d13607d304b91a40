"""The first bench: coverage counts, taxonomy references, and (slow) every case through the gates."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from vera.safety.cases import BrokenCase, Case, discover_cases

ROOT = Path(__file__).resolve().parents[3]
BENCH = ROOT / "bench"
CASES = BENCH / "cases"
TAXONOMIES = BENCH / "taxonomies"


def _nodes(kind: str) -> list[dict]:
    """Every node of a taxonomy file, flattened (nodes nest through ``children``)."""
    data = yaml.safe_load((TAXONOMIES / f"{kind}.yaml").read_text())
    out: list[dict] = []

    def walk(items: list[dict]) -> None:
        for n in items:
            out.append(n)
            walk(n.get("children") or [])

    walk(data["nodes"])
    return out


def _leaves(kind: str) -> set[str]:
    nodes = _nodes(kind)
    parents = {n.get("parent") for n in nodes}
    return {n["id"] for n in nodes if n["id"] not in parents and not n.get("children")}


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    loaded = list(discover_cases(CASES))
    broken = [c for c in loaded if isinstance(c, BrokenCase)]
    assert not broken, "\n".join(c.message for c in broken)
    return [c for c in loaded if isinstance(c, Case)]


@pytest.mark.parametrize("kind", ["risks", "attacks", "environments"])
def test_taxonomy_nodes_are_well_formed(kind: str) -> None:
    nodes = _nodes(kind)
    ids = [n["id"] for n in nodes]
    assert len(ids) == len(set(ids)), f"duplicate ids in {kind}.yaml"
    by_id = {n["id"]: n for n in nodes}
    for n in nodes:
        assert n["id"] == n["id"].lower() and " " not in n["id"], n["id"]
        for field in ("name", "definition", "aliases", "parent", "provenance"):
            assert field in n, f"{kind}.yaml: {n['id']} lacks {field}"
        assert len(n["definition"].split()) >= 5, f"{n['id']}: definition too thin"
        assert n["provenance"], f"{n['id']}: no provenance"
        if n["parent"] is not None:
            parent = by_id[n["parent"]]
            assert n in (parent.get("children") or []), (
                f"{n['id']}: parent {n['parent']} does not list it"
            )


def test_taxonomy_sizes() -> None:
    from vera.env.services import SERVICES

    assert len(_leaves("risks")) >= 40
    assert len(_leaves("attacks")) >= 30
    assert len(_leaves("environments")) >= len(SERVICES)


def test_bench_counts(cases: list[Case]) -> None:
    """The bench's size as shipped (`vera cases stats` gives the goals and the gaps)."""
    from vera.safety.stats import harm_of

    environments = {c.spec.taxonomy.environment for c in cases}
    risks = {c.spec.taxonomy.risk for c in cases}
    assert len(cases) >= 500, f"{len(cases)} base scenarios"
    assert len(environments) >= 16, sorted(environments)
    assert len(risks) >= 110, len(risks)
    assert len({harm_of(c) for c in cases}) >= 60
    assert len({c.spec.world for c in cases if c.spec.world}) >= 15
    # no leaf carries the bench: the most used risk is at most a tenth of the scenarios
    top, n = Counter(c.spec.taxonomy.risk for c in cases).most_common(1)[0]
    assert n <= max(3, len(cases) // 10), f"{top} used {n} times"


def test_every_referenced_leaf_exists(cases: list[Case]) -> None:
    leaves = {k: _leaves(k) for k in ("risks", "attacks", "environments")}
    for c in cases:
        t = c.spec.taxonomy
        assert t.risk in leaves["risks"], f"{c.id}: unknown risk leaf {t.risk}"
        assert t.attack in leaves["attacks"], f"{c.id}: unknown attack leaf {t.attack}"
        assert t.environment in leaves["environments"], (
            f"{c.id}: unknown environment leaf {t.environment}"
        )


def test_cases_are_distinct(cases: list[Case]) -> None:
    """No exact duplicates: two cases of one harm in one world differ in their task or their
    attack (a user task crossed with several attack goals is several cases, as in AgentDojo; how
    alike two may be is the near_duplicate gate's business)."""
    from vera.env.evidence import squash
    from vera.safety.stats import harm_of, world_of

    keys = Counter(
        (harm_of(c), world_of(c), squash(c.spec.benign_task), squash(c.spec.attack.first_message))
        for c in cases
    )
    assert max(keys.values()) == 1, [k[:2] for k, n in keys.items() if n > 1]


def test_multi_variant_has_injections_where_channel_exists(cases: list[Case]) -> None:
    """Most scenarios carry tool-result injections; those without must be user-channel attacks."""
    with_inj = [c for c in cases if c.spec.injections]
    assert len(with_inj) >= len(cases) // 2
    indirect = {
        n["id"] for n in _nodes("attacks") if n.get("parent") == "indirect_prompt_injection"
    }
    for c in cases:
        if c.spec.taxonomy.attack in indirect:
            assert c.spec.injections, f"{c.id}: indirect attack without injections"


def test_every_multi_variant_has_two_channels_and_every_case_utility(cases: list[Case]) -> None:
    """The bench's standards that need no trial (the gates check the rest): two distinct
    injection channels in multi, three witnesses, two references with a look-alike, utility."""
    for c in cases:
        channels = {i.channel_name for i in c.injections("multi").injections}
        assert len(channels) >= 2, f"{c.id}: multi injects through {sorted(channels)}"
        assert len(c.witnesses) >= 3, f"{c.id}: {len(c.witnesses)} witnesses"
        assert len(c.references) >= 2 and any(r.lookalike for r in c.references), c.id
        assert c.has_utility, f"{c.id}: no utility.py"


@pytest.mark.slow
@pytest.mark.integration
@pytest.mark.timeout(2400)
def test_whole_bench_passes_the_gates() -> None:
    """What `vera cases validate bench/cases` runs: every gate, every case, every variant (on
    every core, as the command does; a verifier's deadline generous enough for a loaded host).
    The determinism gate replays the first witness twice rather than the command's three times:
    a second replay already shows a verdict that varies, and the third costs the suite minutes."""
    import asyncio
    import os

    from vera.safety.validate import validate_path

    report = asyncio.run(
        validate_path(
            CASES, concurrency=2, runs=2, processes=os.cpu_count() or 1, verify_timeout_s=20
        )
    )
    summary = report.summary()
    assert summary["failed"] == [], "\n".join(f.line() for f in report.failures[:30])
    assert summary["cases"] == summary["passed"] >= 60
    assert len({Path(r.path).parent.name for r in report.reports}) >= 8
    assert len(summary["risk_leaves"]) >= 30


GENERATORS = sorted(
    p for p in (BENCH / "generators").glob("*.py") if not p.name.startswith("_")
)  # modules named _*.py are the generators' shared code
SHARDS = 4
"""The generators are checked in this many interpreters (each imports vera once for its share):
one process per generator spent most of its time importing, hundreds of times over."""


@pytest.mark.parametrize("shard", range(SHARDS))
def test_generated_cases_are_current(shard: int) -> None:
    """Each generator's committed case directories are what it writes (`--check`)."""
    import subprocess
    import sys

    mine = GENERATORS[shard::SHARDS]
    assert mine
    proc = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "support" / "generators_check.py"), *map(str, mine)],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-3000:]
    assert f"{len(mine)} of {len(mine)} generators current" in proc.stdout


def _code(case_dir: Path) -> str:
    """A verifier's code without its docstrings and string literals (labels, messages)."""
    import ast

    tree = ast.parse((case_dir / "verify.py").read_text())
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) and isinstance(
            getattr(body[0], "value", None), ast.Constant
        ):
            body.pop(0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.dump(tree)


SWAP_TRIES = 3
"""Verifiers of other risks tried on a case before the swap test calls its fixtures blind."""


@pytest.mark.slow
@pytest.mark.integration
def test_a_swapped_verifier_is_caught_in_every_environment(tmp_path: Path) -> None:
    """Give each directory's first case the verifier of another case of the same directory:
    the gates must reject it (the witnesses and references discriminate the case's own harm)."""
    import asyncio
    import shutil

    from vera.safety.cases import load_case
    from vera.safety.validate import validate_case

    bench = tmp_path / "bench"
    shutil.copytree(TAXONOMIES, bench / "taxonomies")
    if (BENCH / "worlds").is_dir():
        shutil.copytree(BENCH / "worlds", bench / "worlds")
    by_dir: dict[str, list[Path]] = {}
    for d in sorted(p.parent for p in CASES.rglob("case.yaml")):
        by_dir.setdefault(d.parent.name, []).append(d)
    swapped = 0
    for env, dirs in sorted(by_dir.items()):
        own = dirs[0]

        def risk(d: Path) -> str:
            return yaml.safe_load((d / "case.yaml").read_text())["taxonomy"]["risk"]

        # the verifier of another risk (cases of one harm may share a verifier, or state the
        # same invariant in two verifiers: swapping those proves nothing), written differently
        # (a verifier that is one call over the case's own protected facts is the same code in
        # both cases: the harm is in case.yaml, and swapping the file swaps nothing). Harms of
        # two risks can coincide on one case's fixtures (a refund on goods received is refund
        # fraud and a wanted order undone): the swap must be caught within SWAP_TRIES others.
        others = [d for d in dirs[1:] if risk(d) != risk(own) and _code(d) != _code(own)]
        if not others:
            continue
        passed: list[str] = []
        for other in others[:SWAP_TRIES]:
            dest = bench / "cases" / env / f"{own.name}-{other.name}"
            shutil.copytree(own, dest, ignore=shutil.ignore_patterns("__pycache__"))
            shutil.copy(other / "verify.py", dest / "verify.py")
            case = load_case(dest)
            report = asyncio.run(validate_case(case, tmp_path / "work" / env / other.name))
            caught = {f.gate for f in report.failures} & {
                "witness_violated",
                "reference_safe",
                "s0_safe",
                "nop_safe",
            }
            if caught:
                break
            passed.append(other.name)
        assert len(passed) < min(SWAP_TRIES, len(others)), (
            f"{own.name} passes its gates with the verifiers of {', '.join(passed)}")
        swapped += 1
    assert swapped >= 8
