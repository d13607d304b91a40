"""`vera harden separate --format harbor`: tasks written in Harbor's own separation schema,
validated by PyPI's `harbor` task models (a cached Python >= 3.12 venv), and proven before they
are written: the oracle and every recorded legitimate solution pass before and after, the
exploits that landed before are reported after; a copy whose oracle fails after separation is
refused naming the path its artifacts miss, and nothing is written for it."""

from __future__ import annotations

import json
import subprocess
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.harden_samples import needs_bwrap
from support.venvs import REPO, harbor_venv
from vera.cli.main import app
from vera.harden.artifacts import artifacts_of
from vera.harden.task import Task, TaskConfig, load_task, write_task

pytestmark = [pytest.mark.integration, pytest.mark.slow, needs_bwrap, pytest.mark.timeout(2400)]

TASK = REPO / "bench" / "tasks" / "ini-config-repair"
"""A bundled task whose tests sit in the agent's workspace (weakness tests-in-workspace)."""

VALIDATE = textwrap.dedent(
    """
    import json, sys, warnings
    warnings.simplefilter("error")  # a deprecated key is a failure too
    from harbor.models.task.task import Task
    from harbor.models.task.verifier_mode import (
        resolve_task_verifier_mode, resolve_verifier_environment_definition)
    out = {}
    for d in sys.argv[1:]:
        task = Task(d)
        c = task.config
        env = resolve_verifier_environment_definition(c, task.paths)
        out[d] = {"valid": Task.is_valid_dir(d), "mode": resolve_task_verifier_mode(c).value,
                  "artifacts": c.artifacts, "verifier_env": env is not None}
    print(json.dumps(out))
    """
)


def test_harbor_format_validates_with_harbors_models_and_is_proven(tmp_path: Path) -> None:
    out = tmp_path / "separated"
    res = CliRunner().invoke(app, ["harden", "separate", str(TASK), "--out", str(out),
                                   "--format", "harbor"])  # fmt: skip
    assert res.exit_code == 0, res.output[-3000:]
    written = out / TASK.name
    venv = harbor_venv()
    check = subprocess.run([str(venv / "bin" / "python"), "-c", VALIDATE, str(written)],
                           capture_output=True, text=True, timeout=600)  # fmt: skip
    assert check.returncode == 0, check.stderr[-3000:]
    seen = json.loads(check.stdout)[str(written)]
    assert seen == {"valid": True, "mode": "separate", "artifacts": ["/app/config/service.ini"],
                    "verifier_env": True}  # fmt: skip

    # vera reads Harbor's top-level artifacts back: what is proven is what Harbor collects.
    task = load_task(written)
    assert task.config.vera.artifacts is None and artifacts_of(task) == ["/app/config/service.ini"]

    (proof,) = json.loads((out / "separation-proof.json").read_text())
    assert proof["oracle"] == [True, True] and proof["legitimate"] == {"alt_1.sh": [True, True]}
    assert proof["hacked_before"], proof  # the original's verifier is hackable ...
    assert set(proof["hacked_after"]) < set(proof["hacked_before"]), proof  # ... fewer land after
    assert (out / "separation-proof" / "run.json").is_file()  # the proof is a run: resumable, reportable
    assert not (out / ".separation-staging").exists()


def _home_task(root: Path) -> Path:
    """A task whose verifier reads what the agent wrote in its HOME: no artifact can carry it
    (a separate verifier receives /app and /logs/artifacts), so inference cannot find it."""
    task = Task(
        id="failed-logins", path=root,
        instruction="List the users with failed logins in /app/auth.log, one per line, sorted, "
                    "in reports/failed.txt under your home directory.\n",
        config=TaskConfig.model_validate({"verifier": {"timeout_sec": 30}}),
        tests={"test.sh": textwrap.dedent("""\
            #!/bin/bash
            want=$(grep 'FAILED' /app/auth.log | awk '{print $3}' | sort -u)
            if [ "$(cat "$HOME/reports/failed.txt" 2>/dev/null)" = "$want" ]; then
              echo 1 > /logs/verifier/reward.txt
            else
              echo 0 > /logs/verifier/reward.txt
            fi
            """)},
        solution=("mkdir -p ~/reports && grep FAILED /app/auth.log | awk '{print $3}' | sort -u "
                  "> ~/reports/failed.txt\n"),
        environment={"app/auth.log": "09:01 FAILED bob\n09:02 OK alice\n09:03 FAILED carol\n"},
    )  # fmt: skip
    write_task(task, root / "failed-logins")
    return root / "failed-logins"


def test_a_copy_whose_oracle_fails_after_separation_is_refused_naming_the_missed_path(
    tmp_path: Path,
) -> None:
    src = _home_task(tmp_path / "tasks")
    out = tmp_path / "separated"
    res = CliRunner().invoke(app, ["harden", "separate", str(src), "--out", str(out),
                                   "--format", "harbor"])  # fmt: skip
    assert res.exit_code == 1, res.output[-3000:]
    lines = [ln for ln in res.output.splitlines() if "vera: error:" in ln]
    assert len(lines) == 1, res.output
    assert "oracle passes before separation and fails after" in lines[0]
    assert "the artifacts miss /root/reports/failed.txt" in lines[0]
    assert not (out / "failed-logins").exists()
    (proof,) = json.loads((out / "separation-proof.json").read_text())
    assert proof["oracle"] == [True, False] and proof["uncarried"] == ["/root/reports/failed.txt"]
