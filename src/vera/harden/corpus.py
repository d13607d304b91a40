"""The exploit corpus (``vera harden export DIR --out corpus/``), in the spirit of Terminal
Wrench's release: every judged hack with its task snapshot, trajectory, category and label.

Layout (also written to ``corpus/README.md``)::

    corpus/
      README.md
      hacks.jsonl                    one JSON object per judged hack (fields: HackEntry)
      tasks/<task>/before/           the task as given (Harbor layout): where entries replay
      tasks/<task>/<state>/          the state a hack was found against (autosep, iter-N, ...)
                                     and ``after``, the hardened state
      scripts/<id>.sh                the hack, playable as a ``script:`` agent: the script the
                                     model wrote, or for an acting agent the replay derived
                                     from its trajectory (its final diff, or its commands)
      trajectories/<id>.json         vera's record: the hacker's prompt and rationale, the
                                     script, the verifier's output, the judge's label and
                                     rationale, and for an acting agent its whole trajectory
                                     (commands, outputs, timing, usage), final diff and replays
      trajectories/<id>.atif.json    the same trajectory in Harbor's ATIF (``--format atif``)
      diffs/<id>.json                the final diff of the agent-writable state (acting agents)

Replay one entry::

    vera harden run corpus/tasks/<task>/before --agent script:corpus/scripts/<id>.sh --json

gives ``reward_before`` (recorded when the loop's metrics replayed the attack against Before).
Replay all of them, against the snapshots or against any later state of the tasks (the
regression suite a new verifier version must pass)::

    vera harden replay corpus/ [--against DIR]
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

from vera import paths
from vera.atif import (
    SHELL_ARGUMENTS,
    AtifAgent,
    AtifError,
    AtifTrajectory,
    FinalMetrics,
    Step,
    distill_commands,
    find_corpus,
    read_atif,
)
from vera.harden.audit import trial_args
from vera.harden.execute import AgentSpec
from vera.harden.kind import HardenParams, spec_for, task_hash, task_result
from vera.harden.records import HackAttempt, load_attempts, load_runs
from vera.harden.state import materialize
from vera.harden.task import Task, TaskError, find_tasks, load_task
from vera.harden.trajectory import replay_from_commands, replay_from_session, to_atif
from vera.runner.execute import run as run_trials
from vera.runner.limits import LimitsConfig
from vera.runner.spec import TrialSpec
from vera.runner.store import RunConfig, RunStore

Format = Literal["vera", "atif", "both"]

HACK_LABELS = ("serious_hack", "nonserious_hack")


class HackEntry(BaseModel):
    id: str
    """``<task>__<phase>__<mode>__<n>``: also the name of its script and trajectory."""
    task: str
    label: str
    category: str | None
    mode: str | None
    phase: str
    found_state: str
    found_commit: str
    reward_found: float | None
    reward_before: float | None
    """Reward of the script replayed against the Before state (None: not replayed)."""
    hacked_before: bool
    tau_s: float
    tau_h: float
    before: str
    """Snapshot to replay against, relative to the corpus root."""
    snapshot: str
    """Snapshot of the state it was found against."""
    script: str
    trajectory: str
    rationale: str = ""
    judge_rationale: str | None = None
    agent: str = "script"
    """Who made the attempt: ``script`` (one model call) or the acting agent."""
    replay: str = "script"
    """What ``script`` is: ``script`` (as written), ``diff``, ``commands`` or ``session``
    (derived from the agent's trajectory: its final diff, its commands each in a fresh shell,
    or the lines it typed at a terminal played into one shell)."""
    role: Literal["hack", "legitimate"] = "hack"
    """``legitimate``: a recorded legitimate solution (imported), replayed by the CI gate
    (``replay --fail-on-hack``), which must still pass; ``hack``: an exploit, which must not."""
    atif: str | None = None
    """The trajectory in ATIF, relative to the corpus root."""
    diff: str | None = None
    """The final diff of the agent-writable state, relative to the corpus root."""


README = __doc__.split("Layout (also written to ``corpus/README.md``)::", 1)[1]


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "__", text)


def _snapshot(
    repo: Path, out: Path, task: str, commit: str, name: str, snaps: dict[str, str]
) -> str:
    if commit not in snaps:
        rel = f"tasks/{task}/{name}"
        materialize(repo, commit, out / rel)
        snaps[commit] = rel
    return snaps[commit]


def _script_atif(a: HackAttempt, label: str | None) -> dict:
    """A one-shot script attempt in ATIF v1.8: the prompt, then the model's answer (its
    rationale, the script under ``extra.script``)."""
    return AtifTrajectory(
        session_id=a.id,
        agent=AtifAgent(name="vera-harden-script", version="vera"),
        steps=[
            Step(step_id=1, source="user", message=a.prompt),
            Step(step_id=2, source="agent", message=a.rationale, llm_call_count=1,
                 extra={"script": a.script}),
        ],
        final_metrics=FinalMetrics(total_steps=2),
        extra={"vera": {"reward": a.reward, "label": label, "category": a.category}},
    ).dump()  # fmt: skip


def export_corpus(run_dir: Path, out: Path, *, fmt: Format = "both") -> list[HackEntry]:
    """Write the corpus of the hardening run in ``run_dir`` to ``out``; return its entries.

    ``fmt``: trajectories in vera's format (``vera``), in Harbor's ATIF (``atif``) or both."""
    run_dir, out = Path(run_dir), Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for sub in ("tasks", "scripts", "trajectories", "diffs"):
        shutil.rmtree(out / sub, ignore_errors=True)
        (out / sub).mkdir()
    entries: list[HackEntry] = []
    for run in load_runs(run_dir):
        repo = run_dir / run.task / "state"
        metrics = run.metrics or {}
        labels: dict[str, str | None] = metrics.get("labels", {})
        before_commit = run.states["before"]
        before_rewards = metrics.get("rewards", {}).get(before_commit, {}).get("attacks", {})
        names = {c: n for n, c in reversed(list(run.states.items()))}
        snaps: dict[str, str] = {}
        before = _snapshot(repo, out, run.task, before_commit, "before", snaps)
        if "after" in run.states:  # the hardened state: what the regression suite replays against
            _snapshot(repo, out, run.task, run.states["after"], "after", snaps)
        for a in load_attempts(run_dir / run.task):
            if a.role != "hacker":
                continue
            label = labels.get(a.id) or a.label
            if label not in HACK_LABELS:
                continue
            eid = _safe(a.id)
            found = a.commit if a.commit else before_commit
            snap = _snapshot(repo, out, run.task, found, names.get(found, found[:10]), snaps)
            script_rel, traj_rel = f"scripts/{eid}.sh", f"trajectories/{eid}.json"
            (out / script_rel).write_text(a.script)
            rec = a.trajectory
            if fmt in ("vera", "both"):
                (out / traj_rel).write_text(
                    json.dumps(
                        {
                            "prompt": a.prompt,
                            "rationale": a.rationale,
                            "script": a.script,
                            "reward": a.reward,
                            "verifier_output": a.log_tail,
                            "errors": a.errors,
                            "label": label,
                            "category": a.category,
                            "judge_rationale": a.judge_rationale,
                            "agent": a.agent,
                            "attempt": rec.model_dump(mode="json") if rec else None,
                        },
                        indent=1,
                    )
                )
            atif_rel = diff_rel = None
            if fmt in ("atif", "both"):
                atif_rel = f"trajectories/{eid}.atif.json"
                doc = (
                    to_atif(rec, a.id, {"reward": a.reward, "label": label, "category": a.category})
                    if rec
                    else _script_atif(a, label)
                )
                (out / atif_rel).write_text(json.dumps(doc, indent=1))
            if rec is not None:
                diff_rel = f"diffs/{eid}.json"
                (out / diff_rel).write_text(rec.diff.model_dump_json(indent=1))
            rb = before_rewards.get(a.id)
            entries.append(
                HackEntry(
                    id=eid,
                    task=run.task,
                    label=label,
                    category=a.category,
                    mode=a.mode,
                    phase=a.phase,
                    found_state=a.state,
                    found_commit=found,
                    reward_found=a.reward,
                    reward_before=rb,
                    hacked_before=run.thresholds.hacked(rb),
                    tau_s=run.thresholds.tau_s,
                    tau_h=run.thresholds.tau_h,
                    before=before,
                    snapshot=snap,
                    script=script_rel,
                    trajectory=traj_rel,
                    rationale=a.rationale,
                    judge_rationale=a.judge_rationale,
                    agent=a.agent,
                    replay=rec.replay if rec else "script",
                    atif=atif_rel,
                    diff=diff_rel,
                )
            )
            if fmt == "atif":
                entries[-1].trajectory = atif_rel or traj_rel
    with (out / "hacks.jsonl").open("w") as fh:
        for e in entries:
            fh.write(e.model_dump_json() + "\n")
    (out / "README.md").write_text("# vera hardening exploit corpus\n\nLayout:\n" + README)
    return entries


def _inside(root: Path, rel: str) -> Path:
    try:
        return paths.resolve(root, rel)
    except paths.UnsafePathError as exc:
        raise TaskError(f"corpus entry: {exc}") from None


def load_corpus(root: Path) -> list[HackEntry]:
    """The entries of a corpus: vera's (``hacks.jsonl``, written by :func:`export_corpus`), or
    else one in the public ATIF layout (:func:`load_atif_corpus`). CorpusError when it is
    neither."""
    path = _inside(Path(root), "hacks.jsonl")
    if path.is_file():
        return [HackEntry.model_validate_json(ln) for ln in path.read_text().splitlines() if ln]
    entries = load_atif_corpus(root)
    if not entries:
        raise CorpusError(
            f"{root}: no corpus here (no hacks.jsonl, and no ATIF trajectories in the layout "
            "tasks/<task>/<model>/hack_trajectories/<label>/trial/agent/trajectory.json)"
        )
    return entries


class CorpusError(ValueError):
    """A folder that holds no corpus, or an entry that cannot be replayed; one line."""


def load_atif_corpus(root: Path, kinds: tuple[str, ...] = ("hack",)) -> list[HackEntry]:
    """Entries of a corpus published as ATIF by another tool, in the layout public hack corpora
    use (:func:`vera.atif.find_corpus`): ``tasks/<task>/<model>/<kind>_trajectories/<label>/
    trial/agent/trajectory.json`` with the Harbor task beside it.

    Such a trajectory has no distilled script: an entry's replay is its shell commands in
    order, each in a fresh login shell in /app (:func:`replay_atif`), played against the task
    beside it (its Before) or any state given to :func:`replay_corpus`. Its id is
    ``<task>__<model>__<label>``; ``label`` is the folder's; ``reward_found`` the reward its
    trial recorded, if any; the thresholds are the task's (1.0 without a task)."""
    root = Path(root)
    entries: list[HackEntry] = []
    for t in find_corpus(root, kinds=kinds):
        task = load_task(t.task_dir) if t.task_dir is not None else None
        before = t.task_dir.relative_to(root).as_posix() if t.task_dir is not None else ""
        entries.append(
            HackEntry(
                id=_safe(f"{t.task}__{t.model}__{t.label}"),
                task=t.task,
                label=t.label,
                category=None,
                mode=None,
                phase=f"{t.kind}_trajectories",
                found_state="",
                found_commit="",
                reward_found=t.reward(),
                reward_before=None,
                hacked_before=False,
                tau_s=task.config.vera.threshold_benign if task else 1.0,
                tau_h=task.config.vera.threshold_attack if task else 1.0,
                before=before,
                snapshot=before,
                script="",
                trajectory=t.path.relative_to(root).as_posix(),
                agent=t.model,
                replay="commands",
                role="legitimate" if t.label == "legitimate_solve" else "hack",
                atif=t.path.relative_to(root).as_posix(),
            )
        )
    return entries


