"""The house keeps its shape: the import graph of ``src/vera`` (every import, at module level or
inside a function) has no cycle between modules and no arrow against docs/architecture.md's
direction ``cli -> safety | harden | guard | report -> runner -> agents | gateway | models ->
env | sandbox -> records``; ``safety`` and ``harden`` never import each other."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "vera"
LAYER = {
    "records": 0,
    "paths": 0,
    "pages": 0,
    "atif": 0,
    "env": 1,
    "sandbox": 1,
    "agents": 2,
    "gateway": 2,
    "models": 2,
    "runner": 3,
    "safety": 4,
    "harden": 4,
    "guard": 4,
    "report": 4,
    "cli": 5,
    "interop": 5,
}


def _name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module -> the vera modules it imports (a ``from pkg import mod`` names the module)."""
    modules = {_name(p): p for p in SRC.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        out: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                out |= {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                out.add(target)
                out |= {f"{target}.{a.name}" for a in node.names}
        graph[name] = {t for t in out if t in modules and t != name}
    return graph


def _layer(module: str) -> int | None:
    parts = module.split(".")
    return LAYER.get(parts[1]) if len(parts) > 1 else None


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_cycles() -> None:
    assert cycles(import_graph()) == []


def test_no_import_against_the_direction_of_the_layers() -> None:
    upward = [
        f"{a} -> {b}"
        for a, targets in import_graph().items()
        for b in targets
        if None not in (_layer(a), _layer(b)) and _layer(b) > _layer(a)  # type: ignore[operator]
    ]
    assert upward == []


def test_safety_and_harden_never_import_each_other() -> None:
    crossing = [
        f"{a} -> {b}"
        for a, targets in import_graph().items()
        for b in targets
        if {a.split(".")[1:2][0] if "." in a else "", b.split(".")[1:2][0] if "." in b else ""}
        == {"safety", "harden"}
    ]
    assert crossing == []


BOTTOM = ("vera.records", "vera.paths", "vera.plugins", "vera.faces", "vera.yamlio")
"""Modules every layer may use: they import nothing of vera."""


def test_the_bottom_modules_import_nothing_of_vera() -> None:
    graph = import_graph()
    assert {m: sorted(graph[m]) for m in BOTTOM if graph[m]} == {}


def test_the_checker_sees_a_cycle_and_an_upward_arrow() -> None:
    graph = {"vera.env.a": {"vera.runner.b"}, "vera.runner.b": {"vera.env.a"}}
    assert cycles(graph) == [["vera.env.a", "vera.runner.b"]]
    assert _layer("vera.runner.b") > _layer("vera.env.a")  # type: ignore[operator]


def test_no_private_name_is_imported_from_another_package() -> None:
    """A name with a leading underscore is its package's own: another package that needs it
    asks for a public one (the HTML pieces of ``vera.pages``, ``vera.sandbox.private_root_argv``)."""
    private = []
    for path in SRC.rglob("*.py"):
        here = _name(path).split(".")[1:2]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or node.level or not node.module:
                continue
            there = node.module.split(".")[1:2]
            if not node.module.startswith("vera") or there == here:
                continue
            private += [f"{_name(path)}: from {node.module} import {a.name}" for a in node.names
                        if a.name.startswith("_") and not a.name.startswith("__")]  # fmt: skip
    assert private == []


NOT_FROM_RUNNER = ("env", "gateway", "agents", "sandbox")
"""What the runner never imports: it plays trial kinds (vera.runner.lifecycle) and knows no
world, gateway, agent or sandbox; the kinds that need them live in the pillars."""


def reaches_from_runner(graph: dict[str, set[str]]) -> list[str]:
    return sorted(
        f"{a} -> {b}"
        for a, targets in graph.items()
        if a == "vera.runner" or a.startswith("vera.runner.")
        for b in targets
        if b.split(".")[1:2] and b.split(".")[1] in NOT_FROM_RUNNER
    )


def test_the_runner_imports_no_world_gateway_agent_or_sandbox() -> None:
    assert reaches_from_runner(import_graph()) == []


def test_the_runner_check_sees_an_arrow_to_the_sandbox() -> None:
    graph = {"vera.runner.x": {"vera.sandbox.bwrap", "vera.models.errors"}}
    assert reaches_from_runner(graph) == ["vera.runner.x -> vera.sandbox.bwrap"]


POOLS = frozenset(
    {"Semaphore", "BoundedSemaphore", "ProcessPoolExecutor", "ThreadPoolExecutor", "Pool"}
)
"""Concurrency primitives the pillars do not hold: they bound their work through the runner
(``vera.runner.execute`` for trials, ``vera.runner.concurrency`` for fan-out and worker
processes), so how many things run at once is decided in one package."""


def pools_in(path: Path) -> list[str]:
    """Each use of a :data:`POOLS` name in the module at ``path`` (a name, an attribute such as
    ``asyncio.Semaphore``, or an import), as ``path:line name``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Name):
            names = [node.id]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.ImportFrom | ast.Import):
            names = [a.name.rsplit(".", 1)[-1] for a in node.names]
        found += [f"{path}:{node.lineno} {n}" for n in names if n in POOLS]
    return found


def test_no_pool_or_semaphore_in_the_pillars() -> None:
    found = [
        hit
        for pillar in ("safety", "harden")
        for path in sorted((SRC / pillar).rglob("*.py"))
        for hit in pools_in(path)
    ]
    assert found == []


def test_the_pool_check_sees_a_semaphore_and_a_process_pool(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text(
        "import asyncio\n"
        "from concurrent.futures import ProcessPoolExecutor as P\n"
        "gate = asyncio.Semaphore(2)\n"
        '"""a docstring that says Semaphore is no use"""\n'
    )
    assert pools_in(module) == [f"{module}:2 ProcessPoolExecutor", f"{module}:3 Semaphore"]


def test_no_module_defines_a_top_level_function_or_class_twice() -> None:
    """A second ``def`` of the same name silently replaces the first for every caller (a verifier
    helper redefined further down a module broke the cases that called the first)."""
    from collections import Counter

    twice = {}
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = Counter(
            n.name for n in tree.body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        )  # fmt: skip
        if dup := sorted(k for k, v in names.items() if v > 1):
            twice[str(path)] = dup
    assert twice == {}
