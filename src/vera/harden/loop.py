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

**Resume.** Every model call and every trial is a step of ``DIR/<task>/journal.jsonl``
(:mod:`vera.runner.journal`), keyed by phase, role and attempt index and fsync'd when the step
ends. ``resume=True`` (``vera harden loop --resume``) runs the loop again over the same ``DIR``:
finished steps return their recorded results (no model is asked twice, no trial played twice),
the state repository is reset to the last accepted commit the journal knows (a commit made by a
step the kill interrupted is discarded, as is a half-written candidate), ``attempts.jsonl`` and
``run.json`` are rewritten from the replayed steps, and the loop carries on where it stopped.
Gates live in :mod:`vera.harden.gates`, the records in :mod:`vera.harden.records`.

**Budget.** With a :class:`~vera.runner.budget.Budget` (``vera harden loop --max-cost
--max-tokens``) every step that asks a model (a role's call, an acting hacker's or solver's
trial) asks the budget first; once the spend of the steps so far (replayed ones included, so a
resume counts what earlier sessions spent) reaches a cap, the step is not started and the loop
raises :class:`LoopBudgetReached`. Everything finished is in the journal: a resume with a higher
cap carries on from that step. A step that has started is never cut short, so a loop passes its
cap by at most one step's cost.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import subprocess
from collections.abc import Awaitable, Callable
from functools import partial
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel

from vera import paths
from vera.agents.terminal import TerminalConfig
from vera.harden.actors import VERIFIER_COPY, FrameworkActor, TerminalActor
from vera.harden.execute import AgentSpec, run_trial
from vera.harden.gates import run_gates
from vera.harden.metrics import evaluate_run
from vera.harden.records import (
    Candidate,
    Gate,
    HackAttempt,
    Iteration,
    Legit,
    LoopConfig,
    Played,
    TaskRun,
    Thresholds,
    load_attempts,
    load_runs,
)
from vera.harden.roles import (
    GateEvidence,
    HackJudgement,
    HackMode,
    Patch,
    Review,
    Roles,
    ShellAttempt,
    hacker_prompt,
    solver_prompt,
)
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
from vera.harden.trajectory import AttemptRecord
from vera.models.usage import UsageEntry, UsageLedger, trial_scope
from vera.records import Usage
from vera.runner.budget import Budget
from vera.runner.journal import Journal, JournalError
from vera.runner.store import write_atomic

_LOG_TAIL = 4000
T = TypeVar("T", bound=BaseModel)

Player = Callable[[Task, AgentSpec], Awaitable[Played]]
Progress = Callable[[str], None]


class LoopBudgetReached(Exception):
    """A cap of the loop's budget was reached: the next step that would ask a model was not
    started (``vera harden loop`` exits 5; ``--resume`` with a higher cap goes on)."""


def _by_role(entries: list[dict]) -> tuple[dict[str, Usage], dict[str, str]]:
    """Journalled usage entries summed per role, and each role's ``role (model)`` name."""
    usage: dict[str, Usage] = {}
    names: dict[str, str] = {}
    for raw in entries:
        e = UsageEntry.model_validate(raw)
        usage[e.role] = usage.get(e.role, Usage()) + e.usage
        names[e.role] = f"{e.role} ({e.model})"
    return usage, names


def sandbox_player(backend: str | None = None) -> Player:
    """Play trials for real (``vera.harden.execute.run_trial``), keeping the verifier's output."""

    async def play(task: Task, agent: AgentSpec) -> Played:
        res = await run_trial(task, agent, backend=backend, keep=True)
        log = ""
        if res.trial_dir:
            root = Path(res.trial_dir)
            for rel in ("verifier/verifier.log", "agent/verifier.log"):
                # read beneath the trial folder, whose sides the sandboxes wrote in
                with contextlib.suppress(OSError, paths.UnsafePathError):
                    log = paths.read_bytes(root, rel).decode(errors="replace")[-_LOG_TAIL:]
                    break
            shutil.rmtree(root, ignore_errors=True)
        return Played(reward=res.reward, errors=res.phase_errors, log_tail=log, attempt=res.attempt)

    return play


class _States(BaseModel):
    """The ``init`` step: the commits of ``before`` and ``autosep``."""

    states: dict[str, str]


class _Accepted(BaseModel):
    """An ``accept`` step: the candidate committed as ``tag``."""

    commit: str
    tag: str


