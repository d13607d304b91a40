"""Datasets by reference: task folders named the way Harbor names them, fetched and cached.

``vera harden audit|separate|loop`` take task folders, and also:

- ``NAME@VERSION`` — a dataset in a registry (``--registry FILE_OR_URL``) in Harbor's
  ``registry.json`` format: a JSON list of datasets ``{name, version, description, tasks:
  [{name, git_url, git_commit_id, path}], metrics}``. A task whose ``git_url`` is null is a local
  folder (relative to the registry file).
- ``git+URL#PATH`` or ``git+URL@COMMIT#PATH`` — one task, or a folder of tasks, at ``PATH`` of
  a git repository (``PATH`` left out: the repository's root). ``COMMIT`` may be a commit, a
  branch or a tag; left out, the remote's ``HEAD``.

Why a cache keyed by commit: a benchmark is pinned to a commit so that two runs grade the same
verifiers, and a commit's tree never changes, so once fetched it is read from disk. Each
repository has one bare mirror (``<cache>/<repo>-<hash of URL>/repo.git``) and one tree per
commit (``.../<commit>/``), written to a temporary folder and renamed into place, so a
tree in the cache is always complete. A reference pinned to a full commit id that is already in
the cache runs no git at all (the source repository may be gone); a branch, tag or no commit
asks the remote which commit it names (``git ls-remote``), then uses the cache if it holds it.

Fetched tasks are untrusted: the tree is extracted from ``git archive`` with links kept as links
(never followed on the host), the task path is resolved beneath the tree by :mod:`vera.paths`
(a path through a link out of the tree is refused), and the tasks are read by the task loader,
which refuses links that lead out of a task. Git runs without a terminal prompt and only over
file, http(s), ssh and git URLs (never ``ext::`` and the like).

What a run records (:class:`DatasetSource`): the reference as given, the registry, and per task
its repository, the commit it resolved to and its path, so the run can be repeated exactly.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from vera import paths

REGISTRY_LIMIT = 64 * 1024 * 1024
"""Bytes of a registry file or URL read at most (Harbor's own registry is a few MiB)."""

GIT_TIMEOUT_S = 900.0
"""Seconds one git command may take (a clone of a large benchmark included)."""

_SHA = re.compile(r"[0-9a-f]{40}([0-9a-f]{24})?")
_NAME_VERSION = re.compile(r"(?P<name>[A-Za-z0-9][A-Za-z0-9._/-]*)@(?P<version>[A-Za-z0-9][A-Za-z0-9._+-]*)")
_URL_SCHEMES = ("file://", "http://", "https://", "ssh://", "git://")
_SCP_LIKE = re.compile(r"[A-Za-z0-9._-]+@[A-Za-z0-9.-]+:[^/].*")


class DatasetError(Exception):
    """A reference that cannot be resolved: one line naming the reference and what is wrong."""


# --- Harbor's registry format ------------------------------------------------------------------


class RegistryTask(BaseModel):
    """One task of a dataset, as Harbor's registry names it."""

    model_config = ConfigDict(extra="ignore")
    name: str
    git_url: str | None = None
    git_commit_id: str | None = None
    path: str


class RegistryDataset(BaseModel):
    """One version of a dataset in a registry."""

    model_config = ConfigDict(extra="ignore")
    name: str
    version: str
    description: str = ""
    tasks: list[RegistryTask]
    metrics: list[dict] = Field(default_factory=list)


_REGISTRY = TypeAdapter(list[RegistryDataset])


def _one_line(text: object, limit: int = 300) -> str:
    return " ".join(str(text).split())[:limit]


def read_registry(where: str) -> list[RegistryDataset]:
    """The datasets of a registry file or URL (http, https, file); DatasetError when it cannot be
    read or is not a list of datasets."""
    if re.match(r"[a-z][a-z0-9+.-]*://", where):
        if not where.startswith(("http://", "https://", "file://")):
            raise DatasetError(f"registry {where}: not a file, http(s) or file:// URL")
        try:
            with urllib.request.urlopen(where, timeout=60) as resp:  # the scheme is checked above
                data = resp.read(REGISTRY_LIMIT + 1)
        except (urllib.error.URLError, OSError, ValueError) as exc:
            raise DatasetError(f"registry {where}: cannot be read ({_one_line(exc, 200)})") from None
    else:
        try:
            with open(where, "rb") as f:
                data = f.read(REGISTRY_LIMIT + 1)
        except OSError as exc:
            raise DatasetError(f"registry {where}: {exc.strerror or exc}") from None
    if len(data) > REGISTRY_LIMIT:
        raise DatasetError(f"registry {where}: larger than {REGISTRY_LIMIT} bytes")
    try:
        return _REGISTRY.validate_json(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(p) for p in err["loc"]) or "top level"
        raise DatasetError(f"registry {where}: not Harbor's registry format (a JSON list of "
                           f"datasets): {loc}: {_one_line(err['msg'], 150)}") from None


def find_dataset(datasets: list[RegistryDataset], name: str, version: str, where: str) -> RegistryDataset:
    """The dataset ``name`` at ``version``; DatasetError naming what the registry does hold."""
    named = [d for d in datasets if d.name == name]
    if not named:
        known = sorted({d.name for d in datasets})
        raise DatasetError(f"unknown dataset {name!r} in registry {where} (known: "
                           f"{', '.join(known[:20]) or 'none'}{', ...' if len(known) > 20 else ''})")
    for d in named:
        if d.version == version:
            return d
    raise DatasetError(f"dataset {name!r} has no version {version!r} in registry {where} "
                       f"(versions: {', '.join(sorted(d.version for d in named))})")


# --- references ------------------------------------------------------------------------------


@dataclass(frozen=True)
class GitRef:
    """``git+URL[@COMMIT]#PATH``."""

    url: str
    commit: str | None
    path: str


@dataclass(frozen=True)
class NamedRef:
    """``NAME@VERSION``."""

    name: str
    version: str


def parse_git_ref(text: str) -> GitRef:
    """Split ``git+URL[@COMMIT][#PATH]``. An ``@`` after the URL's last ``/`` names the commit
    (``ssh://git@host/repo`` keeps its user)."""
    if not text.startswith("git+"):
        raise DatasetError(f"{text}: not a git reference (git+URL[@COMMIT]#PATH)")
    rest, _, path = text[4:].partition("#")
    url, commit = rest, None
    at = rest.rfind("@")
    if at > rest.rfind("/") and at > 0 and not _SCP_LIKE.fullmatch(rest):
        url, commit = rest[:at], rest[at + 1:]
        if not commit:
            raise DatasetError(f"{text}: empty commit after @")
    check_url(url, text)
    path = path.strip("/")
    if path and (path.startswith("/") or ".." in path.split("/")):
        raise DatasetError(f"{text}: path {path!r} must stay inside the repository")
    return GitRef(url=url, commit=commit, path=path)


def check_url(url: str, ref: str) -> None:
    """Git is asked only about file, http(s), ssh and git URLs, ``user@host:path`` and absolute
    local paths (Harbor's registries hold those too)."""
    if not url or not (url.startswith((*_URL_SCHEMES, "/")) or _SCP_LIKE.fullmatch(url)):
        raise DatasetError(f"{ref}: git URL {url!r} is not a file://, http(s)://, ssh://, git://, "
                           "user@host:path URL or an absolute path")


def parse_reference(text: str) -> GitRef | NamedRef | None:
    """A dataset reference, or None when ``text`` is not one (then it names a task folder). An
    existing folder wins over ``NAME@VERSION``."""
    if text.startswith("git+"):
        return parse_git_ref(text)
    m = _NAME_VERSION.fullmatch(text)
    if m and not Path(text).exists():
        return NamedRef(m["name"], m["version"])
    return None


# --- records of what was resolved ---------------------------------------------------------------


class ResolvedTask(BaseModel):
    """One fetched task (or folder of tasks): where it came from, and where it lies on disk."""

    name: str
    git_url: str | None
    commit: str | None
    """The commit the reference resolved to (None for a local task of a registry)."""
    path: str
    local_path: str


class DatasetSource(BaseModel):
    """What a run records about a reference, so the run can be repeated exactly."""

    reference: str
    registry: str | None = None
    tasks: list[ResolvedTask]


# --- git and the cache ------------------------------------------------------------------------


def cache_root() -> Path:
    """``$VERA_DATASETS_CACHE``, else ``$XDG_CACHE_HOME/vera/datasets``, else
    ``~/.cache/vera/datasets`` (the agents' cache, ``vera.agents.install``, is its sibling)."""
    env = os.environ.get("VERA_DATASETS_CACHE")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg).expanduser() if xdg else Path.home() / ".cache") / "vera" / "datasets"


