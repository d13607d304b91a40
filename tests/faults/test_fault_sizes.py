"""Fault pass 3 (issue 33): sizes bounded as documented.

Every text kept from untrusted code is cut at ``vera.records.TEXT_LIMIT`` (4,000 characters)
at the source: a verifier's reason, its cites, an error its code raises, a hardening trial's
phase errors and notes; a check server's reply is read up to ``MAX_REPLY_BYTES``. The gateway
answers a message over 16 MiB or nested too deeply with a JSON-RPC error and stays up, still
answering what comes next."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from support.faults import CASE_ID, VERA_MAIN, make_bench, results, vera
from vera.records import CITES_LIMIT, TEXT_LIMIT, Evidence, Outcome, Verdict
from vera.safety.cases import load_case
from vera.safety.trial import judge

pytestmark = pytest.mark.integration

BIG = 5_000_000
"""Characters of a hostile text (the issue's was 100 MB; the bound is the same)."""

LONG_REASON = f"""from vera.safety.verify import safe


def verify(ev):
    return safe(reason="x" * {BIG})
"""

UNVALIDATED = f"""from vera.records import Verdict


def verify(ev):
    # built without validation, so only the check server's own cut stands between it and the host
    return Verdict.model_construct(violated=False, level="state", cites=["c" * 500] * 5000,
                                   reason="y" * {BIG})
"""

LONG_ERROR = f"""def verify(ev):
    raise RuntimeError("z" * {BIG})
"""


def _judge(tmp_path: Path, verify: str):
    case = load_case(make_bench(tmp_path, verify) / "cases" / CASE_ID)
    return judge(case, Evidence(case_id=case.id), timeout_s=30.0)


def _bounded(text: str) -> bool:
    return len(text) <= TEXT_LIMIT + 100


def test_a_verifiers_long_reason_is_cut_at_the_limit(tmp_path: Path) -> None:
    j = _judge(tmp_path, LONG_REASON)
    assert j.outcome is Outcome.safe and _bounded(j.verdict.reason)
    assert "more characters cut" in j.verdict.reason


def test_a_verdict_built_without_validation_is_cut_too(tmp_path: Path) -> None:
    j = _judge(tmp_path, UNVALIDATED)
    assert j.outcome is Outcome.safe, j.error
    assert _bounded(j.verdict.reason) and len(j.verdict.cites) <= CITES_LIMIT + 1
    assert all(len(c) <= 300 for c in j.verdict.cites)


def test_a_verifiers_long_error_is_cut_at_the_limit(tmp_path: Path) -> None:
    j = _judge(tmp_path, LONG_ERROR)
    assert j.outcome is Outcome.infra_error and j.verdict is None
    assert len(j.error) <= TEXT_LIMIT + 300


def test_stored_verdicts_are_cut_whatever_wrote_them() -> None:
    v = Verdict.model_validate({"violated": True, "level": "state", "reason": "r" * BIG,
                                "cites": ["x"] * (CITES_LIMIT * 3)})  # fmt: skip
    assert _bounded(v.reason) and len(v.cites) == CITES_LIMIT + 1


def test_a_run_with_a_huge_reason_keeps_a_small_store_and_report(tmp_path: Path) -> None:
    bench = make_bench(tmp_path, LONG_REASON)
    out = tmp_path / "run"
    proc = vera("run", "--bench", bench, "--case", CASE_ID, "--agent", "oracle-violation",
                "--model", "none", "--variants", "single", "--no-progress", "--out", out,
                cwd=tmp_path, timeout=600)  # fmt: skip
    assert proc.returncode == 0, proc.stderr[-2000:]
    [result] = results(out)
    assert _bounded(result["verdict"]["reason"])
    for name in ("run.sqlite", "report.html", "report.json", "trials"):
        path = out / name
        size = sum(p.stat().st_size for p in path.rglob("*")) if path.is_dir() else path.stat().st_size
        assert size < 2_000_000, (name, size)


# --- the gateway -------------------------------------------------------------------------------

INIT = {
    "jsonrpc": "2.0", "id": 0, "method": "initialize",
    "params": {"protocolVersion": "2025-06-18", "capabilities": {},
               "clientInfo": {"name": "faults", "version": "1"}},
}  # fmt: skip


def _serve(tmp_path: Path, data: bytes) -> tuple[list[dict], subprocess.CompletedProcess]:
    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    proc = subprocess.run(
        [sys.executable, "-I", "-c", VERA_MAIN, "gateway", "serve", "--env", "filesystem",
         "--workspace", str(ws), "--trace", str(tmp_path / "trace.jsonl")],
        input=data, capture_output=True, timeout=300,
    )  # fmt: skip
    return [json.loads(line) for line in proc.stdout.splitlines() if line.strip()], proc


def _line(obj: dict) -> bytes:
    return json.dumps(obj).encode() + b"\n"


@pytest.mark.parametrize(
    "bad",
    [
        b"[" * 200_000 + b"]" * 200_000,  # far past any parser's recursion
        b'{"jsonrpc": "2.0", "id": 5, "method": "tools/list", "params": '
        + b'{"a": ' * 100 + b"1" + b"}" * 100 + b"}",  # valid JSON, nested past MAX_DEPTH
        b'{"jsonrpc": "2.0", "id": 6, "method": "x", "pad": "' + b"p" * (17 << 20) + b'"}',
    ],
    ids=["over-deep-garbage", "over-deep-request", "over-long-17MB"],
)
def test_the_gateway_answers_over_deep_and_over_long_messages_and_goes_on(tmp_path: Path,
                                                                          bad: bytes) -> None:  # fmt: skip
    after = {"jsonrpc": "2.0", "id": "after", "method": "tools/list"}
    replies, proc = _serve(tmp_path, _line(INIT) + bad + b"\n" + _line(after))
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert b"Traceback" not in proc.stderr, proc.stderr[-3000:]
    errors = [r for r in replies if "error" in r]
    assert len(errors) == 1 and errors[0]["error"]["code"] in (-32600, -32700), errors
    assert any(r.get("id") == "after" and "result" in r for r in replies), replies


def test_an_over_long_message_at_end_of_input_is_still_answered(tmp_path: Path) -> None:
    replies, proc = _serve(tmp_path, _line(INIT) + b'{"pad": "' + b"p" * (17 << 20))
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr
    assert [r["error"]["code"] for r in replies if "error" in r] == [-32600]
    assert "over 16777216 bytes" in json.dumps(replies)


# --- plug-in strings ---------------------------------------------------------------------------


class _Huge:
    """An exploit plug-in whose script() answers 5 MB: kept in the plan, it would bloat the run."""

    name = "huge"
    category = "reward tampering"
    defeated_by = "separation"
    modes = ("unhinted",)

    def script(self, task, mode):
        return "#" * BIG


def test_an_exploit_script_over_the_limit_is_that_exploits_error() -> None:
    from vera.harden.audit import SCRIPT_LIMIT, plan_audit
    from vera.harden.task import load_task

    task = load_task(Path(__file__).parents[1] / "fixtures" / "harden" / "harbor-wordfreq")
    [spec] = [s for s in plan_audit([task], {"huge": _Huge()}, ("unhinted",))
              if s.agent == "exploit:huge"]  # fmt: skip
    assert "script" not in spec.params or spec.params["script"] is None
    assert f"over the limit of {SCRIPT_LIMIT}" in spec.params["script_error"]


# --- what agents, tools and judges write ---------------------------------------------------------


def test_tool_outputs_agent_answers_and_judge_reasons_are_cut_at_their_limits() -> None:
    """A tool result, what the agent was shown, a tool's error and an agent's answer are cut at
    OUTPUT_LIMIT; a turn's error and a judge's reason or error at TEXT_LIMIT: each as the
    record is made (the gateway's trace, a trajectory) and as it is read back (the store)."""
    from vera.records import (
        OUTPUT_LIMIT,
        JudgeAnswer,
        JudgeReview,
        ToolCall,
        Trajectory,
        Turn,
    )

    huge = "o" * (OUTPUT_LIMIT + BIG)
    call = ToolCall(tool="run_command", result=huge, observation=huge, error=huge)
    for text in (call.result, call.observation, call.error):
        assert OUTPUT_LIMIT < len(text) <= OUTPUT_LIMIT + 100 and text.endswith("characters cut]")
    assert ToolCall(tool="t", result={"rows": [1]}).result == {"rows": [1]}  # not text: as it is
    turn = Turn(index=0, user=huge, response=huge, error="e" * BIG, tool_calls=[call])
    assert len(turn.user) <= OUTPUT_LIMIT + 100 and len(turn.response) <= OUTPUT_LIMIT + 100
    assert _bounded(turn.error)
    raw = {"agent": "a", "turns": [{"index": 0, "user": "u", "response": huge,
                                    "tool_calls": [{"tool": "t", "observation": huge}]}]}  # fmt: skip
    back = Trajectory.model_validate_json(json.dumps(raw))
    assert len(back.turns[0].response) <= OUTPUT_LIMIT + 100
    assert len(back.turns[0].tool_calls[0].observation) <= OUTPUT_LIMIT + 100
    review = JudgeReview(model="m", rule_violated=False, error="j" * BIG,
                         answers=[JudgeAnswer(cite="c", reason="r" * BIG)])  # fmt: skip
    assert _bounded(review.error) and _bounded(review.answers[0].reason)


# --- the model proxy: what an agent framework sends its model ----------------------------------


@pytest.mark.parametrize(
    ("body", "status", "why"),
    [
        (b'{"model": "m", "messages": ' + b"[" * 200_000 + b"]" * 200_000 + b"}", 400,
         "nested too deeply"),
        (b'{"model": "m", "pad": "' + b"p" * ((64 << 20) + 10) + b'"}', 413, "over the limit"),
    ],
    ids=["over-deep", "over-long"],
)
async def test_the_model_proxy_refuses_over_deep_and_over_long_requests(tmp_path: Path, body: bytes,
                                                                       status: int, why: str) -> None:  # fmt: skip
    """A framework's request nested past the parser or over MAX_REQUEST_BYTES is the agent's
    malformed request (refused with the wire's error, never forwarded), and the proxy goes on."""
    import httpx

    from vera.models.proxy import ModelProxy, ProxyHooks, Upstream
    from vera.models.scripted import ScriptedServer

    class Faults(ProxyHooks):
        def __init__(self) -> None:
            self.faults: list = []

        def on_fault(self, fault) -> None:  # type: ignore[no-untyped-def]
            self.faults.append(fault)

    hooks = Faults()
    async with (
        ScriptedServer({"responses": [{"text": "still here"}]}) as srv,
        ModelProxy(Upstream(base_url=srv.openai_base_url, api_key="k"), record=tmp_path,
                   hooks=hooks) as p,  # fmt: skip
        httpx.AsyncClient(timeout=120) as c,
    ):
        r = await c.post(p.openai_base_url + "/chat/completions", content=body,
                         headers={"content-type": "application/json"})  # fmt: skip
        assert r.status_code == status and why in r.text
        assert srv.model_requests == []
        ok = await c.post(p.openai_base_url + "/chat/completions",
                          json={"model": "m", "messages": [{"role": "user", "content": "hi"}]})  # fmt: skip
        assert ok.status_code == 200 and "still here" in ok.text
    [fault] = hooks.faults
    assert fault.kind == "agent_error" and why in fault.message
