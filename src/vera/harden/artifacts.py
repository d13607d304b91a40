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
import posixpath
import re
import sys
import tarfile
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from vera import paths
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


def harbor_artifacts(task: Task) -> list[str] | None:
    """Harbor's own top-level ``artifacts = [...]`` of ``task.toml`` (paths, or tables with a
    ``source``) as sandbox paths; None when the task declares none there. This is where a task
    written in Harbor's separation schema (``vera harden separate --format harbor``, or
    upstream) declares what its separate verifier receives."""
    entries = (task.config.model_extra or {}).get("artifacts")
    if entries is None:
        return None
    if not isinstance(entries, list):
        raise TypeError(f"{task.path / 'task.toml'}: artifacts must be a list, not {type(entries).__name__}")
    out: list[str] = []
    for e in entries:
        source = e.get("source") if isinstance(e, dict) else e
        if not isinstance(source, str) or not source:
            raise TypeError(f"{task.path / 'task.toml'}: artifact entry {e!r} has no source path")
        out.append(source.rstrip("/") or "/")
    return out


def artifacts_of(task: Task) -> list[str]:
    """The task's declared artifacts (``[vera] artifacts``, else Harbor's top-level
    ``artifacts``), or the inferred ones when it declares none."""
    declared = task.config.vera.artifacts
    if declared is not None:
        return list(declared)
    harbor = harbor_artifacts(task)
    return harbor if harbor is not None else infer_artifacts(task)


def covered(path: str, artifacts: list[str]) -> bool:
    """Whether an artifact carries sandbox ``path``: the path itself, a folder above it, or a
    glob matching either, with the glob semantics :func:`copy_artifacts` copies by."""
    parts = PurePosixPath(path).parts
    for art in artifacts:
        if path == art or path.startswith(art.rstrip("/") + "/"):
            return True
        if any(ch in art for ch in "*?["):
            pat = list(PurePosixPath(art).parts)
            if any(_glob_match(list(parts[:n]), pat) for n in range(1, len(parts) + 1)):
                return True
    return False


UNCARRIED_NOTE = "changed by the agent, carried by no artifact:"
"""How a separated trial's notes name :func:`uncarried_changes` (the proof of a separation
reads it back to say which artifact a failing oracle missed)."""

UNCARRIED_SHOWN = 10
"""Most paths :func:`uncarried_changes` names (the agent decides how many files it writes)."""


def uncarried_changes(
    folder: Path, seed: Mapping[str, str | bytes], artifacts: list[str], prefix: str = APP
) -> list[str]:
    """Sandbox paths under ``prefix`` (shown by host ``folder``) that the agent created or
    changed against ``seed`` (relative path -> content it started with) and that no artifact
    carries to a separate verifier: what a verifier failing after separation most likely
    missed. Names only, read with ``lstat`` and a no-follow open, so a link the agent made is
    never followed; at most :data:`UNCARRIED_SHOWN` (sorted), the rest counted in a last entry."""
    import os
    import stat

    found: list[str] = []
    root = str(folder)
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames.sort()
        for name in sorted(filenames) + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
            full = os.path.join(dirpath, name)
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            shown = f"{prefix}/{rel}"
            if covered(shown, artifacts):
                continue
            try:
                st = os.lstat(full)
            except OSError:
                continue
            if not stat.S_ISREG(st.st_mode):
                if rel not in seed:
                    found.append(shown)
                continue
            text = seed.get(rel)
            if text is None:
                found.append(shown)
                continue
            want = text if isinstance(text, bytes) else text.encode("utf-8", "surrogateescape")
            if st.st_size != len(want):
                found.append(shown)
                continue
            try:
                fd = os.open(full, os.O_RDONLY | os.O_NOFOLLOW)
            except OSError:
                continue
            with os.fdopen(fd, "rb") as fh:
                if fh.read(len(want) + 1) != want:
                    found.append(shown)
    if len(found) > UNCARRIED_SHOWN:
        return [*found[:UNCARRIED_SHOWN], f"... and {len(found) - UNCARRIED_SHOWN} more"]
    return found


# --- carrying artifacts out of the agent's sandbox ---------------------------------------------

