"""Building models from specs, and the policies every model call of a run goes through.

A :class:`ModelRuntime` belongs to one run. It owns what the run's models need (the embedded
local model's server, scripted servers), one concurrency limit shared by every role, one retry
policy and one :class:`UsageLedger`. :meth:`ModelRuntime.model` turns a spec into a pydantic-ai
``Model`` wrapped in :class:`RetryingModel`, which

- waits for a slot of the run's concurrency limit before each attempt,
- retries 429, 5xx, timeouts, broken connections and unreadable answers with exponential
  backoff and jitter (the SDKs' own retries are switched off so attempts are counted once),
- records tokens and cost of every successful call, under its role and trial,
- raises :class:`ModelUnavailableError` when the model still fails, so the runner reports an
  ``infra_error`` and never a verdict;
- raises :class:`ModelLimitError` at once (never retried) when the model refuses the request
  for a limit of its own (the context window, the tools offered): for a target agent that is
  the agent's outcome, not vera's.

Models know their context window where it can be known (``model.context_window``): the local
model's from its server, a scripted server's from its script, hosted models' from pydantic-ai's
profiles (genai-prices).

Example::

    async with ModelRuntime(max_concurrency=4) as rt:
        model = await rt.model("anthropic:claude-sonnet-4-5", role="target")
        result = await Agent(model).run("hello")
        rt.ledger.by_role()
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from pydantic import BaseModel, Field
from pydantic_ai.exceptions import (
    ContentFilterError,
    ModelAPIError,
    ModelConnectionError,
    ModelContextWindowExceededError,
    ModelHTTPError,
    ModelRateLimitError,
    ModelRequestTimeout,
    ModelServerError,
    UnexpectedModelBehavior,
)
from pydantic_ai.exceptions import ModelUnavailableError as _ProviderUnavailable
from pydantic_ai.messages import ModelMessage, ModelResponse
from pydantic_ai.models import Model, ModelRequestParameters, StreamedResponse
from pydantic_ai.models.wrapper import WrapperModel
from pydantic_ai.settings import ModelSettings

from vera.models.errors import (
    AgentLimit,
    ModelLimitError,
    ModelSpecError,
    ModelUnavailableError,
    classify_failure,
)
from vera.models.spec import ModelSpec, parse_spec
from vera.models.usage import UsageEntry, UsageLedger, current_trial, price_usd
from vera.records import Usage

T = TypeVar("T")


class RetryPolicy(BaseModel):
    """How hard to try before a model counts as unavailable."""

    attempts: int = Field(default=4, ge=1)
    """Attempts per call, the first included."""
    base_delay: float = Field(default=0.5, ge=0)
    """Delay before the second attempt; doubles each time."""
    max_delay: float = Field(default=30.0, ge=0)
    jitter: float = Field(default=0.5, ge=0, le=1)
    """Up to this fraction of each delay is added at random, so clients do not retry in step."""
    timeout: float = Field(default=120.0, gt=0)
    """Seconds one attempt may take (connect, send, wait, read) before it counts as a timeout."""

    def delay(self, attempt: int, retry_after: float | None = None) -> float:
        """Seconds to wait after failed attempt number ``attempt`` (1-based)."""
        base = min(self.max_delay, self.base_delay * (2 ** (attempt - 1)))
        wait = base + random.uniform(0, base * self.jitter)
        if retry_after is not None:
            wait = max(wait, min(retry_after, self.max_delay))
        return wait


def is_transient(error: BaseException) -> bool:
    """Whether trying again may help: rate limits, server errors, timeouts, broken answers."""
    if isinstance(error, ModelHTTPError):
        return error.status_code in (408, 409, 425, 429) or error.status_code >= 500
    if isinstance(
        error,
        ModelRateLimitError
        | _ProviderUnavailable
        | ModelServerError
        | ModelConnectionError
        | ModelRequestTimeout,
    ):
        return True
    if isinstance(error, ContentFilterError):
        return False  # the provider refused this content; asking again gets the same answer
    # A body that cannot be decoded (truncated JSON, a broken event stream) is a server fault.
    return isinstance(error, UnexpectedModelBehavior) or _is_decode_error(error)


def agent_limit(error: BaseException) -> AgentLimit | None:
    """The model's own limit a refused request ran into (``context_window``, ``tool_schema``),
    from pydantic-ai's category or the provider's words; None for anything else."""
    if isinstance(error, ModelContextWindowExceededError):
        return "context_window"
    if not isinstance(error, ModelAPIError) or isinstance(error, ModelRateLimitError):
        return None
    if isinstance(error, ModelHTTPError) and error.status_code in (408, 409, 425, 429, 503, 529):
        return None
    text = f"{error} {error.provider_error_code or ''} {error.provider_error_type or ''}"
    kind = classify_failure(text)
    return kind if kind in ("context_window", "tool_schema") else None  # type: ignore[return-value]


def _is_decode_error(error: BaseException) -> bool:
    import json

    from pydantic import ValidationError

    seen: set[int] = set()
    e: BaseException | None = error
    while e is not None and id(e) not in seen:
        seen.add(id(e))
        if isinstance(e, json.JSONDecodeError | ValidationError):
            return True
        e = e.__cause__ or e.__context__
    return False


@dataclass(init=False)
class RetryingModel(WrapperModel):
    """A pydantic-ai model wrapped with vera's retry, concurrency and accounting policies."""

    role: str
    spec: ModelSpec

    def __init__(self, wrapped: Model, *, spec: ModelSpec, role: str, runtime: ModelRuntime):
        super().__init__(wrapped)
        self.spec = spec
        self.role = role
        self._rt = runtime

    async def _attempt(self, call: Callable[[], Awaitable[T]]) -> tuple[T, int]:
        """Run ``call`` (one attempt, which takes its own concurrency slot) until it succeeds;
        returns its result and the number of attempts it took."""
        policy = self._rt.retry
        for attempt in range(1, policy.attempts + 1):
            try:
                return await call(), attempt
            except (ModelAPIError, UnexpectedModelBehavior, ValueError) as e:
                limit = agent_limit(e)
                if limit is not None:
                    raise self._refused(e, limit) from e
                if not is_transient(e):
                    if isinstance(e, ModelAPIError):
                        raise self._unavailable(e, attempt, retried=False) from e
                    raise
                if attempt == policy.attempts:
                    raise self._unavailable(e, attempt, retried=True) from e
                await asyncio.sleep(policy.delay(attempt, getattr(e, "retry_after", None)))
        raise AssertionError("unreachable")

    def _unavailable(
        self, e: BaseException, attempts: int, *, retried: bool
    ) -> ModelUnavailableError:
        why = " ".join(str(e).split())[:300] or type(e).__name__
        how = f"after {attempts} attempt(s)" if retried else "(not retried)"
        return ModelUnavailableError(
            f"model {self.spec.raw} ({self.role}) failed {how}: {type(e).__name__}: {why}",
            model=self.spec.raw,
            attempts=attempts,
            role=self.role,
        )

    def _refused(self, e: BaseException, limit: AgentLimit) -> ModelLimitError:
        why = " ".join(str(e).split())[:300] or type(e).__name__
        return ModelLimitError(
            f"model {self.spec.raw} ({self.role}) refused the request ({limit}): "
            f"{type(e).__name__}: {why}",
            limit=limit,
            model=self.spec.raw,
            role=self.role,
        )

    def _record(self, usage: Any, attempts: int) -> None:
        name, provider = self.wrapped.model_name, self.wrapped.system
        if self.spec.price_as:
            provider, _, name = self.spec.price_as.rpartition(":")
        cost = price_usd(usage, name, provider or None) if self.spec.priced else None
        entry = UsageEntry(
            role=self.role,
            model=self.spec.raw,
            trial=current_trial(),
            attempts=attempts,
            usage=Usage(
                requests=1,
                input_tokens=usage.input_tokens,
                output_tokens=usage.output_tokens,
                cache_read_tokens=usage.cache_read_tokens,
                cache_write_tokens=usage.cache_write_tokens,
                cost_usd=cost,
            ),
        )
        self._rt.ledger.record(entry)

    async def request(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
    ) -> ModelResponse:
        async def once() -> ModelResponse:
            async with self._rt.slot():
                return await self.wrapped.request(
                    messages, model_settings, model_request_parameters
                )

        response, attempts = await self._attempt(once)
        self._record(response.usage, attempts)
        return response

    @asynccontextmanager
    async def request_stream(
        self,
        messages: list[ModelMessage],
        model_settings: ModelSettings | None,
        model_request_parameters: ModelRequestParameters,
        run_context: Any = None,
    ) -> AsyncIterator[StreamedResponse]:
        """Retry opening the stream; a stream that breaks once it has produced events is not
        replayed (its events were already handed on) and raises ModelUnavailableError."""
        async with AsyncExitStack() as stack:

            async def open_stream() -> StreamedResponse:
                await stack.enter_async_context(self._rt.slot())
                try:
                    opened = self.wrapped.request_stream(
                        messages, model_settings, model_request_parameters, run_context
                    )
                    stream = await stack.enter_async_context(opened)
                    return stream
                except BaseException:
                    await stack.aclose()
                    raise

            stream, attempts = await self._attempt(open_stream)
            try:
                yield stream
            except (ModelAPIError, UnexpectedModelBehavior) as e:
                limit = agent_limit(e)
                if limit is not None:
                    raise self._refused(e, limit) from e
                if is_transient(e):
                    raise self._unavailable(e, attempts, retried=False) from e
                raise
            self._record(stream.usage, attempts)


