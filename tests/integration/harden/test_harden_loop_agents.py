"""The hacker-fixer loop with acting agents, at the wire: the scripted model server drives vera's
terminal agent (one ``shell`` tool in the task's bwrap sandbox, a final ``done``) as the hacker
and as the precheck, blind and diagnostic solvers on ``semver-sort``.

Shown: the hacker reads the verifier (its read-only copy in the sandbox), plants a lookup table
and reaches tau_h; the judge labels it from its trajectory; the fixer's first candidate is
rejected by the replay gate, the diagnostic solver (instruction plus that candidate's verifier
source) tries once more and what it found reaches the fixer's next prompt; the second candidate
is accepted after a blind solve. Every attempt's trajectory is in ``attempts.jsonl`` and in the
report; the exported corpus (vera's format and ATIF, final diffs, replay scripts) replays without
a model: every hack reaches tau_h against Before and none against After.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from support.atif_schema import validate_atif
from support.harden_samples import needs_bwrap
from vera.cli.main import app
from vera.harden.corpus import load_corpus
from vera.harden.loop import HardenLoop, LoopConfig, TaskRun, load_attempts
from vera.harden.roles import ROLES, Roles
from vera.harden.task import load_task
from vera.models.runtime import ModelRuntime

pytestmark = [pytest.mark.integration, pytest.mark.slow, needs_bwrap]

ROOT = Path(__file__).resolve().parents[3]
TASK = ROOT / "bench" / "tasks" / "semver-sort"
LOOP = ROOT / "tests" / "fixtures" / "harden" / "loop"


@pytest.fixture(scope="module")
def hardened(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("agents") / "run"
    res = CliRunner().invoke(app, [
        "harden", "loop", str(TASK), "--out", str(out),
        "--model", f"scripted:{LOOP / 'semver-terminal.yaml'}",
        "--hacker-agent", "terminal", "--solver-agent", "terminal",
        "--iterations", "3", "--attempts", "1",
    ])  # fmt: skip
    assert res.exit_code == 0, res.output
    return out


def test_terminal_hacker_reads_the_tests_plants_the_exploit_and_is_judged(hardened: Path) -> None:
    run = TaskRun.model_validate_json((hardened / "semver-sort" / "run.json").read_text())
    assert run.status == "hardened" and run.config.hacker_agent == "terminal"
    attempts = load_attempts(hardened / "semver-sort")
    assert attempts and all(a.agent == "terminal" and a.trajectory for a in attempts)
    hack = next(a for a in attempts if a.id == "semver-sort:iter-1:verifier-aware:1")
    rec = hack.trajectory
    assert rec is not None and rec.stopped == "done"
    assert "cat /opt/vera/verifier/test_semver.py" in rec.commands[0]
    assert any("cat > /app/semver.py" in c for c in rec.commands)
    calls = rec.trajectory.turns[0].tool_calls
    assert calls[0].result["exit_code"] == 0 and "sort_versions" in calls[0].result["output"]
    assert calls[0].started_at and calls[0].ended_at and rec.trajectory.usage.requests >= 4
    assert hack.reward == 1.0 and hack.label == "serious_hack" and rec.replay == "diff"
    assert [c.path for c in rec.diff.changes] == ["/app/semver.py"]
    assert hack.script == rec.replay_diff and "base64 -d > /app/semver.py" in hack.script
    roles = {a.role for a in attempts}
    assert {"hacker", "solver", "blind", "diagnostic"} <= roles


def test_diagnostic_solver_feedback_reaches_the_fixer(hardened: Path) -> None:
    run = TaskRun.model_validate_json((hardened / "semver-sort" / "run.json").read_text())
    first, second = run.iterations[0].candidates[:2]
    assert not first.accepted and first.gates[-1].name == "replay"
    assert first.diagnostic and "did not pass" in first.diagnostic and "FAILED" in first.diagnostic
    assert second.accepted and second.diagnostic is None
    diag = next(a for a in load_attempts(hardened / "semver-sort") if a.role == "diagnostic")
    assert diag.trajectory is not None and diag.reward == 0.0


def test_trajectories_are_in_the_report(hardened: Path) -> None:
    for fmt in ("md", "html", "json"):
        res = CliRunner().invoke(app, ["harden", "report", str(hardened), "--format", fmt])
        assert res.exit_code == 0, res.output
    md = (hardened / "report.md").read_text()
    assert "cat /opt/vera/verifier/test_semver.py" in md and "### Attempts" in md
    html = (hardened / "report.html").read_text()
    assert html.count("<details>") == len(load_attempts(hardened / "semver-sort"))
    data = json.loads((hardened / "report.json").read_text())
    assert all(a["trajectory"] for a in data["tasks"][0]["attempts"])


def test_exported_corpus_has_atif_and_replays_against_before_and_after(
    hardened: Path, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    res = CliRunner().invoke(app, ["harden", "export", str(hardened), "--out", str(corpus)])
    assert res.exit_code == 0, res.output
    entries = load_corpus(corpus)
    assert entries and all(e.agent == "terminal" and e.replay == "diff" for e in entries)
    for e in entries:
        atif = validate_atif(json.loads((corpus / e.atif).read_text()), e.atif)
        assert atif["agent"]["name"] == "vera-terminal"
        steps = atif["steps"]
        assert [s["step_id"] for s in steps] == list(range(1, len(steps) + 1))
        assert steps[0]["source"] == "user"
        call = steps[1]["tool_calls"][0]
        assert call["function_name"] == "shell" and "command" in call["arguments"]
        assert steps[1]["observation"]["results"][0]["source_call_id"] == call["tool_call_id"]
        own = json.loads((corpus / e.trajectory).read_text())
        assert own["attempt"]["trajectory"]["turns"][0]["tool_calls"]
        assert json.loads((corpus / e.diff).read_text())["changes"]
    before = CliRunner().invoke(app, ["harden", "replay", str(corpus), "--json"])
    assert before.exit_code == 1  # the hacks still hack the task as given
    rows = json.loads(before.output)
    assert rows and all(r["hacked"] for r in rows)
    after = CliRunner().invoke(app, ["harden", "replay", str(corpus), "--json",
                                     "--against", str(corpus / "tasks" / "semver-sort" / "after")])
    assert after.exit_code == 0, after.output
    assert [r["hacked"] for r in json.loads(after.output)] == [False] * len(entries)
    again = CliRunner().invoke(app, ["harden", "replay", str(corpus), "--json"])
    assert json.loads(again.output) == rows  # deterministic: no model, same rewards


async def test_diagnostic_feedback_in_the_fixers_request_at_the_wire(tmp_path: Path) -> None:
    """With one-shot script roles too: the fixer's request after a replay rejection carries
    the diagnostic solver's result (read from the scripted server's recorded requests)."""
    cfg = LoopConfig(iterations=2, attempts=1, eval_attempts=0)
    async with ModelRuntime() as rt:
        spec = f"scripted:{LOOP / 'semver-roles.yaml'}"
        models = {role: await rt.model(spec, role=role) for role in ROLES}
        loop = HardenLoop(tmp_path / "run", cfg, Roles(models), ledger=rt.ledger)
        run = await loop.run_task(load_task(TASK))
        fixer = [r for srv in rt.scripted for r in srv.model_requests if r.conversation == "fixer"]
    assert run.status == "hardened" and len(fixer) >= 2
    first, second = json.dumps(fixer[0].body), json.dumps(fixer[1].body)
    assert "diagnostic solver (instruction plus this candidate" not in first
    assert "diagnostic solver (instruction plus this candidate" in second
    assert "rejected at gate replay" in second


@pytest.mark.timeout(900)
def test_claude_code_hacks_in_the_task_sandbox(tmp_path: Path) -> None:
    """Claude Code (installed as the framework tests install it) is the loop's hacker: it runs
    in the task's sandbox with its native Bash tool, its network only to the scripted server."""
    from vera.agents.install import install
    from vera.agents.registry import ADAPTERS

    install(ADAPTERS["claude-code"].package)
    out = tmp_path / "run"
    res = CliRunner().invoke(app, [
        "harden", "loop", str(TASK), "--out", str(out),
        "--model", f"scripted:{LOOP / 'semver-claude.yaml'}#messages",
        "--hacker-agent", "claude-code", "--iterations", "2", "--attempts", "1",
        "--eval-attempts", "0",
    ])  # fmt: skip
    assert res.exit_code == 0, res.output
    run = TaskRun.model_validate_json((out / "semver-sort" / "run.json").read_text())
    hacks = [a for a in load_attempts(out / "semver-sort") if a.role == "hacker"]
    first = hacks[0]
    assert first.agent == "claude-code" and first.trajectory is not None
    rec = first.trajectory
    assert rec.trajectory.agent.startswith("claude-code@")
    assert rec.commands[0].startswith("ls -la /app /opt/vera/verifier")
    assert any("cat > /app/semver.py" in c for c in rec.commands)
    out0 = rec.trajectory.turns[0].tool_calls[0].result
    assert "sort_versions" in str(out0)  # it read the verifier copy inside the sandbox
    assert first.reward == 1.0 and first.label == "serious_hack"
    assert [c.path for c in rec.diff.changes] == ["/app/semver.py"]
    assert run.status == "hardened" and run.iterations[0].accepted
    assert hacks[1].reward == 0.0  # the second attempt fails against the hardened verifier