EXPORT_CAP = 1 << 30
"""Most bytes of artifacts (the tar stream, per mount) a separated verifier receives; an agent
that leaves more makes the verifier phase fail (never a reward)."""

EXPORT_SCRIPT = """\
for p do
  shift
  if [ -e "$p" ] || [ -h "$p" ]; then set -- "$@" "$p"; fi
done
[ $# -eq 0 ] && exit 0
exec tar -cf - -- "$@"
"""
"""Run inside a sandbox that shows the agent's folder as it left it (its working directory):
a tar stream of the named entries that exist, on stdout. tar stores a link as a link, so the
host receives bytes, never a path to resolve."""


class ArtifactError(Exception):
    """The artifacts could not be carried over (the export failed, or is over
    :data:`EXPORT_CAP`); the message is one line."""


def export_names(artifacts: list[str], prefix: str) -> list[str]:
    """What to put in the tar stream of mount ``prefix`` for ``artifacts``: the top-level
    entries the artifacts start with (``.``, the whole mount, when one starts with a glob or is
    the mount itself). Empty when no artifact lies under ``prefix``."""
    names: dict[str, None] = {}
    for art in artifacts:
        if not (art == prefix or art.startswith(prefix + "/")):
            continue
        rel = art[len(prefix) :].lstrip("/")
        first = rel.split("/", 1)[0]
        if not first or any(ch in first for ch in "*?[") or first in (".", ".."):
            return ["."]
        names.setdefault(first)
    return list(names)


def export_command(names: list[str]) -> list[str]:
    """The argv that writes the tar stream of ``names`` (see :data:`EXPORT_SCRIPT`)."""
    return ["/bin/sh", "-c", EXPORT_SCRIPT, "vera-export", *names]


class _Archive:
    """The members of an exported tar stream by path relative to the mount (``""``: the mount
    itself), and which member holds which children."""

    def __init__(self, tf: tarfile.TarFile | None) -> None:
        self.tf = tf
        self.members: dict[str, tarfile.TarInfo] = {}
        self.children: dict[str, list[str]] = {}
        for m in tf.getmembers() if tf is not None else []:
            rel = posixpath.normpath(m.name)
            rel = "" if rel == "." else rel
            if rel.startswith(("/", "../")) or rel == "..":
                continue  # a stream no tar writes; nothing of it leaves the mount
            self.members[rel] = m
        for rel in sorted(self.members):
            if rel:
                self.children.setdefault(posixpath.dirname(rel), []).append(rel)

    def link_above(self, rel: str) -> str | None:
        """The first folder on the way to ``rel`` that is a link (what a host path would have
        followed)."""
        parts = rel.split("/")
        for i in range(1, len(parts)):
            m = self.members.get("/".join(parts[:i]))
            if m is not None and m.issym():
                return "/".join(parts[:i])
        return None

    def matches(self, pattern: str) -> list[str]:
        if not pattern:
            return [""] if "" in self.members else []
        if not any(ch in pattern for ch in "*?["):
            return [pattern] if pattern in self.members else []
        pat = pattern.split("/")
        return sorted(r for r in self.members if r and _glob_match(r.split("/"), pat))


def _glob_match(parts: list[str], pat: list[str]) -> bool:
    """``Path.glob`` semantics, component by component (``**``: any number of folders)."""
    if not pat:
        return not parts
    if pat[0] == "**":
        return any(_glob_match(parts[i:], pat[1:]) for i in range(len(parts) + 1))
    return bool(parts) and fnmatch.fnmatchcase(parts[0], pat[0]) and _glob_match(parts[1:], pat[1:])


