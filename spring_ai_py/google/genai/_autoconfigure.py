"""``spring.ai.google.genai.*``: Spring AI 2.0.1's Google GenAI connection, chat and
embedding properties, and the provider's registration (its auto-configuration).

Mode selection follows Spring's ``GoogleGenAiChatAutoConfiguration``: ``vertex-ai=true``
needs ``project-id`` and ``location``; otherwise an API key (the property, else the
``GOOGLE_API_KEY`` or ``GEMINI_API_KEY`` environment variable read through the
context's environment) selects the Gemini Developer API, and ``project-id`` with
``location`` alone select Vertex AI.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import Field, SecretStr

from spring_ai_py.autoconfigure.binder import (
    ConfigurationProperties,
    Duration,
    OptionsProperties,
    PropertiesModel,
    relaxed_enum,
)
from spring_ai_py.autoconfigure.environment import Environment
from spring_ai_py.document.content_formatter import MetadataMode
from spring_ai_py.google.genai._client import GENAI_API_KEY_VARIABLES
from spring_ai_py.google.genai.chat_options import ToolChoice
from spring_ai_py.google.genai.common import (
    GoogleGenAiSafetySetting,
    GoogleGenAiServiceTier,
    GoogleGenAiThinkingLevel,
)
from spring_ai_py.google.genai.embedding import GoogleGenAiTextEmbeddingOptions
from spring_ai_py.model._wire_limits import limit_values

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.context import ApplicationContext
    from spring_ai_py.chat.model import ChatModel
    from spring_ai_py.embedding import EmbeddingModel

_logger = logging.getLogger("spring_ai_py.autoconfigure")

GOOGLE_GEN_AI = "google-genai"
"""``SpringAIModels.GOOGLE_GEN_AI``: the ``spring.ai.model.chat`` value choosing this
provider."""

_TaskType = GoogleGenAiTextEmbeddingOptions.TaskType
_HarmCategory = GoogleGenAiSafetySetting.HarmCategory
_HarmBlockThreshold = GoogleGenAiSafetySetting.HarmBlockThreshold
_HarmBlockMethod = GoogleGenAiSafetySetting.HarmBlockMethod


class _Connection(ConfigurationProperties):
    """The connection settings of the chat and the embedding sections."""

    api_key: SecretStr | None = None
    project_id: str | None = None
    location: str | None = None
    credentials_uri: str | None = None
    vertex_ai: bool = False
    # Beyond Spring: where Developer API requests go (a proxy, a fake server), and the
    # client's timeout, retries and headers.
    base_url: str | None = None
    timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    max_retries: int | None = Field(default=None, ge=0)
    custom_headers: dict[str, str] = Field(default_factory=dict)

    def option_values(self, variable: Callable[[str], str | None], prefix: str) -> dict[str, Any]:
        """The connection as options keywords, Spring's mode selection applied: Vertex AI
        (``vertex_ai``, or a project and location without a key) or the Developer API
        with the key (the property, else ``GOOGLE_API_KEY``, else ``GEMINI_API_KEY``
        from ``variable``, the context's environment)."""
        api_key = self.api_key.get_secret_value() if self.api_key is not None else None
        if not api_key:
            api_key = next(
                (value for name in GENAI_API_KEY_VARIABLES if (value := variable(name))), None
            )
        has_vertex = bool(self.project_id) and bool(self.location)
        values: dict[str, Any] = {}
        if api_key and has_vertex:
            if self.vertex_ai:
                _logger.info(
                    "Both API Key and Vertex AI config detected. Vertex AI mode is explicitly "
                    "enabled; the API key will be ignored."
                )
            else:
                _logger.warning(
                    "Both API Key and Vertex AI config detected. Defaulting to Gemini Developer "
                    "API (API Key). To use Vertex AI instead, set '%s.vertex-ai=true'.",
                    prefix,
                )
        if self.vertex_ai:
            if not has_vertex:
                raise RuntimeError(
                    "Vertex AI mode requires both 'project-id' and 'location' to be configured."
                )
            values.update(vertex_ai=True, project_id=self.project_id, location=self.location)
            if self.credentials_uri:
                values["credentials_uri"] = self.credentials_uri
        elif api_key:
            values["api_key"] = api_key
        elif has_vertex:
            _logger.debug("Project ID and Location detected. Defaulting to Vertex AI mode.")
            values.update(vertex_ai=True, project_id=self.project_id, location=self.location)
            if self.credentials_uri:
                values["credentials_uri"] = self.credentials_uri
        else:
            raise RuntimeError(
                "Incomplete Google GenAI configuration: Provide 'api-key' for Gemini API or "
                f"'project-id' and 'location' for Vertex AI (under {prefix}; the key may also "
                f"come from the {' or '.join(GENAI_API_KEY_VARIABLES)} environment variable)."
            )
        if self.base_url:
            values["base_url"] = self.base_url
        if self.timeout is not None:
            values["timeout"] = self.timeout.total_seconds()
        if self.max_retries is not None:
            values["max_retries"] = self.max_retries
        if self.custom_headers:
            values["custom_headers"] = dict(self.custom_headers)
        return values


class GoogleGenAiConnectionProperties(_Connection):
    """``spring.ai.google.genai.*``: the chat model's connection."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.google.genai"

    # Beyond Spring: bounds of a whole chat exchange (unset: the options' defaults).
    call_timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    stream_idle_timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    stream_total_timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    max_answer_bytes: int | None = Field(default=None, gt=0)


class ToolChoiceProperties(PropertiesModel):
    """``...chat.tool-choice.*``: ``mode`` and ``allowed-function-names``."""

    mode: Annotated[ToolChoice.Mode, relaxed_enum(ToolChoice.Mode)] = ToolChoice.Mode.AUTO
    allowed_function_names: list[str] | None = None


class SafetySettingProperties(PropertiesModel):
    """One ``...chat.safety-settings[i]``: ``category``, ``threshold``, ``method``."""

    category: Annotated[_HarmCategory, relaxed_enum(_HarmCategory)] = (
        _HarmCategory.HARM_CATEGORY_UNSPECIFIED
    )
    threshold: Annotated[_HarmBlockThreshold, relaxed_enum(_HarmBlockThreshold)] = (
        _HarmBlockThreshold.HARM_BLOCK_THRESHOLD_UNSPECIFIED
    )
    method: Annotated[_HarmBlockMethod, relaxed_enum(_HarmBlockMethod)] = (
        _HarmBlockMethod.HARM_BLOCK_METHOD_UNSPECIFIED
    )


ThinkingLevelProperty = Annotated[GoogleGenAiThinkingLevel, relaxed_enum(GoogleGenAiThinkingLevel)]
"""The type of ``spring.ai.google.genai.chat.thinking-level`` (a level's name in any case)."""

ServiceTierProperty = Annotated[GoogleGenAiServiceTier, relaxed_enum(GoogleGenAiServiceTier)]
"""The type of ``spring.ai.google.genai.chat.service-tier`` (a tier's name in any case)."""


class GoogleGenAiChatProperties(OptionsProperties):
    """``spring.ai.google.genai.chat.*`` (2.0.1), also bound from the older
    ``spring.ai.google.genai.chat.options.*`` spelling: every option of
    ``GoogleGenAiChatOptions`` (``max-output-tokens`` is its ``max_tokens``,
    ``response-schema`` its ``output_schema``), with the bounds its fields declare;
    ``tool-choice`` and ``safety-settings`` are nested properties.
    ``enable-cached-content`` (default true) provides the cached content service."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.google.genai.chat"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ("spring.ai.google.genai.chat.options",)
    NOT_DEPRECATED_FIELDS: ClassVar[frozenset[str]] = frozenset({"enable_cached_content"})

    enable_cached_content: bool = True

    # --- generated properties (options: spring_ai_py.google.genai.chat_options.GoogleGenAiChatOptions) ---
    OPTIONS: ClassVar[str] = "spring_ai_py.google.genai.chat_options.GoogleGenAiChatOptions"

    model: str | None = None
    frequency_penalty: float | None = None
    max_output_tokens: int | None = Field(default=None, gt=0)
    presence_penalty: float | None = None
    stop_sequences: list[str] | None = None
    temperature: float | None = Field(default=None, ge=0, le=2)
    top_k: int | None = Field(default=None, gt=0)
    top_p: float | None = Field(default=None, ge=0, le=1)
    response_schema: str | None = None
    tool_choice: ToolChoiceProperties | None = None
    candidate_count: int | None = Field(default=None, gt=0)
    response_mime_type: str | None = None
    thinking_budget: int | None = None
    include_thoughts: bool | None = None
    thinking_level: ThinkingLevelProperty | None = None
    include_extended_usage_metadata: bool | None = None
    cached_content_name: str | None = None
    use_cached_content: bool | None = None
    auto_cache_threshold: int | None = None
    auto_cache_ttl: Duration | None = None
    google_search_retrieval: bool | None = None
    include_server_side_tool_invocations: bool | None = None
    safety_settings: list[SafetySettingProperties] | None = None
    labels: dict[str, str] | None = None
    service_tier: ServiceTierProperty | None = None
    # --- end of generated properties ---

    def option_values(self) -> dict[str, Any]:
        """The chat options that were set, as ``GoogleGenAiChatOptions`` keywords:
        ``tool-choice`` as a ``ToolChoice``, ``safety-settings`` as
        ``GoogleGenAiSafetySetting`` objects."""
        values = super().option_values()
        if self.tool_choice is not None:
            values["tool_choice"] = ToolChoice(
                self.tool_choice.mode, self.tool_choice.allowed_function_names
            )
        if self.safety_settings is not None:
            values["safety_settings"] = [
                GoogleGenAiSafetySetting(s.category, s.threshold, s.method)
                for s in self.safety_settings
            ]
        return values


class GoogleGenAiEmbeddingConnectionProperties(_Connection):
    """``spring.ai.google.genai.embedding.*``: the embedding model's connection (its
    own, as in Spring)."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.google.genai.embedding"


TaskTypeProperty = Annotated[_TaskType, relaxed_enum(_TaskType)]
"""The type of ``spring.ai.google.genai.embedding.text.task-type``."""


class GoogleGenAiTextEmbeddingProperties(OptionsProperties):
    """``spring.ai.google.genai.embedding.text.*`` (also the older
    ``...embedding.text.options.*``): ``metadata-mode`` and every option of
    ``GoogleGenAiTextEmbeddingOptions``, with the bounds its fields declare."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.google.genai.embedding.text"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = (
        "spring.ai.google.genai.embedding.text.options",
    )
    NOT_DEPRECATED_FIELDS: ClassVar[frozenset[str]] = frozenset({"metadata_mode"})

    metadata_mode: Annotated[MetadataMode, relaxed_enum(MetadataMode)] = MetadataMode.EMBED

    # --- generated properties (options: spring_ai_py.google.genai.embedding.GoogleGenAiTextEmbeddingOptions) ---
    OPTIONS: ClassVar[str] = "spring_ai_py.google.genai.embedding.GoogleGenAiTextEmbeddingOptions"

    model: str | None = None
    task_type: TaskTypeProperty | None = None
    dimensions: int | None = Field(default=None, gt=0)
    title: str | None = None
    auto_truncate: bool | None = None
    # --- end of generated properties ---


def api_key_resolves(environment: Environment) -> bool:
    """Whether the chat model has a key: ``spring.ai.google.genai.api-key`` with every
    placeholder resolved, else ``GOOGLE_API_KEY`` or ``GEMINI_API_KEY``, else a Vertex
    AI project and location."""
    prefix = GoogleGenAiConnectionProperties.CONFIG_PREFIX
    value = environment.get_property(f"{prefix}.api-key")
    if value is not None:
        return Environment.unresolved(value) is None
    if any(environment.environment_variable(name) for name in GENAI_API_KEY_VARIABLES):
        return True
    return all(
        environment.get_property(f"{prefix}.{name}") is not None
        for name in ("project-id", "location")
    )


def google_genai_chat_model(context: ApplicationContext) -> ChatModel:
    """Spring's ``GoogleGenAiChatAutoConfiguration``: the chat model of
    ``spring.ai.google.genai.*``."""
    from spring_ai_py.google.genai import GoogleGenAiChatModel, GoogleGenAiChatOptions

    connection = context.get_properties(GoogleGenAiConnectionProperties)
    chat = context.get_properties(GoogleGenAiChatProperties)
    values = chat.option_values()
    values.update(
        connection.option_values(
            context.environment.environment_variable, GoogleGenAiConnectionProperties.CONFIG_PREFIX
        )
    )
    values.update(limit_values(connection))
    return GoogleGenAiChatModel(
        options=GoogleGenAiChatOptions(**values),
        tool_calling_manager=context.tool_calling_manager(),
        tracer_provider=context.tracer_provider,
        meter_provider=context.meter_provider,
    )


def google_genai_embedding_model(context: ApplicationContext) -> EmbeddingModel:
    """Spring's ``GoogleGenAiTextEmbeddingAutoConfiguration`` with its connection
    details (``spring.ai.google.genai.embedding.*``)."""
    from spring_ai_py.google.genai import (
        GoogleGenAiEmbeddingConnectionDetails,
        GoogleGenAiTextEmbeddingModel,
        GoogleGenAiTextEmbeddingOptions,
    )

    connection = context.get_properties(GoogleGenAiEmbeddingConnectionProperties)
    text = context.get_properties(GoogleGenAiTextEmbeddingProperties)
    values = connection.option_values(
        context.environment.environment_variable,
        GoogleGenAiEmbeddingConnectionProperties.CONFIG_PREFIX,
    )
    return GoogleGenAiTextEmbeddingModel(
        GoogleGenAiEmbeddingConnectionDetails(**values),
        GoogleGenAiTextEmbeddingOptions(**text.option_values()),
        metadata_mode=text.metadata_mode,
        tracer_provider=context.tracer_provider,
        meter_provider=context.meter_provider,
    )


# The entry point names spring_ai_py.google.genai._registration:REGISTRATION (which imports nothing of this module
# until a bean is built); the name stays here for code that imported it from here.
from spring_ai_py.google.genai._registration import REGISTRATION as REGISTRATION  # noqa: E402
