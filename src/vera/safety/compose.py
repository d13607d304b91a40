"""Candidate goals from (risk, attack, environment) leaf triples (``vera compose``).

Compatibility rules (services come from the taxonomy nodes, inherited from the nearest ancestor
that names some):

- **risk × environment**: the environment's services must include one that can realise the
  risk (a payment needs ``banking``, a share grant ``storage``); an environment's services are
  what the case will be built on.
- **attack × environment**: an attack whose channel lives in a service (an issue comment in
  ``repo``, a transaction memo in ``banking``) needs that service; channels that any case can
  add next to its environment (mail, web pages, files, chat, calendar, contacts:
  :data:`COMPANIONS`) are added to the case's services. Attacks without a channel (direct user
  attacks, framings, obfuscations) fit every environment.

Coverage mode selects goals greedily up to a budget: first every risk leaf at least ``k`` times
(each time through an attack × environment pair not covered yet, when one fits), then the
remaining compatible attack × environment pairs, then more of the least-used risks. Goals whose
text is a near-duplicate of a goal already selected (MinHash over word shingles, estimated
Jaccard ≥ ``threshold``) are skipped; triples already covered by existing cases count as
selected but take no budget.
"""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, Field

from vera.safety.taxonomy import TaxonomySet

COMPANIONS = frozenset({"email", "web", "filesystem", "storage", "chat", "calendar", "contacts"})


class Goal(BaseModel):
    """A candidate goal: one leaf of each taxonomy and the services a case for it needs."""

    id: str
    risk: str
    attack: str
    environment: str
    services: list[str]
    goal: str
    """The harm to test, in one paragraph built from the three leaves' definitions."""
    risk_name: str = ""
    attack_name: str = ""
    environment_name: str = ""


class Coverage(BaseModel):
    """What a selection reaches."""

    budget: int | None
    k: int
    selected: int
    existing: int = 0
    """Triples already covered by existing cases (counted, no budget used)."""
    risk_leaves: int
    risk_leaves_at_k: int
    risk_leaves_covered: int
    risk_leaves_realisable: int
    """Risk leaves with at least one compatible triple."""
    pairs_compatible: int
    pairs_covered: int
    triples_compatible: int
    triples_total: int
    near_duplicates_skipped: int
    needed_for_full: int | None = None
    """Goals the greedy needs to reach both targets (every realisable risk ≥ k, all pairs)."""
    uncovered_risks: list[str] = Field(default_factory=list)

    def lines(self) -> list[str]:
        def pct(a: int, b: int) -> str:
            return f"{100 * a / b:.1f}%" if b else "n/a"

        budget = "unbounded" if self.budget is None else str(self.budget)
        out = [
            f"budget {budget}: {self.selected} goal(s) selected"
            + (f" (+{self.existing} triple(s) from existing cases)" if self.existing else ""),
            f"risk leaves covered >= {self.k}x: {self.risk_leaves_at_k}/{self.risk_leaves} "
            f"({pct(self.risk_leaves_at_k, self.risk_leaves)})"
            + (f"; >= 1x: {self.risk_leaves_covered}" if self.k > 1 else "")
            + f"; realisable: {self.risk_leaves_realisable}",
            f"attack x environment pairs covered: {self.pairs_covered}/{self.pairs_compatible} "
            f"compatible ({pct(self.pairs_covered, self.pairs_compatible)})",
            f"compatible triples: {self.triples_compatible}/{self.triples_total}; "
            f"near-duplicates skipped: {self.near_duplicates_skipped}",
        ]
        if self.needed_for_full is not None:
            out.append(f"full coverage needs a budget of {self.needed_for_full}")
        return out


# --- compatibility ------------------------------------------------------------------------------


def case_services(ts: TaxonomySet, risk: str, attack: str, environment: str) -> list[str] | None:
    """The services a case for this triple is built on, or None when the triple is incompatible."""
    env = ts["environments"].services(environment)
    if not env:
        return None
    services = list(env)
    # the harm is realised, and the attack arrives, through the environment's own services or
    # through a companion service beside them (an address book's contacts mailed out, a phishing
    # mail in a banking case)
    for needed in (ts["risks"].services(risk), ts["attacks"].services(attack)):
        if needed and not set(needed) & set(services):
            extra = [s for s in needed if s in COMPANIONS]
            if not extra:
                return None
            services.append(extra[0])
    return services


