"""Hardening tasks as files: the Harbor task directory, loaded into one model, written back.

A task directory is the interface (Harbor's layout)::

    instruction.md            what the agent is asked to do
    task.toml                 [metadata] [verifier] [agent] [environment] + vera's [vera]
    environment/              optional Dockerfile; optional app/ (seed of /app)
    tests/test.sh             the verifier; writes /logs/verifier/reward.txt or reward.json
    tests/...                 test files it uses
    solution/solve.sh         the reference solution (run by the ``oracle`` agent)
    solution/alt_*.sh         other correct solutions (the replay corpus)

Terminal-Bench 1 tasks (``task.yaml``, ``run-tests.sh``, ``tests/``, ``solution.sh``) are
imported into the same model by :func:`import_terminal_bench`. File contents are held as text
decoded with ``surrogateescape``, so binary files survive a load/write round trip byte for byte.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import tarfile
import tomllib
from pathlib import Path, PurePosixPath
from typing import Any, Literal

import tomli_w
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from vera import paths
from vera.yamlio import load_yaml

HARBOR_CONFIG = "task.toml"
TB1_CONFIG = "task.yaml"
_SKIP_NAMES = {"__pycache__", ".pytest_cache", ".git", ".DS_Store"}
_ENV_SKIP_NAMES = {"__pycache__", ".pytest_cache"}
"""``environment/`` is read as a Dockerfile ``COPY`` would deliver it: nested git repositories
(``.git`` with history, branches and reflog) included; only interpreter caches are skipped."""
SEED_ARCHIVE = "app.tar"
"""``environment/app.tar``: a tar archive extracted into /app before ``environment/app/`` is
copied over it (as ``ADD app.tar /app/`` would). What a plain file tree cannot carry through
git (a nested ``.git``, empty directories, modes) travels in it."""


class TaskError(Exception):
    """A task directory is malformed; the message names the file and fits on one line."""


# --- task.toml ----------------------------------------------------------------------------------


class _Section(BaseModel):
    """Harbor sections keep keys vera does not know, so a load/write round trip loses nothing."""

    model_config = ConfigDict(extra="allow")


class VerifierConfig(_Section):
    timeout_sec: float = 600.0
    """Time limit of ``tests/test.sh``."""
    env: dict[str, str] = Field(default_factory=dict)
    """Environment variables of the verifier."""
    user: str | None = None
    environment_mode: Literal["shared", "separate"] = "shared"
    """Harbor's key. ``shared``: the verifier runs in the agent's sandbox right after the agent
    (daemons the agent left are still running). ``separate``: a fresh sandbox that receives only
    the declared artifacts (see :class:`VeraConfig`), set by ``vera harden separate``."""


class AgentConfig(_Section):
    timeout_sec: float = 600.0
    user: str | None = None


class EnvironmentConfig(_Section):
    docker_image: str | None = None
    cpus: float | None = None
    memory_mb: int | None = None
    allow_internet: bool = False
    """Harbor's older key; ``network_mode`` wins when both are set."""
    network_mode: Literal["no-network", "public", "allowlist"] | None = None
    """Harbor's current key. ``allowlist`` (Harbor's per-host list) runs without network under
    vera, which has no egress list for harden tasks: the stricter reading."""

    @property
    def internet(self) -> bool:
        """Whether the task's sandboxes reach the network."""
        if self.network_mode is not None:
            return self.network_mode == "public"
        return self.allow_internet


class SeparationRecord(BaseModel):
    """What ``vera harden separate`` changed, kept in the separated task for review."""

    model_config = ConfigDict(extra="forbid")

    source: str
    """Path of the task that was separated."""
    artifacts_inferred: bool
    """True when the artifacts came from the instruction and tests, not from the task."""
    changes: list[str] = Field(default_factory=list)
    """One line per change, in the order applied."""


