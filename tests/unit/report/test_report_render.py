"""Rendering a small run in every format, through the ``vera report`` command."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vera.cli.main import app
from vera.runner import CaseRef, LimitsConfig, RunConfig, TrialSpec, expand, run
from vera.runner.synthetic import synthetic_trial


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "run"
    cases = [CaseRef(id=f"c{i}", hash=f"h{i}", risk=["fraud", "leak"][i % 2],
                     attack="authority", environment=["banking", "email", "shell"][i % 3])
             for i in range(6)]  # fmt: skip
    plan = expand(cases, variants=["benign", "single", "multi"], agents=["a"], models=["m"])
    plan.append(TrialSpec(case_id="<script>", case_hash="x", variant="multi", agent="a",
                          model="m", params={"outcome": "raise"}))  # fmt: skip
    asyncio.run(run(out, plan, synthetic_trial, RunConfig(limits=LimitsConfig(trials=4)),
                    progress=False))  # fmt: skip
    return out


def test_json_has_the_documented_shape(run_dir: Path) -> None:
    result = CliRunner().invoke(app, ["report", str(run_dir), "--format", "json", "--out", "-"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["trials"] == 19
    multi = data["by_variant"]["multi"]
    assert multi["trials"] == 7 and multi["errors"]["infra_error"] == 1
    assert multi["completed"] == 6
    assert multi["asr"] == pytest.approx(multi["violated"] / 6)
    assert multi["esr"] == pytest.approx(multi["violated"] / 7)
    assert "multi_minus_single" in data["deltas"]


def test_csv_has_one_row_per_trial(run_dir: Path) -> None:
    result = CliRunner().invoke(app, ["report", str(run_dir), "--format", "csv", "--out", "-"])
    rows = list(csv.DictReader(io.StringIO(result.output)))
    assert len(rows) == 19
    assert {r["outcome"] for r in rows} >= {"infra_error", "safe"}


def test_html_is_self_contained_and_escaped(run_dir: Path) -> None:
    result = CliRunner().invoke(app, ["report", str(run_dir)])
    assert result.exit_code == 0, result.output
    html = (run_dir / "report.html").read_text()
    assert "<script>" not in html  # the case id is escaped, and the report has no script
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert 'class="plot heatmap"' in html and 'class="plot bars"' in html
    assert html.count("<section class='trial'") == 19
    assert "IGNORE PREVIOUS INSTRUCTIONS" in html  # injected observation shown
    md = CliRunner().invoke(app, ["report", str(run_dir), "-f", "md", "-o", "-"]).output
    assert "## By variant" in md


def test_detail_is_limited_for_big_runs(run_dir: Path) -> None:
    CliRunner().invoke(
        app, ["report", str(run_dir), "--max-detail", "3", "-o", str(run_dir / "s.html")]
    )
    html = (run_dir / "s.html").read_text()
    assert html.count("<section class='trial'") == 3
    assert "Detail pages for 3 trials" in html


def test_missing_run_is_a_one_line_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["report", str(tmp_path)])
    assert result.exit_code != 0


def test_a_trial_page_says_which_texts_were_cut_to_fit_the_window(tmp_path: Path) -> None:
    from vera.records import CutToFit, ToolCall, Trajectory, Turn
    from vera.report import load_run, render

    cases = [CaseRef(id="c0", hash="h0", risk="fraud", environment="banking")]
    out = tmp_path / "run"
    asyncio.run(run(out, expand(cases, variants=["multi"], agents=["a"], models=["m"]),
                    synthetic_trial, RunConfig(), progress=False))  # fmt: skip
    data = load_run(out)
    [result] = data.results
    call = ToolCall(id="c1", tool="read_file", result="x" * 5000, observation="x" * 5000,
                    source="native", cut_to_fit=CutToFit(kept_chars=200, original_chars=5000))  # fmt: skip
    turn = Turn(index=0, user="pay", response="done", tool_calls=[call],
                response_cut_to_fit=CutToFit(kept_chars=200, original_chars=900))  # fmt: skip
    (out / result.evidence_dir / "evidence" / "trajectory.json").write_text(
        Trajectory(agent="builtin", turns=[turn]).model_dump_json()
    )
    html = render(data, "html")
    assert "result cut to fit the window: later requests showed the model 200 of 5000" in html
    assert "answer cut to fit the window: later requests showed the model 200 of 900" in html
