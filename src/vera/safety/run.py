"""The safety layer's side of ``vera run``: suites of cases become trial specs, and
:func:`safety_trial` plays one spec through the whole execution contract.

One trial (DESIGN.md "One trial"): load the case and check it is the one planned (content hash),
build s0, serve the gateway with the variant's injections, let the control agent talk to the
target agent turn by turn, ask the case's verifier after every turn (stop early on a violation),
then judge the final evidence (and, where the harm is the text itself, ask the judge model what
the verifier's rules left open), save it under ``evidence/`` and return the outcome. Errors stay
errors: a model that is unavailable is ``infra_error``, an agent that crashed ``agent_error``,
a trial past its budget ``timeout`` (its evidence so far kept), a judge model without a usable
answer ``judge_error`` (the verifier's verdict kept beside it).

Models: the CLI opens one :class:`~vera.models.runtime.ModelRuntime` for the whole run and hands
it over with :func:`use_runtime`, so the embedded model starts once. A trial that finds none
(a Ray worker) opens its own.
"""

from __future__ import annotations

import difflib
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field

from vera.agents.base import Agent
from vera.agents.cli_base import NATIVE_SERVICES
from vera.agents.registry import (
    AgentBuild,
    AgentEntry,
    AgentNameError,
    entries,
    needs_model,
    resolve,
)
from vera.models.runtime import ModelRuntime
from vera.models.usage import trial_scope
from vera.records import Outcome
from vera.runner.budget import current_budget
from vera.runner.evidence import save_evidence
from vera.runner.limits import LimitsConfig, current_limits
from vera.runner.plan import CaseRef, expand
from vera.runner.spec import TrialResult, TrialSpec
from vera.runner.trial import play_trial
from vera.safety.cases import (
    Case,
    CaseError,
    CaseLoadError,
    case_content_hash,
    discover_cases,
    discover_named,
    find_worlds_dir,
    load_case,
    load_replay,
    load_world,
)
from vera.safety.control import Controller
from vera.safety.trial import build_s0, judge, sandbox_backend
from vera.safety.verify import assemble_evidence
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
    broken: list[CaseLoadError] = []
    found = discover_cases(Path(bench)) if suite is None else discover_named(Path(bench), suite.cases)
    for item in found:  # a suite loads only its own cases
        if isinstance(item, CaseLoadError):
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
    from vera.safety.cases import find_taxonomy_dir, find_worlds_dir, load_taxonomies

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


# --- the shared model runtime --------------------------------------------------------------------

_RUNTIME: ModelRuntime | None = None


@contextmanager
def use_runtime(rt: ModelRuntime) -> Iterator[None]:
    """Make ``rt`` the runtime of every trial played in this process while the block runs."""
    global _RUNTIME
    previous, _RUNTIME = _RUNTIME, rt
    try:
        yield
    finally:
        _RUNTIME = previous


@asynccontextmanager
async def _runtime(given: ModelRuntime | None = None) -> AsyncIterator[ModelRuntime]:
    if given is not None:
        yield given
        return
    if _RUNTIME is not None:
        yield _RUNTIME
        return
    async with ModelRuntime() as rt:
        yield rt


@asynccontextmanager
async def _process_runtime(limits: LimitsConfig) -> AsyncIterator[None]:
    """One model runtime for all the trials of a worker process (``vera run --workers N``)."""
    async with ModelRuntime(max_concurrency=limits.model_connections or 1 << 16) as rt:
        with use_runtime(rt):
            yield


# --- one trial ---------------------------------------------------------------------------------


_LOADED: dict[tuple[str, str], Case] = {}
"""Cases already loaded in this process, by path and content hash: a run plays each case many
times (variants, agents, epochs); hashing its files is much cheaper than parsing and checking
them again."""


def _hash_now(case: Case) -> str:
    """The content hash of a loaded case as its files stand now, its world's file included
    (as :func:`vera.safety.cases.load_case` hashes it); "" when the world cannot be read."""
    extra = b""
    if case.spec.world:
        worlds = find_worlds_dir(case.path)
        if worlds is None:
            return ""
        try:
            extra = load_world(worlds / f"{case.spec.world}.yaml")[1]
        except CaseError:
            return ""
    return case_content_hash(case.path, extra=extra)


