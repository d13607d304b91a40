"""Searching a case's verifier for missed harms and false alarms (``vera cases harden``).

Each metamorphic operator (:mod:`vera.safety.metamorphic`) rewrites the case's witnesses (or
references) into candidates whose verdict is known; each candidate is replayed through the real
gateway in the case's world, exactly as ``vera cases validate`` replays a witness, and judged by
the case's verifier. A verdict that contradicts the operator's relation is a :class:`Finding`:

- a harm-preserving candidate judged safe is a *missed harm* (a false negative: every ASR on
  the case is a lower bound);
- a harm-removing or look-alike candidate judged violated is a *false alarm* (an inflated ASR).

A candidate the tools refuse more often than its source trajectory does is *ill-formed* (the
rewrite did not fit this world) and is not judged; a verifier that raises or hangs on it is an
*error*, counted apart. Findings are written as replayable trajectory files, with the operator,
the case hash and both verdicts, into a corpus directory.
"""

from __future__ import annotations

import shutil
import tempfile
from contextlib import AsyncExitStack
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, Field

from vera import paths
from vera.records import Outcome, Verdict
from vera.runner.concurrency import gather_bounded
from vera.safety.cases import (
    BrokenCase,
    Case,
    CaseError,
    CaseTrajectory,
    Variant,
    _read_yaml,
    discover_cases,
    load_trajectory,
)
from vera.safety.metamorphic import Operator, OperatorCandidate, World
from vera.safety.trial import judge, prepare_case, run_case_trial, sandbox_backend
from vera.sandbox import open_sandbox
from vera.sandbox.spec import SandboxSpec


class Finding(BaseModel):
    """A candidate whose verdict contradicts its operator's relation."""

    case: str
    case_hash: str
    operator: str
    relation: str
    kind: str
    """``missed_harm`` (a preserving candidate judged safe) or ``false_alarm``."""
    source: str
    route: str
    variant: str
    expected: str
    verdict: Verdict
    calls: list[dict[str, Any]]
    response: str = ""

    def line(self) -> str:
        return (
            f"FINDING {self.case} [{self.variant}] {self.operator} on {self.source}: "
            f"expected {self.expected}, verifier says {'violated' if self.verdict.violated else 'safe'}"
            f" ({' '.join(self.verdict.reason.split())})"
        )


class OperatorCount(BaseModel):
    tried: int = 0
    ill_formed: int = 0
    errors: int = 0
    findings: int = 0


class CaseAudit(BaseModel):
    """What the operators found on one case."""

    case: str
    path: str
    tried: int = 0
    ill_formed: int = 0
    errors: list[str] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)
    by_operator: dict[str, OperatorCount] = Field(default_factory=dict)
    failure: str = ""
    """Why the case could not be audited at all (load or setup), else empty."""


class VerifierAuditReport(BaseModel):
    cases: list[CaseAudit] = Field(default_factory=list)

    @property
    def findings(self) -> list[Finding]:
        return [f for c in self.cases for f in c.findings]

    def summary(self) -> dict[str, Any]:
        ops: dict[str, OperatorCount] = {}
        for c in self.cases:
            for name, n in c.by_operator.items():
                o = ops.setdefault(name, OperatorCount())
                o.tried += n.tried
                o.ill_formed += n.ill_formed
                o.errors += n.errors
                o.findings += n.findings
        return {
            "cases": len(self.cases),
            "candidates": sum(c.tried for c in self.cases),
            "ill_formed": sum(c.ill_formed for c in self.cases),
            "errors": sum(len(c.errors) for c in self.cases),
            "findings": len(self.findings),
            "missed_harms": sum(f.kind == "missed_harm" for f in self.findings),
            "false_alarms": sum(f.kind == "false_alarm" for f in self.findings),
            "cases_with_findings": sorted({f.case for f in self.findings}),
            "by_operator": {k: v.model_dump() for k, v in sorted(ops.items())},
            "unaudited": {c.case: c.failure for c in self.cases if c.failure},
            "per_case": [
                {"case": c.case, "tried": c.tried, "findings": len(c.findings)} for c in self.cases
            ],
        }


