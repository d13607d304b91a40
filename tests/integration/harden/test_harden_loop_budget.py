"""``vera harden loop --max-cost/--max-tokens``: the loop asks its budget before every step that
asks a model, stops before the step that would pass a cap (exit 5, ``OUT/budget.json``), and
``--resume`` with a higher cap carries on from that step (the journal's steps replayed, their
spend counted again).

Real pieces: the CLI, the scripted model server priced as gpt-4o-mini (``price_as``), bwrap
trials of the toy task, git, the journal."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from support.harden_samples import needs_bwrap
from vera.cli.main import app

pytestmark = [pytest.mark.integration, pytest.mark.slow, needs_bwrap, pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parents[3]
TOY = ROOT / "tests" / "fixtures" / "harden" / "loop" / "toy"
SCRIPT = ROOT / "tests" / "fixtures" / "harden" / "loop" / "resume-roles.yaml"
OPTIONS = ["--iterations", "1", "--attempts", "1", "--fix-retries", "0", "--eval-attempts", "0"]


def priced(tmp_path: Path) -> str:
    script = yaml.safe_load(SCRIPT.read_text())
    script["price_as"] = "openai:gpt-4o-mini"
    path = tmp_path / "roles.yaml"
    path.write_text(yaml.safe_dump(script))
    return f"scripted:{path}"


def loop(out: Path, model: str, *extra: str):
    return CliRunner().invoke(app, ["harden", "loop", str(TOY), "--out", str(out), "--model", model,
                                    *OPTIONS, *extra])  # fmt: skip


def steps(out: Path) -> list[str]:
    lines = (out / "toy" / "journal.jsonl").read_text().splitlines()
    return [json.loads(line)["key"] for line in lines]


def test_the_loop_stops_at_the_cost_cap_and_resumes_with_a_higher_one(tmp_path: Path) -> None:
    out, model = tmp_path / "run", priced(tmp_path)
    res = loop(out, model, "--max-cost", "0.00001")
    assert res.exit_code == 5, res.output
    assert "budget: stopped the run (--max-cost 1e-05 reached)" in res.output
    assert "--resume with a higher" in res.output
    status = json.loads((out / "budget.json").read_text())
    assert status["stopped"] and status["not_started"] == 1 and status["unpriced_tokens"] == 0
    first_cost = status["cost_usd"]
    assert first_cost >= 0.00001
    # One model step ran (the precheck solver); the hacker's first call was not started.
    done = steps(out)
    assert [k for k in done if k.endswith("/model") or "solver" in k] != []
    assert not any(k.startswith("iter-1/") for k in done), done
    run = json.loads((out / "toy" / "run.json").read_text())
    assert run["status"] == "running" and not run["metrics"]
    assert json.loads((out / "config.json").read_text())["budget"]["max_cost_usd"] == 0.00001

    # The same cap again: nothing new starts.
    res = loop(out, model, "--resume")
    assert res.exit_code == 5, res.output
    assert steps(out) == done

    # A higher cap: the loop carries on from the refused step and finishes.
    res = loop(out, model, "--resume", "--max-cost", "5")
    assert res.exit_code == 0, res.output
    after = steps(out)
    assert after[: len(done)] == done and any(k.startswith("iter-1/") for k in after)
    status = json.loads((out / "budget.json").read_text())
    assert not status["stopped"] and status["config"]["max_cost_usd"] == 5
    assert status["cost_usd"] > first_cost  # the first session's spend counted again
    run = json.loads((out / "toy" / "run.json").read_text())
    assert run["status"] != "running" and run["metrics"]


def test_the_loop_stops_at_the_token_cap(tmp_path: Path) -> None:
    out = tmp_path / "run"
    res = loop(out, priced(tmp_path), "--max-tokens", "1")
    assert res.exit_code == 5, res.output
    assert "budget: stopped the run (--max-tokens 1 reached)" in res.output
    status = json.loads((out / "budget.json").read_text())
    assert status["stopped"] and status["tokens"] >= 1


def test_a_cost_cap_of_zero_is_one_line(tmp_path: Path) -> None:
    res = loop(tmp_path / "run", priced(tmp_path), "--max-cost", "0")
    assert res.exit_code == 2 and "--max-cost must be more than 0 USD" in res.output
    assert not (tmp_path / "run").exists()
