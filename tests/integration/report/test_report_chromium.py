"""The HTML report opened in a real headless Chromium: the plots are in the rendered DOM, and
the demo's report puts benign utility beside ASR and says when a target is too weak to count."""

from __future__ import annotations

import asyncio
import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from support.gateway import VERA
from support.safety_cases import REPO
from vera.report import write_report
from vera.runner import CaseRef, LimitsConfig, RunConfig, expand, run
from vera.runner.synthetic import synthetic_trial

pytestmark = pytest.mark.integration

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium: apt-get install chromium")
def test_report_plots_render_in_chromium(tmp_path: Path) -> None:
    cases = [CaseRef(id=f"c{i}", hash=f"h{i}", risk=["fraud", "leak"][i % 2],
                     environment=["banking", "email"][i // 2 % 2]) for i in range(4)]  # fmt: skip
    plan = expand(cases, variants=["benign", "multi"], agents=["a"], models=["m"])
    asyncio.run(run(tmp_path / "run", plan, synthetic_trial,
                    RunConfig(limits=LimitsConfig(trials=4)), progress=False))  # fmt: skip
    page = write_report(tmp_path / "run", "html")
    assert CHROMIUM is not None
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", page.as_uri()]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    dom = proc.stdout
    assert proc.returncode == 0, proc.stderr[-2000:]
    # the browser parsed the inline SVG into elements: 2x2 heatmap cells, bars with whiskers
    assert dom.count('<g class="cell">') == 4
    assert '<svg class="plot bars"' in dom and 'class="bar"' in dom and 'class="ci"' in dom
    assert '<section class="trial"' in dom


def _dom(page: Path, profile: Path) -> str:
    assert CHROMIUM is not None
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={profile}", "--dump-dom", page.as_uri()]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


class _Tables(HTMLParser):
    """The rendered tables, by class: header cells and rows of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._rows: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._rows = self.tables.setdefault(dict(attrs).get("class") or "", [])
        elif tag == "tr" and self._rows is not None:
            self._rows.append([])
        elif tag in ("td", "th") and self._rows is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._rows is not None and self._cell is not None:
            self._rows[-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "table":
            self._rows = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


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
    dom = _dom(run_dir / "report.html", tmp_path / "profile")
    parser = _Tables()
    parser.feed(dom)
    header, *rows = parser.tables["stats by-variant"]
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
