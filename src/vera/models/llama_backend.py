"""The embedded model's backend process: llama-cpp-python's server with bounded tool calls.

Run as ``python -m vera.models.llama_backend ARGS`` with the arguments of
``python -m llama_cpp.server``. It is that server, with one fix that a front cannot make:
llama-cpp-python 0.3.16's ``chatml-function-calling`` handler drops the request's
``max_tokens`` and asks for every completion of a tool call (the arguments, the choice of a
next call) with ``max_tokens=None``, which generates until the 8,192-token context is full.
Constrained to a JSON schema, the 135M model can keep a string argument open forever, so one
request in a few ran for minutes on a CPU and the agent's turn ran out of time with no answer
(and so no usage) at all.

Here the handler runs with the request's ``max_tokens`` in a context variable, and every
completion it asks for without a bound gets that bound instead (or
``VERA_LLAMA_MAX_TOKENS``, default 512, when the request has none). A tool call cut there
comes back as arguments that do not parse, which the agent sees and answers like any other
malformed call.
"""

from __future__ import annotations

import contextvars
import os
from collections.abc import Iterator
from typing import Any

import llama_cpp
from llama_cpp import llama_chat_format
from llama_cpp.server.__main__ import main

HANDLER = "chatml-function-calling"
DEFAULT_CAP = int(os.environ.get("VERA_LLAMA_MAX_TOKENS", "512"))

_cap: contextvars.ContextVar[int | None] = contextvars.ContextVar("vera_llama_cap", default=None)
_create_completion = llama_cpp.Llama.create_completion


def _bounded_completion(self: llama_cpp.Llama, *args: Any, **kwargs: Any) -> Any:
    """``Llama.create_completion``, with the request's bound where the handler passed none."""
    cap = _cap.get()
    unbounded = (kwargs.get("max_tokens") or 0) <= 0  # None and -1 both mean "to the end"
    if cap is not None and len(args) < 3 and unbounded:
        kwargs["max_tokens"] = cap
    return _create_completion(self, *args, **kwargs)


def bounded(handler: Any) -> Any:
    """A chat handler that runs ``handler`` with the request's ``max_tokens`` as the bound."""

    def run(*args: Any, **kwargs: Any) -> Any:
        cap = kwargs.get("max_tokens") or DEFAULT_CAP
        token = _cap.set(cap)
        try:
            result = handler(*args, **kwargs)
        finally:
            _cap.reset(token)
        return _streamed(result, cap) if isinstance(result, Iterator) else result

    return run


def _streamed(chunks: Iterator[Any], cap: int) -> Iterator[Any]:
    """A streamed answer whose completions, made as it is read, keep the request's bound."""
    while True:
        token = _cap.set(cap)
        try:
            chunk = next(chunks)
        except StopIteration:
            return
        finally:
            _cap.reset(token)
        yield chunk


def install() -> None:
    """Bound the function-calling handler's completions (idempotent)."""
    if llama_cpp.Llama.create_completion is not _bounded_completion:
        llama_cpp.Llama.create_completion = _bounded_completion  # type: ignore[method-assign]
        registry = llama_chat_format.LlamaChatCompletionHandlerRegistry()
        original = llama_chat_format.get_chat_completion_handler(HANDLER)
        registry.register_chat_completion_handler(HANDLER, bounded(original), overwrite=True)


if __name__ == "__main__":
    install()
    main()