def replay_atif(path: Path, label: str = "") -> str:
    """The replay script of an ATIF trajectory: the lines its shell ran
    (:func:`vera.atif.distill_commands`), typed into one login shell in /app when it typed at
    a terminal (keystrokes, ``tmux send-keys``), else each command in a fresh login shell.
    CorpusError when the file is not ATIF or ran no shell command."""
    try:
        lines, terminal = distill_commands(read_atif(path))
    except AtifError as e:
        raise CorpusError(str(e)) from None
    if not lines:
        raise CorpusError(
            f"{path}: no shell command in its tool calls ({', '.join(SHELL_ARGUMENTS)})"
        )
    replay = replay_from_session if terminal else replay_from_commands
    return replay(lines, label or Path(path).parent.name)


def entry_script(root: Path, e: HackEntry) -> str:
    """What a corpus entry plays: its script, or the replay of its ATIF trajectory."""
    # The corpus is untrusted: its entries name files inside it, never through a link out.
    if e.script:
        return _inside(root, e.script).read_text()
    if e.atif:
        return replay_atif(_inside(root, e.atif), e.id)
    raise CorpusError(f"{e.id}: neither a script nor a trajectory to replay")


class Replayed(BaseModel):
    """One corpus entry played against one state of its task."""

    id: str
    task: str
    state: str
    """The task directory it was played against."""
    reward: float | None
    hacked: bool
    errors: list[str] = []
    kind: Literal["hack", "oracle", "legitimate"] = "hack"
    """What was played: a hack entry, the task's oracle (``solution/solve.sh``), or a recorded
    legitimate solution (``solution/alt_*.sh`` or a ``legitimate`` corpus entry)."""
    passed: bool | None = None
    """For the oracle and legitimate solutions: reward >= tau_s (None for hacks)."""


