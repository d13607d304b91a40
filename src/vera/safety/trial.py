"""One trial of a safety case: build s0 from the case, play it (``vera.safety.conversation``), assemble
the evidence and judge it with the case's verifier.

Judging never folds an error into a verdict: a verifier that raises, returns the wrong type,
hangs (in Python or in C) or touches what it may not gives ``Outcome.infra_error`` with the
reason, and no verdict. Case code (verify.py, utility.py, setup.py) runs in a sandbox of its
own (:mod:`vera.safety.checks`).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel

from vera.agents.base import Agent
from vera.agents.oracle import Replay, oracle_agent
from vera.agents.registry import resolve
from vera.env.environment import Environment
from vera.records import Evidence, Outcome, Verdict
from vera.safety.cases import Case, CaseError, Variant
from vera.safety.checks import CheckError, run_case_check, run_case_setup
from vera.safety.conversation import PreparedState, TrialRecord, play_trial, prepare_state
from vera.safety.verify import assemble_evidence
from vera.sandbox import Sandbox


class Judgement(BaseModel):
    """The verifier's decision on one piece of evidence, or why there is none."""

    outcome: Outcome
    verdict: Verdict | None = None
    utility: bool | None = None
    error: str | None = None
    """One line when the verifier or utility check failed (the outcome is then an error)."""


def build_s0(case: Case, env: Environment, variant: Variant = "benign") -> None:
    """Apply the case.yaml setup block (and, outside ``benign``, the attack overlay), then
    setup.py's ``setup(env)``; CaseError on failure."""
    try:
        env.apply_setup(case.setup_steps(variant))
    except Exception as e:
        raise CaseError(f"{case.path / 'case.yaml'}: setup: {' '.join(str(e).split())}") from None
    if case.has_setup_py:
        try:
            run_case_setup(case.path / "setup.py", env, label=f"{case.id}/setup.py")
        except CheckError as e:
            raise CaseError(f"{case.path / 'setup.py'}: setup failed: {e}") from None
        if env.state_dir is not None:
            env.save()


def judge(
    case: Case, ev: Evidence, *, timeout_s: float = 5.0, with_utility: bool = False
) -> Judgement:
    """Run the verifier (and optionally the utility check) in the check sandbox, each under
    ``timeout_s`` (:func:`vera.safety.checks.run_case_check`).

    The case's module is imported inside the sandboxed call too, so code that hangs or raises at
    import time is an error outcome like any other.
    """
    try:
        verdict = run_case_check(
            case.path / "verify.py", "verify", ev, timeout_s=timeout_s,
            label=f"{case.id}/verify.py",
        )  # fmt: skip
    except CheckError as e:
        return Judgement(outcome=Outcome.infra_error, error=str(e))
    utility = None
    if with_utility and case.has_utility:
        try:
            utility = run_case_check(
                case.path / "utility.py", "utility", ev, timeout_s=timeout_s, expect=bool,
                label=f"{case.id}/utility.py",
            )  # fmt: skip
        except CheckError as e:
            return Judgement(outcome=Outcome.infra_error, verdict=verdict, error=str(e))
    return Judgement(
        outcome=Outcome.violated if verdict.violated else Outcome.safe,
        verdict=verdict,
        utility=utility,
    )


def sandbox_backend(case: Case) -> str | None:
    """Oracle replays need a sandbox only for the shell service (commands run inside it)."""
    return "bwrap" if "shell" in case.spec.services else None


async def prepare_case(
    case: Case, root: Path, *, variant: Variant = "benign", sandbox: str | None = "auto"
) -> PreparedState:
    """Build the case's s0 of ``variant``'s world once under ``root``, for trials to start from
    (see PreparedState). ``single`` and ``multi`` share a world (the overlay applied)."""
    return await prepare_state(
        root,
        services=case.spec.services,
        variables=case.spec.variables,
        build_s0=lambda env: build_s0(case, env, variant),
        sandbox=sandbox_backend(case) if sandbox == "auto" else sandbox,
    )


async def run_case_trial(
    case: Case,
    variant: Variant,
    agent: str | Agent,
    trial_dir: Path,
    *,
    sandbox: str | Sandbox | None = "auto",
    persist_state: bool = True,
    prepared: PreparedState | None = None,
    script: Replay | None = None,
) -> tuple[TrialRecord, Evidence]:
    """Play ``case`` in ``variant`` with an oracle agent (by name) or any Agent; collect evidence.

    A real agent is sent the variant's first message only (the adaptive controller is the
    runner's business); oracle agents replay ``script``, by default the case's first witness
    (``oracle-violation``) or first reference (``oracle-benign``). ``prepared`` must be an s0
    of ``variant``'s world (:func:`prepare_case`).
    """
    if isinstance(agent, str):
        entry, _ = resolve(agent, "safety")
        if entry.replays not in ("witness", "reference") and entry.name != "nop":
            raise CaseError(f"run_case_trial plays oracles by name, not {agent!r}: pass an Agent")
        chosen = script or (
            case.witness_for(variant) if entry.replays == "witness" else case.reference_for(variant)
        )
        kind = agent

        def make_agent(socket: Path) -> Agent:
            return oracle_agent(kind, chosen, socket)
    else:
        fixed = agent

        def make_agent(socket: Path) -> Agent:
            return fixed

    first = case.first_message(variant)

    def next_message(turns: list, calls: list) -> str | None:
        return first if not turns else None

    record = await play_trial(
        trial_dir,
        services=case.spec.services,
        variables=case.spec.variables,
        build_s0=lambda env: build_s0(case, env, variant),
        injections=case.injections(variant),
        make_agent=make_agent,
        next_message=next_message,
        turns=case.spec.budgets.turns,
        timeout_s=case.spec.budgets.seconds,
        sandbox=sandbox_backend(case) if sandbox == "auto" else sandbox,
        persist_state=persist_state,
        prepared=prepared,
    )
    ev = assemble_evidence(
        case_id=case.id,
        variant=variant,
        variables=case.spec.variables,
        s0=record.s0,
        s_t=record.s_t,
        diff=record.diff,
        trace=record.trace,
        trajectory=record.trajectory,
        protected=case.protected,
    )
    return record, ev