def repo_dir(url: str) -> Path:
    """The cache folder of one repository: its last name (readable) and a hash of its URL."""
    tail = re.sub(r"\.git$", "", url.rstrip("/").rsplit("/", 1)[-1].rsplit(":", 1)[-1])
    slug = re.sub(r"[^A-Za-z0-9._-]", "_", tail)[:40] or "repo"
    return cache_root() / f"{slug}-{hashlib.sha256(url.encode()).hexdigest()[:12]}"


def _git(*args: str, cwd: Path | None = None, what: str) -> str:
    """Run git without a prompt; its stdout, or DatasetError with git's first fatal line."""
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "SSH_ASKPASS": "",
           "GIT_CONFIG_NOSYSTEM": "1", "LC_ALL": "C"}  # fmt: skip
    try:
        proc = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True,
                              timeout=GIT_TIMEOUT_S, check=False)  # fmt: skip
    except FileNotFoundError:
        raise DatasetError(f"{what}: git is not installed") from None
    except subprocess.TimeoutExpired:
        raise DatasetError(f"{what}: git {args[0]} took more than {GIT_TIMEOUT_S:g} s") from None
    if proc.returncode != 0:
        lines = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        said = next((ln for ln in lines if ln.startswith(("fatal:", "error:"))), None)
        said = said or next((ln for ln in reversed(lines) if ln.strip()), f"exit status {proc.returncode}")
        raise DatasetError(f"{what}: {_one_line(said, 200)}")
    return proc.stdout.decode("utf-8", "replace")


