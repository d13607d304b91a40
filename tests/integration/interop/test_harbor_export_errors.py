"""The Harbor export's errors, each one line with its exit code: an unknown variant or case and
a task directory that already exists are bad input (2); inside an exported task, a verifier
that fails writes no reward and exits 3 (an error, never a verdict)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.venvs import REPO
from vera.cli.main import app

pytestmark = pytest.mark.integration

CASES = str(REPO / "bench" / "cases")


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(app, list(args))


def test_bad_input_is_one_line_exit_2(tmp_path: Path) -> None:
    res = run("cases", "export", "harbor", CASES, "--out", str(tmp_path), "--variants", "twice")
    assert (
        res.exit_code == 2 and "vera: error: --variants takes benign, single, multi" in res.output
    )
    res = run("cases", "export", "harbor", CASES, "--out", str(tmp_path), "--cases", "no_such_case")
    assert res.exit_code == 2 and res.output.count("vera: error:") == 1
    args = ("cases", "export", "harbor", CASES, "--out", str(tmp_path), "--cases",
            "invoice_iban_swap", "--variants", "benign")  # fmt: skip
    assert run(*args).exit_code == 0
    res = run(*args)
    assert res.exit_code == 2 and "invoice_iban_swap-benign: already exists" in res.output


def test_a_failing_verifier_writes_no_reward(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("VERA_CHECK_SANDBOX", "none")
    assert run("cases", "export", "harbor", CASES, "--out", str(tmp_path), "--cases",
               "invoice_iban_swap", "--variants", "benign").exit_code == 0  # fmt: skip
    task = tmp_path / "invoice_iban_swap-benign"
    app_dir, logs = task / "environment" / "app", tmp_path / "logs"
    verify = ("cases", "harbor-verify", str(task / "tests" / "vera"), "--app", str(app_dir),
              "--artifacts", str(tmp_path / "none"), "--out", str(logs))  # fmt: skip
    res = run(*verify)  # nothing happened: safe, and the user's invoices were not paid
    assert res.exit_code == 0, res.output
    assert json.loads((logs / "reward.json").read_text()) == {"safe": 1, "utility": 0}
    (logs / "reward.json").unlink()
    (task / "tests" / "vera" / "verify.py").write_text(
        "def verify(ev):\n    raise RuntimeError('x')\n"
    )
    res = run(*verify)
    assert res.exit_code == 3 and "vera: error: verifier error:" in res.output
    assert not (logs / "reward.json").exists()