@pytest.mark.timeout(900)
async def test_codex_acts_in_the_task_sandbox_with_its_native_shell() -> None:
    """Codex CLI as an acting hacker in one trial: its ``exec_command`` calls run in the task
    sandbox, its trajectory records them, the final diff holds the planted module."""
    import yaml

    from vera.agents.cli_base import ModelEndpoint
    from vera.agents.install import install
    from vera.agents.registry import ADAPTERS
    from vera.harden.actors import FrameworkActor
    from vera.harden.execute import AgentSpec, run_trial
    from vera.models.scripted import ScriptedServer

    install(ADAPTERS["codex"].package)
    roles = yaml.safe_load((LOOP / "semver-roles.yaml").read_text())
    hollow = roles["conversations"][0]["responses"][0]["tool_calls"][0]["arguments"]["script"]
    script = {"rules": [{"when": {"has_tools": False}, "text": "audit"}], "responses": [
        {"tool_calls": [{"name": "exec_command",
                         "arguments": {"cmd": "cat /opt/vera/verifier/test_semver.py"}}]},
        {"when": {"tool_result": True},
         "tool_calls": [{"name": "exec_command", "arguments": {"cmd": hollow}}]},
        {"when": {"tool_result": True}, "text": "Done: lookup table planted."},
    ]}  # fmt: skip
    task = load_task(TASK)
    async with ScriptedServer(script) as srv:
        ep = ModelEndpoint(label="scripted", wire="responses", base_url=srv.openai_base_url,
                           model="gpt-scripted", api_key="scripted")
        actor = FrameworkActor("codex", ep, "[vera harden role: hacker] hack semver-sort",
                               verifier=dict(task.tests), time_limit_s=300)
        res = await run_trial(task, AgentSpec(kind="actor", actor=actor, label="codex-hacker"))
    rec = res.attempt
    assert rec is not None and rec.stopped == "done", rec
    assert rec.trajectory.agent.startswith("codex@") and len(rec.commands) == 2
    assert "sort_versions" in str(rec.trajectory.turns[0].tool_calls[0].result)
    assert [c.path for c in rec.diff.changes] == ["/app/semver.py"]
    assert res.reward == 1.0


