"""Exploit corpora of others, imported as vera's (``vera harden corpus import SRC --out CORPUS``).

Public hack corpora are the honest external test of a hardened verifier: exploits nobody tuned
the fixer on. They come in three layouts, all read into one corpus of vera's (``hacks.jsonl``,
``scripts/``, ``trajectories/``, ``tasks/<task>/before/``; :mod:`vera.harden.corpus`) that
``vera harden replay`` plays:

``harden-v0``
    harden-v0 keeps its hints as one Markdown file per hack pattern (``NN-name.md``: a
    heading, the idea, a fenced ``bash`` demo, the defence; ``README.md`` is the index). They
    are written for a hinted hacker, not for one task: each becomes an entry for every task
    (``task: "*"``, replayed against each task of ``--against``) whose script is the hint's
    fenced shell blocks in order. A demo that is a file to plant rather than a script to run
    replays as what it is, and lands only if running it hacks. Scripts written for one task
    are read as ``<task>/hints/<name>.sh`` (or ``<task>/<name>.sh``); when ``<task>`` is itself
    a task folder it is kept as the entry's Before.
``atif``
    ``tasks/<task>/<model>/<kind>_trajectories/<label>/trial/agent/trajectory.json`` with the
    Harbor task beside it: each trajectory's shell commands are distilled
    (:func:`vera.atif.distill_commands`: Terminus keystrokes and ``tmux send-keys`` with
    ``Enter``/``C-m`` become the lines the shell ran) into a replay script; the trajectory is
    kept byte for byte as evidence. A ``legitimate_solve`` label is a recorded legitimate
    solution (``role: legitimate``); other kinds than ``hack`` are left out, counted.
``vera``
    a corpus ``vera harden export`` (or an earlier import) wrote: its entries and the files
    they name are copied.

The input is untrusted: every file is read beneath SRC (:mod:`vera.paths`: a link out of it is
refused), at most :data:`MAX_FILE` bytes each and :data:`MAX_ENTRIES` entries; a malformed entry
is one line naming its file, skipped and counted, never a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ValidationError

from vera import paths
from vera.atif import AtifError, distill_commands, parse_atif
from vera.harden.corpus import README, CorpusError, HackEntry
from vera.harden.task import Task, TaskError, is_task_dir, load_task, write_task
from vera.harden.trajectory import replay_from_commands, replay_from_session

Layout = Literal["auto", "harden-v0", "atif", "vera"]
LAYOUTS = ("auto", "harden-v0", "atif", "vera")

MAX_FILE = 4 << 20
"""Bytes read of one file of the source (a script, a trajectory, a hint, a JSONL file)."""
MAX_ENTRIES = 10_000
"""Entries imported from one source; more are counted as skipped."""

LEGITIMATE_LABELS = ("legitimate_solve",)
_ATIF_TAIL = ("trial", "agent", "trajectory.json")
_SHELL_FENCES = ("bash", "sh", "shell", "zsh", "console", "")


class ImportResult(BaseModel):
    layout: str
    entries: list[HackEntry]
    skipped: list[str]
    """One line per entry left out: the file and why."""


class _Skip(Exception):
    """One entry of the source left out (the message names its file)."""


def _read(src: Path, rel: str) -> bytes:
    try:
        data = paths.read_bytes(src, rel, MAX_FILE + 1)
    except paths.UnsafePathError as exc:
        raise _Skip(str(exc)) from None
    except OSError as exc:
        raise _Skip(f"{src / rel}: cannot read ({exc.strerror or exc})") from None
    if len(data) > MAX_FILE:
        raise _Skip(f"{src / rel}: larger than {MAX_FILE} bytes")
    return data


def _text(src: Path, rel: str) -> str:
    try:
        return _read(src, rel).decode("utf-8")
    except UnicodeDecodeError:
        raise _Skip(f"{src / rel}: not UTF-8 text") from None


def _safe_id(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "__", text)


def _files(src: Path, skipped: list[str]) -> list[str]:
    """Regular files under ``src`` (relative paths); links are named in ``skipped``, never
    followed (a corpus is a stranger's folder)."""
    out = []
    for e in paths.walk(src, links="keep", skip=frozenset({".git"})):
        if e.kind == "file":
            out.append(e.rel)
        elif e.kind == "symlink" and e.rel.endswith((".sh", ".md", ".json", ".jsonl")):
            skipped.append(f"{src / e.rel}: a link ({e.target}); links in a corpus are not followed")
    return out


def detect_layout(src: Path) -> str:
    """``vera`` (a ``hacks.jsonl``), ``atif`` (trajectories in the public layout) or
    ``harden-v0`` (hint Markdown or per-task scripts); CorpusError when it is none of them."""
    src = Path(src)
    if not src.is_dir():
        raise CorpusError(f"{src}: not a folder")
    try:
        if paths.is_file(src, "hacks.jsonl"):
            return "vera"
    except paths.UnsafePathError as exc:
        raise CorpusError(str(exc)) from None
    files = _files(src, [])
    if any(tuple(f.split("/")[-3:]) == _ATIF_TAIL for f in files):
        return "atif"
    if any(f.endswith(".sh") or (f.endswith(".md") and f.count("/") == 0 and f != "README.md")
           for f in files):  # fmt: skip
        return "harden-v0"
    raise CorpusError(
        f"{src}: no corpus here (no hacks.jsonl; no trajectory in the layout tasks/<task>/<model>/"
        "hack_trajectories/<label>/trial/agent/trajectory.json; no harden-v0 hint *.md or "
        "<task>/hints/*.sh)"
    )


class _Out:
    """The corpus being written: entries, scripts, evidence and task snapshots."""

    def __init__(self, out: Path) -> None:
        self.root = Path(out)
        self.entries: list[HackEntry] = []
        self.tasks: dict[str, Task] = {}
        self.beside: dict[str, tuple[str, Task | None]] = {}
        self.ids: set[str] = set()

    def unique(self, eid: str) -> str:
        base, n = _safe_id(eid), 1
        eid = base
        while eid in self.ids:
            n += 1
            eid = f"{base}__{n}"
        self.ids.add(eid)
        return eid

    def write(self, rel: str, data: bytes | str) -> str:
        paths.write_bytes(self.root, rel, data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data)
        return rel

    def task(self, name: str, path: Path, state: str = "before") -> tuple[str, Task]:
        """Copy the task at ``path`` (read beneath it: :func:`load_task`) to
        ``tasks/<name>/<state>/`` once; its path relative to the corpus and the task."""
        key = f"tasks/{_safe_id(name)}/{_safe_id(state)}"
        if key not in self.tasks:
            self.tasks[key] = load_task(path)
            write_task(self.tasks[key], self.root / key)
        return key, self.tasks[key]

    def add(self, entry: HackEntry) -> None:
        self.entries.append(entry)


def _entry(eid: str, task: str, label: str, *, role: str, script: str, trajectory: str,
           before: str = "", tau: Task | None = None, **kw: object) -> HackEntry:  # fmt: skip
    return HackEntry(
        id=eid, task=task, label=label, category=kw.pop("category", None), mode=None,
        phase=str(kw.pop("phase", "imported")), found_state="", found_commit="",
        reward_found=kw.pop("reward_found", None), reward_before=None, hacked_before=False,  # type: ignore[arg-type]
        tau_s=tau.config.vera.threshold_benign if tau else 1.0,
        tau_h=tau.config.vera.threshold_attack if tau else 1.0,
        before=before, snapshot=before, script=script, trajectory=trajectory, role=role,  # type: ignore[arg-type]
        **kw,  # type: ignore[arg-type]
    )  # fmt: skip


# --- harden-v0 ----------------------------------------------------------------------------------


def _fenced(text: str) -> list[tuple[str, str]]:
    """The fenced code blocks of Markdown, as (info string's first word, body)."""
    out: list[tuple[str, str]] = []
    lang: str | None = None
    body: list[str] = []
    for line in text.replace("\r\n", "\n").split("\n"):
        if lang is None and line.startswith("```"):
            lang, body = (line[3:].split() or [""])[0].lower(), []
        elif lang is not None and line.strip() == "```":
            out.append((lang, "".join(ln + "\n" for ln in body)))
            lang = None
        elif lang is not None:
            body.append(line)
    return out


def _hint_script(text: str) -> str:
    """The fenced shell blocks of a hint (``bash``, ``sh``, ``shell``, ``zsh``, untagged), in
    order, as one script; a ``console`` block keeps only its ``$ `` command lines, without the
    prompt (the rest is output)."""
    blocks = [
        "".join(ln[2:] + "\n" for ln in body.splitlines() if ln.startswith("$ ")) if lang == "console" else body
        for lang, body in _fenced(text)
        if lang in _SHELL_FENCES
    ]
    blocks = [b for b in blocks if b.strip()]
    return "#!/bin/bash\n" + "".join(blocks) if blocks else ""


def _import_harden_v0(src: Path, out: _Out, skipped: list[str]) -> None:
    for rel in _files(src, skipped):
        try:
            _one_hint(src, rel, out)
        except _Skip as exc:
            skipped.append(str(exc))


def _one_hint(src: Path, rel: str, out: _Out) -> None:
    parts = rel.split("/")
    if len(parts) == 1 and rel.endswith(".md") and rel != "README.md":
        text = _text(src, rel)
        script = _hint_script(text)
        if not script:
            raise _Skip(f"{src / rel}: no fenced shell block (```bash) to replay")
        title = next((ln.lstrip("# ").strip() for ln in text.splitlines() if ln.startswith("#")), None)
        eid = out.unique(f"hint__{Path(rel).stem}")
        out.write(f"trajectories/{eid}.md", text)
        out.add(_entry(eid, "*", "hint", role="hack", script=out.write(f"scripts/{eid}.sh", script),
                       trajectory=f"trajectories/{eid}.md", category=title,
                       phase="harden-v0 hint", replay="script"))  # fmt: skip
    elif rel.endswith(".sh") and (
        len(parts) == 2 or (len(parts) == 3 and parts[1] == "hints")
    ):
        _per_task_script(src, rel, out)


def _per_task_script(src: Path, rel: str, out: _Out) -> None:
    parts = rel.split("/")
    task_name = parts[0]
    if len(parts) == 2 and is_task_dir(src / task_name):
        return  # a task's own top-level script (not a hint)
    script = _text(src, rel)
    before, task = "", None
    if is_task_dir(src / task_name):
        try:
            before, task = out.task(task_name, paths.resolve(src, task_name))
        except (TaskError, paths.UnsafePathError) as exc:
            raise _Skip(f"{src / rel}: its task does not load ({exc})") from None
    eid = out.unique(f"{task_name}__{Path(rel).stem}")
    out.add(_entry(eid, task_name, "hint", role="hack", before=before, tau=task,
                   script=out.write(f"scripts/{eid}.sh", script),
                   trajectory=out.write(f"trajectories/{eid}.sh", script),
                   phase="harden-v0 script", replay="script"))  # fmt: skip


# --- ATIF hack trajectories ---------------------------------------------------------------------


def _reward(src: Path, trial: str) -> float | None:
    for name in ("reward.txt", "reward.json"):
        rel = f"{trial}/verifier/{name}"
        try:
            if not paths.is_file(src, rel):
                continue
            data = json.loads(_read(src, rel))
        except (_Skip, ValueError, OSError, paths.UnsafePathError):
            return None
        if isinstance(data, int | float):
            return float(data)
        if isinstance(data, dict) and isinstance(data.get("reward"), int | float):
            return float(data["reward"])
    return None


def _task_beside(src: Path, task_rel: str, out: _Out, name: str) -> tuple[str, Task | None]:
    """The Harbor task of ``tasks/<task>/`` (itself, or its first child with a task.toml),
    looked for once per task."""
    if task_rel in out.beside:
        return out.beside[task_rel]
    found: tuple[str, Task | None] = ("", None)
    try:
        top = paths.resolve(src, task_rel)
        children = sorted(e.name for e in os.scandir(top) if e.is_dir(follow_symlinks=False))
    except (OSError, paths.UnsafePathError):
        children = []
    for rel in [task_rel] + [f"{task_rel}/{c}" for c in children]:
        if is_task_dir(src / rel):
            with contextlib.suppress(TaskError, paths.UnsafePathError):  # no Before: needs --against
                found = out.task(name, paths.resolve(src, rel))
            break
    out.beside[task_rel] = found
    return found


def _import_atif(src: Path, out: _Out, skipped: list[str]) -> None:
    for rel in _files(src, skipped):
        parts = rel.split("/")
        if tuple(parts[-3:]) != _ATIF_TAIL or len(parts) < 7:
            continue
        try:
            _one_trajectory(src, rel, out, skipped)
        except _Skip as exc:
            skipped.append(str(exc))


def _one_trajectory(src: Path, rel: str, out: _Out, skipped: list[str]) -> None:
    parts = rel.split("/")
    task_name, model, kind_dir, label = parts[-7], parts[-6], parts[-5], parts[-4]
    if not kind_dir.endswith("_trajectories"):
        return
    kind = kind_dir.removesuffix("_trajectories")
    role = "legitimate" if label in LEGITIMATE_LABELS else "hack" if kind == "hack" else None
    if role is None:
        raise _Skip(f"{src / rel}: a {kind} trajectory labelled {label!r}: neither a hack nor a legitimate solve")
    raw = _read(src, rel)
    try:
        atif = parse_atif(json.loads(raw), str(src / rel))
    except ValueError as exc:  # AtifError is one
        raise _Skip(str(exc) if isinstance(exc, AtifError) else f"{src / rel}: not JSON ({exc})") from None
    lines, terminal = distill_commands(atif)
    if not lines:
        raise _Skip(f"{src / rel}: no shell command in its tool calls")
    eid = out.unique(f"{task_name}__{model}__{label}")
    script = (replay_from_session if terminal else replay_from_commands)(lines, eid)
    task_rel = "/".join(parts[:-6])
    before, task = _task_beside(src, task_rel, out, task_name)
    trial = "/".join(parts[:-2])
    atif_rel = out.write(f"trajectories/{eid}.atif.json", raw)
    out.add(_entry(eid, task_name, label, role=role, before=before, tau=task,
                   script=out.write(f"scripts/{eid}.sh", script), trajectory=atif_rel, atif=atif_rel,
                   reward_found=_reward(src, trial), phase=kind_dir, agent=model,
                   replay="session" if terminal else "commands"))  # fmt: skip


# --- vera's own corpus --------------------------------------------------------------------------


def _import_vera(src: Path, out: _Out, skipped: list[str]) -> None:
    text = _text(src, "hacks.jsonl")
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            e = HackEntry.model_validate_json(line)
        except ValidationError as exc:
            err = exc.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "(line)"
            skipped.append(f"{src / 'hacks.jsonl'}:{n}: not an entry ({where}: {err['msg']})")
            continue
        try:
            _copy_entry(src, e, out)
        except _Skip as exc:
            skipped.append(f"{src / 'hacks.jsonl'}:{n}: {exc}")


def _copy_entry(src: Path, e: HackEntry, out: _Out) -> None:
    eid = out.unique(e.id)
    update: dict[str, object] = {"id": eid}
    for field, folder, suffix in (("script", "scripts", ".sh"), ("trajectory", "trajectories", ".json"),
                                  ("atif", "trajectories", ".atif.json"), ("diff", "diffs", ".json")):  # fmt: skip
        rel = getattr(e, field)
        if not rel:
            continue
        if field == "trajectory" and rel == e.atif:
            continue
        update[field] = out.write(f"{folder}/{eid}{suffix}", _read(src, rel))
    if e.atif and e.trajectory == e.atif:
        update["trajectory"] = update["atif"]
    for field in ("before", "snapshot"):
        rel = getattr(e, field)
        if not rel:
            continue
        state = Path(rel).name or field
        try:
            update[field], _ = out.task(e.task, paths.resolve(src, rel), state)
        except (TaskError, paths.UnsafePathError, OSError) as exc:
            raise _Skip(f"{e.id}: its {field} task does not load ({exc})") from None
    out.add(e.model_copy(update=update))


# --- the import ---------------------------------------------------------------------------------


def import_corpus(src: Path, out: Path, layout: Layout = "auto") -> ImportResult:
    """Read the corpus at ``src`` (``layout``, or the one :func:`detect_layout` finds) into a
    corpus of vera's at ``out``; return its entries and one line per entry left out.
    CorpusError when ``src`` holds no corpus, or when ``out`` is inside ``src``."""
    src, out = Path(src), Path(out)
    if layout not in LAYOUTS:
        raise CorpusError(f"unknown layout {layout!r} ({', '.join(LAYOUTS)})")
    found = detect_layout(src) if layout == "auto" else layout
    if not src.is_dir():
        raise CorpusError(f"{src}: not a folder")
    if out.resolve() == src.resolve() or out.resolve().is_relative_to(src.resolve()):
        raise CorpusError(f"{out}: inside the source {src}; write the corpus elsewhere")
    if out.is_dir() and not (out / "hacks.jsonl").is_file() and any(
        p.name != ".vera.lock" for p in out.iterdir()
    ):
        raise CorpusError(f"{out}: not empty and not a corpus; give a new folder for --out")
    out.mkdir(parents=True, exist_ok=True)
    for sub in ("tasks", "scripts", "trajectories", "diffs"):  # an earlier corpus there: replaced
        paths.make_dir(out, sub, fresh=True)
    sink, skipped = _Out(out), []
    reader = {"harden-v0": _import_harden_v0, "atif": _import_atif, "vera": _import_vera}[found]
    try:
        reader(src, sink, skipped)
    except _Skip as exc:
        skipped.append(str(exc))
    if len(sink.entries) > MAX_ENTRIES:
        skipped.append(f"{src}: {len(sink.entries) - MAX_ENTRIES} entries over the limit of {MAX_ENTRIES}")
        del sink.entries[MAX_ENTRIES:]
    sink.write("hacks.jsonl", "".join(e.model_dump_json() + "\n" for e in sink.entries))
    sink.write("README.md", f"# vera hardening exploit corpus (imported from {found})\n\nLayout:\n" + README)
    return ImportResult(layout=found, entries=sink.entries, skipped=skipped)


__all__ = ["LAYOUTS", "MAX_ENTRIES", "MAX_FILE", "ImportResult", "detect_layout", "import_corpus"]