def _variant_for(cand: OperatorCandidate) -> Variant:
    return "single" if "single" in cand.variants else cand.variants[0]


async def audit_case(
    case: Case, operators: list[Operator], work: Path, *, verify_timeout_s: float = 5.0
) -> CaseAudit:
    """Run every applicable operator on one case; trial directories under ``work`` are removed."""
    audit = CaseAudit(case=case.id, path=str(case.path))
    try:
        benign = await prepare_case(case, work / "s0")
        attack = benign
        if case.spec.overlay:
            attack = await prepare_case(case, work / "s0-attack", variant="single")
        world = World(s0=attack.s0, variables=dict(case.spec.variables))
        async with AsyncExitStack() as stack:
            sandbox = None
            if sandbox_backend(case) is not None:
                (work / "ws").mkdir()
                sandbox = await stack.enter_async_context(
                    open_sandbox(SandboxSpec(workspace=work / "ws"), sandbox_backend(case))
                )
            refused: dict[tuple[str, str], int] = {}
            n = 0

            async def play(cand_replay: Any, variant: Variant, agent: str) -> Any:
                nonlocal n
                n += 1
                _, ev = await run_case_trial(
                    case,
                    variant,
                    agent,
                    work / f"t{n}",
                    persist_state=False,
                    prepared=benign if variant == "benign" else attack,
                    sandbox=sandbox,
                    script=cand_replay,
                )
                shutil.rmtree(work / f"t{n}", ignore_errors=True)
                return ev

            for op in operators:
                if not op.applies_to(case):
                    continue
                count = audit.by_operator.setdefault(op.name, OperatorCount())
                for cand in op.candidates(case, world):
                    variant = _variant_for(cand)
                    agent = "oracle-violation" if cand.must_violate else "oracle-benign"
                    key = (cand.source, variant)
                    if key not in refused:
                        pool = (
                            case.witnesses
                            if cand.source.startswith("witnesses/")
                            else case.references
                        )
                        src = next(t for t in pool if cand.source.endswith("/" + t.name))
                        ev0 = await play(src.replay, variant, agent)
                        refused[key] = sum(c.error is not None for c in ev0.calls)
                    ev = await play(cand.replay, variant, agent)
                    count.tried += 1
                    audit.tried += 1
                    if sum(c.error is not None for c in ev.calls) > refused[key]:
                        count.ill_formed += 1
                        audit.ill_formed += 1
                        continue
                    j = judge(
                        case, ev.model_copy(update={"variant": variant}), timeout_s=verify_timeout_s
                    )
                    if j.verdict is None:
                        count.errors += 1
                        audit.errors.append(f"{op.name} on {cand.source}: {j.error}")
                        continue
                    if (j.outcome is Outcome.violated) == cand.must_violate:
                        continue
                    count.findings += 1
                    audit.findings.append(
                        Finding(
                            case=case.id,
                            case_hash=case.content_hash,
                            operator=op.name,
                            relation=cand.relation,
                            kind="missed_harm" if cand.must_violate else "false_alarm",
                            source=cand.source,
                            route=cand.route,
                            variant=variant,
                            expected="violated" if cand.must_violate else "safe",
                            verdict=j.verdict,
                            calls=[c.model_dump() for c in cand.replay.calls],
                            response=cand.replay.response,
                        )
                    )
    except Exception as e:  # a case that cannot be set up is reported, the others go on
        audit.failure = f"{type(e).__name__}: {' '.join(str(e).split())}"
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return audit


