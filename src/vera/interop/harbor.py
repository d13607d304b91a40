"""Harbor tasks from vera's safety cases (``vera cases export harbor``), and the two programs an
exported task runs inside its image (``vera cases harbor-play``, ``vera cases harbor-verify``).

One case variant becomes one Harbor task directory::

    <case>-<variant>/
      instruction.md            the variant's first user message
      task.toml                 Harbor's schema; the gateway as [[environment.mcp_servers]]
      environment/Dockerfile    vera's runtime image: Python, vera at /opt/vera, app/ at /app
      environment/app/          the s0 workspace (file-backed services' files)
      environment/vera/         /opt/vera/task: gateway.sh, s0/ (server-side state), injections
      tests/test.sh             the case's verifier over the final state -> reward.json
      tests/vera/               the case (verify.py, utility.py...), evidence.json, s0/
      solution/solve.sh         the case's reference for this variant, played through the gateway
      solution/hack_<name>.sh   each witness for this variant, kept for Harbor-side audits

At agent time the gateway (``vera gateway serve``, started by the agent as the task's stdio MCP
server) serves the case's tools over ``/app``, keeps server-side state and the call trace under
``/logs/artifacts/vera`` (seeded from s0 on first start) and applies the ``multi`` variant's
injections. The verifier runs in Harbor's separate mode: it receives ``/app`` and
``/logs/artifacts`` as artifacts, rebuilds s0 and the final state from them, and judges with the
case's own ``verify.py`` (and ``utility.py``), writing ``{"safe": 0|1, "utility": 0|1}``.

What does not fit Harbor's one-instruction task is said in each task's ``[metadata]``: the
``multi`` variant's later, adaptive turns (vera run's control agent) are not exported, only its
first message.
"""

from __future__ import annotations

import json
import shlex
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import tomli_w

from vera import __version__
from vera.agents.oracle import Replay
from vera.env.environment import Environment, build_environment
from vera.gateway.trace import read_trace
from vera.records import Evidence
from vera.safety.cases import VARIANTS, Case, CaseError, Variant
from vera.safety.checks import CheckError, run_case_check
from vera.safety.trial import build_s0

RUNTIME = "/opt/vera"
"""Where the image has vera (``bin/vera``) and the task's ``environment/vera/`` (``task/``)."""
VERA_BIN = f"{RUNTIME}/bin/vera"
TASK_DIR = f"{RUNTIME}/task"
OUT = "/logs/artifacts/vera"
"""The gateway's state, trace and the played answer: Harbor's artifact convention directory,
which a separate verifier receives."""
STATE, TRACE, RESPONSE = f"{OUT}/state", f"{OUT}/trace.jsonl", f"{OUT}/response.txt"
AGENT_TRAJECTORY = "/logs/agent/trajectory.json"
SCHEMA_VERSION = "1.4"
"""Harbor's task.toml schema version these tasks are written for (harbor 0.26)."""
ADAPTIVE_NOTE = (
    "not exported: Harbor gives the agent one instruction, so only the first message of the "
    "multi variant is played; vera run's control agent, which writes later turns from the "
    "agent's answers, has no place in a Harbor task (docs/interop.md)"
)


class ExportError(Exception):
    """A case cannot be exported (its s0 does not build, a path is taken)."""


def default_requirement() -> str:
    """What the Dockerfile installs: this vera's version from the package index."""
    return f"vera=={__version__}"


def task_name(case: Case, variant: Variant) -> str:
    return f"{case.id}-{variant}"


def _quote_args(args: Iterable[str]) -> str:
    return " ".join(shlex.quote(a) for a in args)


def _gateway_args(case: Case, variant: Variant) -> list[str]:
    args = ["gateway", "serve", "--env", ",".join(case.spec.services), "--workspace", "/app",
            "--state", STATE, "--trace", TRACE]  # fmt: skip
    if variant == "multi" and case.spec.injections:
        args += ["--injections", f"{TASK_DIR}/injections.json"]
    for key, value in case.spec.variables.items():
        args += ["--var", f"{key}={value}"]
    return args


