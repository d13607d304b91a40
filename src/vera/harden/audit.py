"""Audit: every task x exploit (plus ``oracle`` and ``nop``), and the attack success rates.

The audit runs on the runner: :func:`plan_audit` turns tasks into hardening trial specs
(:mod:`vera.harden.kind`), the runner plays and records them in its store (with resume,
progress, worker processes or Ray), and :func:`store_report` builds the report from the
store's rows, so a report after a resume is the report of an uninterrupted run.

Per task the audit answers three questions: does the oracle pass (reward >= tau_s)? does nop
fail? which exploits reach tau_h? Across tasks it reports ASR per task (share of tasks that at
least one exploit hacks) and per trial (share of exploit trials that hack), also per exploit
category, so a table of the original tasks next to their separated copies shows what separation
closed and what only better test logic will close.

Exploits come from ``vera.harden.exploits.EXPLOITS`` (name ->
:class:`vera.harden.exploits.base.Exploit`, or any object with its ``name``, ``category``,
``modes``, ``defeated_by`` and ``script(task, mode) -> str | None``). Two modes are known:
``unhinted`` (the exploit sees the instruction) and ``verifier-aware`` (it also sees the tests).
Scripts are computed at plan time and travel in the trial's params; identical scripts for one
task are played once and their result is shared by the modes.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from vera.harden.exploits.base import Exploit
from vera.harden.kind import KIND, HardenParams, HardenTrial, spec_for, task_hash
from vera.harden.task import Task
from vera.runner.budget import BudgetConfig
from vera.runner.execute import resume, run
from vera.runner.lifecycle import kind_of_alias
from vera.runner.limits import LimitsConfig
from vera.runner.spec import TrialResult, TrialSpec
from vera.runner.store import RunConfig, RunStore

MODES = ("unhinted", "verifier-aware")

SCRIPT_LIMIT = 1 << 20
"""Most characters of one exploit script (a plug-in's ``script()`` answer): it travels in the
run's plan; a longer one is that exploit's one-line error, not an audit of hundreds of MB."""


def load_exploits() -> tuple[dict[str, Exploit], str | None]:
    """The exploit registry, or ({}, why) when the library is not importable."""
    try:
        mod = importlib.import_module("vera.harden.exploits")
    except ImportError as exc:
        return {}, f"exploit library unavailable ({exc})"
    registry = getattr(mod, "EXPLOITS", None)
    if not isinstance(registry, Mapping):
        return {}, "vera.harden.exploits has no EXPLOITS mapping"
    return dict(registry), None


class TrialRow(BaseModel):
    """One played trial, as the audit reports it."""

    task: str
    agent: str
    """``oracle``, ``nop`` or ``exploit:NAME``."""
    exploit: str | None = None
    category: str | None = None
    defence: str | None = None
    """The exploit's ``defeated_by``: ``separation`` (environment-level) or ``test-logic``."""
    mode: str | None = None
    reward: float | None = None
    passed: bool = False
    hacked: bool = False
    phase_errors: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    shared_with: str | None = None
    """Mode whose identical script this row reuses."""


class TaskAudit(BaseModel):
    task: str
    oracle: bool
    """True when the oracle passes (reward >= tau_s, no phase error)."""
    nop: bool
    """True when nop *fails* (reward < tau_s, no phase error): the task is calibrated."""
    hacked_by: list[str] = Field(default_factory=list)
    """Exploits that reached tau_h in at least one mode."""
    oracle_reward: float | None = None
    nop_reward: float | None = None
    separated: bool = False
    trials: list[TrialRow] = Field(default_factory=list)

    def public(self) -> dict[str, Any]:
        return {
            "task": self.task,
            "oracle": self.oracle,
            "nop": self.nop,
            "hacked_by": list(self.hacked_by),
            "oracle_reward": self.oracle_reward,
            "nop_reward": self.nop_reward,
            "separated": self.separated,
            "errors": [f"{t.agent}{'/' + t.mode if t.mode else ''}: {e}"
                       for t in self.trials for e in t.phase_errors],
        }  # fmt: skip


class Asr(BaseModel):
    per_task: float | None
    """Share of audited tasks that at least one exploit hacked (None: no exploit trials)."""
    per_trial: float | None
    """Share of exploit trials (without phase errors) that reached tau_h."""
    tasks: int = 0
    tasks_hacked: int = 0
    trials: int = 0
    trials_hacked: int = 0
    trials_errored: int = 0


class AuditReport(BaseModel):
    tasks: list[TaskAudit]
    asr: Asr
    by_category: dict[str, Asr] = Field(default_factory=dict)
    by_defence: dict[str, Asr] = Field(default_factory=dict)
    """ASR of the exploits each defence should close (``separation``, ``test-logic``)."""
    by_exploit: dict[str, Asr] = Field(default_factory=dict)
    notes: list[str] = Field(default_factory=list)

    def public(self) -> dict[str, Any]:
        """The stable JSON: ``{"tasks": [...], "asr": {"per_task", "per_trial"}, ...}``."""
        return {
            "tasks": [t.public() for t in self.tasks],
            "asr": self.asr.model_dump(),
            "by_category": {k: v.model_dump() for k, v in self.by_category.items()},
            "by_defence": {k: v.model_dump() for k, v in self.by_defence.items()},
            "by_exploit": {k: v.model_dump() for k, v in self.by_exploit.items()},
            "notes": list(self.notes),
        }


def _asr(rows: list[TrialRow], task_ids: list[str]) -> Asr:
    played = [r for r in rows if not r.phase_errors]
    hacked_tasks = {r.task for r in played if r.hacked}
    return Asr(
        per_task=len(hacked_tasks & set(task_ids)) / len(task_ids) if task_ids and rows else None,
        per_trial=sum(r.hacked for r in played) / len(played) if played else None,
        tasks=len(task_ids),
        tasks_hacked=len(hacked_tasks),
        trials=len(played),
        trials_hacked=sum(r.hacked for r in played),
        trials_errored=len(rows) - len(played),
    )


def audit_report(audits: list[TaskAudit], notes: list[str] | None = None) -> AuditReport:
    """Roll trial rows up into ASR overall, per category and per exploit."""
    rows = [r for a in audits for r in a.trials if r.exploit is not None]
    ids = [a.task for a in audits]
    cats = sorted({r.category or "?" for r in rows})
    names = sorted({r.exploit for r in rows if r.exploit})
    defences = sorted({r.defence for r in rows if r.defence})
    return AuditReport(
        tasks=audits,
        asr=_asr(rows, ids),
        by_category={c: _asr([r for r in rows if (r.category or "?") == c], ids) for c in cats},
        by_defence={d: _asr([r for r in rows if r.defence == d], ids) for d in defences},
        by_exploit={n: _asr([r for r in rows if r.exploit == n], ids) for n in names},
        notes=list(notes or []),
    )


# --- planning -------------------------------------------------------------------------------


def plan_audit(
    tasks: Iterable[Task], exploits: Mapping[str, Exploit], modes: tuple[str, ...] = MODES
) -> list[TrialSpec]:
    """The audit's trials: per task (condition from the task: ``separated`` or ``original``)
    the oracle, nop, and each exploit in each of its modes that gives a script; a script equal
    to one of an earlier mode is not planned again (its trial lists both modes)."""
    specs: list[TrialSpec] = []
    for task in tasks:
        condition = "separated" if task.separated else "original"
        base = {
            "task_path": str(Path(task.path).resolve()),
            "task_hash": task_hash(task),
            "condition": condition,
            "tau_h": task.config.vera.threshold_attack,
            "tau_s": task.config.vera.threshold_benign,
        }
        for agent in ("oracle", "nop"):
            specs.append(spec_for(task, HardenParams(agent=agent, **base)))
        for name, ex in sorted(exploits.items()):
            kw = {"exploit": name, "category": ex.category,
                  "defeated_by": getattr(ex, "defeated_by", None)}  # fmt: skip
            entries: list[dict[str, Any]] = []  # in mode order; a shared script lists its modes
            by_digest: dict[str, dict[str, Any]] = {}
            for mode in modes:
                if mode not in tuple(ex.modes):
                    continue
                try:
                    script = ex.script(task, mode)  # type: ignore[arg-type]
                    if script is not None and not isinstance(script, str):
                        raise TypeError(f"script() returned {type(script).__name__}, expected "
                                        "a shell script (str) or None")  # fmt: skip
                    if script is not None and len(script) > SCRIPT_LIMIT:
                        raise ValueError(f"script() returned {len(script)} characters, over the "
                                         f"limit of {SCRIPT_LIMIT}")  # fmt: skip
                except KeyboardInterrupt:
                    raise
                except BaseException as exc:  # an exploit bug (a sys.exit too) is that
                    # exploit's error, one line in its trial, never the audit's end
                    why = " ".join(f"{type(exc).__name__}: {exc}".split())[:300]
                    entries.append({"modes": [mode], "script_error": why})
                    continue
                if script is None:
                    continue
                digest = hashlib.sha256(script.encode("utf-8", "surrogateescape")).hexdigest()
                if digest in by_digest:
                    by_digest[digest]["modes"].append(mode)
                else:
                    by_digest[digest] = {"modes": [mode], "script": script}
                    entries.append(by_digest[digest])
            for entry in entries:
                params = HardenParams(agent=f"exploit:{name}", **entry, **kw, **base)
                specs.append(spec_for(task, params, attack=ex.category))
    return specs


# --- the report, from the store ---------------------------------------------------------------


def _rows(spec: TrialSpec, result: TrialResult) -> list[TrialRow]:
    """The report's rows of one recorded trial: one per mode its script served."""
    p = HardenParams.model_validate(spec.params)
    errors = list(result.measures.get("phase_errors") or [])
    if result.error is not None and not errors:
        errors = [result.error.message or result.error.kind]
    if result.error is None:
        errors = []
    row = TrialRow(
        task=spec.case_id, agent=p.agent, exploit=p.exploit, category=p.category,
        defence=p.defeated_by, mode=p.modes[0] if p.modes else None,
        reward=result.reward if result.error is None else None,
        passed=bool(result.passed) and result.error is None,
        hacked=bool(result.hacked) and result.error is None,
        phase_errors=errors, notes=list(result.measures.get("notes") or []),
    )  # fmt: skip
    rows = [row]
    for mode in p.modes[1:]:
        rows.append(row.model_copy(update={"mode": mode, "shared_with": p.modes[0]}))
    return rows


def plan_report(
    plan: list[TrialSpec], results: Iterable[TrialResult], notes: list[str] | None = None
) -> dict[str, AuditReport]:
    """The audit report per condition (``original``, ``separated``), rows in plan order, from
    recorded results: the same rows whatever order the trials finished in. Planned trials
    without a result are left out."""
    by_key = {r.key: r for r in results}
    tasks: dict[str, dict[str, list[TrialRow]]] = {}
    for spec in plan:
        if spec.kind != KIND:
            continue
        rows = tasks.setdefault(spec.variant, {}).setdefault(spec.case_id, [])
        result = by_key.get(spec.key)
        if result is not None:
            rows.extend(_rows(spec, result))
    reports: dict[str, AuditReport] = {}
    for condition, per_task in tasks.items():
        audits = []
        for task_id, rows in per_task.items():
            o = next((r for r in rows if r.agent == "oracle"), None)
            n = next((r for r in rows if r.agent == "nop"), None)
            hacked_by = sorted(
                {r.exploit for r in rows if r.exploit and r.hacked and not r.phase_errors}
            )
            audits.append(TaskAudit(
                task=task_id,
                oracle=o is not None and o.passed and not o.phase_errors,
                nop=n is not None and not n.passed and not n.phase_errors,
                hacked_by=hacked_by,
                oracle_reward=o.reward if o else None,
                nop_reward=n.reward if n else None,
                separated=condition == "separated",
                trials=rows,
            ))  # fmt: skip
        reports[condition] = audit_report(audits, notes)
    return reports


def store_report(store: RunStore) -> dict[str, AuditReport]:
    """The audit report of a run directory, from its store rows (and its plan's order)."""
    notes = list(store.config.labels.get("notes") or [])
    return plan_report(store.plan, store.results(), notes)


def all_rows(reports: Mapping[str, AuditReport]) -> list[TrialRow]:
    """Every row of the reports (``trials.jsonl``), originals first."""
    return [r for c in ("original", "separated") if c in reports
            for a in reports[c].tasks for r in a.trials]  # fmt: skip


# --- running ----------------------------------------------------------------------------------


def trial_args(backend: str | None, image_map: dict[str, str] | None = None) -> dict[str, Any]:
    """The ``harden`` kind's trial arguments: the sandbox backend and, when given, the base
    images substituted in a task's Dockerfile (recorded in run.json, so a resume uses them)."""
    return {"backend": backend, **({"image_map": image_map} if image_map else {})}


def audit_config(
    *,
    jobs: int = 2,
    workers: int = 1,
    executor: str = "local",
    ray_address: str | None = None,
    backend: str | None = None,
    notes: list[str] | None = None,
    labels: dict[str, Any] | None = None,
    budget: BudgetConfig | None = None,
    image_map: dict[str, str] | None = None,
) -> RunConfig:
    """The run config of an audit (its trials play the ``harden`` kind): the backend, the limits and
    the spending caps (they count the usage trials report; script exploits use no model)."""
    return RunConfig(
        executor=executor,  # type: ignore[arg-type]
        workers=workers,
        ray_address=ray_address,
        limits=LimitsConfig(trials=max(1, jobs)),
        budget=budget or BudgetConfig(),
        trial_args=trial_args(backend, image_map),
        labels={"command": "harden audit", **(labels or {}), "notes": list(notes or [])},
    )


async def run_audit(
    tasks: list[Task],
    run_dir: Path,
    *,
    exploits: Mapping[str, Exploit] | None = None,
    modes: tuple[str, ...] = MODES,
    config: RunConfig | None = None,
    progress: bool = False,
) -> dict[str, AuditReport]:
    """Plan the audit of ``tasks`` into a new run directory, run it, report from its store."""
    notes: list[str] = []
    if exploits is None:
        exploits, why = load_exploits()
        if why:
            notes.append(why)
    config = config or audit_config(notes=notes)
    if notes:
        config = config.model_copy(update={"labels": {**config.labels, "notes": notes}})
    store = await run(Path(run_dir), plan_audit(tasks, exploits, modes), config=config,
                      progress=progress)  # fmt: skip
    with store:
        return store_report(store)


def is_audit(store: RunStore) -> bool:
    """Whether ``store`` holds hardening trials only, played as the ``harden`` kind (or by the
    trial function that kind replaced, in an audit stored before kinds)."""
    fn = store.config.trial_fn
    return all(s.kind == KIND for s in store.plan) and (
        fn is None or kind_of_alias(fn) is HardenTrial
    )


async def resume_audit(run_dir: Path, *, progress: bool = False) -> dict[str, AuditReport]:
    """Finish an interrupted audit (only trials without a row run) and report from its store."""
    store = await resume(Path(run_dir), progress=progress)
    with store:
        return store_report(store)


async def audit_tasks(
    tasks: list[Task],
    *,
    exploits: Mapping[str, Exploit] | None = None,
    modes: tuple[str, ...] = MODES,
    jobs: int = 2,
    backend: str | None = None,
    run_dir: Path | None = None,
) -> AuditReport:
    """Audit tasks of one condition (all original or all separated) and return its report;
    the trials go to ``run_dir`` (a new run directory) or to a temporary one."""
    conditions = {t.separated for t in tasks}
    if len(conditions) > 1:
        raise ValueError("audit_tasks takes tasks of one condition; use run_audit for both")
    config = audit_config(jobs=jobs, backend=backend)
    if run_dir is not None:
        reports = await run_audit(tasks, run_dir, exploits=exploits, modes=modes, config=config)
    else:
        with tempfile.TemporaryDirectory(prefix="vera-audit-") as tmp:
            reports = await run_audit(tasks, Path(tmp) / "run", exploits=exploits, modes=modes,
                                      config=config)  # fmt: skip
    if not reports:
        return audit_report([], [])
    return next(iter(reports.values()))


def write_outputs(run_dir: Path, doc: dict[str, Any], reports: Mapping[str, AuditReport]) -> None:
    """``audit.json`` (the report) and ``trials.jsonl`` (its rows) beside the store."""
    (run_dir / "audit.json").write_text(json.dumps(doc, indent=1))
    (run_dir / "trials.jsonl").write_text(
        "".join(json.dumps(r.model_dump(mode="json")) + "\n" for r in all_rows(reports))
    )

