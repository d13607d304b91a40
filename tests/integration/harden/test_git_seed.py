"""Seeding keeps what the environment ships: a nested git repository (history, branches, tags,
reflog), symlinks, modes and empty directories reach /app as a Dockerfile COPY delivers them,
so a task whose reference solution rewrites git history passes before and after separation."""

from __future__ import annotations

import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

from support.harden_samples import needs_bwrap
from vera.harden.execute import AgentSpec, run_trial
from vera.harden.separate import separate_task
from vera.harden.state import init_state, load_state, materialize
from vera.harden.task import SEED_ARCHIVE, load_task, seed_app, write_task

pytestmark = [pytest.mark.integration, needs_bwrap]

BENCH = Path(__file__).resolve().parents[3] / "bench" / "tasks"
TASK = BENCH / "git-scrub-secret"

# Runs in /app as the agent: fails loudly unless the seed is there as shipped.
SEED_CHECK = r"""set -e
cd /app/billing
test "$(git rev-parse --abbrev-ref HEAD)" = main
git rev-parse -q --verify refs/heads/feature/tax >/dev/null
git rev-parse -q --verify refs/tags/v1.0 >/dev/null
test "$(git rev-list --all | wc -l)" = 6
test "$(git reflog | wc -l)" -ge 7
test -L docs/README.md && test "$(readlink docs/README.md)" = ../README.md
test -d var/cache && test -z "$(ls -A var/cache)"
test "$(stat -c %a config/example.env)" = 640
git status --porcelain | grep -q . && exit 3
echo SEED-OK
"""


def unpacked(tmp: Path) -> Path:
    """The bundled task with its repository as a real ``environment/app/billing/.git``."""
    dest = tmp / "git-scrub-secret"
    shutil.copytree(TASK, dest, symlinks=True)
    archive = dest / "environment" / SEED_ARCHIVE
    with tarfile.open(archive) as tf:
        tf.extractall(dest / "environment" / "app", filter="tar")
    archive.unlink()
    assert (dest / "environment" / "app" / "billing" / ".git" / "HEAD").is_file()
    return dest


async def _seed_ok(task) -> None:
    res = await run_trial(task, AgentSpec(kind="script", script=SEED_CHECK, label="seed"), keep=True)
    try:
        log = (Path(res.trial_dir) / "agent" / "logs" / "agent" / "vera-agent.log").read_text()
    finally:
        shutil.rmtree(res.trial_dir, ignore_errors=True)
    assert res.agent_exit == 0 and "SEED-OK" in log, log


@pytest.mark.parametrize("form", ["archive", "nested-git"])
async def test_history_rewrite_passes_before_and_after_separation(form: str, tmp_path: Path) -> None:
    task = load_task(TASK if form == "archive" else unpacked(tmp_path))
    if form == "nested-git":
        assert any("/.git/" in f"/{k}" for k in task.environment)
        kinds = {e.kind for e in task.environment_tree}
        assert {"symlink", "dir", "mode"} <= kinds
    await _seed_ok(task)
    sep = separate_task(task)[0]
    for t in (task, sep):
        assert (await run_trial(t, "oracle")).reward == 1.0, t.separated
        alt = t.alt_solutions["alt_1.sh"]
        assert (await run_trial(t, AgentSpec(kind="script", script=alt, label="alt"))).reward == 1.0
        assert (await run_trial(t, "nop")).reward == 0.0


def test_write_task_and_loop_state_keep_the_repository(tmp_path: Path) -> None:
    task = load_task(unpacked(tmp_path))
    write_task(task, tmp_path / "copy")
    again = load_task(tmp_path / "copy")
    assert again.environment == task.environment
    assert again.environment_tree == task.environment_tree

    # The loop's state repository: git cannot hold the nested .git, so the seed is packed.
    repo = tmp_path / "state"
    init_state(task.path, repo)
    assert (repo / "environment" / SEED_ARCHIVE).is_file()
    assert not (repo / "environment" / "app").exists()
    tracked = subprocess.run(["git", "-C", str(repo), "ls-files"], capture_output=True, text=True).stdout
    assert f"environment/{SEED_ARCHIVE}" in tracked.split()
    snap = load_state(materialize(repo, "before", tmp_path / "snap"), task.id)
    a, b = tmp_path / "seed-direct", tmp_path / "seed-state"
    seed_app(task, a)
    seed_app(snap, b)
    listing = ["find", ".", "-printf", "%P %y %m %l\n"]
    la = sorted(subprocess.run(listing, cwd=a, capture_output=True, text=True).stdout.splitlines())
    lb = sorted(subprocess.run(listing, cwd=b, capture_output=True, text=True).stdout.splitlines())
    assert la == lb and any(".git/logs/HEAD" in line for line in la)
    log = ["git", "-C", "billing", "log", "--all", "--format=%H %s"]
    assert subprocess.run(log, cwd=a, capture_output=True, text=True).stdout == subprocess.run(
        log, cwd=b, capture_output=True, text=True
    ).stdout
