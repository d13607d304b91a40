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


# --- issue 32: a Dockerfile task audited, a broken one, a base image substituted offline ---------

ONLY_ON_SUCCESS = """#!/bin/sh
if [ "$(cat /app/out.txt 2>/dev/null)" = "$(tr a-z A-Z < /app/in.txt)" ]; then
  echo 1 > /logs/verifier/reward.txt
fi
"""
"""A verifier that writes its reward only on success (a planted reward file survives it)."""


def _docker_task(root: Path, name: str, dockerfile: str, test_sh: str = ONLY_ON_SUCCESS) -> Path:
    task = Task(
        id=name, path=root, instruction="Upper-case /app/in.txt into /app/out.txt.\n",
        config=TaskConfig.model_validate({"verifier": {"timeout_sec": 30},
                                          "vera": {"artifacts": ["/app/out.txt"]}}),
        tests={"test.sh": test_sh}, solution="tr a-z A-Z < /app/in.txt > /app/out.txt\n",
        environment={"Dockerfile": dockerfile, "bash": '#!/bin/sh\nexec /bin/sh "$@"\n',
                     "app/in.txt": "hello\n"},
    )  # fmt: skip
    write_task(task, root / name)
    return root / name


def _cli(*args: str) -> tuple[int, str]:
    from typer.testing import CliRunner

    from vera.cli.main import app

    res = CliRunner().invoke(app, list(args))
    return res.exit_code, res.output


def test_a_dockerfile_task_is_built_and_audited_and_an_exploit_lands_only_before_separation(
    engine, tmp_path: Path
) -> None:
    import json

    from vera.sandbox.images import DEFAULT_IMAGE

    task = _docker_task(tmp_path, "upper-audit", f"FROM {DEFAULT_IMAGE}\nCOPY bash /bin/bash\nWORKDIR /app\n")
    code, out = _cli("harden", "audit", str(task), "--separate", "-e", "reward_file_write",
                     "--out", str(tmp_path / "run"), "--no-progress", "--json")  # fmt: skip
    assert code == 0, out[-3000:]
    doc = json.loads((tmp_path / "run" / "audit.json").read_text())
    (before,) = doc["tasks"]
    (after,) = doc["separated"]["tasks"]
    assert before["oracle"] and before["nop"] and before["errors"] == [], before
    assert before["hacked_by"] == ["reward_file_write"], before
    assert after["oracle"] and after["nop"] and after["hacked_by"] == [], after
    rows = [json.loads(x) for x in (tmp_path / "run" / "trials.jsonl").read_text().splitlines()]
    assert rows and all(r["phase_errors"] == [] for r in rows)


def test_a_broken_dockerfile_is_an_infra_error_with_the_builds_reason(engine, tmp_path: Path) -> None:
    import json

    from vera.sandbox.images import DEFAULT_IMAGE

    task = _docker_task(tmp_path, "upper-broken", f"FROM {DEFAULT_IMAGE}\nRUN exit 3\n")
    code, out = _cli("harden", "audit", str(task), "-e", "reward_file_write",
                     "--out", str(tmp_path / "run"), "--no-progress", "--json")  # fmt: skip
    doc = json.loads((tmp_path / "run" / "audit.json").read_text())
    (audit,) = doc["tasks"]
    assert not audit["oracle"] and not audit["nop"] and audit["hacked_by"] == [], audit
    assert audit["oracle_reward"] is None and audit["nop_reward"] is None  # never a reward
    assert audit["errors"] and all(("docker build" in e and "exit 3" in e) or "non-zero code: 3" in e
                                   for e in audit["errors"]), audit["errors"]  # fmt: skip
    from vera.runner.store import RunStore

    with RunStore.open(tmp_path / "run") as store:
        kinds = {r.error.kind for r in store.results() if r.error is not None}
    assert kinds == {"infra_error"}, kinds
    assert code == 3 and "4 trial(s) ended in infra_error" in out, out[-2000:]


def test_image_map_builds_a_task_whose_base_image_is_not_on_this_machine(engine, tmp_path: Path) -> None:
    import json

    from vera.sandbox.images import DEFAULT_IMAGE

    base = "registry.example.invalid/team/python:3.12-slim"  # never pulled: the build is offline
    task = _docker_task(tmp_path, "upper-mapped", f"FROM {base}\nCOPY bash /bin/bash\nWORKDIR /app\n",
                        test_sh=TEST_SH)  # fmt: skip
    code, out = _cli("harden", "run", str(task), "--agent", "oracle", "--json")
    assert code != 0 and f"base image {base} is not on this engine" in out, out[-2000:]
    assert f"--image-map {base}=LOCAL" in out  # and says how to substitute one
    code, out = _cli("harden", "run", str(task), "--agent", "oracle", "--json",
                     "--image-map", f"{base}={DEFAULT_IMAGE}")  # fmt: skip
    assert code == 0, out[-2000:]
    summary = json.loads(out.splitlines()[-1])
    assert summary["passed"] and summary["phase_errors"] == [], summary