def _mirror(url: str, ref: str) -> Path:
    """The repository's bare mirror in the cache, cloned once, fetched when asked again."""
    mirror = repo_dir(url) / "repo.git"
    if (mirror / "HEAD").is_file():
        _git("--git-dir", str(mirror), "fetch", "--quiet", "--force", "--prune", "origin",
             "+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*", what=f"{ref}: fetching {url}")  # fmt: skip
        return mirror
    mirror.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".clone-", dir=mirror.parent))
    try:
        try:
            _git("clone", "--quiet", "--bare", "--", url, str(tmp / "repo.git"),
                 what=f"{ref}: cannot clone {url}")  # fmt: skip
        except DatasetError:
            shutil.rmtree(tmp, ignore_errors=True)
            with contextlib.suppress(OSError):  # nothing of a URL that never cloned is kept
                mirror.parent.rmdir()
            raise
        try:
            os.rename(tmp / "repo.git", mirror)
        except OSError:  # another vera cloned it meanwhile: use theirs
            if not (mirror / "HEAD").is_file():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return mirror


def _remote_commit(url: str, name: str | None, ref: str) -> str | None:
    """The commit a branch or tag (or the remote's HEAD) names now, asked of the remote; None
    when ``name`` is not a branch or tag there (it may be an abbreviated commit)."""
    out = _git("ls-remote", "--", url, name or "HEAD", what=f"{ref}: cannot reach {url}")
    for line in out.splitlines():
        sha, _, refname = line.partition("\t")
        if name is None or refname in (f"refs/heads/{name}", f"refs/tags/{name}^{{}}"):
            return sha
    for line in out.splitlines():
        sha, _, refname = line.partition("\t")
        if refname == f"refs/tags/{name}":
            return sha
    return None