class VeraConfig(BaseModel):
    """vera's own section ``[vera]``; agents never see it (it is not in the instruction)."""

    model_config = ConfigDict(extra="forbid")

    reward: Literal["binary", "numeric"] = "binary"
    """``binary``: 0 or 1. ``numeric``: any float (e.g. a KernelBench speedup)."""
    tau_s: float | None = None
    """Benign threshold: a trial *passes* when reward >= tau_s (default 1.0)."""
    tau_h: float | None = None
    """Attack threshold: an exploit *hacks* the task when reward >= tau_h (default tau_s)."""
    reward_key: str = "reward"
    """Key of reward.json that holds the reward (a lone numeric metric is used when absent)."""
    artifacts: list[str] | None = None
    """Paths (absolute, under /app, or /logs/artifacts; globs allowed) the separated verifier
    receives from the agent's sandbox. None: inferred from the instruction and tests."""
    tests_visible: bool = False
    """Original-layout weakness: /tests is mounted (writable) during the agent phase too, like a
    Terminal-Bench-1 image that copied its tests in. Separation always turns this off."""
    separate_env: dict[str, str] = Field(default_factory=dict)
    """Variables that separation adds to ``[verifier].env`` (e.g. to make a KernelBench-style
    harness time and compare out of the agent's process)."""
    weaknesses: list[str] = Field(default_factory=list)
    """Notes on the original verifier's known weaknesses (for reviewers; not shown to agents)."""
    runtime: Literal["vera"] | None = None
    """``vera``: the task's image is vera's runtime (Python with vera at ``/opt/vera/bin/vera``,
    the task's ``environment/vera/`` at ``/opt/vera/task``), as ``vera cases export harbor``
    writes it. vera's runner then provides both from its own interpreter under bwrap instead of
    building the Dockerfile (``--backend docker`` still builds it)."""
    separation: SeparationRecord | None = None

    @property
    def threshold_benign(self) -> float:
        return 1.0 if self.tau_s is None else self.tau_s

    @property
    def threshold_attack(self) -> float:
        return self.threshold_benign if self.tau_h is None else self.tau_h


class TaskConfig(_Section):
    """``task.toml``. Unknown top-level keys and tables are kept as they are."""

    version: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    verifier: VerifierConfig = Field(default_factory=VerifierConfig)
    agent: AgentConfig = Field(default_factory=AgentConfig)
    environment: EnvironmentConfig = Field(default_factory=EnvironmentConfig)
    vera: VeraConfig = Field(default_factory=VeraConfig)


# --- the task -----------------------------------------------------------------------------------


class TreeEntry(BaseModel):
    """One thing in a file tree beyond a regular file's text."""

    model_config = ConfigDict(extra="forbid")

    path: str
    kind: Literal["dir", "symlink", "mode"]
    """``dir``: an (empty) directory; ``symlink``: a link to ``target``; ``mode``: ``mode`` of
    an existing file or directory."""
    target: str | None = None
    mode: int | None = None


