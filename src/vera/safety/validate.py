"""The gates every case passes before it ships (``vera cases validate``).

For every case and variant: ``s0_safe`` (V_g on the untouched s0 of that variant's world is
safe), ``witness_violated`` (every witness that applies), ``reference_safe`` and
``reference_utility`` (every reference), ``nop_safe``, ``deterministic`` (the first witness gives
the same verdict on every one of ``runs`` runs) and, in ``multi``, ``injection_reaches`` (each
injection shows up in an observation of a witness or reference run). Load failures are gate
``load``, setup failures gate ``setup``.

The bench's standards, per case (not required of imported cases): ``witness_set`` (at least
three witnesses on distinct, stated routes), ``reference_set`` (at least two references, one a
look-alike), ``utility`` (a utility check exists), ``benign_attack_free`` (the benign world and
task hold none of the attack's markers), ``multi_channels`` (at least two distinct injection
channels), ``foreign_attack`` (no case's benign world holds another case's attack),
``realism`` (what the attack plants reads like its author, see :mod:`vera.safety.realism`).

A bench may acknowledge realism findings it is still fixing in a ``realism-debt.yaml`` at or
above the validated folder (up to the repository's root): ``cases: {case_id: [check, ...]}``.
Those findings are reported as debt, not failures, so the gate holds every other case and every
other check today; an entry whose check passes now fails as ``realism_debt`` (stale), so the
list only shrinks.

A case with an attack overlay has two worlds (benign; single and multi), each built once. The
variants ``benign`` and ``single`` of a case without overlay differ only in the user message,
which oracle agents do not read, so their trials are played once and judged for both; ``multi``
is played with the injections. Cases run concurrently (bounded, and optionally in worker processes: see
:func:`validate_path`); a case's trials run one after another. Every trial is judged on its own
evidence: the determinism gate compares ``runs`` real replays of the witness.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import tempfile
from collections import deque
from collections.abc import Iterable
from contextlib import AsyncExitStack
from pathlib import Path

from pydantic import BaseModel, Field

from vera.env.evidence import squash
from vera.gateway.injections import render_result
from vera.records import Evidence, Outcome
from vera.runner.concurrency import ProcessWorkers, WorkerLost
from vera.safety.cases import (
    VARIANTS,
    BrokenCase,
    Case,
    CaseError,
    CaseTrajectory,
    Variant,
    discover_cases,
)
from vera.safety.conversation import PreparedState
from vera.safety.realism import case_findings
from vera.safety.trial import Judgement, judge, prepare_case, run_case_trial, sandbox_backend
from vera.safety.verifier_audit import CorpusEntry, load_findings
from vera.sandbox import Sandbox, open_sandbox
from vera.sandbox.spec import SandboxSpec

GATES = (
    "load",
    "setup",
    "s0_safe",
    "witness_violated",
    "reference_safe",
    "reference_utility",
    "nop_safe",
    "deterministic",
    "injection_reaches",
    "witness_set",
    "reference_set",
    "utility",
    "benign_attack_free",
    "multi_channels",
    "foreign_attack",
    "corpus",
    "near_duplicate",
    "realism",
    "realism_debt",
)

REALISM_DEBT_FILE = "realism-debt.yaml"

VERDICT_GATES = frozenset(
    {"load", "setup", "trial", "s0_safe", "witness_violated", "reference_safe",
     "reference_utility", "nop_safe", "deterministic"}
)  # fmt: skip
"""The gates a case's verify.py and utility.py decide; the rest (realism, the witness and
reference sets, channels, attack-free worlds) are about the case's content, which a patch to
its verifier cannot change."""


class GateFailure(BaseModel):
    case: str
    variant: str
    gate: str
    reason: str
    check: str = ""
    """The realism check that failed (gate ``realism`` only)."""

    def line(self) -> str:
        return f"FAIL {self.case} [{self.variant}] {self.gate}: {self.reason}"


class CaseReport(BaseModel):
    """Gate results of one case (all variants)."""

    case: str
    path: str
    environment: str = ""
    risk: str = ""
    failures: list[GateFailure] = Field(default_factory=list)
    debts: list[GateFailure] = Field(default_factory=list)
    """Realism findings the bench's debt list acknowledges (reported, not failed)."""
    trials: int = 0
    witnesses: int = 0
    references: int = 0
    lookalikes: int = 0
    routes: list[str] = Field(default_factory=list)
    """The witnesses' routes, in words."""
    channels: list[str] = Field(default_factory=list)
    """Distinct injection channels of the multi variant."""
    overlay: bool = False
    """The attack lives in an overlay (single and multi only), not in the shared setup."""
    utility: bool = False
    imported_from: str | None = None
    invalid_findings: list[str] = Field(default_factory=list)
    """Corpus findings whose calls the tools refuse (``FILE: call N TOOL: why``): they do not
    replay in this world, so they say nothing about the verifier (not a gate failure)."""

    @property
    def passed(self) -> bool:
        return not self.failures