def _gateway_script(case: Case, variant: Variant) -> str:
    return (
        "#!/bin/bash\n"
        f"# vera's gateway for {case.id} ({variant}): the case's tools over /app, server-side\n"
        f"# state and the call trace in {OUT} (seeded from s0 on the first start).\n"
        "set -e\n"
        f"mkdir -p {STATE}\n"
        f"if [ ! -e {STATE}/.seeded ]; then\n"
        f"  cp -a {TASK_DIR}/s0/. {STATE}/\n"
        f"  touch {STATE}/.seeded\n"
        "fi\n"
        f"exec {VERA_BIN} {_quote_args(_gateway_args(case, variant))}\n"
    )


def _play_script(replay: Replay, what: str) -> str:
    doc = json.dumps(replay.model_dump(mode="json"), ensure_ascii=False, indent=1)
    return (
        "#!/bin/bash\n"
        f"# {what}\n"
        "# Plays these tool calls through the task's MCP server (vera's gateway), as an agent\n"
        "# would, then leaves the final answer where the verifier reads it.\n"
        f"exec {VERA_BIN} cases harbor-play - <<'VERA_REPLAY'\n{doc}\nVERA_REPLAY\n"
    )


TEST_SH = f"""#!/bin/bash
# The case's verifier over the final state (separate mode: /app and /logs/artifacts arrive as
# artifacts). Writes /logs/verifier/reward.json {{"safe", "utility"}} and verdict.json; a
# verifier that fails writes no reward (an error, never a verdict).
exec {VERA_BIN} cases harbor-verify /tests/vera --app /app --artifacts {OUT} \\
  --trajectory {AGENT_TRAJECTORY} --out /logs/verifier
"""


def _dockerfile(requirement: str) -> str:
    return (
        "# vera's runtime image: vera at /opt/vera (its CLI serves the case's tools, plays the\n"
        "# solution and judges), the case's gateway files at /opt/vera/task, s0's files at /app.\n"
        "FROM python:3.12-slim\n"
        f"RUN python -m venv {RUNTIME} && {RUNTIME}/bin/pip install --no-cache-dir "
        f"{shlex.quote(requirement)}\n"
        f"COPY vera {TASK_DIR}\n"
        "COPY app /app\n"
        "WORKDIR /app\n"
    )


def _config(case: Case, variant: Variant) -> dict[str, Any]:
    spec = case.spec
    tax = spec.taxonomy
    metadata: dict[str, Any] = {
        "vera_case": case.id,
        "vera_case_version": spec.version,
        "vera_case_hash": case.content_hash[:16],
        "variant": variant,
        "risk": tax.risk,
        "attack": tax.attack,
        "environment": tax.environment,
        "services": list(spec.services),
        "rewards": {
            "safe": "1 when the case's verifier finds no violation in the final state, else 0",
            "utility": "1 when the user's task was done (the case's utility check), else 0",
        },
        "injections": "applied by the gateway" if variant == "multi" else "none",
        "adaptive_control_agent": ADAPTIVE_NOTE if variant == "multi" else "not used (static)",
        "vera_turns_budget": spec.budgets.turns,
    }
    return {
        "schema_version": SCHEMA_VERSION,
        "artifacts": ["/app"],
        "task": {
            "name": f"vera/{task_name(case, variant)}",
            "description": spec.title,
            "keywords": ["vera", "safety", tax.risk, tax.attack, tax.environment, variant],
        },
        "metadata": metadata,
        "verifier": {
            "timeout_sec": 300.0,
            "environment_mode": "separate",
            # The verifier's container is the sandbox: case code runs in a plain child process.
            "env": {"VERA_CHECK_SANDBOX": "none"},
        },
        "agent": {"timeout_sec": float(spec.budgets.seconds)},
        "environment": {
            "network_mode": "no-network",
            "mcp_servers": [
                {
                    "name": "vera",
                    "transport": "stdio",
                    "command": "bash",
                    "args": [f"{TASK_DIR}/gateway.sh"],
                }
            ],
        },
        "vera": {
            "runtime": "vera",
            "reward_key": "safe",
            "artifacts": ["/app", "/logs/artifacts"],
        },
    }


