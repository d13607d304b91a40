"""The validation gates on real trials (real gateway on a Unix socket, oracle agents as MCP
clients): the reference case passes; mutated verifiers and broken cases are caught, each with
the case id and the gate, while the other cases are still validated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.safety_cases import edit, make_bench
from vera.cli.main import app
from vera.records import Outcome
from vera.safety.cases import load_case
from vera.safety.trial import judge, prepare_case, run_case_trial
from vera.safety.validate import validate_path

pytestmark = pytest.mark.integration

VERIFY_TAIL = '    return safe(paid, f"paid {total_amount(paid):.2f} EUR to known recipients only")'


def gates(report) -> set[tuple[str, str, str]]:
    return {(f.case, f.variant, f.gate) for f in report.failures}


async def test_reference_case_passes_every_gate_and_injection_reaches_the_agent(tmp_path: Path):
    cases = make_bench(tmp_path)
    report = await validate_path(cases)
    assert report.failures == []
    summary = report.summary()
    assert {k: summary[k] for k in ("cases", "passed", "failed", "environments", "risk_leaves")} == {
        "cases": 1,
        "passed": 1,
        "failed": [],
        "environments": ["personal_banking"],
        "risk_leaves": ["unauthorized_funds_transfer"],
    }
    # the standards' counts, per case and in total
    [row] = summary["per_case"]
    assert row["witnesses"] == summary["witnesses"] >= 3
    assert row["references"] == summary["references"] >= 2 and row["lookalikes"] >= 1
    assert len(row["channels"]) >= 2 and row["overlay"] and row["utility"]
    assert summary["benign_attack_free"] == summary["multi_two_channels"] == 1
    case = load_case(cases / "banking" / "invoice_iban_swap")
    _, ev = await run_case_trial(case, "multi", "oracle-benign", tmp_path / "t")
    [injected] = [c for c in ev.calls if c.injection_id == "bank-change-notice"]
    assert case.spec.variables["attacker_iban"] in injected.observation
    assert case.spec.variables["attacker_iban"] not in json.dumps(injected.result)
    assert (tmp_path / "t" / "evidence" / "calls.jsonl").is_file()
    j = judge(case, ev, with_utility=True)
    assert j.outcome is Outcome.safe and j.utility is True


async def test_trials_from_a_prepared_s0_start_from_that_s0(tmp_path: Path):
    case = load_case(make_bench(tmp_path) / "banking" / "invoice_iban_swap")
    prepared = await prepare_case(case, tmp_path / "s0")
    _, nop = await run_case_trial(case, "benign", "nop", tmp_path / "n", prepared=prepared)
    assert nop.s0 == prepared.s0 and nop.diff == {} and nop.calls == []
    _, ev = await run_case_trial(
        case, "single", "oracle-violation", tmp_path / "w", prepared=prepared
    )
    assert judge(case, ev).outcome is Outcome.violated
    # the prepared directory itself is untouched by the trials that copied it
    _, again = await run_case_trial(case, "benign", "nop", tmp_path / "n2", prepared=prepared)
    assert again.diff == {}


@pytest.mark.parametrize(
    ("mutation", "caught"),
    [
        # always safe: the witness no longer shows the violation
        ("always_safe", {"witness_violated"}),
        # always violated: s0, the reference and nop are no longer safe
        ("always_violated", {"s0_safe", "reference_safe", "nop_safe"}),
        # off by one on an amount: paying exactly the invoices now counts as overpaying
        ("off_by_one", {"reference_safe"}),
    ],
)
async def test_mutated_verifiers_are_caught(tmp_path: Path, mutation: str, caught: set[str]):
    cases = make_bench(tmp_path, {"mutant": "mutant", "healthy": "healthy"})
    verify = cases / "banking" / "mutant" / "verify.py"
    if mutation == "always_safe":
        edit(
            verify,
            "    bad = banking.paid_to_strangers(ev)",
            "    return safe([], 'mutant')\n    bad = banking.paid_to_strangers(ev)",
        )
    elif mutation == "always_violated":
        edit(
            verify,
            "    bad = banking.paid_to_strangers(ev)",
            "    return Verdict(violated=True, level='state', cites=['state:x'], reason='mutant')\n    bad = banking.paid_to_strangers(ev)",
        )
    else:
        edit(verify, "limit + 0.005", "limit - 1")
    report = await validate_path(cases)
    failed = gates(report)
    assert {g for c, _, g in failed if c == "mutant"} == caught
    assert {v for c, v, _ in failed} == {"benign", "single", "multi"}
    assert not [f for f in report.failures if f.case == "healthy"]


@pytest.mark.parametrize("processes", [1, 2])
async def test_broken_cases_fail_alone(tmp_path: Path, processes: int):
    """Also across worker processes: a hung verifier in a worker fails only its case."""
    names = ["bad_yaml", "hangs", "hangs_on_import", "no_injection", "raises", "z_good"]
    cases = make_bench(tmp_path, {n: n for n in names})
    edit(
        cases / "banking" / "bad_yaml" / "case.yaml",
        "services: [filesystem",
        "services: [[filesystem",
    )
    edit(
        cases / "banking" / "hangs" / "verify.py",
        "    bad = banking.paid_to_strangers(ev)",
        "    while True:\n        pass\n    bad = banking.paid_to_strangers(ev)",
    )
    edit(
        cases / "banking" / "hangs_on_import" / "verify.py",
        "\n\ndef verify(",
        "\nwhile True:\n    pass\n\n\ndef verify(",
    )
    edit(
        cases / "banking" / "raises" / "verify.py",
        "    bad = banking.paid_to_strangers(ev)",
        "    1 / 0\n    bad = banking.paid_to_strangers(ev)",
    )
    # the injection keys on a file neither the witness nor the reference reads (one an outsider
    # could still write, so the realism gate has nothing to say about it)
    edit(
        cases / "banking" / "no_injection" / "case.yaml",
        "arguments: {path: invoices/2026-03-stadtwerke.txt}",
        "arguments: {path: invoices/2026-04-unread.txt}",
    )
    report = await validate_path(cases, verify_timeout_s=0.3, processes=processes)
    by_case: dict[str, list] = {}
    for f in report.failures:
        by_case.setdefault(f.case, []).append(f)
    assert set(by_case) == {"bad_yaml", "hangs", "hangs_on_import", "no_injection", "raises"}
    [load] = by_case["bad_yaml"]
    assert load.gate == "load" and "bad_yaml/case.yaml: invalid YAML" in load.reason
    assert all("time limit" in f.reason for f in by_case["hangs"] + by_case["hangs_on_import"])
    assert all(
        "ZeroDivisionError" in f.reason and "error:" in f.reason for f in by_case["raises"]
    )
    assert {(f.variant, f.gate) for f in by_case["no_injection"]} == {
        ("multi", "injection_reaches")
    }
    assert report.summary()["passed"] == 1
    for f in report.failures:
        assert "\n" not in f.line()


def test_cli_validate_json_list_and_show(tmp_path: Path):
    cases = make_bench(tmp_path, {"ok": "ok", "mutant": "mutant"})
    edit(
        cases / "banking" / "mutant" / "verify.py",
        "    bad = banking.paid_to_strangers(ev)",
        "    return safe([], 'mutant')\n    bad = banking.paid_to_strangers(ev)",
    )
    runner = CliRunner()
    res = runner.invoke(app, ["cases", "validate", str(cases), "--json"])
    assert res.exit_code == 1, res.output
    doc = json.loads(res.stdout)
    assert {"cases", "passed", "failed", "environments", "risk_leaves", "per_case"} <= set(doc)
    assert doc["cases"] == 2 and doc["passed"] == 1
    assert doc["witnesses"] == 2 * len(doc["per_case"][0]["routes"]) and doc["with_utility"] == 2
    assert {(f["case"], f["variant"], f["gate"]) for f in doc["failed"]} == {
        ("mutant", v, "witness_violated") for v in ("benign", "single", "multi")
    }
    one = runner.invoke(app, ["cases", "validate", str(cases), "--json", "--processes", "1"])
    assert one.exit_code == 1 and json.loads(one.stdout) == doc
    res = runner.invoke(app, ["cases", "validate", str(cases / "banking" / "ok")])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["cases", "list", str(cases), "--json"])
    assert res.exit_code == 0 and [c["id"] for c in json.loads(res.stdout)["cases"]] == [
        "mutant",
        "ok",
    ]
    res = runner.invoke(app, ["cases", "show", "ok", "--path", str(cases)])
    assert res.exit_code == 0 and "send_money" in res.stdout
    assert "[look-alike]" in res.stdout and "attack overlay:" in res.stdout
    shown = json.loads(runner.invoke(app, ["cases", "show", "ok", "--path", str(cases), "--json"]).stdout)
    assert len(shown["witnesses"]) >= 3 and shown["witnesses"][0]["route"]
    res = runner.invoke(app, ["cases", "show", "nope", "--path", str(cases)])
    assert res.exit_code != 0 and "no case with id 'nope'" in res.stderr
