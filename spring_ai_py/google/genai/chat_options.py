"""Options of the Google GenAI chat model: connection settings and Gemini's
``generateContent`` parameters (Spring's ``GoogleGenAiChatOptions``)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.google.genai.common import (
    GoogleGenAiSafetySetting,
    GoogleGenAiServiceTier,
    GoogleGenAiThinkingLevel,
)
from spring_ai_py.model._wire_limits import LIMIT_FIELDS, check_limits
from spring_ai_py.model.option_fields import option
from spring_ai_py.model.provider import ConnectionOptions, options_repr
from spring_ai_py.model.tool.structured_output_chat_options import StructuredOutputChatOptions
from spring_ai_py.model.tool.tool_calling_chat_options import (
    ToolCallingChatOptions,
    ToolCallingChatOptionsBuilder,
)

__all__ = ["GoogleGenAiChatModelName", "GoogleGenAiChatOptions", "ToolChoice"]


class GoogleGenAiChatModelName(enum.StrEnum):
    """Spring's ``GoogleGenAiChatModel.ChatModel``: Gemini model ids
    (``GoogleGenAiChatModel.ChatModel`` is this enum too)."""

    GEMINI_2_0_FLASH = "gemini-2.0-flash-001"
    """Deprecated in Spring."""
    GEMINI_2_0_FLASH_LIGHT = "gemini-2.0-flash-lite-001"
    """Deprecated in Spring."""
    GEMINI_2_5_PRO = "gemini-2.5-pro"
    GEMINI_2_5_FLASH = "gemini-2.5-flash"
    GEMINI_2_5_FLASH_LIGHT = "gemini-2.5-flash-lite"
    GEMINI_3_1_PRO_PREVIEW = "gemini-3.1-pro-preview"
    GEMINI_3_PRO_PREVIEW = "gemini-3.1-pro-preview"
    """Deprecated in Spring: an alias of :attr:`GEMINI_3_1_PRO_PREVIEW`."""
    GEMINI_3_0_PRO_PREVIEW = "gemini-3-pro-preview"
    GEMINI_3_FLASH_PREVIEW = "gemini-3-flash-preview"
    GEMINI_3_1_FLASH_LITE = "gemini-3.1-flash-lite"
    GEMINI_3_1_FLASH_LITE_IMAGE = "gemini-3.1-flash-lite-image"
    GEMINI_3_5_FLASH = "gemini-3.5-flash"
    GEMINI_3_5_FLASH_LITE = "gemini-3.5-flash-lite"
    GEMINI_3_6_FLASH = "gemini-3.6-flash"

    def get_value(self) -> str:
        return self.value

    def get_name(self) -> str:
        return self.value


class _ToolChoiceBuilder(_builder.Builder["ToolChoice"]):
    """Spring's ``ToolChoice.Builder``: ``mode`` defaults to ``AUTO``;
    ``allowed_function_name(name)`` adds one name."""

    __slots__ = ()

    def allowed_function_name(self, allowed_function_name: str) -> Self:
        _assert.not_none(allowed_function_name, "allowedFunctionName must not be null")
        names = list(self._values.get("allowed_function_names") or [])
        names.append(allowed_function_name)
        self._values["allowed_function_names"] = names
        return self


@dataclass(frozen=True)
class ToolChoice(Buildable):
    """How the model may call functions (``toolConfig.functionCallingConfig``).

    ``mode``: ``AUTO`` (the model decides), ``ANY`` (it must call one), ``VALIDATED``
    (like ``ANY``, but the call is checked against the schema) or ``NONE``.
    ``allowed_function_names`` limits the calls of ``ANY`` and ``VALIDATED``.
    """

    class Mode(enum.StrEnum):
        AUTO = "AUTO"
        ANY = "ANY"
        VALIDATED = "VALIDATED"
        NONE = "NONE"

    mode: ToolChoice.Mode = Mode.AUTO
    allowed_function_names: list[str] | None = None

    def __post_init__(self) -> None:
        _assert.not_none(self.mode, "mode must not be null")
        if not isinstance(self.mode, ToolChoice.Mode):
            names = ", ".join(ToolChoice.Mode.__members__)
            if not isinstance(self.mode, str) or self.mode.upper() not in ToolChoice.Mode.__members__:
                raise ValueError(f"mode must be one of {names}, got {self.mode!r}")
            object.__setattr__(self, "mode", ToolChoice.Mode[self.mode.upper()])
        if self.allowed_function_names is not None:
            object.__setattr__(self, "allowed_function_names", list(self.allowed_function_names))

    def get_mode(self) -> ToolChoice.Mode:
        return self.mode

    def get_allowed_function_names(self) -> list[str] | None:
        names = self.allowed_function_names
        return list(names) if names is not None else None

    # --- generated builder (base: _ToolChoiceBuilder) ---
    class Builder(_ToolChoiceBuilder):
        """The builder of :class:`ToolChoice`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def mode(self, mode: ToolChoice.Mode, /) -> Self:
            return self._set("mode", (mode,))

        def allowed_function_names(self, allowed_function_names: str | list[str] | None, /, *more: str) -> Self:
            return self._set("allowed_function_names", (allowed_function_names, *more), sequence=True)

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolChoice: ...

    @classmethod
    def builder(cls) -> ToolChoice.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ToolChoice.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class GoogleGenAiChatOptionsBuilder(ToolCallingChatOptionsBuilder):
    """The builder of :class:`GoogleGenAiChatOptions`. Java's ``responseSchema`` and
    ``maxOutputTokens`` setters set ``output_schema`` and ``max_tokens``."""

    __slots__ = ()