def step_kind(key: str) -> tuple[str, type[BaseModel]]:
    """The kind of a journalled step and the model of its value, from its key (the loop's key
    scheme: ``init``, ``.../accept``, ``.../fix``, ``.../review``, ``.../model``, ``.../judge``
    or ``metrics/.../judge/ID``; every other step plays a trial)."""
    parts = key.split("/")
    if key == "init":
        return "init", _States
    last = parts[-1]
    kinds: dict[str, type[BaseModel]] = {"accept": _Accepted, "fix": Patch, "review": Review,
                                         "model": ShellAttempt, "judge": HackJudgement}  # fmt: skip
    if last in kinds:
        return last, kinds[last]
    if parts[0] == "metrics" and len(parts) > 2 and parts[2] == "judge":
        return "judge", HackJudgement
    return "play", Played


def check_resumable(out: Path, task_id: str) -> Journal | None:
    """Read and check everything a resume of ``out/task_id`` would use, before it changes one
    byte: every journal step (its kind's model, its usage), the ``init`` step's states, and
    that the state repository holds every commit the journal names. Raises
    :class:`~vera.runner.journal.JournalError` (one line naming the step and what is wrong).
    None when the task has no journal yet (it starts afresh)."""
    tdir = Path(out) / task_id
    path = tdir / "journal.jsonl"
    if path.exists() and not path.is_file():
        raise JournalError(f"{path}: not a file; the run cannot be resumed from it")
    if not path.is_file():
        if (tdir / "run.json").exists():  # a run that got that far always has a journal
            raise JournalError(f"{path}: missing beside {tdir / 'run.json'}; without it a resume "
                               "would start this task over and discard its states")  # fmt: skip
        return None
    journal = Journal(path)
    journal.check(step_kind)
    repo = tdir / "state"
    for n, (key, entry) in enumerate(journal.entries(), 1):
        kind, model = step_kind(key)
        where = f"{path}: step {n} ({key!r}, kind {kind})"
        value = model.model_validate(entry["value"])
        commits: list[str] = []
        if isinstance(value, _States):
            missing = {"before", "autosep"} - set(value.states)
            if missing:
                raise JournalError(f"{where}: states lack {', '.join(sorted(missing))}")
            commits = list(value.states.values())
        elif isinstance(value, _Accepted):
            commits = [value.commit]
        for c in commits:
            if not _is_commit(repo, c):
                raise JournalError(f"{where}: commit {c[:40]!r} is not in {repo}")
    return journal


def _is_commit(repo: Path, rev: str) -> bool:
    if not (repo / ".git").is_dir() or not rev or rev.startswith("-"):
        return False
    res = subprocess.run(["git", "-C", str(repo), "cat-file", "-e", f"{rev}^{{commit}}"],
                         capture_output=True)  # fmt: skip
    return res.returncode == 0


def _said(value: BaseModel) -> str:
    """One line about a step's result, for the progress log."""
    if isinstance(value, Played):
        return f"reward {value.reward}" + (
            f" (errors: {len(value.errors)})" if value.errors else ""
        )
    if isinstance(value, ShellAttempt):
        return f"script of {len(value.script.splitlines())} line(s)"
    if isinstance(value, HackJudgement):
        return value.label + (f" ({value.category})" if value.category else "")
    if isinstance(value, Patch):
        return "patch of " + (", ".join(f.path for f in value.files) or "the output specification")
    if isinstance(value, Review):
        return "approved" if value.approve else "rejected"
    if isinstance(value, _Accepted):
        return f"accepted as {value.tag} ({value.commit[:10]})"
    if isinstance(value, _States):
        return ", ".join(f"{k} {v[:10]}" for k, v in value.states.items())
    return "done"


