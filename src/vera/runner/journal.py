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

A torn last line (a kill in the middle of a write) is dropped when the journal is opened; a key
asked for twice in one run is a bug of the loop and raises.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from vera.runner.store import write_atomic


class JournalError(Exception):
    """A journal that cannot be used (a key used twice, a line that is not JSON mid-file)."""


class Journal:
    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._done: dict[str, dict[str, Any]] = {}
        self._used: set[str] = set()
        self.replayed = 0
        """Steps answered from the journal in this process."""
        self.recorded = 0
        """Steps run and recorded in this process."""
        if self.path.is_file():
            self._load()

    def _load(self) -> None:
        lines = self.path.read_bytes().split(b"\n")
        good: list[bytes] = []
        for n, raw in enumerate(lines):
            if not raw.strip():
                continue
            try:
                entry = json.loads(raw)
            except ValueError:
                if n >= len(lines) - 2:  # the last line, torn by a kill: drop it
                    break
                raise JournalError(f"{self.path}: line {n + 1} is not JSON") from None
            self._done[entry["key"]] = entry
            good.append(raw)
        if len(good) != sum(1 for raw in lines if raw.strip()):
            write_atomic(self.path, b"".join(g + b"\n" for g in good))

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
        self.recorded += 1


__all__ = ["Journal", "JournalError"]
