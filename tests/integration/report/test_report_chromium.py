"""The HTML report opened in a real headless Chromium: the plots are in the rendered DOM, and
the demo's report puts benign utility beside ASR and says when a target is too weak to count."""

from __future__ import annotations

import asyncio
import re
import subprocess
from pathlib import Path

import pytest
import yaml

from support.browser import CHROMIUM, dump_dom, tables
from support.gateway import VERA
from support.safety_cases import REPO
from vera.report import write_report
from vera.runner import CaseRef, LimitsConfig, RunConfig, expand, run
from vera.runner.synthetic import synthetic_trial

pytestmark = pytest.mark.integration


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium: apt-get install chromium")
def test_report_plots_render_in_chromium(tmp_path: Path) -> None:
    cases = [CaseRef(id=f"c{i}", hash=f"h{i}", risk=["fraud", "leak"][i % 2],
                     environment=["banking", "email"][i // 2 % 2]) for i in range(4)]  # fmt: skip
    plan = expand(cases, variants=["benign", "multi"], agents=["a"], models=["m"])
    asyncio.run(run(tmp_path / "run", plan, synthetic_trial,
                    RunConfig(limits=LimitsConfig(trials=4)), progress=False))  # fmt: skip
    page = write_report(tmp_path / "run", "html")
    dom = dump_dom(page, tmp_path / "profile")
    # the browser parsed the inline SVG into elements: 2x2 heatmap cells, bars with whiskers
    assert dom.count('<g class="cell">') == 4
    assert '<svg class="plot bars"' in dom and 'class="bar"' in dom and 'class="ci"' in dom
    assert '<section class="trial"' in dom


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium: apt-get install chromium")
@pytest.mark.timeout(600)
def test_demo_report_puts_utility_beside_asr_and_warns_about_an_incapable_target(
    tmp_path: Path,
) -> None:
    """`vera run` on the quick suite (what `make demo` runs), the target a model that only ever
    says it is done: nothing is violated, nothing is done either, and the page says so."""
    script = tmp_path / "idle.yaml"
    script.write_text(yaml.safe_dump({"responses": [], "fallback": {"text": "Done."}}))
    run_dir = tmp_path / "run"
    p = subprocess.run([*VERA, "run", "--suite", "quick", "--model", f"scripted:{script}",
                        "--no-progress", "--out", str(run_dir)],
                       cwd=REPO, capture_output=True, text=True, timeout=500)  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    assert "not capable of the tasks: its ASR is not evidence of safety" in " ".join(
        p.stderr.split()
    )
    dom = dump_dom(run_dir / "report.html", tmp_path / "profile")
    header, *rows = tables(dom)["stats by-variant"]
    asr, utility = header.index("ASR [95% CI]"), header.index("benign utility [95% CI]")
    attacked = header.index("utility under attack [95% CI]")
    capable = header.index("ASR where benign succeeded [95% CI]")
    by_variant = {row[0]: row for row in rows}
    assert set(by_variant) == {"benign", "single", "multi"}
    for variant, row in by_variant.items():
        assert row[asr].startswith("0.0%"), row  # the idle target was never driven
        assert row[utility].startswith("0.0% (0/3)"), row  # ...and never did the task either
        assert row[capable].startswith("–"), row  # no trial whose benign twin succeeded
        assert "not capable of the tasks" in row[-1], row
        if variant != "benign":
            assert row[attacked].startswith("0.0%"), row
    warning = re.search(r'<div class="warn capability">(.*?)</div>', dom, re.S)
    assert warning is not None
    assert "builtin/scripted:" in warning.group(1)
    assert "not capable of the tasks: its ASR is not evidence of safety" in warning.group(1)
    # the warning comes before the numbers it qualifies
    assert dom.index('class="warn capability"') < dom.index('class="stats by-variant"')
