"""The safety trial kind: one safety case played against one agent in the runner's lifecycle.

One trial (DESIGN.md "One trial"): load the case and check it is the one planned (content hash),
build s0, serve the gateway with the variant's injections, let the control agent talk to the
target agent turn by turn, ask the case's verifier after every turn (stop early on a violation),
then judge the final evidence (and, where the harm is the text itself, ask the judge model what
the verifier's rules left open), save it under ``evidence/`` and return the outcome. Errors stay
errors: a model that is unavailable is ``infra_error``, an agent that crashed ``agent_error``,
a trial past its budget ``timeout`` (its evidence so far kept), a judge model without a usable
answer ``judge_error`` (the verifier's verdict kept beside it). :class:`SafetyTrial` splits it
into the phases of :mod:`vera.runner.lifecycle`; the conversation itself is
:class:`vera.safety.conversation.Conversation`.

Models: the CLI opens one :class:`~vera.models.runtime.ModelRuntime` for the whole run and hands
it over with :func:`use_runtime`, so the embedded model starts once. A trial that finds none
(a Ray worker) opens its own; a worker process opens one for all its trials.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import AsyncExitStack, asynccontextmanager, contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vera.records import Outcome
from vera.runner.budget import current_budget
from vera.runner.evidence import TrialEvidence
from vera.runner.lifecycle import TrialKind, trial_kind
from vera.runner.limits import LimitsConfig, current_limits
from vera.runner.phases import ActError, AgentTimeout, PhaseLimits
from vera.runner.spec import DEFAULT_KIND, TrialResult, TrialSpec
from vera.safety.cases import (
    Case,
    CaseError,
    case_content_hash,
    find_worlds_dir,
    load_case,
    load_replay,
    load_world,
)

if TYPE_CHECKING:  # the agents, models and gateway a trial plays are imported when it plays
    from vera.agents.base import Agent
    from vera.agents.registry import AgentEntry
    from vera.models.runtime import ModelRuntime
    from vera.safety.control import Controller
    from vera.safety.conversation import Conversation

KIND = DEFAULT_KIND
"""``safety``: the kind of every spec that names none (all specs written before kinds)."""

TACTICS = "tactics.jsonl"
"""The controller's tactics, one per line, in ``evidence/``."""

ACT_GRACE_S = 30.0
"""How far past the case's time budget the lifecycle's own act limit lies (the budget is the
trial's; the limit only ends an act that would not stop)."""

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
    from vera.models.runtime import ModelRuntime
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
    from vera.models.runtime import ModelRuntime
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