def _load_planned(spec: TrialSpec) -> Case:
    path = spec.params.get("path")
    if not path:
        raise CaseError(f"trial {spec.key}: no case path in the plan")
    key = (str(path), spec.case_hash)
    cached = _LOADED.get(key)
    if cached is not None and _hash_now(cached) == spec.case_hash:
        return cached
    case = load_case(Path(path))
    if case.content_hash == spec.case_hash:
        if len(_LOADED) >= 1024:
            _LOADED.clear()
        _LOADED[key] = case
    else:
        raise CaseError(
            f"{path}: the case changed since the run was planned (hash {case.content_hash} != "
            f"{spec.case_hash}); start a new run"
        )
    return case


async def safety_trial(
    spec: TrialSpec,
    trial_dir: Path,
    *,
    max_steps: int = 8,
    turn_time_s: float = 180.0,
    turns: int | None = None,
    model_timeout_s: float | None = None,
    judge_model: str | None = None,
    runtime: ModelRuntime | None = None,
) -> TrialResult:
    """Play ``spec`` (a case, variant, agent, model, mode) and judge it; see the module doc.

    ``max_steps`` and ``turn_time_s`` bound each of the built-in agent's turns; ``turns``
    overrides the case's turn budget (the controller's user messages); ``model_timeout_s`` is
    how long an agent framework's model may stay silent before the trial is an infra error.
    ``judge_model`` (a model spec, ``vera run --judge-model``) decides what the verifier's rules
    leave open on a text harm (:mod:`vera.safety.text_judge`); without one such a verdict is the
    rules' alone, labelled rule-only by the report. ``runtime`` builds the trial's models
    (default: the process's, :func:`use_runtime`, else a new one); ``inspect eval vera/safety``
    passes one whose models are Inspect's (:mod:`vera.interop.inspect_bridge`).
    """
    case = _load_planned(spec)
    variant = spec.variant
    budget = turns or case.spec.budgets.turns
    async with _runtime(runtime) as rt, current_limits().sandbox():
        with trial_scope(spec.key):
            agent_box: list[Agent] = []
            entry, _ = _resolve(spec)
            # The run's caps bite in the middle of a turn for agents behind the model proxy:
            # it asks before every request, counting what this trial has spent so far.
            live = current_budget()
            admit = None
            if live is not None and live.config.capped:
                live.track(spec.key, lambda: rt.ledger.by_role(trial=spec.key))
                admit = live.reached
            make_agent = await _agent_factory(
                spec, case, rt, agent_box, max_steps, turn_time_s, trial_dir=trial_dir,
                admit=admit, model_timeout_s=model_timeout_s,
            )  # fmt: skip
            # An agent with no model replays a script (or nothing) on the first message: there
            # is nothing to adapt to.
            mode = spec.mode if entry.needs_model else "static"
            controller_model = None
            if mode == "adaptive" and variant != "benign":
                controller_model = await rt.model(
                    spec.controller_model or spec.model, role="controller"
                )
            controller = Controller(
                case,
                variant,
                mode=mode,
                model=controller_model,
                max_turns=budget,  # type: ignore[arg-type]
            )
            seen: dict[str, Any] = {"diff": None}

            def stop_when(env: Any, s0: dict[str, Any], calls: list[Any]) -> bool:
                s_t = env.snapshot()
                diff = env.diff(s0, s_t)
                seen["diff"] = diff
                trajectory = agent_box[0].trajectory if agent_box else None
                ev = assemble_evidence(
                    case_id=case.id, variant=variant, variables=case.spec.variables, s0=s0,
                    s_t=s_t, diff=diff, trace=calls, trajectory=trajectory,
                    protected=case.protected,
                )  # fmt: skip
                return judge(case, ev).outcome is Outcome.violated

            async def next_message(turns_so_far: list, calls: list) -> str | None:
                message = await controller.next_message(turns_so_far, calls, seen["diff"])
                # A framework takes no instructions or history from vera: the case's context
                # comes before its first message (the built-in agent gets it as such).
                if (message and not turns_so_far and entry.needs_model
                        and not entry.instructions and case.spec.context):  # fmt: skip
                    message = f"{case.spec.context.preamble()}\n\n{message}"
                return message

            try:
                record = await play_trial(
                    trial_dir,
                    services=case.spec.services,
                    variables=case.spec.variables,
                    build_s0=lambda env: build_s0(case, env, variant),
                    injections=case.injections(variant),  # type: ignore[arg-type]
                    make_agent=make_agent,
                    next_message=next_message,
                    turns=budget,
                    timeout_s=case.spec.budgets.seconds,
                    sandbox=sandbox_backend(case),
                    stop_when=stop_when,
                    defences=_make_defences(spec, case, rt),
                    hidden=NATIVE_SERVICES if spec.tools in ("native", "both") else frozenset(),
                )
            except BaseException as exc:
                # Keep what the trial produced so far (the gateway trace is on disk already),
                # and what it cost: requests that succeeded were paid for (the runner puts it
                # in the error's TrialResult).
                exc.vera_usage = rt.ledger.by_role(trial=spec.key)  # type: ignore[attr-defined]
                if agent_box:
                    save_evidence(trial_dir, trajectory=agent_box[0].trajectory)
                _save_tactics(trial_dir, controller)
                raise
            ev = assemble_evidence(
                case_id=case.id, variant=variant, variables=case.spec.variables, s0=record.s0,
                s_t=record.s_t, diff=record.diff, trace=record.trace,
                trajectory=record.trajectory, protected=case.protected,
            )  # fmt: skip
            # Utility in every variant: in benign it is the target's capability, in single and
            # multi its utility under attack (was the legitimate task still done).
            j = judge(case, ev, with_utility=True)
            j = _cite_blocks(j, record.trace)
            if judge_model:  # inside the trial's scope: its calls are the trial's usage
                j = await _judge_text(j, rt, judge_model)
            usage = rt.ledger.by_role(trial=spec.key)
    save_evidence(trial_dir, trajectory=record.trajectory, diff=record.diff, evidence=ev)
    _save_tactics(trial_dir, controller)
    result_fields: dict[str, Any] = {
        "utility": j.utility,
        "usage": usage,
        "n_turns": len(record.trajectory.turns),
        "tactics": [t.tactic for t in controller.tactics],
        "defence_actions": _count_actions(record.trace),
        "measures": {"judge_model": judge_model} if judge_model else {},
    }
    if j.outcome in (Outcome.infra_error, Outcome.judge_error):
        kind = j.outcome.value
        return TrialResult(
            outcome=j.outcome,
            verdict=j.verdict if j.outcome is Outcome.judge_error else None,
            error={"kind": kind, "message": j.error or f"{kind}: no message"},  # type: ignore[arg-type]
            **result_fields,
        )
    return TrialResult(outcome=j.outcome, verdict=j.verdict, **result_fields)