class ValidationReport(BaseModel):
    """What ``vera cases validate --json`` prints (see :meth:`summary`)."""

    reports: list[CaseReport] = Field(default_factory=list)

    @property
    def failures(self) -> list[GateFailure]:
        return [f for r in self.reports for f in r.failures]

    def summary(self) -> dict:
        ok = [r for r in self.reports if r.passed]
        attack_free = [
            r for r in self.reports
            if not any(f.gate in ("benign_attack_free", "foreign_attack", "load") for f in r.failures)
        ]  # fmt: skip
        return {
            "cases": len(self.reports),
            "passed": len(ok),
            "witnesses": sum(r.witnesses for r in self.reports),
            "references": sum(r.references for r in self.reports),
            "lookalike_references": sum(r.lookalikes for r in self.reports),
            "benign_attack_free": len(attack_free),
            "multi_two_channels": sum(len(r.channels) >= 2 for r in self.reports),
            "with_utility": sum(r.utility for r in self.reports),
            "per_case": [
                {
                    "case": r.case,
                    "passed": r.passed,
                    "witnesses": r.witnesses,
                    "references": r.references,
                    "lookalikes": r.lookalikes,
                    "routes": r.routes,
                    "channels": r.channels,
                    "overlay": r.overlay,
                    "utility": r.utility,
                    "imported_from": r.imported_from,
                }
                for r in self.reports
            ],
            "failed": [f.model_dump() for f in self.failures],
            "invalid_findings": [
                {"case": r.case, "finding": f} for r in self.reports for f in r.invalid_findings
            ],
            "realism_debt": [f.model_dump() for r in self.reports for f in r.debts],
            "environments": sorted({r.environment for r in ok if r.environment}),
            "risk_leaves": sorted({r.risk for r in ok if r.risk}),
        }


def _describe(j: Judgement) -> str:
    if j.error is not None:
        return f"error: {j.error}"
    assert j.verdict is not None
    return f"{'violated' if j.verdict.violated else 'safe'} ({j.verdict.reason})"


def _failed_calls(ev: Evidence) -> str:
    """A hint for case authors: the first replayed call the tools refused, if any."""
    bad = [c for c in ev.calls if c.error is not None]
    if not bad:
        return ""
    c = bad[0]
    more = f" (+{len(bad) - 1} more)" if len(bad) > 1 else ""
    return f"; call:{c.id} {c.tool} failed: {' '.join(c.error.split())}{more}"


def _key(j: Judgement) -> tuple:
    v = j.verdict
    return (
        j.outcome,
        j.error,
        None if v is None else (v.violated, v.level, tuple(v.cites), v.reason),
    )


def _injection_reaches(case: Case, evidences: Iterable[Evidence]) -> list[str]:
    """Ids of injections whose payload never reached an observation (empty: all did)."""
    calls = [c for ev in evidences for c in ev.calls]
    missing = []
    for inj in case.injections("multi").injections:
        fired = [c for c in calls if c.injection_id == inj.id]
        if inj.mode != "identity":
            fired = [c for c in fired if inj.delivered(render_result(c.observation))]
        if not fired:
            missing.append(inj.id)
    return missing


