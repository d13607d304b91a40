"""Declared artifacts: what a separated verifier receives from the agent's sandbox.

A separated verifier sees a fresh ``/app`` seeded from the task's ``environment/app`` with only
the declared artifacts copied over it from the agent's workspace (a folder artifact replaces
the seed's folder of that name, so what the agent deleted stays deleted). Artifacts are declared in
``[vera] artifacts`` (absolute sandbox paths, globs allowed, under ``/app`` or
``/logs/artifacts``) or inferred from the instruction and the tests. Files that would let the
agent run code inside the verifier's interpreter (``conftest.py``, ``sitecustomize.py``,
``usercustomize.py``, ``*.pth``), files directly in /app named like a module the verifier
imports (``pytest/``, ``numpy.py``, a module the tests import) and symlinks that lead out of the
artifact they sit in are never copied (a relative link inside a copied folder, such as a
repository's ``docs/README.md -> ../README.md``, is kept as a link).
"""

from __future__ import annotations

import ast
import fnmatch
import os
import re
import shutil
import sys
from pathlib import Path, PurePosixPath

from vera.harden.task import Task

APP = "/app"
LOGS_ARTIFACTS = "/logs/artifacts"

HOOK_FILES = ("conftest.py", "sitecustomize.py", "usercustomize.py")
"""Python/pytest start-up hooks: never carried from agent space into the verifier."""

_PATH_RE = re.compile(r"(?<![\w.])(/app(?:/[A-Za-z0-9_.\-*?\[\]{}]+)*)")
_TRAILING = ".,;:!?)]}'\"`"
_KNOWN_MODULES = set(sys.stdlib_module_names) | {"pytest", "numpy", "np", "_pytest"}


VERIFIER_MODULES = frozenset({"pytest", "_pytest", "pluggy", "py", "iniconfig", "packaging", "numpy"})
"""Modules the verifier's own machinery imports; see :func:`shadowed_modules`."""


def shadowed_modules(task: Task) -> frozenset[str]:
    """Names a file or folder directly in /app must not have: it would shadow a module the
    verifier imports (pytest and friends, NumPy, standard modules the Python tests import) for
    a test that puts /app on ``sys.path``. The agent's own modules are of course allowed."""
    mods: set[str] = set()
    for rel, text in task.tests.items():
        if rel.endswith(".py"):
            mods |= _imported_modules(text)
    return VERIFIER_MODULES | frozenset(mods & set(sys.stdlib_module_names))


def _is_hook(name: str) -> bool:
    return name in HOOK_FILES or name.endswith(".pth")


def _shadows(src: Path, shown: str, shadowed: frozenset[str]) -> bool:
    if PurePosixPath(shown).parent != PurePosixPath(APP):
        return False
    if src.is_dir():
        return src.name in shadowed
    return src.name.endswith((".py", ".so")) and src.name.split(".")[0] in shadowed


def _clean(path: str) -> str | None:
    path = path.rstrip(_TRAILING).rstrip("/")
    # f-strings and format placeholders ("/app/{name}") are not paths we can copy.
    if "{" in path or "}" in path:
        path = path.split("{", 1)[0].rstrip("/")
        if not path or path == APP:
            return None
    return path or None


def mentioned_paths(text: str) -> list[str]:
    """Absolute paths under /app named in ``text`` (deduplicated, in order)."""
    seen: dict[str, None] = {}
    for m in _PATH_RE.finditer(text):
        p = _clean(m.group(1))
        if p and p != APP:
            seen.setdefault(p)
    return list(seen)


def _imported_modules(source: str) -> set[str]:
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set()
    mods: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            mods.add(node.module.split(".")[0])
    return mods


def infer_artifacts(task: Task) -> list[str]:
    """Artifacts a task's verifier needs, guessed from its instruction and tests.

    Paths under /app named in the tests or the instruction, plus ``/app/MOD.py`` and
    ``/app/MOD`` for each module a Python test imports that is neither in the standard library
    nor among the tests' own files (a test that puts /app on ``sys.path`` imports the agent's
    code). When nothing is found, the whole of /app is the artifact.
    """
    found: dict[str, None] = {}
    for text in [*task.tests.values(), task.instruction]:
        for p in mentioned_paths(text):
            found.setdefault(p)
    own = {PurePosixPath(rel).stem for rel in task.tests if rel.endswith(".py")}
    own |= {PurePosixPath(rel).parts[0] for rel in task.tests}
    for rel, text in sorted(task.tests.items()):
        if not rel.endswith(".py") or "/app" not in text:
            continue
        for mod in sorted(_imported_modules(text) - _KNOWN_MODULES - own):
            found.setdefault(f"{APP}/{mod}.py")
            found.setdefault(f"{APP}/{mod}")
    paths = list(found)
    # A path inside another artifact adds nothing.
    paths = [p for p in paths if not any(p != q and p.startswith(q + "/") for q in paths)]
    return paths or [APP]