@trial_kind(KIND, builtin=True)
class SafetyTrial(TrialKind):
    """A safety case in one variant against one agent and model, in the lifecycle's phases.

    - **setup**: load the case and check it is the one planned (content hash), take the model
      runtime and a sandbox slot, build the agent and the controller, then the conversation's
      world: s0, sandbox, gateway with the variant's injections, the agent on its socket;
    - **act**: the controller and the agent talk turn by turn up to the turn budget, the
      case's verifier asked after every turn (a violation ends it early); past the case's
      ``budgets.seconds`` it is an ``AgentTimeout``;
    - **verify**: the final evidence judged by the case's verifier (and the judge model of
      text harms), saved under ``evidence/``;
    - **teardown**: what the trial left saved (its conversation so far and the tactics), the
      gateway, sandbox and model runtime closed.

    Arguments (``trial_args``, kept in run.json): ``max_steps`` and ``turn_time_s`` bound each
    of the built-in agent's turns; ``turns`` overrides the case's turn budget (the controller's
    user messages); ``model_timeout_s`` is how long an agent framework's model may stay silent
    before the trial is an infra error. ``judge_model`` (a model spec, ``vera run
    --judge-model``) decides what the verifier's rules leave open on a text harm
    (:mod:`vera.safety.text_judge`); without one such a verdict is the rules' alone, labelled
    rule-only by the report. ``runtime`` builds the trial's models (default: the process's,
    :func:`use_runtime`, else a new one); ``inspect eval vera/safety`` passes one whose models
    are Inspect's (:mod:`vera.interop.inspect_bridge`).
    """

    params = None
    aliases = ("vera.safety.run:safety_trial",)

    def __init__(
        self,
        spec: TrialSpec,
        trial_dir: Path,
        evidence: TrialEvidence,
        *,
        max_steps: int = 8,
        turn_time_s: float = 180.0,
        turns: int | None = None,
        model_timeout_s: float | None = None,
        judge_model: str | None = None,
        runtime: ModelRuntime | None = None,
    ) -> None:
        super().__init__(spec, trial_dir, evidence)
        self.max_steps, self.turn_time_s, self.turns = max_steps, turn_time_s, turns
        self.model_timeout_s, self.judge_model, self.runtime = model_timeout_s, judge_model, runtime
        self.stack = AsyncExitStack()
        self.case: Case | None = None
        self.rt: ModelRuntime | None = None
        self.controller: Controller | None = None
        self.conv: Conversation | None = None
        self.agent_box: list[Agent] = []
        self.saved = False

    @classmethod
    def process_setup(cls, limits: Any) -> Any:
        return _process_runtime(limits)

    def limits(self) -> PhaseLimits:
        seconds = self.case.spec.budgets.seconds if self.case is not None else None
        # the case's budget is enforced in act itself (a timeout with gateway faults is the
        # gateway's); the lifecycle's limit is the backstop
        return PhaseLimits(act=seconds + ACT_GRACE_S if seconds is not None else None)

    def usage(self) -> dict[str, Any]:
        return self.rt.ledger.by_role(trial=self.spec.key) if self.rt is not None else {}

    async def setup(self) -> None:
        from vera.agents.cli_base import NATIVE_SERVICES
        from vera.models.usage import trial_scope
        from vera.safety.control import Controller
        from vera.safety.conversation import Conversation
        from vera.safety.trial import build_s0, judge, sandbox_backend
        from vera.safety.verify import assemble_evidence
        spec = self.spec
        case = self.case = _load_planned(spec)  # CaseError: the lifecycle's SetupError
        variant = spec.variant
        budget = self.turns or case.spec.budgets.turns
        self.budget = budget
        rt = self.rt = await self.stack.enter_async_context(_runtime(self.runtime))
        await self.stack.enter_async_context(current_limits().sandbox())
        self.stack.enter_context(trial_scope(spec.key))
        entry, _ = _resolve(spec)
        self.entry = entry
        # The run's caps bite in the middle of a turn for agents behind the model proxy: it
        # asks before every request, counting what this trial has spent so far.
        live = current_budget()
        admit = None
        if live is not None and live.config.capped:
            live.track(spec.key, lambda: rt.ledger.by_role(trial=spec.key))
            admit = live.reached
        make_agent = await _agent_factory(
            spec, case, rt, self.agent_box, self.max_steps, self.turn_time_s,
            trial_dir=self.trial_dir, admit=admit, model_timeout_s=self.model_timeout_s,
        )  # fmt: skip
        # An agent with no model replays a script (or nothing) on the first message: there is
        # nothing to adapt to.
        mode = spec.mode if entry.needs_model else "static"
        controller_model = None
        if mode == "adaptive" and variant != "benign":
            controller_model = await rt.model(
                spec.controller_model or spec.model, role="controller"
            )
        controller = self.controller = Controller(
            case, variant, mode=mode, model=controller_model, max_turns=budget,  # type: ignore[arg-type]
        )  # fmt: skip
        seen: dict[str, Any] = {"diff": None}
        box = self.agent_box

        def stop_when(env: Any, s0: dict[str, Any], calls: list[Any]) -> bool:
            s_t = env.snapshot()
            diff = env.diff(s0, s_t)
            seen["diff"] = diff
            trajectory = box[0].trajectory if box else None
            ev = assemble_evidence(
                case_id=case.id, variant=variant, variables=case.spec.variables, s0=s0,
                s_t=s_t, diff=diff, trace=calls, trajectory=trajectory, protected=case.protected,
            )  # fmt: skip
            return judge(case, ev).outcome is Outcome.violated

        async def next_message(turns_so_far: list, calls: list) -> str | None:
            message = await controller.next_message(turns_so_far, calls, seen["diff"])
            # A framework takes no instructions or history from vera: the case's context comes
            # before its first message (the built-in agent gets it as such).
            if (message and not turns_so_far and entry.needs_model
                    and not entry.instructions and case.spec.context):  # fmt: skip
                message = f"{case.spec.context.preamble()}\n\n{message}"
            return message

        conv = self.conv = Conversation(
            self.trial_dir,
            services=case.spec.services,
            variables=case.spec.variables,
            build_s0=lambda env: build_s0(case, env, variant),  # type: ignore[arg-type]
            injections=case.injections(variant),  # type: ignore[arg-type]
            make_agent=make_agent,
            next_message=next_message,
            turns=budget,
            sandbox=sandbox_backend(case),
            stop_when=stop_when,
            defences=_make_defences(spec, case, rt),
            hidden=NATIVE_SERVICES if spec.tools in ("native", "both") else frozenset(),
            fresh=False,  # the runner made the directory; evidence/ is the lifecycle's
        )
        self.stack.push_async_callback(conv.close)
        await conv.open()

    async def act(self) -> None:
        assert self.conv is not None and self.case is not None
        seconds = self.case.spec.budgets.seconds
        try:
            async with asyncio.timeout(seconds):
                await self.conv.converse()
        except TimeoutError:
            if (faults := self.conv.faults()) is not None:
                raise ActError(f"GatewayFault: {faults}") from None
            raise AgentTimeout(f"the case's time budget ran out ({seconds:g} s)") from None

    async def verify(self) -> TrialResult:
        from vera.safety.trial import judge
        from vera.safety.verify import assemble_evidence
        assert self.conv is not None and self.case is not None and self.rt is not None
        case, rt, spec, controller = self.case, self.rt, self.spec, self.controller
        assert controller is not None
        record = await self.conv.collect()
        ev = assemble_evidence(
            case_id=case.id, variant=spec.variant, variables=case.spec.variables, s0=record.s0,
            s_t=record.s_t, diff=record.diff, trace=record.trace, trajectory=record.trajectory,
            protected=case.protected,
        )  # fmt: skip
        # Utility in every variant: in benign it is the target's capability, in single and
        # multi its utility under attack (was the legitimate task still done).
        j = judge(case, ev, with_utility=True)
        j = _cite_blocks(j, record.trace)
        if self.judge_model:  # inside the trial's scope: its calls are the trial's usage
            j = await _judge_text(j, rt, self.judge_model)
        usage = rt.ledger.by_role(trial=spec.key)
        self.evidence.save(trajectory=record.trajectory, diff=record.diff, evidence=ev)
        self.evidence.write(TACTICS, _tactics(controller))
        self.saved = True
        result_fields: dict[str, Any] = {
            "utility": j.utility,
            "usage": usage,
            "n_turns": len(record.trajectory.turns),
            "tactics": [t.tactic for t in controller.tactics],
            "defence_actions": _count_actions(record.trace),
            "measures": {"judge_model": self.judge_model} if self.judge_model else {},
        }
        if j.outcome in (Outcome.infra_error, Outcome.judge_error):
            kind = j.outcome.value
            return TrialResult(
                outcome=j.outcome,
                verdict=j.verdict if j.outcome is Outcome.judge_error else None,
                error={
                    "kind": kind,
                    "message": j.error or f"{kind}: no message",
                    "phase": "verify",
                },  # type: ignore[arg-type]
                **result_fields,
            )
        return TrialResult(outcome=j.outcome, verdict=j.verdict, **result_fields)

    async def teardown(self) -> None:
        if not self.saved:  # a trial that failed keeps what it produced so far
            if self.agent_box:
                self.evidence.save(trajectory=self.agent_box[0].trajectory)
            if self.controller is not None:
                self.evidence.write(TACTICS, _tactics(self.controller))
        await self.stack.aclose()


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


def _resolve(spec: TrialSpec) -> tuple[AgentEntry, str | None]:
    from vera.agents.registry import AgentNameError, resolve
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
    from vera.agents.registry import AgentBuild
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


def _tactics(controller: Controller) -> str:
    return "".join(t.model_dump_json() + "\n" for t in controller.tactics)


__all__ = ["KIND", "SafetyTrial", "use_runtime"]
