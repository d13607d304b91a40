"""Virtual environments that tests make for tools vera must not depend on (Inspect AI, Harbor),
built once and cached under ``~/.cache/vera`` (``VERA_TEST_CACHE`` overrides), so reruns reuse
them.

A venv is keyed by the interpreter's version and the requirements it was made with; it is made
under a file lock (two test sessions share it) and marked ready only once every install
succeeded, so a killed build is made again. Everything comes from the package registry through
pip, as a user would install it.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("VERA_TEST_CACHE") or Path.home() / ".cache" / "vera")
PIP_TIMEOUT_S = 1800


def _version(python: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run([python, "-c", "import sys; print(*sys.version_info[:2])"],
                             capture_output=True, text=True, timeout=60)  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    major, minor = out.stdout.split()
    return int(major), int(minor)


def find_python(minimum: tuple[int, int]) -> str | None:
    """An interpreter of at least ``minimum``: this one, ``python3.N`` on PATH, or one of
    pyenv's versions (``pyenv root``, else ``~/.pyenv``); the oldest that fits."""
    if sys.version_info[:2] >= minimum:
        return sys.executable
    found: list[tuple[tuple[int, int], str]] = []
    for minor in range(minimum[1], minimum[1] + 6):
        path = shutil.which(f"python{minimum[0]}.{minor}")
        if path:
            found.append(((minimum[0], minor), path))
    roots = []
    pyenv = shutil.which("pyenv")
    if pyenv:
        out = subprocess.run([pyenv, "root"], capture_output=True, text=True, timeout=30)
        if out.returncode == 0 and out.stdout.strip():
            roots.append(Path(out.stdout.strip()))
    roots.append(Path(os.environ.get("PYENV_ROOT") or Path.home() / ".pyenv"))
    for root in roots:
        for d in sorted((root / "versions").glob("[0-9]*")) if (root / "versions").is_dir() else []:
            m = re.fullmatch(r"(\d+)\.(\d+)\.\d+", d.name)
            exe = d / "bin" / f"python{m.group(1)}.{m.group(2)}" if m else None
            if m and exe and exe.is_file() and (int(m.group(1)), int(m.group(2))) >= minimum:
                found.append(((int(m.group(1)), int(m.group(2))), str(exe)))
    for version, exe in sorted(found):
        if _version(exe) == version:
            return exe
    return None


def _pip(python: Path, *args: str) -> None:
    out = subprocess.run([str(python), "-m", "pip", "install", "-q", "--disable-pip-version-check",
                          *args], capture_output=True, text=True, timeout=PIP_TIMEOUT_S)  # fmt: skip
    if out.returncode != 0:
        lines = [ln for ln in out.stderr.splitlines() if not ln.startswith("WARNING: Location")]
        raise RuntimeError(f"pip install {' '.join(args)} failed:\n" + "\n".join(lines[-30:]))


def cached_venv(name: str, python: str, requirements: list[str], key: str = "") -> Path:
    """The venv ``name`` for ``python`` with ``requirements`` installed (made once; ``key``
    tells apart venvs of the same requirements, e.g. of two checkouts)."""
    version = ".".join(map(str, _version(python) or (0, 0)))
    key = hashlib.sha256("\n".join([version, key, *requirements]).encode()).hexdigest()[:12]
    root = CACHE / f"{name}-py{version}-{key}"
    ready = root / ".vera-ready"
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{root.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not ready.is_file():
            shutil.rmtree(root, ignore_errors=True)
            subprocess.run([python, "-m", "venv", str(root)], check=True, timeout=300)
            _pip(root / "bin" / "python", "--upgrade", "pip")
            _pip(root / "bin" / "python", *requirements)
            ready.write_text("\n".join(requirements) + "\n")
    return root


def pyproject() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text())


def harbor_venv() -> Path:
    """Python >= 3.12 with PyPI's ``harbor`` (its own task and trajectory models); the test is
    skipped, with the reason printed, only where no Python >= 3.12 exists."""
    python = find_python((3, 12))
    if python is None:
        pytest.skip("no Python >= 3.12 on this machine (PATH, pyenv): harbor needs one")
    return cached_venv("harbor", python, ["harbor>=0.26,<0.27"])


def inspect_venv() -> Path:
    """vera installed as ``pip install 'vera[inspect]'`` installs it, in a venv of this
    interpreter: its dependencies and the ``inspect`` extra's (Inspect AI from PyPI) once, and
    vera itself from this checkout on every call (not editable, so the venv runs the code as it
    is now; build requirements installed once, so no download)."""
    project = pyproject()
    deps = [*project["project"]["dependencies"],
            *project["project"]["optional-dependencies"]["inspect"]]  # fmt: skip
    build = project["build-system"]["requires"]
    root = cached_venv("inspect", sys.executable, [*deps, *build], key=str(REPO))
    with open(CACHE / f"{root.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        # reinstalled only when the checkout changed: a second pytest worker reinstalling while
        # the first runs the venv's vera would pull its files from under it
        marker = root / "vera-source.sha256"
        digest = _source_digest()
        if not marker.is_file() or marker.read_text() != digest:
            _pip(root / "bin" / "python", "--no-deps", "--force-reinstall", "--no-build-isolation",
                 f"{REPO}[inspect]")  # fmt: skip
            marker.write_text(digest)
    return root


def _source_digest() -> str:
    """A digest of what a vera install from this checkout holds: the package's files and
    pyproject.toml."""
    import hashlib

    h = hashlib.sha256()
    for f in sorted([REPO / "pyproject.toml", *(REPO / "src" / "vera").rglob("*")]):
        if f.is_file() and "__pycache__" not in f.parts:
            h.update(str(f.relative_to(REPO)).encode())
            h.update(f.read_bytes())
    return h.hexdigest()