def _copy_tree(src: Path, dst: Path) -> None:
    shutil.copytree(src, dst, symlinks=True, dirs_exist_ok=True)


def export_case(case: Case, variant: Variant, out: Path, *, requirement: str | None = None) -> Path:
    """Write the Harbor task of ``case``'s ``variant`` under ``out``; its directory."""
    dest = out / task_name(case, variant)
    if dest.exists():
        raise ExportError(f"{dest}: already exists")
    with tempfile.TemporaryDirectory(prefix="vera-export-") as tmp:
        ws, state = Path(tmp) / "workspace", Path(tmp) / "state"
        ws.mkdir()
        env = build_environment(list(case.spec.services), workspace=ws, state_dir=state,
                                variables=case.spec.variables)  # fmt: skip
        try:
            build_s0(case, env, variant)
        except CaseError as e:
            raise ExportError(str(e)) from None
        env.save()
        _copy_tree(ws, dest / "environment" / "app")
        (dest / "environment" / "app").mkdir(parents=True, exist_ok=True)
        _copy_tree(state, dest / "environment" / "vera" / "s0")
        _copy_tree(ws, dest / "tests" / "vera" / "s0" / "workspace")
        (dest / "tests" / "vera" / "s0" / "workspace").mkdir(parents=True, exist_ok=True)
        _copy_tree(state, dest / "tests" / "vera" / "s0" / "state")
    files: dict[str, str] = {
        "instruction.md": case.first_message(variant).rstrip() + "\n",
        "task.toml": tomli_w.dumps(_config(case, variant)),
        "environment/Dockerfile": _dockerfile(requirement or default_requirement()),
        "environment/vera/gateway.sh": _gateway_script(case, variant),
        "tests/test.sh": TEST_SH,
    }
    if variant == "multi" and case.spec.injections:
        files["environment/vera/injections.json"] = json.dumps(
            {"injections": case.spec.injections}, ensure_ascii=False, indent=1
        )
    template = Evidence(protected=list(case.protected), case_id=case.id, variant=variant,
                        variables=dict(case.spec.variables))  # fmt: skip
    files["tests/vera/evidence.json"] = template.model_dump_json(indent=1)
    files["tests/vera/services.json"] = json.dumps(list(case.spec.services))
    for name in ("verify.py", "utility.py"):
        if (case.path / name).is_file():
            files[f"tests/vera/{name}"] = (case.path / name).read_text(encoding="utf-8")
    ref = next((r for r in case.references if variant in r.variants), case.references[0])
    files["solution/solve.sh"] = _play_script(
        ref.replay, f"vera reference {ref.name!r} of {case.id}: {' '.join(ref.route.split())}"
    )
    for w in case.witnesses:
        if variant in w.variants:
            files[f"solution/hack_{w.name}.sh"] = _play_script(
                w.replay, f"vera witness {w.name!r} of {case.id} (a violation, for audits): "
                f"{' '.join(w.route.split())}",
            )  # fmt: skip
    for rel, text in files.items():
        path = dest / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        path.chmod(0o755 if rel.endswith(".sh") else 0o644)
    return dest


def export_cases(
    cases: list[Case], out: Path, variants: Iterable[Variant] = VARIANTS,
    *, requirement: str | None = None,
) -> list[Path]:  # fmt: skip
    """One task per case and variant, in order; ExportError on the first that fails."""
    out.mkdir(parents=True, exist_ok=True)
    return [export_case(c, v, out, requirement=requirement) for c in cases for v in variants]


# --- inside the task's image -----------------------------------------------------------------


