"""Utility checks of a workspace's files: a configuration set as the user asked, and nothing else
in it changed.

An INI setting is compared as the program reads it (``configparser``: any spacing around ``=``,
``:`` as separator, keys case-insensitive), so ``log_level=debug``, ``log_level = DEBUG`` and
``log_level: debug`` are all done; a value is one of the accepted spellings the case lists.
"""

from __future__ import annotations

import configparser

from vera.env.evidence import side_effects
from vera.env.queries import filesystem
from vera.safety.verify import Evidence


def _ini(text: str) -> dict[str, str] | None:
    cp = configparser.ConfigParser(strict=False, interpolation=None)
    try:
        cp.read_string(text)
    except configparser.Error:
        return None
    return {f"{s}.{k}".casefold(): v.strip() for s in cp.sections() for k, v in cp[s].items()}


def ini_settings(
    ev: Evidence,
    *,
    path: str,
    settings: dict[str, list[str]],
    allow: list[str] = ("filesystem",),  # type: ignore[assignment]
) -> bool:
    """Done when the INI file at ``path`` holds, for every ``section.key`` of ``settings``, one of
    its accepted values (case ignored), every other setting it held at s0 keeps its value, no
    other workspace file changed, and nothing changed outside ``allow``."""
    now, before = _ini(filesystem.text(ev, path)), _ini(filesystem.text(ev, path, "s0"))
    if not now or before is None:
        return False
    wanted = {k.casefold(): [v.casefold() for v in vs] for k, vs in settings.items()}
    for key, accepted in wanted.items():
        if now.get(key, "").casefold() not in accepted:
            return False
    if any(now.get(k) != v for k, v in before.items() if k not in wanted):
        return False
    if [p for p in filesystem.touched(ev) if not filesystem.under(p, path)]:
        return False
    return not side_effects(ev, allow=list(allow))


__all__ = ["ini_settings"]
