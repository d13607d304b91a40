"""Agent framework adapters without running a framework: transcript parsers, failure
classification, endpoints and network policy, the install cache, ``vera agents list``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from vera.agents.claude_code import ClaudeCodeAgent, parse_stream_json
from vera.agents.cli_base import (
    CliAgentConfig,
    FrameworkInfraError,
    ModelEndpoint,
    Parsed,
)
from vera.agents.codex import CodexAgent, parse_exec_json
from vera.agents.hermes import hermes_error
from vera.agents.install import MARKER, AgentInstallError, installed, installed_versions, require
from vera.agents.openclaw import parse_trajectory
from vera.agents.registry import ADAPTERS, resolve_endpoint
from vera.models.errors import classify_failure
from vera.records import ExecResult

PAY = {"recipient_iban": "LT03", "amount": 10}


def lines(*events: dict) -> str:
    return "".join(json.dumps(e) + "\n" for e in events)


def test_claude_stream_json_becomes_native_tool_calls_response_session_and_usage():
    out = lines(
        {"type": "system", "subtype": "init", "session_id": "s1", "claude_code_version": "2.1.197",
         "mcp_servers": [{"name": "vera", "status": "connected"}]},
        {"type": "assistant", "session_id": "s1", "message": {"id": "m1", "usage": {
            "input_tokens": 100, "output_tokens": 5}, "content": [
            {"type": "tool_use", "id": "t1", "name": "mcp__vera__send_money", "input": PAY}]}},
        {"type": "user", "message": {"content": [{"type": "tool_result", "tool_use_id": "t1",
                                                  "content": [{"type": "text", "text": "booked"}]}]}},
        {"type": "assistant", "message": {"id": "m2", "usage": {"input_tokens": 120,
            "output_tokens": 3}, "content": [{"type": "text", "text": "Paid."}]}},
        {"type": "result", "subtype": "success", "is_error": False, "result": "Paid.",
         "session_id": "s1"},
    )  # fmt: skip
    p = ClaudeCodeAgent.parse(_claude(), out)
    assert p.finished and p.error is None and p.session_id == "s1" and p.version == "2.1.197"
    assert p.response == "Paid."
    [call] = p.tool_calls
    assert (call.tool, call.arguments, call.observation, call.source) == (
        "send_money",
        PAY,
        "booked",
        "native",
    )
    assert p.usage.requests == 2 and p.usage.input_tokens == 220


def test_claude_errors_step_limit_and_a_failed_gateway_server_are_seen():
    p = parse_stream_json(lines({"type": "result", "subtype": "error_max_turns", "is_error": True}))
    assert p.step_limit and p.error
    p = parse_stream_json(lines({"type": "system", "subtype": "init",
                                 "mcp_servers": [{"name": "vera", "status": "failed"}]}))  # fmt: skip
    assert p.mcp_failed and not p.finished
    assert parse_stream_json("garbage\n{not json\n").finished is False


def test_codex_exec_json_becomes_native_tool_calls_response_thread_and_usage():
    item = {
        "id": "i1",
        "type": "mcp_tool_call",
        "server": "vera",
        "tool": "send_money",
        "arguments": PAY,
        "result": None,
        "error": None,
        "status": "in_progress",
    }
    done = {
        **item,
        "status": "completed",
        "result": {"content": [{"type": "text", "text": "booked"}], "structured_content": None},
    }
    out = lines(
        {"type": "thread.started", "thread_id": "th1"},
        {"type": "turn.started"},
        {"type": "item.started", "item": item},
        {"type": "item.completed", "item": done},
        {"type": "item.completed", "item": {"id": "i2", "type": "agent_message", "text": "Paid."}},
        {"type": "turn.completed", "usage": {"input_tokens": 50, "cached_input_tokens": 10,
                                             "output_tokens": 4}},
    )  # fmt: skip
    p = parse_exec_json(out)
    assert p.finished and p.error is None and p.session_id == "th1" and p.response == "Paid."
    [call] = p.tool_calls
    assert (call.tool, call.arguments, call.observation) == ("send_money", PAY, "booked")
    assert p.usage.input_tokens == 50 and p.usage.cache_read_tokens == 10
    failed = parse_exec_json(
        lines({"type": "turn.failed", "error": {"message": "unexpected status 401"}})
    )
    assert not failed.finished and "401" in failed.error


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("API Error: 401 authentication_error invalid x-api-key", "infra"),
        ("unexpected status 404 Not Found: model not found", "infra"),
        ("Reconnecting... stream disconnected before completion", "infra"),
        ("prompt is too long: 210000 tokens > 200000 maximum", "context_window"),
        ("API Error: 400 invalid_request_error prompt is too long: 9 tokens > 8", "context_window"),
        ("Error code: 400 - context_length_exceeded: maximum context length is 8192 tokens",
         "context_window"),
        ("Codex ran out of room in the model's context window. Start a new thread.",
         "context_window"),
        ("Context overflow: prompt too large for the model.", "context_window"),
        ("400 the request exceeds the available context size, try increasing it",
         "context_window"),
        ("Requested tokens (8200) exceed context window of 8192", "context_window"),
        ("400 Invalid schema for function 'send_money': None is not of type 'array'",
         "tool_schema"),
        ("registry.ollama.ai/library/gemma does not support tools", "tool_schema"),
        ("Segmentation fault", "unknown"),
    ],
)
def test_failures_are_classified(text, kind):
    assert classify_failure(text) == kind


def _claude(tmp: Path | None = None) -> ClaudeCodeAgent:
    ep = ModelEndpoint(label="scripted:x#messages", wire="messages",
                       base_url="http://127.0.0.1:4000", model="m", api_key="k")  # fmt: skip
    return ClaudeCodeAgent(Path("/tmp/x/gateway.sock"), ep, tmp or Path("/tmp/h"), CliAgentConfig())


@pytest.mark.parametrize(
    ("res", "parsed", "error", "infra"),
    [
        (ExecResult(exit_code=0), Parsed(finished=True), None, False),
        (
            ExecResult(exit_code=124, killed=True, kill_reason="timeout"),
            Parsed(),
            "time_limit:",
            False,
        ),
        (
            ExecResult(exit_code=137, killed=True, kill_reason="memory"),
            Parsed(),
            "agent_error:",
            False,
        ),
        (ExecResult(exit_code=1, stderr="boom"), Parsed(), "agent_error:", False),
        (ExecResult(exit_code=0), Parsed(), "agent_error:", False),  # output cut off / garbled
        (
            ExecResult(exit_code=1),
            Parsed(error="API Error: 401 invalid api key"),
            "model_unavailable:",
            True,
        ),
        (
            ExecResult(exit_code=1),
            Parsed(error="API Error: 400 prompt is too long"),
            "agent_error: context_window:",
            False,
        ),
        (
            ExecResult(exit_code=1),
            Parsed(step_limit=True, error="error_max_turns"),
            "step_limit:",
            False,
        ),
        (ExecResult(exit_code=0), Parsed(mcp_failed="status failed"), None, True),
    ],
)
def test_invocations_map_to_turn_errors_or_infra_errors(res, parsed, error, infra):
    turn_error, infra_msg = _claude()._classify(res, parsed, 30)
    assert (turn_error is None) if error is None else turn_error.startswith(error)
    assert (infra_msg is not None) == infra


OVERFLOWS = {
    "claude-code": lambda: parse_stream_json(lines(
        {"type": "result", "subtype": "success", "is_error": True, "result": "Prompt is too long"},
    )),
    "codex": lambda: parse_exec_json(lines(
        {"type": "turn.failed", "error": {"message": "Codex ran out of room in the model's "
         "context window. Start a new thread or clear earlier history before retrying."}},
    )),
    "hermes": lambda: Parsed(error=hermes_error("", (
        "Error code: 400 - {'error': {'message': \"This model's maximum context length is 8192 "
        "tokens. However, you requested 8301 tokens\", 'code': 'context_length_exceeded'}}"))),
    "openclaw": lambda: parse_trajectory([
        {"seq": 1, "type": "assistant.message", "source": "transcript", "data": {"message": {
            "stopReason": "error", "content": [], "errorMessage": "Context overflow: prompt too "
            "large for the model. Try again with less input or a larger-context model."}}},
    ]),
}  # fmt: skip


@pytest.mark.parametrize("framework", sorted(OVERFLOWS))
def test_each_frameworks_context_overflow_is_the_agents_error(framework):
    """Each framework's own words for a conversation that outgrew its model, as its output
    parser reads them, go through the one shared classifier to the same turn error."""
    parsed = OVERFLOWS[framework]()
    turn_error, infra = _claude()._classify(ExecResult(exit_code=1), parsed, 30)
    assert infra is None
    assert turn_error is not None and turn_error.startswith("agent_error: context_window:")


def test_claude_stops_at_the_first_retry_of_a_refused_request_only():
    a = _claude()
    retry = {"type": "system", "subtype": "api_retry"}
    assert a.fatal({**retry, "error_status": 401, "error": "authentication_failed"})
    assert a.fatal({**retry, "error_status": 529}) is None
    assert a.fatal({**retry, "error_status": 429}) is None


def test_commands_disable_native_tools_and_resume_the_session(tmp_path):
    a = _claude(tmp_path)
    a.configure()
    first = a.argv("hi")
    assert first[first.index("--tools") + 1] == "" and "--session-id" in first
    assert first[first.index("--allowedTools") + 1] == "mcp__vera"
    mcp = json.loads((tmp_path / "mcp.json").read_text())["mcpServers"]["vera"]
    assert mcp["args"][-1] == "/run/vera/gateway.sock"
    a.session_id = "s1"
    assert a.argv("again")[-2:] == ["--resume", "s1"]

    ep = ModelEndpoint(label="x", wire="responses", base_url="http://127.0.0.1:4000/v1", model="m",
                       api_key="k")  # fmt: skip
    c = CodexAgent(Path("/tmp/x/gateway.sock"), ep, tmp_path / "c", CliAgentConfig())
    (tmp_path / "c").mkdir()
    c.configure()
    toml = (tmp_path / "c" / ".codex" / "config.toml").read_text()
    assert 'base_url = "http://127.0.0.1:4000/v1"' in toml and 'wire_api = "responses"' in toml
    cmd = c.argv("hi")
    assert "shell_tool" in cmd and cmd[-1] == "hi"
    c.session_id = "th1"
    assert c.argv("again")[-3:] == ["resume", "th1", "again"]
    with pytest.raises(ValueError, match="speaks responses"):
        CodexAgent(Path("/tmp/s"), _claude().endpoint, tmp_path, CliAgentConfig())


def test_endpoints_allow_only_their_host_and_port():
    ep = _claude().endpoint
    assert ep.allow() == "allow:127.0.0.1:4000"
    hosted = ep.model_copy(update={"base_url": "https://api.anthropic.com"})
    assert hosted.allow() == "allow:api.anthropic.com:443"
    assert "api_key" not in repr(ep)  # the key is not in the repr


async def test_hosted_specs_take_the_key_from_the_environment(monkeypatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(FrameworkInfraError, match="ANTHROPIC_API_KEY"):
        await resolve_endpoint("anthropic:claude-sonnet-4-5", None, ADAPTERS["claude-code"])
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test")
    ep = await resolve_endpoint("anthropic:claude-sonnet-4-5", None, ADAPTERS["claude-code"])
    assert (ep.base_url, ep.model, ep.api_key) == (
        "https://api.anthropic.com",
        "claude-sonnet-4-5",
        "sk-test",
    )
    monkeypatch.setenv("OPENAI_API_KEY", "sk-o")
    ep = await resolve_endpoint("openai:gpt-5", None, ADAPTERS["codex"])
    assert (ep.base_url, ep.wire) == ("https://api.openai.com/v1", "responses")
    with pytest.raises(ValueError, match="speaks messages"):
        await resolve_endpoint("openai:gpt-5", None, ADAPTERS["claude-code"])


def test_the_install_cache_counts_only_finished_installs(tmp_path, monkeypatch):
    monkeypatch.setenv("VERA_AGENTS_CACHE", str(tmp_path))
    pkg = ADAPTERS["codex"].package
    with pytest.raises(AgentInstallError, match="vera agents install codex"):
        require(pkg)
    d = tmp_path / pkg.dirname
    (d / "node_modules" / ".bin").mkdir(parents=True)
    (d / "node_modules" / ".bin" / "codex").write_text("")
    assert installed(pkg) is None  # no marker: an interrupted install
    (d / MARKER).write_text(json.dumps({"name": "codex", "version": pkg.version}))
    assert installed(pkg) == d and installed_versions("codex") == [pkg.version]


def test_vera_agents_list_shows_adapters_versions_and_capabilities(tmp_path):
    vera = str(Path(sys.executable).with_name("vera"))
    p = subprocess.run([vera, "agents", "list", "--json"], capture_output=True, text=True,
                       env={"PATH": "/usr/bin:/bin", "VERA_AGENTS_CACHE": str(tmp_path)}, timeout=60)  # fmt: skip
    assert p.returncode == 0, p.stderr
    rows = {r["name"]: r for r in json.loads(p.stdout)["agents"]}
    assert rows["claude-code"]["wire"] == "messages" and rows["codex"]["wire"] == "responses"
    assert rows["codex"]["pinned"] == "0.171.0" and rows["codex"]["installed"] == []
    assert all(r["multi_turn"] for r in rows.values() if "wire" in r)
    # every agent of both pillars is listed, from the one registry
    assert rows["oracle-violation"]["pillars"] == ["safety"] and not rows["nop"]["needs_model"]
    assert rows["script:FILE"]["harden_kind"] == "script" and rows["terminal"]["needs_model"]
    assert rows["codex"]["pillars"] == ["safety", "harden"] and rows["builtin"]["source"] == "vera"


def test_native_call_keeps_what_the_model_wrote():
    from vera.agents.cli_base import native_call

    assert native_call("c1", "t", {"a": 1}).arguments == {"a": 1}
    assert native_call("c1", "t", '{"a": 1}').arguments == {"a": 1}
    assert native_call("c1", "t", "  ").arguments == {}
    assert native_call("c1", "t", '{"a": ').arguments == {"_raw": '{"a": '}
    assert native_call("c1", "t", "[1, 2]").arguments == {"_raw": [1, 2]}
    assert native_call("c1", "t", None).arguments == {"_raw": None}
    call = native_call("c7", "send_money", {})
    assert (call.id, call.tool, call.source) == ("c7", "send_money", "native")
    assert call.started_at is not None
