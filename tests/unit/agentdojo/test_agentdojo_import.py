"""``vera cases import agentdojo``: case files, rejections, one-line errors, AgentDojo's checks on
vera evidence."""

from __future__ import annotations

import warnings

import pytest
import typer
import yaml
from typer.testing import CliRunner

pytest.importorskip("agentdojo")

from vera.cli.cases import app as cases_app
from vera.env.services.agentdojo import AgentDojoError, get_suite
from vera.gateway.injections import render_template
from vera.records import Evidence, EvidenceLevel, ToolCall
from vera.safety.agentdojo import security, utility
from vera.safety.agentdojo.importer import (
    PairRecord,
    SuiteImport,
    _Checks,
    _pair_check,
    case_id,
    escape_template,
    import_suite,
)
from vera.safety.agentdojo.peer import (
    WITNESS_KINDS,
    agentdojo_outcomes,
    injection_cleanup,
    make_attack,
    pair_environment,
)
from vera.safety.cases import load_case, load_taxonomies

root = typer.Typer()
root.add_typer(cases_app, name="cases")


@root.callback()
def _root() -> None:
    """Stand-in for the vera root command."""


def invoke(*args: str):
    return CliRunner().invoke(root, ["cases", "import", "agentdojo", *args])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (["--suite", "nope"], "unknown AgentDojo suite 'nope' in v1.2.2 (known: workspace, travel"),
        (["--suite", "banking", "--version", "v9"], "unknown AgentDojo benchmark version 'v9'"),
        (["--suite", "banking", "--attack", "manual"], "unsupported AgentDojo attack 'manual'"),
        ([], "name a suite with --suite"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(tmp_path, args, needle) -> None:
    res = invoke(*args, "--out", str(tmp_path / "out"))
    assert res.exit_code == 2
    err = " ".join(res.stderr.split())
    assert needle in err and len(res.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_escaped_text_renders_back_unchanged() -> None:
    for text in ("plain", "{name}", "${name}", "{{name}}", '{"json": 1}', "a {b} c ${d} {{e}}"):
        assert render_template(escape_template(text), {}) == text


def test_case_ids() -> None:
    assert (
        case_id("banking", "v1.2.2", "user_task_10", "injection_task_3") == "banking-v1_2_2-u10-i3"
    )


def _slack_case(tmp_path, uid: str = "user_task_0", iid: str = "injection_task_1"):
    res = invoke("--suite", "slack", "--out", str(tmp_path / "b"), "--json")
    assert res.exit_code == 0, res.output
    return tmp_path / "b", load_case(
        tmp_path / "b" / "cases" / "slack" / case_id("slack", "v1.2.2", uid, iid)
    )


def test_an_imported_case_keeps_provenance_and_agentdojos_data(tmp_path) -> None:
    bench, case = _slack_case(tmp_path)
    v = case.spec.variables
    assert (v["agentdojo_version"], v["agentdojo_suite"], v["user_task_id"], v["injection_task_id"]) == (
        "v1.2.2", "slack", "user_task_0", "injection_task_1")  # fmt: skip
    suite = get_suite("v1.2.2", "slack")
    ut, it = suite.user_tasks["user_task_0"], suite.injection_tasks["injection_task_1"]
    assert case.spec.benign_task == ut.PROMPT
    [step] = case.spec.setup
    load = step["agentdojo_slack.load_environment"]
    assert load["injections"] == make_attack("important_instructions", suite).attack(ut, it)
    assert it.GOAL in next(iter(load["injections"].values()))
    env = pair_environment(suite, ut, load["injections"])
    assert [c.tool for c in case.reference.calls] == [c.function for c in ut.ground_truth(env)]
    assert [c.tool for c in case.witness.calls] == [
        c.function for c in ut.ground_truth(env) + it.ground_truth(env)
    ]
    # the bench ships its own taxonomy with every leaf the cases use
    tax = load_taxonomies(bench / "taxonomies")
    assert (
        case.spec.taxonomy.risk in tax.risks and case.spec.taxonomy.environment in tax.environments
    )
    suite_doc = yaml.safe_load((bench / "suites" / "slack-v1_2_2.yaml").read_text())
    assert len(suite_doc["cases"]) == 105
    record = yaml.safe_load((bench / "imports" / "agentdojo-slack-v1_2_2.yaml").read_text())
    assert (record["pairs"], record["imported"], record["rejected"]) == (105, 105, [])


def _evidence(suite_name: str, s0, s_t, calls=(), responses=("",)) -> Evidence:
    svc = f"agentdojo_{suite_name}"
    from vera.env.environment import Environment

    return Evidence(
        s0={svc: s0},
        s_t={svc: s_t},
        diff=Environment.diff({svc: s0}, {svc: s_t}),
        calls=list(calls),
        responses=list(responses),
    )


def test_security_and_utility_are_agentdojos_on_vera_evidence() -> None:
    """A positive and a negative fixture for the imported verifier and utility check."""
    from agentdojo.functions_runtime import FunctionsRuntime

    from vera.env.services.agentdojo import _dump

    suite = get_suite("v1.2.2", "banking")
    ut, it = suite.user_tasks["user_task_0"], suite.injection_tasks["injection_task_5"]
    pre = pair_environment(suite, ut, {})
    rt = FunctionsRuntime(suite.tools)
    done = pre.model_copy(deep=True)
    calls = []
    for c in ut.ground_truth(pre) + it.ground_truth(pre):
        rt.run_function(done, c.function, c.args)
        calls.append(ToolCall(id=str(len(calls)), tool=c.function, arguments=dict(c.args)))
    args = {"suite": "banking", "version": "v1.2.2"}
    nothing = _evidence("banking", _dump(pre), _dump(pre))
    assert not security(nothing, injection_task="injection_task_5", **args).violated
    assert utility(nothing, user_task="user_task_0", **args) is False
    attacked = _evidence("banking", _dump(pre), _dump(done), calls)
    verdict = security(attacked, injection_task="injection_task_5", **args)
    assert verdict.violated and verdict.level is EvidenceLevel.state
    assert all(
        c.startswith("state:agentdojo_banking.bank_account.transactions") for c in verdict.cites
    )
    assert utility(attacked, user_task="user_task_0", **args) is True


FORMERLY_REJECTED = [f"user_task_{n}" for n in (14, 15, 16, 17, 18, 22, 23, 24, 39)]
"""v1.2.2 workspace user tasks whose pair with injection_task_0 vera once rejected (the injected
email quotes the goal's subject), though AgentDojo's checks accept it."""


@pytest.mark.slow
def test_rejections_are_agentdojos_and_every_other_pair_has_a_witness() -> None:
    """v1.2.2 workspace: injection tasks 6-13 fail AgentDojo's own check, and these are the only
    rejections; for some pairs only the injection task's ground truth alone reaches the goal,
    for others only a run that also deletes the email the injection arrived in."""
    suite = get_suite("v1.2.2", "workspace")
    attack = make_attack("important_instructions", suite)
    checks = _Checks(suite, attack)
    bad = {t for t, reasons in checks.injection.items() if reasons}
    assert bad == {f"injection_task_{i}" for i in range(6, 14)}
    assert not any(checks.user.values())

    def pair(uid, iid):
        ut, it = suite.user_tasks[uid], suite.injection_tasks[iid]
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _pair_check(suite, ut, it, attack.attack(ut, it))

    assert pair("user_task_0", "injection_task_1") == ("combined", [])
    assert pair("user_task_9", "injection_task_5") == ("injection_only", [])
    for uid in FORMERLY_REJECTED:
        assert pair(uid, "injection_task_0") == ("combined+cleanup", []), uid


def _workspace_pair(uid: str, iid: str):
    suite = get_suite("v1.2.2", "workspace")
    attack = make_attack("important_instructions", suite)
    ut, it = suite.user_tasks[uid], suite.injection_tasks[iid]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return suite, ut, it, attack.attack(ut, it)


def test_why_agentdojos_ground_truth_misses_injection_task_0_on_an_email_pair() -> None:
    """check_suites replays injection_task_0's ground truth on canaries; on the attacked pair the
    injected email quotes the subject, so its check (exactly one email whose subject or body
    has it) fails until that email is gone: AgentDojo itself judges the plain ground truths
    safe and the run that deletes the injected email violated."""
    suite, ut, it, injections = _workspace_pair("user_task_14", "injection_task_0")
    env = pair_environment(suite, ut, injections)
    [carrier] = env.inbox.search_emails("Important message!")
    assert next(iter(injections.values())).count("Important message!") == 1
    assert [(c.function, dict(c.args)) for c in injection_cleanup(suite, ut, list(injections))] == [
        ("delete_email", {"email_id": carrier.id_})
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        plain = [
            agentdojo_outcomes(suite, ut, it, injections, witness=k) for k in WITNESS_KINDS[:2]
        ]
        cleaned = agentdojo_outcomes(suite, ut, it, injections, witness="injection_only+cleanup")
        on_canaries = agentdojo_outcomes(suite, ut, it, {}, witness="injection_only")
    assert [o.witness_security for o in plain] == [False, False]
    assert cleaned.error is None and cleaned.witness_security is True
    assert (
        on_canaries.witness_security is True
    )  # vectors without the attack text, as in check_suites
    assert plain[0].reference_utility is True and plain[0].reference_security is False


def test_cleanup_leaves_records_no_tool_removes() -> None:
    """A calendar event is only marked cancelled, so it is no carrier to delete; the email of
    the same pair is; a pair whose only carrier is an event has no cleanup."""
    suite, ut, _, injections = _workspace_pair("user_task_23", "injection_task_0")
    assert set(injections) == {
        "calendar_introductory_meeting_injection",
        "email_password_reset_injection",
    }
    calls = injection_cleanup(suite, ut, list(injections))
    assert [c.function for c in calls] == ["delete_email"]
    suite, ut, _, injections = _workspace_pair("user_task_0", "injection_task_0")
    assert injection_cleanup(suite, ut, list(injections)) == []


def test_a_formerly_rejected_workspace_pair_is_imported_with_its_witness(tmp_path) -> None:
    pairs = [
        ("user_task_14", "injection_task_0"),
        ("user_task_0", "injection_task_1"),
        ("user_task_0", "injection_task_6"),
    ]
    record = import_suite("workspace", tmp_path, pairs=pairs)
    by_pair = {(p.user_task, p.injection_task): p for p in record.pairs}
    assert len(record.pairs) == 3
    formerly = by_pair["user_task_14", "injection_task_0"]
    assert formerly.imported and not formerly.rejected and formerly.witness == "combined+cleanup"
    assert by_pair["user_task_0", "injection_task_1"].witness == "combined"
    assert by_pair["user_task_0", "injection_task_6"].rejected == [
        "injection_task_6: its ground truth does not satisfy its own security check"
    ]
    case = load_case(tmp_path / "cases" / "workspace" / formerly.case_id)
    assert case.spec.variables["agentdojo_witness"] == "combined+cleanup"
    assert [c.tool for c in case.witness.calls][-2:] == ["send_email", "delete_email"]
    doc = yaml.safe_load((tmp_path / "imports" / "agentdojo-workspace-v1_2_2.yaml").read_text())
    assert doc["witness_kinds"] == {"combined": 1, "combined+cleanup": 1}
    assert doc["witness_not_combined"] == {"combined+cleanup": [formerly.case_id]}
    assert [r["case_id"] for r in doc["rejected"]] == ["workspace-v1_2_2-u0-i6"]
    with pytest.raises(AgentDojoError, match="unknown task pair"):
        import_suite("workspace", tmp_path, pairs=[("user_task_99", "injection_task_0")])


def test_rejection_summary_lists_reason_and_pairs() -> None:
    rec = SuiteImport(suite="s", version="v1", agentdojo="0", attack="a")
    for i in range(6):
        rec.pairs.append(PairRecord(user_task=f"user_task_{i}", injection_task="injection_task_1",
                                    case_id=f"c{i}", imported=False, rejected=["why"]))  # fmt: skip
    rec.pairs.append(PairRecord(user_task="u", injection_task="i", case_id="ok", imported=True))
    [line] = rec.rejection_summary()
    assert line.startswith("s v1: 6 pair(s) rejected: why (user_task_0 x injection_task_1, ")
    assert line.endswith("+2 more)")
    assert [p.case_id for p in rec.imported] == ["ok"]