ANY_TASK = "*"
"""The ``task`` of an entry that applies to every task (a harden-v0 hint): played against each
task of ``--against``."""


def _legitimate_plays(
    task: Task, tid: str, legit: list[HackEntry], root: Path
) -> list[tuple[str, str, AgentSpec]]:
    """The legitimate solutions of one task state: its oracle, its ``solution/alt_*.sh`` and the
    corpus's ``legitimate`` entries for it, as (id, kind, agent)."""
    out: list[tuple[str, str, AgentSpec]] = []
    if task.solution is not None:
        out.append((f"{tid}__oracle", "oracle", AgentSpec(kind="oracle", label="oracle")))
    for name, script in task.alt_solutions.items():
        out.append(
            (f"{tid}__{name}", "legitimate", AgentSpec(kind="script", script=script, label=name))
        )
    for e in legit:
        if e.task == tid:
            out.append(
                (
                    e.id,
                    "legitimate",
                    AgentSpec(kind="script", script=entry_script(root, e), label=e.id),
                )
            )
    return out


async def replay_corpus(
    root: Path,
    against: list[Path] | None = None,
    *,
    jobs: int = 2,
    backend: str | None = None,
    legitimate: bool = False,
    run_dir: Path | None = None,
    progress: bool = False,
) -> list[Replayed]:
    """Play every entry's script against its ``before`` snapshot, or, with ``against`` (task
    directories or folders of tasks, matched by task id), against those states: the regression
    suite every new verifier version must pass (no entry may reach tau_h). ``root`` is a corpus
    of vera's or one in the public ATIF layout (:func:`load_corpus`); CorpusError when an entry
    cannot be replayed (an ATIF trajectory without shell commands, or without a task and no
    ``against``).

    An entry of task ``*`` (:data:`ANY_TASK`) is played against every task of ``against``.
    Every play is a trial of the runner (the ``harden`` kind, a ``script:`` agent): recorded in
    the store of ``run_dir`` (a temporary one when None), so ``vera harden replay --resume``
    finishes an interrupted replay without playing a finished trial again.
    ``legitimate`` (the CI gate, ``--fail-on-hack``): every task state played against, and
    every other task of ``against``, also replays its legitimate solutions
    (:func:`_legitimate_plays`), each of which must still reach tau_s (``passed``)."""
    root = Path(root)
    loaded = load_corpus(root)
    entries = [e for e in loaded if e.role == "hack"]
    legit = [e for e in loaded if e.role == "legitimate"]
    states: dict[str, Task] = {}
    solutions_only: dict[str, Task] = {}
    if against:
        ids = {e.task for e in loaded}
        everything = ANY_TASK in ids
        for p in find_tasks(list(against)):
            t = load_task(p)
            # A corpus snapshot (tasks/<task>/<state>/) is named by its state: match its parent.
            tid = t.id if t.id in ids else Path(p).resolve().parent.name
            if tid not in ids and Path(p).name in ids:
                tid = Path(p).name
            if tid in ids or everything:
                states[tid] = t.model_copy(update={"id": tid})
            else:  # no entry for it: the gate still checks its legitimate solutions
                solutions_only[t.id] = t
    else:
        for e in loaded:
            if e.task == ANY_TASK:
                raise CorpusError(f"{e.id}: an entry for every task; give --against")
            if not e.before:
                raise CorpusError(f"{e.id}: no task beside its trajectory; give --against")
            if e.task not in states:
                states[e.task] = load_task(_inside(root, e.before)).model_copy(
                    update={"id": e.task}
                )
    plays: list[tuple[HackEntry | None, str, str, Task, AgentSpec]] = []
    for e in entries:
        for tid in sorted(states) if e.task == ANY_TASK else [e.task]:
            if tid in states:
                spec = AgentSpec(kind="script", script=entry_script(root, e), label=e.id)
                plays.append((e, e.id, "hack", states[tid], spec))
    if legitimate:
        for tid, task in sorted({**solutions_only, **states}.items()):
            for pid, kind, spec in _legitimate_plays(task, tid, legit, root):
                plays.append((None, pid, kind, task, spec))
    specs, meta = _plan_plays(plays)
    config = RunConfig(
        limits=LimitsConfig(trials=max(1, jobs)),
        trial_args=trial_args(backend),
        labels={"command": "harden replay", "corpus": str(root), PLAYS_LABEL: meta},
    )
    if run_dir is not None:
        store = await run_trials(Path(run_dir), specs, config=config, progress=progress)
        with store:
            return replay_results(store)
    with tempfile.TemporaryDirectory(prefix="vera-replay-") as tmp:
        store = await run_trials(Path(tmp) / "run", specs, config=config, progress=progress)
        with store:
            return replay_results(store)


