"""The gates a fixer's candidate must pass before it becomes the accepted state.

In this order, stopping at the first that fails: the patch reviewer approves; every legitimate
solution of the corpus still passes (reward >= tau_s); every serious hack found so far now fails
(reward < tau_h); a fresh blind solver (instruction only) still solves the task. The
``validation=False`` ablation keeps only the exploit gate, ``corpus_replay=False`` drops the
replay gate. Every review and trial goes through the loop's journalled steps (``steps``), so a
resumed loop replays a gate's evidence instead of playing it again.
"""

from __future__ import annotations

from typing import Protocol

from vera.harden.execute import AgentSpec
from vera.harden.records import Gate, HackAttempt, LoopConfig, Played, TaskRun, Thresholds
from vera.harden.roles import Patch, Review
from vera.harden.task import Task


class GateSteps(Protocol):
    """What the gates need from the loop: its configuration and its journalled steps."""

    cfg: LoopConfig

    async def review_step(self, key: str, task: Task, patch: Patch, diff: str) -> Review: ...

    async def play_step(self, key: str, task: Task, agent: AgentSpec) -> Played: ...

    async def solver(
        self, run: TaskRun, task: Task, *, hint: str | None, phase: str, th: Thresholds
    ) -> tuple[HackAttempt, bool]: ...


async def run_gates(
    steps: GateSteps,
    run: TaskRun,
    cand_task: Task,
    patch: Patch,
    diff: str,
    hacks: list[HackAttempt],
    th: Thresholds,
    phase: str,
) -> tuple[list[Gate], HackAttempt | None]:
    """The gates of one candidate (``phase``: e.g. ``loop-1-c2``, the key prefix of its steps)
    and, when all pass, the blind solver's attempt (it joins the corpus)."""
    gates: list[Gate] = []
    cfg = steps.cfg
    if cfg.validation:
        r = await steps.review_step(f"{phase}/review", cand_task, patch, diff)
        gates.append(Gate(name="review", passed=r.approve, detail=r.reason))
        if not r.approve:
            return gates, None
    if cfg.validation and cfg.corpus_replay:
        for legit in run.corpus:
            p = await steps.play_step(f"{phase}/replay/{legit.name}", cand_task, legit.agent())
            if not th.passed(p.reward):
                detail = (
                    f"legitimate solution {legit.name!r} no longer passes: reward {p.reward} "
                    f"< tau_s {th.tau_s:g}; verifier output: {p.log_tail[-1500:]}"
                    + (f"; errors: {p.errors}" if p.errors else "")
                )
                gates.append(Gate(name="replay", passed=False, detail=detail))
                return gates, None
        gates.append(
            Gate(
                name="replay", passed=True, detail=f"{len(run.corpus)} legitimate solution(s) pass"
            )
        )
    for h in hacks:
        agent = AgentSpec(kind="script", script=h.script, label=f"replay-{h.id}")
        p = await steps.play_step(f"{phase}/exploit/{h.id}", cand_task, agent)
        if th.hacked(p.reward):
            detail = f"exploit {h.id} still reaches reward {p.reward} >= tau_h {th.tau_h:g}"
            gates.append(Gate(name="exploits", passed=False, detail=detail))
            return gates, None
    gates.append(Gate(name="exploits", passed=True, detail=f"{len(hacks)} exploit(s) now fail"))
    blind = None
    if cfg.validation:
        blind, ok = await steps.solver(run, cand_task, hint=None, phase=f"{phase}-blind", th=th)
        detail = f"fresh blind solver reward {blind.reward}" + (
            "" if ok else f" < tau_s {th.tau_s:g}; verifier output: {blind.log_tail[-1500:]}"
        )
        gates.append(Gate(name="blind", passed=ok, detail=detail))
        if not ok:
            return gates, None
    return gates, blind


__all__ = ["GateSteps", "run_gates"]