@dataclass(frozen=True, kw_only=True, repr=False)
class GoogleGenAiChatOptions(
    ToolCallingChatOptions, StructuredOutputChatOptions, ConnectionOptions
):
    """Options of :class:`~spring_ai_py.google.genai.GoogleGenAiChatModel` (Spring's
    ``GoogleGenAiChatOptions``).

    Connection settings live here too. With ``api_key`` (else the ``GOOGLE_API_KEY`` or
    ``GEMINI_API_KEY`` environment variable, read by the SDK) requests go to the Gemini
    Developer API, or to ``base_url``; with ``vertex_ai`` and ``project_id`` /
    ``location`` they go to Vertex AI with Google Cloud credentials (Application Default
    Credentials, or the service account file ``credentials_uri``). ``timeout`` (seconds)
    bounds each request, ``max_retries`` retries it (none by default, as the SDK does),
    ``custom_headers`` are sent with every request; ``call_timeout``,
    ``stream_total_timeout``, ``stream_idle_timeout`` (seconds or a ``timedelta``) and
    ``max_answer_bytes`` bound a whole call, a whole stream, the time between two
    stream events and the size of an answer (defaults: the ``DEFAULT_*`` attributes).

    Unset ``model``, ``temperature`` and ``top_p`` are sent as :attr:`DEFAULT_MODEL`,
    :attr:`DEFAULT_TEMPERATURE` and :attr:`DEFAULT_TOP_P` (Spring's constructor
    defaults). ``output_schema`` (Spring's ``responseSchema``) asks for JSON following
    the schema; with it an unset ``response_mime_type`` is ``application/json``.
    ``thinking_budget``, ``include_thoughts`` and ``thinking_level`` make the request's
    ``thinkingConfig`` (a level a known model does not accept is refused before
    sending). ``use_cached_content`` with ``cached_content_name`` sends the request
    against a cached content; ``google_search_retrieval`` adds the Google Search tool;
    ``safety_settings`` and ``labels`` combine (lists concatenate, labels merge).
    ``include_extended_usage_metadata`` (default on) reports
    :class:`~spring_ai_py.google.genai.GoogleGenAiUsage` instead of the basic usage.
    ``auto_cache_threshold`` and ``auto_cache_ttl`` are carried for Spring's
    configuration; no request uses them (as in 2.0.1). The ``repr`` never shows the key.
    """

    DEFAULT_MODEL: ClassVar[str] = GoogleGenAiChatModelName.GEMINI_2_5_FLASH.value
    DEFAULT_TEMPERATURE: ClassVar[float] = 0.7
    DEFAULT_TOP_P: ClassVar[float] = 1.0
    DEFAULT_TIMEOUT: ClassVar[float] = 60.0
    DEFAULT_MAX_RETRIES: ClassVar[int] = 0
    DEFAULT_CALL_TIMEOUT: ClassVar[float] = 600.0
    DEFAULT_STREAM_IDLE_TIMEOUT: ClassVar[float] = 120.0
    DEFAULT_STREAM_TOTAL_TIMEOUT: ClassVar[float] = 1800.0
    DEFAULT_MAX_ANSWER_BYTES: ClassVar[int] = 64 * 1024 * 1024
    _unchecked_fields: ClassVar[frozenset[str]] = frozenset(
        {
            "timeout",
            "auto_cache_ttl",
            "tool_choice",
            "safety_settings",
            "thinking_level",
            "service_tier",
            *LIMIT_FIELDS,
        }
    )
    _builder_aliases: ClassVar[dict[str, str]] = {
        "max_output_tokens": "max_tokens",
        "response_schema": "output_schema",
    }

    base_url: str | None = None
    api_key: str | None = None
    timeout: float | None = None
    max_retries: int | None = None
    custom_headers: dict[str, str] | None = None
    call_timeout: float | None = None
    stream_idle_timeout: float | None = None
    stream_total_timeout: float | None = None
    max_answer_bytes: int | None = None
    vertex_ai: bool | None = None
    project_id: str | None = None
    location: str | None = None
    credentials_uri: str | None = None

    # Each option declared once: its property (spring.ai.google.genai.chat.<name>,
    # bounds checked when bound) and, when the SDK's GenerateContentConfig takes it as
    # it is, its name there; sent=False marks those the request converts itself (a
    # default, thinkingConfig, toolConfig, a cached content, an enum's value...).
    model: str | None = option(sent=False)
    frequency_penalty: float | None = option()
    max_tokens: int | None = option(property="max_output_tokens", wire="max_output_tokens", gt=0)
    presence_penalty: float | None = option()
    stop_sequences: list[str] | None = option()
    temperature: float | None = option(ge=0, le=2, sent=False)
    top_k: int | None = option(gt=0)
    top_p: float | None = option(ge=0, le=1, sent=False)
    output_schema: str | None = option(property="response_schema", sent=False)
    tool_choice: ToolChoice | None = option(sent=False, bind_as="ToolChoiceProperties | None")
    candidate_count: int | None = option(gt=0)
    response_mime_type: str | None = option(sent=False)
    thinking_budget: int | None = option(sent=False)
    include_thoughts: bool | None = option(sent=False)
    thinking_level: GoogleGenAiThinkingLevel | None = option(
        sent=False, bind_as="ThinkingLevelProperty | None"
    )
    include_extended_usage_metadata: bool | None = option(sent=False)
    cached_content_name: str | None = option(sent=False)
    use_cached_content: bool | None = option(sent=False)
    auto_cache_threshold: int | None = option(sent=False)
    auto_cache_ttl: timedelta | None = option(sent=False, bind_as="Duration | None")
    google_search_retrieval: bool | None = option(sent=False)
    include_server_side_tool_invocations: bool | None = option(sent=False)
    safety_settings: list[GoogleGenAiSafetySetting] | None = option(
        sent=False, bind_as="list[SafetySettingProperties] | None"
    )
    # An empty dict of labels is not sent (as Spring's ``!labels.isEmpty()``).
    labels: dict[str, str] | None = option(sent=False)
    service_tier: GoogleGenAiServiceTier | None = option(
        sent=False, bind_as="ServiceTierProperty | None"
    )

    def __post_init__(self) -> None:
        super().__post_init__()
        self._check_connection()
        check_limits(self)
        if self.max_tokens is not None and self.max_tokens <= 0:
            raise ValueError("max_tokens must be positive")
        if self.candidate_count is not None and self.candidate_count <= 0:
            raise ValueError("candidate_count must be positive")
        if self.tool_choice is not None and not isinstance(self.tool_choice, ToolChoice):
            raise TypeError(
                f"tool_choice must be a ToolChoice, got {type(self.tool_choice).__name__}"
            )
        for name, kind in (
            ("thinking_level", GoogleGenAiThinkingLevel),
            ("service_tier", GoogleGenAiServiceTier),
        ):
            value = getattr(self, name)
            if value is not None and not isinstance(value, kind):
                object.__setattr__(self, name, _enum_member(kind, value, name))
        if self.auto_cache_ttl is not None and not isinstance(self.auto_cache_ttl, timedelta):
            seconds = self.auto_cache_ttl
            if isinstance(seconds, bool) or not isinstance(seconds, int | float):
                raise TypeError(
                    "auto_cache_ttl must be a timedelta or a number of seconds, "
                    f"got {type(seconds).__name__}"
                )
            object.__setattr__(self, "auto_cache_ttl", timedelta(seconds=seconds))
        if self.safety_settings is not None:
            settings = list(self.safety_settings)
            for setting in settings:
                if not isinstance(setting, GoogleGenAiSafetySetting):
                    raise TypeError(
                        "safety_settings must hold GoogleGenAiSafetySetting objects, "
                        f"got {type(setting).__name__}"
                    )
            object.__setattr__(self, "safety_settings", settings)
        if self.labels is not None:
            object.__setattr__(self, "labels", dict(self.labels))

    def get_max_output_tokens(self) -> int | None:
        return self.max_tokens

    def get_response_schema(self) -> str | None:
        return self.output_schema

    def get_tool_choice(self) -> ToolChoice | None:
        return self.tool_choice

    def get_candidate_count(self) -> int | None:
        return self.candidate_count

    def get_response_mime_type(self) -> str | None:
        return self.response_mime_type

    def get_thinking_budget(self) -> int | None:
        return self.thinking_budget

    def get_include_thoughts(self) -> bool | None:
        return self.include_thoughts

    def get_thinking_level(self) -> GoogleGenAiThinkingLevel | None:
        return self.thinking_level

    def get_include_extended_usage_metadata(self) -> bool | None:
        return self.include_extended_usage_metadata

    def get_cached_content_name(self) -> str | None:
        return self.cached_content_name

    def get_use_cached_content(self) -> bool | None:
        return self.use_cached_content

    def get_auto_cache_threshold(self) -> int | None:
        return self.auto_cache_threshold

    def get_auto_cache_ttl(self) -> timedelta | None:
        return self.auto_cache_ttl

    def get_google_search_retrieval(self) -> bool:
        """Whether the Google Search tool is added (``False`` when unset, as in Spring)."""
        return self.google_search_retrieval is True

    def get_include_server_side_tool_invocations(self) -> bool:
        """Whether server-side tool calls are reported (``False`` when unset)."""
        return self.include_server_side_tool_invocations is True

    def get_safety_settings(self) -> list[GoogleGenAiSafetySetting] | None:
        # A copy: changing it does not change these (immutable) options.
        settings = self.safety_settings
        return list(settings) if settings is not None else None

    def get_labels(self) -> dict[str, str] | None:
        # A copy: changing it does not change these (immutable) options.
        return dict(self.labels) if self.labels is not None else None

    def get_service_tier(self) -> GoogleGenAiServiceTier | None:
        return self.service_tier

    def get_vertex_ai(self) -> bool | None:
        return self.vertex_ai

    def get_project_id(self) -> str | None:
        return self.project_id

    def get_location(self) -> str | None:
        return self.location

    ToolChoice: ClassVar[type[ToolChoice]] = ToolChoice
    """Spring's nested ``GoogleGenAiChatOptions.ToolChoice``."""

    def __hash__(self) -> int:
        # Spring's options are hashable; the list and dict fields hash by content.
        return hash(tuple((name, _hashable(value)) for name, value in self._set_fields().items()))

    def __repr__(self) -> str:
        return options_repr(self, ("api_key",), ("custom_headers",))

    # --- generated builder (base: GoogleGenAiChatOptionsBuilder) ---
    class Builder(GoogleGenAiChatOptionsBuilder, ToolCallingChatOptions.Builder, StructuredOutputChatOptions.Builder):
        """The builder of :class:`GoogleGenAiChatOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def base_url(self, base_url: str | None, /) -> Self:
            return self._set("base_url", (base_url,))

        def api_key(self, api_key: str | None, /) -> Self:
            return self._set("api_key", (api_key,))

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

        def vertex_ai(self, vertex_ai: bool | None, /) -> Self:
            return self._set("vertex_ai", (vertex_ai,))

        def project_id(self, project_id: str | None, /) -> Self:
            return self._set("project_id", (project_id,))

        def location(self, location: str | None, /) -> Self:
            return self._set("location", (location,))

        def credentials_uri(self, credentials_uri: str | None, /) -> Self:
            return self._set("credentials_uri", (credentials_uri,))

        def tool_choice(self, tool_choice: ToolChoice | None, /) -> Self:
            return self._set("tool_choice", (tool_choice,))

        def candidate_count(self, candidate_count: int | None, /) -> Self:
            return self._set("candidate_count", (candidate_count,))

        def response_mime_type(self, response_mime_type: str | None, /) -> Self:
            return self._set("response_mime_type", (response_mime_type,))

        def thinking_budget(self, thinking_budget: int | None, /) -> Self:
            return self._set("thinking_budget", (thinking_budget,))

        def include_thoughts(self, include_thoughts: bool | None, /) -> Self:
            return self._set("include_thoughts", (include_thoughts,))

        def thinking_level(self, thinking_level: GoogleGenAiThinkingLevel | None, /) -> Self:
            return self._set("thinking_level", (thinking_level,))

        def include_extended_usage_metadata(self, include_extended_usage_metadata: bool | None, /) -> Self:
            return self._set("include_extended_usage_metadata", (include_extended_usage_metadata,))

        def cached_content_name(self, cached_content_name: str | None, /) -> Self:
            return self._set("cached_content_name", (cached_content_name,))

        def use_cached_content(self, use_cached_content: bool | None, /) -> Self:
            return self._set("use_cached_content", (use_cached_content,))

        def auto_cache_threshold(self, auto_cache_threshold: int | None, /) -> Self:
            return self._set("auto_cache_threshold", (auto_cache_threshold,))

        def auto_cache_ttl(self, auto_cache_ttl: timedelta | None, /) -> Self:
            return self._set("auto_cache_ttl", (auto_cache_ttl,))

        def google_search_retrieval(self, google_search_retrieval: bool | None, /) -> Self:
            return self._set("google_search_retrieval", (google_search_retrieval,))

        def include_server_side_tool_invocations(self, include_server_side_tool_invocations: bool | None, /) -> Self:
            return self._set("include_server_side_tool_invocations", (include_server_side_tool_invocations,))

        def safety_settings(self, safety_settings: GoogleGenAiSafetySetting | list[GoogleGenAiSafetySetting] | None, /, *more: GoogleGenAiSafetySetting) -> Self:
            return self._set("safety_settings", (safety_settings, *more), sequence=True)

        def labels(self, labels: dict[str, str] | None, /) -> Self:
            return self._set("labels", (labels,))

        def service_tier(self, service_tier: GoogleGenAiServiceTier | None, /) -> Self:
            return self._set("service_tier", (service_tier,))

        def max_output_tokens(self, max_tokens: int | None, /) -> Self:
            return self._set("max_tokens", (max_tokens,))

        def response_schema(self, output_schema: str | None, /) -> Self:
            return self._set("output_schema", (output_schema,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> GoogleGenAiChatOptions: ...

    @classmethod
    def builder(cls) -> GoogleGenAiChatOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> GoogleGenAiChatOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


def _hashable(value: object) -> object:
    if isinstance(value, dict):
        return frozenset((key, _hashable(item)) for key, item in value.items())
    if isinstance(value, list):
        return tuple(_hashable(item) for item in value)
    return value


def _enum_member(kind: type[enum.StrEnum], value: object, name: str) -> Any:
    """``value`` as a member of ``kind``: a member's name or value, in any case."""
    if isinstance(value, str):
        for member in kind:
            if value.upper() == member.name or value.lower() == member.value.lower():
                return member
    raise ValueError(
        f"{name} must be one of {', '.join(kind.__members__)}, got {value!r}"
    )
