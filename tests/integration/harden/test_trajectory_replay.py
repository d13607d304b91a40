"""The final diff of the agent-writable state and the replay derived from it: what a terminal
agent did (a deletion, an empty folder, a symlink, a file mode, HOME and log files) is recorded
in the diff, and the replay script rebuilds it on a fresh sandbox without a model."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from support.harden_samples import needs_bwrap
from vera.agents.terminal import TerminalConfig
from vera.harden.actors import TerminalActor
from vera.harden.execute import AgentSpec, run_trial
from vera.harden.task import Task, TaskConfig, load_task, write_task
from vera.models.runtime import ModelRuntime

pytestmark = [pytest.mark.integration, needs_bwrap]

CHECK = """#!/bin/bash
mkdir -p /logs/verifier
cd /app
ok=1
[ ! -e gone.txt ] || ok=0
[ -d empty ] && [ -z "$(ls -A empty)" ] || ok=0
[ -L link ] && [ "$(readlink link)" = keep.txt ] || ok=0
[ "$(stat -c %a new.bin)" = 600 ] && [ "$(od -An -tx1 new.bin | tr -d ' ')" = 00ff0a ] || ok=0
[ "$(cat /root/.marker)" = home ] || ok=0
echo $ok > /logs/verifier/reward.txt
"""
COMMANDS = [
    "rm gone.txt && mkdir -p empty && ln -s keep.txt link",
    "printf '\\000\\377\\n' > new.bin && chmod 600 new.bin && echo home > /root/.marker",
]


async def test_diff_replay_rebuilds_what_the_agent_left(tmp_path: Path) -> None:
    task = Task(
        id="diff-replay", path=tmp_path, instruction="Tidy /app.\n",
        config=TaskConfig.model_validate({"verifier": {"timeout_sec": 30}}),
        tests={"test.sh": CHECK},
        environment={"app/keep.txt": "keep\n", "app/gone.txt": "gone\n"},
    )  # fmt: skip
    write_task(task, tmp_path / "diff-replay")
    task = load_task(tmp_path / "diff-replay")
    script = tmp_path / "s.yaml"
    steps = [{"tool_calls": [{"name": "shell", "arguments": {"command": c}}]} for c in COMMANDS]
    steps[1]["when"] = {"tool_result": True}
    steps.append({"when": {"tool_result": True},
                  "tool_calls": [{"name": "done", "arguments": {"summary": "tidied"}}]})
    script.write_text(yaml.safe_dump({"responses": steps}))
    async with ModelRuntime() as rt:
        model = await rt.model(f"scripted:{script}", role="solver")
        actor = TerminalActor(model, "tidy", TerminalConfig(max_steps=5))
        res = await run_trial(task, AgentSpec(kind="actor", actor=actor, label="t"))
    rec = res.attempt
    assert res.reward == 1.0 and rec is not None and rec.commands == COMMANDS
    changes = {(c.path, c.change, c.kind) for c in rec.diff.changes}
    assert {("/app/gone.txt", "deleted", "file"), ("/app/empty", "created", "dir"),
            ("/app/link", "created", "symlink"), ("/app/new.bin", "created", "file"),
            ("/root/.marker", "created", "file")} <= changes
    new_bin = next(c for c in rec.diff.changes if c.path == "/app/new.bin")
    assert new_bin.mode == 0o600 and new_bin.size == 3
    replayed = await run_trial(task, AgentSpec(kind="script", script=rec.replay_diff, label="r"))
    assert replayed.reward == 1.0, replayed
    commands = await run_trial(task, AgentSpec(kind="script", script=rec.replay_commands, label="c"))
    assert commands.reward == 1.0, commands
    assert (await run_trial(task, "nop")).reward == 0.0
