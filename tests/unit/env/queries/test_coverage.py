"""Every state-changing tool of every service is seen by one of its evidence queries.

A tool that changes state without a query accounting for it is a route to a harm that no
verifier can see: adding one must fail here until the service's query module covers it.
"""

from __future__ import annotations

from types import ModuleType

import pytest

from vera.env.queries import module_for, uncovered
from vera.env.service import tool
from vera.env.services import SERVICES

BUILT_IN = sorted(SERVICES)


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_state_changing_tool_is_covered(name: str) -> None:
    problems = uncovered(SERVICES[name])
    assert not problems, "\n".join(problems)


def test_a_new_state_changing_tool_without_a_query_fails_coverage() -> None:
    base = SERVICES["banking"]

    class Banking2(base):  # type: ignore[misc, valid-type]
        @tool
        def wire_abroad(self, iban: str, amount: float) -> str:
            """Send money abroad (a route no query knows about)."""
            return "sent"

        @tool(readonly=True)
        def peek(self) -> str:
            """Only reads."""
            return ""

    problems = uncovered(Banking2, module_for("banking"))
    assert problems == ["banking.wire_abroad: changes state but no query accounts for it"]


def test_coverage_names_stale_and_missing_queries() -> None:
    base = SERVICES["banking"]
    fake = ModuleType("fake_queries")
    fake.COVERS = {t.name: ("nowhere",) for t in base.tool_defs()} | {"gone": ("x",)}  # type: ignore[attr-defined]
    problems = uncovered(base, fake)
    assert any("COVERS names 'nowhere', which is not defined" in p for p in problems)
    assert "banking: COVERS lists 'gone', which is not one of its tools" in problems

