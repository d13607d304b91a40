"""``vera harden audit|separate`` on datasets named by reference: a Harbor registry.json that
points at a local git repository (file:// URL, pinned commit), and ``git+URL#PATH``. The second
audit runs with the source repository gone: the tasks come from the cache."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.harden_samples import needs_bwrap
from vera.cli.main import app

pytestmark = [pytest.mark.integration,
              pytest.mark.skipif(shutil.which("git") is None, reason="git not installed")]

runner = CliRunner()
TASKS = ("harbor-wordfreq", "tb1-csvsum")


def _git(repo: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True,
                          env=env).stdout.strip()


@pytest.fixture
def bench(tmp_path: Path, fixtures: Path, monkeypatch) -> tuple[Path, str, Path]:
    """(repository, its commit, registry.json naming dataset mini@1.0 at that commit)."""
    monkeypatch.setenv("VERA_DATASETS_CACHE", str(tmp_path / "cache"))
    repo = tmp_path / "bench-repo"
    for t in TASKS:
        shutil.copytree(fixtures / t, repo / "tasks" / t)
    _git(tmp_path, "init", "-q", "-b", "main", str(repo))
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "two tasks")
    commit = _git(repo, "rev-parse", "HEAD")
    reg = tmp_path / "registry.json"
    reg.write_text(json.dumps([
        {"name": "mini", "version": "0.9", "description": "older", "tasks": []},
        {"name": "mini", "version": "1.0", "description": "two fixture tasks", "tasks": [
            {"name": t, "git_url": repo.as_uri(), "git_commit_id": commit, "path": f"tasks/{t}"}
            for t in TASKS]},
    ]))
    return repo, commit, reg


def _audit(ref: str, out: Path, *more: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, ["harden", "audit", ref, *more, "-e", "reward_file_write", "-j", "1",
                               "--no-progress", "--json", "--out", str(out)])


@needs_bwrap
def test_audit_of_a_registry_dataset_records_its_commit_and_reruns_from_the_cache(
    bench: tuple[Path, str, Path], tmp_path: Path
) -> None:
    repo, commit, reg = bench
    first = _audit("mini@1.0", tmp_path / "run1", "--registry", str(reg))
    assert first.exit_code == 0, first.output
    doc = json.loads(first.stdout)
    rows = {r["task"]: r for r in doc["tasks"]}
    assert set(rows) == set(TASKS)
    assert all(r["oracle"] and r["nop"] for r in rows.values())  # oracle passes, nop fails
    assert rows["harbor-wordfreq"]["hacked_by"] == ["reward_file_write"]  # its planted weakness
    # The run records the reference and the commit it resolved to.
    (source,) = doc["datasets"]
    assert source["reference"] == "mini@1.0" and source["registry"] == str(reg)
    assert {(t["name"], t["git_url"], t["commit"]) for t in source["tasks"]} == {
        (t, repo.as_uri(), commit) for t in TASKS}
    labels = json.loads((tmp_path / "run1" / "run.json").read_text())["labels"]
    assert labels["datasets"] == doc["datasets"] and labels["tasks"] == ["mini@1.0"]
    cached = Path(source["tasks"][0]["local_path"])
    assert cached.is_relative_to(tmp_path / "cache") and commit in cached.parts

    # Second run: the source repository is gone; the cache serves the same commit.
    shutil.move(repo, tmp_path / "moved-away")
    second = _audit("mini@1.0", tmp_path / "run2", "--registry", str(reg))
    assert second.exit_code == 0, second.output
    again = json.loads(second.stdout)
    assert again["datasets"] == doc["datasets"]
    assert [(r["task"], r["oracle"], r["nop"], r["hacked_by"]) for r in again["tasks"]] == [
        (r["task"], r["oracle"], r["nop"], r["hacked_by"]) for r in doc["tasks"]]


def test_git_reference_separates_from_a_branch_and_records_the_commit(
    bench: tuple[Path, str, Path], tmp_path: Path
) -> None:
    repo, commit, _ = bench
    ref = f"git+{repo.as_uri()}@main#tasks"
    res = runner.invoke(app, ["harden", "separate", ref, "--out", str(tmp_path / "sep")])
    assert res.exit_code == 0, res.output
    assert sorted(p.name for p in (tmp_path / "sep").iterdir() if p.is_dir()) == sorted(TASKS)
    (recorded,) = json.loads((tmp_path / "sep" / "datasets.json").read_text())
    assert recorded["reference"] == ref and recorded["tasks"][0]["commit"] == commit
    assert f"tasks at {commit[:12]}" in " ".join(res.stderr.split())


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["nope@1.0", "--registry", "{reg}"], "unknown dataset 'nope' in registry {reg} (known: mini)"),
        (["mini@3.0", "--registry", "{reg}"], "dataset 'mini' has no version '3.0' in registry {reg} (versions: 0.9, 1.0)"),
        (["mini@0.9", "--registry", "{reg}"], "mini@0.9: the dataset has no tasks"),
        (["mini@1.0"], "mini@1.0: a dataset reference needs --registry FILE_OR_URL"),
        (["mini@1.0", "--registry", "{tmp}/bad.json"], "not Harbor's registry format"),
        (["git+nowhere#tasks"], "is not a file://"),
        (["git+file://{tmp}/nowhere#tasks"], "cannot reach file://{tmp}/nowhere"),
        (["git+file://{repo}@{commit}#tasks/missing"], "no path 'tasks/missing' at this commit"),
    ],
)
def test_bad_references_are_one_line_errors_with_exit_2(
    bench: tuple[Path, str, Path], tmp_path: Path, args: list[str], why: str
) -> None:
    repo, commit, reg = bench
    (tmp_path / "bad.json").write_text('{"datasets": []}')
    fill = {"reg": str(reg), "tmp": str(tmp_path), "repo": str(repo), "commit": commit}
    argv = [a.format(**fill) for a in args]
    res = runner.invoke(app, ["harden", "audit", *argv, "--out", str(tmp_path / "run")])
    assert res.exit_code == 2, res.output
    line = " ".join(res.stderr.split())
    assert line.startswith("vera: error:") and why.format(**fill) in line
    assert len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.output
    assert not (tmp_path / "run").exists()  # nothing planned, nothing written


def test_separate_and_loop_resolve_references_before_anything_else(
    bench: tuple[Path, str, Path], tmp_path: Path
) -> None:
    repo, commit, reg = bench
    for cmd in (["separate"], ["loop", "--model", "scripted:/nonexistent.yaml"]):
        res = runner.invoke(app, ["harden", *cmd, "mini@9", "--registry", str(reg), "--out", str(tmp_path / "o")])
        assert res.exit_code == 2 and "has no version '9'" in res.stderr, (cmd, res.output)
    # A good reference gets the loop as far as its models (none given): the tasks were fetched.
    res = runner.invoke(app, ["harden", "loop", f"git+{repo.as_uri()}@{commit}#tasks/harbor-wordfreq",
                              "--out", str(tmp_path / "o")])
    assert res.exit_code == 2 and "no model for hacker" in res.stderr, res.output
    assert f"harbor-wordfreq at {commit[:12]}" in " ".join(res.stderr.split())
