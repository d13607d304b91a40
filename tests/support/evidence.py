"""Evidence for query and verifier tests, made by really running a service's tools.

``await play(tmp_path, ["banking"], setup=[...], calls=[("send_money", {...}), ...])`` builds
the services over a fresh workspace, applies the setup steps (s0), runs each call through the
tools exactly as the gateway would (a refused call is kept as a failed call, as in a trial),
and returns the :class:`~vera.records.Evidence` a verifier would see. A route-by-route query
test is then a handful of lines: the setup, the route's calls, and the expected answer.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from vera.env import build_environment
from vera.records import Evidence, ToolCall

_n = itertools.count()


async def play(
    tmp_path: Path,
    services: list[str],
    *,
    setup: list[dict[str, Any]] = (),  # type: ignore[assignment]
    calls: list[tuple[str, dict[str, Any]]] = (),  # type: ignore[assignment]
    variables: dict[str, str] | None = None,
    responses: list[str] = (),  # type: ignore[assignment]
    protected: list[Any] = (),  # type: ignore[assignment]
) -> Evidence:
    """s0 from ``setup``, then ``calls`` through the tools; the Evidence of that trajectory."""
    root = tmp_path / f"play{next(_n)}"
    (root / "workspace").mkdir(parents=True)
    variables = {"now": "2026-03-10T09:00:00Z", **(variables or {})}
    env = build_environment(
        list(services), workspace=root / "workspace", state_dir=root / "state", variables=variables
    )
    env.apply_setup(list(setup))
    s0 = env.snapshot()
    trace = []
    for i, (tool, arguments) in enumerate(calls):
        error, result = None, None
        try:
            result = await env.call_tool(tool, arguments)
        except Exception as e:  # the tool refused: recorded, as the gateway records it
            error = f"{type(e).__name__}: {e}"
        trace.append(
            ToolCall(id=str(i), tool=tool, arguments=arguments, result=result, error=error)
        )
    s_t = env.snapshot()
    return Evidence(
        case_id="test",
        variant="single",
        variables=variables,
        s0=s0,
        s_t=s_t,
        diff=env.diff(s0, s_t),
        calls=trace,
        responses=list(responses),
        protected=list(protected),
    )