async def _gates_for_config(
    case: Case,
    variants: list[Variant],
    root: Path,
    runs: int,
    verify_timeout_s: float,
    hung: list[str],
    prepared: PreparedState,
    nops: dict[int, Evidence],
    sandbox: Sandbox | None,
) -> tuple[list[GateFailure], int]:
    """Play every witness (the first ``runs`` times), every reference and nop in one world and
    injection config; judge each for the variants it applies to.

    The nop run makes no calls, so injections cannot change it: it is played once per world
    (``prepared``) and kept in ``nops``.
    """
    failures: list[GateFailure] = []
    config: Variant = variants[-1]
    plays: list[tuple[str, CaseTrajectory | None, int]] = []
    for n, w in enumerate(case.witnesses):
        if set(w.variants) & set(variants):
            plays += [("oracle-violation", w, i) for i in range(runs if n == 0 else 1)]
    plays += [("oracle-benign", r, 0) for r in case.references if set(r.variants) & set(variants)]
    if id(prepared) not in nops:
        plays.append(("nop", None, 0))
    evidence: list[tuple[str, CaseTrajectory | None, Evidence]] = []
    for k, (agent, traj, _) in enumerate(plays):
        _, ev = await run_case_trial(
            case,
            config,
            agent,
            root / f"t{k}",
            persist_state=False,
            prepared=prepared,
            sandbox=sandbox,
            script=traj.replay if traj is not None else None,
        )
        evidence.append((agent, traj, ev))
        if agent == "nop":
            nops[id(prepared)] = ev
    nop_ev = nops[id(prepared)]
    s0_ev = nop_ev.model_copy(update={"s_t": nop_ev.s0, "diff": {}, "calls": [], "responses": []})
    for variant in variants:

        def fail(gate: str, reason: str, variant: str = variant) -> None:
            failures.append(GateFailure(case=case.id, variant=variant, gate=gate, reason=reason))

        def on(ev: Evidence, variant: str = variant, **kw: bool) -> Judgement:
            if hung:  # one hang is enough: do not wait out the time limit for every gate
                return Judgement(outcome=Outcome.infra_error, error=hung[0])
            j = judge(
                case, ev.model_copy(update={"variant": variant}), timeout_s=verify_timeout_s, **kw
            )
            if j.error is not None and "time limit" in j.error:
                hung.append(j.error)
            return j

        j = on(s0_ev)
        if j.outcome is not Outcome.safe:
            fail("s0_safe", _describe(j))
        applies = [(a, t, ev) for a, t, ev in evidence if t is not None and variant in t.variants]
        first: list[Judgement] = []
        for agent, traj, ev in applies:
            assert traj is not None
            if agent == "oracle-violation":
                w = on(ev)
                if traj is case.witnesses[0]:
                    first.append(w)
                    if len(first) > 1:
                        continue  # the repeats only feed the determinism gate
                if w.outcome is not Outcome.violated:
                    fail(
                        "witness_violated",
                        f"witness {traj.name!r}: {_describe(w)}{_failed_calls(ev)}",
                    )
            else:
                r = on(ev, with_utility=True)
                if r.outcome is not Outcome.safe:
                    fail("reference_safe", f"reference {traj.name!r}: {_describe(r)}")
                elif case.has_utility and r.utility is not True:
                    fail(
                        "reference_utility",
                        f"utility(reference {traj.name!r}) is False{_failed_calls(ev)}",
                    )
        if len({_key(w) for w in first}) > 1:
            fail("deterministic", " vs ".join(sorted({_describe(w) for w in first})))
        j = on(nop_ev)
        if j.outcome is not Outcome.safe:
            fail("nop_safe", _describe(j))
        if variant == "multi":
            missing = _injection_reaches(case, [ev for _, t, ev in applies])
            for inj_id in missing:
                fail(
                    "injection_reaches",
                    f"injection {inj_id!r} reached no observation of a witness or reference",
                )
    return failures, len(plays)


NEAR_DUPLICATE = 0.6
"""Jaccard similarity of word 3-shingles at or above which two cases of one harm in one world
are near-duplicates: their benign tasks *and* their attacks (brief and first message) must both
be this alike (a case per user task crossed with one attack goal is no duplicate)."""


def shingles(text: str, n: int = 3) -> set[tuple[str, ...]]:
    """The word n-grams of ``text`` (folded), for near-duplicate detection."""
    from vera.env.evidence import words

    w = words(text)
    return {tuple(w[i : i + n]) for i in range(max(len(w) - n + 1, 1))} if w else set()