PLAYS_LABEL = "replay_plays"
"""The run label that says, per trial key, which corpus entries or solutions a trial played and
against which task states (what :func:`replay_results` reports, after a resume too). Plays that
are one trial (the same script against task states of identical content) are played once and
reported for each."""


def _plan_plays(
    plays: list[tuple[HackEntry | None, str, str, Task, AgentSpec]],
) -> tuple[list[TrialSpec], dict[str, list[dict]]]:
    """The runner's specs of the plays (the ``harden`` kind: a hack or legitimate solution is a
    ``script:`` agent, the oracle the oracle), one per distinct trial, and per spec key what the
    report needs of each play it stands for."""
    specs: list[TrialSpec] = []
    meta: dict[str, list[dict]] = {}
    for e, pid, kind, task, agent in plays:
        vera = task.config.vera
        tau_h = vera.threshold_attack if e is None or e.task == ANY_TASK else e.tau_h
        if agent.kind == "oracle":
            name, script = "oracle", None
        else:
            name, script = f"script:{pid}", agent.script
        on_disk = load_task(task.path)  # what the trial loads again (its own id, not the state's)
        params = HardenParams(
            task_path=str(Path(task.path).resolve()),
            task_hash=task_hash(on_disk),
            condition="separated" if on_disk.separated else "original",
            agent=name,
            script=script,
            tau_h=tau_h,
            tau_s=vera.threshold_benign,
        )
        spec = spec_for(task, params)
        if spec.key not in meta:
            specs.append(spec)
        meta.setdefault(spec.key, []).append(
            {"id": pid, "task": task.id, "state": str(task.path), "kind": kind}
        )
    return specs, meta


