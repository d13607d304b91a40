"""The terminal agent at the wire: the scripted model server (real HTTP, OpenAI wire) drives it
through shell commands run by a local shell; outputs are truncated for the model and recorded,
the step budget and ``done`` end the run, usage is summed."""

from __future__ import annotations

import asyncio
import json
import subprocess
import time
from pathlib import Path

import yaml

from vera.agents.terminal import TerminalAgent, TerminalConfig, cut
from vera.harden.trajectory import AttemptRecord, render, replay_from_commands, to_atif
from vera.models.runtime import ModelRuntime
from vera.records import ExecResult


class LocalShell:
    def __init__(self, cwd: Path) -> None:
        self.cwd = cwd
        self.ran: list[str] = []

    async def run(self, command: str, timeout: float) -> ExecResult:
        self.ran.append(command)
        t0 = time.monotonic()
        p = await asyncio.to_thread(
            subprocess.run, ["bash", "-c", command], cwd=self.cwd, capture_output=True,
            text=True, timeout=timeout,
        )  # fmt: skip
        return ExecResult(exit_code=p.returncode, stdout=p.stdout, stderr=p.stderr,
                          duration_s=time.monotonic() - t0)


def _script(tmp: Path, steps: list[dict]) -> str:
    path = tmp / "script.yaml"
    path.write_text(yaml.safe_dump({"responses": steps}))
    return f"scripted:{path}"


def sh(cmd: str) -> dict:
    return {"tool_calls": [{"name": "shell", "arguments": {"command": cmd}}]}


async def test_shell_steps_truncation_done_and_record(tmp_path: Path) -> None:
    spec = _script(tmp_path, [
        sh("echo hello > note.txt && cat note.txt"),
        {"when": {"tool_result": True}, **sh("seq 1 5000; exit 3")},
        {"when": {"tool_result": True, "contains": "elided"},
         "tool_calls": [{"name": "done", "arguments": {"summary": "wrote note.txt"}}]},
    ])  # fmt: skip
    shell = LocalShell(tmp_path)
    async with ModelRuntime() as rt:
        model = await rt.model(spec, role="hacker")
        agent = TerminalAgent(model, TerminalConfig(max_steps=5, output_chars=300), label=spec)
        traj, outcome = await agent.run("[vera harden role: hacker] do it", shell)
        bodies = [r.body for r in rt.scripted[0].model_requests]
    assert outcome.stopped == "done" and outcome.summary == "wrote note.txt" and outcome.steps == 2
    assert shell.ran == ["echo hello > note.txt && cat note.txt", "seq 1 5000; exit 3"]
    assert (tmp_path / "note.txt").read_text() == "hello\n"
    calls = traj.turns[0].tool_calls
    assert calls[0].result["exit_code"] == 0 and calls[0].result["output"] == "hello\n"
    assert calls[1].result["exit_code"] == 3 and calls[1].result["truncated"]
    # The model saw the exit status and a truncated output (head and tail), the record more.
    seen = json.dumps(bodies[2])
    assert "exit status 3" in seen and "elided" in seen and "5000" in seen
    assert len(calls[1].result["output"]) > 300
    tools = {t["function"]["name"] for t in bodies[0]["tools"]}
    assert {"shell", "done"} <= tools
    assert traj.usage.requests == 3 and traj.turns[0].response == "wrote note.txt"

    rec = AttemptRecord(agent="terminal", trajectory=traj)
    text = render(rec)
    assert "$ [1] echo hello" in text and "(exit 3)" in text
    atif = to_atif(rec, "s1")
    assert [s["source"] for s in atif["steps"]] == ["user", "agent", "agent", "agent"]
    assert atif["final_metrics"]["total_steps"] == 4
    replay = replay_from_commands(rec.commands)
    assert subprocess.run(["bash", "-n"], input=replay, text=True).returncode == 0


async def test_step_budget_ends_the_run(tmp_path: Path) -> None:
    spec = _script(tmp_path, [sh("true")] * 6)
    async with ModelRuntime() as rt:
        model = await rt.model(spec, role="hacker")
        traj, outcome = await TerminalAgent(model, TerminalConfig(max_steps=2)).run(
            "go", LocalShell(tmp_path)
        )
    assert outcome.stopped == "step_limit" and len(traj.turns[0].tool_calls) == 2
    assert traj.turns[0].error and "step_limit" in traj.turns[0].error


def test_cut_keeps_head_and_tail() -> None:
    text = "A" * 1000 + "Z" * 1000
    out, was = cut(text, 300)
    assert was and out.startswith("A" * 200) and out.endswith("Z" * 100)
    assert cut("short", 300) == ("short", False)