async def _judge_text(j: Any, rt: ModelRuntime, judge_model: str) -> Any:
    """The judgement after the judge model of text harms (:mod:`vera.safety.text_judge`); a
    judge model that cannot even be built is the judge's failure (``judge_error``), with the
    verifier's verdict kept."""
    from vera.records import JudgeReview
    from vera.safety.text_judge import ROLE, judge_text

    if j.verdict is None or not j.verdict.questions:
        return j
    try:
        model = await rt.model(judge_model, role=ROLE)
    except Exception as e:
        why = f"judge {judge_model} could not be built: {' '.join(str(e).split())[:300]}"
        review = JudgeReview(model=judge_model, rule_violated=j.verdict.violated, error=why)
        verdict = j.verdict.model_copy(update={"judge": review})
        return j.model_copy(update={"outcome": Outcome.judge_error, "verdict": verdict,
                                    "error": why})  # fmt: skip
    return await judge_text(j, model, model_name=judge_model)


safety_trial.process_setup = _process_runtime  # type: ignore[attr-defined]


def _resolve(spec: TrialSpec) -> tuple[AgentEntry, str | None]:
    try:
        return resolve(spec.agent, "safety")
    except AgentNameError as e:
        raise CaseError(str(e)) from None


async def _agent_factory(
    spec: TrialSpec,
    case: Case,
    rt: ModelRuntime,
    box: list[Agent],
    max_steps: int,
    turn_time_s: float,
    *,
    trial_dir: Path | None = None,
    admit: Any = None,
    model_timeout_s: float | None = None,
) -> Any:
    """A ``make_agent(socket)`` for the spec's agent, built by its registry entry
    (:mod:`vera.agents.registry`); the agent made is kept in ``box``.

    An oracle replays the case's witness or reference of the spec's variant; an agent framework
    runs in its own sandbox with its home in ``trial_dir/agent-home``, its model endpoint from
    the spec (a scripted server started here, or a hosted API with its key from the
    environment); the built-in agent takes the case's context as its instructions and history.
    """
    entry, argument = _resolve(spec)
    variant = spec.variant  # type: ignore[assignment]
    script = None
    if entry.replays == "witness":
        script = case.witness_for(variant)
    elif entry.replays == "reference":
        script = case.reference_for(variant)
    elif entry.replays == "file":
        script = load_replay(Path(argument or ""), case.spec.variables)
    context = case.spec.context
    ctx = AgentBuild(
        agent=spec.agent,
        argument=argument,
        model=spec.model,
        runtime=rt,
        max_steps=max_steps,
        turn_time_s=turn_time_s,
        home=Path(trial_dir or ".") / "agent-home",
        script=script,
        system_prompt=context.system_prompt.strip(),
        history=[(t.role, t.text) for t in context.history],
        tools=spec.tools or "gateway",
        model_timeout_s=model_timeout_s,
        admit=admit,
    )
    assert entry.build is not None  # a safety entry has one (the registry checks)
    build = await entry.build(ctx)

    def make_agent(socket: Path) -> Agent:
        box.append(build(socket))
        return box[-1]

    return make_agent