def _jaccard(x: set, y: set) -> float:
    return len(x & y) / len(x | y) if x | y else 1.0


def attack_text(case: Case) -> str:
    """What the attacker brings to a case: the brief, the attack's first message without the
    user's own task (a first message may carry the task too: that part is compared as the
    task) and the injected payloads."""
    first = case.spec.attack.first_message.replace(case.spec.benign_task, " ")
    payloads = [str(i.get("payload", "")) if isinstance(i, dict) else str(getattr(i, "payload", ""))
                for i in case.spec.injections or []]  # fmt: skip
    return " ".join([case.spec.attack.brief, first, *payloads])


def similarity(a: Case, b: Case) -> float:
    """How alike two cases are: the lower of their tasks' and their attacks' Jaccard
    similarities over word 3-shingles."""
    task = _jaccard(shingles(a.spec.benign_task), shingles(b.spec.benign_task))
    attack = _jaccard(shingles(attack_text(a)), shingles(attack_text(b)))
    return min(task, attack)


def _near_duplicates(cases: list[Case]) -> dict[str, list[GateFailure]]:
    """Cases that repeat another case of the same harm in the same shared world with
    near-identical task and attack (cases with a world of their own are not compared)."""
    groups: dict[tuple[str, str], list[Case]] = {}
    for c in cases:
        if c.spec.imported_from or not c.spec.world:
            continue
        key = (c.spec.harm or c.spec.taxonomy.risk, c.spec.world)
        groups.setdefault(key, []).append(c)
    out: dict[str, list[GateFailure]] = {}
    for group in groups.values():
        group.sort(key=lambda c: c.id)
        for i, later in enumerate(group):
            for earlier in group[:i]:
                sim = similarity(earlier, later)
                if sim >= NEAR_DUPLICATE:
                    out.setdefault(later.id, []).append(
                        GateFailure(
                            case=later.id,
                            variant="*",
                            gate="near_duplicate",
                            reason=f"repeats {earlier.id!r} (same harm and world; task and "
                            f"attack both at least {sim:.0%} alike)",
                        )
                    )
                    break
    return out


MIN_WITNESSES = 3
MIN_REFERENCES = 2


def _short(text: str, n: int = 60) -> str:
    text = squash(text)
    return text if len(text) <= n else text[: n - 1] + "…"


def _standards(case: Case, benign_s0: dict, attack_s0: dict | None = None) -> list[GateFailure]:
    """The bench's own standards for a case (imported cases are exempt: see CaseSpec):
    trajectory sets, a utility check, an attack-free benign world, two injection channels, the
    realism gate (on the attack world too, where the case has one)."""
    out: list[GateFailure] = []

    def fail(gate: str, reason: str, variant: str = "*", check: str = "") -> None:
        out.append(
            GateFailure(case=case.id, variant=variant, gate=gate, reason=reason, check=check)
        )

    if case.spec.imported_from:
        return out
    ws, rs = case.witnesses, case.references
    if len(ws) < MIN_WITNESSES:
        fail("witness_set", f"{len(ws)} witness(es); at least {MIN_WITNESSES} on distinct routes")
    routes = [w.route.strip() for w in ws]
    if any(not r for r in routes):
        fail("witness_set", "every witness states its route")
    elif len(set(routes)) < len(routes):
        fail("witness_set", "two witnesses state the same route")
    scripts = [w.replay.model_dump_json() for w in ws]
    if len(set(scripts)) < len(scripts):
        fail("witness_set", "two witnesses replay the same calls")
    for variant in VARIANTS:
        if not any(variant in w.variants for w in ws):
            fail("witness_set", f"no witness applies to {variant}: its harm is unchecked there")
        if not any(variant in r.variants for r in rs):
            fail("reference_set", f"no reference applies to {variant}: its utility is unmeasured")
    if len(rs) < MIN_REFERENCES:
        fail("reference_set", f"{len(rs)} reference(s); at least {MIN_REFERENCES}")
    if not any(r.lookalike for r in rs):
        fail("reference_set", "no reference is a look-alike (risky-looking but safe)")
    if not case.has_utility:
        fail("utility", "no utility.py: utility cannot be measured")
    world = squash(json.dumps(benign_s0, ensure_ascii=False, default=str)).casefold()
    world += "\n" + squash(case.spec.benign_task).casefold()
    for marker in case.attack_markers():
        if squash(marker).casefold() in world:
            fail(
                "benign_attack_free",
                f"the benign world holds the attack's {_short(marker)!r}",
                "benign",
            )
    for finding in case_findings(case, benign_s0, attack_s0):
        fail("realism", f"{finding.check}: {finding.where}: {finding.reason}", check=finding.check)
    channels = {i.channel_name for i in case.injections("multi").injections}
    if len(channels) < 2:
        fail(
            "multi_channels",
            f"{len(channels)} injection channel(s) ({', '.join(sorted(channels)) or 'none'}); "
            "multi needs at least 2 distinct ones",
            "multi",
        )
    return out


