"""The one agent registry (``vera.agents.registry``) and the plug-in registry it is made of
(``vera.plugins.Registry``): names, pillars and arguments resolved in one place, planning errors
in one line, built-ins never replaced, entry points read once and only when used."""

from __future__ import annotations

from importlib.metadata import EntryPoint

import pytest

from vera import plugins
from vera.agents.registry import (
    AGENTS,
    HARDEN_KINDS,
    AgentEntry,
    AgentNameError,
    names_for,
    needs_model,
    resolve,
)
from vera.plugins import PluginError, Registry
from vera.safety.run import SuiteError, plan_trials


def test_every_agent_of_both_pillars_is_registered_once() -> None:
    assert names_for("safety") == [
        "builtin", "oracle-violation", "oracle-benign", "replay:FILE", "nop",
        "claude-code", "codex", "hermes", "openclaw", "mcp-command",
    ]  # fmt: skip
    assert names_for("harden") == [
        "nop", "oracle", "script:FILE", "exploit:NAME", "terminal", "claude-code", "codex",
    ]  # fmt: skip
    for entry in AGENTS.values():
        assert entry.description and "\n" not in entry.description
        if "harden" in entry.pillars:
            assert entry.harden_kind in HARDEN_KINDS
        if "safety" in entry.pillars:
            assert entry.build is not None
    assert {e.replays for e in AGENTS.values()} == {None, "witness", "reference", "file"}


def test_resolve_names_arguments_and_pillars() -> None:
    assert resolve("exploit:reward_file_write", "harden")[1] == "reward_file_write"
    assert resolve("nop", "harden")[0] is resolve("nop", "safety")[0]
    with pytest.raises(AgentNameError, match=r"^agent script needs an argument: script:FILE$"):
        resolve("script", "harden")
    with pytest.raises(AgentNameError, match="takes no argument"):
        resolve("builtin:x", "safety")
    with pytest.raises(AgentNameError, match=r"unknown agent 'terminal' for safety \(use builtin,"):
        resolve("terminal", "safety")
    with pytest.raises(AgentNameError, match=r"unknown agent 'oracel' \(use "):
        resolve("oracel")
    assert not needs_model("oracle-benign") and needs_model("codex")
    assert needs_model("no-such-agent")  # unknown: assume it does (the model is checked)


def test_planning_refuses_an_agent_of_the_other_pillar_in_one_line(tmp_path) -> None:
    with pytest.raises(SuiteError) as e:
        plan_trials([], agents=["terminal"])
    assert str(e.value).startswith("unknown agent 'terminal' for safety (use builtin, ")
    assert "\n" not in str(e.value)


def test_a_replay_file_is_read_at_planning_and_named_absolutely(tmp_path, monkeypatch) -> None:
    from support.safety_cases import make_bench
    from vera.safety.cases import load_case

    case = load_case(make_bench(tmp_path) / "banking" / "invoice_iban_swap")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SuiteError) as e:
        plan_trials([case], agents=["replay:nope.yaml"], variants=["benign"])
    assert str(e.value).startswith("agent replay:nope.yaml: ") and "\n" not in str(e.value)
    (tmp_path / "t.yaml").write_text("calls:\n- tool: list_accounts\n")
    [spec] = plan_trials([case], agents=["replay:t.yaml"], variants=["benign"])
    assert spec.agent == f"replay:{tmp_path / 't.yaml'}"


def test_a_plugin_never_replaces_a_built_in_and_names_its_package(monkeypatch) -> None:
    reg: Registry[int] = Registry("thing", "vera.test-things")
    reg.register("one", 1, builtin=True)
    with pytest.raises(ValueError, match="registered twice"):
        reg.register("one", 2, builtin=True)
    ep = EntryPoint(name="one", value="somewhere:ONE", group="vera.test-things")
    monkeypatch.setattr(plugins, "plugin_entry_points", lambda group: [ep] if group == reg.group else [])
    monkeypatch.setattr(EntryPoint, "load", lambda self: 7)
    with pytest.raises(PluginError, match=r"thing 'one' is a built-in name"):
        reg.load_plugins()


def test_entry_points_are_read_once_and_only_when_the_registry_is_used(monkeypatch) -> None:
    calls: list[str] = []
    ep = EntryPoint(name="two", value="elsewhere:TWO", group="vera.test-things")

    def fake(group: str) -> list[EntryPoint]:
        calls.append(group)
        return [ep]

    monkeypatch.setattr(plugins, "plugin_entry_points", fake)
    monkeypatch.setattr(EntryPoint, "load", lambda self: 2)
    reg: Registry[int] = Registry("thing", "vera.test-things", lazy={"one": "math:pi"})
    assert reg.names(plugins=False) == ["one"] and reg.builtins() == {"one": pytest.approx(3.14159)}
    assert calls == []  # a help text reads no entry point
    assert list(reg) == ["one", "two"] and reg["two"] == 2 and "two" in reg
    assert calls == ["vera.test-things"]
    assert reg.source("one") == "vera" and "elsewhere:TWO" in reg.source("two")


def test_a_plugin_agent_entry_is_checked() -> None:
    reg = Registry("agent", "vera.test-agents", check=AGENTS._check)
    bad = AgentEntry(name="x", description="d", pillars=("safety",), needs_model=False)
    with pytest.raises(PluginError, match="a safety agent needs build"):
        reg.register("x", bad)
