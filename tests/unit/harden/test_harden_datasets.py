"""Datasets by reference (vera.harden.datasets): parsing references and Harbor's registry, and
resolving them through a real git repository into the cache (file:// URLs; nothing leaves the
machine)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from vera.harden import datasets
from vera.harden.datasets import (
    DatasetError,
    GitRef,
    NamedRef,
    checkout,
    find_dataset,
    parse_git_ref,
    parse_reference,
    read_registry,
    resolve,
)
from vera.harden.task import TaskError, find_tasks, load_task

needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")


@pytest.fixture(autouse=True)
def _own_cache(tmp_path: Path, monkeypatch) -> None:
    """No test writes to the user's ~/.cache."""
    monkeypatch.setenv("VERA_DATASETS_CACHE", str(tmp_path / "cache"))


# --- references ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("git+file:///srv/bench#tasks/a", GitRef("file:///srv/bench", None, "tasks/a")),
        ("git+file:///srv/bench@0123abc#tasks/a/", GitRef("file:///srv/bench", "0123abc", "tasks/a")),
        ("git+https://example.org/b.git@v2.0#t", GitRef("https://example.org/b.git", "v2.0", "t")),
        ("git+ssh://git@example.org/b.git#t", GitRef("ssh://git@example.org/b.git", None, "t")),
        ("git+ssh://git@example.org/b.git@main#t", GitRef("ssh://git@example.org/b.git", "main", "t")),
        ("git+git@example.org:team/b.git#t", GitRef("git@example.org:team/b.git", None, "t")),
        ("git+file:///srv/bench", GitRef("file:///srv/bench", None, "")),
        ("git+/srv/bench@main#t", GitRef("/srv/bench", "main", "t")),
    ],
)
def test_git_reference_is_split_into_url_commit_and_path(text: str, ref: GitRef) -> None:
    assert parse_git_ref(text) == ref


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("git+ext::sh -c touch% /tmp/x#t", "is not a file://"),
        ("git+-uhttps://x/y#t", "is not a file://"),
        ("git+srv/bench#t", "is not a file://"),
        ("git+file:///srv/bench#../../etc", "must stay inside the repository"),
        ("git+file:///srv/bench@#t", "empty commit"),
    ],
)
def test_bad_git_reference_is_one_line(text: str, why: str) -> None:
    with pytest.raises(DatasetError, match=why) as info:
        parse_git_ref(text)
    assert "\n" not in str(info.value)


