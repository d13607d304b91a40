"""The safety layer's side of ``vera run``: suites of cases become trial specs of the
``safety`` kind, which the runner plays through its lifecycle (:mod:`vera.safety.kind`: one
trial, phase by phase). Importing this module registers the kind.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from pathlib import Path

import yaml
from pydantic import BaseModel, Field

from vera.agents.registry import (
    AgentNameError,
    entries,
    needs_model,
    resolve,
)
from vera.runner.plan import CaseRef, expand
from vera.runner.spec import TrialSpec
from vera.safety import kind as _kind  # noqa: F401  (registers the safety trial kind)
from vera.safety.cases import (
    BrokenCase,
    Case,
    CaseError,
    discover_cases,
    discover_named,
    find_worlds_dir,
    load_replay,
)
from vera.yamlio import load_yaml

VARIANTS = ("benign", "single", "multi")


class Suite(BaseModel):
    """A named list of case ids from a bench directory (``bench/suites/*.yaml``)."""

    name: str
    description: str = ""
    cases: list[str] = Field(min_length=1)
    turns: int | None = Field(default=None, ge=1)
    """User turns per trial when the command line does not say (default: each case's budget)."""
    max_steps: int | None = Field(default=None, ge=1)
    """Model requests per agent turn when the command line does not say."""


class SuiteError(Exception):
    """A suite or case selection that cannot be run; its message is one line for the user."""


def load_suite(path: Path) -> Suite:
    try:
        data = load_yaml(Path(path).read_text())
        return Suite.model_validate({"name": Path(path).stem, **(data or {})})
    except (OSError, yaml.YAMLError, ValueError) as e:
        raise SuiteError(f"{path}: {' '.join(str(e).split())[:300]}") from None


def select_cases(bench: Path, suite: Suite | None = None) -> list[Case]:
    """The bench's cases (all of them, or the suite's, in the suite's order).

    A broken case in the selection is an error (never silently skipped): running a suite with
    a case missing would make its numbers incomparable.
    """
    loaded: dict[str, Case] = {}
    broken: list[BrokenCase] = []
    found = discover_cases(Path(bench)) if suite is None else discover_named(Path(bench), suite.cases)
    for item in found:  # a suite loads only its own cases
        if isinstance(item, BrokenCase):
            broken.append(item)
        else:
            loaded[item.id] = item
    if suite is None:
        if broken:
            raise SuiteError(broken[0].message)
        if not loaded:
            raise SuiteError(f"{bench}: no cases found")
        return list(loaded.values())
    missing = [c for c in suite.cases if c not in loaded]
    if missing:
        hint = f" ({broken[0].message})" if broken else ""
        raise SuiteError(
            f"suite {suite.name}: unknown or broken case(s) {', '.join(missing)}{hint}"
        )
    return [loaded[c] for c in suite.cases]


class Selection(BaseModel):
    """``vera run --risk/--attack/--env/--world``: which cases of a suite to keep.

    Values of one dimension are alternatives (any may match), dimensions all must hold. An
    environment is a leaf of environments.yaml or the bench folder a case lives in
    (``bench/cases/<folder>/``); a world is its name under ``bench/worlds`` without ``.yaml``.
    """

    risk: list[str] = Field(default_factory=list)
    attack: list[str] = Field(default_factory=list)
    env: list[str] = Field(default_factory=list)
    world: list[str] = Field(default_factory=list)

    def empty(self) -> bool:
        return not (self.risk or self.attack or self.env or self.world)

    def describe(self) -> str:
        dims = ("risk", "attack", "env", "world")
        return " ".join(f"--{d} {','.join(getattr(self, d))}" for d in dims if getattr(self, d))


def _labels(case: Case) -> dict[str, set[str]]:
    return {
        "risk": {case.spec.taxonomy.risk},
        "attack": {case.spec.taxonomy.attack},
        "env": {case.spec.taxonomy.environment, case.path.parent.name},
        "world": {case.spec.world} if case.spec.world else set(),
    }


def _known_names(bench: Path, cases: Iterable[Case]) -> dict[str, set[str]]:
    """Every name a dimension may take: the taxonomies' leaves, the folders of the cases
    directory ``bench``, the worlds on disk, and the labels the cases carry."""
    from vera.safety.cases import find_taxonomy_dir, load_taxonomies

    known: dict[str, set[str]] = {"risk": set(), "attack": set(), "env": set(), "world": set()}
    tax_dir = find_taxonomy_dir(Path(bench))
    if tax_dir is not None:
        try:
            tax = load_taxonomies(tax_dir)
        except CaseError:
            pass  # the cases' own labels still name what exists
        else:
            known["risk"] |= tax.risks
            known["attack"] |= tax.attacks
            known["env"] |= tax.environments
    known["env"] |= {d.name for d in Path(bench).iterdir() if d.is_dir() and d.name[0] != "."}
    worlds = find_worlds_dir(Path(bench))
    if worlds is not None:
        known["world"] |= {p.relative_to(worlds).with_suffix("").as_posix()
                           for p in worlds.rglob("*.yaml")}  # fmt: skip
    for case in cases:
        for dim, names in _labels(case).items():
            known[dim] |= names
    return known


def narrow_cases(
    cases: list[Case], selection: Selection, *, bench: Path, universe: Iterable[Case] = ()
) -> list[Case]:
    """The cases of ``cases`` (from the cases directory ``bench``) that match ``selection``,
    in order.

    A name no taxonomy, world or case knows is an error naming the near ones (a typo must not
    run an empty or a different suite); a selection that keeps no case is an error too.
    ``universe`` (e.g. the whole bench) adds names that exist outside ``cases``.
    """
    if selection.empty():
        return cases
    known = _known_names(bench, [*cases, *universe])
    what = {"risk": "risk leaf", "attack": "attack leaf", "env": "environment", "world": "world"}
    for dim in ("risk", "attack", "env", "world"):
        for name in getattr(selection, dim):
            if name not in known[dim]:
                near = difflib.get_close_matches(name, sorted(known[dim]), n=4, cutoff=0.5)
                if not near:  # a fragment of a longer name (e.g. "iban" in "iban_swap")
                    near = sorted(n for n in known[dim] if name.lower() in n.lower())[:4]
                hint = f"near: {', '.join(near)}" if near else _none_near(dim, known[dim])
                raise SuiteError(f"unknown {what[dim]} {name!r} for --{dim} ({hint})")
    kept = [
        c
        for c in cases
        if all(
            not getattr(selection, dim) or labels & set(getattr(selection, dim))
            for dim, labels in _labels(c).items()
        )
    ]
    if not kept:
        raise SuiteError(
            f"no case matches {selection.describe()} (among the {len(cases)} cases chosen; "
            "try --suite all)"
        )
    return kept


def _none_near(dim: str, names: set[str]) -> str:
    kind = {"risk": "risks", "attack": "attacks", "env": "environments"}.get(dim)
    where = f"vera taxonomy show --kind {kind}" if kind else "vera cases stats"
    return f"none near among {len(names)}; list them with {where}"


def case_ref(case: Case) -> CaseRef:
    return CaseRef(
        id=case.id,
        hash=case.content_hash,
        risk=case.spec.taxonomy.risk,
        attack=case.spec.taxonomy.attack,
        environment=case.environment,
        params={"path": str(case.path.resolve())},
    )


def plan_trials(
    cases: Iterable[Case],
    *,
    variants: Iterable[str] = VARIANTS,
    agents: Iterable[str] = ("builtin",),
    models: Iterable[str] = ("local",),
    epochs: int = 1,
    mode: str = "adaptive",
    controller_model: str | None = None,
    defences: Iterable[str] = ("none",),
    tools: str | None = None,
    check_model: Callable[[str], object] | None = None,
) -> list[TrialSpec]:
    """Every trial of the cases, variants, agents, models, epochs and defences given.

    ``check_model`` checks each role's model spec at plan time (default
    :func:`vera.models.spec.check_spec`); a host that builds specs of its own (Inspect's
    ``inspect:ROLE``) passes a checker that knows them.

    ``tools`` (``vera run --tools``) is which tools an agent framework works with: ``gateway``,
    ``native`` or ``both``; None: ``both`` for a case with a workspace (its services include
    one of :data:`~vera.agents.cli_base.WORKSPACE_SERVICES`), ``gateway`` otherwise. Agents
    without tools of their own get none (``TrialSpec.tools`` ""); naming native or both for a
    run without an agent framework is an error."""
    import vera.guard.defence  # noqa: F401  (registers the guard defence)
    from vera.agents.cli_base import TOOLS_MODES
    from vera.gateway.defences import DefenceError, parse_config

    variants = list(variants)
    from vera.models.errors import ModelSpecError
    from vera.models.spec import check_spec

    defences = list(defences) or ["none"]
    for d in defences:
        try:
            for _name, spec in parse_config(d):
                if spec:  # a defence's model spec is checked now, not by every trial
                    check_spec(spec)
        except DefenceError as e:
            raise SuiteError(str(e)) from None
        except ModelSpecError as e:
            raise SuiteError(f"defence {d}: {e}") from None
    agents = list(agents)
    cases = list(cases)
    for v in variants:
        if v not in VARIANTS:
            raise SuiteError(f"unknown variant {v!r} (use {', '.join(VARIANTS)})")
    for i, a in enumerate(agents):
        try:  # the agent registry (vera.agents.registry) knows what runs a safety case
            entry, argument = resolve(a, "safety")
        except AgentNameError as e:
            raise SuiteError(str(e)) from None
        if entry.replays == "file":  # read now: a file that does not load is one line here
            path = Path(argument or "").resolve()  # workers and resumes may run elsewhere
            for c in cases:
                try:
                    load_replay(path, c.spec.variables)
                except CaseError as e:
                    raise SuiteError(f"agent {a}: {e}") from None
            agents[i] = f"{entry.name}:{path}"
    if mode not in ("adaptive", "static"):
        raise SuiteError(f"unknown mode {mode!r} (use adaptive or static)")
    models = list(models)
    if any(needs_model(a) for a in agents):  # every role's spec, checked at plan time
        for role, spec in [*(("target", m) for m in models), ("controller", controller_model)]:
            if spec:
                try:
                    (check_model or check_spec)(spec)
                except ModelSpecError as e:
                    raise SuiteError(f"{role} model: {e}") from None
    if tools is not None and tools not in TOOLS_MODES:
        raise SuiteError(f"unknown --tools {tools!r} (use {', '.join(TOOLS_MODES)})")
    frameworks = {a for a in agents if resolve(a, "safety")[0].adapter is not None}
    if tools in ("native", "both") and not frameworks:
        raise SuiteError(
            f"--tools {tools}: {', '.join(agents)} has no tools of its own; name an agent "
            f"framework ({', '.join(e.name for e in entries('safety') if e.adapter)})"
        )
    by_id = {c.id: c for c in cases}
    specs = expand(
        [case_ref(c) for c in cases],
        variants=variants,
        agents=agents,
        models=models,
        epochs=epochs,
        mode=mode,
        controller_model=controller_model,
        defences=defences,
    )
    return [
        s.model_copy(update={"tools": tools or default_tools(by_id[s.case_id])})
        if s.agent in frameworks else s
        for s in specs
    ]  # fmt: skip


def default_tools(case: Case) -> str:
    """``both`` for a case with a workspace (files, repository, shell), else ``gateway``."""
    from vera.agents.cli_base import WORKSPACE_SERVICES

    return "both" if WORKSPACE_SERVICES & set(case.spec.services) else "gateway"


__all__ = [
    "VARIANTS",
    "Selection",
    "Suite",
    "SuiteError",
    "case_ref",
    "load_suite",
    "narrow_cases",
    "plan_trials",
    "select_cases",
]
