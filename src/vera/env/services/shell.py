"""Shell: commands run *inside the sandbox*, in the same workspace the other services use.

Each call is a fresh ``/bin/sh -c`` in the workspace (no shell state is kept between calls,
like most agent shell tools); background processes it starts live on until the sandbox closes.
An environment built without a sandbox refuses every command rather than run on the host.

A world that *is* a home directory (a developer's dotfiles, keys and cron table) says so with
the case variable ``home`` (a workspace path, ``.`` for the workspace itself): commands then
run with ``HOME`` there, so ``~/.bashrc`` is the world's ``.bashrc`` and what a command writes
under ``~`` lands in the state a verifier reads. Without it ``HOME`` is the sandbox's private
``/tmp``.
"""

from __future__ import annotations

from typing import Any

from vera.env.base import ToolError
from vera.env.service import Service, tool

MAX_TIMEOUT_S = 600.0


class Shell(Service):
    name = "shell"
    description = "A POSIX shell in the sandbox, working in the shared workspace."

    @tool(authored=("*",))
    async def run_command(
        self, command: str, timeout_s: float = 60.0, workdir: str | None = None
    ) -> dict[str, Any]:
        """Run a shell command in the sandbox and return its exit code and output.

        Args:
            command: Command line for /bin/sh -c, e.g. ``ls -la`` or ``python3 script.py``.
            timeout_s: Seconds before the command is killed (at most 600).
            workdir: Working directory, relative to the workspace (default: the workspace root).
        """
        sandbox = self.ctx.sandbox
        if sandbox is None:
            raise ToolError("the shell is not available: this environment has no sandbox")
        if not command.strip():
            raise ToolError("empty command")
        if not 0 < timeout_s <= MAX_TIMEOUT_S:
            raise ToolError(f"timeout_s must be in (0, {MAX_TIMEOUT_S:g}]")
        cwd = None
        if workdir is not None:
            host = self.ctx.resolve(workdir, must_exist=True)
            if not host.is_dir():
                raise ToolError(f"not a directory: {workdir}")
            rel = self.ctx.relative(host)
            cwd = self.ctx.workspace_target if rel == "." else f"{self.ctx.workspace_target}/{rel}"
        res = await sandbox.exec(command, timeout=timeout_s, cwd=cwd, env=self._home())
        out: dict[str, Any] = {
            "exit_code": res.exit_code,
            "stdout": res.stdout,
            "stderr": res.stderr,
        }
        if res.killed:
            out["killed"] = res.kill_reason or "killed"
        if res.stdout_truncated or res.stderr_truncated:
            out["truncated"] = True
        return out

    def _home(self) -> dict[str, str] | None:
        home = self.ctx.variables.get("home")
        if not home:
            return None
        host = self.ctx.resolve(home)
        sandbox = self.ctx.sandbox
        if sandbox is not None and sandbox.backend == "local":
            return {"HOME": str(host)}  # the local backend runs on the host's own paths
        rel = self.ctx.relative(host)
        target = self.ctx.workspace_target
        return {"HOME": target if rel == "." else f"{target}/{rel}"}
