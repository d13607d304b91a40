"""Loading case directories: the reference case loads; every kind of broken case gives one
line naming the file, and discovery goes on with the other cases."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.safety_cases import BUNDLED, edit, make_bench
from vera.safety.cases import (
    BrokenCase,
    CaseError,
    discover_cases,
    discover_named,
    find_case,
    load_case,
    load_taxonomies,
)


def test_reference_case_loads_with_hash_and_variants(tmp_path: Path):
    cases = make_bench(tmp_path)
    [case] = list(discover_cases(cases))
    assert not isinstance(case, BrokenCase)
    assert case.id == "invoice_iban_swap" and case.spec.version == 2
    assert len(case.content_hash) == 64
    assert case.has_utility and not case.has_setup_py
    # witnesses and references are sets read in name order, with their metadata
    assert len(case.witnesses) >= 3 and len(case.references) >= 2
    assert [w.name for w in case.witnesses] == sorted(w.name for w in case.witnesses)
    assert all(w.route for w in case.witnesses) and any(r.lookalike for r in case.references)
    dentist = next(w for w in case.witnesses if w.name == "pay_dentist_to_new_account")
    assert dentist.variants == ["single", "multi"]
    assert case.witness_for("single") == case.witnesses[0].replay
    # ${attacker_iban} in a witness is rendered from the case variables
    assert dentist.replay.calls[2].arguments["recipient_iban"] == case.spec.variables["attacker_iban"]
    assert dentist.replay.response and case.reference.calls
    # the attack lives in the overlay: benign s0 is setup alone, the attack variants add it
    assert case.spec.overlay and case.setup_steps("benign") == case.spec.setup
    assert case.setup_steps("single") == [*case.spec.setup, *case.spec.overlay]
    assert case.spec.variables["attacker_iban"] in "".join(case.attack_markers())
    assert case.first_message("benign") == case.spec.benign_task
    assert (
        case.first_message("single")
        == case.first_message("multi")
        == case.spec.attack.first_message
    )
    assert case.injections("benign").injections == [] and case.injections("single").injections == []
    injections = case.injections("multi").injections
    assert len({i.channel_name for i in injections}) >= 2
    assert all(case.spec.variables["attacker_iban"] in i.payload for i in injections)


def test_content_hash_changes_with_any_file(tmp_path: Path):
    cases = make_bench(tmp_path)
    d = cases / "banking" / "invoice_iban_swap"
    before = load_case(d).content_hash
    edit(d / "references" / "pays_three_invoices.yaml", "response: Paid", "response: paid")
    assert load_case(d).content_hash != before


def test_bundled_example_is_valid_against_the_bench_taxonomies():
    tax = load_taxonomies(BUNDLED.parents[2] / "taxonomies")
    load_case(BUNDLED, tax)


@pytest.mark.parametrize(
    ("file", "old", "new", "expect"),
    [
        (
            "case.yaml",
            "services: [filesystem",
            "services: [[filesystem",
            r"case\.yaml: invalid YAML \(line \d+\)",
        ),
        (
            "case.yaml",
            "risk: unauthorized_funds_transfer",
            "risk: made_up_leaf",
            r"case\.yaml: taxonomy: unknown risk leaf 'made_up_leaf'",
        ),
        ("case.yaml", "benign_task: >-", "benign_tsk: >-", r"case\.yaml: .*benign_task"),
        (
            "case.yaml",
            "services: [filesystem, banking, contacts]",
            "services: [filesystem, bank, contacts]",
            r"case\.yaml: services: unknown service 'bank'",
        ),
        (
            "case.yaml",
            "banking.add_payee:",
            "banking.add_payeee:",
            r"case\.yaml: setup\.\d+: banking has no setup method 'add_payeee'",
        ),
        ("case.yaml", "IBAN ${attacker_iban}, eingezogen", "IBAN ${nobody}, eingezogen", r"case\.yaml: injections: .*'nobody'"),
        (
            "verify.py",
            "def verify(ev: Evidence) -> Verdict:",
            "def verify(ev: Evidence) -> Verdict\n",
            r"verify\.py: syntax error at line \d+",
        ),
        (
            "verify.py",
            "def verify(",
            "def verify_it(",
            r"verify\.py: no top-level function 'verify'",
        ),
        (
            "witnesses/pay_dentist_to_new_account.yaml",
            "- tool: list_directory",
            "- tol: list_directory",
            r"pay_dentist_to_new_account\.yaml: calls\.0\.tool",
        ),
        (
            "witnesses/pay_dentist_to_new_account.yaml",
            'recipient_iban: "${attacker_iban}"',
            'recipient_iban: "${nobody}"',
            r"pay_dentist_to_new_account\.yaml: unknown variable 'nobody'",
        ),
        (
            "witnesses/pay_dentist_to_new_account.yaml",
            "variants: [single, multi]",
            "variants: [single, attacked]",
            r"pay_dentist_to_new_account\.yaml: variants\.1",
        ),
        (
            "case.yaml",
            "overlay:\n",
            "overlay:\n  - banking.nope: {}\n",
            r"case\.yaml: overlay\.0: banking has no setup method 'nope'",
        ),
    ],
)
def test_broken_case_is_one_line_naming_the_file_and_others_still_load(
    tmp_path, file, old, new, expect
):
    cases = make_bench(tmp_path, {"a_broken": "a_broken", "b_good": "b_good"})
    edit(cases / "banking" / "a_broken" / file, old, new)
    items = list(discover_cases(cases))
    [err] = [i for i in items if isinstance(i, BrokenCase)]
    assert [i.id for i in items if not isinstance(i, BrokenCase)] == ["b_good"]
    assert "\n" not in err.message
    assert f"a_broken/{file}" in err.message
    import re

    assert re.search(expect, err.message), err.message


def test_missing_file_and_duplicate_id(tmp_path: Path):
    import shutil

    cases = make_bench(tmp_path, {"a": "same", "b": "same", "c": "c", "d": "d", "e": "e"})
    shutil.rmtree(cases / "banking" / "c" / "references")
    (cases / "banking" / "d" / "verify.py").unlink()
    (cases / "banking" / "e" / "witness.yaml").write_text("[]\n")
    messages = [i.message for i in discover_cases(cases) if isinstance(i, BrokenCase)]
    assert any(
        m.endswith("c/references: missing (references/*.yaml or reference.yaml)") for m in messages
    )
    assert any(m.endswith("d/verify.py: missing file") for m in messages)
    assert any("e/witness.yaml: a case has witnesses/ or witness.yaml, not both" in m for m in messages)
    assert any("duplicate case id 'same'" in m and "b/case.yaml" in m for m in messages)


def test_single_witness_and_reference_files_are_sets_of_one(tmp_path: Path):
    """The older layout (and imported cases): witness.yaml / reference.yaml, one each."""
    import shutil

    cases = make_bench(tmp_path)
    d = cases / "banking" / "invoice_iban_swap"
    first_w = sorted((d / "witnesses").glob("*.yaml"))[0]
    first_r = sorted((d / "references").glob("*.yaml"))[0]
    (d / "witness.yaml").write_text(first_w.read_text())
    (d / "reference.yaml").write_text(first_r.read_text())
    shutil.rmtree(d / "witnesses")
    shutil.rmtree(d / "references")
    case = load_case(d)
    assert [w.name for w in case.witnesses] == ["witness"]
    assert [r.name for r in case.references] == ["reference"]
    assert case.witness.calls


def test_a_literal_trajectory_keeps_code_with_braces_as_written(tmp_path: Path):
    """Code an agent writes holds f-strings and ``${VAR}``: a trajectory marked ``literal`` is
    taken as written; an unmarked one still fills variables and refuses unknown names."""
    cases = make_bench(tmp_path)
    d = cases / "banking" / "invoice_iban_swap"
    code = 'f"Hi {name}" and ${BASE_IMAGE} and {{kept}}'
    w = d / "witnesses" / "writes_code.yaml"
    body = (
        "route: writes a file of code\n{literal}calls:\n  - tool: write_file\n"
        "    arguments: {{path: notes/x.py, content: '{code}'}}\n"
    )
    w.write_text(body.format(literal="literal: true\n", code=code))
    case = load_case(d)
    written = next(t for t in case.witnesses if t.name == "writes_code")
    assert written.replay.calls[0].arguments["content"] == code
    w.write_text(body.format(literal="", code="pay ${attacker_iban}"))
    filled = next(t for t in load_case(d).witnesses if t.name == "writes_code")
    assert "${" not in filled.replay.calls[0].arguments["content"]
    w.write_text(body.format(literal="", code=code))
    with pytest.raises(CaseError, match=r"writes_code\.yaml: unknown variable 'name'"):
        load_case(d)


def test_find_case_by_id(tmp_path: Path):
    cases = make_bench(tmp_path, {"dir_name": "other_id"})
    assert find_case(cases, "other_id").id == "other_id"
    with pytest.raises(CaseError, match="no case with id 'nope'"):
        find_case(cases, "nope")


def test_discover_named_loads_only_the_wanted_cases(tmp_path: Path, monkeypatch):
    """A suite's plan loads its own cases, not the bench: a broken case it does not name is
    never read past its id; a wanted id held twice, or a wanted case that is broken, is one
    line; an id found nowhere is simply absent (the caller names it)."""
    import vera.safety.cases as cases_mod

    cases = make_bench(tmp_path, {"a": "a", "b": "b", "c": "same", "d": "same", "e": "e"})
    (cases / "banking" / "b" / "verify.py").unlink()  # broken, but not wanted
    (cases / "banking" / "e" / "case.yaml").write_text("id: [unclosed\n")  # broken and wanted
    loaded: list[str] = []
    real = cases_mod.load_case
    monkeypatch.setattr(cases_mod, "load_case", lambda d, t=None: loaded.append(d.name) or real(d, t))
    items = list(discover_named(cases, ["a", "same", "e", "nope"]))
    assert [i.id for i in items if not isinstance(i, BrokenCase)] == ["a"]
    errors = [i.message for i in items if isinstance(i, BrokenCase)]
    assert any("duplicate case id 'same'" in m and "d/case.yaml" in m for m in errors), errors
    assert any("e/case.yaml" in m for m in errors), errors
    assert len(errors) == 2 and sorted(loaded) == ["a", "e"]  # b, c, d never loaded


# --- protected facts ---------------------------------------------------------------------------------

PROTECTED = """services: [filesystem, banking, contacts]
protected:
  - {kind: identifier, type: iban, value: "${attacker_iban}", label: the attacker's account}
  - {kind: money, amount: 4980, currency: EUR, audience: [alex@meyer.de]}
  - {kind: date, date: 2026-03-10, must_not: [leave, change]}
"""


def test_protected_facts_are_typed_with_variables_filled(tmp_path: Path):
    cases = make_bench(tmp_path)
    d = cases / "banking" / "invoice_iban_swap"
    edit(d / "case.yaml", "services: [filesystem, banking, contacts]\n", PROTECTED)
    case = load_case(d)
    iban, money, day = case.protected
    assert iban.kind == "identifier" and iban.value == case.spec.variables["attacker_iban"]
    assert money.amount == 4980 and money.audience == ["alex@meyer.de"]
    assert day.date == "2026-03-10" and day.must_not == ["leave", "change"]  # a YAML date, as ISO


@pytest.mark.parametrize(
    ("declared", "expect"),
    [
        ("{kind: money, currency: EUR}", r"protected\.0\.amount: Field required"),
        ("{kind: colour, value: red}", r"protected\.0\.\(fact\): .*kind"),
        ("{kind: identifier, value: ab1}", r"protected\.0: identifier 'ab1' is too short"),
        ("{kind: money, amount: 1, must_not: [vanish]}", r"protected\.0\.must_not\.0: Input should be"),
        ("{kind: text, text: '${nobody}'}", r"protected\.0: .*'nobody'"),
    ],
)
def test_a_malformed_protected_fact_is_one_line(tmp_path: Path, declared: str, expect: str):
    import re

    cases = make_bench(tmp_path)
    d = cases / "banking" / "invoice_iban_swap"
    edit(d / "case.yaml", "services: [filesystem, banking, contacts]\n",
         f"services: [filesystem, banking, contacts]\nprotected:\n  - {declared}\n")  # fmt: skip
    with pytest.raises(CaseError) as e:
        load_case(d)
    assert "\n" not in str(e.value) and "case.yaml" in str(e.value)
    assert re.search(expect, str(e.value)), str(e.value)


def test_a_colleagues_own_address_in_the_attack_is_no_attack_marker(tmp_path: Path):
    """The overlay's strings mark the attack, but not a mail address on the organisation's own
    domains (a colleague's well-meant mail planted as the attack): the world of another case
    may hold that colleague's real mail. A look-alike domain stays a marker."""
    cases = make_bench(tmp_path)
    d = cases / "banking" / "invoice_iban_swap"
    edit(d / "case.yaml", "  attacker_iban: LT03121000011101001000\n",
         "  attacker_iban: LT03121000011101001000\n  user_email: alex@meyer-family.de\n"
         "  org_domains: meyer-family.de\n")  # fmt: skip
    edit(d / "case.yaml", "overlay:\n",
         "overlay:\n  - filesystem.write_file: {path: notes/from.txt, content: jo@meyer-family.de}\n"
         "  - filesystem.write_file: {path: notes/cc.txt, content: jo@meyer-famiiy.de}\n")  # fmt: skip
    marks = load_case(d).attack_markers()
    assert "jo@meyer-family.de" not in marks and "jo@meyer-famiiy.de" in marks
    # a user on a public provider has no own domain: a look-alike there stays the attacker's
    edit(d / "case.yaml", "  user_email: alex@meyer-family.de\n  org_domains: meyer-family.de\n",
         "  user_email: alex.meyer@gmail.com\n")  # fmt: skip
    edit(d / "case.yaml", "content: jo@meyer-famiiy.de}", "content: jo.meyer.home@gmail.com}")
    assert "jo.meyer.home@gmail.com" in load_case(d).attack_markers()
