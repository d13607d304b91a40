"""Trials under real bwrap: oracle and nop calibrate the samples, Harbor's paths per phase,
phase errors kept apart from rewards, and the Docker path's clear refusal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from support.harden_samples import needs_bwrap
from vera.harden.execute import AgentSpec, ExecutionError, run_trial
from vera.harden.separate import separate_task
from vera.harden.task import load_task

pytestmark = [pytest.mark.integration, needs_bwrap]


@pytest.mark.parametrize("name", ["harbor-wordfreq", "tb1-csvsum", "numeric-sumsq"])
async def test_oracle_passes_and_nop_fails(fixtures: Path, name: str) -> None:
    task = load_task(fixtures / name)
    oracle = await run_trial(task, "oracle")
    nop = await run_trial(task, "nop")
    assert oracle.phase_errors == [] and oracle.passed, oracle
    assert nop.phase_errors == [] and not nop.passed, nop
    assert oracle.summary().keys() == {"task", "agent", "reward", "passed", "phase_errors"}


@pytest.mark.parametrize("name", ["harbor-wordfreq", "numeric-sumsq"])
async def test_separated_oracle_still_passes(fixtures: Path, name: str) -> None:
    task, _ = separate_task(load_task(fixtures / name))
    res = await run_trial(task, "oracle")
    assert res.mode == "separate" and res.passed and res.phase_errors == [], res


async def test_alternative_solution_passes_as_script(fixtures: Path) -> None:
    task = load_task(fixtures / "harbor-wordfreq")
    spec = AgentSpec(kind="script", script=task.alt_solutions["alt_python.sh"], label="alt")
    assert (await run_trial(task, spec)).passed


_PROBE = """\
{ echo "pwd=$(pwd)"; echo "home=$HOME"; ls -A /tests | sed 's/^/tests:/';
  test -e /solution && echo solution=yes || echo solution=no;
  test -w /logs/verifier && echo logs=writable; } > /logs/agent/probe.txt
cp /logs/agent/probe.txt /app/probe.txt
"""


async def test_agent_sees_harbor_paths_but_not_tests_or_solution(fixtures: Path, tmp_path: Path) -> None:
    task = load_task(fixtures / "harbor-wordfreq")
    res = await run_trial(task, AgentSpec(kind="script", script=_PROBE, label="probe"),
                          work_dir=tmp_path, keep=True)
    probe = (Path(res.trial_dir) / "agent" / "app" / "probe.txt").read_text().split()
    assert probe == ["pwd=/app", "home=/root", "solution=no", "logs=writable"]
    # The verifier phase got the tests; the seed was in /app.
    assert (Path(res.trial_dir) / "agent" / "tests" / "test_outputs.py").is_file()
    assert (Path(res.trial_dir) / "agent" / "app" / "words.txt").is_file()


def _variant(fixtures: Path, tmp_path: Path, test_sh: str, timeout: float = 60.0) -> Path:
    dst = tmp_path / "variant"
    shutil.copytree(fixtures / "harbor-wordfreq", dst)
    (dst / "tests" / "test.sh").write_text(test_sh)
    toml = (dst / "task.toml").read_text().replace("[verifier]\ntimeout_sec = 60.0",
                                                    f"[verifier]\ntimeout_sec = {timeout}")
    (dst / "task.toml").write_text(toml)
    return dst


async def test_verifier_timeout_is_a_phase_error(fixtures: Path, tmp_path: Path) -> None:
    task = load_task(_variant(fixtures, tmp_path, "echo 1 > /logs/verifier/reward.txt; sleep 30\n", 1.0))
    res = await run_trial(task, "nop")
    assert res.reward is None and not res.passed
    assert res.phase_errors == ["verifier: timed out after 1s"]


async def test_verifier_crash_is_a_phase_error(fixtures: Path, tmp_path: Path) -> None:
    task = load_task(_variant(fixtures, tmp_path, "no-such-checker /app/top.txt\n"))
    res = await run_trial(task, "nop")
    assert res.reward is None and res.phase_errors and "exit 127" in res.phase_errors[0]


async def test_reward_json_metrics(fixtures: Path, tmp_path: Path) -> None:
    task = load_task(_variant(fixtures, tmp_path,
                              'echo \'{"reward": 1, "tests_passed": 3}\' > /logs/verifier/reward.json\n'))
    res = await run_trial(task, "nop")
    assert res.reward == 1.0 and res.passed


async def test_dockerfile_task_needs_docker(fixtures: Path, tmp_path: Path) -> None:
    dst = tmp_path / "with-docker"
    shutil.copytree(fixtures / "harbor-wordfreq", dst)
    (dst / "environment" / "Dockerfile").write_text("FROM vera/nonexistent:latest\nWORKDIR /app\n")
    task = load_task(dst)
    assert task.has_dockerfile
    with pytest.raises(ExecutionError, match="needs the docker backend"):
        await run_trial(task, "nop", backend="bwrap")
    with pytest.raises(ExecutionError, match=r"Dockerfile|docker"):
        # Without an engine: "no engine is reachable"; with one: the FROM image is not local.
        await run_trial(task, "nop")


async def test_tb1_import_with_seta_weights(fixtures: Path, tmp_path: Path) -> None:
    dst = tmp_path / "seta"
    shutil.copytree(fixtures / "tb1-csvsum", dst)
    with (dst / "tests" / "test_outputs.py").open("a") as f:
        f.write("\n\ndef test_never():\n    assert False\n")
    (dst / "tests" / "weights.json").write_text('{"test_totals": 0.75, "test_never": 0.25}')
    task = load_task(dst)
    oracle = await run_trial(task, "oracle")
    assert oracle.reward == 0.75 and oracle.phase_errors == [], oracle
    assert (await run_trial(task, "nop")).reward == 0.0


async def test_visible_tests_can_be_edited_until_separation(fixtures: Path, tmp_path: Path) -> None:
    dst = tmp_path / "visible"
    shutil.copytree(fixtures / "harbor-wordfreq", dst)
    with (dst / "task.toml").open("a") as f:
        f.write("tests_visible = true\n")  # appended to the [vera] table, the file's last
    task = load_task(dst)
    assert task.config.vera.tests_visible
    edit = AgentSpec(kind="script", label="edit-tests",
                     script="printf 'def test_ok():\\n    pass\\n' > /tests/test_outputs.py\n")
    assert (await run_trial(task, edit)).hacked
    separated, _ = separate_task(task)
    res = await run_trial(separated, edit)
    assert not res.hacked and res.phase_errors == [], res


async def test_a_separated_nop_trial_with_no_artifact_made_is_no_phase_error(fixtures: Path) -> None:
    """Nothing to carry over (the export's tar stream is empty) is not an error: the verifier
    runs on the seed and judges it."""
    task, _ = separate_task(load_task(fixtures / "harbor-wordfreq"))
    task.config.vera.artifacts = ["/app/never-made.txt"]
    res = await run_trial(task, "nop")
    assert res.phase_errors == [] and res.reward == 0.0, res
    assert "separate: artifact /app/never-made.txt: absent after the agent" in res.notes
