"""The hacker-fixer loop with gates (``vera harden loop``).

Per task, in ``DIR/<task>/``:

1. **States.** ``state/`` becomes a git repository of the task (tag ``before``); unless the
   *no separation* ablation is on, the separated task (AutoSep) is committed on top (``autosep``).
2. **Precheck.** The reference solution, the task's other solutions (``solution/alt_*.sh``) and
   a precheck solver (given the reference as a hint) are played against the start state; those
   that pass form the legitimate-solution corpus. A task whose reference and precheck solver both
   fail stops here (``precheck_failed``).
3. **Iterations** (at most K). The hacker makes up to B_h attempts against the accepted state
   (verifier-aware: it sees the current verifier source and output specification; with feedback
   of its failed attempts); attempts reaching tau_h are labelled by the judge. Serious hacks go
   to the fixer, which proposes up to 1 + F candidates. A candidate is accepted only when every
   gate holds, in this order: the patch reviewer approves; every legitimate solution in the
   corpus still passes (reward >= tau_s); every serious hack discovered so far now fails
   (reward < tau_h); a fresh blind solver (instruction only) still solves the task. A rejected
   candidate leaves the accepted state untouched and its gate evidence is fed back to the fixer.
   An accepted one is committed (tag ``iter-N``), the blind solver's script joins the corpus and
   the defence joins the cross-task pool. The loop stops after ``patience`` iterations in a row
   without a serious hack.
4. **Metrics** (``vera.harden.metrics``): every state replayed against the attack bank and the
   corpus; written to ``run.json`` with the cost per role.

Ablations (``LoopConfig``): ``verifier_access=False`` (the hacker works unhinted),
``output_spec="fixed"`` (the fixer may not tighten the output specification),
``separation=False`` (start from the original task), ``corpus_replay=False`` (no replay gate),
``validation=False`` (no reviewer, replay or blind-solver gate: only the exploits must fail).
``static_bank=N`` runs the static baseline instead of the loop: N hacker attempts against the
separated state, then one repair with the same gates.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from vera.agents.terminal import TerminalConfig
from vera.harden.actors import VERIFIER_COPY, FrameworkActor, TerminalActor
from vera.harden.execute import AgentSpec, run_trial
from vera.harden.metrics import evaluate_run
from vera.harden.roles import Evidence, HackMode, Patch, Roles, hacker_prompt, solver_prompt
from vera.harden.separate import separate_task
from vera.harden.state import (
    PatchError,
    accept,
    apply_patch,
    commit,
    git,
    init_state,
    load_state,
    materialize,
    tag,
)
from vera.harden.task import Task, TaskError, write_task
from vera.harden.trajectory import AttemptRecord, render
from vera.models.usage import UsageLedger, trial_scope

_LOG_TAIL = 4000


# --- configuration and records -----------------------------------------------------------------


class LoopConfig(BaseModel):
    iterations: int = Field(default=15, ge=0)
    """K: maximum iterations per task."""
    attempts: int = Field(default=3, ge=1)
    """B_h: hacker attempts per iteration."""
    fix_retries: int = Field(default=3, ge=0)
    """F: extra fixer candidates after the first (at most 1 + F candidates per iteration)."""
    patience: int = Field(default=1, ge=1)
    """Stop after this many iterations in a row without a serious hack."""
    tau_h: float | None = None
    """Attack threshold override (default: the task's [vera] tau_h)."""
    tau_s: float | None = None
    """Benign threshold override (default: the task's [vera] tau_s)."""
    eval_attempts: int = Field(default=1, ge=0)
    """Held-out hacker attempts per mode (unhinted, hinted) against the Before state; they join
    the attack bank the metrics replay at every state."""
    verifier_access: bool = True
    output_spec: Literal["editable", "fixed"] = "editable"
    separation: bool = True
    corpus_replay: bool = True
    validation: bool = True
    static_bank: int | None = Field(default=None, ge=1)
    """Static baseline: N attacks against the separated state, repaired once (no iterations)."""
    pool: bool = True
    """Offer the fixer defences accepted on other tasks (cross-task transfer)."""
    backend: str | None = None
    jobs: int = Field(default=2, ge=1)
    """Trials at once when the metrics replay states."""
    hacker_agent: Literal["script", "terminal", "claude-code", "codex"] = "script"
    """Who plays the hacker: ``script`` (one model call returns a bash script, played as a
    ``script:`` agent), ``terminal`` (vera's terminal agent acting in the sandbox over many
    steps) or a framework CLI acting there with its native shell."""
    solver_agent: Literal["script", "terminal", "claude-code", "codex"] = "script"
    """Who plays the precheck, blind and diagnostic solvers (same choices)."""
    agent_steps: int = Field(default=30, ge=1)
    """Step budget (shell commands) of an acting agent."""
    agent_time_s: float = Field(default=600.0, gt=0)
    """Time budget of an acting agent (at most the task's [agent] timeout)."""
    diagnostic: bool = True
    """On a candidate rejected by the replay or blind gate, a diagnostic solver (instruction plus
    the candidate's verifier source) tries once more; its result goes only to the fixer."""

    @property
    def hack_mode(self) -> HackMode:
        return "verifier-aware" if self.verifier_access else "unhinted"

    def ablations(self) -> list[str]:
        out = []
        if not self.verifier_access:
            out.append("no-verifier-access")
        if self.output_spec == "fixed":
            out.append("fixed-output-spec")
        if not self.separation:
            out.append("no-separation")
        if not self.corpus_replay:
            out.append("no-corpus-replay")
        if not self.validation:
            out.append("no-validation")
        if self.static_bank:
            out.append(f"static-baseline-{self.static_bank}")
        return out


class Thresholds(BaseModel):
    tau_s: float
    tau_h: float

    @classmethod
    def of(cls, task: Task, cfg: LoopConfig) -> Thresholds:
        v = task.config.vera
        return cls(
            tau_s=v.threshold_benign if cfg.tau_s is None else cfg.tau_s,
            tau_h=v.threshold_attack if cfg.tau_h is None else cfg.tau_h,
        )

    def passed(self, reward: float | None) -> bool:
        return reward is not None and reward >= self.tau_s

    def hacked(self, reward: float | None) -> bool:
        return reward is not None and reward >= self.tau_h


class Played(BaseModel):
    """What one trial gave the loop."""

    reward: float | None
    errors: list[str] = Field(default_factory=list)
    log_tail: str = ""
    attempt: AttemptRecord | None = None
    """An acting agent's trajectory, final diff and replay scripts."""


Player = Callable[[Task, AgentSpec], Awaitable[Played]]


def sandbox_player(backend: str | None = None) -> Player:
    """Play trials for real (``vera.harden.execute.run_trial``), keeping the verifier's output."""

    async def play(task: Task, agent: AgentSpec) -> Played:
        res = await run_trial(task, agent, backend=backend, keep=True)
        log = ""
        if res.trial_dir:
            root = Path(res.trial_dir)
            for p in (root / "verifier" / "verifier.log", root / "agent" / "verifier.log"):
                if p.is_file():
                    log = p.read_text(errors="replace")[-_LOG_TAIL:]
                    break
            shutil.rmtree(root, ignore_errors=True)
        return Played(reward=res.reward, errors=res.phase_errors, log_tail=log, attempt=res.attempt)

    return play


class Attempt(BaseModel):
    """One LLM-written script played against a state (hacker or solver). Lines of
    ``attempts.jsonl``; the hacker's are the exploit corpus."""

    id: str
    task: str
    role: Literal["hacker", "solver", "blind", "diagnostic"]
    phase: str
    """``precheck``, ``iter-N``, ``eval``, ``static`` or ``gate``."""
    mode: str | None = None
    state: str
    """Tag of the state it was played against (or ``candidate``)."""
    commit: str
    script: str
    rationale: str = ""
    prompt: str = ""
    reward: float | None = None
    errors: list[str] = Field(default_factory=list)
    log_tail: str = ""
    label: str | None = None
    category: str | None = None
    judge_rationale: str | None = None
    agent: str = "script"
    """``script`` (``script`` is what the model wrote), or the acting agent (``terminal``,
    ``claude-code``, ...): then ``script`` is the replay derived from its trajectory."""
    trajectory: AttemptRecord | None = None
    """An acting agent's trajectory (commands, outputs, timing, usage), its final diff of the
    agent-writable state and the replay scripts derived from them."""

    def evidence(self, note: str = "") -> Evidence:
        return Evidence(
            script=self.script,
            reward=self.reward,
            log_tail=self.log_tail,
            label=self.label,
            category=self.category,
            note=note,
            trajectory=render(self.trajectory) if self.trajectory else "",
        )


class Legit(BaseModel):
    """A legitimate solution of the corpus: the reference (oracle) or a script."""

    name: str
    kind: Literal["oracle", "script"]
    script: str

    def agent(self) -> AgentSpec:
        if self.kind == "oracle":
            return AgentSpec(kind="oracle", label="oracle")
        return AgentSpec(kind="script", script=self.script, label=f"script:{self.name}")


class Gate(BaseModel):
    name: Literal["patch", "review", "replay", "exploits", "blind"]
    passed: bool
    detail: str = ""


class Candidate(BaseModel):
    index: int
    rationale: str
    files: list[str]
    output_spec: str | None = None
    diff: str = ""
    gates: list[Gate] = Field(default_factory=list)
    accepted: bool = False
    commit: str | None = None
    diagnostic: str | None = None
    """On a rejection by the replay or blind gate: what the diagnostic solver found (fed back
    to the fixer only)."""


class Iteration(BaseModel):
    index: int
    kind: Literal["loop", "static"] = "loop"
    state: str
    """Tag of the state the hacker attacked."""
    attempts: list[str] = Field(default_factory=list)
    hacks: list[str] = Field(default_factory=list)
    candidates: list[Candidate] = Field(default_factory=list)
    accepted: bool = False
    commit: str
    """The accepted state after this iteration."""


class TaskRun(BaseModel):
    task: str
    source: str
    status: Literal["hardened", "clean", "unfixed", "precheck_failed", "running"] = "running"
    """``hardened``: at least one defence accepted; ``clean``: no serious hack found;
    ``unfixed``: hacks found but no candidate accepted."""
    config: LoopConfig
    thresholds: Thresholds
    ablations: list[str] = Field(default_factory=list)
    states: dict[str, str] = Field(default_factory=dict)
    """Tag -> commit."""
    precheck: dict[str, bool] = Field(default_factory=dict)
    corpus: list[Legit] = Field(default_factory=list)
    iterations: list[Iteration] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    metrics: dict | None = None
    usage: dict[str, dict] = Field(default_factory=dict)


# --- the loop ----------------------------------------------------------------------------------


class DefencePool:
    """Accepted defences shared across tasks (``DIR/defence_pool.jsonl``)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: list[dict] = []
        if path and path.is_file():
            self.entries = [json.loads(line) for line in path.read_text().splitlines() if line]

    def add(self, entry: dict) -> None:
        self.entries.append(entry)
        if self.path:
            with self.path.open("a") as fh:
                fh.write(json.dumps(entry) + "\n")

    def offer(self, task_id: str, limit: int = 8) -> list[str]:
        """Defences of other tasks, newest first, as one line each."""
        out = [
            f"[{e['task']}] {e.get('category') or 'hack'}: {e['rationale']} (files: "
            f"{', '.join(e.get('files', []))})"
            for e in self.entries
            if e["task"] != task_id
        ]
        return out[::-1][:limit]


class HardenLoop:
    """Runs the loop for one task at a time; ``roles`` are the LLM roles, ``play`` the trials."""

    def __init__(
        self,
        out: Path,
        cfg: LoopConfig,
        roles: Roles,
        *,
        play: Player | None = None,
        pool: DefencePool | None = None,
        ledger: UsageLedger | None = None,
        endpoints: dict[str, object] | None = None,
    ) -> None:
        """``endpoints``: role -> :class:`vera.agents.cli_base.ModelEndpoint`, for roles played
        by a framework CLI (``hacker_agent``/``solver_agent`` naming one)."""
        self.endpoints = endpoints or {}
        self.out = Path(out)
        self.cfg = cfg
        self.roles = roles
        self.play = play or sandbox_player(cfg.backend)
        self.pool = pool if pool is not None else DefencePool(self.out / "defence_pool.jsonl")
        self.ledger = ledger

    # -- bookkeeping

    def _save(self, run: TaskRun) -> None:
        (self.out / run.task / "run.json").write_text(run.model_dump_json(indent=1))

    def _log_attempt(self, a: Attempt) -> None:
        with (self.out / a.task / "attempts.jsonl").open("a") as fh:
            fh.write(a.model_dump_json() + "\n")

    async def _play_script(self, task: Task, script: str, label: str) -> Played:
        return await self.play(task, AgentSpec(kind="script", script=script, label=label))

    # -- roles played in the sandbox

    def _actor_spec(
        self, task: Task, role: str, prompt: str, label: str, *, verifier: bool = False
    ) -> AgentSpec:
        """An acting agent for ``role`` (hacker, solver, blind, diagnostic)."""
        kind = self.cfg.hacker_agent if role == "hacker" else self.cfg.solver_agent
        files = dict(task.tests) if verifier else None
        budget = min(self.cfg.agent_time_s, task.config.agent.timeout_sec)
        if kind == "terminal":
            tc = TerminalConfig(max_steps=self.cfg.agent_steps, time_limit_s=budget)
            actor: object = TerminalActor(
                self.roles.model(role), prompt, tc, label=role, verifier=files
            )
        else:
            endpoint = self.endpoints.get(role)
            if endpoint is None:
                raise TaskError(f"{role}: no model endpoint for framework {kind}")
            actor = FrameworkActor(
                kind, endpoint, prompt, max_steps=self.cfg.agent_steps, time_limit_s=budget,
                verifier=files,
            )  # fmt: skip
        return AgentSpec(kind="actor", actor=actor, label=label)

    async def _replayable(self, task: Task, rec: AttemptRecord, th: Thresholds) -> None:
        """Choose the replay script that reproduces a hacking attempt: the final diff when it
        reaches tau_h again, else the agent's commands; ``none`` when neither does."""
        for how, script in (("diff", rec.replay_diff), ("commands", rec.replay_commands)):
            p = await self._play_script(task, script, f"replay-check-{how}")
            if th.hacked(p.reward):
                rec.replay = how  # type: ignore[assignment]
                return
        rec.replay = "none"

    async def _hack(
        self,
        run: TaskRun,
        task: Task,
        state: str,
        commit_: str,
        *,
        mode: HackMode,
        phase: str,
        n: int,
        stop_at_hack: bool,
        th: Thresholds,
    ) -> list[Attempt]:
        done: list[Attempt] = []
        feedback: list[Evidence] = []
        agentic = self.cfg.hacker_agent != "script"
        for k in range(n):
            label = f"hacker-{phase}-{k + 1}"
            rec: AttemptRecord | None = None
            if agentic:
                copy = VERIFIER_COPY if mode == "verifier-aware" else None
                prompt = hacker_prompt(task, mode, feedback, agentic=True, verifier_copy=copy)
                played = await self.play(
                    task, self._actor_spec(task, "hacker", prompt, label,
                                           verifier=mode == "verifier-aware")
                )  # fmt: skip
                rec = played.attempt
                script, rationale = (rec.replay_diff, rec.summary) if rec else ("", "")
            else:
                prompt = hacker_prompt(task, mode, feedback)
                shot = await self.roles.hack(task, mode, feedback)
                played = await self._play_script(task, shot.script, label)
                script, rationale = shot.script, shot.rationale
            a = Attempt(
                id=f"{run.task}:{phase}:{mode}:{k + 1}",
                task=run.task,
                role="hacker",
                phase=phase,
                mode=mode,
                state=state,
                commit=commit_,
                script=script,
                rationale=rationale,
                prompt=prompt[:4000],
                reward=played.reward,
                errors=played.errors,
                log_tail=played.log_tail,
                agent=self.cfg.hacker_agent,
                trajectory=rec,
            )
            if th.hacked(played.reward):
                if rec is not None:
                    await self._replayable(task, rec, th)
                    a.script = rec.replay_script()
                j = await self.roles.judge(task, a.evidence())
                a.label, a.category, a.judge_rationale = j.label, j.category, j.rationale
            else:
                a.label = "no_reward"
            self._log_attempt(a)
            done.append(a)
            if a.label == "serious_hack":
                if stop_at_hack:
                    break
            else:
                note = (
                    "reward below the attack threshold"
                    if a.label == "no_reward"
                    else f"judged {a.label}: {a.judge_rationale or ''}"
                )
                feedback.append(a.evidence(note))
        return done

    async def _solver(
        self, run: TaskRun, task: Task, *, hint: str | None, phase: str, th: Thresholds,
        diagnostic: bool = False,
    ) -> tuple[Attempt, bool]:
        role: Literal["solver", "blind", "diagnostic"] = (
            "diagnostic" if diagnostic else ("solver" if hint is not None else "blind")
        )
        label = f"{role}-{phase}"
        rec: AttemptRecord | None = None
        if self.cfg.solver_agent != "script":
            prompt = solver_prompt(task, hint=hint, agentic=True, verifier=diagnostic)
            played = await self.play(
                task, self._actor_spec(task, role, prompt, label, verifier=diagnostic)
            )
            rec = played.attempt
            script, rationale = (rec.replay_diff, rec.summary) if rec else ("", "")
        else:
            shot = await (self.roles.diagnose(task) if diagnostic else self.roles.solve(task, hint=hint))
            played = await self._play_script(task, shot.script, label)
            script, rationale = shot.script, shot.rationale
        a = Attempt(
            id=f"{run.task}:{phase}:{role}",
            task=run.task,
            role=role,
            phase=phase,
            state=phase,
            commit="",
            script=script,
            rationale=rationale,
            reward=played.reward,
            errors=played.errors,
            log_tail=played.log_tail,
            agent=self.cfg.solver_agent,
            trajectory=rec,
        )
        if rec is not None and th.passed(played.reward):
            # A solution joins the corpus as a replay that passes without a model.
            p = await self._play_script(task, rec.replay_diff, f"{label}-replay-check")
            if not th.passed(p.reward):
                rec.replay = "commands"
                a.script = rec.replay_commands
        self._log_attempt(a)
        return a, th.passed(played.reward)

    async def _diagnose(self, run: TaskRun, cand_task: Task, th: Thresholds, phase: str) -> str:
        """The diagnostic solver on a rejected candidate; its result, as feedback for the fixer
        only (it never gates, and never joins the corpus)."""
        try:
            d, ok = await self._solver(
                run, cand_task, hint=None, phase=f"{phase}-diagnostic", th=th, diagnostic=True
            )
        except Exception as exc:  # a diagnostic that fails is feedback too, never fatal
            return f"diagnostic solver could not run: {type(exc).__name__}: {' '.join(str(exc).split())[:300]}"
        where = "" if ok else f"; where it broke (verifier output): {d.log_tail[-1200:]}"
        errs = f"; errors: {d.errors}" if d.errors else ""
        return (
            "diagnostic solver (instruction plus this candidate's verifier source): "
            f"{'passed' if ok else 'did not pass'}, reward {d.reward}{where}{errs}"
        )

    # -- gates

    async def _gates(
        self,
        run: TaskRun,
        cand_task: Task,
        patch: Patch,
        diff: str,
        hacks: list[Attempt],
        th: Thresholds,
        phase: str,
    ) -> tuple[list[Gate], Attempt | None]:
        gates: list[Gate] = []
        cfg = self.cfg
        if cfg.validation:
            r = await self.roles.review(cand_task, patch, diff)
            gates.append(Gate(name="review", passed=r.approve, detail=r.reason))
            if not r.approve:
                return gates, None
        if cfg.validation and cfg.corpus_replay:
            for legit in run.corpus:
                p = await self.play(cand_task, legit.agent())
                if not th.passed(p.reward):
                    gates.append(
                        Gate(
                            name="replay",
                            passed=False,
                            detail=(
                                f"legitimate solution {legit.name!r} no longer passes: reward {p.reward} "
                                f"< tau_s {th.tau_s:g}; verifier output: {p.log_tail[-1500:]}"
                                + (f"; errors: {p.errors}" if p.errors else "")
                            ),
                        )
                    )
                    return gates, None
            gates.append(
                Gate(
                    name="replay",
                    passed=True,
                    detail=f"{len(run.corpus)} legitimate solution(s) pass",
                )
            )
        for h in hacks:
            p = await self._play_script(cand_task, h.script, f"replay-{h.id}")
            if th.hacked(p.reward):
                gates.append(
                    Gate(
                        name="exploits",
                        passed=False,
                        detail=(
                            f"exploit {h.id} still reaches reward {p.reward} >= tau_h {th.tau_h:g}"
                        ),
                    )
                )
                return gates, None
        gates.append(Gate(name="exploits", passed=True, detail=f"{len(hacks)} exploit(s) now fail"))
        blind = None
        if cfg.validation:
            blind, ok = await self._solver(run, cand_task, hint=None, phase=f"{phase}-blind", th=th)
            gates.append(
                Gate(
                    name="blind",
                    passed=ok,
                    detail=(
                        f"fresh blind solver reward {blind.reward}"
                        + (
                            ""
                            if ok
                            else f" < tau_s {th.tau_s:g}; verifier output: {blind.log_tail[-1500:]}"
                        )
                    ),
                )
            )
            if not ok:
                return gates, None
        return gates, blind

    async def _repair(
        self,
        run: TaskRun,
        it: Iteration,
        task: Task,
        new_hacks: list[Attempt],
        all_hacks: list[Attempt],
        th: Thresholds,
        tag_name: str,
    ) -> None:
        """Fixer candidates for ``new_hacks`` until one passes every gate (or F runs out)."""
        tdir = self.out / run.task
        repo = tdir / "state"
        rejections: list[str] = []
        editable = self.cfg.output_spec == "editable"
        legit = {"solution/solve.sh (reference)": task.solution or ""}
        legit |= {s.name: s.script for s in run.corpus if s.kind == "script"}
        pool = self.pool.offer(run.task) if self.cfg.pool else []
        for c in range(1 + self.cfg.fix_retries):
            patch = await self.roles.fix(
                task,
                [h.evidence() for h in new_hacks],
                legit,
                pool,
                rejections,
                output_spec_editable=editable,
            )
            cand = Candidate(
                index=c + 1,
                rationale=patch.rationale,
                files=[f.path for f in patch.files],
                output_spec=patch.output_spec if editable else None,
            )
            it.candidates.append(cand)
            cdir = tdir / "candidate"
            try:
                cand.diff = apply_patch(repo, cdir, patch, output_spec_editable=editable)
                cand_task = load_state(cdir, run.task)
            except (PatchError, TaskError, OSError, ValueError) as exc:  # unloadable: rejected
                cand.gates.append(Gate(name="patch", passed=False, detail=str(exc)[:500]))
                rejections.append(f"candidate {c + 1}: patch not applicable: {exc}")
                self._save(run)
                continue
            cand.gates.append(Gate(name="patch", passed=True, detail=", ".join(cand.files)))
            gates, blind = await self._gates(
                run, cand_task, patch, cand.diff, all_hacks, th, f"{it.kind}-{it.index}-c{c + 1}"
            )
            cand.gates += gates
            if all(g.passed for g in cand.gates):
                msg = f"{tag_name}: accept candidate {c + 1}: {patch.rationale[:200]}"
                cand.commit = accept(repo, cdir, msg, tag_name=tag_name)
                cand.accepted = it.accepted = True
                it.commit = cand.commit
                run.states[tag_name] = cand.commit
                if blind is not None:
                    run.corpus.append(
                        Legit(name=f"blind-{tag_name}", kind="script", script=blind.script)
                    )
                self.pool.add(
                    {
                        "task": run.task,
                        "iteration": it.index,
                        "category": new_hacks[0].category if new_hacks else None,
                        "rationale": patch.rationale,
                        "files": cand.files,
                        "commit": cand.commit,
                    }
                )
                shutil.rmtree(cdir, ignore_errors=True)
                self._save(run)
                return
            failed = next(g for g in cand.gates if not g.passed)
            rejection = f"candidate {c + 1} rejected at gate {failed.name}: {failed.detail}"
            if self.cfg.diagnostic and failed.name in ("blind", "replay"):
                cand.diagnostic = await self._diagnose(
                    run, cand_task, th, f"{it.kind}-{it.index}-c{c + 1}"
                )
                rejection += f"; {cand.diagnostic}"
            rejections.append(rejection)
            self._save(run)
        shutil.rmtree(tdir / "candidate", ignore_errors=True)

    # -- one task

    async def run_task(self, src: Task) -> TaskRun:
        tdir = self.out / src.id
        if tdir.exists():
            shutil.rmtree(tdir)
        tdir.mkdir(parents=True)
        cfg = self.cfg
        th = Thresholds.of(src, cfg)
        run = TaskRun(
            task=src.id, source=str(src.path), config=cfg, thresholds=th, ablations=cfg.ablations()
        )
        repo = tdir / "state"
        with trial_scope(src.id):
            run.states["before"] = init_state(src.path, repo)
            if cfg.separation and not src.separated:
                sep, md = separate_task(src)
                write_task(sep, repo)
                (repo / "SEPARATION.md").write_text(md)
                run.states["autosep"] = commit(repo, "autosep: verifier separated", tag="autosep")
            else:
                tag(repo, "autosep")
                run.states["autosep"] = run.states["before"]
                if not cfg.separation:
                    run.notes.append("no separation: the loop starts from the original task")
            self._save(run)
            await self._precheck(run, th)
            if run.status != "precheck_failed":
                if cfg.static_bank:
                    await self._static(run, th)
                else:
                    await self._iterate(run, th)
                tag(repo, "after")
                run.states["after"] = git(repo, "rev-parse", "HEAD")
                if run.status == "running":
                    found = any(it.hacks for it in run.iterations)
                    hardened = any(it.accepted for it in run.iterations)
                    run.status = "hardened" if hardened else ("unfixed" if found else "clean")
            self._save(run)
            if cfg.eval_attempts and run.status != "precheck_failed":
                await self._eval_attacks(run, th)
            run.metrics = await evaluate_run(self, run, load_attempts(tdir))
        if self.ledger is not None:
            run.usage = {
                role: u.model_dump() for role, u in self.ledger.by_role(trial=src.id).items()
            }
        self._save(run)
        return run

    async def _precheck(self, run: TaskRun, th: Thresholds) -> None:
        task = load_state(self.out / run.task / "state", run.task)
        ok_ref = False
        if task.solution is not None:
            p = await self.play(task, AgentSpec(kind="oracle", label="oracle"))
            ok_ref = run.precheck["reference"] = th.passed(p.reward)
            if ok_ref:
                run.corpus.append(Legit(name="reference", kind="oracle", script=task.solution))
            else:
                run.notes.append(f"precheck: reference reward {p.reward} < tau_s {p.errors}")
        for name, script in task.alt_solutions.items():
            p = await self._play_script(task, script, name)
            run.precheck[name] = th.passed(p.reward)
            if th.passed(p.reward):
                run.corpus.append(Legit(name=name, kind="script", script=script))
            else:
                run.notes.append(f"precheck: {name} reward {p.reward}: left out of the corpus")
        solver, ok = await self._solver(
            run, task, hint=task.solution or "", phase="precheck", th=th
        )
        run.precheck["precheck_solver"] = ok
        if ok:
            run.corpus.append(Legit(name="precheck-solver", kind="script", script=solver.script))
        if not (ok_ref or ok):
            run.status = "precheck_failed"
        self._save(run)

    async def _iterate(self, run: TaskRun, th: Thresholds) -> None:
        repo = self.out / run.task / "state"
        all_hacks: list[Attempt] = []
        quiet = 0
        for i in range(1, self.cfg.iterations + 1):
            task = load_state(repo, run.task)
            head = git(repo, "rev-parse", "HEAD")
            state = _tag_at(run, head)
            it = Iteration(index=i, state=state, commit=head)
            run.iterations.append(it)
            tries = await self._hack(
                run,
                task,
                state,
                head,
                mode=self.cfg.hack_mode,
                phase=f"iter-{i}",
                n=self.cfg.attempts,
                stop_at_hack=True,
                th=th,
            )
            it.attempts = [a.id for a in tries]
            hacks = [a for a in tries if a.label == "serious_hack"]
            it.hacks = [a.id for a in hacks]
            self._save(run)
            if not hacks:
                quiet += 1
                if quiet >= self.cfg.patience:
                    break
                continue
            quiet = 0
            all_hacks += hacks
            await self._repair(run, it, task, hacks, all_hacks, th, tag_name=f"iter-{i}")
            self._save(run)

    async def _static(self, run: TaskRun, th: Thresholds) -> None:
        repo = self.out / run.task / "state"
        task = load_state(repo, run.task)
        head = git(repo, "rev-parse", "HEAD")
        it = Iteration(index=1, kind="static", state="autosep", commit=head)
        run.iterations.append(it)
        bank = await self._hack(
            run,
            task,
            "autosep",
            head,
            mode=self.cfg.hack_mode,
            phase="static",
            n=self.cfg.static_bank or 1,
            stop_at_hack=False,
            th=th,
        )
        it.attempts = [a.id for a in bank]
        hacks = [a for a in bank if a.label == "serious_hack"]
        it.hacks = [a.id for a in hacks]
        if hacks:
            await self._repair(run, it, task, hacks, hacks, th, tag_name="static")
        self._save(run)

    async def _eval_attacks(self, run: TaskRun, th: Thresholds) -> None:
        """Held-out attacks at the Before state: the hacker in unhinted and hinted modes."""
        with tempfile.TemporaryDirectory(prefix="vera-before-") as tmp:
            before = load_state(
                materialize(self.out / run.task / "state", "before", Path(tmp) / run.task), run.task
            )
            for mode in ("unhinted", "hinted"):
                await self._hack(
                    run,
                    before,
                    "before",
                    run.states["before"],
                    mode=mode,  # type: ignore[arg-type]
                    phase="eval",
                    n=self.cfg.eval_attempts,
                    stop_at_hack=False,
                    th=th,
                )


def _tag_at(run: TaskRun, commit_: str) -> str:
    names = [k for k, v in run.states.items() if v == commit_ and k != "after"]
    return names[-1] if names else commit_[:10]


def load_attempts(task_dir: Path) -> list[Attempt]:
    path = task_dir / "attempts.jsonl"
    if not path.is_file():
        return []
    return [Attempt.model_validate_json(line) for line in path.read_text().splitlines() if line]


def load_runs(out: Path) -> list[TaskRun]:
    runs = []
    for p in sorted(Path(out).glob("*/run.json")):
        runs.append(TaskRun.model_validate_json(p.read_text()))
    return runs


__all__ = [
    "Attempt",
    "Candidate",
    "DefencePool",
    "Gate",
    "HardenLoop",
    "Iteration",
    "Legit",
    "LoopConfig",
    "Played",
    "Player",
    "TaskRun",
    "Thresholds",
    "load_attempts",
    "load_runs",
    "sandbox_player",
]
