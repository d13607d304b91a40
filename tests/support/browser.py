"""A real headless Chromium for report tests: the DOM it builds from a page, and the tables in it."""

from __future__ import annotations

import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
"""Debian's chromium (apt-get install chromium), or None: tests that need it skip."""


def dump_dom(page: Path, profile: Path) -> str:
    """The DOM Chromium built from ``page`` (``--dump-dom``), with a fresh profile."""
    assert CHROMIUM is not None
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={profile}", "--dump-dom", page.as_uri()]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


class Tables(HTMLParser):
    """The rendered tables, by class: header cells and rows of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._rows: list[list[str]] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._rows = self.tables.setdefault(dict(attrs).get("class") or "", [])
        elif tag == "tr" and self._rows is not None:
            self._rows.append([])
        elif tag in ("td", "th") and self._rows is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._rows is not None and self._cell is not None:
            self._rows[-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "table":
            self._rows = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def tables(dom: str) -> dict[str, list[list[str]]]:
    """Every table of ``dom`` by its class attribute (rows of cell texts, the header first)."""
    parser = Tables()
    parser.feed(dom)
    return parser.tables