def test_name_at_version_is_a_reference_unless_it_is_a_folder(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert parse_reference("terminal-bench@2.0") == NamedRef("terminal-bench", "2.0")
    assert parse_reference("org/bench@head") == NamedRef("org/bench", "head")
    assert parse_reference("bench/tasks") is None
    assert parse_reference("./tasks") is None
    (tmp_path / "odd@1").mkdir()
    assert parse_reference("odd@1") is None  # an existing folder is a folder


# --- Harbor's registry ------------------------------------------------------------------------

_HARBOR_SHAPED = [
    {
        "name": "bench", "version": "1.0", "description": "two tasks",
        "tasks": [
            {"name": "a", "git_url": "file:///srv/r", "git_commit_id": "f" * 40, "path": "tasks/a"},
            {"name": "b", "git_url": None, "git_commit_id": None, "path": "local/b"},
        ],
        "metrics": [{"type": "mean"}],
        "something_newer": True,
    },
    {"name": "bench", "version": "2.0", "description": "", "tasks": []},
]


def test_registry_in_harbors_format_is_read(tmp_path: Path) -> None:
    f = tmp_path / "registry.json"
    f.write_text(json.dumps(_HARBOR_SHAPED))
    ds = read_registry(str(f))
    assert [(d.name, d.version, len(d.tasks)) for d in ds] == [("bench", "1.0", 2), ("bench", "2.0", 0)]
    assert ds[0].tasks[0].git_commit_id == "f" * 40 and ds[0].tasks[1].git_url is None
    assert read_registry(f.as_uri())[0].tasks[0].path == "tasks/a"  # a file:// URL reads the same
    assert find_dataset(ds, "bench", "2.0", "r").version == "2.0"
    with pytest.raises(DatasetError, match=r"unknown dataset 'nope' in registry r \(known: bench\)"):
        find_dataset(ds, "nope", "1.0", "r")
    with pytest.raises(DatasetError, match=r"has no version '3.0' in registry r \(versions: 1.0, 2.0\)"):
        find_dataset(ds, "bench", "3.0", "r")


@pytest.mark.parametrize(
    ("content", "why"),
    [
        ('{"name": "bench"}', "top level: Input should be a valid"),
        ("[{", "not Harbor's registry format"),
        ('[{"name": "b", "version": "1", "tasks": [{"name": "t"}]}]', "0.tasks.0.path: Field required"),
        ('[{"name": "b", "tasks": []}]', "0.version: Field required"),
    ],
)
def test_malformed_registry_is_one_line(tmp_path: Path, content: str, why: str) -> None:
    f = tmp_path / "registry.json"
    f.write_text(content)
    with pytest.raises(DatasetError, match=why) as info:
        read_registry(str(f))
    assert "\n" not in str(info.value) and str(f) in str(info.value)


def test_registry_served_over_http_is_read(tmp_path: Path) -> None:
    """A registry URL (here a loopback server) reads like a file; a missing one is one line."""
    import functools
    import http.server
    import threading

    (tmp_path / "registry.json").write_text(json.dumps(_HARBOR_SHAPED))
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    handler = functools.partial(Quiet, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        assert [d.version for d in read_registry(f"{base}/registry.json")] == ["1.0", "2.0"]
        with pytest.raises(DatasetError, match=r"cannot be read \(HTTP Error 404"):
            read_registry(f"{base}/missing.json")
        with pytest.raises(DatasetError, match=r"a local task \(no git_url\) in a registry read from a URL"):
            resolve("bench@1.0", f"{base}/registry.json")  # refused before any git runs
        assert not (tmp_path / "cache").exists()
    finally:
        server.shutdown()
        server.server_close()


def test_unreadable_registry_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="No such file"):
        read_registry(str(tmp_path / "missing.json"))
    with pytest.raises(DatasetError, match="not a file, http"):
        read_registry("ftp://example.org/registry.json")
    with pytest.raises(DatasetError, match="needs --registry"):
        resolve("bench@1.0", None)


def test_cache_root_follows_vera_then_xdg(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("VERA_DATASETS_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert datasets.cache_root() == tmp_path / "xdg" / "vera" / "datasets"
    monkeypatch.setenv("VERA_DATASETS_CACHE", str(tmp_path / "mine"))
    assert datasets.cache_root() == tmp_path / "mine"
    a, b = datasets.repo_dir("file:///x/bench.git"), datasets.repo_dir("file:///y/bench.git")
    assert a != b and a.name.startswith("bench-") and b.name.startswith("bench-")


# --- resolving through real git ---------------------------------------------------------------


def _git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True,
                          env=env).stdout.strip()


@pytest.fixture
def repo(tmp_path: Path, fixtures: Path) -> Path:
    """A git repository holding one fixture task under tasks/, committed on branch main."""
    r = tmp_path / "src"
    shutil.copytree(fixtures / "harbor-wordfreq", r / "tasks" / "harbor-wordfreq")
    _git(tmp_path, "init", "-q", "-b", "main", str(r))
    _git(r, "add", "-A")
    _git(r, "commit", "-qm", "one task")
    return r


@pytest.fixture
def git_calls(monkeypatch) -> list[list[str]]:
    """Every git command the resolver runs (they still run)."""
    calls: list[list[str]] = []
    real = subprocess.run

    def counting(argv, *a, **kw):  # type: ignore[no-untyped-def]
        if argv and argv[0] == "git":
            calls.append(list(argv))
        return real(argv, *a, **kw)

    monkeypatch.setattr(datasets.subprocess, "run", counting)
    return calls


@needs_git
def test_pinned_commit_is_fetched_once_then_read_from_the_cache(repo: Path, git_calls: list) -> None:
    commit = _git(repo, "rev-parse", "HEAD")
    ref = f"git+{repo.as_uri()}@{commit}#tasks/harbor-wordfreq"
    first = resolve(ref)
    assert first is not None and git_calls  # cloned and extracted
    (task,) = first.tasks
    assert task.commit == commit and task.git_url == repo.as_uri() and task.path == "tasks/harbor-wordfreq"
    local = Path(task.local_path)
    assert local.parent.parent.name == commit and local.is_relative_to(datasets.cache_root())
    assert load_task(local).id == "harbor-wordfreq"
    git_calls.clear()
    shutil.rmtree(repo)  # the source is gone: the cache alone answers
    again = resolve(ref)
    assert again == first and git_calls == []


@needs_git
def test_branch_is_resolved_to_its_commit_and_a_new_commit_is_a_new_tree(repo: Path, git_calls: list) -> None:
    first = resolve(f"git+{repo.as_uri()}@main#tasks")
    assert first is not None and first.tasks[0].commit == _git(repo, "rev-parse", "HEAD")
    assert [p.name for p in find_tasks([Path(first.tasks[0].local_path)])] == ["harbor-wordfreq"]
    (repo / "tasks" / "harbor-wordfreq" / "instruction.md").write_text("changed\n")
    _git(repo, "commit", "-qam", "change")
    git_calls.clear()
    second = resolve(f"git+{repo.as_uri()}#tasks")  # no commit: the remote's HEAD, asked anew
    assert second is not None and second.tasks[0].commit == _git(repo, "rev-parse", "HEAD")
    assert any("ls-remote" in c for c in git_calls)
    old, new = (Path(s.tasks[0].local_path) / "harbor-wordfreq" / "instruction.md" for s in (first, second))
    assert new.read_text() == "changed\n" and old.read_text() != "changed\n"  # each commit its own tree
    # A short commit id is looked up in the mirror.
    short = resolve(f"git+{repo.as_uri()}@{first.tasks[0].commit[:10]}#tasks")
    assert short is not None and short.tasks[0].commit == first.tasks[0].commit


@needs_git
def test_bad_git_references_are_one_line(repo: Path, tmp_path: Path) -> None:
    commit = _git(repo, "rev-parse", "HEAD")
    cases = {
        f"git+{(tmp_path / 'nowhere').as_uri()}#t": "cannot reach",
        f"git+{(tmp_path / 'nowhere').as_uri()}@{commit}#t": "cannot clone",
        f"git+{repo.as_uri()}@no-such-branch#tasks": "has no commit, branch or tag 'no-such-branch'",
        f"git+{repo.as_uri()}@{commit}#tasks/missing": "no path 'tasks/missing' at this commit",
        f"git+{repo.as_uri()}@{commit}#tasks/harbor-wordfreq/task.toml": "is not a folder",
    }
    for ref, why in cases.items():
        with pytest.raises(DatasetError, match=why) as info:
            resolve(ref)
        assert "\n" not in str(info.value), ref
    assert not datasets.repo_dir((tmp_path / "nowhere").as_uri()).exists()  # nothing kept of a failed clone


@needs_git
def test_links_out_of_a_fetched_repository_are_never_followed(repo: Path, tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.mkdir()
    (secret / "task.toml").write_text("host file\n")
    os.symlink(str(secret), repo / "tasks" / "out")  # a task path through a link out
    os.symlink("/etc/passwd", repo / "tasks" / "harbor-wordfreq" / "tests" / "passwd")  # a file out
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "links")
    commit = _git(repo, "rev-parse", "HEAD")
    with pytest.raises(DatasetError, match="refusing a link out"):
        resolve(f"git+{repo.as_uri()}@{commit}#tasks/out")
    src = resolve(f"git+{repo.as_uri()}@{commit}#tasks/harbor-wordfreq")
    assert src is not None
    local = Path(src.tasks[0].local_path)
    assert (local / "tests" / "passwd").is_symlink()  # kept as a link, not copied from the host
    with pytest.raises(TaskError, match="refusing a link out"):
        load_task(local)


@needs_git
def test_registry_dataset_resolves_every_task_and_fetches_each_commit_once(
    repo: Path, tmp_path: Path, fixtures: Path, git_calls: list
) -> None:
    shutil.copytree(fixtures / "tb1-csvsum", repo / "tasks" / "tb1-csvsum")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "two tasks")
    commit = _git(repo, "rev-parse", "HEAD")
    shutil.copytree(fixtures / "harbor-wordfreq", tmp_path / "local" / "wf")
    reg = tmp_path / "registry.json"
    reg.write_text(json.dumps([{"name": "mini", "version": "1.0", "description": "", "tasks": [
        {"name": t, "git_url": repo.as_uri(), "git_commit_id": commit, "path": f"tasks/{t}"}
        for t in ("harbor-wordfreq", "tb1-csvsum")] + [
        {"name": "wf", "git_url": None, "git_commit_id": None, "path": "local/wf"}]}]))
    src = resolve("mini@1.0", str(reg))
    assert src is not None and src.registry == str(reg.resolve())
    assert [(t.name, t.commit) for t in src.tasks] == [
        ("harbor-wordfreq", commit), ("tb1-csvsum", commit), ("wf", None)]
    assert Path(src.tasks[2].local_path) == tmp_path / "local" / "wf"
    assert sum("clone" in c for c in git_calls) == 1 and sum("archive" in c for c in git_calls) == 1
    assert [load_task(Path(t.local_path)).id for t in src.tasks[:2]] == ["harbor-wordfreq", "tb1-csvsum"]
    assert checkout(repo.as_uri(), commit, "r")[0] == commit


@needs_git
def test_a_crafted_tree_cannot_write_through_its_own_link(tmp_path: Path) -> None:
    """A tree naming ``x`` twice, first a link to a host file, then a file: extracting it
    naively would write the host file. Refused, and the host file is untouched."""
    import binascii

    victim = tmp_path / "victim"
    victim.write_text("host\n")
    r = tmp_path / "crafted"
    _git(tmp_path, "init", "-q", "-b", "main", str(r))

    def obj(*args: str, data: bytes) -> str:
        return subprocess.run(["git", "-C", str(r), *args], input=data, capture_output=True,
                              check=True).stdout.decode().strip()

    link = obj("hash-object", "-w", "--stdin", data=str(victim).encode())
    blob = obj("hash-object", "-w", "--stdin", data=b"pwned\n")
    tree = obj("hash-object", "-t", "tree", "-w", "--literally", "--stdin",
               data=b"120000 x\0" + binascii.unhexlify(link) + b"100644 x\0" + binascii.unhexlify(blob))
    commit = _git(r, "commit-tree", tree, "-m", "crafted")
    _git(r, "update-ref", "refs/heads/main", commit)
    with pytest.raises(DatasetError, match=r"names 'x' twice"):
        resolve(f"git+{r.as_uri()}@{commit}")
    assert victim.read_text() == "host\n"
    assert not (datasets.repo_dir(r.as_uri()) / commit).exists()  # nothing half-written is cached


@needs_git
def test_harbor_style_head_and_plain_path_urls(repo: Path, tmp_path: Path) -> None:
    """Harbor's registries write ``"git_commit_id": "HEAD"`` and plain absolute paths."""
    reg = tmp_path / "registry.json"
    reg.write_text(json.dumps([{"name": "b", "version": "1", "description": "", "tasks": [
        {"name": "wf", "git_url": str(repo), "git_commit_id": "HEAD", "path": "tasks/harbor-wordfreq"}]}]))
    src = resolve("b@1", str(reg))
    assert src is not None and src.tasks[0].commit == _git(repo, "rev-parse", "HEAD")
    assert load_task(Path(src.tasks[0].local_path)).id == "harbor-wordfreq"