def _goal_text(ts: TaxonomySet, risk: str, attack: str, environment: str) -> str:
    r, a, e = ts["risks"][risk], ts["attacks"][attack], ts["environments"][environment]
    return (
        f"{r.name} in {e.name.lower()} ({e.definition.rstrip('.')}), induced by "
        f"{a.name.lower()}: {r.definition} Attack: {a.definition}"
    )


def goal_for(ts: TaxonomySet, risk: str, attack: str, environment: str, n: int = 0) -> Goal | None:
    services = case_services(ts, risk, attack, environment)
    if services is None:
        return None
    return Goal(
        id=f"g{n:04d}_{risk}__{attack}__{environment}",
        risk=risk,
        attack=attack,
        environment=environment,
        services=services,
        goal=_goal_text(ts, risk, attack, environment),
        risk_name=ts["risks"][risk].name,
        attack_name=ts["attacks"][attack].name,
        environment_name=ts["environments"][environment].name,
    )


# --- near duplicates ----------------------------------------------------------------------------


class NearDuplicates:
    """MinHash LSH over word shingles: is a text a near-duplicate of one added before?"""

    def __init__(self, threshold: float = 0.8, num_perm: int = 64, shingle: int = 3):
        from datasketch import MinHash, MinHashLSH

        self._minhash = MinHash
        self.threshold = threshold
        self.num_perm = num_perm
        self.shingle = shingle
        self.lsh = MinHashLSH(threshold=threshold, num_perm=num_perm)
        self._n = 0

    def signature(self, text: str):  # -> MinHash
        words = re.findall(r"[a-z0-9]+", text.lower())
        grams = {
            " ".join(words[i : i + self.shingle])
            for i in range(max(1, len(words) - self.shingle + 1))
        }
        m = self._minhash(num_perm=self.num_perm, seed=1)
        m.update_batch([g.encode() for g in grams])
        return m

    def duplicate_of(self, text: str) -> list[str]:
        return list(self.lsh.query(self.signature(text)))

    def add(self, key: str, text: str) -> None:
        self.lsh.insert(key, self.signature(text))
        self._n += 1


# --- selection ----------------------------------------------------------------------------------


def existing_triples(cases_root: Path) -> list[tuple[str, str, str]]:
    """(risk, attack, environment) of every case.yaml under ``cases_root``."""
    import yaml

    from vera.yamlio import load_yaml

    out = []
    for path in sorted(Path(cases_root).rglob("case.yaml")):
        try:
            tax = (load_yaml(path.read_text(encoding="utf-8")) or {}).get("taxonomy") or {}
        except (OSError, yaml.YAMLError):
            continue
        if {"risk", "attack", "environment"} <= set(tax):
            out.append((str(tax["risk"]), str(tax["attack"]), str(tax["environment"])))
    return out


