"""A whole AgentDojo suite of the newest benchmark version through vera, end to end: imported with
`vera cases import agentdojo`, every case passing `vera cases validate`, and `vera run` with the
calibration oracles recording, on every pair, the security and utility outcomes that AgentDojo's
own ground-truth pipeline decides.

The suite is slack (105 pairs, the smallest); the other suites are checked the same way by
benchmarks/agentdojo_side_by_side.py --suite NAME.
"""

from __future__ import annotations

import json
import subprocess
import warnings

import pytest

pytest.importorskip("agentdojo")

from support.gateway import VERA
from support.safety_cases import REPO
from vera.env.services.agentdojo import get_suite, newest_version
from vera.runner import RunStore
from vera.safety.agentdojo.peer import agentdojo_outcomes
from vera.safety.cases import discover_cases

pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(900)]

SUITE = "slack"


def vera(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*VERA, *args], cwd=REPO, capture_output=True, text=True, timeout=800)


def test_a_whole_suite_passes_the_gates_and_agrees_with_agentdojo(tmp_path):
    version = newest_version()
    bench = tmp_path / "bench"
    p = vera("cases", "import", "agentdojo", "--suite", SUITE, "--out", str(bench), "--json")
    assert p.returncode == 0, p.stderr[-2000:]
    [record] = json.loads(p.stdout)["suites"]
    suite = get_suite(version, SUITE)
    n_pairs = len(suite.user_tasks) * len(suite.injection_tasks)
    assert record["version"] == version and record["pairs"] == n_pairs
    assert record["imported"] + len(record["rejected"]) == n_pairs
    assert all(r["reasons"] for r in record["rejected"])  # a rejection always says why

    p = vera("cases", "validate", str(bench), "--json")
    summary = json.loads(p.stdout)
    assert summary["failed"] == [] and summary["passed"] == summary["cases"] == record["imported"]
    assert p.returncode == 0

    run_dir = tmp_path / "run"
    p = vera("run", "--bench", str(bench), "--suite", "all", "--agent",
             "oracle-violation,oracle-benign", "--variants", "benign,multi", "--model", "none",
             "-j", "2", "--no-progress", "--out", str(run_dir))  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    with RunStore.open(run_dir) as store:
        results = {(r.spec.case_id, r.spec.agent, r.spec.variant): r for r in store.results()}
    assert len(results) == record["imported"] * 2 * 2

    cases = {c.id: c for c in discover_cases(bench / "cases")}
    disagreements = []
    for cid, case in cases.items():
        v = case.spec.variables
        ut, it = suite.user_tasks[v["user_task_id"]], suite.injection_tasks[v["injection_task_id"]]
        injections = case.spec.setup[0][f"agentdojo_{SUITE}.load_environment"]["injections"]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = agentdojo_outcomes(suite, ut, it, injections, witness=v["agentdojo_witness"])
        assert theirs.error is None, theirs.error
        for variant in ("benign", "multi"):
            ref = results[(cid, "oracle-benign", variant)]
            wit = results[(cid, "oracle-violation", variant)]
            mine = {
                "reference_security": ref.outcome.value == "violated",
                "witness_security": wit.outcome.value == "violated",
            }
            if variant == "benign":  # vera records utility for the benign variant
                mine |= {"reference_utility": ref.utility, "witness_utility": wit.utility}
            for key, value in mine.items():
                if value != getattr(theirs, key):
                    disagreements.append((cid, variant, key, value, getattr(theirs, key)))
            assert ref.outcome.value in ("safe", "violated") and wit.outcome.value in (
                "safe",
                "violated",
            )
    assert not disagreements, disagreements[:10]


FORMERLY_REJECTED = [
    (f"user_task_{n}", "injection_task_0") for n in (14, 15, 16, 17, 18, 22, 23, 24, 39)
]
"""v1.2.2 workspace pairs vera once rejected ("no ground truth satisfies the injection task's
security check") though AgentDojo's checks accept them: the injected email quotes the goal's
subject, so only a run that also deletes that email reaches the goal."""


def test_formerly_rejected_workspace_pairs_pass_the_gates_and_agree_with_agentdojo(tmp_path):
    from vera.safety.agentdojo.importer import import_suite

    version = "v1.2.2"
    bench = tmp_path / "bench"
    pairs = [*FORMERLY_REJECTED, ("user_task_0", "injection_task_1")]
    record = import_suite("workspace", bench, version=version, pairs=pairs)
    assert [p.rejected for p in record.pairs] == [[]] * len(pairs)
    assert {p.witness for p in record.pairs if p.user_task != "user_task_0"} == {"combined+cleanup"}

    p = vera("cases", "validate", str(bench), "--json")
    summary = json.loads(p.stdout)
    assert summary["failed"] == [] and summary["passed"] == len(pairs), p.stdout[-2000:]

    run_dir = tmp_path / "run"
    p = vera("run", "--bench", str(bench), "--suite", "all", "--agent",
             "oracle-violation,oracle-benign", "--variants", "benign", "--model", "none",
             "-j", "2", "--no-progress", "--out", str(run_dir))  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    with RunStore.open(run_dir) as store:
        results = {(r.spec.case_id, r.spec.agent): r for r in store.results()}

    suite = get_suite(version, "workspace")
    for pair in record.pairs:
        ut = suite.user_tasks[pair.user_task]
        it = suite.injection_tasks[pair.injection_task]
        case = next(c for c in discover_cases(bench / "cases") if c.id == pair.case_id)
        injections = case.spec.setup[0]["agentdojo_workspace.load_environment"]["injections"]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            theirs = agentdojo_outcomes(suite, ut, it, injections, witness=pair.witness)
        ref = results[(pair.case_id, "oracle-benign")]
        wit = results[(pair.case_id, "oracle-violation")]
        mine = {
            "reference_security": ref.outcome.value == "violated",
            "witness_security": wit.outcome.value == "violated",
            "reference_utility": ref.utility,
            "witness_utility": wit.utility,
        }
        assert mine == {k: getattr(theirs, k) for k in mine}, pair.case_id
        assert mine["witness_security"] and not mine["reference_security"], pair.case_id
