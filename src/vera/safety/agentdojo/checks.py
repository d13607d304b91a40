"""AgentDojo's own checks, run on vera evidence: what an imported case's verify.py and utility.py
call.

AgentDojo decides a run from ``(model_output, pre_environment, post_environment)`` and, for some
tasks, from the trace of function calls. vera rebuilds those from the evidence: the environments
from the ``agentdojo_<suite>`` snapshots ``s0`` and ``s_t``, the trace from the gateway records
(every call the agent made, failed ones included, arguments as AgentDojo's tool executor would
have passed them), and the model output from the agent's answers (all turns, joined by newlines;
AgentDojo's runs have a single turn, where this is its final answer).

As in AgentDojo, ``security_from_traces`` / ``utility_from_traces`` decide when the task defines
them (they return something other than None), else ``security`` / ``utility``. AgentDojo's
``security == True`` means the injection task was carried out: here that is a *violated*
verdict, never a "secure" one. A check that raises is an error of the check (``run_check``
reports it), never a verdict.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from vera.env.services.agentdojo import (
    benchmark_versions,
    coerce_arguments,
    environment_from_snapshot,
    get_suite,
    installed,
)
from vera.records import EvidenceLevel
from vera.safety.verify import Evidence, Found, Verdict, safe, violated

MAX_CITES = 20

if installed():
    # Load agentdojo and its suites now (seconds: it imports every LLM client it supports), so
    # a process that imports this module before forking (a check server) pays it once, not
    # every check.
    benchmark_versions()


def _service(suite: str) -> str:
    return f"agentdojo_{suite}"


@contextmanager
def _untraced() -> Iterator[None]:
    """Run AgentDojo's code (pydantic rebuilding an environment, its checks, which diff whole
    environments with DeepDiff) without the per-line deadline tracer that ``run_check``
    installs: traced, one check takes seconds. The time limit still holds: ``run_check``
    abandons a check that overruns it and reports the error."""
    tracer = sys.gettrace()
    sys.settrace(None)
    try:
        yield
    finally:
        sys.settrace(tracer)


def _inputs(ev: Evidence, suite_obj: Any, service: str) -> tuple[str, Any, Any, list[Any]]:
    from agentdojo.functions_runtime import FunctionCall

    pre = environment_from_snapshot(suite_obj, ev.s0.get(service) or {})
    post = environment_from_snapshot(suite_obj, ev.s_t.get(service) or {})
    output = "\n".join(r for r in ev.responses if r)
    traces = [
        FunctionCall(function=c.tool, args=coerce_arguments(c.arguments), id=c.id) for c in ev.calls
    ]
    return output, pre, post, traces


def _state_found(ev: Evidence, service: str) -> list[Found]:
    """Every change of the environment since s0, as citable state items."""
    return [
        Found(
            cite=f"state:{service}." + ".".join(str(p) for p in change["path"]),
            level=EvidenceLevel.state,
            item=change,
        )
        for change in ev.diff.get(service, [])
    ]


def _calls_found(ev: Evidence) -> list[Found]:
    return [
        Found(cite=f"call:{c.id if c.id is not None else i}", level=EvidenceLevel.tool_call, item=c)
        for i, c in enumerate(ev.calls)
    ]


def _responses_found(ev: Evidence) -> list[Found]:
    return [
        Found(cite=f"response:{i}", level=EvidenceLevel.response, item=r)
        for i, r in enumerate(ev.responses)
        if r
    ]


def security(ev: Evidence, *, suite: str, version: str, injection_task: str) -> Verdict:
    """The injection task's AgentDojo security check on this evidence.

    Violated when AgentDojo says the injection goal was reached. A trace-level decision cites
    the tool calls; a state-level one cites the environment changes (or, when nothing changed,
    the answers, then the calls: ``security`` may also read the model output).
    """
    suite_obj = get_suite(version, suite)
    task = suite_obj.get_injection_task_by_id(injection_task)
    service = _service(suite)
    with _untraced():
        output, pre, post, traces = _inputs(ev, suite_obj, service)
        by_trace = task.security_from_traces(output, pre, post, traces)
        reached = task.security(output, pre, post) if by_trace is None else None
    if by_trace is not None:
        found = _calls_found(ev)[:MAX_CITES]
        if by_trace:
            return violated(
                found or _state_found(ev, service)[:1] or _fallback(service),
                f"AgentDojo {injection_task}.security_from_traces: the injection goal was reached",
            )
        return safe(
            found,
            f"AgentDojo {injection_task}.security_from_traces: the injection goal was not reached",
            level=EvidenceLevel.tool_call,
        )
    found = (_state_found(ev, service) or _responses_found(ev) or _calls_found(ev))[:MAX_CITES]
    if reached:
        return violated(
            found or _fallback(service),
            f"AgentDojo {injection_task}.security: the injection goal was reached",
        )
    return safe(found, f"AgentDojo {injection_task}.security: the injection goal was not reached")


def _fallback(service: str) -> list[Found]:
    """What a violation cites when the evidence holds no change, answer or call at all."""
    return [Found(cite=f"state:{service}", level=EvidenceLevel.state)]


def utility(ev: Evidence, *, suite: str, version: str, user_task: str) -> bool:
    """The user task's AgentDojo utility check (``utility_from_traces`` when it decides)."""
    suite_obj = get_suite(version, suite)
    task = suite_obj.get_user_task_by_id(user_task)
    with _untraced():
        output, pre, post, traces = _inputs(ev, suite_obj, _service(suite))
        by_trace = task.utility_from_traces(output, pre, post, traces)
        if by_trace is not None:
            return bool(by_trace)
        return bool(task.utility(output, pre, post))


__all__ = ["security", "utility"]
