"""Options of the OpenAI chat model: connection settings and Chat Completions parameters."""

from __future__ import annotations

import enum
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.model._wire_limits import LIMIT_FIELDS, check_limits
from spring_ai_py.model.option_fields import option
from spring_ai_py.model.provider import ConnectionOptions, options_repr
from spring_ai_py.model.tool.structured_output_chat_options import StructuredOutputChatOptions
from spring_ai_py.model.tool.tool_calling_chat_options import (
    ToolCallingChatOptions,
    ToolCallingChatOptionsBuilder,
)

if TYPE_CHECKING:
    from spring_ai_py.tool import ToolCallback

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class ResponseFormat(Buildable):
    """The format of the model's answer: text, any JSON object, or JSON following a schema.

    ``ResponseFormat(json_schema=schema)`` (or ``builder().json_schema(schema)``) selects
    ``JSON_SCHEMA``; ``strict`` applies to the JSON schema format only and defaults to
    true when unset. It is distinct from :attr:`OpenAiChatOptions.strict`, which governs
    tool definitions.
    """

    class Type(enum.Enum):
        """The response format types of the Chat Completions API."""

        TEXT = "text"
        JSON_OBJECT = "json_object"
        JSON_SCHEMA = "json_schema"

    type: ResponseFormat.Type | None = None
    json_schema: str | None = None
    strict: bool | None = None

    def __post_init__(self) -> None:
        if self.type is None:
            chosen = (
                ResponseFormat.Type.JSON_SCHEMA
                if self.json_schema is not None
                else ResponseFormat.Type.TEXT
            )
            object.__setattr__(self, "type", chosen)

    def get_type(self) -> ResponseFormat.Type:
        assert self.type is not None
        return self.type

    def get_json_schema(self) -> str | None:
        return self.json_schema

    def get_strict(self) -> bool | None:
        return self.strict

    # --- generated builder ---
    class Builder(_builder.Builder["ResponseFormat"]):
        """The builder of :class:`ResponseFormat`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def type(self, type: ResponseFormat.Type | None, /) -> Self:
            return self._set("type", (type,))

        def json_schema(self, json_schema: str | None, /) -> Self:
            return self._set("json_schema", (json_schema,))

        def strict(self, strict: bool | None, /) -> Self:
            return self._set("strict", (strict,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ResponseFormat: ...

    @classmethod
    def builder(cls) -> ResponseFormat.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ResponseFormat.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class OpenAiChatOptionsBuilder(ToolCallingChatOptionsBuilder):
    """The builder of :class:`OpenAiChatOptions`, with Spring's special setters.

    ``max_tokens`` and ``max_completion_tokens`` exclude each other, as in Spring:
    ``max_completion_tokens`` clears ``max_tokens``, and ``max_tokens`` is ignored (with
    a warning) once ``max_completion_tokens`` is set; ``stop`` is ``stop_sequences``;
    ``stream_usage(bool)`` asks for the usage chunk of a stream; ``timeout`` takes
    seconds or a ``timedelta``.
    """

    __slots__ = ()

    def tool_callbacks(self, *tool_callbacks: ToolCallback | Sequence[ToolCallback] | None) -> Self:
        """As the tool-calling builder, except that ``tool_callbacks(None)`` clears them
        (Spring's ``OpenAiChatOptions.Builder`` accepts a null list)."""
        if len(tool_callbacks) == 1 and tool_callbacks[0] is None:
            self._values["tool_callbacks"] = None
            return self
        return super().tool_callbacks(*tool_callbacks)

    def max_tokens(self, max_tokens: int | None) -> Self:
        completion = self._values.get("max_completion_tokens")
        if completion is not None:
            # As in Spring: max_tokens is deprecated, max_completion_tokens wins.
            logger.warning(
                "Both maxTokens and maxCompletionTokens are set. OpenAI API does not support "
                "setting both parameters simultaneously. As maxToken is deprecated, we will "
                "ignore it and use maxCompletionToken (%s).",
                completion,
            )
        else:
            self._values["max_tokens"] = max_tokens
        return self

    def max_completion_tokens(self, max_completion_tokens: int | None) -> Self:
        if max_completion_tokens is not None and self._values.get("max_tokens") is not None:
            logger.warning(
                "Both maxTokens and maxCompletionTokens are set. OpenAI API does not support "
                "setting both parameters simultaneously. As maxToken is deprecated, we will use "
                "maxCompletionToken (%s).",
                max_completion_tokens,
            )
            self._values.pop("max_tokens", None)
        self._values["max_completion_tokens"] = max_completion_tokens
        return self


@dataclass(frozen=True, kw_only=True, repr=False)
class OpenAiChatOptions(ToolCallingChatOptions, StructuredOutputChatOptions, ConnectionOptions):
    """Options of :class:`~spring_ai_py.openai.OpenAiChatModel` (Spring's ``OpenAiChatOptions``).

    As in Spring 2.0.1 the connection settings live here too (``AbstractOpenAiOptions``):
    ``base_url``, ``api_key``, ``organization_id``, ``timeout`` (seconds), ``max_retries``
    and ``custom_headers``. The model's default options configure its client; in a
    prompt's options only ``timeout``, ``max_retries`` and ``custom_headers`` take effect
    per request. Without ``api_key`` the SDK reads ``OPENAI_API_KEY``; without
    ``base_url`` it reads ``OPENAI_BASE_URL`` or uses ``https://api.openai.com/v1``.
    ``timeout`` bounds each read; ``call_timeout``, ``stream_total_timeout`` and
    ``stream_idle_timeout`` (seconds or a ``timedelta``) bound a whole call, a whole
    stream and the time between two stream events, and ``max_answer_bytes`` the size of
    an answer (defaults: the ``DEFAULT_*`` class attributes), also per request.

    ``None`` means "not set": only the fields a user set are sent, and runtime options
    override the model's defaults field by field. A built options object carries no
    implicit model: when no options name one, the request uses :attr:`DEFAULT_CHAT_MODEL`.
    ``extra_body`` entries are added to the request body as they are (for
    OpenAI-compatible servers' own parameters). The ``repr`` never shows the API key.
    """

    DEFAULT_CHAT_MODEL: ClassVar[str] = "gpt-5-mini"
    DEFAULT_TIMEOUT: ClassVar[float] = 60.0
    DEFAULT_MAX_RETRIES: ClassVar[int] = 3
    DEFAULT_CALL_TIMEOUT: ClassVar[float] = 600.0
    DEFAULT_STREAM_IDLE_TIMEOUT: ClassVar[float] = 120.0
    DEFAULT_STREAM_TOTAL_TIMEOUT: ClassVar[float] = 1800.0
    DEFAULT_MAX_ANSWER_BYTES: ClassVar[int] = 64 * 1024 * 1024

    _builder_aliases: ClassVar[dict[str, str]] = {"stop": "stop_sequences"}
    _unchecked_fields: ClassVar[frozenset[str]] = frozenset({"timeout", *LIMIT_FIELDS})
    """The timeouts also take a ``timedelta``; ``_check_connection`` and ``check_limits``
    check them."""

    base_url: str | None = None
    api_key: str | None = None
    organization_id: str | None = None
    timeout: float | None = None
    max_retries: int | None = None
    custom_headers: dict[str, str] | None = None
    call_timeout: float | None = None
    stream_idle_timeout: float | None = None
    stream_total_timeout: float | None = None
    max_answer_bytes: int | None = None

    # The Chat Completions parameters, each declared once: its property
    # (spring.ai.openai.chat.<name>, bounds checked when bound) and how it is sent.
    frequency_penalty: float | None = option(ge=-2, le=2)
    max_tokens: int | None = option(gt=0)
    presence_penalty: float | None = option(ge=-2, le=2)
    stop_sequences: list[str] | None = option(property="stop", sent=False)
    temperature: float | None = option(ge=0, le=2)
    top_p: float | None = option(ge=0, le=1)
    logit_bias: dict[str, int] | None = option()
    logprobs: bool | None = option()
    top_logprobs: int | None = option(ge=0, le=20)
    max_completion_tokens: int | None = option(gt=0)
    n: int | None = option(gt=0)
    response_format: ResponseFormat | dict[str, Any] | None = option(
        sent=False, bind_as="dict[str, Any] | None"
    )
    stream_usage: bool | None = None
    seed: int | None = option()
    tool_choice: str | dict[str, Any] | None = option(sent=False)
    user: str | None = option()
    parallel_tool_calls: bool | None = option()
    store: bool | None = option()
    strict: bool | None = None
    metadata: dict[str, str] | None = option(sent=False)
    reasoning_effort: str | None = option(sent=False)
    verbosity: str | None = option()
    service_tier: str | None = option()
    prompt_cache_key: str | None = option()
    extra_body: dict[str, Any] | None = option(sent=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self._check_connection()
        check_limits(self)
        if isinstance(self.response_format, dict) and "type" not in self.response_format:
            raise ValueError("response_format must have a 'type'")

    def get_top_k(self) -> int | None:
        """Always ``None``: OpenAI chat models do not support top-k sampling."""
        return None

    def get_stop(self) -> list[str] | None:
        # A copy: changing it does not change these (immutable) options.
        return list(self.stop_sequences) if self.stop_sequences is not None else None

    def get_output_schema(self) -> str | None:
        """The JSON schema of native structured output, if any."""
        if self.output_schema is not None:
            return self.output_schema
        if isinstance(self.response_format, ResponseFormat):
            return self.response_format.json_schema
        return None

    def get_organization_id(self) -> str | None:
        return self.organization_id

    def get_logit_bias(self) -> dict[str, int] | None:
        # A copy: changing it does not change these (immutable) options.
        return dict(self.logit_bias) if self.logit_bias is not None else None

    def get_logprobs(self) -> bool | None:
        return self.logprobs

    def get_top_logprobs(self) -> int | None:
        return self.top_logprobs

    def get_max_completion_tokens(self) -> int | None:
        return self.max_completion_tokens

    def get_n(self) -> int | None:
        return self.n

    def get_response_format(self) -> ResponseFormat | dict[str, Any] | None:
        return self.response_format

    def get_seed(self) -> int | None:
        return self.seed

    def get_tool_choice(self) -> str | dict[str, Any] | None:
        return self.tool_choice

    def get_user(self) -> str | None:
        return self.user

    def get_parallel_tool_calls(self) -> bool | None:
        return self.parallel_tool_calls

    def get_store(self) -> bool | None:
        return self.store

    def get_strict(self) -> bool | None:
        return self.strict

    def get_metadata(self) -> dict[str, str] | None:
        # A copy: changing it does not change these (immutable) options.
        return dict(self.metadata) if self.metadata is not None else None

    def get_reasoning_effort(self) -> str | None:
        return self.reasoning_effort

    def get_verbosity(self) -> str | None:
        return self.verbosity

    def get_service_tier(self) -> str | None:
        return self.service_tier

    def get_prompt_cache_key(self) -> str | None:
        return self.prompt_cache_key

    def get_extra_body(self) -> dict[str, Any] | None:
        # A copy: changing it does not change these (immutable) options.
        return dict(self.extra_body) if self.extra_body is not None else None

    def __repr__(self) -> str:
        return options_repr(self, ("api_key",), ("custom_headers",))

    # --- generated builder (base: OpenAiChatOptionsBuilder) ---
    class Builder(OpenAiChatOptionsBuilder, ToolCallingChatOptions.Builder, StructuredOutputChatOptions.Builder):
        """The builder of :class:`OpenAiChatOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def base_url(self, base_url: str | None, /) -> Self:
            return self._set("base_url", (base_url,))

        def api_key(self, api_key: str | None, /) -> Self:
            return self._set("api_key", (api_key,))

        def organization_id(self, organization_id: str | None, /) -> Self:
            return self._set("organization_id", (organization_id,))

        def timeout(self, timeout: float | None, /) -> Self:
            return self._set("timeout", (timeout,))

        def max_retries(self, max_retries: int | None, /) -> Self:
            return self._set("max_retries", (max_retries,))

        def custom_headers(self, custom_headers: dict[str, str] | None, /) -> Self:
            return self._set("custom_headers", (custom_headers,))

        def call_timeout(self, call_timeout: float | None, /) -> Self:
            return self._set("call_timeout", (call_timeout,))

        def stream_idle_timeout(self, stream_idle_timeout: float | None, /) -> Self:
            return self._set("stream_idle_timeout", (stream_idle_timeout,))

        def stream_total_timeout(self, stream_total_timeout: float | None, /) -> Self:
            return self._set("stream_total_timeout", (stream_total_timeout,))

        def max_answer_bytes(self, max_answer_bytes: int | None, /) -> Self:
            return self._set("max_answer_bytes", (max_answer_bytes,))

        def logit_bias(self, logit_bias: dict[str, int] | None, /) -> Self:
            return self._set("logit_bias", (logit_bias,))

        def logprobs(self, logprobs: bool | None, /) -> Self:
            return self._set("logprobs", (logprobs,))

        def top_logprobs(self, top_logprobs: int | None, /) -> Self:
            return self._set("top_logprobs", (top_logprobs,))

        def n(self, n: int | None, /) -> Self:
            return self._set("n", (n,))

        def response_format(self, response_format: ResponseFormat | dict[str, Any] | None, /) -> Self:
            return self._set("response_format", (response_format,))

        def stream_usage(self, stream_usage: bool | None, /) -> Self:
            return self._set("stream_usage", (stream_usage,))

        def seed(self, seed: int | None, /) -> Self:
            return self._set("seed", (seed,))

        def tool_choice(self, tool_choice: str | dict[str, Any] | None, /) -> Self:
            return self._set("tool_choice", (tool_choice,))

        def user(self, user: str | None, /) -> Self:
            return self._set("user", (user,))

        def parallel_tool_calls(self, parallel_tool_calls: bool | None, /) -> Self:
            return self._set("parallel_tool_calls", (parallel_tool_calls,))

        def store(self, store: bool | None, /) -> Self:
            return self._set("store", (store,))

        def strict(self, strict: bool | None, /) -> Self:
            return self._set("strict", (strict,))

        def metadata(self, metadata: dict[str, str] | None, /) -> Self:
            return self._set("metadata", (metadata,))

        def reasoning_effort(self, reasoning_effort: str | None, /) -> Self:
            return self._set("reasoning_effort", (reasoning_effort,))

        def verbosity(self, verbosity: str | None, /) -> Self:
            return self._set("verbosity", (verbosity,))

        def service_tier(self, service_tier: str | None, /) -> Self:
            return self._set("service_tier", (service_tier,))

        def prompt_cache_key(self, prompt_cache_key: str | None, /) -> Self:
            return self._set("prompt_cache_key", (prompt_cache_key,))

        def extra_body(self, extra_body: dict[str, Any] | None, /) -> Self:
            return self._set("extra_body", (extra_body,))

        def stop(self, stop_sequences: str | list[str] | None, /, *more: str) -> Self:
            return self._set("stop_sequences", (stop_sequences, *more), sequence=True)

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> OpenAiChatOptions: ...

    @classmethod
    def builder(cls) -> OpenAiChatOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> OpenAiChatOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
