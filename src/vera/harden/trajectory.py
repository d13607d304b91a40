"""Attempts as evidence: the agent's trajectory, the final diff of what it could write, and the
replay scripts derived from them.

An agent that acts in a task's sandbox (the terminal agent, a framework CLI) leaves a
:class:`vera.records.Trajectory` (commands, outputs, timing, usage) and a changed sandbox. At
the end of its phase the trial takes the **final diff of the agent-writable state** — ``/app``,
HOME (``/root``), ``/logs/agent``, ``/logs/verifier``, ``/logs/artifacts`` and, in the shared
layout, ``/tests`` — against the state the agent started from (:class:`StateDiff`). From the two:

* :func:`replay_from_diff`: a bash script that writes exactly that diff (files byte for byte
  with their modes, symlinks, directories, deletions). Played as a ``script:`` agent it brings
  any later state of the task to what the agent left, without a model: the corpus replays
  deterministically.
* :func:`replay_from_commands`: the agent's commands in order, each in a fresh login shell in
  /app, as the agent ran them (for hacks that live in a process, not a file: a daemon).

:class:`AttemptRecord` holds all of it and is what the loop stores beside an attempt; it is a
pydantic record so a store can hold it. :func:`to_atif` writes a trajectory in Harbor's Agent
Trajectory Interchange Format (ATIF); :func:`render` the text the judge and the fixer read.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shlex
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field

from vera import paths
from vera.atif import ATIF_VERSION, from_trajectory
from vera.records import Trajectory

FILE_CAP = 2 << 20
"""Files larger than this are listed in the diff without their content."""
TOTAL_CAP = 32 << 20


class Change(BaseModel):
    path: str
    """Sandbox path (``/app/out.txt``)."""
    change: Literal["created", "modified", "deleted"]
    kind: Literal["file", "dir", "symlink"] = "file"
    mode: int | None = None
    target: str | None = None
    size: int = 0
    sha256: str | None = None
    content_b64: str | None = None
    """The new content (files, up to FILE_CAP); None when omitted or deleted."""
    omitted: bool = False


class StateDiff(BaseModel):
    changes: list[Change] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)

    def summary(self) -> str:
        if not self.changes:
            return "(no change to the agent-writable state)"
        return "\n".join(
            f"{c.change:8} {c.kind:7} {c.path}"
            + (f" -> {c.target}" if c.target else "")
            + (f" ({c.size} bytes)" if c.kind == "file" and c.change != "deleted" else "")
            for c in self.changes
        )


class AttemptRecord(BaseModel):
    """Everything an agent attempt leaves behind (stored per attempt, exported to the corpus)."""

    agent: str
    """``terminal``, ``claude-code``, ``codex``, ...: who acted."""
    trajectory: Trajectory
    stopped: str = "done"
    """How the agent's run ended (``done``, ``step_limit``, ``time_limit``, ``model_error``,
    ``agent_error``)."""
    summary: str = ""
    duration_s: float = 0.0
    diff: StateDiff = Field(default_factory=StateDiff)
    replay_diff: str = ""
    replay_commands: str = ""
    replay: Literal["diff", "commands", "none"] = "diff"
    """Which replay script reproduces the attempt (checked when it reached the threshold)."""

    @property
    def commands(self) -> list[str]:
        return [
            str(c.arguments.get("command", ""))
            for t in self.trajectory.turns
            for c in t.tool_calls
            if "command" in c.arguments
        ]

    def replay_script(self) -> str:
        return self.replay_commands if self.replay == "commands" else self.replay_diff


# --- snapshots and the final diff --------------------------------------------------------------

_CACHES = {"__pycache__", ".pytest_cache"}
"""Interpreter caches are not part of what an agent did (and are rebuilt from the sources)."""
Entry = tuple[str, int, str, int, str | None]
"""(kind, mode, sha256 or link target, size, target)."""


def snapshot(roots: dict[str, Path]) -> dict[str, Entry]:
    """Every path under each host root, by sandbox path (``roots``: sandbox prefix -> host dir).
    Links are recorded, never followed; files are read beneath their root (:mod:`vera.paths`),
    so an agent that swaps a file for a link while vera reads gets nothing of the host's."""
    out: dict[str, Entry] = {}
    for prefix, root in roots.items():
        if not root.is_dir():
            continue
        for e in paths.walk(root, links="keep", skip=frozenset(_CACHES)):
            if e.rel.endswith(".pyc"):
                continue
            shown = f"{prefix}/{e.rel}"
            if e.kind == "symlink":
                out[shown] = ("symlink", e.mode, e.target or "", 0, e.target)
            elif e.kind == "dir":
                out[shown] = ("dir", e.mode, "", 0, None)
            elif e.kind == "file":
                out[shown] = ("file", e.mode, _sha(root, e.rel), e.size, None)
    return out


