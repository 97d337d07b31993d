"""Options of the Anthropic chat model: connection settings and Messages API parameters."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert
from spring_ai_py.anthropic.cache import AnthropicCacheOptions, AnthropicCacheStrategy
from spring_ai_py.anthropic.citations import AnthropicCitationDocument
from spring_ai_py.anthropic.service_tier import AnthropicServiceTier
from spring_ai_py.anthropic.skills import (
    AnthropicSkill,
    AnthropicSkillContainer,
    AnthropicSkillRecord,
    skill_id_list,
    skill_record,
)
from spring_ai_py.anthropic.web_search import AnthropicWebSearchTool
from spring_ai_py.model._wire_limits import LIMIT_FIELDS, check_limits
from spring_ai_py.model.option_fields import option
from spring_ai_py.model.provider import ConnectionOptions, options_repr
from spring_ai_py.model.tool.structured_output_chat_options import StructuredOutputChatOptions
from spring_ai_py.model.tool.tool_calling_chat_options import (
    ToolCallingChatOptions,
    ToolCallingChatOptionsBuilder,
)


class AnthropicChatOptionsBuilder(ToolCallingChatOptionsBuilder):
    """The builder of :class:`AnthropicChatOptions`, with Spring's thinking shortcuts.

    ``thinking_enabled(budget_tokens)``, ``thinking_adaptive()`` and
    ``thinking_disabled()`` set ``thinking``; ``effort(level)`` sets the effort of
    ``output_config``. ``skill(...)`` and ``skills(...)`` add skills to the skill
    container; ``citation_documents(*docs)`` and ``add_citation_document(doc)`` add
    citation documents.
    """

    __slots__ = ()

    def skill(
        self, skill: str | AnthropicSkill | AnthropicSkillRecord, version: str | None = None
    ) -> AnthropicChatOptionsBuilder:
        """Add a skill: a record, a pre-built :class:`AnthropicSkill`, or an id or name
        (optionally with a version)."""
        record = skill_record(skill, version)
        container: AnthropicSkillContainer | None = self._values.get("skill_container")
        skills = [*container.get_skills(), record] if container is not None else [record]
        self._values["skill_container"] = AnthropicSkillContainer(skills)
        return self

    def skills(self, *skill_ids: str | list[str]) -> AnthropicChatOptionsBuilder:
        """Add skills by id or name."""
        for skill_id in skill_id_list(skill_ids):
            self.skill(skill_id)
        return self

    def citation_documents(
        self, *documents: AnthropicCitationDocument | list[AnthropicCitationDocument] | None
    ) -> AnthropicChatOptionsBuilder:
        """Set the citation documents (a list, or ``None`` to clear) or add several."""
        if len(documents) == 1 and (documents[0] is None or isinstance(documents[0], list)):
            self._values["citation_documents"] = documents[0]
            return self
        added = [doc for doc in documents if isinstance(doc, AnthropicCitationDocument)]
        self._values["citation_documents"] = [
            *(self._values.get("citation_documents") or []),
            *added,
        ]
        return self

    def clone(self) -> AnthropicChatOptionsBuilder:
        return AnthropicChatOptionsBuilder(self._cls, super().clone()._values)

    def add_citation_document(
        self, document: AnthropicCitationDocument
    ) -> AnthropicChatOptionsBuilder:
        _assert.not_none(document, "citation_document cannot be null")
        return self.citation_documents(document)

    def thinking_enabled(
        self, budget_tokens: int, display: str | None = None
    ) -> AnthropicChatOptionsBuilder:
        thinking: dict[str, Any] = {"type": "enabled", "budget_tokens": budget_tokens}
        if display is not None:
            thinking["display"] = display
        self._values["thinking"] = thinking
        return self

    def thinking_adaptive(self, display: str | None = None) -> AnthropicChatOptionsBuilder:
        thinking: dict[str, Any] = {"type": "adaptive"}
        if display is not None:
            thinking["display"] = display
        self._values["thinking"] = thinking
        return self

    def thinking_disabled(self) -> AnthropicChatOptionsBuilder:
        self._values["thinking"] = {"type": "disabled"}
        return self

    def effort(self, effort: str) -> AnthropicChatOptionsBuilder:
        config = dict(self._values.get("output_config") or {})
        config["effort"] = effort
        self._values["output_config"] = config
        return self


@dataclass(frozen=True, kw_only=True, repr=False)
class AnthropicChatOptions(ToolCallingChatOptions, StructuredOutputChatOptions, ConnectionOptions):
    """Options of :class:`~spring_ai_py.anthropic.AnthropicChatModel` (Spring's
    ``AnthropicChatOptions``).

    Connection settings live here too: ``base_url``, ``api_key`` (else the SDK reads
    ``ANTHROPIC_API_KEY``), ``timeout`` (seconds; per request), ``max_retries`` and
    ``custom_headers`` configure the model's client; ``http_headers`` are added to each
    request. ``model`` and ``max_tokens`` fall back to :attr:`DEFAULT_MODEL` and
    :attr:`DEFAULT_MAX_TOKENS` when no options set them. ``thinking``, ``tool_choice``,
    ``metadata`` and ``output_config`` take the API's JSON shapes (``tool_choice`` also
    takes ``"auto"``, ``"any"``, ``"none"`` or a tool name). ``output_schema`` asks for
    native structured output (``output_config.format``). ``cache_options`` sets prompt
    caching (:class:`~spring_ai_py.anthropic.AnthropicCacheOptions`; combining with
    options whose strategy is ``NONE`` keeps the cache options, as in Spring);
    ``citation_documents`` are sent before the user text of the user messages;
    ``web_search_tool`` adds Anthropic's web search server tool; ``skill_container``
    loads Agent Skills. The penalties are not
    supported by Anthropic and are never sent. The ``repr`` never shows the API key.

    ``timeout`` bounds each read; ``call_timeout``, ``stream_total_timeout`` and
    ``stream_idle_timeout`` (seconds or a ``timedelta``) bound a whole call, a whole
    stream and the time between two stream events, and ``max_answer_bytes`` the size of
    an answer (defaults: the ``DEFAULT_*`` class attributes), also per request.
    """

    DEFAULT_MODEL: ClassVar[str] = "claude-haiku-4-5"
    DEFAULT_MAX_TOKENS: ClassVar[int] = 4096
    DEFAULT_TIMEOUT: ClassVar[float] = 60.0
    DEFAULT_MAX_RETRIES: ClassVar[int] = 2
    DEFAULT_CALL_TIMEOUT: ClassVar[float] = 600.0
    DEFAULT_STREAM_IDLE_TIMEOUT: ClassVar[float] = 120.0
    DEFAULT_STREAM_TOTAL_TIMEOUT: ClassVar[float] = 1800.0
    DEFAULT_MAX_ANSWER_BYTES: ClassVar[int] = 64 * 1024 * 1024
    _unchecked_fields: ClassVar[frozenset[str]] = frozenset({"timeout", *LIMIT_FIELDS})
    """The timeouts also take a ``timedelta``; ``_check_connection`` and ``check_limits``
    check them."""

    base_url: str | None = None
    api_key: str | None = None
    timeout: float | None = None
    max_retries: int | None = None
    custom_headers: dict[str, str] | None = None
    call_timeout: float | None = None
    stream_idle_timeout: float | None = None
    stream_total_timeout: float | None = None
    max_answer_bytes: int | None = None

    # The Messages API parameters, each declared once: its property
    # (spring.ai.anthropic.chat.<name>, bounds checked when bound) and how it is sent.
    model: str | None = option(sent=False)
    max_tokens: int | None = option(gt=0, sent=False)
    stop_sequences: list[str] | None = option(sent=False)
    temperature: float | None = option(ge=0, le=1)
    top_k: int | None = option(gt=0)
    top_p: float | None = option(ge=0, le=1)
    metadata: dict[str, Any] | None = option()
    tool_choice: str | dict[str, Any] | None = option(sent=False)
    thinking: dict[str, Any] | None = option()
    disable_parallel_tool_use: bool | None = option(sent=False)
    output_config: dict[str, Any] | None = option(sent=False)
    http_headers: dict[str, str] | None = option(sent=False)
    service_tier: AnthropicServiceTier | str | None = option(bind_as="str | None")
    inference_geo: str | None = option()
    cache_options: AnthropicCacheOptions | None = None
    citation_documents: list[AnthropicCitationDocument] | None = None
    skill_container: AnthropicSkillContainer | None = None
    web_search_tool: AnthropicWebSearchTool | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        self._check_connection()
        check_limits(self)
        if self.max_tokens is not None and self.max_tokens <= 0:
            raise ValueError("max_tokens must be positive")
        if self.citation_documents is not None:
            object.__setattr__(self, "citation_documents", list(self.citation_documents))
        self.validate_citation_consistency()

    def validate_citation_consistency(self) -> None:
        """Refuse documents that disagree on ``citations_enabled`` (the API requires it)."""
        if not self.citation_documents:
            return
        enabled = {doc.is_citations_enabled() for doc in self.citation_documents}
        if len(enabled) > 1:
            raise ValueError(
                "Anthropic Citations API requires all documents to have consistent citation "
                "settings. Either enable citations for all documents or disable for all "
                "documents."
            )

    @classmethod
    def _combine_field(cls, name: str, mine: Any, theirs: Any) -> Any:
        if name == "cache_options" and theirs.strategy is AnthropicCacheStrategy.NONE:
            return mine
        return super()._combine_field(name, mine, theirs)

    def get_frequency_penalty(self) -> float | None:
        """Always ``None``: not supported by Anthropic."""
        return None

    def get_presence_penalty(self) -> float | None:
        """Always ``None``: not supported by Anthropic."""
        return None

    def get_output_schema(self) -> str | None:
        """The JSON schema of native structured output, if any."""
        if self.output_schema is not None:
            return self.output_schema
        output_format = (self.output_config or {}).get("format")
        if isinstance(output_format, dict) and isinstance(output_format.get("schema"), dict):
            return json.dumps(output_format["schema"])
        return None

    def get_metadata(self) -> dict[str, Any] | None:
        # A copy: changing it does not change these (immutable) options.
        return dict(self.metadata) if self.metadata is not None else None

    def get_tool_choice(self) -> str | dict[str, Any] | None:
        return self.tool_choice

    def get_thinking(self) -> dict[str, Any] | None:
        # A copy: changing it does not change these (immutable) options.
        return dict(self.thinking) if self.thinking is not None else None

    def get_disable_parallel_tool_use(self) -> bool | None:
        return self.disable_parallel_tool_use

    def get_output_config(self) -> dict[str, Any] | None:
        # A copy: changing it does not change these (immutable) options.
        return dict(self.output_config) if self.output_config is not None else None

    def get_http_headers(self) -> dict[str, str] | None:
        # A copy: changing it does not change these (immutable) options.
        return dict(self.http_headers) if self.http_headers is not None else None

    def get_service_tier(self) -> AnthropicServiceTier | str | None:
        return self.service_tier

    def get_inference_geo(self) -> str | None:
        return self.inference_geo

    def get_cache_options(self) -> AnthropicCacheOptions:
        """The cache options; disabled (strategy ``NONE``) when none are set."""
        return self.cache_options if self.cache_options is not None else _DISABLED_CACHE

    def get_citation_documents(self) -> list[AnthropicCitationDocument] | None:
        # A copy: changing it does not change these (immutable) options.
        return list(self.citation_documents) if self.citation_documents is not None else None

    def get_skill_container(self) -> AnthropicSkillContainer | None:
        return self.skill_container

    def get_web_search_tool(self) -> AnthropicWebSearchTool | None:
        return self.web_search_tool

    def __repr__(self) -> str:
        return options_repr(self, ("api_key",), ("custom_headers", "http_headers"))

    # --- generated builder (base: AnthropicChatOptionsBuilder) ---
    class Builder(AnthropicChatOptionsBuilder, ToolCallingChatOptions.Builder, StructuredOutputChatOptions.Builder):
        """The builder of :class:`AnthropicChatOptions`: one typed setter per constructor keyword."""

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

        def metadata(self, metadata: dict[str, Any] | None, /) -> Self:
            return self._set("metadata", (metadata,))

        def tool_choice(self, tool_choice: str | dict[str, Any] | None, /) -> Self:
            return self._set("tool_choice", (tool_choice,))

        def thinking(self, thinking: dict[str, Any] | None, /) -> Self:
            return self._set("thinking", (thinking,))

        def disable_parallel_tool_use(self, disable_parallel_tool_use: bool | None, /) -> Self:
            return self._set("disable_parallel_tool_use", (disable_parallel_tool_use,))

        def output_config(self, output_config: dict[str, Any] | None, /) -> Self:
            return self._set("output_config", (output_config,))

        def http_headers(self, http_headers: dict[str, str] | None, /) -> Self:
            return self._set("http_headers", (http_headers,))

        def service_tier(self, service_tier: AnthropicServiceTier | str | None, /) -> Self:
            return self._set("service_tier", (service_tier,))

        def inference_geo(self, inference_geo: str | None, /) -> Self:
            return self._set("inference_geo", (inference_geo,))

        def cache_options(self, cache_options: AnthropicCacheOptions | None, /) -> Self:
            return self._set("cache_options", (cache_options,))

        def skill_container(self, skill_container: AnthropicSkillContainer | None, /) -> Self:
            return self._set("skill_container", (skill_container,))

        def web_search_tool(self, web_search_tool: AnthropicWebSearchTool | None, /) -> Self:
            return self._set("web_search_tool", (web_search_tool,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AnthropicChatOptions: ...

    @classmethod
    def builder(cls) -> AnthropicChatOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> AnthropicChatOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


_DISABLED_CACHE = AnthropicCacheOptions.disabled()
