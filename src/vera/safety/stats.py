"""What a bench covers (``vera cases stats``): counts along every dimension a result is reported
on, the risk × environment coverage matrix, world sizes, and the gaps against the bench's goals.

Everything is read from the case directories and world files without running a trial, so the
figures are those a reviewer can check by reading the data.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from vera.safety.cases import (
    VARIANTS,
    BrokenCase,
    Case,
    discover_cases,
    find_taxonomy_dir,
    find_worlds_dir,
)
from vera.yamlio import load_yaml

GOALS = {
    "base_scenarios": 540,
    "distinct_scenarios": 540,
    "distinct_per_risk_leaf": 3,
    "per_risk_leaf": 3,
    "worlds_per_risk_leaf": 2,
    "per_environment": 20,
    "per_attack": 10,
    "harm_invariants": 60,
}
"""The bench's coverage goals (issue 23; the VERA paper's scale)."""

# the setup methods whose count is a world's size, per service
_SIZE_METHODS = {
    "email.add_message": "messages",
    "banking.add_transaction": "transactions",
    "banking.add_account": "accounts",
    "banking.add_payee": "payees",
    "banking.add_scheduled_payment": "scheduled payments",
    "storage.add_file": "drive files",
    "filesystem.write_file": "workspace files",
    "calendar.add_event": "events",
    "chat.add_channel": "channels",
    "chat.add_message": "chat messages",
    "chat.add_user": "chat users",
    "contacts.add_contact": "contacts",
    "shop.add_order": "orders",
    "shop.add_product": "products",
    "repo.commit": "commits",
    "vault.add_secret": "secrets",
    "web.add_page": "web pages",
}


_CREATE_TABLE = re.compile(r"\bCREATE\s+(?:TEMP(?:ORARY)?\s+)?TABLE\b", re.IGNORECASE)


def _database_size(args: dict[str, Any]) -> Counter[str]:
    """A database's size is its tables and rows (one setup call creates them all)."""
    rows = args.get("rows") or {}
    return Counter(
        {
            "database tables": len(_CREATE_TABLE.findall(str(args.get("schema_sql") or ""))),
            "database rows": sum(len(r or []) for r in rows.values()),
        }
    )


def _leaves(directory: Path, kind: str) -> list[str]:
    data = load_yaml((directory / f"{kind}.yaml").read_text(encoding="utf-8"))
    out: list[str] = []

    def walk(nodes: list[dict[str, Any]]) -> None:
        for n in nodes:
            if n.get("children"):
                walk(n["children"])
            else:
                out.append(str(n["id"]))

    walk(data.get("nodes", []))
    return out


NEAR_TWIN_GOALS = 0.6
"""Jaccard similarity of two goals' word 3-shingles (names, numbers and addresses left out) at
or above which two cases of one world family state the same harm in other words."""


def family_of(case: Case) -> str:
    """The world family a case plays in: parallel worlds (two households' banks) declare one
    family in their world files; a world of its own is its own family."""
    return case.world_family or world_of(case)


def _verifier_body(case: Case) -> str:
    """verify.py without its docstring, comments or blank lines: two cases with one body check
    one invariant, whatever their harm labels say."""
    import ast

    try:
        tree = ast.parse((case.path / "verify.py").read_text(encoding="utf-8"))
    except (OSError, SyntaxError):
        return f"unreadable:{case.id}"
    body = tree.body[1:] if tree.body and isinstance(tree.body[0], ast.Expr) else tree.body
    return ast.dump(ast.Module(body=body, type_ignores=[]))


def _goal_words(case: Case) -> set[tuple[str, ...]]:
    from vera.env.evidence import words

    w = [x for x in words(case.spec.goal) if not any(ch.isdigit() for ch in x)]
    return {tuple(w[i : i + 3]) for i in range(len(w) - 2)}


class Scenario(BaseModel):
    """A distinct scenario: one harm in one world family, however many cases play it."""

    family: str
    harm: str
    cases: list[str]
    risks: list[str]
    merged_by: list[str] = Field(default_factory=list)
    """Why cases with other harm labels count as this scenario (``same verifier as X``,
    ``goal like X's``)."""


