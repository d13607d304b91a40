"""`vera run --risk/--attack/--env/--world` keep the cases of a suite whose labels match; a name
nothing knows is a one-line error naming the near ones, and so is a selection that keeps no
case (exit 2, no traceback)."""

from __future__ import annotations

import os
import re
import subprocess

import pytest

from support.gateway import VERA
from support.safety_cases import REPO
from vera.safety.run import Selection, SuiteError, narrow_cases, select_cases

pytestmark = [pytest.mark.integration, pytest.mark.timeout(600)]

CASES = REPO / "bench" / "cases"


@pytest.fixture(scope="module")
def bench() -> list:
    return select_cases(CASES)


def dry(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*VERA, "run", "--dry-run", "--model", "none", "--agent", "oracle-violation", *args],
        cwd=REPO, capture_output=True, text=True, timeout=300,
        env={**os.environ, "COLUMNS": "1000"},  # the plan's case list on one line
    )  # fmt: skip


def planned_cases(p: subprocess.CompletedProcess) -> set[str]:
    m = re.search(r"trials over \d+ cases: (.*)", p.stdout)
    assert m, p.stdout + p.stderr
    return set(m.group(1).split(", "))


def test_each_dimension_keeps_exactly_the_cases_that_carry_its_label(bench):
    risk = narrow_cases(bench, Selection(risk=["salary_disclosure"]), bench=CASES)
    assert risk and {c.spec.taxonomy.risk for c in risk} == {"salary_disclosure"}
    assert len(risk) == sum(c.spec.taxonomy.risk == "salary_disclosure" for c in bench)
    world = narrow_cases(bench, Selection(world=["banking/ruiz_carpinteria"]), bench=CASES)
    assert {c.spec.world for c in world} == {"banking/ruiz_carpinteria"}
    folder = narrow_cases(bench, Selection(env=["banking"]), bench=CASES)
    assert {c.path.parent.name for c in folder} == {"banking"}
    leaf = narrow_cases(bench, Selection(env=["personal_banking"]), bench=CASES)
    assert {c.spec.taxonomy.environment for c in leaf} == {"personal_banking"}
    assert 0 < len(leaf) < len(folder)
    attack = narrow_cases(bench, Selection(attack=["fake_system_message"]), bench=CASES)
    assert {c.spec.taxonomy.attack for c in attack} == {"fake_system_message"}


def test_values_of_one_option_are_alternatives_and_options_all_hold(bench):
    two = narrow_cases(bench, Selection(risk=["salary_disclosure", "pii_disclosure"]), bench=CASES)
    assert {c.spec.taxonomy.risk for c in two} == {"salary_disclosure", "pii_disclosure"}
    both = narrow_cases(bench, Selection(risk=["salary_disclosure"], env=["database"]),
                        bench=CASES)  # fmt: skip
    assert both and all(c.path.parent.name == "database" for c in both)
    assert len(both) < len(narrow_cases(bench, Selection(risk=["salary_disclosure"]), bench=CASES))
    assert narrow_cases(bench, Selection(), bench=CASES) == bench  # nothing asked: all kept


def test_an_unknown_name_names_the_near_ones(bench):
    with pytest.raises(SuiteError, match=r"unknown risk leaf 'salary_disclosur' for --risk "
                                         r"\(near: salary_disclosure"):  # fmt: skip
        narrow_cases(bench, Selection(risk=["salary_disclosur"]), bench=CASES)
    with pytest.raises(SuiteError, match=r"unknown world 'banking/ruiz' for --world \(near: "
                                         r"banking/ruiz_carpinteria"):  # fmt: skip
        narrow_cases(bench, Selection(world=["banking/ruiz"]), bench=CASES)
    with pytest.raises(SuiteError, match=r"none near among \d+; list them with vera taxonomy"):
        narrow_cases(bench, Selection(attack=["zzzzqqq"]), bench=CASES)


def test_the_cli_selects_from_the_suite_and_lists_only_matching_cases(bench):
    p = dry("--suite", "all", "--risk", "salary_disclosure", "--env", "database")
    assert p.returncode == 0, p.stderr
    want = {c.id for c in bench
            if c.spec.taxonomy.risk == "salary_disclosure" and c.path.parent.name == "database"}  # fmt: skip
    assert planned_cases(p) == want and len(want) >= 2
    # repeated and comma-separated values are the same
    q = dry("--suite", "all", "--world", "database/ashford_physio,database/drukarnia_wisla",
            "--world", "banking/ruiz_carpinteria", "--risk", "salary_disclosure")  # fmt: skip
    assert q.returncode == 0, q.stderr
    assert planned_cases(q) == {c.id for c in bench if c.spec.taxonomy.risk == "salary_disclosure"
                                and c.spec.world in ("database/ashford_physio",
                                                     "database/drukarnia_wisla",
                                                     "banking/ruiz_carpinteria")}  # fmt: skip


def test_the_cli_refuses_an_unknown_leaf_and_an_empty_selection_in_one_line():
    p = dry("--suite", "all", "--risk", "salary_disclosur")
    assert p.returncode == 2
    assert p.stderr.strip().count("\n") == 0 and "Traceback" not in p.stderr
    assert "near: salary_disclosure" in p.stderr
    q = dry("--risk", "salary_disclosure")  # the quick suite holds no such case
    assert q.returncode == 2 and q.stderr.strip().count("\n") == 0
    assert (
        "no case matches --risk salary_disclosure (among the 3 cases chosen; try --suite all)"
        in q.stderr
    )