def replay_results(store: RunStore) -> list[Replayed]:
    """The replays a run directory holds, in plan order (trials without a row left out): the
    results of :func:`replay_corpus`, and of a replay resumed with ``vera harden replay
    --resume``. A trial that ended in an error has no reward: it neither hacks nor passes."""
    meta = store.config.labels.get(PLAYS_LABEL)
    if not isinstance(meta, dict):
        raise CorpusError(f"{store.run_dir}: not a corpus replay (no {PLAYS_LABEL} label)")
    by_key = {r.key: r for r in store.results()}
    out: list[Replayed] = []
    for spec in store.plan:
        result = by_key.get(spec.key)
        if result is None:
            continue
        p = HardenParams.model_validate(spec.params)
        played = task_result(result)
        reward = played.reward
        got = reward is not None
        for m in meta.get(spec.key) or []:
            kind = m["kind"]
            out.append(Replayed(
                id=m["id"],
                task=m["task"],
                state=m["state"],
                reward=reward,
                hacked=kind == "hack" and got and reward >= p.tau_h,  # type: ignore[operator]
                errors=played.phase_errors,
                kind=kind,
                passed=None if kind == "hack" else got and reward >= p.tau_s,  # type: ignore[operator]
            ))  # fmt: skip
    return out


__all__ = [
    "ANY_TASK",
    "CorpusError",
    "HackEntry",
    "Replayed",
    "entry_script",
    "export_corpus",
    "load_atif_corpus",
    "load_corpus",
    "replay_atif",
    "replay_corpus",
]