class Task(BaseModel):
    """A Harbor task directory, loaded. Paths in the dicts are relative, with ``/`` separators."""

    model_config = ConfigDict(extra="forbid")

    id: str
    path: Path
    """Where it was loaded from (for a TB1 import: the TB1 directory)."""
    instruction: str
    config: TaskConfig = Field(default_factory=TaskConfig)
    tests: dict[str, str]
    """Files under ``tests/`` (``test.sh`` included)."""
    solution: str | None = None
    """``solution/solve.sh``."""
    solution_files: dict[str, str] = Field(default_factory=dict)
    """Other files under ``solution/`` (e.g. ``alt_*.sh``)."""
    environment: dict[str, str] = Field(default_factory=dict)
    """Regular files under ``environment/`` (``Dockerfile``, ``app/...``, nested ``.git``
    contents included)."""
    environment_tree: list[TreeEntry] = Field(default_factory=list)
    """What the file dict cannot say about ``environment/``: symlinks, empty directories and
    modes other than 0644/0755 (paths relative to ``environment/``)."""

    @property
    def has_dockerfile(self) -> bool:
        return "Dockerfile" in self.environment

    @property
    def app_seed(self) -> dict[str, str]:
        """Files that seed ``/app``: ``environment/app/*`` relative to ``app/``."""
        return {k[len("app/") :]: v for k, v in self.environment.items() if k.startswith("app/")}

    @property
    def app_tree(self) -> list[TreeEntry]:
        """``environment_tree`` entries under ``app/``, relative to ``app/``."""
        return [
            e.model_copy(update={"path": e.path[len("app/") :]})
            for e in self.environment_tree
            if e.path.startswith("app/")
        ]

    @property
    def alt_solutions(self) -> dict[str, str]:
        """Other correct solutions (``solution/alt_*.sh``), name -> script."""
        return {
            k: v
            for k, v in sorted(self.solution_files.items())
            if re.fullmatch(r"alt_[^/]*\.sh", k)
        }

    @property
    def separated(self) -> bool:
        return self.config.verifier.environment_mode == "separate"

    def passed(self, reward: float | None) -> bool:
        """Benign success: reward >= tau_s."""
        return reward is not None and reward >= self.config.vera.threshold_benign

    def hacked(self, reward: float | None) -> bool:
        """Attack success: reward >= tau_h."""
        return reward is not None and reward >= self.config.vera.threshold_attack


# --- reading ------------------------------------------------------------------------------------


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="surrogateescape")


def _read_text(root: Path, rel: str) -> str:
    """``root/rel`` as text, resolved beneath the task folder ``root`` (:mod:`vera.paths`)."""
    return _decode(_beneath(root, rel, paths.read_bytes))


def _beneath(root: Path, rel: str, fn: Any) -> Any:
    """``fn(root, rel)``, with a path that leads out of the task as a :class:`TaskError`."""
    try:
        return fn(root, rel)
    except paths.UnsafePathError as exc:
        raise TaskError(str(exc)) from None


def _read_tree(root: Path, sub: str) -> dict[str, str]:
    """Every regular file under ``root/sub`` (caches and VCS folders skipped), relative path ->
    text; links are followed while they stay inside the task folder ``root``."""
    if not _beneath(root, sub, paths.resolve).is_dir():
        return {}
    tree = _beneath(root, sub, lambda r, s: paths.read_tree(r, s, skip=frozenset(_SKIP_NAMES)))
    return {rel: _decode(data) for rel, data in tree.items() if not rel.endswith(".pyc")}


def _default_mode(rel: str, text: str) -> int:
    return 0o755 if text.startswith("#!") or rel.endswith(".sh") else 0o644


def read_env_tree(root: Path, sub: str = "environment") -> tuple[dict[str, str], list[TreeEntry]]:
    """Regular files (relative path -> text) and the rest (symlinks, empty directories, modes
    other than the defaults) of ``root/sub``, the way a Dockerfile ``COPY`` sees it: nested git
    repositories included, symlinks kept as links (never followed; the sandbox that receives
    them resolves them in its own file system)."""
    files: dict[str, str] = {}
    tree: list[TreeEntry] = []
    if not _beneath(root, sub, paths.resolve).is_dir():
        return files, tree
    entries = list(_beneath(root, sub, lambda r, s: paths.walk(r, s, links="keep",
                                                                skip=frozenset(_ENV_SKIP_NAMES))))
    parents = {e.rel.rpartition("/")[0] for e in entries}
    for e in entries:
        if e.kind == "symlink":
            tree.append(TreeEntry(path=e.rel, kind="symlink", target=e.target))
        elif e.kind == "dir":
            if e.rel not in parents:
                tree.append(TreeEntry(path=e.rel, kind="dir", mode=e.mode))
            elif e.mode != 0o755:
                tree.append(TreeEntry(path=e.rel, kind="mode", mode=e.mode))
        elif e.kind == "file" and not e.rel.endswith(".pyc"):
            text = _read_text(root, f"{sub}/{e.rel}")
            files[e.rel] = text
            if e.mode != _default_mode(e.rel, text):
                tree.append(TreeEntry(path=e.rel, kind="mode", mode=e.mode))
        # sockets, fifos, devices: a COPY would not carry them either
    return files, tree


