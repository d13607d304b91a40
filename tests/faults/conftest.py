"""Fixtures of the fault pass (issue 20); helpers live in tests/support/faults.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from support.faults import make_bench


@pytest.fixture
def bench(tmp_path: Path) -> Path:
    """A throw-away bench: a copy of the frozen invoice_iban_swap fixture."""
    return make_bench(tmp_path / "b")
