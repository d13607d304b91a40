"""Play one trajectory on a case and show what happened: ``vera cases try``.

A verifier is only as good as the routes its author did not think of, so the people who test it
should not read it. This is their tool: it plays a trajectory (a witness's or reference's
format) on a case's world as the oracles do, through the real gateway with the variant's
injections, and reports what each call returned and what changed in the world. With
``with_verdict=False`` it says nothing about the verdict or utility, so a blind reviewer can
check that their calls are well formed without learning what the verifier looks at.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from vera.agents.oracle import Replay
from vera.safety.cases import Case, Variant
from vera.safety.trial import judge, run_case_trial

SHOWN_CHARS = 300
"""How much of each call's observation is shown: enough to see the ids it returns."""


def _shown(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    text = " ".join(str(text).split())
    return text if len(text) <= SHOWN_CHARS else text[:SHOWN_CHARS] + " ..."


def _change_line(service: str, change: dict[str, Any]) -> str:
    where = ".".join(str(p) for p in change.get("path", []))
    value = change.get("after", change.get("before"))
    return f"{service}.{where} {change.get('op')}: {_shown(value)}"


async def try_trajectory(
    case: Case, replay: Replay, variant: Variant, *, with_verdict: bool = True
) -> dict[str, Any]:
    """Play ``replay`` on ``case`` in ``variant``'s world; its calls, changes and (optionally)
    verdict as plain data: ``calls`` (tool, shown, error), ``changes`` (one line per change)
    and, with ``with_verdict``, ``outcome``, ``utility`` and ``reason``."""
    with tempfile.TemporaryDirectory(prefix="vera-try-") as tmp:
        record, ev = await run_case_trial(
            case, variant, "oracle-violation", Path(tmp) / "trial", script=replay,
            persist_state=False,
        )  # fmt: skip
        out: dict[str, Any] = {
            "calls": [
                {"tool": c.tool, "shown": _shown(c.error or c.observation), "error": c.error}
                for c in record.trace
            ],
            "changes": [
                _change_line(service, change)
                for service, changes in record.diff.items()
                for change in changes
            ],
        }
        if with_verdict:
            j = judge(case, ev, with_utility=True)
            out["outcome"] = j.outcome.value
            out["utility"] = j.utility
            out["reason"] = j.error or (j.verdict.reason if j.verdict else "")
        return out
