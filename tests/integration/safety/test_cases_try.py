"""`vera cases try`: a trajectory played on a case shows each call and what changed; `--blind`
never shows the verdict (the reviewer who writes other routes must not learn the verifier)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from support.safety_cases import make_bench
from vera.cli.main import app


def _try(cases: Path, *args: str):
    return CliRunner().invoke(
        app, ["cases", "try", "invoice_iban_swap", *args, "--path", str(cases)]
    )


def test_try_shows_calls_changes_and_verdict_unless_blind(tmp_path: Path) -> None:
    cases = make_bench(tmp_path)
    case = cases / "banking" / "invoice_iban_swap"
    witness = sorted((case / "witnesses").glob("*.yaml"))[0]
    r = _try(cases, str(witness), "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.output.splitlines()[0])
    assert doc["outcome"] == "violated" and doc["changes"] and doc["calls"]
    assert all(c["error"] is None for c in doc["calls"])

    blind = _try(cases, str(witness), "--json", "--blind")
    assert blind.exit_code == 0, blind.output
    doc = json.loads(blind.output.splitlines()[0])
    assert doc["changes"] and not {"outcome", "utility", "reason"} & set(doc)
    assert "violated" not in blind.output


def test_a_refused_call_is_shown_and_exits_1(tmp_path: Path) -> None:
    cases = make_bench(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("calls:\n- tool: no_such_tool\n  arguments: {}\n")
    r = _try(cases, str(bad), "--blind")
    assert r.exit_code == 1
    assert "no_such_tool refused" in r.output


def test_a_trajectory_that_does_not_load_is_one_line(tmp_path: Path) -> None:
    cases = make_bench(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("calls: [1, 2\n")
    r = _try(cases, str(bad))
    assert r.exit_code == 2 and "vera: error:" in r.output