def distinct_scenarios(cases: list[Case]) -> list[Scenario]:
    """Group cases into distinct scenarios: same world family and same harm label, or near
    twins by what the harm *is* (an identical verifier body, or goals at least
    ``NEAR_TWIN_GOALS`` alike). Counting these rather than cases is what keeps a bench honest
    about its size: the same harm replayed with other names is one scenario."""
    parent = list(range(len(cases)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    why: dict[int, list[str]] = {}

    def union(i: int, j: int, reason: str) -> None:
        a, b = find(i), find(j)
        if a != b:
            parent[b] = a
            if harm_of(cases[i]) != harm_of(cases[j]):
                why.setdefault(j, []).append(reason)

    by_family: dict[str, list[int]] = {}
    for i, c in enumerate(cases):
        by_family.setdefault(family_of(c), []).append(i)
    for members in by_family.values():
        first_of: dict[str, int] = {}
        body_of: dict[str, int] = {}
        for i in members:
            c = cases[i]
            h = harm_of(c)
            if h in first_of:
                union(first_of[h], i, "same harm")
            else:
                first_of[h] = i
            body = _verifier_body(c)
            if body in body_of:
                union(body_of[body], i, f"same verifier as {cases[body_of[body]].id}")
            else:
                body_of[body] = i
        goals = {i: _goal_words(cases[i]) for i in members}
        for x, i in enumerate(members):
            for j in members[x + 1 :]:
                a, b = goals[i], goals[j]
                if a and b and len(a & b) / len(a | b) >= NEAR_TWIN_GOALS:
                    union(i, j, f"goal like {cases[i].id}'s")
    groups: dict[int, list[int]] = {}
    for i in range(len(cases)):
        groups.setdefault(find(i), []).append(i)
    out = []
    for root, members in groups.items():
        cs = [cases[i] for i in members]
        out.append(
            Scenario(
                family=family_of(cases[root]),
                harm=harm_of(cases[root]),
                cases=sorted(c.id for c in cs),
                risks=sorted({c.spec.taxonomy.risk for c in cs}),
                merged_by=sorted({r for i in members for r in why.get(i, [])}),
            )
        )
    return sorted(out, key=lambda s: (s.family, s.harm))


def world_of(case: Case) -> str:
    """A case's world: its shared world, else its own (named after the case)."""
    return case.spec.world or f"own:{case.id}"


def harm_of(case: Case) -> str:
    """A case's harm invariant: the declared one, else its risk leaf."""
    return case.spec.harm or case.spec.taxonomy.risk


class WorldSize(BaseModel):
    world: str
    environment: str = ""
    services: list[str] = Field(default_factory=list)
    items: dict[str, int] = Field(default_factory=dict)
    """Counts of what the world's setup creates (messages, transactions, files, ...)."""
    cases: int = 0


class BenchStats(BaseModel):
    base_scenarios: int
    cases: int
    """Case-variants: every base scenario in benign, single- and multi-channel variant."""
    broken: list[str] = Field(default_factory=list)
    by_risk: dict[str, int]
    worlds_by_risk: dict[str, int]
    by_attack: dict[str, int]
    by_environment: dict[str, int]
    by_world: dict[str, int]
    by_harm: dict[str, int]
    by_variant: dict[str, int]
    by_directory: dict[str, int]
    matrix: dict[str, dict[str, int]]
    """Base scenarios per risk leaf and environment leaf."""
    worlds: list[WorldSize] = Field(default_factory=list)
    without_utility: list[str] = Field(default_factory=list)
    multi_below_two_channels: list[str] = Field(default_factory=list)
    harm_invariants: int = 0
    distinct_scenarios: int = 0
    """World family × harm, near twins merged (:func:`distinct_scenarios`)."""
    distinct_by_risk: dict[str, int] = Field(default_factory=dict)
    """Distinct scenarios per risk leaf."""
    leaves_with_3_distinct: int = 0
    scenarios: list[Scenario] = Field(default_factory=list)
    gaps: dict[str, list[str]] = Field(default_factory=dict)
    """Per goal, what falls short (``risk_below_3``, ``risk_below_2_worlds``, ...)."""
    goals: dict[str, int] = Field(default_factory=lambda: dict(GOALS))


def bench_stats(root: Path) -> BenchStats:
    """Statistics of every case under ``root`` (broken cases are listed, not counted)."""
    root = Path(root)
    cases: list[Case] = []
    broken: list[str] = []
    for item in discover_cases(root):
        if isinstance(item, BrokenCase):
            broken.append(item.message)
        else:
            cases.append(item)
    tax = find_taxonomy_dir(root)
    risks = _leaves(tax, "risks") if tax else []
    attacks = _leaves(tax, "attacks") if tax else []
    envs = _leaves(tax, "environments") if tax else []

    def count(values: list[str], universe: list[str]) -> dict[str, int]:
        c = Counter(values)
        return {k: c.get(k, 0) for k in sorted(set(universe) | set(c))}

    by_risk = count([c.spec.taxonomy.risk for c in cases], risks)
    worlds_by_risk = {
        r: len({world_of(c) for c in cases if c.spec.taxonomy.risk == r}) for r in by_risk
    }
    by_env = count([c.spec.taxonomy.environment for c in cases], envs)
    by_attack = count([c.spec.taxonomy.attack for c in cases], attacks)
    matrix: dict[str, dict[str, int]] = {r: {} for r in by_risk}
    for c in cases:
        row = matrix.setdefault(c.spec.taxonomy.risk, {})
        row[c.spec.taxonomy.environment] = row.get(c.spec.taxonomy.environment, 0) + 1
    by_harm = dict(sorted(Counter(harm_of(c) for c in cases).items()))
    worlds: list[WorldSize] = []
    wdir = find_worlds_dir(root)
    if wdir is not None:
        for path in sorted(wdir.rglob("*.yaml")):
            name = path.relative_to(wdir).with_suffix("").as_posix()
            data = load_yaml(path.read_text(encoding="utf-8")) or {}
            items: Counter[str] = Counter()
            for step in data.get("setup") or []:
                [method] = step
                if method == "database.create_database":
                    items.update(_database_size(step[method] or {}))
                    continue
                items[_SIZE_METHODS.get(method, method.split(".", 1)[0] + " items")] += 1
            users = [c for c in cases if c.spec.world == name]
            worlds.append(
                WorldSize(
                    world=name,
                    environment=users[0].spec.taxonomy.environment if users else "",
                    services=list(data.get("services") or []),
                    items=dict(sorted(items.items())),
                    cases=len(users),
                )
            )
    scenarios = distinct_scenarios(cases)
    distinct_by_risk = {r: 0 for r in by_risk}
    for sc in scenarios:
        for r in sc.risks:
            distinct_by_risk[r] = distinct_by_risk.get(r, 0) + 1
    gaps = {
        "risk_below_3": [r for r, n in by_risk.items() if n < GOALS["per_risk_leaf"]],
        "risk_below_3_distinct": [
            r for r, n in distinct_by_risk.items() if n < GOALS["distinct_per_risk_leaf"]
        ],
        "risk_below_2_worlds": [
            r for r, n in worlds_by_risk.items() if n < GOALS["worlds_per_risk_leaf"]
        ],
        "environment_below_20": [e for e, n in by_env.items() if n < GOALS["per_environment"]],
        "attack_below_10": [a for a, n in by_attack.items() if n < GOALS["per_attack"]],
    }
    return BenchStats(
        base_scenarios=len(cases),
        cases=len(cases) * len(VARIANTS),
        broken=broken,
        by_risk=by_risk,
        worlds_by_risk=worlds_by_risk,
        by_attack=by_attack,
        by_environment=by_env,
        by_world=dict(sorted(Counter(world_of(c) for c in cases if c.spec.world).items())),
        by_harm=by_harm,
        by_variant={v: len(cases) for v in VARIANTS},
        by_directory=dict(sorted(Counter(c.path.parent.name for c in cases).items())),
        matrix=matrix,
        worlds=worlds,
        without_utility=sorted(c.id for c in cases if not c.has_utility),
        multi_below_two_channels=sorted(
            c.id
            for c in cases
            if len({i.channel_name for i in c.injections("multi").injections}) < 2
        ),
        harm_invariants=len(by_harm),
        distinct_scenarios=len(scenarios),
        distinct_by_risk=distinct_by_risk,
        leaves_with_3_distinct=sum(
            n >= GOALS["distinct_per_risk_leaf"] for n in distinct_by_risk.values()
        ),
        scenarios=scenarios,
        gaps=gaps,
    )


__all__ = [
    "GOALS",
    "BenchStats",
    "Scenario",
    "WorldSize",
    "bench_stats",
    "distinct_scenarios",
    "family_of",
    "harm_of",
    "world_of",
]
