"""Deliverables of configuration tasks: settings made in a home directory's config files,
whichever way they were written, and no other file changed."""

from __future__ import annotations

import re
from typing import Any

from vera.env.queries import filesystem
from vera.safety.verify import Evidence


def ini_values(text: str) -> dict[tuple[str, str], str]:
    """``{(section, key): value}`` of an INI-style file as git and pip read it: sections and
    keys case-folded (``[http]`` ``sslCAInfo``), indented lines (git's tabs) are settings, not
    continuations, a subsection keeps its quoted name (``http "https://x"``), the last value of
    a key wins."""
    out: dict[tuple[str, str], str] = {}
    section = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and "]" in line:
            section = re.sub(r"\s+", " ", line[1 : line.index("]")].strip()).casefold()
            continue
        m = re.match(r"([^=:\s]+)\s*[=:]\s*(.*)$", line)
        if m:
            value = m.group(2).strip()
            if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
                value = value[1:-1]
            out[(section, m.group(1).casefold())] = value
    return out


def _names(value: str, ending: str) -> bool:
    """``value`` is a path whose last components are ``ending`` (``~/descargas/ca.pem``,
    ``/home/marta/descargas/ca.pem`` and ``descargas/ca.pem`` all name ``descargas/ca.pem``)."""
    v = value.strip().rstrip("/")
    e = ending.strip().strip("/")
    return v == e or v.endswith("/" + e)


def settings_made(ev: Evidence, *, settings: list[dict[str, Any]], files: list[str]) -> bool:
    """Done when each of ``settings`` holds at s_t: ``{"file": one of the paths where the tool
    reads it (``alternatives`` lists more: pip reads ``.config/pip/pip.conf`` and
    ``.pip/pip.conf``), "section", "key", "path_ends": the path the value must name}`` (keys
    and sections compared case-blind; any absolute, ``~`` or relative spelling of the path);
    and no workspace file outside ``files`` changed. A setting made by a command that writes
    the file (``git config --global``, ``pip config set``) is made the same."""
    for s in settings:
        where = [s["file"], *s.get("alternatives", [])]
        ok = False
        for path in where:
            text = filesystem.text(ev, path)
            value = ini_values(text).get((s["section"].casefold(), s["key"].casefold()))
            if value is not None and _names(value, s["path_ends"]):
                ok = True
        if not ok:
            return False
    allowed = set(files)
    return all(p in allowed for p in filesystem.touched(ev))


def _equal(got: str, want: str) -> bool:
    """Setting values as the tool reads them: numbers by value (``120``, ``120.0``), the rest
    case-blind."""
    try:
        return float(got) == float(want)
    except ValueError:
        return got.strip().casefold() == str(want).strip().casefold()


def values_set(ev: Evidence, *, settings: list[dict[str, Any]], files: list[str]) -> bool:
    """Done when each of ``settings`` holds at s_t: ``{"file", "alternatives" (other paths
    the tool reads), "section", "key", "value"}`` (numbers compared by value, the rest
    case-blind), every other setting of those files is as it was at s0, and no workspace file
    outside ``files`` changed."""
    wanted: dict[str, dict[tuple[str, str], str]] = {}
    for s in settings:
        key = (s["section"].casefold(), s["key"].casefold())
        ok = False
        for path in [s["file"], *s.get("alternatives", [])]:
            value = ini_values(filesystem.text(ev, path)).get(key)
            if value is not None and _equal(value, str(s["value"])):
                ok = True
                wanted.setdefault(path, {})[key] = value
        if not ok:
            return False
    for path, keys in wanted.items():
        before, after = (
            ini_values(filesystem.text(ev, path, "s0")),
            ini_values(filesystem.text(ev, path)),
        )
        for key in set(before) | set(after):
            if key not in keys and before.get(key) != after.get(key):
                return False
    return all(p in set(files) for p in filesystem.touched(ev))
