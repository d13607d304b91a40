"""Model spec strings, parsed into a record before anything is built from them.

Grammar (``KIND:NAME[@BASE_URL]``)::

    openai:gpt-4o                 OpenAI, Responses API (pydantic-ai's default for ``openai:``)
    openai-chat:gpt-4o            OpenAI, Chat Completions API
    openai-responses:gpt-4o       OpenAI, Responses API (explicit)
    anthropic:claude-sonnet-4-5   Anthropic Messages API
    google-gla:gemini-2.5-flash   Google (needs pydantic-ai's google extra)
    openai-compat:NAME@URL        any OpenAI-compatible Chat Completions server; without ``@URL``
                                  the base URL comes from VERA_OPENAI_BASE_URL or OPENAI_BASE_URL
    local                         the embedded model (extra ``vera[local]``)
    scripted:FILE[#WIRE]          the scripted model server playing FILE; WIRE is the format the
                                  model speaks to it: chat (default), responses or messages
    test                          pydantic-ai's TestModel (no network)

``@URL`` may follow any hosted kind to point it at a proxy or a double. Keys are never part of a
spec: each provider's SDK reads its own environment variable (OPENAI_API_KEY,
ANTHROPIC_API_KEY, ...).
"""

from __future__ import annotations

import os
from typing import Literal

from pydantic import BaseModel

from vera.models.errors import ModelSpecError

Kind = Literal[
    "openai-chat", "openai-responses", "anthropic", "google", "local", "scripted", "test", "other"
]
ScriptedWire = Literal["chat", "responses", "messages"]

_ALIASES: dict[str, Kind] = {
    "openai": "openai-responses",
    "openai-responses": "openai-responses",
    "openai-chat": "openai-chat",
    "openai-compat": "openai-chat",
    "anthropic": "anthropic",
    "google-gla": "google",
    "google": "google",
    "google-vertex": "google",
}


class ModelSpec(BaseModel):
    """A parsed model spec; ``str(spec)`` gives back a canonical string."""

    raw: str
    kind: Kind
    name: str
    base_url: str | None = None
    script: str | None = None
    """Path of the script (``scripted`` only)."""
    wire: ScriptedWire = "chat"
    """Wire format used to talk to a scripted server."""
    provider: str | None = None
    """The provider prefix as written (``openai``, ``google-gla``, ...)."""
    priced: bool = True
    """Whether genai-prices should be asked for a cost (not for local, scripted, custom URLs)."""
    price_as: str | None = None
    """``PROVIDER:MODEL`` to price the calls as (a scripted script's ``price_as``); None: the
    model's own name."""

    def __str__(self) -> str:
        return self.raw


def parse_spec(spec: str) -> ModelSpec:
    """Parse a spec string; raises :class:`ModelSpecError` with a one-line reason."""
    raw = spec.strip()
    if not raw:
        raise ModelSpecError("empty model spec")
    if raw == "test":
        return ModelSpec(raw=raw, kind="test", name="test", priced=False)
    if raw == "local" or raw.startswith("local:"):
        name = raw.partition(":")[2] or "smollm2-135m"
        return ModelSpec(raw=raw, kind="local", name=name, provider="local", priced=False)
    prefix, sep, rest = raw.partition(":")
    if not sep or not rest:
        raise ModelSpecError(
            f"model spec {raw!r} is not KIND:NAME (e.g. openai:gpt-4o, anthropic:claude-sonnet-4-5, "
            "local, scripted:FILE)"
        )
    if prefix == "scripted":
        path, _, wire = rest.partition("#")
        if wire and wire not in ("chat", "responses", "messages"):
            raise ModelSpecError(f"scripted wire must be chat, responses or messages, not {wire!r}")
        if not os.path.isfile(path):
            raise ModelSpecError(f"script file not found: {path}")
        return ModelSpec(
            raw=raw,
            kind="scripted",
            name="scripted",
            script=path,
            wire=wire or "chat",
            provider="scripted",
            priced=False,
        )  # type: ignore[arg-type]
    name, _, url = rest.partition("@")
    if not name:
        raise ModelSpecError(f"model spec {raw!r} names no model")
    if url and not url.startswith(("http://", "https://")):
        raise ModelSpecError(f"base URL in {raw!r} must start with http:// or https://")
    kind = _ALIASES.get(prefix, "other")
    if prefix == "openai-compat" and not url:
        url = os.environ.get("VERA_OPENAI_BASE_URL") or os.environ.get("OPENAI_BASE_URL") or ""
        if not url:
            raise ModelSpecError(
                f"{raw!r} needs a server: write openai-compat:NAME@URL or set VERA_OPENAI_BASE_URL"
            )
    return ModelSpec(
        raw=raw, kind=kind, name=name, base_url=url or None, provider=prefix, priced=not url
    )


def check_spec(spec: str) -> ModelSpec:
    """:func:`parse_spec`, and for a provider vera hands to pydantic-ai, that pydantic-ai knows
    it and its package is installed: everything about a spec that can be known without a key or
    the network, so a plan is refused in one line (:class:`ModelSpecError`) rather than every
    trial failing on it."""
    parsed = parse_spec(spec)
    if parsed.kind != "other":
        return parsed
    from pydantic_ai.providers import infer_provider_class

    provider = {"google-gla": "google", "google-vertex": "google-cloud"}.get(
        parsed.provider or "", parsed.provider or ""
    )
    try:
        infer_provider_class(provider)
    except ValueError:
        raise ModelSpecError(
            f"model spec {parsed.raw!r}: unknown provider {parsed.provider!r} (e.g. openai:gpt-4o, "
            "anthropic:claude-sonnet-4-5, openai-compat:NAME@URL, local, scripted:FILE)"
        ) from None
    except ImportError as e:
        raise ModelSpecError(
            f"model spec {parsed.raw!r}: {parsed.provider} needs an extra package "
            f"({' '.join(str(e).split())[:160]})"
        ) from None
    return parsed