class ModelRuntime:
    """Everything one run's models share; use as ``async with ModelRuntime() as rt``."""

    def __init__(
        self,
        *,
        max_concurrency: int = 8,
        retry: RetryPolicy | None = None,
        ledger: UsageLedger | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        if max_concurrency < 1:
            raise ValueError("max_concurrency must be at least 1")
        self.max_concurrency = max_concurrency
        self.retry = retry or RetryPolicy()
        self.ledger = ledger or UsageLedger()
        self._env = env if env is not None else os.environ
        self._sem: asyncio.Semaphore | None = None
        self._stack = AsyncExitStack()
        self._local: Any = None
        self._models: dict[str, Model] = {}
        self.scripted: list[Any] = []
        """Scripted servers started for ``scripted:`` specs, in order (tests read their requests)."""

    async def __aenter__(self) -> ModelRuntime:
        self._sem = asyncio.Semaphore(self.max_concurrency)
        await self._stack.__aenter__()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._stack.aclose()
        self._models.clear()
        self._local = None  # stopped; ``scripted`` stays readable (stopped servers keep requests)

    @property
    def local(self) -> Any:
        """The embedded model's server (a LocalModelServer) once a ``local`` spec started it."""
        return self._local

    @asynccontextmanager
    async def slot(self) -> AsyncIterator[None]:
        """One of the run's ``max_concurrency`` slots for the duration of a model call."""
        if self._sem is None:
            self._sem = asyncio.Semaphore(self.max_concurrency)
        async with self._sem:
            yield

    async def model(self, spec: str | ModelSpec, *, role: str) -> RetryingModel:
        """Build the model for ``spec`` (starting a local or scripted server when needed)."""
        parsed = spec if isinstance(spec, ModelSpec) else parse_spec(spec)
        if parsed.kind == "scripted":  # a server per model: each trial plays its own script
            inner = await self._build(parsed)
            price_as = self.scripted[-1].script.price_as
            if price_as:  # a double costed like the hosted model it stands in for
                from pydantic_ai.usage import RequestUsage

                provider, _, name = price_as.rpartition(":")
                if price_usd(RequestUsage(input_tokens=1), name, provider or None) is None:
                    raise ModelSpecError(
                        f"{parsed.script}: price_as {price_as!r} is not a model genai-prices knows"
                    )
                parsed = parsed.model_copy(update={"priced": True, "price_as": price_as})
        else:  # one client (connection pool, TLS context) per spec for the whole run
            key = parsed.raw
            if key not in self._models:
                self._models[key] = await self._build(parsed)
            inner = self._models[key]
        return RetryingModel(inner, spec=parsed, role=role, runtime=self)

    async def _build(self, spec: ModelSpec) -> Model:
        if spec.kind == "test":
            from pydantic_ai.models.test import TestModel

            return TestModel()
        if spec.kind == "local":
            from vera.models.local import LocalModelServer

            if self._local is None:
                self._local = await self._stack.enter_async_context(LocalModelServer())
            return self._openai_chat(
                spec.name,
                self._local.openai_base_url,
                "local",
                local=True,
                window=self._local.context_window,
            )
        if spec.kind == "scripted":
            from vera.models.scripted import ScriptedServer

            assert spec.script is not None
            srv = await self._stack.enter_async_context(ScriptedServer(spec.script))
            self.scripted.append(srv)
            window = srv.script.context_window
            if spec.wire == "messages":
                return self._anthropic("scripted", srv.base_url, "scripted", window=window)
            if spec.wire == "responses":
                return self._openai_responses(
                    "scripted", srv.openai_base_url, "scripted", window=window
                )
            return self._openai_chat("scripted", srv.openai_base_url, "scripted", window=window)
        if spec.kind == "openai-chat":
            return self._openai_chat(spec.name, spec.base_url, None)
        if spec.kind == "openai-responses":
            return self._openai_responses(spec.name, spec.base_url, None)
        if spec.kind == "anthropic":
            return self._anthropic(spec.name, spec.base_url, None)
        return self._infer(spec)

    # --- builders -------------------------------------------------------------------------------

    def _openai_client(self, base_url: str | None, key: str | None) -> Any:
        from vera.models.openai_client import LeanAsyncOpenAI

        if key is None and base_url is not None and not self._env.get("OPENAI_API_KEY"):
            key = "not-needed"  # local and compatible servers accept any key; the SDK wants one
        if key is None and not self._env.get("OPENAI_API_KEY"):
            raise ModelSpecError("OPENAI_API_KEY is not set (needed for openai: models)")
        return LeanAsyncOpenAI(
            base_url=base_url,
            api_key=key or self._env.get("OPENAI_API_KEY"),
            max_retries=0,
            timeout=self.retry.timeout,
        )

    def _openai_chat(
        self,
        name: str,
        base_url: str | None,
        key: str | None,
        local: bool = False,
        window: int | None = None,
    ) -> Model:
        from pydantic_ai.models.openai import OpenAIChatModel
        from pydantic_ai.profiles.openai import OpenAIModelProfile
        from pydantic_ai.providers.openai import OpenAIProvider

        provider = OpenAIProvider(openai_client=self._openai_client(base_url, key))
        profile = None
        if local:
            # llama-cpp-python's server answers HTTP 500 to tool_choice "required".
            profile = OpenAIModelProfile(supports_forced_tool_choice=False)
        if window is not None:
            profile = OpenAIModelProfile(**(profile or {}), context_window=window)
        return OpenAIChatModel(name, provider=provider, profile=profile)

    def _openai_responses(
        self, name: str, base_url: str | None, key: str | None, window: int | None = None
    ) -> Model:
        from pydantic_ai.models.openai import OpenAIResponsesModel
        from pydantic_ai.profiles.openai import OpenAIModelProfile
        from pydantic_ai.providers.openai import OpenAIProvider

        provider = OpenAIProvider(openai_client=self._openai_client(base_url, key))
        profile = None if window is None else OpenAIModelProfile(context_window=window)
        return OpenAIResponsesModel(name, provider=provider, profile=profile)

    def _anthropic(
        self, name: str, base_url: str | None, key: str | None, window: int | None = None
    ) -> Model:
        from anthropic import AsyncAnthropic
        from pydantic_ai.models.anthropic import AnthropicModel
        from pydantic_ai.providers.anthropic import AnthropicProvider

        has_key = self._env.get("ANTHROPIC_API_KEY") or self._env.get("ANTHROPIC_AUTH_TOKEN")
        if key is None and base_url is None and not has_key:
            raise ModelSpecError("ANTHROPIC_API_KEY is not set (needed for anthropic: models)")
        if key is None and not has_key:
            key = "not-needed"
        client = AsyncAnthropic(
            base_url=base_url, api_key=key, max_retries=0, timeout=self.retry.timeout
        )
        profile = None
        if window is not None:
            from pydantic_ai.profiles import ModelProfile

            profile = ModelProfile(context_window=window)
        return AnthropicModel(
            name, provider=AnthropicProvider(anthropic_client=client), profile=profile
        )

    def _infer(self, spec: ModelSpec) -> Model:
        from pydantic_ai.models import infer_model

        if spec.base_url:
            raise ModelSpecError(f"{spec.provider}: models do not take @URL in vera")
        # pydantic-ai renamed Google's providers; keep the names users know working.
        provider = {"google-gla": "google", "google-vertex": "google-cloud"}.get(
            spec.provider or "", spec.provider
        )
        try:
            return infer_model(f"{provider}:{spec.name}")
        except ImportError as e:
            raise ModelSpecError(
                f"{spec.provider}: needs an extra package ({' '.join(str(e).split())[:160]})"
            ) from e
        except Exception as e:  # pydantic-ai's UserError and friends: unknown provider, no key
            raise ModelSpecError(f"cannot use {spec.raw}: {' '.join(str(e).split())[:200]}") from e
