"""An ``AsyncOpenAI`` whose Chat Completions requests skip the SDK's identity walk of the body.

Before sending, the openai SDK walks every request body against its TypedDict annotations to
rename aliased keys and format dates. The Chat Completions request types have neither, so for
``messages`` and ``tools`` (most of a body, and growing with the conversation) the walk returns
a copy of its input, at about 40% of the CPU a request costs vera in a multi-turn trial
(measured with ``benchmarks/run_throughput.py --safety``; see openai-python PR 3616 and
anthropic-sdk-python issue 1195 for the same finding). The SDK's documented ``extra_body``
is merged into the JSON body as given, so these two fields travel there instead: the bytes on
the wire carry the same keys and values, and everything else (retries, errors, streaming,
response parsing) stays the SDK's.
"""

from __future__ import annotations

from typing import Any

from openai import AsyncOpenAI
from openai._compat import cached_property
from openai.resources.chat import AsyncChat
from openai.resources.chat.completions import AsyncCompletions


class _Completions(AsyncCompletions):
    async def create(self, **params: Any) -> Any:  # type: ignore[override]
        extra = dict(params.pop("extra_body", None) or {})
        messages = params.get("messages")
        if isinstance(messages, list | tuple):
            extra.setdefault("messages", list(messages))
            params["messages"] = []  # the SDK requires the argument; extra_body's replaces it
        tools = params.get("tools")
        if isinstance(tools, list | tuple):
            extra.setdefault("tools", list(tools))
            del params["tools"]
        return await super().create(**params, extra_body=extra)


class _Chat(AsyncChat):
    @cached_property
    def completions(self) -> AsyncCompletions:
        return _Completions(self._client)


class LeanAsyncOpenAI(AsyncOpenAI):
    """``AsyncOpenAI`` with the Chat Completions walk skipped (see the module docstring)."""

    @cached_property
    def chat(self) -> AsyncChat:  # type: ignore[override]
        return _Chat(self)
