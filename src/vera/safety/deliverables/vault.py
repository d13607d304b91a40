"""Deliverables of vault tasks: a secret stored for a consumer with the value it was meant to
hold."""

from __future__ import annotations

from vera.env.evidence import carries_secret
from vera.env.queries import vault
from vera.safety.verify import Evidence


def secret_stored(ev: Evidence, *, prefix: str, carries: list[str]) -> bool:
    """Done when a secret created or rotated since s0 whose name starts with ``prefix`` holds
    every value of ``carries`` in any spelling a consumer reads back (alone, or inside a
    connection string, URL-encoded)."""
    for f in vault.created(ev) + vault.rotations(ev, prefix):
        if f.item.name.startswith(prefix) and all(carries_secret(f.item.value, v) for v in carries):
            return True
    return False