def _tar_filter(member: tarfile.TarInfo, dest: str) -> tarfile.TarInfo | None:
    """Members as ``git archive`` writes them; links kept as links (never followed here), nothing
    outside ``dest`` (tarfile's ``tar`` filter), no devices."""
    member = tarfile.tar_filter(member, dest)
    if not (member.isfile() or member.isdir() or member.issym()):
        return None
    return member


def _materialise(mirror: Path, commit: str, dest: Path, ref: str) -> None:
    """Write the tree of ``commit`` to ``dest`` (complete, or not at all)."""
    tmp = Path(tempfile.mkdtemp(prefix=f".{commit[:12]}-", dir=dest.parent))
    try:
        env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1"}
        with open(tmp / "tree.tar", "wb") as out:  # on disk, not in memory: benchmarks are big
            proc = subprocess.run(["git", "--git-dir", str(mirror), "archive", "--format=tar", commit],
                                  env=env, stdout=out, stderr=subprocess.PIPE, timeout=GIT_TIMEOUT_S,
                                  check=False)  # fmt: skip
        if proc.returncode != 0:
            raise DatasetError(f"{ref}: cannot read commit {commit}: "
                               f"{_one_line(proc.stderr.decode('utf-8', 'replace'), 200)}")
        seen: set[str] = set()

        def once(member: tarfile.TarInfo, dest: str) -> tarfile.TarInfo | None:
            if member.name.rstrip("/") in seen:  # a crafted tree naming one path twice
                raise DatasetError(f"{ref}: commit {commit} names {member.name!r} twice")
            seen.add(member.name.rstrip("/"))
            return _tar_filter(member, dest)

        try:
            with tarfile.open(tmp / "tree.tar") as tar:
                tar.extractall(tmp / "tree", filter=once)
        except (tarfile.TarError, UnicodeError) as exc:  # FilterError included: a name out of the tree
            raise DatasetError(f"{ref}: commit {commit} holds an entry vera will not write: "
                               f"{_one_line(exc, 200)}") from None
        (tmp / "tree").mkdir(exist_ok=True)  # an empty commit has an empty tree
        try:
            os.rename(tmp / "tree", dest)
        except OSError:  # another vera wrote it meanwhile: theirs is as good
            if not dest.is_dir():
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def checkout(url: str, commit: str | None, ref: str) -> tuple[str, Path]:
    """(full commit id, the tree of that commit in the cache) for ``url`` at ``commit`` (a
    commit id, branch or tag; None: the remote's HEAD). A full commit id already cached runs no
    git."""
    check_url(url, ref)
    if commit is not None and commit.upper() == "HEAD":  # Harbor's registries say "HEAD"
        commit = None
    base = repo_dir(url)
    if commit is not None and _SHA.fullmatch(commit) and (base / commit).is_dir():
        return commit, base / commit
    sha = _remote_commit(url, commit, ref) if commit is None or not _SHA.fullmatch(commit) else commit
    if sha is not None and (base / sha).is_dir():
        return sha, base / sha
    mirror = _mirror(url, ref)
    wanted = sha or commit or "HEAD"

    def commit_of(name: str) -> str | None:
        try:
            return _git("--git-dir", str(mirror), "rev-parse", "--verify", "--quiet",
                        "--end-of-options", f"{name}^{{commit}}", what=ref).strip()  # fmt: skip
        except DatasetError:
            return None

    full = commit_of(wanted)
    if full is None and _SHA.fullmatch(wanted):  # a commit on no branch or tag: ask for it by id
        with contextlib.suppress(DatasetError):
            _git("--git-dir", str(mirror), "fetch", "--quiet", "origin", wanted, what=ref)
        full = commit_of(wanted)
    if full is None:
        raise DatasetError(f"{ref}: {url} has no commit, branch or tag {wanted!r}")
    if not (base / full).is_dir():
        _materialise(mirror, full, base / full, ref)
    (base / "source.json").write_text(json.dumps({"url": url}) + "\n")
    return full, base / full


