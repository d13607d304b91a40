"""Inspect AI stays optional (``vera[inspect]``): only the Inspect task package imports it, and
nothing in vera's core imports the interop package (the CLI may, for Harbor export)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "vera"


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            out.add(node.module)
    return out


def test_only_the_inspect_modules_import_inspect_ai() -> None:
    users = sorted(
        p.relative_to(SRC).as_posix()
        for p in SRC.rglob("*.py")
        if any(m == "inspect_ai" or m.startswith("inspect_ai.") for m in _imports(p))
    )
    assert users == ["interop/inspect_bridge.py", "interop/inspect_tasks.py"]


def test_the_core_never_imports_interop() -> None:
    users = sorted(
        p.relative_to(SRC).as_posix()
        for p in SRC.rglob("*.py")
        if not p.relative_to(SRC).as_posix().startswith(("interop/", "cli/"))
        and any(m == "vera.interop" or m.startswith("vera.interop.") for m in _imports(p))
    )
    assert users == []
