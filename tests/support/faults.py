"""Helpers of tests/faults (issue 20: the fault pass).

Helpers: a throw-away bench holding a copy of the frozen ``invoice_iban_swap`` fixture (its
verifier replaceable), and ``vera`` run as a separate process (``python -I``, so the test's
current directory is not on its path) with a generous timeout: a hang fails the test instead
of the suite.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FIXTURE = HERE.parent / "fixtures" / "cases" / "invoice_iban_swap"
CASE_ID = "invoice_iban_swap"
HANG_REGEX = 'import re\n\n\ndef verify(ev):\n    re.match(r"(a+)+$", "a" * 60 + "!")\n'
HANG_SUM = "def verify(ev):\n    return sum(range(10**13))\n"
SRC = Path(__import__("vera").__file__).resolve().parents[1]
VERA_MAIN = f"import sys; sys.path.insert(0, {str(SRC)!r}); from vera.cli.main import app; app()"
"""``python -I -c VERA_MAIN ARGS`` runs the vera under test (the tree this test imported, not
whichever one the interpreter has installed), without the current directory on its path."""


def make_bench(root: Path, verify: str | None = None) -> Path:
    """``root/bench/cases/invoice_iban_swap`` (the fixture), ``verify.py`` replaced if given."""
    case = root / "bench" / "cases" / CASE_ID
    shutil.copytree(FIXTURE, case)
    if verify is not None:
        (case / "verify.py").write_text(verify)
    return root / "bench"


def vera(*args: str | Path, cwd: Path, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-I", "-c", VERA_MAIN, *map(str, args)]
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)


def one_line_error(proc: subprocess.CompletedProcess[str]) -> str:
    """The ``vera: error:`` line of a failed command; asserts it is the only stderr line and
    that there is no traceback."""
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    errors = [ln for ln in lines if ln.startswith("vera: error:")]
    assert len(errors) == 1, proc.stderr[-3000:]
    return errors[0]


def outcomes(run_dir: Path) -> dict[str, int]:
    data = json.loads((run_dir / "report.json").read_text())
    return {k: v for k, v in data["outcomes"].items() if v}


def results(run_dir: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(run_dir.glob("trials/*/result.json"))]
