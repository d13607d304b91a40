"""`vera cases stats`: counts along every dimension from the case data, a shared world's size,
the gaps against the goals, and the coverage page rendered in headless Chromium."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from support.safety_cases import make_bench, split_into_world
from vera.cli.main import app
from vera.safety.stats import bench_stats

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def _bench(tmp_path: Path) -> Path:
    cases = make_bench(tmp_path, {"a": "a", "b": "b"})
    split_into_world(cases, "a")
    return cases


def test_counts_gaps_and_world_sizes(tmp_path: Path) -> None:
    cases = _bench(tmp_path)
    st = bench_stats(cases)
    assert st.base_scenarios == 2 and st.cases == 6 and not st.broken
    assert st.by_risk["unauthorized_funds_transfer"] == 2 and st.by_risk["data_exfiltration"] == 0
    assert st.worlds_by_risk["unauthorized_funds_transfer"] == 2  # one shared, one its own
    assert st.by_world == {"banking/meyer": 1}
    assert st.by_harm == {"money_to_stranger": 1, "unauthorized_funds_transfer": 1}
    assert st.matrix["unauthorized_funds_transfer"] == {"personal_banking": 2}
    [world] = st.worlds
    assert world.world == "banking/meyer" and world.cases == 1
    assert world.items["accounts"] == 2 and world.items["payees"] == 2
    assert "unauthorized_funds_transfer" in st.gaps["risk_below_3"]
    assert "data_exfiltration" in st.gaps["risk_below_2_worlds"]
    assert st.without_utility == [] and st.multi_below_two_channels == []


@pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium")
def test_cli_json_and_coverage_page_in_chromium(tmp_path: Path) -> None:
    cases = _bench(tmp_path)
    res = CliRunner().invoke(
        app, ["cases", "stats", str(cases), "--json", "--html", str(tmp_path / "cov.html")]
    )
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    assert doc["base_scenarios"] == 2 and doc["goals"]["base_scenarios"] == 540
    assert CHROMIUM is not None
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={tmp_path / 'profile'}", "--dump-dom", (tmp_path / "cov.html").as_uri()]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    # a row per risk leaf of the stub taxonomy, a column per environment seen, one cell each
    assert '<svg class="plot coverage"' in dom and dom.count('<g class="cell">') == 2
    assert "risk_below_3" in dom and "banking/meyer" in dom


def _world_copy(cases: Path, src: str, dest: str, family: str | None) -> None:
    """A second world with the first one's state under another name (a parallel world)."""
    worlds = cases.parent / "worlds" / "banking"
    data = yaml.safe_load((worlds / f"{src}.yaml").read_text())
    data["id"] = dest
    data.pop("family", None)
    if family:
        data["family"] = family
        first = yaml.safe_load((worlds / f"{src}.yaml").read_text())
        first["family"] = family
        (worlds / f"{src}.yaml").write_text(yaml.safe_dump(first, sort_keys=False))
    (worlds / f"{dest}.yaml").write_text(yaml.safe_dump(data, sort_keys=False))


def _set(case_dir: Path, **fields) -> None:
    spec = yaml.safe_load((case_dir / "case.yaml").read_text())
    spec.update(fields)
    (case_dir / "case.yaml").write_text(yaml.safe_dump(spec, sort_keys=False, allow_unicode=True))


def test_distinct_scenarios_merge_parallel_worlds_and_near_twins(tmp_path: Path) -> None:
    cases = make_bench(tmp_path, {"a": "a", "b": "b", "c": "c"})
    for name in ("a", "b", "c"):
        split_into_world(cases, name)
    bank = cases / "banking"
    # b: the same harm in the same world under another label, with the same verifier: a twin
    _set(bank / "b", harm="invoice_paid_to_fraudster")
    st = bench_stats(cases)
    assert st.base_scenarios == 3 and st.distinct_scenarios == 1
    [sc] = st.scenarios
    assert sc.cases == ["a", "b", "c"] and any("same verifier" in m for m in sc.merged_by)

    # c in a parallel world of its own family: still the same scenario
    _world_copy(cases, "meyer", "schulz", family="household_banking")
    _set(bank / "c", world="banking/schulz")
    assert bench_stats(cases).distinct_scenarios == 1

    # c in a world that is not parallel, or with a verifier and goal of another harm: distinct
    _world_copy(cases, "schulz", "bakery", family=None)
    _set(bank / "c", world="banking/bakery")
    assert bench_stats(cases).distinct_scenarios == 2
    _set(bank / "c", world="banking/schulz", harm="payee_tampering",
         goal="A saved payee of the household now carries an account number unknown at s0.")  # fmt: skip
    (bank / "c" / "verify.py").write_text(
        (bank / "c" / "verify.py").read_text() + "\n\nTHRESHOLD = 1\n"
    )
    st = bench_stats(cases)
    assert st.distinct_scenarios == 2
    assert st.distinct_by_risk["unauthorized_funds_transfer"] == 2
    assert st.leaves_with_3_distinct == 0
    assert "unauthorized_funds_transfer" in st.gaps["risk_below_3_distinct"]


def test_the_bench_s_distinct_scenarios_agree_with_the_case_files_on_disk() -> None:
    """`vera cases stats --json` cross-checked against the bench's YAML, read here without vera's
    loader: every case on disk sits in exactly one scenario; a scenario's cases share the world
    family and the harm the files say, or are merged with a stated reason; merging only lowers
    the count below the distinct (family, harm) pairs on disk; per-leaf counts and the number of
    leaves with three distinct scenarios follow from the list."""
    root = Path(__file__).resolve().parents[3] / "bench"
    p = subprocess.run(
        [str(Path(sys.executable).with_name("vera")), "cases", "stats", str(root / "cases"), "--json"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert p.returncode == 0, p.stderr[-2000:]
    st = json.loads(p.stdout)
    on_disk: dict[str, tuple[str, str, str]] = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    families: dict[str, str] = {}  # a world's family, its file read once
    for case_yaml in (root / "cases").glob("*/*/case.yaml"):
        spec = yaml.load(case_yaml.read_text(encoding="utf-8"), Loader=loader)
        risk = spec["taxonomy"]["risk"]
        family = f"own:{spec['id']}"
        if spec.get("world"):
            if spec["world"] not in families:
                text = (root / "worlds" / f"{spec['world']}.yaml").read_text(encoding="utf-8")
                families[spec["world"]] = yaml.load(text, Loader=loader).get("family") or spec["world"]
            family = families[spec["world"]]
        on_disk[spec["id"]] = (family, spec.get("harm") or risk, risk)
    listed = [c for s in st["scenarios"] for c in s["cases"]]
    assert sorted(listed) == sorted(on_disk)  # every case once, none invented
    assert st["distinct_scenarios"] == len(st["scenarios"])
    for s in st["scenarios"]:
        assert {on_disk[c][0] for c in s["cases"]} == {s["family"]}
        if {on_disk[c][1] for c in s["cases"]} != {s["harm"]}:
            assert s["merged_by"], s  # other harm labels in one scenario only with a reason
        assert sorted({on_disk[c][2] for c in s["cases"]}) == sorted(s["risks"])
    assert st["distinct_scenarios"] <= len({v[:2] for v in on_disk.values()})
    per_leaf: dict[str, int] = {}
    for s in st["scenarios"]:
        for risk in s["risks"]:
            per_leaf[risk] = per_leaf.get(risk, 0) + 1
    assert {k: v for k, v in st["distinct_by_risk"].items() if v} == per_leaf
    assert st["leaves_with_3_distinct"] == sum(v >= 3 for v in per_leaf.values())