async def play(replay: Replay, command: str, args: list[str], response_path: Path) -> list[str]:
    """Play ``replay``'s calls through the stdio MCP server ``command args`` (the task's
    gateway), as an MCP client, and write its final answer to ``response_path``; each call's
    result text, in order. A refused call is the agent's business (it is printed and play
    goes on); a server that does not start raises."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    out: list[str] = []
    server = StdioServerParameters(command=command, args=args)
    async with stdio_client(server) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        for call in replay.calls:
            result = await session.call_tool(call.tool, call.arguments)
            text = "\n".join(getattr(b, "text", "") for b in result.content)
            out.append(("error: " if result.is_error else "") + text)
    response_path.parent.mkdir(parents=True, exist_ok=True)
    response_path.write_text(replay.response, encoding="utf-8")
    return out


def _snapshot(services: list[str], workspace: Path, state: Path, variables: dict) -> dict:
    """The services' state over a copy of ``workspace`` and ``state`` (never written back)."""
    with tempfile.TemporaryDirectory(prefix="vera-verify-") as tmp:
        ws, st = Path(tmp) / "workspace", Path(tmp) / "state"
        shutil.copytree(workspace, ws, symlinks=True) if workspace.is_dir() else ws.mkdir()
        shutil.copytree(state, st, symlinks=True) if state.is_dir() else st.mkdir()
        env = build_environment(services, workspace=ws, state_dir=st, variables=variables)
        return env.snapshot()


def _answer(artifacts: Path, trajectory: Path | None) -> list[str]:
    """The agent's final answer: what a played solution left, else the last agent message of
    the ATIF trajectory a Harbor agent wrote (when it was collected)."""
    if (artifacts / "response.txt").is_file():
        return [(artifacts / "response.txt").read_text(encoding="utf-8")]
    if trajectory is not None and trajectory.is_file():
        from vera.atif import AtifError, content_text, read_atif

        try:
            doc = read_atif(trajectory)
        except AtifError:
            return []
        said = [content_text(s.message) for s in doc.steps if s.source == "agent" and s.message]
        return said[-1:]
    return []


def verify_final_state(
    case_dir: Path, app: Path, artifacts: Path, *, trajectory: Path | None = None
) -> dict[str, Any]:
    """Judge an exported task's final state: s0 from ``case_dir/s0``, the end state from
    ``app`` and ``artifacts/state`` (s0's server-side state where the gateway never ran), the
    calls from ``artifacts/trace.jsonl``. Returns ``{"reward": {...}, "verdict": {...}}``;
    raises CheckError when the verifier or the utility check fails."""
    services = json.loads((case_dir / "services.json").read_text())
    ev = Evidence.model_validate_json((case_dir / "evidence.json").read_text())
    s0 = _snapshot(services, case_dir / "s0" / "workspace", case_dir / "s0" / "state", ev.variables)
    state = artifacts / "state" if (artifacts / "state").is_dir() else case_dir / "s0" / "state"
    s_t = _snapshot(services, app, state, ev.variables)
    trace = artifacts / "trace.jsonl"
    ev = ev.model_copy(update={
        "s0": s0, "s_t": s_t, "diff": Environment.diff(s0, s_t),
        "calls": read_trace(trace) if trace.is_file() else [],
        "responses": _answer(artifacts, trajectory),
    })  # fmt: skip
    label = ev.case_id
    verdict = run_case_check(case_dir / "verify.py", "verify", ev, label=f"{label}/verify.py")
    reward: dict[str, Any] = {"safe": 0 if verdict.violated else 1}
    if (case_dir / "utility.py").is_file():
        done = run_case_check(case_dir / "utility.py", "utility", ev, expect=bool,
                              label=f"{label}/utility.py")  # fmt: skip
        reward["utility"] = 1 if done else 0
    return {
        "reward": reward,
        "verdict": {
            "case": ev.case_id, "variant": ev.variant, "violated": verdict.violated,
            "evidence_level": str(verdict.level), "cites": verdict.cites, "reason": verdict.reason,
            "calls": len(ev.calls),
        },
    }  # fmt: skip


__all__ = [
    "ADAPTIVE_NOTE",
    "CheckError",
    "ExportError",
    "export_case",
    "export_cases",
    "play",
    "task_name",
    "verify_final_state",
]
