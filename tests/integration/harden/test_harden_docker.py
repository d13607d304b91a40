"""A task that brings environment/Dockerfile runs under the docker backend (offline image)."""

from __future__ import annotations

from pathlib import Path

import pytest

from vera.harden.execute import run_trial
from vera.harden.task import Task, TaskConfig, load_task, write_task

pytestmark = [pytest.mark.integration, pytest.mark.docker]

TEST_SH = """#!/bin/sh
if [ "$(cat /app/out.txt 2>/dev/null)" = "$(tr a-z A-Z < /app/in.txt)" ]; then
  echo 1 > /logs/verifier/reward.txt
else
  echo 0 > /logs/verifier/reward.txt
fi
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


async def test_dockerfile_task_oracle_and_nop(engine, tmp_path: Path) -> None:
    from vera.sandbox.images import DEFAULT_IMAGE

    task = Task(
        id="upper-docker", path=tmp_path, instruction="Upper-case /app/in.txt into /app/out.txt.\n",
        config=TaskConfig.model_validate({"verifier": {"timeout_sec": 30}}),
        tests={"test.sh": TEST_SH}, solution="tr a-z A-Z < /app/in.txt > /app/out.txt\n",
        environment={
            "Dockerfile": f"FROM {DEFAULT_IMAGE}\nCOPY bash /bin/bash\nWORKDIR /app\n",
            "bash": '#!/bin/sh\nexec /bin/sh "$@"\n',  # busybox has no bash; vera runs `bash -lc`
            "app/in.txt": "hello\n",
        },
    )
    write_task(task, tmp_path / "upper-docker")
    task = load_task(tmp_path / "upper-docker")
    oracle = await run_trial(task, "oracle")
    assert oracle.backend == "docker" and oracle.passed and oracle.phase_errors == [], oracle
    nop = await run_trial(task, "nop")
    assert not nop.passed and nop.reward == 0.0 and nop.phase_errors == [], nop


async def test_a_separated_dockerfile_task_gets_its_artifacts_from_inside_the_container(
    engine, tmp_path: Path
) -> None:
    """Issue 33: the artifacts travel as a tar stream written inside a container of the task's
    image; a link the agent left there arrives as a link (refused), never as a host file."""
    from vera.harden.execute import AgentSpec
    from vera.sandbox.images import DEFAULT_IMAGE

    task = Task(
        id="upper-docker-sep", path=tmp_path, instruction="Upper-case /app/in.txt into /app/out.txt.\n",
        config=TaskConfig.model_validate({
            "verifier": {"timeout_sec": 30, "environment_mode": "separate"},
            "vera": {"artifacts": ["/app/out.txt"]},
        }),
        tests={"test.sh": TEST_SH}, solution="tr a-z A-Z < /app/in.txt > /app/out.txt\n",
        environment={
            "Dockerfile": f"FROM {DEFAULT_IMAGE}\nCOPY bash /bin/bash\nWORKDIR /app\n",
            "bash": '#!/bin/sh\nexec /bin/sh "$@"\n',
            "app/in.txt": "hello\n",
        },
    )  # fmt: skip
    write_task(task, tmp_path / "upper-docker-sep")
    task = load_task(tmp_path / "upper-docker-sep")
    oracle = await run_trial(task, "oracle")
    assert oracle.mode == "separate" and oracle.passed and oracle.phase_errors == [], oracle
    linker = AgentSpec(kind="script", label="linker", script="ln -s /etc/hostname /app/out.txt\n")
    res = await run_trial(task, linker)
    assert res.reward == 0.0 and res.phase_errors == [], res
    assert "separate: refused symlink /app/out.txt" in res.notes, res.notes
