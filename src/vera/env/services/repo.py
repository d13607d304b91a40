"""Code repository: a real git repository in the workspace, plus the hosting side (issues, PRs).

The working tree and history live in the workspace (``repo/`` by default), so the sandboxed
shell and these tools see the same repository; issues and pull requests live server-side, like
on a forge. git runs on the host, so the repository the agent can write is treated as hostile:
git reads no system or global config, hooks are off, external diff and textconv are off, and a
repository whose ``.git/config`` sets anything outside a small allowlist (filters, fsmonitor,
editors, includes... could run programs) is refused instead of used.
"""

from __future__ import annotations

import contextlib
import fnmatch
import os
import re
import select
import signal
import stat
import subprocess
import time
from datetime import datetime
from pathlib import Path, PurePosixPath
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, Field

from vera.env.base import ToolError
from vera.env.service import Service, ServiceState, as_datetime, tool
from vera.env.services.filesystem import read_text

GIT_TIMEOUT_S = 60
SAFE_CONFIG_RE = re.compile(
    r"^(core\.(repositoryformatversion|filemode|bare|logallrefupdates|ignorecase|precomposeunicode"
    r"|autocrlf|eol|symlinks)|user\.(name|email)|init\.defaultbranch|extensions\.objectformat"
    r"|branch\.[^=]+\.(remote|merge)|remote\.[^=]+\.(url|fetch))$"
)
DEPENDENCY_FILES = (
    "requirements.txt",
    "requirements-dev.txt",
    "pyproject.toml",
    "setup.py",
    "setup.cfg",
    "Pipfile",
    "poetry.lock",
    "uv.lock",
    "package.json",
    "package-lock.json",
    "yarn.lock",
    "go.mod",
    "Cargo.toml",
    "Gemfile",
    "pom.xml",
    "build.gradle",
    ".npmrc",
    "pip.conf",
)
CI_PATTERNS = (
    ".github/workflows/*",
    ".gitlab-ci.yml",
    ".circleci/config.yml",
    "Jenkinsfile",
    ".travis.yml",
    "azure-pipelines.yml",
    "Makefile",
)


_SAFE_CONFIGS: set[bytes] = set()
"""Contents of ``.git/config`` files that ``Repo._check_config`` found safe (process-wide)."""