def _sha(root: Path, rel: str) -> str:
    h = hashlib.sha256()
    try:
        with os.fdopen(paths.open_file(root, rel), "rb") as fh:
            for chunk in iter(lambda: fh.read(1 << 20), b""):
                h.update(chunk)
    except (OSError, paths.UnsafePathError):
        return ""
    return h.hexdigest()


def final_diff(before: dict[str, Entry], roots: dict[str, Path]) -> StateDiff:
    """What changed under ``roots`` since ``before`` (a :func:`snapshot`)."""
    after = snapshot(roots)
    diff = StateDiff()
    total = 0

    def read(path: str, limit: int) -> bytes:
        prefix = max((p for p in roots if path == p or path.startswith(p + "/")), key=len)
        return paths.read_bytes(roots[prefix], path[len(prefix) :].lstrip("/"), limit)

    for path in sorted(before.keys() - after.keys()):
        diff.changes.append(Change(path=path, change="deleted", kind=before[path][0]))  # type: ignore[arg-type]
    for path in sorted(after):
        kind, mode, digest, size, target = after[path]
        old = before.get(path)
        if old is not None and old == after[path]:
            continue
        if old is not None and old[0] == kind == "dir":
            change = "modified"  # a mode change of a directory
        elif old is not None and kind == "dir":
            change = "created"
        else:
            change = "created" if old is None else "modified"
        c = Change(path=path, change=change, kind=kind, mode=mode, target=target, size=size)  # type: ignore[arg-type]
        if kind == "file":
            c.sha256 = digest
            if size > FILE_CAP or total + size > TOTAL_CAP:
                c.omitted = True
                diff.notes.append(f"{path}: {size} bytes, content left out of the diff")
            else:
                try:
                    data = read(path, FILE_CAP + 1)
                except (OSError, paths.UnsafePathError) as exc:
                    c.omitted = True
                    why = exc.strerror if isinstance(exc, OSError) else "not a regular file now"
                    diff.notes.append(f"{path}: unreadable ({why})")
                else:
                    if len(data) > FILE_CAP:  # grew after the snapshot
                        c.omitted = True
                        diff.notes.append(f"{path}: over {FILE_CAP} bytes, content left out of the diff")
                    else:
                        c.content_b64 = base64.b64encode(data).decode()
                        total += len(data)
        if old is not None and old[0] != kind:
            diff.changes.append(Change(path=path, change="deleted", kind=old[0]))  # type: ignore[arg-type]
            c.change = "created"
        diff.changes.append(c)
    return diff


# --- replay scripts ----------------------------------------------------------------------------

REPLAY_HEADER = "#!/bin/bash\n# vera replay ({how}) of agent attempt {label}\n"


def replay_from_diff(diff: StateDiff, label: str = "") -> str:
    """Bash that writes ``diff`` into a sandbox: deletions (deepest first), directories,
    files (base64, with their modes), symlinks, then directory modes (deepest first)."""
    q = shlex.quote
    lines = [REPLAY_HEADER.format(how="final diff of the agent-writable state", label=label)]
    deleted = [c for c in diff.changes if c.change == "deleted"]
    for c in sorted(deleted, key=lambda c: c.path.count("/"), reverse=True):
        lines.append(f"rm -rf -- {q(c.path)}\n")
    dirs = [c for c in diff.changes if c.kind == "dir" and c.change != "deleted"]
    for c in sorted(dirs, key=lambda c: c.path.count("/")):
        lines.append(f"mkdir -p -- {q(c.path)}\n")
    for c in diff.changes:
        if c.change == "deleted" or c.kind != "file":
            continue
        if c.omitted or c.content_b64 is None:
            lines.append(f"# {c.path}: content not recorded ({c.size} bytes)\n")
            continue
        tag = "VERA_B64"
        lines.append(
            f"mkdir -p -- \"$(dirname {q(c.path)})\" && rm -rf -- {q(c.path)}\n"
            f"base64 -d > {q(c.path)} <<'{tag}'\n{_wrap(c.content_b64)}{tag}\n"
        )
        if c.mode is not None:
            lines.append(f"chmod {c.mode:o} {q(c.path)}\n")
    for c in diff.changes:
        if c.kind == "symlink" and c.change != "deleted" and c.target is not None:
            lines.append(
                f"mkdir -p -- \"$(dirname {q(c.path)})\" && rm -rf -- {q(c.path)} && "
                f"ln -s -- {q(c.target)} {q(c.path)}\n"
            )
    for c in sorted(dirs, key=lambda c: c.path.count("/"), reverse=True):
        if c.mode is not None:
            lines.append(f"chmod {c.mode:o} {q(c.path)}\n")
    lines.append("exit 0\n")
    return "".join(lines)