def _make_defences(spec: TrialSpec, case: Case, rt: ModelRuntime) -> list[Any]:
    """The gateway defences of the spec's defence config (docs/defences.md)."""
    import vera.guard.defence  # noqa: F401  (registers the guard defence)
    from vera.gateway.defences import DefenceContext, make_defences

    if not spec.defence or spec.defence == "none":
        return []

    async def model_factory(model_spec: str) -> Any:
        return await rt.model(model_spec, role="defence")

    reference = case.reference_for("benign")
    context = DefenceContext(
        task=case.spec.benign_task,
        reference_tools=sorted({c.tool for c in reference.calls}),
        model_factory=model_factory,
    )
    return make_defences(spec.defence, context)


def _count_actions(trace: list[Any]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for c in trace:
        for a in getattr(c, "defence_actions", None) or []:
            counts[a["action"]] = counts.get(a["action"], 0) + 1
    return counts


def _cite_blocks(j: Any, trace: list[Any]) -> Any:
    """A safe verdict also cites the calls a defence blocked (the block is why it is safe)."""
    blocked = [c for c in trace if getattr(c, "blocked", False)]
    if not blocked or j.verdict is None or j.verdict.violated:
        return j
    cites = [f"call:{c.id}" for c in blocked if f"call:{c.id}" not in j.verdict.cites]
    who = sorted({a["defence"] for c in blocked for a in c.defence_actions})
    reason = f"{j.verdict.reason}; {len(blocked)} call(s) blocked by {', '.join(who)}"
    verdict = j.verdict.model_copy(update={"cites": [*j.verdict.cites, *cites], "reason": reason})
    return j.model_copy(update={"verdict": verdict})


def _save_tactics(trial_dir: Path, controller: Controller) -> None:
    from vera.runner.store import write_atomic

    blob = "".join(t.model_dump_json() + "\n" for t in controller.tactics)
    write_atomic(Path(trial_dir) / "evidence" / "tactics.jsonl", blob, durable=False)


__all__ = [
    "VARIANTS",
    "Selection",
    "Suite",
    "SuiteError",
    "case_ref",
    "load_suite",
    "narrow_cases",
    "plan_trials",
    "safety_trial",
    "select_cases",
    "use_runtime",
]
