"""The history-rewriting git task under Docker: the seed (a nested repository with branches, a
tag, a reflog, a symlink, an empty folder, a 0640 file) reaches the container's /app as under
bwrap, and the reference solution (``git filter-branch`` over every ref, reflog expired,
objects pruned) and the other solution reach reward 1 before and after separation.

The image is the offline busybox one plus the host's git and bash (and the libraries they
load) copied in by the task's Dockerfile; the verifier is a shell check, as the image has no
Python."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from vera.harden.execute import AgentSpec, run_trial
from vera.harden.separate import separate_task
from vera.harden.task import load_task

pytestmark = [pytest.mark.integration, pytest.mark.docker]

BENCH = Path(__file__).resolve().parents[3] / "bench" / "tasks"
GIT_CORE = ("git", "git-filter-branch", "git-sh-setup", "git-sh-i18n", "git-sh-i18n--envsubst")

CHECK = r"""#!/bin/bash
mkdir -p /logs/verifier
cd /app/billing || { echo 0 > /logs/verifier/reward.txt; exit 0; }
ok=1
for ref in refs/heads/main refs/heads/feature/tax refs/tags/v1.0; do
  git rev-parse -q --verify "$ref" >/dev/null || ok=0
done
git log --all -p | grep -q sk_live_51H && ok=0
git cat-file --batch-all-objects --batch 2>/dev/null | grep -q sk_live_51H && ok=0
git ls-tree -r --name-only main | grep -q secrets.env && ok=0
[ "$(git log --format=%s main | wc -l)" = 4 ] || ok=0
[ "$(git log --format=%s feature/tax | wc -l)" = 5 ] || ok=0
[ -L docs/README.md ] && [ -d var/cache ] || ok=0
[ -z "$(git status --porcelain)" ] || ok=0
echo "$ok" > /logs/verifier/reward.txt
"""


@pytest.fixture(scope="module")
def engine():
    from support.dockerd import EngineUnavailable, engine_env

    try:
        with engine_env() as eng:
            from vera.sandbox.images import ensure_busybox_image

            client = eng.client()
            ensure_busybox_image(client)
            client.close()
            yield eng
    except EngineUnavailable as exc:
        pytest.skip(f"no Docker engine: {exc}")


def _libs(*binaries: str) -> set[str]:
    out = subprocess.run(["ldd", *binaries], capture_output=True, text=True).stdout
    libs = {w for w in out.split() if w.startswith("/") and not w.endswith(":")}
    return {str(Path(p).resolve()) for p in libs} | libs


def docker_task(tmp: Path) -> Path:
    from vera.sandbox.images import DEFAULT_IMAGE

    dest = tmp / "git-scrub-secret"
    shutil.copytree(BENCH / "git-scrub-secret", dest)
    (dest / "tests" / "test_history.py").unlink()
    (dest / "tests" / "test.sh").write_text(CHECK)
    root = dest / "environment" / "rootfs"
    git, bash = shutil.which("git"), shutil.which("bash")
    assert git and bash
    files = {git, bash, *_libs(git, bash)} | {f"/usr/lib/git-core/{n}" for n in GIT_CORE}
    for f in sorted(files):
        target = root / f.lstrip("/")
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(f, target)
    (dest / "environment" / "Dockerfile").write_text(
        f"FROM {DEFAULT_IMAGE}\nCOPY rootfs/ /\nWORKDIR /app\n"
    )
    return dest


async def test_history_rewrite_under_docker(engine, tmp_path: Path) -> None:
    task = load_task(docker_task(tmp_path))
    assert task.has_dockerfile
    sep = separate_task(task)[0]
    alt = AgentSpec(kind="script", script=task.alt_solutions["alt_1.sh"], label="alt")
    for t in (task, sep):
        oracle = await run_trial(t, "oracle")
        assert oracle.backend == "docker" and oracle.reward == 1.0, (t.separated, oracle)
        assert (await run_trial(t, alt)).reward == 1.0, t.separated
        assert (await run_trial(t, "nop")).reward == 0.0, t.separated