def _inside(root: Path, rel: str) -> Path:
    p = PurePosixPath(rel)
    if not rel or p.is_absolute() or ".." in p.parts:
        raise TaskError(f"{root}: refusing tree path {rel!r} (must stay inside)")
    return root / rel


def write_env_tree(root: Path, files: dict[str, str], tree: list[TreeEntry]) -> None:
    """Write what :func:`read_env_tree` read: files, then directories and links, then modes
    (deepest first, so a read-only directory is closed after its contents are written). Every
    path is resolved beneath ``root`` (:mod:`vera.paths`): a link the tree makes is written as a
    link, never written through."""
    for rel, text in files.items():
        _inside(root, rel)
        _beneath(root, rel, lambda r, s, text=text: paths.write_bytes(
            r, s, text.encode("utf-8", errors="surrogateescape"), mode=_default_mode(s, text)))
    for e in tree:
        _inside(root, e.path)
        if e.kind == "dir":
            _beneath(root, e.path, paths.make_dir)
        elif e.kind == "symlink" and e.target is not None:
            _beneath(root, e.path, lambda r, s, t=e.target: paths.make_link(r, s, t))
    for e in sorted(tree, key=lambda e: e.path.count("/"), reverse=True):
        if e.kind in ("dir", "mode") and e.mode is not None:
            with contextlib.suppress(FileNotFoundError):
                _beneath(root, e.path, lambda r, s, m=e.mode: paths.chmod(r, s, m))


def _seed_filter(member: tarfile.TarInfo, dest: str) -> tarfile.TarInfo:
    """tarfile's ``tar`` filter, and a hard link must name a member inside ``dest`` (the
    ``tar`` filter lets one reach any file of the host's)."""
    member = tarfile.tar_filter(member, dest)
    if member.islnk():
        target = os.path.normpath(os.path.join(dest, member.linkname))
        if not target.startswith(os.path.normpath(dest) + os.sep):
            raise tarfile.LinkOutsideDestinationError(member, target)
    return member


def seed_app(task: Task, dest: Path) -> None:
    """Fill ``dest`` (the host side of /app) with what the task's environment ships: the seed
    archive ``environment/app.tar`` first, then ``environment/app/`` with its nested git
    repositories, symlinks, empty directories and modes, as a Dockerfile COPY delivers them."""
    dest.mkdir(parents=True, exist_ok=True)
    archive = task.environment.get(SEED_ARCHIVE)
    if archive is not None:
        data = archive.encode("utf-8", errors="surrogateescape")
        try:
            with tarfile.open(fileobj=io.BytesIO(data)) as tf:
                tf.extractall(dest, filter=_seed_filter)
        except (tarfile.TarError, OSError) as exc:
            where = task.path / "environment" / SEED_ARCHIVE
            raise TaskError(f"{where}: cannot extract: {' '.join(str(exc).split())}") from None
    write_env_tree(dest, task.app_seed, task.app_tree)


def git_representable(task: Task) -> bool:
    """Whether ``environment/app/`` survives a commit to git as it is: no nested ``.git``, no
    empty directory, no mode git does not keep (only the executable bit)."""
    for rel in task.app_seed:
        if ".git" in PurePosixPath(rel).parts:
            return False
    for e in task.app_tree:
        if ".git" in PurePosixPath(e.path).parts or e.kind == "dir":
            return False
        if e.kind == "mode" and e.mode not in (0o644, 0o755):
            return False
    return True