def artifacts_of(task: Task) -> list[str]:
    """The task's declared artifacts, or the inferred ones when it declares none."""
    declared = task.config.vera.artifacts
    return list(declared) if declared is not None else infer_artifacts(task)


def _matches(root: Path, rel_pattern: str) -> list[Path]:
    if not rel_pattern:
        return [root]
    if not any(ch in rel_pattern for ch in "*?["):
        p = root / rel_pattern
        return [p] if p.exists() or p.is_symlink() else []
    return sorted(p for p in root.glob(rel_pattern) if fnmatch.fnmatch(
        p.relative_to(root).as_posix(), rel_pattern))


def copy_artifacts(
    artifacts: list[str],
    mounts: dict[str, tuple[Path, Path]],
    shadowed: frozenset[str] = VERIFIER_MODULES,
) -> tuple[list[str], list[str]]:
    """Copy each artifact from the agent side to the verifier side of its mount.

    ``mounts`` maps a sandbox prefix (``/app``, ``/logs/artifacts``) to (agent host dir,
    verifier host dir); ``shadowed`` comes from :func:`shadowed_modules`. Returns (copied
    sandbox paths, notes about what was refused or absent).
    """
    copied: list[str] = []
    notes: list[str] = []
    for art in artifacts:
        prefix = next(
            (m for m in sorted(mounts, key=len, reverse=True) if art == m or art.startswith(m + "/")),
            None,
        )
        if prefix is None:
            notes.append(f"artifact {art}: not under {', '.join(sorted(mounts))}; ignored")
            continue
        src_root, dst_root = mounts[prefix]
        rel = art[len(prefix) :].lstrip("/")
        if ".." in PurePosixPath(rel).parts:
            notes.append(f"artifact {art}: '..' not allowed; ignored")
            continue
        matches = _matches(src_root, rel)
        if not matches and not any(ch in rel for ch in "*?["):
            notes.append(f"artifact {art}: absent after the agent")
        for src in matches:
            sub = src.relative_to(src_root)
            shown = f"{prefix}/{sub.as_posix()}".rstrip("/").removesuffix("/.")
            copied += _copy_one(src, dst_root / sub, shown, notes, shadowed, within=src)
    return copied, notes


def _link_stays_inside(link: Path, within: Path) -> bool:
    """A relative symlink whose target, resolved lexically, stays inside ``within`` (the
    artifact folder being copied) and is not ``within`` itself."""
    target = os.readlink(link)
    if os.path.isabs(target):
        return False
    resolved = Path(os.path.normpath(link.parent / target))
    return resolved != within and within in resolved.parents


def _copy_one(
    src: Path, dst: Path, shown: str, notes: list[str], shadowed: frozenset[str],
    within: Path | None = None,
) -> list[str]:
    if src.is_symlink():
        if within is not None and src != within and _link_stays_inside(src, within):
            if dst.is_symlink() or dst.is_file():
                dst.unlink()
            elif dst.is_dir():
                shutil.rmtree(dst)
            dst.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(os.readlink(src), dst)
            return [shown]
        notes.append(f"refused symlink {shown}")
        return []
    if _shadows(src, shown, shadowed):
        notes.append(f"refused module shadowing {shown}")
        return []
    if src.is_file():
        if _is_hook(src.name):
            notes.append(f"refused start-up hook {shown}")
            return []
        if dst.is_dir():
            shutil.rmtree(dst)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(src, dst)
        return [shown]
    if src.is_dir():
        copied: list[str] = []
        if src == within and shown != APP and dst.is_dir() and not dst.is_symlink():
            # A folder artifact is the agent's folder as it left it: what the agent deleted
            # from the seed (a file, a git ref packed away) must not reappear under it.
            shutil.rmtree(dst)
        dst.mkdir(parents=True, exist_ok=True)
        for child in sorted(src.iterdir()):
            if child.name in ("__pycache__", ".pytest_cache"):
                continue
            copied += _copy_one(
                child, dst / child.name, f"{shown}/{child.name}", notes, shadowed, within
            )
        return copied
    notes.append(f"refused special file {shown}")
    return []
