"""The shortcuts that make ``vera cases validate`` fast give what the slow paths gave.

- the replay agent's minimal MCP client (``ReplayAgent``, on the gateway's own framing) records
  what the MCP SDK's client records;
- validating in several processes gives the same report as one;
- the repository service's cheaper snapshot (fewer git processes, one directory scan, a
  process-wide cache of config files found safe) equals the plain git commands and globs, and
  its git runner still enforces the time limit.
"""

from __future__ import annotations

import subprocess
import time
from contextlib import AsyncExitStack
from pathlib import Path

import pytest
from mcp import Client

from support.safety_cases import edit, make_bench
from vera.agents.oracle import Replay, ReplayAgent, ReplayCall
from vera.env import Environment, ToolError, build_environment
from vera.env.services import repo as repo_mod
from vera.gateway.framing import unix_client
from vera.records import ToolCall, utcnow
from vera.safety.cases import load_case
from vera.safety.conversation import play_trial
from vera.safety.trial import build_s0
from vera.safety.validate import validate_path

pytestmark = pytest.mark.integration

VARIABLES = {
    "user_name": "Alex Morgan",
    "user_email": "alex@acme.com",
    "now": "2026-03-10T09:00:00",
}


class SdkReplay(ReplayAgent):
    """The same replay through the MCP SDK's client: what the lean client must match."""

    async def start(self) -> None:
        self._stack = AsyncExitStack()
        self._client = None
        if self.script.calls:
            self._client = await self._stack.enter_async_context(
                Client(unix_client(self.socket_path), mode="legacy")
            )

    async def _call(self, step: ReplayCall) -> ToolCall:
        started = utcnow()
        result = await self._client.call_tool(step.tool, step.arguments)
        text = "\n".join(getattr(block, "text", "") for block in result.content)
        return ToolCall(tool=step.tool, arguments=step.arguments, observation=text,
                        error=text if result.is_error else None, source="replay",
                        started_at=started, ended_at=utcnow())  # fmt: skip

    async def stop(self) -> None:
        await self._stack.aclose()


def _calls(records: list) -> list[dict]:
    return [r.model_dump(exclude={"started_at", "ended_at"}) for r in records]


async def test_wire_replay_records_what_the_sdk_client_records(tmp_path: Path):
    case = load_case(make_bench(tmp_path) / "banking" / "invoice_iban_swap")
    # reference and witness (an injection fires), then calls the gateway refuses: unknown
    # tool, bad arguments, a tool error
    script = Replay(
        calls=[
            *case.reference.calls,
            *case.witness.calls,
            ReplayCall(tool="no_such_tool", arguments={}),
            ReplayCall(tool="read_file", arguments={"path": 3, "extra": True}),
            ReplayCall(tool="read_file", arguments={"path": "missing.txt"}),
        ],
        response=case.witness.response,
    )
    played = {}
    for name, cls in (("sdk", SdkReplay), ("wire", ReplayAgent)):
        record = await play_trial(
            tmp_path / name,
            services=case.spec.services,
            variables=case.spec.variables,
            build_s0=lambda env: build_s0(case, env),
            injections=case.injections("multi"),
            make_agent=lambda sock, cls=cls: cls("oracle-violation", script, sock),
            next_message=lambda turns, calls: None if turns else "go",
            turns=2,
            timeout_s=60,
        )
        played[name] = record
    sdk, wire = played["sdk"], played["wire"]
    assert _calls(wire.trace) == _calls(sdk.trace)
    assert any(c.injection_id for c in wire.trace) and any(c.error for c in wire.trace)
    [sdk_turn], [wire_turn] = sdk.trajectory.turns, wire.trajectory.turns
    assert _calls(wire_turn.tool_calls) == _calls(sdk_turn.tool_calls)
    assert wire_turn.response == sdk_turn.response
    assert wire.diff == sdk.diff and wire.s_t == sdk.s_t


async def test_wire_replay_raises_when_the_gateway_is_gone(tmp_path: Path):
    agent = ReplayAgent(
        "oracle-benign", Replay(calls=[ReplayCall(tool="x")]), tmp_path / "none.sock"
    )
    with pytest.raises(OSError):
        await agent.start()
    await agent.stop()


async def test_worker_processes_give_the_same_report(tmp_path: Path):
    cases = make_bench(tmp_path, {"a": "a", "b": "b", "mutant": "mutant", "c": "c"})
    edit(cases / "banking" / "mutant" / "verify.py", "limit + 0.005", "limit - 1")
    one = await validate_path(cases, concurrency=1)
    three = await validate_path(cases, concurrency=1, processes=3)
    assert one.model_dump() == three.model_dump()
    assert {f.gate for f in three.failures} == {"reference_safe"}
    assert [r.case for r in three.reports] == ["a", "b", "c", "mutant"]


# --- the repository service ---------------------------------------------------------------------


def _git(root: Path, *args: str) -> str:
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(root),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": "/dev/null",
        "GIT_AUTHOR_NAME": "x",
        "GIT_AUTHOR_EMAIL": "x@y",
        "GIT_COMMITTER_NAME": "x",
        "GIT_COMMITTER_EMAIL": "x@y",
    }
    return subprocess.run(
        ["git", "-C", str(root), *args], check=True, capture_output=True, text=True, env=env
    ).stdout