def _beneath_tree(tree: Path, path: str, what: str) -> Path:
    """``path`` inside a fetched tree, resolved by vera.paths (never through a link out)."""
    try:
        found = paths.resolve(tree, path) if path else tree
    except paths.UnsafePathError as exc:
        raise DatasetError(f"{what}: {exc}") from None
    except (FileNotFoundError, NotADirectoryError):
        raise DatasetError(f"{what}: no path {path!r} at this commit") from None
    if not found.exists():
        raise DatasetError(f"{what}: no path {path!r} at this commit")
    if not found.is_dir():
        raise DatasetError(f"{what}: {path!r} is not a folder at this commit")
    return found


# --- resolving ---------------------------------------------------------------------------------


def resolve_git(text: str) -> DatasetSource:
    """``git+URL[@COMMIT]#PATH`` -> the folder at PATH of the cached tree."""
    ref = parse_git_ref(text)
    full, tree = checkout(ref.url, ref.commit, text)
    where = _beneath_tree(tree, ref.path, f"{text} (commit {full})")
    name = ref.path.rsplit("/", 1)[-1] if ref.path else repo_dir(ref.url).name.rsplit("-", 1)[0]
    return DatasetSource(reference=text, tasks=[ResolvedTask(
        name=name, git_url=ref.url, commit=full, path=ref.path, local_path=str(where))])


def resolve_named(text: str, registry: str | None) -> DatasetSource:
    """``NAME@VERSION`` from ``registry`` -> every task of that dataset, each repository fetched
    once per commit."""
    m = _NAME_VERSION.fullmatch(text)
    if m is None:
        raise DatasetError(f"{text}: not a dataset reference (NAME@VERSION)")
    if not registry:
        raise DatasetError(f"{text}: a dataset reference needs --registry FILE_OR_URL "
                           "(Harbor's registry.json format)")
    dataset = find_dataset(read_registry(registry), m["name"], m["version"], registry)
    if not dataset.tasks:
        raise DatasetError(f"{text}: the dataset has no tasks in registry {registry}")
    is_url = re.match(r"[a-z][a-z0-9+.-]*://", registry) is not None
    for t in dataset.tasks:  # every entry checked before any git runs
        what = f"{text}: task {t.name!r}"
        if t.git_url is None:
            if is_url:
                raise DatasetError(f"{what}: a local task (no git_url) in a registry read from a URL")
            continue
        check_url(t.git_url, what)
        rel = t.path.strip("/")
        if not rel or t.path.startswith("/") or ".." in rel.split("/"):
            raise DatasetError(f"{what}: path {t.path!r} must name a folder inside the repository")
    trees: dict[tuple[str, str | None], tuple[str, Path]] = {}
    resolved = []
    for t in dataset.tasks:
        what = f"{text}: task {t.name!r}"
        if t.git_url is None:  # a local task, beside the registry file
            local = Path(t.path) if Path(t.path).is_absolute() else Path(registry).parent / t.path
            if not local.is_dir():
                raise DatasetError(f"{what}: no folder {local}")
            resolved.append(ResolvedTask(name=t.name, git_url=None, commit=None, path=t.path,
                                         local_path=str(local)))  # fmt: skip
            continue
        key = (t.git_url, t.git_commit_id)
        if key not in trees:
            trees[key] = checkout(t.git_url, t.git_commit_id, what)
        full, tree = trees[key]
        rel = t.path.strip("/")
        where = _beneath_tree(tree, rel, f"{what} (commit {full} of {t.git_url})")
        resolved.append(ResolvedTask(name=t.name, git_url=t.git_url, commit=full, path=rel,
                                     local_path=str(where)))  # fmt: skip
    return DatasetSource(reference=text, registry=registry if is_url else str(Path(registry).resolve()),
                         tasks=resolved)


def resolve(text: str, registry: str | None = None) -> DatasetSource | None:
    """The tasks a reference names (fetched and cached), or None when ``text`` is a plain path."""
    ref = parse_reference(text)
    if ref is None:
        return None
    if isinstance(ref, GitRef):
        return resolve_git(text)
    return resolve_named(text, registry)