def _wrap(b64: str, width: int = 76) -> str:
    return "".join(b64[i : i + width] + "\n" for i in range(0, len(b64), width))


def replay_from_commands(commands: list[str], label: str = "") -> str:
    """Bash that runs the agent's commands in order, each in a fresh login shell in /app."""
    out = [REPLAY_HEADER.format(how="the agent's commands, in order", label=label)]
    for cmd in commands:
        out.append(f"(cd /app 2>/dev/null; bash -lc {shlex.quote(cmd)}) </dev/null\n")
    out.append("exit 0\n")
    return "".join(out)


def replay_from_session(lines: list[str], label: str = "") -> str:
    """Bash that types ``lines`` into one login shell in /app, as a terminal agent typed them
    (a ``cd`` or a heredoc carries from line to line; a program reading its input gets the next
    lines, as it did in the terminal)."""
    body = "".join(line + "\n" for line in lines)
    tag = "VERA_TYPED_" + hashlib.sha256(body.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    return (
        REPLAY_HEADER.format(how="the lines the agent typed, in one shell", label=label)
        + f"cd /app 2>/dev/null\nbash -l <<'{tag}'\n{body}{tag}\nexit 0\n"
    )


# --- views -------------------------------------------------------------------------------------


def render(rec: AttemptRecord, limit: int = 6000) -> str:
    """The trajectory as text for a prompt: each command, its status and (cut) output, then the
    final diff."""
    parts = [f"agent {rec.agent}; stopped: {rec.stopped}; {len(rec.commands)} command(s)"]
    per = max(limit // max(len(rec.commands), 1), 300)
    for t in rec.trajectory.turns:
        for i, c in enumerate(t.tool_calls, 1):
            res = c.result if isinstance(c.result, dict) else {"output": c.result}
            out = str(res.get("output", "") or "")
            if len(out) > per:
                out = out[: per // 2] + "\n[...]\n" + out[-per // 2 :]
            cmd = c.arguments.get("command", c.arguments)
            parts.append(f"$ [{i}] {cmd}\n(exit {res.get('exit_code')}) {out}".rstrip())
        if t.response:
            parts.append(f"final answer: {t.response[:1000]}")
    parts.append("final diff of the agent-writable state:\n" + rec.diff.summary()[:3000])
    text = "\n".join(parts)
    return text if len(text) <= limit * 2 else text[: limit * 2] + "\n[... cut ...]"


def to_atif(rec: AttemptRecord, session_id: str, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The attempt's trajectory in Harbor's ATIF v1.8 (:func:`vera.atif.from_trajectory`: one
    user step, then one agent step per command with its observation, then the final answer;
    token totals in ``final_metrics``), with how it stopped and its replay under
    ``extra.vera``."""
    vera = {"stopped": rec.stopped, "duration_s": rec.duration_s, "replay": rec.replay}
    doc = from_trajectory(
        rec.trajectory,
        session_id,
        agent_version="vera" if "@" not in rec.trajectory.agent else None,
        extra={"vera": {**vera, **(extra or {})}},
    )
    if not rec.trajectory.agent:
        doc.agent.name = rec.agent
    return doc.dump()


__all__ = [
    "ATIF_VERSION",
    "AttemptRecord",
    "Change",
    "StateDiff",
    "final_diff",
    "render",
    "replay_from_commands",
    "replay_from_diff",
    "replay_from_session",
    "snapshot",
    "to_atif",
]