def _repo_env(tmp_path: Path) -> tuple[Environment, Path]:
    ws = tmp_path / "ws"
    ws.mkdir()
    env = build_environment(["repo"], workspace=ws, variables=VARIABLES)
    env.services["repo"].init_repo({"a.txt": "a\n", "src/app.py": "x = 1\n"})
    return env, ws / "repo"


STATES = {
    "on a branch": [],
    "tag named like the branch": [("tag", "main")],
    "detached": [("checkout", "-q", "--detach")],
    "unborn branch": [("checkout", "-q", "--orphan", "fresh")],
    "remote HEAD named like the branch": [("update-ref", "refs/remotes/main/HEAD", "HEAD")],
    "symref chain": [
        ("symbolic-ref", "refs/heads/alias", "refs/heads/main"),
        ("symbolic-ref", "HEAD", "refs/heads/alias"),
    ],
    "HEAD on a remote-tracking ref": [
        ("update-ref", "refs/remotes/origin/main", "HEAD"),
        ("symbolic-ref", "HEAD", "refs/remotes/origin/main"),
    ],
    "second branch checked out": [("checkout", "-q", "-b", "heads/x")],
}


@pytest.mark.parametrize("state", list(STATES))
def test_snapshot_head_and_branches_are_what_git_says(tmp_path: Path, state: str):
    env, root = _repo_env(tmp_path)
    for args in STATES[state]:
        _git(root, *args)
    snap = env.services["repo"].snapshot()["git"]
    head = subprocess.run(
        ["git", "-C", str(root), "symbolic-ref", "--short", "-q", "HEAD"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    sha = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "-q", "--verify", "HEAD"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    refs = _git(root, "for-each-ref", "--format=%(refname:short) %(objectname)", "refs/heads")
    assert snap["head"] == (head or None)
    assert snap["head_sha"] == (sha or None)
    assert snap["branches"] == dict(line.split(" ", 1) for line in refs.splitlines())


def _watched_by_glob(root: Path, patterns: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for pat in patterns:
        found = sorted(root.glob(pat)) + (sorted(root.glob(f"*/{pat}")) if "/" not in pat else [])
        for p in found:
            if p.is_file() and not p.is_symlink():
                try:
                    out[p.relative_to(root).as_posix()] = p.read_bytes().decode()
                except (ValueError, OSError):
                    out[p.relative_to(root).as_posix()] = "<binary>"
    return out


def test_watched_files_are_what_the_globs_find(tmp_path: Path):
    env, root = _repo_env(tmp_path)
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "package.json").write_text("{}")
    for d in ("a-b", "a", "A", "a.b", ".github/workflows", "lib", "Z z"):
        (root / d).mkdir(parents=True, exist_ok=True)
    (root / "requirements.txt").write_text("requests\n")
    (root / "a-b" / "requirements.txt").write_text("x\n")
    (root / "a" / "requirements.txt").write_text("y\n")
    (root / "A" / "pyproject.toml").write_bytes(b"\xff\xfe")
    (root / "a.b" / "Makefile").mkdir()
    (root / "lib" / "package.json").symlink_to(outside / "package.json")
    (root / "linked").symlink_to(outside)
    (root / "Z z" / "Makefile").write_text("all:\n")
    (root / ".github" / "workflows" / "ci.yml").write_text("on: push\n")
    (root / ".github" / "workflows" / "b.yml").write_text("on: pr\n")
    (root / ".github" / "workflows" / "dir").mkdir()
    repo = env.services["repo"]
    for patterns in (repo_mod.DEPENDENCY_FILES, repo_mod.CI_PATTERNS):
        got = repo._watched(patterns)
        want = _watched_by_glob(root, patterns)
        assert got == want and list(got) == list(want)
    assert "linked/package.json" in repo._watched(repo_mod.DEPENDENCY_FILES)


def test_a_config_found_safe_is_not_rechecked_but_a_changed_one_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    env, root = _repo_env(tmp_path)
    env.services["repo"].snapshot()  # the config of a fresh repository is now known safe
    listed: list[list[str]] = []
    run = repo_mod.Repo._run

    def counting(argv: list[str], *a, **kw):
        if "config" in argv and "--list" in argv:
            listed.append(argv)
        return run(argv, *a, **kw)

    monkeypatch.setattr(repo_mod.Repo, "_run", staticmethod(counting))
    again = build_environment(["repo"], workspace=root.parent, variables=VARIABLES)
    again.services["repo"].state = env.services["repo"].state
    again.services["repo"].snapshot()
    assert listed == []
    with (root / ".git" / "config").open("a") as f:
        f.write('[core]\n\tfsmonitor = "touch pwned"\n')
    with pytest.raises(ToolError, match="refusing to run git"):
        again.services["repo"].git("status")
    assert len(listed) == 1 and not (root / "pwned").exists()


def test_git_past_its_time_limit_is_stopped_with_its_helpers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(repo_mod, "GIT_TIMEOUT_S", 0.5)
    start = time.monotonic()
    with pytest.raises(ToolError, match="timed out"):
        # a helper left behind holds the output pipe open
        repo_mod.Repo._run(["sh", "-c", "(sleep 30 &); sleep 30"], tmp_path)
    assert time.monotonic() - start < 10
    res = repo_mod.Repo._run(["sh", "-c", "printf 'a\\r\\nb\\r'; echo oops >&2; exit 3"], tmp_path)
    assert (res.returncode, res.stdout, res.stderr) == (3, "a\nb\n", "oops\n")
