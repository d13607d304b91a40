"""`vera cases harden --model ... --max-cost/--max-tokens`: the model search asks the run's
budget (``vera.runner.budget``) before each case; at the cap no further case is searched and the
command exits 5 with what was spent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from support.safety_cases import make_bench
from vera.cli.main import app

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

ROLES = Path(__file__).resolve().parents[2] / "fixtures" / "cases_harden" / "invoice-roles.yaml"


def priced_roles(tmp_path: Path) -> Path:
    script = yaml.safe_load(ROLES.read_text())
    script["price_as"] = "openai:gpt-4o-mini"
    path = tmp_path / "roles.yaml"
    path.write_text(yaml.safe_dump(script))
    return path


def test_the_model_search_stops_at_the_cost_cap(tmp_path: Path) -> None:
    cases = make_bench(tmp_path, {"first": "case_first", "second": "case_second"})
    res = CliRunner().invoke(app, ["cases", "harden", str(cases), "--operators", "reads_only",
                                   "--model", f"scripted:{priced_roles(tmp_path)}",
                                   "--max-cost", "0.00001", "--json"])  # fmt: skip
    assert res.exit_code == 5, res.output
    doc = json.loads(res.stdout)
    assert len(doc["model_search"]) == 1  # the first case's hacker and judge spent the cap
    budget = doc["budget"]
    assert budget["stopped"] and budget["not_started"] == 1 and budget["trials"] == 1
    assert budget["cost_usd"] >= 0.00001 and budget["unpriced_tokens"] == 0


def test_the_token_cap_of_an_unpriced_model_stops_it_and_says_it_has_no_price(
    tmp_path: Path,
) -> None:
    cases = make_bench(tmp_path, {"first": "case_first", "second": "case_second"})
    res = CliRunner().invoke(app, ["cases", "harden", str(cases), "--operators", "reads_only",
                                   "--model", f"scripted:{ROLES}", "--max-tokens", "10"])  # fmt: skip
    assert res.exit_code == 5, res.output
    assert "--max-tokens 10 reached" in res.output and "1 planned cases not started" in res.output
    assert "no known price for" in res.output and "counted in tokens" in res.output


def test_a_cap_without_a_model_is_one_line(tmp_path: Path) -> None:
    cases = make_bench(tmp_path)
    res = CliRunner().invoke(app, ["cases", "harden", str(cases), "--max-cost", "1"])
    assert res.exit_code == 2 and "need --model" in res.output



def test_an_unusable_model_answer_stops_that_cases_search_only(tmp_path: Path) -> None:
    """The scripted roles answer one case's hacker; the second case's hacker gets no usable
    answer: that case's row says so (exit 1), the first case's search stands."""
    cases = make_bench(tmp_path, {"first": "case_first", "second": "case_second"})
    script = yaml.safe_load(ROLES.read_text())
    hacker = next(c for c in script["conversations"] if c["name"] == "hacker")
    hacker["responses"] = [hacker["responses"][0], {"text": "I will not write trajectories."}]
    path = tmp_path / "roles.yaml"
    path.write_text(yaml.safe_dump(script))
    res = CliRunner().invoke(app, ["cases", "harden", str(cases), "--operators", "reads_only",
                                   "--model", f"scripted:{path}", "--json"])  # fmt: skip
    assert res.exit_code == 1, res.output
    first, second = json.loads(res.stdout)["model_search"]
    assert first["case"] == "case_first" and first["error"] is None and first["proposals"] == 2
    assert second["case"] == "case_second" and "unusable model answer" in second["error"]