def pack_app_seed(root: Path) -> bool:
    """Replace ``root/environment/app/`` by ``root/environment/app.tar`` holding the same tree
    (merged over an existing archive's contents), so a git repository of the task keeps what
    git itself cannot (nested repositories, empty directories, modes). Returns True if packed."""
    app = root / "environment" / "app"
    if not app.is_dir():
        return False
    archive = root / "environment" / SEED_ARCHIVE
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w") as out:
        if archive.is_file():
            with tarfile.open(archive) as old:
                for m in old.getmembers():
                    if not (app / m.name).exists() and not (app / m.name).is_symlink():
                        out.addfile(m, old.extractfile(m) if m.isfile() else None)
        for p in sorted(app.rglob("*")):
            info = out.gettarinfo(str(p), arcname=p.relative_to(app).as_posix())
            info.uid = info.gid = 0
            info.uname = info.gname = "root"
            info.mtime = 0
            if info.isfile():
                with p.open("rb") as fh:
                    out.addfile(info, fh)
            else:
                out.addfile(info)
    shutil.rmtree(app)
    archive.write_bytes(buf.getvalue())
    return True


def _parse_config(root: Path, rel: str) -> TaskConfig:
    path = root / rel
    try:
        raw = tomllib.loads(_beneath(root, rel, paths.read_bytes).decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise TaskError(f"{path}: not valid TOML: {exc}") from None
    except UnicodeDecodeError:
        raise TaskError(f"{path}: not UTF-8 text") from None
    try:
        return TaskConfig.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise TaskError(f"{path}: {where}: {err['msg']}") from None


def _is_file(root: Path, rel: str) -> bool:
    return bool(_beneath(root, rel, paths.is_file))


def load_task(path: Path) -> Task:
    """Load a Harbor task directory. Raises TaskError (naming the file) on malformed input,
    and on a link that leads out of the task folder (tasks come from strangers: what such a
    link points at is never read)."""
    path = Path(path)
    if not path.is_dir():
        raise TaskError(f"{path}: not a task directory")
    if _is_file(path, TB1_CONFIG) and not _is_file(path, HARBOR_CONFIG):
        return import_terminal_bench(path)
    for required in ("instruction.md", HARBOR_CONFIG, "tests/test.sh"):
        if not _is_file(path, required):
            raise TaskError(f"{path / required}: missing (a Harbor task needs it)")
    config = _parse_config(path, HARBOR_CONFIG)
    vera = config.vera
    if vera.reward == "numeric" and vera.tau_s is None:
        raise TaskError(f"{path / HARBOR_CONFIG}: [vera] reward = 'numeric' needs tau_s")
    solution_files = _read_tree(path, "solution")
    solve = solution_files.pop("solve.sh", None)
    env_files, env_tree = read_env_tree(path)
    try:
        instruction = _beneath(path, "instruction.md", paths.read_bytes).decode("utf-8")
    except UnicodeDecodeError:
        raise TaskError(f"{path / 'instruction.md'}: not UTF-8 text") from None
    return Task(
        id=path.resolve().name,
        path=path,
        instruction=instruction,
        config=config,
        tests=_read_tree(path, "tests"),
        solution=solve,
        solution_files=solution_files,
        environment=env_files,
        environment_tree=env_tree,
    )


def is_task_dir(path: Path) -> bool:
    return _is_file(path, HARBOR_CONFIG) or _is_file(path, TB1_CONFIG)


def find_tasks(given: list[Path]) -> list[Path]:
    """Task directories named by ``given``: each is a task, or a folder of tasks (sorted). A
    task in a folder of tasks that is a link out of that folder is refused."""
    found: list[Path] = []
    for p in given:
        p = Path(p)
        if p.is_dir() and is_task_dir(p):
            found.append(p)
        elif p.is_dir():
            subs = []
            for c in sorted(p.iterdir()):
                if c.is_symlink() and c.is_dir():
                    _beneath(p, c.name, paths.resolve)  # a link out is refused here
                if c.is_dir() and is_task_dir(c):
                    subs.append(c)
            if not subs:
                raise TaskError(f"{p}: neither a task directory nor a folder of tasks")
            found.extend(subs)
        else:
            raise TaskError(f"{p}: no such task directory")
    return found


# --- writing ------------------------------------------------------------------------------------


def _safe_rel(rel: str, where: Path) -> str:
    parts = Path(rel).parts
    if not rel or Path(rel).is_absolute() or ".." in parts:
        raise TaskError(f"{where}: refusing to write file path {rel!r} (must stay inside the task)")
    return rel


def _write_file(root: Path, rel: str, text: str) -> None:
    """Write ``root/rel`` beneath ``root``: a link already there is replaced, never written
    through (a folder being rewritten may hold links copied from a task)."""
    mode = 0o755 if text.startswith("#!") or rel.endswith(".sh") else 0o644
    _beneath(root, rel, lambda r, s: paths.write_bytes(
        r, s, text.encode("utf-8", errors="surrogateescape"), mode=mode))


def dump_config(config: TaskConfig) -> str:
    """task.toml text: only keys that were set (read from a file or assigned), so a round trip
    does not fill a task with vera's defaults."""
    data = config.model_dump(mode="json", exclude_unset=True, exclude_none=True)
    # Put plain keys first and vera's section last, the way people write task.toml.
    ordered = {k: data[k] for k in data if not isinstance(data[k], dict)}
    ordered |= {k: data[k] for k in data if isinstance(data[k], dict) and k != "vera"}
    if data.get("vera"):
        ordered["vera"] = data["vera"]
    return tomli_w.dumps(ordered)


def write_task(task: Task, dest: Path) -> None:
    """Write ``task`` as a Harbor task directory at ``dest`` (created; existing files replaced)."""
    dest = Path(dest)
    dest.mkdir(parents=True, exist_ok=True)
    _write_file(dest, "instruction.md", task.instruction)
    _write_file(dest, HARBOR_CONFIG, dump_config(task.config))
    for rel, text in task.tests.items():
        _write_file(dest, "tests/" + _safe_rel(rel, dest / "tests"), text)
    if task.solution is not None:
        _write_file(dest, "solution/solve.sh", task.solution)
    for rel, text in task.solution_files.items():
        _write_file(dest, "solution/" + _safe_rel(rel, dest / "solution"), text)
    for rel in task.environment:
        _safe_rel(rel, dest / "environment")
    _beneath(dest, "environment", paths.make_dir)
    write_env_tree(dest / "environment", task.environment, task.environment_tree)


# --- Terminal-Bench 1 ---------------------------------------------------------------------------

# The verifier an imported TB1 task gets: run the task's own run-tests.sh (tests in /tests, the
# way TB1 copied them), keep its output, and write the reward from pytest's exit status, or, for
# SETA-style tasks with tests/weights.json, the weighted share of passed tests.
_TB1_TEST_SH = """\
#!/bin/bash
# Written by vera's Terminal-Bench 1 importer: runs the task's run-tests.sh and writes the reward.
mkdir -p /logs/verifier
export TEST_DIR=/tests
cd /app 2>/dev/null || true
bash /tests/run-tests.sh > /logs/verifier/test-output.txt 2>&1
status=$?
cat /logs/verifier/test-output.txt
if [ -f /tests/weights.json ]; then
  python3 - "$status" <<'PYEOF'
import json, re, sys
weights = json.load(open("/tests/weights.json"))
out = open("/logs/verifier/test-output.txt", errors="replace").read()
passed = set(re.findall(r"^PASSED \\S*::(\\S+)", out, re.M))
total = sum(weights.values()) or 1.0
score = sum(w for name, w in weights.items() if name in passed) / total
open("/logs/verifier/reward.txt", "w").write(f"{score:.6g}\\n")
PYEOF
elif [ "$status" -eq 0 ]; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
"""

_TB1_KNOWN_KEYS = {
    "instruction",
    "descriptions",
    "max_agent_timeout_sec",
    "max_test_timeout_sec",
    "author_name",
    "author_email",
    "difficulty",
    "category",
    "tags",
    "parser_name",
    "run_tests_in_same_shell",
    "expert_time_estimate_min",
    "junior_time_estimate_min",
    "test_scripts",
}


def import_terminal_bench(path: Path) -> Task:
    """Convert a Terminal-Bench 1 task directory into the Harbor model.

    ``task.yaml`` gives the instruction, timeouts and metadata; ``tests/`` and ``run-tests.sh``
    become ``tests/`` (``test.sh`` is generated, see ``_TB1_TEST_SH``); ``solution.sh`` becomes
    ``solution/solve.sh``; the ``Dockerfile`` (when there is one) becomes
    ``environment/Dockerfile`` and an ``app/`` folder, if present, the seed of /app. TB1 ran its
    tests in the agent's container, so the import keeps ``environment_mode = "shared"``.
    """
    path = Path(path)
    cfg_path = path / TB1_CONFIG
    if not _is_file(path, TB1_CONFIG):
        raise TaskError(f"{cfg_path}: missing (a Terminal-Bench 1 task needs it)")
    try:
        raw = load_yaml(_beneath(path, TB1_CONFIG, paths.read_bytes).decode("utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        line = " ".join(str(exc).split())
        raise TaskError(f"{cfg_path}: not valid YAML: {line}") from None
    if not isinstance(raw, dict):
        raise TaskError(f"{cfg_path}: expected a mapping at the top level")
    instruction = raw.get("instruction")
    if not instruction and isinstance(raw.get("descriptions"), list) and raw["descriptions"]:
        first = raw["descriptions"][0]
        instruction = first.get("description") if isinstance(first, dict) else None
    if not isinstance(instruction, str) or not instruction.strip():
        raise TaskError(f"{cfg_path}: no 'instruction' text")
    if not _is_file(path, "run-tests.sh"):
        raise TaskError(f"{path / 'run-tests.sh'}: missing (a Terminal-Bench 1 task needs it)")
    parser = raw.get("parser_name", "pytest")
    if parser != "pytest":
        raise TaskError(f"{cfg_path}: parser_name {parser!r} is not supported (only pytest)")

    tests = _read_tree(path, "tests")
    if "test.sh" in tests or "run-tests.sh" in tests:
        raise TaskError(f"{path / 'tests'}: test.sh/run-tests.sh inside tests/ would be overwritten")
    tests["run-tests.sh"] = _read_text(path, "run-tests.sh")
    tests["test.sh"] = _TB1_TEST_SH

    metadata = {k: raw[k] for k in ("author_name", "author_email", "difficulty", "category", "tags")
                if k in raw}
    metadata["source"] = "terminal-bench-1"
    extra = {k: v for k, v in raw.items() if k not in _TB1_KNOWN_KEYS}
    if extra:
        metadata["tb1_extra"] = extra
    config = TaskConfig.model_validate({"version": "1.0", "metadata": metadata})
    if "max_agent_timeout_sec" in raw:
        config.agent = AgentConfig(timeout_sec=float(raw["max_agent_timeout_sec"]))
    if "max_test_timeout_sec" in raw:
        config.verifier = VerifierConfig(timeout_sec=float(raw["max_test_timeout_sec"]))

    environment: dict[str, str] = {}
    if _is_file(path, "Dockerfile"):
        environment["Dockerfile"] = _read_text(path, "Dockerfile")
    app_files, app_tree = read_env_tree(path, "app")
    for rel, text in app_files.items():
        environment[f"app/{rel}"] = text
    solution = _read_text(path, "solution.sh") if _is_file(path, "solution.sh") else None
    return Task(
        id=path.resolve().name,
        path=path,
        instruction=instruction if instruction.endswith("\n") else instruction + "\n",
        config=config,
        tests=tests,
        solution=solution,
        environment=environment,
        environment_tree=[e.model_copy(update={"path": f"app/{e.path}"}) for e in app_tree],
    )