class DefencePool:
    """Accepted defences shared across tasks (``DIR/defence_pool.jsonl``)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.entries: list[dict] = []
        if path and path.is_file():
            for line in path.read_text().splitlines():
                try:
                    self.entries.append(json.loads(line))
                except ValueError:  # a line torn by a kill
                    continue

    def add(self, entry: dict) -> None:
        """Add ``entry`` once: a resumed loop replaying an accepted round adds nothing."""
        key = (entry["task"], entry.get("iteration"), entry.get("commit"))
        if any((e["task"], e.get("iteration"), e.get("commit")) == key for e in self.entries):
            return
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
        progress: Progress | None = None,
        budget: Budget | None = None,
    ) -> None:
        """``endpoints``: role -> :class:`vera.agents.cli_base.ModelEndpoint`, for roles played
        by a framework CLI (``hacker_agent``/``solver_agent`` naming one). ``progress`` gets
        one line per finished step. ``budget``: the caps asked before every step that asks a
        model (needs ``ledger``, where the steps' usage is read)."""
        self.endpoints = endpoints or {}
        self.out = Path(out)
        self.cfg = cfg
        self.roles = roles
        self.play = play or sandbox_player(cfg.backend)
        self.pool = pool if pool is not None else DefencePool(self.out / "defence_pool.jsonl")
        self.ledger = ledger
        self.progress = progress
        self.budget = budget
        self._journal: Journal | None = None
        self._task_id = ""
        self._accepted = ""
        """The commit of the accepted state the loop works on."""
        self._work: dict[str, Task] = {}

    # -- journalled steps

    async def _step(
        self, key: str, typ: type[T], make: Callable[[], Awaitable[T]], *, usage: bool = False
    ) -> T:
        """Run ``make`` once per run directory: a step already in the journal returns its
        recorded result (and re-books its model usage); a new one is recorded when it ends.
        ``usage``: the step calls models one at a time (its ledger entries are journalled)."""
        if self._journal is None:
            raise RuntimeError("a loop step outside run_task")
        entry = self._journal.claim(key)
        if entry is not None:
            if self.ledger is not None:
                for u in entry.get("usage", []):
                    self.ledger.record(UsageEntry.model_validate(u))
            if self.budget is not None and entry.get("usage"):
                self.budget.add_usage(*_by_role(entry["usage"]))
            return typ.model_validate(entry["value"])
        if usage and self.budget is not None and not self.budget.allows():
            raise LoopBudgetReached(
                f"{self._task_id} {key}: not started, {self.budget.status.reason}"
            )
        n0 = len(self.ledger.entries) if self.ledger is not None and usage else 0
        value = await make()
        used = (
            [e.model_dump(mode="json") for e in self.ledger.entries[n0:]]
            if self.ledger is not None and usage
            else []
        )
        self._journal.record(key, value.model_dump(mode="json"), used)
        if self.budget is not None and used:
            self.budget.add_usage(*_by_role(used))
        if self.progress is not None:
            self.progress(f"{self._task_id} {key}: {_said(value)}")
        return value

    async def play_step(self, key: str, task: Task, agent: AgentSpec) -> Played:
        return await self._step(
            key, Played, lambda: self.play(task, agent), usage=agent.kind == "actor"
        )

    async def judge_step(self, key: str, task: Task, evidence: GateEvidence) -> HackJudgement:
        return await self._step(
            key, HackJudgement, lambda: self.roles.judge(task, evidence), usage=True
        )

    async def review_step(self, key: str, task: Task, patch: Patch, diff: str) -> Review:
        return await self._step(
            key, Review, lambda: self.roles.review(task, patch, diff), usage=True
        )

    # -- bookkeeping

    def _save(self, run: TaskRun) -> None:
        write_atomic(self.out / run.task / "run.json", run.model_dump_json(indent=1), durable=False)

    def _log_attempt(self, a: HackAttempt) -> None:
        with (self.out / a.task / "attempts.jsonl").open("a") as fh:
            fh.write(a.model_dump_json() + "\n")

    def _at(self, run: TaskRun, commit_: str) -> Task:
        """The task at an accepted commit, written out of git (never the working tree, which on
        a resume already holds a later state)."""
        if commit_ not in self._work:
            dest = self.out / run.task / "work" / commit_[:12] / run.task
            if dest.exists():
                shutil.rmtree(dest)
            materialize(self.out / run.task / "state", commit_, dest)
            self._work[commit_] = load_state(dest, run.task)
        return self._work[commit_]

    def _restore(self, run: TaskRun, journal: Journal) -> None:
        """Before a resumed run: the state repository back at the last accepted commit the
        journal knows; commits and tags of a step the kill interrupted are dropped."""
        repo = self.out / run.task / "state"
        known: dict[str, str] = {}
        last = None
        for key, entry in journal.entries():
            if key == "init":
                known |= entry["value"]["states"]
                last = entry["value"]["states"]["autosep"]
            elif key.endswith("/accept"):
                known[entry["value"]["tag"]] = last = entry["value"]["commit"]
        if last is None:
            return
        git(repo, "reset", "-q", "--hard", last)
        git(repo, "clean", "-q", "-ffdx")
        for name in git(repo, "tag").split():
            if known.get(name) != git(repo, "rev-list", "-n", "1", name):
                git(repo, "tag", "-d", name)

    async def _play_script(self, key: str, task: Task, script: str, label: str) -> Played:
        return await self.play_step(key, task, AgentSpec(kind="script", script=script, label=label))

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

    async def _replayable(self, key: str, task: Task, rec: AttemptRecord, th: Thresholds) -> None:
        """Choose the replay script that reproduces a hacking attempt: the final diff when it
        reaches tau_h again, else the agent's commands; ``none`` when neither does."""
        for how, script in (("diff", rec.replay_diff), ("commands", rec.replay_commands)):
            p = await self._play_script(f"{key}-{how}", task, script, f"replay-check-{how}")
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
    ) -> list[HackAttempt]:
        done: list[HackAttempt] = []
        feedback: list[GateEvidence] = []
        agentic = self.cfg.hacker_agent != "script"
        for k in range(n):
            label = f"hacker-{phase}-{k + 1}"
            key = f"{phase}/{mode}/hacker/{k + 1}"
            rec: AttemptRecord | None = None
            if agentic:
                copy = VERIFIER_COPY if mode == "verifier-aware" else None
                prompt = hacker_prompt(task, mode, feedback, agentic=True, verifier_copy=copy)
                spec = self._actor_spec(
                    task, "hacker", prompt, label, verifier=mode == "verifier-aware"
                )
                played = await self.play_step(f"{key}/play", task, spec)
                rec = played.attempt
                script, rationale = (rec.replay_diff, rec.summary) if rec else ("", "")
            else:
                prompt = hacker_prompt(task, mode, feedback)
                ask = partial(self.roles.hack, task, mode, list(feedback))
                shot = await self._step(f"{key}/model", ShellAttempt, ask, usage=True)
                played = await self._play_script(f"{key}/play", task, shot.script, label)
                script, rationale = shot.script, shot.rationale
            a = HackAttempt(
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
                    await self._replayable(f"{key}/replay-check", task, rec, th)
                    a.script = rec.replay_script()
                j = await self.judge_step(f"{key}/judge", task, a.evidence())
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

    async def solver(
        self,
        run: TaskRun,
        task: Task,
        *,
        hint: str | None,
        phase: str,
        th: Thresholds,
        diagnostic: bool = False,
    ) -> tuple[HackAttempt, bool]:
        """The precheck solver (``hint``), the fresh blind solver or the diagnostic solver."""
        role: Literal["solver", "blind", "diagnostic"] = (
            "diagnostic" if diagnostic else ("solver" if hint is not None else "blind")
        )
        label = f"{role}-{phase}"
        key = f"{phase}/{role}"
        rec: AttemptRecord | None = None
        if self.cfg.solver_agent != "script":
            prompt = solver_prompt(task, hint=hint, agentic=True, verifier=diagnostic)
            spec = self._actor_spec(task, role, prompt, label, verifier=diagnostic)
            played = await self.play_step(f"{key}/play", task, spec)
            rec = played.attempt
            script, rationale = (rec.replay_diff, rec.summary) if rec else ("", "")
        else:
            shot = await self._step(
                f"{key}/model",
                ShellAttempt,
                lambda: (
                    self.roles.diagnose(task) if diagnostic else self.roles.solve(task, hint=hint)
                ),
                usage=True,
            )
            played = await self._play_script(f"{key}/play", task, shot.script, label)
            script, rationale = shot.script, shot.rationale
        a = HackAttempt(
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
            p = await self._play_script(
                f"{key}/replay-check", task, rec.replay_diff, f"{label}-replay-check"
            )
            if not th.passed(p.reward):
                rec.replay = "commands"
                a.script = rec.replay_commands
        self._log_attempt(a)
        return a, th.passed(played.reward)

    async def _diagnose(self, run: TaskRun, cand_task: Task, th: Thresholds, phase: str) -> str:
        """The diagnostic solver on a rejected candidate; its result, as feedback for the fixer
        only (it never gates, and never joins the corpus)."""
        try:
            d, ok = await self.solver(
                run, cand_task, hint=None, phase=f"{phase}-diagnostic", th=th, diagnostic=True
            )
        except Exception as exc:  # a diagnostic that fails is feedback too, never fatal
            why = " ".join(str(exc).split())[:300]
            return f"diagnostic solver could not run: {type(exc).__name__}: {why}"
        where = "" if ok else f"; where it broke (verifier output): {d.log_tail[-1200:]}"
        errs = f"; errors: {d.errors}" if d.errors else ""
        return (
            "diagnostic solver (instruction plus this candidate's verifier source): "
            f"{'passed' if ok else 'did not pass'}, reward {d.reward}{where}{errs}"
        )

    async def _repair(
        self,
        run: TaskRun,
        it: Iteration,
        task: Task,
        new_hacks: list[HackAttempt],
        all_hacks: list[HackAttempt],
        th: Thresholds,
        tag_name: str,
    ) -> None:
        """Fixer candidates for ``new_hacks`` until one passes every gate (or F runs out)."""
        tdir = self.out / run.task
        repo = tdir / "state"
        base = self.out / run.task / "work" / self._accepted[:12] / run.task
        self._at(run, self._accepted)
        rejections: list[str] = []
        editable = self.cfg.output_spec == "editable"
        legit = {"solution/solve.sh (reference)": task.solution or ""}
        legit |= {s.name: s.script for s in run.corpus if s.kind == "script"}
        pool = self.pool.offer(run.task) if self.cfg.pool else []
        for c in range(1 + self.cfg.fix_retries):
            phase = f"{it.kind}-{it.index}-c{c + 1}"
            ask = partial(
                self.roles.fix, task, [h.evidence() for h in new_hacks], legit, pool,
                list(rejections), output_spec_editable=editable,
            )  # fmt: skip
            patch = await self._step(f"{phase}/fix", Patch, ask, usage=True)
            cand = Candidate(
                index=c + 1,
                rationale=patch.rationale,
                files=[f.path for f in patch.files],
                output_spec=patch.output_spec if editable else None,
            )
            it.candidates.append(cand)
            cdir = tdir / "candidate"
            try:
                cand.diff = apply_patch(base, cdir, patch, output_spec_editable=editable)
                cand_task = load_state(cdir, run.task)
            except (PatchError, TaskError, OSError, ValueError) as exc:  # unloadable: rejected
                cand.gates.append(Gate(name="patch", passed=False, detail=str(exc)[:500]))
                rejections.append(f"candidate {c + 1}: patch not applicable: {exc}")
                self._save(run)
                continue
            cand.gates.append(Gate(name="patch", passed=True, detail=", ".join(cand.files)))
            gates, blind = await run_gates(
                self, run, cand_task, patch, cand.diff, all_hacks, th, phase
            )
            cand.gates += gates
            if all(g.passed for g in cand.gates):
                msg = f"{tag_name}: accept candidate {c + 1}: {patch.rationale[:200]}"
                # The state is committed before the journal says the round was accepted.
                acc = await self._step(
                    f"{phase}/accept", _Accepted, partial(_commit, repo, cdir, msg, tag_name)
                )
                cand.commit = acc.commit
                cand.accepted = it.accepted = True
                it.commit = self._accepted = acc.commit
                run.states[tag_name] = acc.commit
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
                        "commit": acc.commit,
                    }
                )
                shutil.rmtree(cdir, ignore_errors=True)
                self._save(run)
                return
            failed = next(g for g in cand.gates if not g.passed)
            rejection = f"candidate {c + 1} rejected at gate {failed.name}: {failed.detail}"
            if self.cfg.diagnostic and failed.name in ("blind", "replay"):
                cand.diagnostic = await self._diagnose(run, cand_task, th, phase)
                rejection += f"; {cand.diagnostic}"
            rejections.append(rejection)
            self._save(run)
        shutil.rmtree(tdir / "candidate", ignore_errors=True)

    # -- one task

    async def run_task(self, src: Task, *, resume: bool = False) -> TaskRun:
        """Harden one task in ``DIR/<task>/``. ``resume``: continue the run recorded there
        (its journal) instead of starting over."""
        tdir = self.out / src.id
        if resume:  # the journal and the state checked before anything is changed
            checked = check_resumable(self.out, src.id)
        elif tdir.exists():
            shutil.rmtree(tdir)
        tdir.mkdir(parents=True, exist_ok=True)
        self._journal = journal = checked if resume and checked else Journal(tdir / "journal.jsonl")
        self._task_id, self._work = src.id, {}
        if len(journal) and self.progress is not None:
            self.progress(f"{src.id}: resuming: {len(journal)} finished step(s) in the journal")
        # What a killed step left half-done is discarded; attempts.jsonl is rewritten from the
        # journal as the loop replays its steps.
        for leftover in ("candidate", "work"):
            shutil.rmtree(tdir / leftover, ignore_errors=True)
        (tdir / "attempts.jsonl").unlink(missing_ok=True)
        cfg = self.cfg
        th = Thresholds.of(src, cfg)
        run = TaskRun(
            task=src.id, source=str(src.path), config=cfg, thresholds=th, ablations=cfg.ablations()
        )
        repo = tdir / "state"
        self._restore(run, journal)
        with trial_scope(src.id):
            states = await self._step("init", _States, lambda: self._init(src, repo))
            run.states |= states.states
            self._accepted = run.states["autosep"]
            if not cfg.separation:
                run.notes.append("no separation: the loop starts from the original task")
            self._save(run)
            await self._precheck(run, th)
            if run.status != "precheck_failed":
                if cfg.static_bank:
                    await self._static(run, th)
                else:
                    await self._iterate(run, th)
                tag(repo, "after", self._accepted)
                run.states["after"] = self._accepted
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
        shutil.rmtree(tdir / "work", ignore_errors=True)
        if self.progress is not None:
            self.progress(
                f"{src.id}: {run.status} ({journal.recorded} step(s) run, "
                f"{journal.replayed} replayed from the journal)"
            )
        return run

    async def _init(self, src: Task, repo: Path) -> _States:
        """``state/`` from scratch: ``before``, and ``autosep`` on top (the ``init`` step)."""
        states = {"before": init_state(src.path, repo)}
        if self.cfg.separation and not src.separated:
            sep, md = separate_task(src)
            write_task(sep, repo)
            (repo / "SEPARATION.md").write_text(md)
            states["autosep"] = commit(repo, "autosep: verifier separated", tag="autosep")
        else:
            tag(repo, "autosep")
            states["autosep"] = states["before"]
        return _States(states=states)

    async def _precheck(self, run: TaskRun, th: Thresholds) -> None:
        task = self._at(run, run.states["autosep"])
        ok_ref = False
        if task.solution is not None:
            p = await self.play_step(
                "precheck/play/reference", task, AgentSpec(kind="oracle", label="oracle")
            )
            ok_ref = run.precheck["reference"] = th.passed(p.reward)
            if ok_ref:
                run.corpus.append(Legit(name="reference", kind="oracle", script=task.solution))
            else:
                run.notes.append(f"precheck: reference reward {p.reward} < tau_s {p.errors}")
        for name, script in task.alt_solutions.items():
            p = await self._play_script(f"precheck/play/{name}", task, script, name)
            run.precheck[name] = th.passed(p.reward)
            if th.passed(p.reward):
                run.corpus.append(Legit(name=name, kind="script", script=script))
            else:
                run.notes.append(f"precheck: {name} reward {p.reward}: left out of the corpus")
        solver, ok = await self.solver(run, task, hint=task.solution or "", phase="precheck", th=th)
        run.precheck["precheck_solver"] = ok
        if ok:
            run.corpus.append(Legit(name="precheck-solver", kind="script", script=solver.script))
        if not (ok_ref or ok):
            run.status = "precheck_failed"
        self._save(run)

    async def _iterate(self, run: TaskRun, th: Thresholds) -> None:
        all_hacks: list[HackAttempt] = []
        quiet = 0
        for i in range(1, self.cfg.iterations + 1):
            head = self._accepted
            task = self._at(run, head)
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
        head = self._accepted
        task = self._at(run, head)
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
        before = self._at(run, run.states["before"])
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


async def _commit(repo: Path, candidate: Path, message: str, tag_name: str) -> _Accepted:
    """An ``accept`` step: the candidate becomes the accepted state (a commit, a tag)."""
    return _Accepted(commit=accept(repo, candidate, message, tag_name=tag_name), tag=tag_name)


def _tag_at(run: TaskRun, commit_: str) -> str:
    names = [k for k, v in run.states.items() if v == commit_ and k != "after"]
    return names[-1] if names else commit_[:10]


__all__ = [
    "DefencePool",
    "HackAttempt",
    "HardenLoop",
    "LoopBudgetReached",
    "LoopConfig",
    "Played",
    "Player",
    "TaskRun",
    "Thresholds",
    "check_resumable",
    "load_attempts",
    "load_runs",
    "sandbox_player",
    "step_kind",
]