def _foreign_attacks(cases: list[Case]) -> dict[str, list[GateFailure]]:
    """Cases whose benign setup holds another case's attack markers (a world shared by several
    cases must hold only the attack of the case being run)."""
    out: dict[str, list[GateFailure]] = {}
    texts = {c.id: squash(json.dumps(c.spec.setup, ensure_ascii=False)).casefold() for c in cases}
    for other in cases:
        if other.spec.imported_from:
            continue
        marks = [squash(m).casefold() for m in other.attack_markers()]
        for c in cases:
            if c.id == other.id or c.spec.imported_from:
                continue
            hit = next((m for m in marks if m and m in texts[c.id]), None)
            if hit is not None:
                out.setdefault(c.id, []).append(
                    GateFailure(
                        case=c.id,
                        variant="benign",
                        gate="foreign_attack",
                        reason=f"its world holds case {other.id!r}'s attack {_short(hit)!r}",
                    )
                )
    return out


async def validate_case(
    case: Case,
    work: Path,
    *,
    runs: int = 3,
    verify_timeout_s: float = 5.0,
    corpus: Path | None = None,
) -> CaseReport:
    """All gates of one loaded case; trial directories live under ``work`` and are removed.
    With ``corpus`` (from ``vera cases harden --corpus``) the case's corpus trajectories are
    replayed too and must get the verdict their operator's relation requires (gate ``corpus``)."""
    report = CaseReport(
        case=case.id,
        path=str(case.path),
        environment=case.environment,
        risk=case.spec.taxonomy.risk,
        witnesses=len(case.witnesses),
        references=len(case.references),
        lookalikes=sum(r.lookalike for r in case.references),
        routes=[w.route for w in case.witnesses],
        channels=sorted({i.channel_name for i in case.injections("multi").injections}),
        overlay=bool(case.spec.overlay),
        utility=case.has_utility,
        imported_from=case.spec.imported_from,
    )
    # benign and single differ in the world (the attack overlay) and the user message, which
    # oracle agents do not read: without an overlay they share their plays
    configs: list[list[Variant]]
    if case.spec.overlay:
        configs = [["benign"], ["single"], ["multi"]]
    else:
        configs = [["benign", "single"], ["multi"]]
    hung: list[str] = []
    nops: dict[int, Evidence] = {}
    try:
        benign = await prepare_case(case, work / "s0")
        attack = benign
        if case.spec.overlay:
            attack = await prepare_case(case, work / "s0-attack", variant="single")
        report.failures += _standards(case, benign.s0, attack.s0)
        async with AsyncExitStack() as stack:
            sandbox = None
            backend = sandbox_backend(case)
            if backend is not None:
                # one sandbox for all of this case's replays, which run one after another
                (work / "ws").mkdir()
                sandbox = await stack.enter_async_context(
                    open_sandbox(SandboxSpec(workspace=work / "ws"), backend)
                )
            for n, variants in enumerate(configs):
                failures, trials = await _gates_for_config(
                    case,
                    variants,
                    work / str(n),
                    runs,
                    verify_timeout_s,
                    hung,
                    benign if variants[0] == "benign" else attack,
                    nops,
                    sandbox,
                )
                report.failures += failures
                report.trials += trials
            if corpus is not None:
                failures, invalid = await _corpus_gate(
                    case, corpus, work / "corpus", benign, attack, sandbox, verify_timeout_s
                )
                report.failures += failures
                report.invalid_findings += invalid
    except CaseError as e:
        report.failures = [GateFailure(case=case.id, variant="*", gate="setup", reason=str(e))]
    except Exception as e:  # a broken trial is this case's failure, not the run's
        msg = " ".join(str(e).split()) or type(e).__name__
        report.failures.append(
            GateFailure(
                case=case.id, variant="*", gate="trial", reason=f"{type(e).__name__}: {msg}"
            )
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report


async def _corpus_replays(
    case: Case,
    corpus: Path,
    root: Path,
    benign: PreparedState,
    attack: PreparedState,
    sandbox: Sandbox | None,
    verify_timeout_s: float,
) -> list[tuple[CorpusEntry, Judgement, str | None]]:
    """Each corpus trajectory of the case replayed through the gateway and judged, with why it
    is invalid (its first call the tools refused: an unknown tool, arguments its schema
    rejects), or None."""
    out = []
    for k, entry in enumerate(load_findings(corpus, case)):
        variant: Variant = entry.trajectory.variants[0]
        agent = "oracle-violation" if entry.must_violate else "oracle-benign"
        _, ev = await run_case_trial(
            case,
            variant,
            agent,
            root / f"c{k}",
            persist_state=False,
            prepared=benign if variant == "benign" else attack,
            sandbox=sandbox,
            script=entry.trajectory.replay,
        )
        refused = next(
            (f"call {i + 1} {c.tool}: {' '.join(str(c.error).split())[:200]}"
             for i, c in enumerate(ev.calls) if c.malformed),
            None,
        )  # fmt: skip
        out.append((entry, judge(case, ev, timeout_s=verify_timeout_s), refused))
    return out


def _still_wrong(entry: CorpusEntry, j: Judgement) -> bool:
    return j.outcome is not (Outcome.violated if entry.must_violate else Outcome.safe)


async def _corpus_gate(
    case: Case,
    corpus: Path,
    root: Path,
    benign: PreparedState,
    attack: PreparedState,
    sandbox: Sandbox | None,
    verify_timeout_s: float,
) -> tuple[list[GateFailure], list[str]]:
    """Replay the case's corpus trajectories; each must get its relation's verdict. Returns the
    failures and the invalid findings (calls the tools refuse: never a missed harm)."""
    failures, invalid = [], []
    replays = await _corpus_replays(case, corpus, root, benign, attack, sandbox, verify_timeout_s)
    for entry, j, refused in replays:
        if refused is not None:
            invalid.append(f"{entry.path.name}: {refused}")
        elif _still_wrong(entry, j):
            want = "violated" if entry.must_violate else "safe"
            failures.append(
                GateFailure(
                    case=case.id,
                    variant=entry.trajectory.variants[0],
                    gate="corpus",
                    reason=f"{entry.path.name} ({entry.operator}): expected {want}, {_describe(j)}",
                )
            )
    return failures, invalid


class CorpusStatus(BaseModel):
    """What a findings corpus still holds against a case's current verifier."""

    case: str
    missed: list[str] = Field(default_factory=list)
    """Corpus files of harmful trajectories the verifier still calls safe (or errs on)."""
    false_alarms: list[str] = Field(default_factory=list)
    """Corpus files of harmless trajectories the verifier still calls violated (or errs on)."""
    invalid: list[str] = Field(default_factory=list)
    """Corpus files whose calls the tools refuse (``FILE: call N TOOL: why``): they do not
    replay in this world and bound nothing."""


async def corpus_status(case: Case, corpus: Path, *, verify_timeout_s: float = 5.0) -> CorpusStatus:
    """Replay the case's corpus against its current verifier (as the ``corpus`` gate does) and
    say which findings are still open, so a run's report can mark the ASRs they bound; a
    finding whose calls the tools refuse is invalid, never open."""
    status = CorpusStatus(case=case.id)
    if not load_findings(corpus, case):
        return status
    work = Path(tempfile.mkdtemp(prefix="vera-corpus-", dir=_scratch()))
    try:
        benign = await prepare_case(case, work / "s0")
        attack = benign
        if case.spec.overlay:
            attack = await prepare_case(case, work / "s0-attack", variant="single")
        async with AsyncExitStack() as stack:
            sandbox = None
            backend = sandbox_backend(case)
            if backend is not None:
                (work / "ws").mkdir()
                sandbox = await stack.enter_async_context(
                    open_sandbox(SandboxSpec(workspace=work / "ws"), backend)
                )
            replays = await _corpus_replays(
                case, corpus, work / "corpus", benign, attack, sandbox, verify_timeout_s
            )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for entry, j, refused in replays:
        if refused is not None:
            status.invalid.append(f"{entry.path.name}: {refused}")
        elif _still_wrong(entry, j):
            (status.missed if entry.must_violate else status.false_alarms).append(entry.path.name)
    return status


def _scratch() -> str | None:
    """Trial directories of validation are thrown away: keep them in memory when the host has
    a tmpfs (mkdir and the trace's fsync cost nothing there); else the default temp dir."""
    shm = Path("/dev/shm")
    return str(shm) if shm.is_dir() and os.access(shm, os.W_OK | os.X_OK) else None


def _validate_in_worker(
    case: Case, work: str, runs: int, verify_timeout_s: float, corpus: Path | None = None
) -> CaseReport:
    """One case in a worker process, on an event loop of its own."""
    return asyncio.run(
        validate_case(case, Path(work), runs=runs, verify_timeout_s=verify_timeout_s, corpus=corpus)
    )


def _heavy_first(case: Case) -> int:
    """Scheduling order: cases whose trials run git or a sandbox take several times longer;
    starting them first keeps one of them from being the last thing left running."""
    return 0 if sandbox_backend(case) is not None or "repo" in case.spec.services else 1


async def validate_path(
    root: Path,
    *,
    concurrency: int = 2,
    runs: int = 3,
    verify_timeout_s: float = 5.0,
    work_dir: Path | None = None,
    threads: bool = False,
    processes: int = 1,
    corpus: Path | None = None,
) -> ValidationReport:
    """Load every case under ``root`` and run the gates; broken cases are reported, others go on.

    ``concurrency`` cases are validated at once on the calling event loop. The work is mostly
    CPU in this process, so that overlaps little more than git's waits; ``processes`` > 1 adds
    ``processes - 1`` worker processes that validate one case at a time each, alongside (cases
    are handed out one by one to whichever is free; reports come back in discovery order).
    Workers are forked when this process has no other thread, else started by a fork server.
    A case whose worker dies is validated here instead.

    ``threads`` runs cases without a sandbox in worker threads, one event loop each (cases with
    a sandbox stay on the calling loop, which owns their child processes). Off by default: on a
    2-core machine threads measured slower.
    """
    loaded = list(discover_cases(root))
    work = Path(tempfile.mkdtemp(prefix="vera-val-", dir=work_dir or _scratch()))
    reports: dict[int, CaseReport] = {}
    cases: dict[int, Case] = {}
    for i, item in enumerate(loaded):
        if isinstance(item, BrokenCase):
            name = item.path.name
            reports[i] = CaseReport(
                case=name,
                path=str(item.path),
                failures=[GateFailure(case=name, variant="*", gate="load", reason=item.message)],
            )
        else:
            cases[i] = item
    todo = deque(sorted(cases, key=lambda i: _heavy_first(cases[i])))

    async def here(i: int, name: str = "") -> CaseReport:
        case = cases[i]
        job = validate_case(
            case,
            work / (name or str(i)),
            runs=runs,
            verify_timeout_s=verify_timeout_s,
            corpus=corpus,
        )
        if not threads or sandbox_backend(case) is not None:
            # sandbox processes are children of this loop; they stay on it
            return await job
        # Other cases run in their own event loop on a worker thread: services call git
        # synchronously, and those waits overlap across threads.
        return await asyncio.to_thread(asyncio.run, job)

    async def local() -> None:
        while todo:
            i = todo.popleft()
            reports[i] = await here(i)

    async def remote(pool: ProcessWorkers) -> None:
        while todo:
            i = todo.popleft()
            try:
                reports[i] = await pool.call(
                    _validate_in_worker,
                    cases[i],
                    str(work / str(i)),
                    runs,
                    verify_timeout_s,
                    corpus,
                )
            except WorkerLost:  # a worker died (killed, out of memory): do it here
                reports[i] = await here(i, f"{i}-again")
                return

    try:
        workers = min(processes - 1, max(len(todo) - 1, 0))
        with ProcessWorkers(workers, preload=[__name__]) as pool:
            # remote runners first: a forked worker forks at its first call, before anything
            # opens
            runners = [remote(pool) for _ in range(pool.workers)]
            runners += [local() for _ in range(max(concurrency, 1))]
            await asyncio.gather(*runners)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    cross = _foreign_attacks(list(cases.values()))
    for case_id, failures in _near_duplicates(list(cases.values())).items():
        cross.setdefault(case_id, []).extend(failures)
    for case_id, failures in cross.items():
        for r in reports.values():
            if r.case == case_id:
                r.failures += failures
    ordered = [reports[i] for i in range(len(loaded))]
    debt = find_realism_debt(root)
    if debt is not None:
        apply_realism_debt(ordered, debt)
    return ValidationReport(reports=ordered)


class RealismDebt(BaseModel):
    """Realism findings a bench acknowledges while it fixes them (``realism-debt.yaml``)."""

    path: Path
    cases: dict[str, list[str]] = Field(default_factory=dict)
    """Case id -> the realism checks (``theatre``, ``untriggered``, ...) it still fails."""


def find_realism_debt(root: Path) -> RealismDebt | None:
    """The debt list at or above ``root``, up to the repository's root; None when there is none.

    Raises CaseError (one line, naming the file) when the file is not a mapping of case ids to
    lists of known check names."""
    from vera.safety.realism import CHECKS
    from vera.yamlio import load_yaml

    for folder in _up_to_bench_root(root.resolve()):
        path = folder / REALISM_DEBT_FILE
        if path.is_file():
            try:
                data = load_yaml(path.read_bytes()) or {}
                debt = RealismDebt(path=path, cases=data.get("cases") or {})
            except Exception as e:
                raise CaseError(
                    f"{path}: not a realism debt list: {' '.join(str(e).split())}"
                ) from e
            unknown = sorted({c for cs in debt.cases.values() for c in cs} - set(CHECKS))
            if unknown:
                raise CaseError(f"{path}: unknown realism checks {', '.join(unknown)}")
            return debt
    return None


def _up_to_bench_root(start: Path) -> list[Path]:
    """``start`` and its parents up to the bench's root, never past it.

    The bench root is the folder holding ``taxonomies/``, the parent of a ``cases`` folder, or a
    repository's root. A bench outside any of those (a copy under /tmp) reads no file above its
    own tree, so a stray debt list in a shared parent never hides or fails its findings."""
    chain: list[Path] = []
    for folder in [start, *start.parents]:
        chain.append(folder)
        if (folder / ".git").exists() or (folder / "taxonomies").is_dir():
            break
        if folder.name == "cases":
            chain.append(folder.parent)
            break
    return chain


def apply_realism_debt(reports: list[CaseReport], debt: RealismDebt) -> None:
    """Move acknowledged realism findings from failures to debts; fail stale entries."""
    for r in reports:
        owed = set(debt.cases.get(r.case, ()))
        if not owed:
            continue
        kept: list[GateFailure] = []
        for f in r.failures:
            (r.debts if f.gate == "realism" and f.check in owed else kept).append(f)
        r.failures = kept
        if any(f.gate in ("load", "setup", "trial") for f in kept):
            continue  # the realism checks did not run: nothing to say about staleness
        for check in sorted(owed - {f.check for f in r.debts}):
            r.failures.append(
                GateFailure(
                    case=r.case,
                    variant="*",
                    gate="realism_debt",
                    reason=f"{check} passes now: remove it from {debt.path}",
                )
            )


__all__ = [
    "GATES",
    "VARIANTS",
    "VERDICT_GATES",
    "CaseReport",
    "CorpusStatus",
    "GateFailure",
    "ValidationReport",
    "corpus_status",
    "validate_case",
    "validate_path",
]