def compose(
    ts: TaxonomySet,
    *,
    budget: int | None,
    k: int = 1,
    existing: Iterable[tuple[str, str, str]] = (),
    threshold: float = 0.8,
) -> tuple[list[Goal], Coverage]:
    """Select up to ``budget`` goals (None: until both coverage targets are met)."""
    risks = [n.id for n in ts["risks"].leaves()]
    attacks = [n.id for n in ts["attacks"].leaves()]
    envs = [n.id for n in ts["environments"].leaves()]
    ok: dict[tuple[str, str, str], list[str]] = {}
    for r, a, e in itertools.product(risks, attacks, envs):
        services = case_services(ts, r, a, e)
        if services is not None:
            ok[(r, a, e)] = services
    pairs_for_risk: dict[str, list[tuple[str, str]]] = {r: [] for r in risks}
    risks_for_pair: dict[tuple[str, str], list[str]] = {}
    for r, a, e in ok:
        pairs_for_risk[r].append((a, e))
        risks_for_pair.setdefault((a, e), []).append(r)
    realisable = [r for r in risks if pairs_for_risk[r]]

    risk_use: Counter[str] = Counter()
    pair_use: Counter[tuple[str, str]] = Counter()
    att_use: Counter[str] = Counter()
    env_use: Counter[str] = Counter()
    taken: set[tuple[str, str, str]] = set()
    n_existing = 0
    for t in existing:
        if t in ok and t not in taken:
            taken.add(t)
            n_existing += 1
            risk_use[t[0]] += 1
            pair_use[(t[1], t[2])] += 1
            att_use[t[1]] += 1
            env_use[t[2]] += 1
    dups = NearDuplicates(threshold=threshold) if threshold < 1 else None
    goals: list[Goal] = []
    skipped = 0

    def take(r: str, a: str, e: str) -> bool:
        nonlocal skipped
        g = goal_for(ts, r, a, e, len(goals) + 1)
        assert g is not None
        taken.add((r, a, e))
        if dups is not None:
            if dups.duplicate_of(g.goal):
                skipped += 1
                return False
            dups.add(g.id, g.goal)
        goals.append(g)
        risk_use[r] += 1
        pair_use[(a, e)] += 1
        att_use[a] += 1
        env_use[e] += 1
        return True

    def full() -> bool:
        return budget is not None and len(goals) >= budget

    def pick_pair(r: str) -> tuple[str, str] | None:
        free = [p for p in pairs_for_risk[r] if (r, *p) not in taken]
        if not free:
            return None
        return min(free, key=lambda p: (pair_use[p] > 0, att_use[p[0]] + env_use[p[1]], p))

    # 1. every realisable risk leaf k times, preferring uncovered pairs
    for _round in range(k):
        for r in realisable:
            if full():
                break
            while risk_use[r] <= _round:
                p = pick_pair(r)
                if p is None or take(r, *p) or full():
                    break
    # 2. every compatible attack x environment pair once
    for pair in sorted(risks_for_pair):
        if full():
            break
        if pair_use[pair]:
            continue
        for r in sorted(risks_for_pair[pair], key=lambda r: (risk_use[r], r)):
            if (r, *pair) not in taken and take(r, *pair):
                break
    needed = len(goals) if budget is None else None
    # 3. with budget left: more goals for the least-used risks
    while budget is not None and not full():
        order = sorted(realisable, key=lambda r: (risk_use[r], r))
        progressed = False
        for r in order:
            p = pick_pair(r)
            if p is not None:
                take(r, *p)
                progressed = True
                break
        if not progressed:
            break
    cov = Coverage(
        budget=budget,
        k=k,
        selected=len(goals),
        existing=n_existing,
        risk_leaves=len(risks),
        risk_leaves_at_k=sum(1 for r in risks if risk_use[r] >= k),
        risk_leaves_covered=sum(1 for r in risks if risk_use[r] >= 1),
        risk_leaves_realisable=len(realisable),
        pairs_compatible=len(risks_for_pair),
        pairs_covered=sum(1 for p in risks_for_pair if pair_use[p]),
        triples_compatible=len(ok),
        triples_total=len(risks) * len(attacks) * len(envs),
        near_duplicates_skipped=skipped,
        needed_for_full=needed,
        uncovered_risks=[r for r in risks if risk_use[r] < k],
    )
    return goals, cov


def full_coverage_budget(
    ts: TaxonomySet, *, k: int = 1, existing: Iterable[tuple[str, str, str]] = ()
) -> int:
    """The budget at which the greedy meets both coverage targets."""
    _, cov = compose(ts, budget=None, k=k, existing=existing)
    return cov.selected


def write_goals(goals: list[Goal], path: Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", encoding="utf-8") as fh:
        for g in goals:
            fh.write(json.dumps(g.model_dump(), ensure_ascii=False) + "\n")
    return path


def read_goals(path: Path) -> list[Goal]:
    return [
        Goal.model_validate_json(line)
        for line in Path(path).read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


__all__ = [
    "COMPANIONS",
    "Coverage",
    "Goal",
    "NearDuplicates",
    "case_services",
    "compose",
    "existing_triples",
    "full_coverage_budget",
    "goal_for",
    "read_goals",
    "write_goals",
]
