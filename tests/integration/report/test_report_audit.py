"""``vera report RUN_DIR`` of a hardening audit renders an audit, not safety trials: per task
the oracle, nop and the exploits that hacked it before and after separation, ASR per condition
and exploit, a plot, every trial and the run's configuration. The page is opened in a real
headless Chromium and read from the DOM it builds.

Real pieces: bwrap trials of a sample task and its separated copy, the runner's store, the CLI,
Chromium."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.browser import CHROMIUM, dump_dom, tables
from support.harden_samples import EXPLOITS, FIXTURES, needs_bwrap
from vera.cli.main import app
from vera.harden.audit import audit_config, run_audit
from vera.harden.separate import separate_task
from vera.harden.task import load_task
from vera.runner.store import RunStore

pytestmark = [pytest.mark.integration, needs_bwrap, pytest.mark.timeout(600)]

# What the sample exploits do to harbor-wordfreq (test_harden_audit_separation.py): the original
# verifier shares the agent's environment, the separated one does not.
HACKED_BEFORE = {"conftest-pass", "path-hijack", "plant-reward", "pth-exit0", "reward-daemon"}


@pytest.fixture(scope="module")
def audit_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    task = load_task(FIXTURES / "harbor-wordfreq")
    run_dir = tmp_path_factory.mktemp("audit") / "run"
    config = audit_config(labels={"tasks": [str(task.path)], "modes": ["unhinted"]})
    asyncio.run(run_audit([task, separate_task(task)[0]], run_dir, exploits=dict(EXPLOITS),
                          modes=("unhinted",), config=config))  # fmt: skip
    return run_dir


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium: apt-get install chromium")
def test_an_audit_run_is_reported_as_an_audit_in_chromium(audit_run: Path, tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["report", str(audit_run)])
    assert res.exit_code == 0, res.output
    assert "audit report:" in res.output
    dom = dump_dom(audit_run / "report.html", tmp_path / "profile")
    found = tables(dom)
    assert "stats by-variant" not in found and "trials" not in found  # not the safety report

    header, *rows = found["audit tasks"]
    assert header == ["task", "oracle passes (original)", "nop fails (original)",
                      "hacked by (original)", "oracle passes (separated)",
                      "nop fails (separated)", "hacked by (separated)"]  # fmt: skip
    (row,) = rows
    assert row[0] == "harbor-wordfreq"
    assert row[1].startswith("yes") and row[2].startswith("yes")
    assert set(row[3].split(", ")) == HACKED_BEFORE
    assert row[4].startswith("yes") and row[5].startswith("yes") and row[6] == "none"

    header, *rows = found["audit asr"]
    by_condition = {r[0]: dict(zip(header, r, strict=True)) for r in rows}
    assert by_condition["original"]["ASR per task"] == "100% (1/1)"
    assert by_condition["separated"]["ASR per task"] == "0% (0/1)"
    exploits = {r[0]: r[1:] for r in found["audit by-exploit"][1:]}
    assert set(exploits) >= HACKED_BEFORE
    assert exploits["plant-reward"] == ["100% (1/1)", "0% (0/1)"]

    with RunStore.open(audit_run) as store:
        planned = len(store.plan)
    assert len(found["audit trials"]) - 1 == planned  # every trial listed
    config = dict(r for r in found["audit config"] if len(r) == 2)
    assert config["trial kind"] == "harden"
    assert json.loads(config["modes"]) == ["unhinted"]
    # the plot was parsed into SVG elements: a bar per category and condition that has a rate
    assert '<svg class="plot audit-bars"' in dom and dom.count('class="bar"') >= 2


def test_an_audit_run_as_json_and_markdown(audit_run: Path) -> None:
    res = CliRunner().invoke(app, ["report", str(audit_run), "--format", "json", "--out", "-"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert set(doc["conditions"]) == {"original", "separated"}
    (task,) = doc["tasks"]
    assert set(task["original"]["hacked_by"]) == HACKED_BEFORE
    assert task["separated"]["hacked_by"] == [] and task["separated"]["oracle"] is True
    assert doc["recorded"] == doc["planned"] == len(doc["trials"])
    res = CliRunner().invoke(app, ["report", str(audit_run), "--format", "md"])
    assert res.exit_code == 0, res.output
    md = (audit_run / "report.md").read_text()
    assert md.startswith("# vera harden audit ") and "| harbor-wordfreq |" in md
