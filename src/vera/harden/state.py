"""A task's hardening states as git commits, and candidate patches applied to a copy.

``DIR/<task>/state/`` is a git repository whose working tree is the *accepted* state. Tags name
the states: ``before`` (the task as given), ``autosep`` (after separation), ``iter-N`` (accepted
in iteration N), ``static`` (the static baseline's repair) and ``after`` (the final state). A
candidate is written to ``DIR/<task>/candidate/`` (a plain copy) and only reaches the repository
when every gate accepts it, so a rejected candidate leaves the accepted state untouched.
"""

from __future__ import annotations

import difflib
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path, PurePosixPath

from vera import paths
from vera.harden.roles import OUTPUT_SPEC_HEADING, Patch
from vera.harden.separate import harden_shell, verifier_files
from vera.harden.task import Task, TaskError, git_representable, load_task, pack_app_seed

_GIT_ID = [
    "-c",
    "user.name=vera harden",
    "-c",
    "user.email=vera@localhost",
    "-c",
    "commit.gpgsign=false",
    "-c",
    "tag.gpgsign=false",
]
_IGNORE = shutil.ignore_patterns(".git", "__pycache__", ".pytest_cache", "*.pyc")
PATCHABLE = ("tests/", "environment/")


def _ignore_outside_environment(src: Path):
    """Like ``_IGNORE``, except that under ``environment/`` nested git repositories are kept."""
    env = (src / "environment").resolve()

    def ignore(directory: str, names: list[str]) -> set[str]:
        here = Path(directory).resolve()
        if here == env or env in here.parents:
            return {n for n in names if n in ("__pycache__", ".pytest_cache") or n.endswith(".pyc")}
        return set(_IGNORE(directory, names))

    return ignore


class PatchError(Exception):
    """A candidate patch that cannot be applied (path outside tests/ and environment/...)."""


def git(repo: Path, *args: str) -> str:
    res = subprocess.run(["git", *_GIT_ID, *args], cwd=repo, capture_output=True, text=True)
    if res.returncode != 0:
        raise TaskError(f"{repo}: git {' '.join(args)} failed: {res.stderr.strip()[:300]}")
    return res.stdout.strip()


def init_state(src: Path, repo: Path) -> str:
    """Copy the task at ``src`` into a new repository at ``repo``; commit and tag ``before``."""
    if repo.exists():
        shutil.rmtree(repo)
    src = Path(src)
    shutil.copytree(src, repo, ignore=_ignore_outside_environment(src), symlinks=True)
    if not git_representable(load_task(repo)):
        # Git cannot hold a nested .git, empty directories or most modes: the seed travels as
        # environment/app.tar (extracted into /app before environment/app/), byte for byte.
        pack_app_seed(repo)
    git(repo, "init", "-q", "-b", "main")
    return commit(repo, "before: the task as given", tag="before")


def commit(repo: Path, message: str, *, tag: str | None = None) -> str:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--allow-empty", "-m", message)
    head = git(repo, "rev-parse", "HEAD")
    if tag:
        git(repo, "tag", "-f", tag, head)
    return head


def tag(repo: Path, name: str, rev: str = "HEAD") -> None:
    git(repo, "tag", "-f", name, rev)


def load_state(repo: Path, task_id: str) -> Task:
    """The task in a state directory, under its own id (not the directory's name)."""
    return load_task(repo).model_copy(update={"id": task_id})


def materialize(repo: Path, rev: str, dest: Path) -> Path:
    """Write the tree of ``rev`` to ``dest`` (created) without touching the working tree."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tar = Path(tmp) / "tree.tar"
        git(repo, "archive", "--format=tar", "-o", str(tar), rev)
        with tarfile.open(tar) as tf:
            tf.extractall(dest, filter="data")
    return dest


def _check_path(rel: str) -> str:
    p = PurePosixPath(rel)
    if not rel or p.is_absolute() or ".." in p.parts or not rel.startswith(PATCHABLE):
        raise PatchError(f"patch path {rel!r} is not under {' or '.join(PATCHABLE)}")
    return p.as_posix()


def apply_patch(repo: Path, dest: Path, patch: Patch, *, output_spec_editable: bool) -> str:
    """Copy the accepted state to ``dest`` and apply ``patch`` there. Returns the unified diff.

    In a separated task, shell scripts the patch writes under tests/ get the separation preamble
    again (so a patch cannot undo the clean environment); ``output_spec`` is appended to the
    instruction only when the output specification is editable.
    """
    if not patch.files and not (output_spec_editable and patch.output_spec):
        raise PatchError("empty patch")
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(repo, dest, ignore=_IGNORE, symlinks=True)
    task = load_task(dest)
    keep = set(task.config.verifier.env)
    files = verifier_files(task) | {
        f"/{f.path}": f.content
        for f in patch.files
        if f.content is not None and f.path.startswith("tests/") and f.path.endswith(".py")
    }
    diffs: list[str] = []
    for f in patch.files:
        rel = _check_path(f.path)
        # A model wrote the patch: its paths are resolved beneath the task copy (vera.paths).
        try:
            there = paths.is_file(dest, rel)
            old = paths.read_bytes(dest, rel).decode(errors="replace") if there else ""
            if f.content is None:
                if there:
                    paths.resolve(dest, rel).unlink()
                new = ""
            else:
                new = f.content
                if task.separated and rel.startswith("tests/") and rel.endswith(".sh"):
                    new, _ = harden_shell(new, keep, files)
                mode = 0o755 if rel.endswith(".sh") or new.startswith("#!") else 0o644
                paths.write_bytes(dest, rel, new.encode(), mode=mode)
        except paths.UnsafePathError as exc:
            raise PatchError(str(exc)) from None
        diffs.append(_diff(rel, old, new))
    if output_spec_editable and patch.output_spec:
        try:  # beneath the task copy, as the files are: a link is replaced, never written through
            old = paths.read_text(dest, "instruction.md")
            body = old if OUTPUT_SPEC_HEADING in old else f"{old.rstrip()}\n\n{OUTPUT_SPEC_HEADING}\n"
            new = f"{body.rstrip()}\n\n{patch.output_spec.strip()}\n"
            paths.write_bytes(dest, "instruction.md", new.encode("utf-8", "surrogateescape"))
        except paths.UnsafePathError as exc:
            raise PatchError(str(exc)) from None
        diffs.append(_diff("instruction.md", old, new))
    return "".join(diffs)


def _diff(rel: str, old: str, new: str) -> str:
    return "".join(
        difflib.unified_diff(
            old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{rel}", f"b/{rel}"
        )
    )


def accept(repo: Path, candidate: Path, message: str, *, tag_name: str) -> str:
    """Make ``candidate`` the accepted state: replace the working tree, commit, tag."""
    for child in repo.iterdir():
        if child.name == ".git":
            continue
        shutil.rmtree(child) if child.is_dir() and not child.is_symlink() else child.unlink()
    for child in candidate.iterdir():
        dst = repo / child.name
        shutil.copytree(child, dst, symlinks=True) if child.is_dir() and not child.is_symlink() else shutil.copy2(child, dst, follow_symlinks=False)
    return commit(repo, message, tag=tag_name)


__all__ = [
    "PatchError",
    "accept",
    "apply_patch",
    "commit",
    "git",
    "init_state",
    "load_state",
    "materialize",
    "tag",
]