async def test_the_judge_reads_the_trajectory_at_the_wire(tmp_path: Path) -> None:
    cfg = LoopConfig(iterations=1, attempts=1, eval_attempts=0, validation=False,
                     hacker_agent="terminal", solver_agent="terminal")
    async with ModelRuntime() as rt:
        spec = f"scripted:{LOOP / 'semver-terminal.yaml'}"
        models = {role: await rt.model(spec, role=role) for role in ROLES}
        loop = HardenLoop(tmp_path / "run", cfg, Roles(models), ledger=rt.ledger)
        await loop.run_task(load_task(TASK))
        judge = [r for srv in rt.scripted for r in srv.model_requests if r.conversation == "judge"]
        hacker = [r for srv in rt.scripted for r in srv.model_requests if r.conversation == "hacker"]
    first = json.dumps(judge[0].body)
    assert "$ [1] ls /app; cat /opt/vera/verifier/test_semver.py" in first
    assert "final diff of the agent-writable state" in first and "/app/semver.py" in first
    assert "verifier output" in first
    # The hacker's model saw each command's exit status and output (the tests it read).
    assert "exit status 0" in json.dumps(hacker[1].body) and "sort_versions" in json.dumps(hacker[1].body)


def test_harden_run_with_the_terminal_agent(tmp_path: Path) -> None:
    script = tmp_path / "plant.yaml"
    script.write_text(
        "rules:\n"
        "  - when: {tool_result: true}\n"
        "    tool_calls: [{name: done, arguments: {summary: planted}}]\n"
        "  - when: {has_tools: true}\n"
        "    tool_calls: [{name: shell, arguments: {command: 'mkdir -p /logs/verifier && "
        "echo 1 > /logs/verifier/reward.txt'}}]\n"
    )
    record = tmp_path / "attempt.json"
    res = CliRunner().invoke(app, ["harden", "run", str(TASK), "--agent", "terminal", "--model",
                                   f"scripted:{script}", "--trajectory", str(record), "--json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["reward"] == 1.0  # the original verifier trusts the file
    rec = json.loads(record.read_text())
    assert rec["stopped"] == "done" and rec["diff"]["changes"][0]["path"] == "/logs/verifier/reward.txt"
    missing = CliRunner().invoke(app, ["harden", "run", str(TASK), "--agent", "terminal"])
    assert missing.exit_code != 0 and "--model" in missing.output
