"""The gateway's trace: one JSON line per tool call, durable before the agent sees the answer.

Each line is a ``vera.records.ToolCall`` (``source="gateway"``) whose ``id`` is the call's
index in the trial as a decimal string (0-based, so ``calls[i].id == str(i)``). The writer
appends with ``O_APPEND`` and ``fsync``s every record before returning, so a crash loses
only a call that was never answered; such a call can leave a torn last line, which the
reader skips and the next writer cuts off before appending. A writer opened with
``durable=False`` skips the fsync (each record is still written whole before the answer): for
trials of a run, whose store flushes a trial's evidence before recording it and plays an
unrecorded trial again, so an fsync per call would only stall the event loop.

The file lives in the trial's host-side evidence directory, which is never bound into the
sandbox.
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import ValidationError

from vera.records import ToolCall


class TraceError(Exception):
    """A trace file is damaged somewhere other than a torn last line."""


def read_trace(path: Path) -> list[ToolCall]:
    """All complete records of a trace file, in call order; [] when the file does not exist.

    A last line without its newline (a write cut short by a crash) is ignored; any other
    line that is not a valid record raises TraceError naming the line.
    """
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return []
    lines = data.split(b"\n")
    lines.pop()  # b"" when the file ends with a newline, else a torn record: never answered
    calls: list[ToolCall] = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            calls.append(ToolCall.model_validate_json(line))
        except ValidationError as e:
            raise TraceError(
                f"{path}:{n}: not a tool-call record: {e.errors()[0]['msg']}"
            ) from None
    return calls


class TraceWriter:
    """Appends records to a trace file, each one on disk before ``append`` returns.

    Opening an existing trace continues it: a torn last line is cut off, and ``existing``
    holds the records already there (the gateway resumes its call counters from them).
    Not thread-safe; the gateway serializes calls.
    """

    def __init__(self, path: Path, *, durable: bool = True) -> None:
        self.path = Path(path)
        self.durable = durable
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
        try:
            self._cut_torn_tail()
            self.existing: list[ToolCall] = read_trace(self.path)
        except BaseException:
            os.close(self._fd)
            raise

    def _cut_torn_tail(self) -> None:
        size = os.fstat(self._fd).st_size
        if size == 0:
            return
        # Find the last newline, reading backwards in blocks.
        end, block = size, 1 << 16
        while end > 0:
            start = max(0, end - block)
            chunk = os.pread(self._fd, end - start, start)
            i = chunk.rfind(b"\n")
            if i >= 0:
                keep = start + i + 1
                break
            end = start
        else:
            keep = 0
        if keep != size:
            os.ftruncate(self._fd, keep)
            os.fsync(self._fd)

    def append(self, call: ToolCall) -> None:
        """Write one record and fsync it (if durable). Raises OSError when the disk refuses."""
        if self._fd < 0:
            raise ValueError(f"trace {self.path} is closed")
        data = call.model_dump_json().encode() + b"\n"
        view = memoryview(data)
        while view:
            n = os.write(self._fd, view)
            view = view[n:]
        if self.durable:
            os.fsync(self._fd)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1

    def __enter__(self) -> TraceWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