async def audit_path(
    root: Path,
    operators: list[Operator],
    *,
    concurrency: int = 2,
    verify_timeout_s: float = 5.0,
    progress: Any = None,
) -> VerifierAuditReport:
    """Audit every case under ``root``; cases that do not load are reported as unaudited.
    ``progress(done, total, case_id)`` is called after each case when given."""
    loaded = list(discover_cases(root))
    work = Path(tempfile.mkdtemp(prefix="vera-harden-"))
    results: dict[int, CaseAudit] = {}
    done = 0

    def finished(i: int) -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, len(loaded), results[i].case)

    async def one(i: int, case: Case) -> None:
        results[i] = await audit_case(
            case, operators, work / str(i), verify_timeout_s=verify_timeout_s
        )
        finished(i)

    try:
        for i, item in enumerate(loaded):  # the unaudited at once: they need no slot
            if isinstance(item, BrokenCase):
                results[i] = CaseAudit(
                    case=item.path.name, path=str(item.path), failure=item.message
                )
                finished(i)
        await gather_bounded(
            (one(i, c) for i, c in enumerate(loaded) if isinstance(c, Case)), concurrency
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return VerifierAuditReport(cases=[results[i] for i in range(len(loaded))])


def write_corpus(report: VerifierAuditReport, corpus: Path) -> list[Path]:
    """Each finding as a replayable trajectory file ``CORPUS/<case>/<operator>--<source>.yaml``
    (the trajectory format of a case's witnesses/references, with the finding's metadata)."""
    written = []
    counts: dict[Path, int] = {}
    for f in report.findings:
        stem = f"{f.operator}--{f.source.replace('/', '-')}"
        path = corpus / f.case / f"{stem}.yaml"
        counts[path] = counts.get(path, 0) + 1
        if counts[path] > 1:
            path = path.with_name(f"{stem}-{counts[path]}.yaml")
        path.parent.mkdir(parents=True, exist_ok=True)
        doc = {
            "route": f.route,
            "variants": [f.variant],
            "finding": {
                "operator": f.operator,
                "relation": f.relation,
                "kind": f.kind,
                "case_hash": f.case_hash,
                "expected": f.expected,
                "verdict": "violated" if f.verdict.violated else "safe",
                "reason": f.verdict.reason,
            },
            "calls": [{"tool": c["tool"], "arguments": c["arguments"]} for c in f.calls],
        }
        if f.response:
            doc["response"] = f.response
        path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
        written.append(path)
    return written


class CorpusEntry(BaseModel):
    """One corpus trajectory of a case and the verdict it must get (the relation's, not the
    verdict the verifier gave when the finding was made)."""

    path: Path
    trajectory: CaseTrajectory
    must_violate: bool
    operator: str = ""


def load_findings(corpus: Path, case: Case) -> list[CorpusEntry]:
    """The corpus trajectories of ``case`` (``CORPUS/<case id>/*.yaml``, in name order).
    Raises CaseError (one line, naming the file) for a file that is not a finding."""
    out = []
    try:
        folder = paths.resolve(corpus, case.id)  # a corpus is untrusted: no link out of it
        names = sorted(p.name for p in folder.glob("*.yaml")) if folder.is_dir() else []
        found = [paths.resolve(corpus, f"{case.id}/{name}") for name in names]
    except paths.UnsafePathError as e:
        raise CaseError(str(e)) from None
    for path in found:
        traj = load_trajectory(path, case.spec.variables)
        meta = _read_yaml(path).get("finding") or {}
        expected = meta.get("expected")
        if expected not in ("violated", "safe"):
            raise CaseError(f"{path}: finding.expected must be 'violated' or 'safe'")
        out.append(
            CorpusEntry(
                path=path,
                trajectory=traj,
                must_violate=expected == "violated",
                operator=str(meta.get("operator", "")),
            )
        )
    return out


__all__ = [
    "CaseAudit",
    "CorpusEntry",
    "Finding",
    "VerifierAuditReport",
    "audit_case",
    "audit_path",
    "load_findings",
    "write_corpus",
]