def copy_artifacts(
    artifacts: list[str],
    mounts: dict[str, tuple[tarfile.TarFile | None, Path]],
    shadowed: frozenset[str] = VERIFIER_MODULES,
) -> tuple[list[str], list[str]]:
    """Copy each artifact from the agent's exported mount into the verifier's side of it.

    ``mounts`` maps a sandbox prefix (``/app``, ``/logs/artifacts``) to (the tar stream
    exported from inside the agent's sandbox, see :func:`export_command`, or None when nothing
    was exported; the verifier's host folder). Every write into the verifier's folder is
    resolved beneath it (:mod:`vera.paths`), so a link the task's seed holds is never written
    through. ``shadowed`` comes from :func:`shadowed_modules`. Returns (copied sandbox paths,
    notes about what was refused or absent).
    """
    copied: list[str] = []
    notes: list[str] = []
    archives = {prefix: _Archive(tf) for prefix, (tf, _) in mounts.items()}
    for art in artifacts:
        prefix = next(
            (m for m in sorted(mounts, key=len, reverse=True) if art == m or art.startswith(m + "/")),
            None,
        )
        if prefix is None:
            notes.append(f"artifact {art}: not under {', '.join(sorted(mounts))}; ignored")
            continue
        archive, dst_root = archives[prefix], mounts[prefix][1]
        rel = posixpath.normpath(art[len(prefix) :].lstrip("/") or ".")
        rel = "" if rel == "." else rel
        if ".." in PurePosixPath(rel).parts:
            notes.append(f"artifact {art}: '..' not allowed; ignored")
            continue
        found = archive.matches(rel)
        if not found and not any(ch in rel for ch in "*?["):
            above = archive.link_above(rel)
            if above is not None:
                notes.append(f"refused symlink {prefix}/{above}")
            else:
                notes.append(f"artifact {art}: absent after the agent")
        for src in found:
            shown = f"{prefix}/{src}".rstrip("/")
            try:
                copied += _copy_one(archive, src, dst_root, shown, notes, shadowed, within=src)
            except paths.UnsafePathError as exc:  # the seed has a link out where this goes
                notes.append(f"refused {shown}: {exc}")
    return copied, notes


def _link_stays_inside(rel: str, target: str, within: str) -> bool:
    """A relative link target that, read from ``rel``'s folder, stays inside ``within`` (the
    artifact folder being copied) and is not ``within`` itself."""
    if posixpath.isabs(target):
        return False
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(rel), target))
    if resolved.startswith("../") or resolved == "..":
        return False
    return resolved != within and (within == "" or resolved.startswith(within + "/"))


def _shadows(name: str, is_dir: bool, shown: str, shadowed: frozenset[str]) -> bool:
    if PurePosixPath(shown).parent != PurePosixPath(APP):
        return False
    if is_dir:
        return name in shadowed
    return name.endswith((".py", ".so")) and name.split(".")[0] in shadowed


def _copy_one(
    archive: _Archive, rel: str, dst_root: Path, shown: str, notes: list[str],
    shadowed: frozenset[str], within: str,
) -> list[str]:  # fmt: skip
    m = archive.members[rel]
    name = posixpath.basename(rel) or posixpath.basename(shown)
    if m.issym():
        if rel != within and _link_stays_inside(rel, m.linkname, within):
            paths.make_link(dst_root, rel, m.linkname)
            return [shown]
        notes.append(f"refused symlink {shown}")
        return []
    if _shadows(name, m.isdir(), shown, shadowed):
        notes.append(f"refused module shadowing {shown}")
        return []
    if m.isfile() or m.islnk():
        if _is_hook(name):
            notes.append(f"refused start-up hook {shown}")
            return []
        try:
            data = archive.tf.extractfile(m) if archive.tf is not None else None
        except KeyError:  # a hard link to something not exported
            data = None
        if data is None:
            notes.append(f"refused hard link {shown}")
            return []
        with data:
            paths.write_bytes(dst_root, rel, data, mode=m.mode & 0o777, mtime=m.mtime)
        return [shown]
    if m.isdir():
        copied: list[str] = []
        # A folder artifact is the agent's folder as it left it: what the agent deleted from
        # the seed (a file, a git ref packed away) must not reappear under it.
        paths.make_dir(dst_root, rel, fresh=rel == within and shown != APP)
        for child in archive.children.get(rel, []):
            if posixpath.basename(child) in ("__pycache__", ".pytest_cache"):
                continue
            copied += _copy_one(archive, child, dst_root, f"{shown}/{posixpath.basename(child)}",
                                notes, shadowed, within)  # fmt: skip
        return copied
    notes.append(f"refused special file {shown}")
    return []