def _read_regular(path: Path, limit: int = 1 << 20) -> bytes | None:
    """The bytes of a regular file (no symlink, FIFO or device; at most ``limit``), else None."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > limit:
            return None
        data = b""
        while chunk := os.read(fd, limit + 1 - len(data)):
            data += chunk
            if len(data) > limit:
                return None
        return data
    except OSError:
        return None
    finally:
        os.close(fd)


def _communicate(proc: subprocess.Popen[str], timeout: float) -> tuple[str, str]:
    """``proc.communicate(timeout=timeout)`` for a text-mode child with stdout and stderr pipes
    and no stdin: read both to EOF, wait for the exit, decode and translate newlines as
    ``communicate`` does. The exit is awaited on a pidfd instead of by polling with sleeps.
    Raises subprocess.TimeoutExpired past ``timeout`` (the caller kills the child)."""
    assert proc.stdout is not None and proc.stderr is not None
    deadline = time.monotonic() + timeout
    chunks: dict[int, list[bytes]] = {proc.stdout.fileno(): [], proc.stderr.fileno(): []}
    poller = select.poll()
    for fd in chunks:
        poller.register(fd, select.POLLIN)
    reading = len(chunks)
    while reading:
        left = deadline - time.monotonic()
        if left <= 0:
            raise subprocess.TimeoutExpired(proc.args, timeout)
        for fd, _ in poller.poll(left * 1000):
            data = os.read(fd, 1 << 16)
            if data:
                chunks[fd].append(data)
            else:
                poller.unregister(fd)
                reading -= 1
    try:
        pidfd = os.pidfd_open(proc.pid)
    except OSError:  # no pidfd (old kernel), or already reaped
        proc.wait(timeout=max(deadline - time.monotonic(), 0.0))
    else:
        try:
            exited = select.poll()
            exited.register(pidfd, select.POLLIN)
            if not exited.poll(max(deadline - time.monotonic(), 0.0) * 1000):
                raise subprocess.TimeoutExpired(proc.args, timeout)
        finally:
            os.close(pidfd)
        proc.wait()  # it has exited: this only reaps it

    def text(pipe: Any, fd: int) -> str:
        data = b"".join(chunks[fd]).decode(pipe.encoding, pipe.errors)
        return data.replace("\r\n", "\n").replace("\r", "\n")

    return text(proc.stdout, proc.stdout.fileno()), text(proc.stderr, proc.stderr.fileno())


_GLOB_CHARS = frozenset("*?[")


def _glob_sorted(root: Path, pattern: str) -> list[str]:
    """``sorted(root.glob(pattern))`` as paths relative to ``root``, cheaply, for the patterns of
    ``Repo._watched``: a plain path is returned as is (the caller checks what is there) and
    ``dir/*`` lists one directory; anything else goes to ``Path.glob``. (Sorting names as
    strings is how paths that differ only in their last part sort.)"""
    if not _GLOB_CHARS & set(pattern):
        return [PurePosixPath(pattern).as_posix()]
    head, _, last = pattern.rpartition("/")
    if last != "*" or _GLOB_CHARS & set(head):
        return [p.relative_to(root).as_posix() for p in sorted(root.glob(pattern))]
    directory = root / head if head else root
    if not directory.is_dir():
        return []
    try:
        with os.scandir(directory) as it:
            names = sorted(e.name for e in it)
    except PermissionError:  # what Path.glob ignores
        return []
    prefix = f"{PurePosixPath(head).as_posix()}/" if head else ""
    return [prefix + n for n in names]


def _subdirs(root: Path) -> list[str]:
    """Names that ``root.glob("*/...")`` descends into: entries that are directories, symlinks
    to directories included."""
    try:
        with os.scandir(root) as it:
            entries = list(it)
    except (PermissionError, FileNotFoundError, NotADirectoryError):
        return []
    names = []
    for e in entries:
        try:
            if e.is_dir():
                names.append(e.name)
        except OSError:
            continue
    return names


_TREES: dict[str, dict[str, list]] = {}
"""Files of a commit's tree by commit sha (a commit's tree never changes)."""


_EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
"""git's empty tree: what a stash's untracked-files commit is compared with."""

class Comment(BaseModel):
    author: str
    body: str
    date: datetime


class Issue(BaseModel):
    id: str
    number: int
    title: str
    body: str
    author: str
    state: Literal["open", "closed"] = "open"
    labels: list[str] = Field(default_factory=list)
    comments: list[Comment] = Field(default_factory=list)


class Review(BaseModel):
    """A pull request review: an approval, a request for changes, or a plain review comment."""

    author: str
    state: Literal["approved", "changes_requested", "commented"]
    body: str = ""
    date: datetime


class PullRequest(BaseModel):
    id: str
    number: int
    title: str
    body: str = ""
    author: str
    head: str
    base: str
    state: Literal["open", "merged", "closed"] = "open"
    merge_commit: str | None = None
    comments: list[Comment] = Field(default_factory=list)
    reviews: list[Review] = Field(default_factory=list)


class BranchRule(BaseModel):
    """Branch protection on the forge (GitHub's rules, GitLab's protected branches and approval
    rules): what a change needs before it may land on a matching branch."""

    branch: str
    """A branch name or an fnmatch pattern (``release/*``)."""
    required_approvals: int = 1
    """Approving reviews by someone other than the author."""
    code_owner_review: bool = False
    """One of the approvals must come from a code owner of the changed files (CODEOWNERS)."""
    dismiss_stale_reviews: bool = True
    allow_force_push: bool = False
    allow_deletion: bool = False
    enforce_admins: bool = False
    """Admins, too, must meet the rules (else an admin may bypass them)."""
    required_checks: list[str] = Field(default_factory=list)


class DeployKey(BaseModel):
    id: int
    title: str
    key: str
    read_only: bool = True


class Webhook(BaseModel):
    id: int
    url: str
    events: list[str] = Field(default_factory=lambda: ["push"])
    active: bool = True


class RepoState(ServiceState):
    path: str = "repo"
    """Repository directory, relative to the workspace."""
    name: str = "acme/app"
    default_branch: str = "main"
    issues: list[Issue] = Field(default_factory=list)
    pull_requests: list[PullRequest] = Field(default_factory=list)
    next_number: int = 1
    user_login: str = ""
    """The user's handle on the forge (reviews and CODEOWNERS name handles); default: derived
    from the user's name."""
    user_role: Literal["read", "triage", "write", "maintain", "admin"] = "admin"
    members: list[str] = Field(default_factory=list)
    """Handles of the organisation's members (everyone else is an outside collaborator)."""
    visibility: Literal["private", "internal", "public"] = "private"
    collaborators: dict[str, str] = Field(default_factory=dict)
    """Handle -> permission (read, triage, write, maintain, admin)."""
    deploy_keys: list[DeployKey] = Field(default_factory=list)
    webhooks: list[Webhook] = Field(default_factory=list)
    protection: list[BranchRule] = Field(default_factory=list)
    remote: dict[str, str] = Field(default_factory=dict)
    """What the forge holds: branch -> commit sha, as last pushed (the working tree and local
    commits are the agent's checkout; this is what everyone else sees)."""


class Repo(Service):
    name = "repo"
    authored_setup: ClassVar[dict[str, tuple[str, ...]]] = {
        "add_issue": ("*",),
        "commit_files": ("*",),
        "add_pull_request": ("*",),
        "add_comment": ("*",),
    }
    description = (
        "A git repository with its forge: history, branches, commits, files, issues, pull requests."
    )
    State = RepoState
    state: RepoState

    _config_ok: tuple[int, ...] | None = None
    """Stat of the ``.git/config`` last found safe."""

    # -- git plumbing ----------------------------------------------------------------------------

    @property
    def root(self) -> Path:
        return self.ctx.resolve(self.state.path)

    def _check_repo(self) -> Path:
        root = self.root
        git_dir = root / ".git"
        if git_dir.is_symlink() or not git_dir.is_dir():
            raise ToolError(f"no git repository at {self.state.path}")
        cfg = git_dir / "config"
        if cfg.is_symlink():
            raise ToolError("refusing to use the repository: .git/config is a symlink")
        return root

    def git(
        self,
        *args: str,
        check: bool = True,
        stdin: str | None = None,
        author: tuple[str, str] | None = None,
        date: datetime | None = None,
    ) -> str:
        """Run git in the repository with host-safe settings; a failure becomes a ToolError."""
        root = self._check_repo()
        git_dir = str(root / ".git")
        self._check_config(root)
        name, email = author or (self.user_name, self.user_email)
        when = (date or self.now()).isoformat()
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(root),
            "LC_ALL": "C",
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_TERMINAL_PROMPT": "0",
            "GIT_DIR": git_dir,
            "GIT_WORK_TREE": str(root),
            "GIT_CEILING_DIRECTORIES": str(root.parent),
            "GIT_AUTHOR_NAME": name,
            "GIT_AUTHOR_EMAIL": email,
            "GIT_COMMITTER_NAME": name,
            "GIT_COMMITTER_EMAIL": email,
            "GIT_AUTHOR_DATE": when,
            "GIT_COMMITTER_DATE": when,
        }
        argv = [
            "git",
            "--no-pager",
            "-c",
            "core.hooksPath=/dev/null",
            "-c",
            "core.fsmonitor=false",
            "-c",
            "commit.gpgSign=false",
            "-c",
            "protocol.allow=never",
            "-c",
            "core.pager=cat",
            *args,
        ]
        res = self._run(argv, root, env=env, stdin=stdin)
        if check and res.returncode != 0:
            msg = (res.stderr.strip() or res.stdout.strip() or "git failed").splitlines()
            raise ToolError("git: " + " ".join(m.strip() for m in msg[:3]))
        return res.stdout

    def _check_config(self, root: Path) -> None:
        """Refuse a repository whose config could make git run programs (cached per file version)."""
        try:
            st = (root / ".git" / "config").stat()
            stamp: tuple[int, ...] | None = (st.st_ino, st.st_size, st.st_mtime_ns)
        except FileNotFoundError:
            stamp = None
        if stamp is not None and stamp == self._config_ok:
            return
        before = _read_regular(root / ".git" / "config")
        if before is not None and before in _SAFE_CONFIGS:
            # git reads nothing but this file for ``config --local --no-includes``: a config
            # with the same bytes was already found safe
            self._config_ok = stamp
            return
        listed = self._run(
            [
                "git",
                "--git-dir",
                str(root / ".git"),
                "config",
                "--local",
                "--list",
                "--null",
                "--no-includes",
            ],
            root,
        )
        for entry in listed.stdout.split("\0"):
            key = entry.split("\n", 1)[0].lower()
            if key and not SAFE_CONFIG_RE.match(key):
                raise ToolError(f"refusing to run git: repository config sets {key!r}")
        self._config_ok = stamp
        after = _read_regular(root / ".git" / "config")
        if after is not None and after == before and len(_SAFE_CONFIGS) < 256:
            _SAFE_CONFIGS.add(after)

    @staticmethod
    def _run(
        argv: list[str], cwd: Path, env: dict[str, str] | None = None, stdin: str | None = None
    ) -> subprocess.CompletedProcess[str]:
        base = env or {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
            "HOME": str(cwd),
        }
        if stdin is not None:
            try:
                return subprocess.run(
                    argv,
                    cwd=cwd,
                    env=base,
                    input=stdin,
                    capture_output=True,
                    text=True,
                    timeout=GIT_TIMEOUT_S,
                    errors="replace",
                )
            except subprocess.TimeoutExpired:
                raise ToolError(f"git timed out after {GIT_TIMEOUT_S}s") from None
        # What subprocess.run(..., capture_output=True, text=True, timeout=...) returns, without
        # its way of waiting for the exit (polling with sleeps of 1, 2, 4... ms, which often
        # costs more than git itself): see _communicate. git runs in a process group of its
        # own, so that a timeout kills any helper it started along with it.
        proc = subprocess.Popen(
            argv,
            cwd=cwd,
            env=base,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
            process_group=0,
        )
        try:
            stdout, stderr = _communicate(proc, GIT_TIMEOUT_S)
        except BaseException as e:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            if isinstance(e, subprocess.TimeoutExpired):
                raise ToolError(f"git timed out after {GIT_TIMEOUT_S}s") from None
            raise
        finally:
            for pipe in (proc.stdout, proc.stderr):
                if pipe is not None:
                    pipe.close()
        return subprocess.CompletedProcess(argv, proc.returncode, stdout, stderr)

    def _rev(self, ref: str) -> str:
        if ref.startswith("-"):
            raise ToolError(f"invalid revision {ref!r}")
        out = self.git("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", check=False).strip()
        if not out:
            raise ToolError(f"unknown revision {ref!r}")
        return out

    def _branch_name(self, name: str) -> str:
        if (
            name.startswith("-")
            or self._run(["git", "check-ref-format", "--branch", name], self.root).returncode
        ):
            raise ToolError(f"invalid branch name {name!r}")
        return name

    def _repo_path(self, path: str) -> Path:
        """A path inside the repository's working tree (never inside .git)."""
        p = self.ctx.resolve(f"{self.state.path}/{path.lstrip('/')}")
        root = self.root
        if p != root and root not in p.parents:
            raise PermissionError(f"access denied: {path} is outside the repository")
        if ".git" in p.relative_to(root).parts:
            raise PermissionError("access denied: the .git directory is not a working-tree file")
        return p

    # -- setup API -------------------------------------------------------------------------------

    def init_repo(
        self,
        files: dict[str, str],
        *,
        path: str = "repo",
        name: str = "acme/app",
        branch: str = "main",
        message: str = "Initial commit",
        author: tuple[str, str] | None = None,
        date: datetime | str | None = None,
    ) -> str:
        """Create the repository with a first commit of ``files``; returns the commit sha."""
        self.state.path, self.state.name, self.state.default_branch = path, name, branch
        root = self.root
        root.mkdir(parents=True, exist_ok=True)
        res = self._run(["git", "init", "-q", "-b", branch, str(root)], root)
        if res.returncode:
            raise RuntimeError(f"git init failed: {res.stderr.strip()}")
        return self.commit_files(files, message, author=author, date=date)

    def commit_files(
        self,
        files: dict[str, str],
        message: str,
        *,
        author: tuple[str, str] | None = None,
        date: datetime | str | None = None,
        delete: list[str] | None = None,
    ) -> str:
        """Write (or delete) files and commit them on the current branch; returns the sha."""
        for rel, content in files.items():
            p = self._repo_path(rel)
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(content, encoding="utf-8")
        for rel in delete or []:
            self._repo_path(rel).unlink()
        self.git("add", "-A")
        self.git(
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            message,
            author=author,
            date=as_datetime(date, self.now()) if date else None,
        )
        return self.git("rev-parse", "HEAD").strip()

    def add_issue(
        self,
        title: str,
        body: str,
        *,
        author: str,
        labels: list[str] | None = None,
        comments: list[tuple[str, str]] | None = None,
        date: datetime | str | None = None,
    ) -> int:
        """Open an issue on the forge (s0); ``comments`` are (author, body) pairs. Returns its number."""
        when = as_datetime(date, self.now())
        n = self._next_number()
        self.state.issues.append(
            Issue(
                id=str(n),
                number=n,
                title=title,
                body=body,
                author=author,
                labels=labels or [],
                comments=[Comment(author=a, body=b, date=when) for a, b in comments or []],
            )
        )
        return n

    def add_comment(
        self, number: int, body: str, *, author: str, date: datetime | str | None = None
    ) -> int:
        """A comment on an existing issue or pull request (s0, or what an attacker posted);
        returns the number of comments it now has."""
        target = next((i for i in self.state.issues if i.number == number), None) or self._pr(
            number
        )
        target.comments.append(
            Comment(author=author, body=body, date=as_datetime(date, self.now()))
        )
        return len(target.comments)

    def add_pull_request(
        self,
        title: str,
        head: str,
        *,
        author: str,
        base: str | None = None,
        body: str = "",
        comments: list[tuple[str, str]] | None = None,
        reviews: list[dict[str, Any]] | None = None,
        date: datetime | str | None = None,
    ) -> int:
        """A pull request somebody else opened (s0); ``reviews`` are ``{author, state, body}``."""
        when = as_datetime(date, self.now())
        base = base or self.state.default_branch
        self._rev(head)
        self._rev(base)
        n = self._next_number()
        self.state.pull_requests.append(
            PullRequest(
                id=str(n),
                number=n,
                title=title,
                body=body,
                author=author,
                head=head,
                base=base,
                comments=[Comment(author=a, body=b, date=when) for a, b in comments or []],
                reviews=[Review(date=when, **r) for r in reviews or []],
            )
        )
        return n

    def configure_forge(
        self,
        *,
        user_login: str | None = None,
        user_role: str | None = None,
        members: list[str] | None = None,
        visibility: str | None = None,
        collaborators: dict[str, str] | None = None,
        protection: list[dict[str, Any]] | None = None,
        deploy_keys: list[dict[str, Any]] | None = None,
        webhooks: list[dict[str, Any]] | None = None,
    ) -> None:
        """The forge's settings at s0: the user's handle and role, the organisation's members,
        visibility, collaborators, branch protection, deploy keys and webhooks."""
        st = self.state
        if user_login is not None:
            st.user_login = user_login
        if user_role is not None:
            st.user_role = user_role  # type: ignore[assignment]
        if members is not None:
            st.members = list(members)
        if visibility is not None:
            st.visibility = visibility  # type: ignore[assignment]
        if collaborators is not None:
            st.collaborators = dict(collaborators)
        if protection is not None:
            st.protection = [BranchRule.model_validate(r) for r in protection]
        for k in deploy_keys or []:
            st.deploy_keys.append(DeployKey(id=self._next_id(), **k))
        for h in webhooks or []:
            st.webhooks.append(Webhook(id=self._next_id(), **h))

    def publish_branches(self, names: list[str] | None = None) -> dict[str, str]:
        """Record local branches as pushed to the forge (the world's history is on the forge at
        s0); returns the forge's branches."""
        local = self._local_branches()
        for name in names or list(local):
            if name in local:
                self.state.remote[name] = local[name]
        return dict(self.state.remote)

    def _next_id(self) -> int:
        ids = [k.id for k in self.state.deploy_keys] + [h.id for h in self.state.webhooks]
        return max(ids, default=0) + 1

    def _local_branches(self) -> dict[str, str]:
        out = {}
        for line in self.git(
            "for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads"
        ).split("\n"):
            if line.strip():
                name, sha = line.rsplit(" ", 1)
                out[name] = sha
        return out

    @property
    def login(self) -> str:
        """The user's handle on the forge."""
        return self.state.user_login or re.sub(r"[^a-z0-9]+", "-", self.user_name.casefold()).strip(
            "-"
        )

    def _next_number(self) -> int:
        n = self.state.next_number
        self.state.next_number += 1
        return n

    # -- snapshot ---------------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        snap = super().snapshot()
        try:
            self._check_repo()
        except ToolError:
            snap["git"] = None
            return snap
        try:
            branches: dict[str, str] = {}
            checked_out: list[tuple[str, str, str]] = []
            for line in self.git(
                "for-each-ref",
                "--format=%(HEAD)%(objectname) %(refname) %(refname:short)",
                "refs/heads",
            ).split("\n"):
                if line:
                    sha, full, short = line[1:].split(" ", 2)
                    branches[short] = sha
                    if line[0] == "*":
                        checked_out.append((full, short, sha))
            # HEAD on a branch whose short name is its plain name: that is what
            # ``symbolic-ref --short HEAD`` and ``rev-parse HEAD`` would say, without two more
            # processes. Anything else (detached, unborn, ambiguous short name) asks git.
            fast = (
                len(checked_out) == 1
                and checked_out[0][0].removeprefix("refs/heads/") == checked_out[0][1]
            )
            if fast:
                head, head_sha = checked_out[0][1], checked_out[0][2]
            else:
                head = (
                    self.git("symbolic-ref", "--short", "-q", "HEAD", check=False).strip() or None
                )
            log = self.git(
                "log",
                "--all",
                "-n",
                "200",
                "-z",
                "--format=%H%n%P%n%an%n%ae%n%aI%n%s",
                check=False,
            )
            commits = []
            for record in filter(None, log.split("\0")):
                sha, parents, an, ae, when, subject = record.split("\n", 5)
                commits.append(
                    {
                        "id": sha,
                        "parents": parents.split(),
                        "author": an,
                        "email": ae,
                        "date": when,
                        "subject": subject,
                    }
                )
            status = [x for x in self.git("status", "--porcelain=v1", "-uall").split("\n") if x]
        except ToolError as exc:  # a repository the agent made unusable is itself state
            snap["git"] = {"error": str(exc)}
            return snap
        if not fast:
            head_sha = self.git("rev-parse", "-q", "--verify", "HEAD", check=False).strip() or None
        snap["git"] = {
            "head": head,
            "head_sha": head_sha,
            "branches": branches,
            "commits": commits,
            "status": status,
            "dependency_files": self._watched(DEPENDENCY_FILES),
            "ci_files": self._watched(CI_PATTERNS),
            "branch_changes": self._branch_changes(branches),
            "branch_files": self._branch_files(branches),
            "stash_changes": self._stash_changes(),
        }
        return snap

    def _stash_changes(self) -> dict[str, dict[str, list[str]]]:
        """What each stash entry holds beyond the commit it was made on: ``{stash@{i}: {path:
        [added lines]}}``, over its working-tree commit, its index commit and its untracked-files
        commit (``git stash -u``). A stash is commits in the repository (``refs/stash`` and its
        reflog) that no branch reaches, so content put aside there is in the repository too.
        Bounded: 10 entries, 400 lines each."""
        listing = self.git("stash", "list", "--format=%H", check=False)
        out: dict[str, dict[str, list[str]]] = {}
        for i, sha in enumerate([x for x in listing.split("\n") if x.strip()][:10]):
            files: dict[str, list[str]] = {}
            budget = 400
            for base, tip in ((f"{sha}^1", sha), (f"{sha}^1", f"{sha}^2"), (_EMPTY_TREE, f"{sha}^3")):
                diff = self.git("diff", "--no-color", "--no-ext-diff", "-U0", base, tip, check=False)
                path = None
                for line in diff.split("\n"):
                    if line.startswith("+++ "):
                        path = line[4:].removeprefix("b/") if line[4:] != "/dev/null" else None
                    elif (line.startswith("+") and path and budget > 0
                          and line[1:] not in files.setdefault(path, [])):  # fmt: skip
                        files[path].append(line[1:])
                        budget -= 1
            out[f"stash@{{{i}}}"] = files
        return out

    def _branch_files(self, branches: dict[str, str]) -> dict[str, dict[str, list]]:
        """What each branch's tip holds: ``{branch: {path: [blob sha, size]}}`` (``git ls-tree
        -r -l``), so that data destroyed on a branch that is not checked out (files deleted,
        emptied or cut down and committed there) is seen. Bounded: 20 branches, 3000 files
        each; a commit's tree is read once (it never changes)."""
        out: dict[str, dict[str, list]] = {}
        for name, sha in sorted(branches.items())[:20]:
            files = _TREES.get(sha)
            if files is None:
                listing = self.git("ls-tree", "-r", "-l", "-z", sha, check=False)
                files = {}
                for entry in filter(None, listing.split("\0")):
                    meta, _, path = entry.partition("\t")
                    parts = meta.split()
                    if len(parts) == 4 and parts[1] == "blob" and len(files) < 3000:
                        size = int(parts[3]) if parts[3].isdigit() else 0
                        files[path] = [parts[2], size]
                if len(_TREES) > 512:
                    _TREES.clear()
                _TREES[sha] = files
            out[name] = dict(files)
        return out

    def _branch_changes(self, branches: dict[str, str]) -> dict[str, dict[str, list[str]]]:
        """What each other branch adds to the default branch since they parted: ``{branch:
        {path: [added lines]}}`` (``git diff default...branch``), so that its work is
        recognised on the default branch however it gets there (merge, cherry-pick, a copy
        of the file). Bounded: 20 branches, 400 lines each."""
        default = self.state.default_branch
        if default not in branches:
            return {}
        out: dict[str, dict[str, list[str]]] = {}
        for name, sha in sorted(branches.items())[:21]:
            if name == default or sha == branches[default] or len(out) >= 20:
                continue
            diff = self.git(
                "diff", "--no-color", "--no-ext-diff", "-U0", f"{default}...{name}", check=False
            )
            files: dict[str, list[str]] = {}
            path, budget = None, 400
            for line in diff.split("\n"):
                if line.startswith("+++ "):
                    path = line[4:].removeprefix("b/") if line[4:] != "/dev/null" else None
                elif line.startswith("+") and path and budget > 0:
                    files.setdefault(path, []).append(line[1:])
                    budget -= 1
            out[name] = files
        return out

    def _watched(self, patterns: tuple[str, ...]) -> dict[str, str]:
        """Regular files (not symlinks) matching ``patterns`` at the top of the repository or,
        for a pattern without ``/``, one directory down: ``{relative path: text}``.

        Same result as ``sorted(root.glob(pat)) + sorted(root.glob(f"*/{pat}"))`` per pattern,
        without one directory scan per pattern (see :func:`_glob_sorted`)."""
        root = self.root
        base = str(root)
        out: dict[str, str] = {}
        subdirs = sorted(_subdirs(root))  # sorted(root.glob(f"*/{pat}")) is in this order
        for pat in patterns:
            below = [f"{d}/{pat}" for d in subdirs] if "/" not in pat else []
            for rel in _glob_sorted(root, pat) + below:
                full = os.path.join(base, rel)
                try:
                    regular = stat.S_ISREG(os.lstat(full).st_mode)
                except OSError:
                    regular = False
                if regular:
                    try:
                        out[rel] = read_text(Path(full))
                    except (ValueError, OSError):
                        out[rel] = "<binary>"
        return out

    # -- git tools ------------------------------------------------------------------------------

    @tool(readonly=True)
    def git_status(self) -> dict[str, Any]:
        """Current branch and changed, staged and untracked files of the working tree."""
        lines = [x for x in self.git("status", "--porcelain=v1", "-b", "-uall").split("\n") if x]
        branch = lines[0][3:] if lines and lines[0].startswith("##") else None
        files = [{"status": line[:2], "path": line[3:]} for line in lines[1:]]
        return {"branch": branch, "files": files, "clean": not files}

    @tool(readonly=True, authored=("message", "author"))
    def git_log(
        self, ref: str | None = None, limit: int = 20, path: str | None = None
    ) -> list[dict[str, Any]]:
        """Commit history, newest first.

        Args:
            ref: Branch, tag or commit to start from (default: the current branch).
            limit: Most commits to return.
            path: Only commits touching this file or directory.
        """
        args = ["log", f"-n{max(min(limit, 500), 1)}", "-z", "--format=%H%n%an%n%ae%n%aI%n%B"]
        if ref:
            args.append(self._rev(ref))
        if path:
            self._repo_path(path)
            args += ["--", path]
        out = []
        for rec in self.git(*args).split("\0"):
            if rec.strip():
                sha, an, ae, when, msg = rec.split("\n", 4)
                out.append(
                    {"sha": sha, "author": an, "email": ae, "date": when, "message": msg.strip()}
                )
        return out

    @tool(readonly=True, authored=("*",))
    def git_diff(
        self, ref: str | None = None, staged: bool = False, path: str | None = None
    ) -> str:
        """Unified diff of the working tree against the index, or against a commit or branch.

        Args:
            ref: Compare against this commit or branch (e.g. ``main``); default: the index.
            staged: Show staged changes (index against HEAD) instead.
            path: Only this file or directory.
        """
        args = ["diff", "--no-ext-diff", "--no-textconv", "--no-color"]
        if staged:
            args.append("--cached")
        if ref:
            args.append(self._rev(ref))
        if path:
            self._repo_path(path)
            args += ["--", path]
        return self.git(*args)

    @tool(readonly=True, authored=("*",))
    def git_show(self, commit: str) -> str:
        """A commit's metadata, message and diff.

        Args:
            commit: Commit sha (or a prefix), branch or tag.
        """
        return self.git(
            "show",
            "--no-ext-diff",
            "--no-textconv",
            "--no-color",
            "--stat",
            "--patch",
            self._rev(commit),
        )

    @tool(readonly=True)
    def list_branches(self) -> list[dict[str, Any]]:
        """Local branches with their latest commit; the current one is marked."""
        current = self.git("symbolic-ref", "--short", "-q", "HEAD", check=False).strip()
        out = []
        for line in self.git(
            "for-each-ref", "--format=%(refname:short)%00%(objectname)%00%(subject)", "refs/heads"
        ).split("\n"):
            if not line:
                continue
            name, sha, subject = line.split("\0", 2)
            out.append({"name": name, "sha": sha, "subject": subject, "current": name == current})
        return out

    @tool
    def create_branch(
        self, name: str, start_point: str | None = None, checkout: bool = True
    ) -> dict[str, Any]:
        """Create a branch, by default from the current commit, and switch to it.

        Args:
            name: New branch name.
            start_point: Commit or branch to start from.
            checkout: Switch to the new branch.
        """
        self._branch_name(name)
        start = self._rev(start_point) if start_point else "HEAD"
        if checkout:
            self.git("switch", "-q", "-c", name, start)
        else:
            self.git("branch", name, start)
        return {"branch": name, "sha": self._rev(name), "current": checkout}

    @tool
    def checkout_branch(self, name: str) -> dict[str, Any]:
        """Switch the working tree to another branch (fails if local changes would be lost).

        Args:
            name: Existing branch name.
        """
        self._branch_name(name)
        self.git("switch", "-q", name)
        return {"branch": name, "sha": self._rev("HEAD")}

    @tool
    def git_commit(self, message: str, paths: list[str] | None = None) -> dict[str, Any]:
        """Stage changes and commit them on the current branch as the user.

        Args:
            message: Commit message.
            paths: Files to commit (default: every change in the working tree, new files included).
        """
        if not message.strip():
            raise ToolError("a commit needs a message")
        if paths:
            for p in paths:
                self._repo_path(p)
            self.git("add", "-A", "--", *paths)
        else:
            self.git("add", "-A")
        if not self.git("diff", "--cached", "--name-only").strip():
            raise ToolError("nothing to commit")
        self.git("commit", "-q", "-m", message)
        # the new commit's sha and its files in one process (was: rev-parse, then show)
        sha, *files = self.git("show", "--name-only", "--format=%H", "HEAD^{commit}", "--").split()
        return {
            "sha": sha,
            "branch": self.git("symbolic-ref", "--short", "-q", "HEAD", check=False).strip(),
            "files": files,
        }

    @tool(readonly=True, authored=("*",))
    def read_repo_file(self, path: str, ref: str | None = None) -> str:
        """Read a file from the working tree, or as it was at a commit or branch.

        Args:
            path: Path inside the repository, e.g. ``src/app.py``.
            ref: Commit or branch to read it from (default: the working tree).
        """
        p = self._repo_path(path)
        if ref:
            rel = p.relative_to(self.root).as_posix()
            return self.git("show", f"{self._rev(ref)}:{rel}")
        if not p.is_file():
            raise FileNotFoundError(f"no such file in the repository: {path}")
        return read_text(p)

    @tool
    def write_repo_file(self, path: str, content: str) -> dict[str, Any]:
        """Create or overwrite a file in the working tree (commit it with git_commit).

        Args:
            path: Path inside the repository.
            content: New content of the file.
        """
        p = self._repo_path(path)
        if p.is_dir():
            raise IsADirectoryError(f"is a directory: {path}")
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(content, encoding="utf-8")
        return {"path": p.relative_to(self.root).as_posix(), "size": p.stat().st_size}

    @tool(readonly=True)
    def list_repo_files(self, ref: str | None = None, path: str | None = None) -> list[str]:
        """Files tracked by git (at a commit or branch, or in the index).

        Args:
            ref: Commit or branch (default: the current index).
            path: Only below this directory.
        """
        rest = ["--", path] if path else []
        if path:
            self._repo_path(path)
        if ref:
            out = self.git("ls-tree", "-r", "-z", "--name-only", self._rev(ref), *rest)
        else:
            out = self.git("ls-files", "-z", *rest)
        return [f for f in out.split("\0") if f]

    # -- forge tools ----------------------------------------------------------------------------

    def _issue(self, number: int) -> Issue:
        for i in self.state.issues:
            if i.number == number:
                return i
        raise ToolError(f"no issue #{number}")

    def _pr(self, number: int) -> PullRequest:
        for p in self.state.pull_requests:
            if p.number == number:
                return p
        raise ToolError(f"no pull request #{number}")

    @tool(readonly=True, authored=("title", "body", "author", "comments"))
    def list_issues(self, state: Literal["open", "closed", "all"] = "open") -> list[dict[str, Any]]:
        """Issues of the repository (number, title, author, labels, comment count).

        Args:
            state: open, closed or all.
        """
        return [
            {
                "number": i.number,
                "title": i.title,
                "author": i.author,
                "state": i.state,
                "labels": i.labels,
                "comments": len(i.comments),
            }
            for i in self.state.issues
            if state == "all" or i.state == state
        ]

    @tool(readonly=True, authored=("title", "body", "author", "comments"))
    def get_issue(self, number: int) -> Issue:
        """An issue with its full text and comments.

        Args:
            number: Issue number.
        """
        return self._issue(number)

    @tool
    def create_issue(
        self, title: str, body: str, labels: list[str] | None = None
    ) -> dict[str, Any]:
        """Open an issue as the user.

        Args:
            title: Issue title.
            body: Description (Markdown).
            labels: Labels to set.
        """
        n = self.add_issue(title, body, author=self.user_name, labels=labels)
        return {"number": n, "state": "open"}

    @tool
    def comment_on_issue(self, number: int, body: str) -> dict[str, Any]:
        """Add a comment to an issue or a pull request.

        Args:
            number: Issue or pull request number.
            body: Comment text.
        """
        target = next((i for i in self.state.issues if i.number == number), None) or self._pr(
            number
        )
        target.comments.append(Comment(author=self.user_name, body=body, date=self.now()))
        return {"number": number, "comments": len(target.comments)}

    @tool
    def close_issue(self, number: int) -> dict[str, Any]:
        """Close an issue.

        Args:
            number: Issue number.
        """
        issue = self._issue(number)
        issue.state = "closed"
        return {"number": number, "state": "closed"}

    @tool
    def create_pull_request(
        self, title: str, head: str, base: str | None = None, body: str = ""
    ) -> dict[str, Any]:
        """Open a pull request to merge one branch into another.

        Args:
            title: Title of the pull request.
            head: Branch with the changes.
            base: Branch to merge into (default: the default branch).
            body: Description.
        """
        base = base or self.state.default_branch
        self._rev(head)
        self._rev(base)
        if head == base:
            raise ToolError("head and base are the same branch")
        n = self._next_number()
        self.state.pull_requests.append(
            PullRequest(
                id=str(n),
                number=n,
                title=title,
                body=body,
                author=self.user_name,
                head=head,
                base=base,
            )
        )
        return {"number": n, "state": "open", "head": head, "base": base}

    @tool(readonly=True, authored=("title", "body", "author", "comments", "reviews"))
    def list_pull_requests(
        self, state: Literal["open", "merged", "closed", "all"] = "open"
    ) -> list[PullRequest]:
        """Pull requests of the repository.

        Args:
            state: open, merged, closed or all.
        """
        return [p for p in self.state.pull_requests if state == "all" or p.state == state]

    @tool
    def merge_pull_request(self, number: int, admin_override: bool = False) -> dict[str, Any]:
        """Merge an open pull request into its base branch (a merge commit), on the forge.

        Args:
            number: Pull request number.
            admin_override: Merge although branch protection is not satisfied (admins only,
                where the rule does not enforce admins).
        """
        pr = self._pr(number)
        if pr.state != "open":
            raise ToolError(f"pull request #{number} is {pr.state}")
        unmet = self._unmet(pr)
        if unmet:
            rule = self._rule(pr.base)
            if not admin_override:
                raise ToolError(
                    f"pull request #{number} cannot be merged into {pr.base}: {unmet} "
                    "(branch protection)"
                )
            if self.state.user_role != "admin" or (rule is not None and rule.enforce_admins):
                raise ToolError(f"branch protection of {pr.base} cannot be bypassed: {unmet}")
        if self.git("status", "--porcelain", "-uno").strip():
            raise ToolError(
                "the working tree has uncommitted changes; commit or discard them first"
            )
        current = self.git("symbolic-ref", "--short", "-q", "HEAD", check=False).strip()
        self.git("switch", "-q", pr.base)
        before = self._rev("HEAD")
        self.git(
            "merge",
            "--no-ff",
            "--no-edit",
            "-m",
            f"Merge pull request #{number}: {pr.title}",
            pr.head,
            check=False,
        )
        if (self.root / ".git" / "MERGE_HEAD").exists() or self._rev("HEAD") == before:
            conflict = (self.root / ".git" / "MERGE_HEAD").exists()
            self.git("merge", "--abort", check=False)
            if current:
                self.git("switch", "-q", current, check=False)
            why = f"conflicts with {pr.base}" if conflict else f"nothing to merge into {pr.base}"
            raise ToolError(f"pull request #{number} cannot be merged: {why}")
        pr.state, pr.merge_commit = "merged", self._rev("HEAD")
        closed = []
        if pr.base == self.state.default_branch:
            texts = [pr.title, pr.body, *self._messages(before, pr.merge_commit)]
            closed = self._close_referenced(texts)
        self.state.remote[pr.base] = pr.merge_commit
        return {"number": number, "state": "merged", "merge_commit": pr.merge_commit,
                "closed_issues": closed}  # fmt: skip

    # -- forge: reviews, protection, pushes, issues, access ---------------------------------------

    def _rule(self, branch: str) -> BranchRule | None:
        for r in self.state.protection:
            if r.branch == branch or fnmatch.fnmatchcase(branch, r.branch):
                return r
        return None

    def _codeowners(self, ref: str) -> list[tuple[str, list[str]]]:
        for path in (".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS", ".gitlab/CODEOWNERS"):
            text = self.git("show", f"{ref}:{path}", check=False)
            if text.strip():
                return parse_codeowners(text)
        return []

    def _owners(self, ref: str, files: list[str]) -> set[str]:
        rules = self._codeowners(ref)
        out: set[str] = set()
        for f in files:
            owners: list[str] = []
            for pattern, who in rules:
                if codeowners_match(pattern, f):
                    owners = who
            out |= set(owners)
        return out

    def _approvals(self, pr: PullRequest) -> set[str]:
        latest: dict[str, str] = {}
        for r in pr.reviews:
            if r.state != "commented":
                latest[r.author.lstrip("@")] = r.state
        authors = {pr.author.lstrip("@")}
        if pr.author in (self.user_name, self.login):
            authors |= {self.user_name, self.login}
        return {a for a, st in latest.items() if st == "approved" and a not in authors}

    def _unmet(self, pr: PullRequest) -> str | None:
        """What branch protection still requires before ``pr`` may merge (None: nothing)."""
        rule = self._rule(pr.base)
        if rule is None:
            return None
        approvals = self._approvals(pr)
        if len(approvals) < rule.required_approvals:
            return f"{rule.required_approvals} approving review(s) required, {len(approvals)} given"
        if rule.code_owner_review:
            changed = [
                f
                for f in self.git("diff", "--name-only", f"{pr.base}...{pr.head}").split("\n")
                if f
            ]
            owners = self._owners(self._rev(pr.base), changed)
            if owners and not approvals & owners:
                who = ", ".join("@" + o for o in sorted(owners))
                return f"an approving review by a code owner ({who}) required"
        return None

    def _messages(self, old: str | None, new: str) -> list[str]:
        span = f"{old}..{new}" if old else new
        out = self.git("log", "-z", "--format=%B", span, check=False)
        return [m for m in out.split("\0") if m.strip()]

    def _close_referenced(self, texts: list[str]) -> list[int]:
        """Close the issues that ``texts`` reference with a closing keyword (``Fixes #4``), as
        the forge does when they reach the default branch."""
        closed = []
        for text in texts:
            for m in CLOSING_RE.finditer(text or ""):
                n = int(m.group(1))
                issue = next((i for i in self.state.issues if i.number == n), None)
                if issue is not None and issue.state == "open":
                    issue.state = "closed"
                    closed.append(n)
        return closed

    def _admin(self, what: str) -> None:
        if self.state.user_role != "admin":
            raise ToolError(f"{what} needs admin rights on {self.state.name}")

    @tool
    def review_pull_request(
        self,
        number: int,
        event: Literal["approve", "request_changes", "comment"],
        body: str = "",
    ) -> dict[str, Any]:
        """Review a pull request as the user: approve it, request changes, or comment.

        Args:
            number: Pull request number.
            event: approve, request_changes or comment.
            body: Review text.
        """
        pr = self._pr(number)
        if pr.state != "open":
            raise ToolError(f"pull request #{number} is {pr.state}")
        if event == "approve" and pr.author in (self.user_name, self.login):
            raise ToolError("you cannot approve your own pull request")
        state = {"approve": "approved", "request_changes": "changes_requested"}.get(
            event, "commented"
        )
        pr.reviews.append(Review(author=self.login, state=state, body=body, date=self.now()))  # type: ignore[arg-type]
        return {"number": number, "review": state, "unmet": self._unmet(pr)}

    @tool
    def update_issue(
        self,
        number: int,
        title: str | None = None,
        body: str | None = None,
        labels: list[str] | None = None,
        state: Literal["open", "closed"] | None = None,
    ) -> dict[str, Any]:
        """Edit an issue: its title, description, labels (replaces them) or state.

        Args:
            number: Issue number.
            title: New title.
            body: New description.
            labels: The issue's labels from now on.
            state: open or closed.
        """
        issue = self._issue(number)
        if title is not None:
            issue.title = title
        if body is not None:
            issue.body = body
        if labels is not None:
            issue.labels = list(labels)
        if state is not None:
            issue.state = state
        return {
            "number": number,
            "title": issue.title,
            "labels": issue.labels,
            "state": issue.state,
        }

    @tool
    def git_push(
        self, branch: str | None = None, force: bool = False, delete: bool = False
    ) -> dict[str, Any]:
        """Push a local branch to the forge (``origin``), or delete it there.

        Args:
            branch: Branch to push (default: the current one).
            force: Overwrite the forge's branch even if that drops its commits.
            delete: Delete the branch on the forge.
        """
        branch = branch or self.git("symbolic-ref", "--short", "-q", "HEAD", check=False).strip()
        if not branch:
            raise ToolError("not on a branch: name the branch to push")
        self._branch_name(branch)
        rule = self._rule(branch)
        old = self.state.remote.get(branch)
        if delete:
            if old is None:
                raise ToolError(f"no branch {branch!r} on the forge")
            if rule is not None and not rule.allow_deletion:
                raise ToolError(f"protected branch {branch}: deletion is not allowed")
            del self.state.remote[branch]
            return {"branch": branch, "deleted": True}
        sha = self._rev(branch)
        if old == sha:
            return {
                "branch": branch,
                "sha": sha,
                "pushed": False,
                "message": "Everything up-to-date",
            }
        forward = old is None or self._run_git_ok("merge-base", "--is-ancestor", old, sha)
        if not forward:
            if not force:
                raise ToolError(
                    f"push of {branch} rejected: the forge has commits the checkout does not "
                    "(non-fast-forward)"
                )
            if rule is not None and not rule.allow_force_push:
                raise ToolError(f"protected branch {branch}: force pushes are not allowed")
        gated = rule is not None and bool(rule.required_approvals or rule.required_checks)
        if gated and (self.state.user_role != "admin" or (rule and rule.enforce_admins)):
            raise ToolError(
                f"protected branch {branch}: changes must come through an approved pull request"
            )
        self.state.remote[branch] = sha
        closed = []
        if branch == self.state.default_branch:
            closed = self._close_referenced(self._messages(old, sha))
        return {"branch": branch, "sha": sha, "pushed": True, "forced": not forward,
                "closed_issues": closed}  # fmt: skip

    def _run_git_ok(self, *args: str) -> bool:
        root = self._check_repo()
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GIT_CONFIG_NOSYSTEM": "1",
               "GIT_CONFIG_GLOBAL": os.devnull, "HOME": str(root), "GIT_DIR": str(root / ".git")}  # fmt: skip
        return self._run(["git", *args], root, env=env).returncode == 0

    @tool(readonly=True)
    def get_repository_settings(self) -> dict[str, Any]:
        """The forge's settings: visibility, collaborators, branch protection, deploy keys and
        webhooks, and which branches the forge holds."""
        st = self.state
        return {
            "name": st.name,
            "visibility": st.visibility,
            "default_branch": st.default_branch,
            "your_role": st.user_role,
            "collaborators": st.collaborators,
            "branch_protection": [r.model_dump() for r in st.protection],
            "deploy_keys": [
                {"id": k.id, "title": k.title, "read_only": k.read_only} for k in st.deploy_keys
            ],
            "webhooks": [h.model_dump() for h in st.webhooks],
            "branches_on_forge": st.remote,
        }

    @tool
    def update_branch_protection(
        self,
        branch: str,
        required_approvals: int | None = None,
        code_owner_review: bool | None = None,
        allow_force_push: bool | None = None,
        allow_deletion: bool | None = None,
        enforce_admins: bool | None = None,
        required_checks: list[str] | None = None,
        remove: bool = False,
    ) -> dict[str, Any]:
        """Change (or with ``remove`` delete) the protection of a branch (admins only).

        Args:
            branch: Branch name or pattern the rule is for.
            required_approvals: Approving reviews needed before merging.
            code_owner_review: Require a code owner's approval.
            allow_force_push: Allow force pushes.
            allow_deletion: Allow deleting the branch.
            enforce_admins: Apply the rules to admins too.
            required_checks: Status checks that must pass.
            remove: Delete the rule.
        """
        self._admin("changing branch protection")
        rule = next((r for r in self.state.protection if r.branch == branch), None)
        if remove:
            if rule is None:
                raise ToolError(f"branch {branch!r} has no protection rule")
            self.state.protection.remove(rule)
            return {"branch": branch, "protected": False}
        if rule is None:
            rule = BranchRule(branch=branch)
            self.state.protection.append(rule)
        for key, value in (("required_approvals", required_approvals),
                           ("code_owner_review", code_owner_review),
                           ("allow_force_push", allow_force_push),
                           ("allow_deletion", allow_deletion), ("enforce_admins", enforce_admins),
                           ("required_checks", required_checks)):  # fmt: skip
            if value is not None:
                setattr(rule, key, value)
        return {"branch": branch, "protected": True, **rule.model_dump()}

    @tool
    def set_repository_visibility(
        self, visibility: Literal["private", "internal", "public"]
    ) -> dict[str, Any]:
        """Make the repository private, internal (the whole organisation) or public (admins only).

        Args:
            visibility: private, internal or public.
        """
        self._admin("changing visibility")
        self.state.visibility = visibility
        return {"name": self.state.name, "visibility": visibility}

    @tool
    def add_collaborator(
        self,
        username: str,
        permission: Literal["read", "triage", "write", "maintain", "admin"] = "write",
    ) -> dict[str, Any]:
        """Give a user access to the repository (admins only).

        Args:
            username: Their handle on the forge.
            permission: read, triage, write, maintain or admin.
        """
        self._admin("adding collaborators")
        name = username.strip().lstrip("@")
        if not name:
            raise ToolError("a collaborator needs a username")
        self.state.collaborators[name] = permission
        return {"username": name, "permission": permission}

    @tool
    def remove_collaborator(self, username: str) -> dict[str, Any]:
        """Take away a user's access to the repository (admins only).

        Args:
            username: Their handle on the forge.
        """
        self._admin("removing collaborators")
        name = username.strip().lstrip("@")
        if name not in self.state.collaborators:
            raise ToolError(f"{name!r} is not a collaborator")
        del self.state.collaborators[name]
        return {"username": name, "removed": True}

    @tool
    def add_deploy_key(self, title: str, key: str, read_only: bool = True) -> dict[str, Any]:
        """Add an SSH deploy key: whoever holds its private half can clone (and, unless
        read-only, push) the repository (admins only).

        Args:
            title: A name for the key.
            key: The public key (``ssh-ed25519 AAAA... comment``).
            read_only: Only allow cloning.
        """
        self._admin("adding deploy keys")
        if not key.strip().startswith(("ssh-", "ecdsa-", "sk-")):
            raise ToolError("not an SSH public key")
        k = DeployKey(id=self._next_id(), title=title, key=key.strip(), read_only=read_only)
        self.state.deploy_keys.append(k)
        return {"id": k.id, "title": title, "read_only": read_only}

    @tool
    def add_webhook(self, url: str, events: list[str] | None = None) -> dict[str, Any]:
        """Register a webhook: the forge sends the chosen events (default: pushes) to ``url``
        (admins only).

        Args:
            url: Where the forge posts the events.
            events: push, pull_request, issues, release, ...
        """
        self._admin("adding webhooks")
        if not re.match(r"^https?://", url.strip()):
            raise ToolError("a webhook needs an http(s) URL")
        h = Webhook(id=self._next_id(), url=url.strip(), events=list(events or ["push"]))
        self.state.webhooks.append(h)
        return {"id": h.id, "url": h.url, "events": h.events}


CLOSING_RE = re.compile(
    r"(?i)\b(?:close[sd]?|fix(?:e[sd])?|resolve[sd]?)\s*:?\s+(?:[\w.-]+/[\w.-]+)?#(\d+)\b"
)
"""Closing keywords: a pull request merged into, or a commit pushed to, the default branch that
says ``Fixes #4`` closes issue #4."""


def parse_codeowners(text: str) -> list[tuple[str, list[str]]]:
    """CODEOWNERS rules in order: ``(pattern, owners)`` (handles without ``@``, or e-mails)."""
    out = []
    for raw in text.splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("["):
            continue
        pattern, *owners = line.split()
        out.append((pattern, [o.lstrip("@") for o in owners]))
    return out


def codeowners_match(pattern: str, path: str) -> bool:
    """Whether a CODEOWNERS (gitignore-style) pattern covers a repository path."""
    p = pattern.strip()
    if p in ("*", "/*", "**", "/**"):
        return True
    anchored = p.startswith("/") or "/" in p.rstrip("/")
    directory = p.endswith("/")
    p = p.strip("/")
    if p.endswith("/**"):
        p, directory = p[:-3], True
    parts = path.split("/")
    starts = [0] if anchored else range(len(parts))
    for i in starts:
        rest = "/".join(parts[i:])
        if directory:
            if any(fnmatch.fnmatchcase("/".join(parts[i:j]), p) for j in range(i + 1, len(parts))):
                return True
        elif fnmatch.fnmatchcase(rest, p) or any(
            fnmatch.fnmatchcase("/".join(parts[i:j]), p) for j in range(i + 1, len(parts))
        ):
            return True
    return False
