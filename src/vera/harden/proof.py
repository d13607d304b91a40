"""The proof that a separation costs nothing honest, played before a separated task is written.

``vera harden separate`` rewrites where a task's verifier runs. A separation that forgets an
artifact makes an honest agent score 0 (one public report shows exactly that after Harbor's own
separation). So before a separated copy is kept, the runner plays, on the original and on the
separated copy as it will be written:

* the oracle (``solution/solve.sh``) and every recorded legitimate solution
  (``solution/alt_*.sh``): each must pass on both;
* nop, and the exploit library: the exploits that landed on the original are reported with
  what they do after.

A separated copy whose oracle (or a legitimate solution) fails is refused, naming the paths the
agent changed that no artifact carried (the separated trial's own note, see
:func:`vera.harden.artifacts.uncarried_changes`). The trials are ordinary hardening trials in a
run directory: resumable, in the store, readable by ``vera report``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pydantic import BaseModel, Field

from vera.harden.artifacts import APP, LOGS_ARTIFACTS, UNCARRIED_NOTE
from vera.harden.audit import (
    AuditReport,
    TaskAudit,
    audit_config,
    load_exploits,
    plan_audit,
    plan_report,
)
from vera.harden.exploits.base import Exploit
from vera.harden.kind import HardenParams, spec_for, task_hash
from vera.harden.task import Task
from vera.runner.execute import run
from vera.runner.spec import TrialSpec


class SeparationProof(BaseModel):
    """What the honest and the hacking agents did before and after one task's separation."""

    task: str
    oracle: tuple[bool, bool]
    """The oracle passed on (the original, the separated copy)."""
    legitimate: dict[str, tuple[bool, bool]] = Field(default_factory=dict)
    """Each recorded legitimate solution (``alt_*.sh``): passed before, after."""
    hacked_before: list[str] = Field(default_factory=list)
    hacked_after: list[str] = Field(default_factory=list)
    """Exploits that reached tau_h on the copy; those of ``hacked_before`` still landing."""
    uncarried: list[str] = Field(default_factory=list)
    """Paths a failing honest solution changed that no artifact carries (from its trial)."""
    errors: list[str] = Field(default_factory=list)
    """Phase errors of the honest trials (an infrastructure failure is not a verdict)."""

    @property
    def honest_ok(self) -> bool:
        return all(self.oracle) and all(b and a for b, a in self.legitimate.values()) and not self.errors

    def refusal(self) -> str | None:
        """One line saying why the separated copy is not written, or None when it may be."""
        if self.errors:
            return f"{self.task}: the separation could not be proven: {self.errors[0]}"
        if self.honest_ok:
            return None
        failing = [n for n, (b, a) in {"oracle": self.oracle, **self.legitimate}.items() if b and not a]
        broken = [n for n, (b, _) in {"oracle": self.oracle, **self.legitimate}.items() if not b]
        if broken and not failing:
            return f"{self.task}: {broken[0]} fails on the original task already; nothing to separate against"
        missed = (f"; the artifacts miss {', '.join(self.uncarried)}" if self.uncarried
                  else "; every path it changed is carried (the verifier needs more than files)")
        if any(not p.startswith((f"{APP}/", f"{LOGS_ARTIFACTS}/")) for p in self.uncarried
               if not p.startswith("...")):
            missed += f" (a separate verifier receives only {APP} and {LOGS_ARTIFACTS})"
        return f"{self.task}: {failing[0]} passes before separation and fails after{missed}"


def legitimate_specs(task: Task) -> list[TrialSpec]:
    """The task's recorded legitimate solutions as script trials of its condition."""
    condition = "separated" if task.separated else "original"
    base = {
        "task_path": str(Path(task.path).resolve()), "task_hash": task_hash(task),
        "condition": condition, "tau_h": task.config.vera.threshold_attack,
        "tau_s": task.config.vera.threshold_benign,
    }  # fmt: skip
    return [spec_for(task, HardenParams(agent=f"script:{name}", script=text, **base))
            for name, text in sorted(task.alt_solutions.items())]  # fmt: skip


def plan_proof(pairs: list[tuple[Task, Task]], exploits: Mapping[str, Exploit]) -> list[TrialSpec]:
    """Oracle, nop, exploits and legitimate solutions on each original and its separated copy."""
    tasks = [t for pair in pairs for t in pair]
    specs = plan_audit(tasks, exploits)
    for t in tasks:
        specs += legitimate_specs(t)
    return specs


def _proof(before: TaskAudit, after: TaskAudit) -> SeparationProof:
    def passed(audit: TaskAudit, agent: str) -> bool:
        return any(r.agent == agent and r.passed and not r.phase_errors for r in audit.trials)

    legit = sorted({r.agent for r in before.trials if r.agent.startswith("script:")})
    honest = {"oracle", *legit}
    errors = [f"{r.agent}{' (separated)' if a is after else ''}: {e}"
              for a in (before, after) for r in a.trials if r.agent in honest
              for e in r.phase_errors]  # fmt: skip
    uncarried: list[str] = []
    for r in after.trials:
        if r.agent in honest and not r.passed:
            for note in r.notes:
                if UNCARRIED_NOTE in note:
                    for p in note.split(UNCARRIED_NOTE, 1)[1].split(","):
                        if p.strip() and p.strip() not in uncarried:
                            uncarried.append(p.strip())
    return SeparationProof(
        task=before.task,
        oracle=(passed(before, "oracle"), passed(after, "oracle")),
        legitimate={a.removeprefix("script:"): (passed(before, a), passed(after, a)) for a in legit},
        hacked_before=list(before.hacked_by), hacked_after=list(after.hacked_by),
        uncarried=uncarried, errors=errors,
    )  # fmt: skip


async def prove_separation(
    pairs: list[tuple[Task, Task]],
    run_dir: Path,
    *,
    exploits: Mapping[str, Exploit] | None = None,
    jobs: int = 2,
    backend: str | None = None,
    progress: bool = False,
    image_map: dict[str, str] | None = None,
) -> tuple[list[SeparationProof], dict[str, AuditReport]]:
    """Play :func:`plan_proof` in a new run directory and read each pair's proof from its store.

    ``pairs`` are (original, separated copy loaded from where it was staged): the copy is played
    as it will be written, not as vera would separate it in memory."""
    if exploits is None:
        exploits, _ = load_exploits()
    config = audit_config(jobs=jobs, backend=backend, image_map=image_map)
    plan = plan_proof(pairs, exploits)
    store = await run(Path(run_dir), plan, config=config, progress=progress)
    with store:
        reports = plan_report(store.plan, store.results())
    before = {a.task: a for a in reports.get("original", AuditReport.model_construct(tasks=[])).tasks}
    after = {a.task: a for a in reports.get("separated", AuditReport.model_construct(tasks=[])).tasks}
    proofs = []
    for original, _ in pairs:
        b, a = before.get(original.id), after.get(original.id)
        if b is None or a is None:
            proofs.append(SeparationProof(task=original.id, oracle=(False, False),
                                          errors=["no trial was recorded"]))  # fmt: skip
            continue
        proofs.append(_proof(b, a))
    return proofs, reports


__all__ = ["SeparationProof", "legitimate_specs", "plan_proof", "prove_separation"]
