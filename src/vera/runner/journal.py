"""A journal of completed steps: what makes a model-driven loop's ``--resume`` exact.

Both pillars' search loops use it: ``vera harden loop`` (``DIR/<task>/journal.jsonl``, keys
like ``iter-1/verifier-aware/hacker/2/model``) and ``vera cases harden --model``
(``DIR/journal.jsonl``, keys like ``<case>@<hash>/r1/case_hacker``). A line holds one finished
step: its key (phase, role, attempt index), its result and the model usage it cost.
A line is appended and fsync'd as soon as the step ends, so a process killed at any moment
leaves at most the step it was in unrecorded. On resume the loop runs again from the start and
every step found here returns its recorded result instead of calling a model or playing a trial;
the loop is deterministic given its steps' results, so it reaches the same records, the same
accepted states and the same place, and carries on from there.

A torn last line (a kill in the middle of a write) is dropped when the journal is opened (and
cut from the file by the next record); a key asked for twice in one run is a bug of the loop and
raises. Opening a journal writes nothing, and :meth:`Journal.check` validates every step before
a resume changes anything: a journal with one bad value is refused in one line naming the step,
and the run is left exactly as it was.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from vera.runner.store import write_atomic


def _first(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(p) for p in err["loc"])
    return f"{where + ': ' if where else ''}{' '.join(str(err['msg']).split())}"


class JournalError(Exception):
    """A journal that cannot be used: a line that is not a step, a key recorded twice, a value
    its step's kind refuses (:meth:`Journal.check`). One line naming the file, the step (its
    number, key and kind) and what is wrong."""


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._done: dict[str, dict[str, Any]] = {}
        self._line: dict[str, int] = {}
        self._used: set[str] = set()
        self._torn = False
        self.replayed = 0
        """Steps answered from the journal in this process."""
        self.recorded = 0
        """Steps run and recorded in this process."""
        if self.path.is_file():
            self._load()

    def _load(self) -> None:
        """Read every step; nothing is written here (a torn last line is dropped in memory and
        cut from the file by the first :meth:`record`), so a journal found wrong leaves the
        run exactly as it was."""
        lines = self.path.read_bytes().split(b"\n")
        for n, raw in enumerate(lines):
            if not raw.strip():
                continue
            try:
                entry = json.loads(raw)
            except ValueError:
                if n >= len(lines) - 2:  # the last line, torn by a kill: drop it
                    self._torn = True
                    break
                raise JournalError(f"{self.path}: step at line {n + 1}: not JSON") from None
            where = f"{self.path}: step at line {n + 1}"
            if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
                raise JournalError(f"{where}: not a step (an object with a 'key')")
            key = entry["key"]
            if "value" not in entry:
                raise JournalError(f"{where} ({key}): no 'value'")
            if not isinstance(entry.get("usage", []), list):
                raise JournalError(f"{where} ({key}): 'usage' is not a list")
            if key in self._done:
                raise JournalError(f"{where} ({key}): recorded twice (first at line "
                                   f"{self._line[key]})")  # fmt: skip
            self._done[key] = entry
            self._line[key] = n + 1

    def check(self, kind_of: Callable[[str], tuple[str, type[BaseModel]] | None]) -> None:
        """Validate every recorded step before anything runs: ``kind_of(key)`` gives the step's
        kind and the model its value must satisfy (None: a key this loop does not know, left
        alone); each usage entry must be a :class:`~vera.models.usage.UsageEntry`. Raises
        :class:`JournalError` naming the first bad step (number, key, kind, what is wrong)."""
        from vera.models.usage import UsageEntry

        for n, (key, entry) in enumerate(self._done.items(), 1):
            where = f"{self.path}: step {n} (line {self._line[key]}, {key!r}"
            known = kind_of(key)
            if known is not None:
                kind, model = known
                where += f", kind {kind}"
                try:
                    model.model_validate(entry["value"])
                except ValidationError as e:
                    raise JournalError(f"{where}): value {_first(e)}") from None
            for i, u in enumerate(entry.get("usage", [])):
                try:
                    UsageEntry.model_validate(u)
                except ValidationError as e:
                    raise JournalError(f"{where}): usage {i + 1} {_first(e)}") from None

    def __len__(self) -> int:
        return len(self._done)

    def entries(self) -> list[tuple[str, dict[str, Any]]]:
        """(key, entry) in the order the steps finished."""
        return list(self._done.items())

    def claim(self, key: str) -> dict[str, Any] | None:
        """Mark ``key`` used in this run; its recorded entry (``value``, ``usage``) or None."""
        if key in self._used:
            raise JournalError(f"step {key!r} asked for twice in one run")
        self._used.add(key)
        entry = self._done.get(key)
        if entry is not None:
            self.replayed += 1
        return entry

    def record(self, key: str, value: Any, usage: list[dict[str, Any]] | None = None) -> None:
        """Append the finished step and make it durable before returning."""
        entry = {"key": key, "value": value, "usage": usage or []}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self._torn:  # cut the torn last line before appending after it
            good = sorted(self._done.values(), key=lambda e: self._line[e["key"]])
            write_atomic(self.path, b"".join(json.dumps(e).encode() + b"\n" for e in good))
            self._torn = False
        new = not self.path.exists()
        with open(self.path, "ab") as fh:
            fh.write(json.dumps(entry).encode() + b"\n")
            fh.flush()
            os.fsync(fh.fileno())
        if new:  # the file's directory entry too, or a crash could lose the whole journal
            fd = os.open(self.path.parent, os.O_RDONLY | os.O_DIRECTORY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        self._done[key] = entry
        self._line[key] = max(self._line.values(), default=0) + 1
        self.recorded += 1


__all__ = ["Journal", "JournalError"]
