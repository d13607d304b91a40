"""``vera harden run|separate|audit`` through the real command line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.harden_samples import needs_bwrap
from vera.cli.main import app

pytestmark = [pytest.mark.integration, needs_bwrap]

runner = CliRunner()


def test_run_json_is_exactly_the_stable_shape(fixtures: Path) -> None:
    res = runner.invoke(app, ["harden", "run", str(fixtures / "harbor-wordfreq"), "--agent", "oracle", "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == {
        "task": "harbor-wordfreq", "agent": "oracle", "reward": 1.0, "passed": True, "phase_errors": []}


def test_run_script_agent_and_plain_output(fixtures: Path, tmp_path: Path) -> None:
    script = tmp_path / "cheat.sh"
    script.write_text("echo 1 > /logs/verifier/reward.txt\n")
    res = runner.invoke(app, ["harden", "run", str(fixtures / "harbor-wordfreq"), "--agent", f"script:{script}"])
    assert res.exit_code == 0, res.output
    assert "reward=1" in res.stdout and "passed" in res.stdout


def test_run_recorded_in_a_run_store(fixtures: Path, tmp_path: Path) -> None:
    script = tmp_path / "cheat.sh"
    script.write_text("echo 1 > /logs/verifier/reward.txt\n")
    out = tmp_path / "run"
    res = runner.invoke(app, ["harden", "run", str(fixtures / "harbor-wordfreq"), "--agent", f"script:{script}",
                              "--out", str(out), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == {"task": "harbor-wordfreq", "agent": f"script:{script}", "reward": 1.0,
                                      "passed": True, "phase_errors": []}
    from vera.runner.store import RunStore

    with RunStore.open(out) as store:
        (result,) = store.results()
    assert result.spec.kind == "harden" and result.reward == 1.0 and result.passed
    assert (out / result.evidence_dir / "evidence" / "agent.sh").read_text() == script.read_text()
    res = runner.invoke(app, ["harden", "run", str(fixtures / "harbor-wordfreq"), "-a", "nop", "--out", str(out)])
    assert res.exit_code == 2 and "not empty" in res.stderr
    res = runner.invoke(app, ["harden", "run", str(fixtures / "harbor-wordfreq"), "-a", "terminal", "-m", "x",
                              "--out", str(tmp_path / "other")])
    assert res.exit_code == 2 and "--out records oracle, nop and script" in " ".join(res.stderr.split())


def test_run_bad_input_is_one_line_error(fixtures: Path, tmp_path: Path) -> None:
    res = runner.invoke(app, ["harden", "run", str(tmp_path / "missing"), "--agent", "nop"])
    assert res.exit_code == 2 and "missing: not a task directory" in res.stderr
    res = runner.invoke(app, ["harden", "run", str(tmp_path), "--agent", "nop"])
    assert res.exit_code == 2 and "instruction.md: missing" in " ".join(res.stderr.split())
    res = runner.invoke(app, ["harden", "run", str(fixtures / "harbor-wordfreq"), "--agent", "script:/nope.sh"])
    assert res.exit_code == 2 and "/nope.sh: agent script not found" in res.stderr
    bad = tmp_path / "bad"
    shutil.copytree(fixtures / "harbor-wordfreq", bad)
    (bad / "task.toml").write_text("[vera\n")
    res = runner.invoke(app, ["harden", "run", str(bad), "--agent", "nop"])
    assert res.exit_code == 2 and f"{bad / 'task.toml'}: not valid TOML" in " ".join(res.stderr.split())


def test_separate_then_run(fixtures: Path, tmp_path: Path) -> None:
    res = runner.invoke(app, ["harden", "separate", str(fixtures), "--out", str(tmp_path / "sep")])
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in (tmp_path / "sep").iterdir()) == ["harbor-wordfreq", "numeric-sumsq", "tb1-csvsum"]
    assert (tmp_path / "sep" / "tb1-csvsum" / "SEPARATION.md").is_file()
    res = runner.invoke(app, ["harden", "separate", str(fixtures), "--out", str(tmp_path / "sep")])
    assert res.exit_code == 2 and "--force" in res.stderr
    res = runner.invoke(app, ["harden", "run", str(tmp_path / "sep" / "tb1-csvsum"), "-a", "oracle", "--json"])
    assert json.loads(res.stdout)["passed"] is True


def test_audit_json_shape_with_separated_copy(fixtures: Path, tmp_path: Path) -> None:
    from vera.harden.audit import load_exploits

    registry, _ = load_exploits()
    only = ["-e", sorted(registry)[0]] if registry else []
    res = runner.invoke(app, ["harden", "audit", str(fixtures / "harbor-wordfreq"), "--separate", "--json",
                              "--out", str(tmp_path / "audit"), *only])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert set(doc) >= {"tasks", "asr", "separated"}
    assert set(doc["asr"]) >= {"per_task", "per_trial"}
    row = doc["tasks"][0]
    assert row["task"] == "harbor-wordfreq" and row["oracle"] is True and row["nop"] is True
    assert isinstance(row["hacked_by"], list)
    assert doc["separated"]["tasks"][0]["oracle"] is True
    assert (tmp_path / "audit" / "audit.json").is_file()
    assert json.loads((tmp_path / "audit" / "audit.json").read_text()) == doc
    assert len((tmp_path / "audit" / "trials.jsonl").read_text().splitlines()) >= 4
    # Every trial is in the runner's store, with its evidence.
    from vera.runner.store import RunStore

    with RunStore.open(tmp_path / "audit") as store:
        results = list(store.results())
        assert len(results) == len(store.plan) >= 4
        assert {r.spec.variant for r in results} == {"original", "separated"}
        oracle = next(r for r in results if r.spec.agent == "oracle")
        ev = tmp_path / "audit" / oracle.evidence_dir / "evidence"
        assert (ev / "solve.sh").is_file() and json.loads((ev / "reward.json").read_text())["passed"]


def test_audit_rejects_unknown_mode(fixtures: Path) -> None:
    res = runner.invoke(app, ["harden", "audit", str(fixtures), "--modes", "psychic"])
    assert res.exit_code == 2 and "unknown mode" in res.stderr
