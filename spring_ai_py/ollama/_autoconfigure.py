"""``spring.ai.ollama.*``: Spring AI 2.0.1's Ollama connection, chat, embedding and
initialization properties, and the Ollama provider's registration (its
auto-configuration)."""

from __future__ import annotations

import enum
import json
from datetime import timedelta
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import BeforeValidator, Field

from spring_ai_py.autoconfigure.binder import (
    ConfigurationProperties,
    ConfigurationPropertiesBindError,
    Duration,
    OptionsProperties,
    PropertiesModel,
    relaxed_enum,
)
from spring_ai_py.model._wire_limits import limit_values
from spring_ai_py.ollama.api import DEFAULT_BASE_URL, ThinkBoolean, ThinkLevel, ThinkOption
from spring_ai_py.ollama.management import PullModelStrategy

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.context import ApplicationContext
    from spring_ai_py.chat.model import ChatModel
    from spring_ai_py.embedding import EmbeddingModel
    from spring_ai_py.ollama.api import OllamaApi
    from spring_ai_py.ollama.management import ModelManagementOptions

_Positive = Annotated[Duration, Field(gt=timedelta(0))]


class OllamaConnectionProperties(ConfigurationProperties):
    """``spring.ai.ollama.*``: where the Ollama server is (``base-url``, default
    ``http://localhost:11434``). Beyond Spring: ``timeout`` of each read,
    ``custom-headers``, ``max-retries`` of a chat call, and the bounds of a whole chat
    exchange (``call-timeout``, ``stream-idle-timeout``, ``stream-total-timeout``,
    ``max-answer-bytes``; unset: the options' defaults)."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.ollama"

    base_url: str = DEFAULT_BASE_URL
    timeout: _Positive | None = None
    custom_headers: dict[str, str] = Field(default_factory=dict)
    max_retries: int = Field(default=0, ge=0)
    call_timeout: _Positive | None = None
    stream_idle_timeout: _Positive | None = None
    stream_total_timeout: _Positive | None = None
    max_answer_bytes: int | None = Field(default=None, gt=0)

    def ollama_api(self) -> OllamaApi:
        """The ``OllamaApi`` of these settings (Spring's ``OllamaApiAutoConfiguration``)."""
        from spring_ai_py.ollama.api import OllamaApi

        return OllamaApi(
            base_url=self.base_url,
            timeout=self.timeout.total_seconds() if self.timeout is not None else None,
            custom_headers=dict(self.custom_headers) or None,
            max_retries=self.max_retries,
        )


class OllamaThinkProperties(enum.Enum):
    """``spring.ai.ollama.chat.think``: ``true``, ``false``, ``high``, ``medium``, ``low``."""

    TRUE = "true"
    FALSE = "false"
    HIGH = "high"
    MEDIUM = "medium"
    LOW = "low"

    def to_think_option(self) -> ThinkOption:
        """The request's ``think`` option of this value."""
        if self is OllamaThinkProperties.TRUE:
            return ThinkBoolean.ENABLED
        if self is OllamaThinkProperties.FALSE:
            return ThinkBoolean.DISABLED
        return ThinkLevel(self.value)


def _think(value: object) -> object:
    # YAML reads an unquoted ``think: true`` as a boolean.
    return str(value).lower() if isinstance(value, bool) else value


ThinkProperty = Annotated[
    OllamaThinkProperties, relaxed_enum(OllamaThinkProperties), BeforeValidator(_think)
]
"""The type of ``spring.ai.ollama.chat.think`` (``OllamaChatOptions.think_option``)."""


class OllamaChatProperties(OptionsProperties):
    """``spring.ai.ollama.chat.*`` (2.0.1), also bound from the older
    ``spring.ai.ollama.chat.options.*`` spelling: the model and every option of
    ``OllamaChatOptions`` (``num-predict`` is its ``max_tokens``, ``stop`` its
    ``stop_sequences``, ``think`` its ``think_option``), with the bounds its fields
    declare. ``format`` is ``json`` or a JSON schema written as JSON text (Spring also
    binds a YAML map there; here that is an error naming the property)."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.ollama.chat"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ("spring.ai.ollama.chat.options",)

    # --- generated properties (options: spring_ai_py.ollama.chat_options.OllamaChatOptions) ---
    OPTIONS: ClassVar[str] = "spring_ai_py.ollama.chat_options.OllamaChatOptions"

    model: str | None = None
    frequency_penalty: float | None = None
    num_predict: int | None = Field(default=None, ge=-2)
    presence_penalty: float | None = None
    stop: list[str] | None = None
    temperature: float | None = Field(default=None, ge=0)
    top_k: int | None = Field(default=None, ge=0)
    top_p: float | None = Field(default=None, ge=0, le=1)
    use_numa: bool | None = None
    num_ctx: int | None = Field(default=None, gt=0)
    num_batch: int | None = Field(default=None, gt=0)
    num_gpu: int | None = None
    main_gpu: int | None = Field(default=None, ge=0)
    low_vram: bool | None = None
    f16_kv: bool | None = None
    logits_all: bool | None = None
    vocab_only: bool | None = None
    use_mmap: bool | None = None
    use_mlock: bool | None = None
    num_thread: int | None = Field(default=None, ge=0)
    num_keep: int | None = None
    seed: int | None = None
    min_p: float | None = Field(default=None, ge=0, le=1)
    tfs_z: float | None = None
    typical_p: float | None = Field(default=None, ge=0, le=1)
    repeat_last_n: int | None = Field(default=None, ge=-1)
    repeat_penalty: float | None = None
    mirostat: int | None = Field(default=None, ge=0, le=2)
    mirostat_tau: float | None = None
    mirostat_eta: float | None = None
    penalize_newline: bool | None = None
    format: str | None = None
    keep_alive: str | None = None
    truncate: bool | None = None
    think: ThinkProperty | None = None
    # --- end of generated properties ---

    def option_values(self) -> dict[str, Any]:
        """The options that were set, as ``OllamaChatOptions`` keywords (Spring's
        ``toOptions()``): ``think`` as its ``ThinkOption``, a JSON schema ``format`` as a
        dict."""
        values = super().option_values()
        think = values.get("think_option")
        if isinstance(think, OllamaThinkProperties):
            values["think_option"] = think.to_think_option()
        if isinstance(values.get("format"), str):
            values["format"] = _format(values["format"])
        return values


def _format(text: str) -> str | dict[str, Any]:
    """``json``, or a JSON schema written as JSON text (a ``ValueError`` when that text
    is not a JSON object)."""
    if not text.lstrip().startswith("{"):
        return text
    try:
        schema = json.loads(text)
    except ValueError as error:
        raise ValueError(f"format is not a valid JSON schema: {error}") from error
    if not isinstance(schema, dict):
        raise ValueError("format must be 'json' or a JSON schema object")
    return schema


def _check_no_nested_format(context: ApplicationContext) -> None:
    """A schema written as a YAML map under ``format`` binds to nothing here: say so."""
    for prefix in (OllamaChatProperties.CONFIG_PREFIX, *OllamaChatProperties.DEPRECATED_PREFIXES):
        name = f"{prefix}.format"
        if context.environment.has_any_under(name):
            raise ConfigurationPropertiesBindError(
                name,
                "a JSON schema must be written as JSON text: format: "
                "'{\"type\": \"object\", \"properties\": {...}}'",
            )


class OllamaEmbeddingProperties(OptionsProperties):
    """``spring.ai.ollama.embedding.*`` (also the older ``...embedding.options.*``):
    ``model``, ``truncate`` and ``keep-alive``."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.ollama.embedding"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ("spring.ai.ollama.embedding.options",)

    # --- generated properties (options: spring_ai_py.ollama.embedding.OllamaEmbeddingOptions) ---
    OPTIONS: ClassVar[str] = "spring_ai_py.ollama.embedding.OllamaEmbeddingOptions"

    model: str | None = None
    keep_alive: str | None = None
    truncate: bool | None = None
    # --- end of generated properties ---


class OllamaInitializationProperties(ConfigurationProperties):
    """``spring.ai.ollama.init.*``: whether the chat and embedding models pull their
    models when the context builds them (``pull-model-strategy``: ``always``,
    ``when_missing`` or ``never``, the default), the ``timeout`` (default 5 minutes)
    and ``max-retries`` (default 0) of a pull, and per model type (``chat``,
    ``embedding``) whether it is ``include``d (default true) and its
    ``additional-models``."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.ollama.init"

    class ModelTypeInit(PropertiesModel):
        include: bool = True
        additional_models: list[str] = Field(default_factory=list)

    pull_model_strategy: Annotated[PullModelStrategy, relaxed_enum(PullModelStrategy)] = (
        PullModelStrategy.NEVER
    )
    timeout: _Positive = timedelta(minutes=5)
    max_retries: int = Field(default=0, ge=0)
    chat: ModelTypeInit = Field(default_factory=ModelTypeInit)
    embedding: ModelTypeInit = Field(default_factory=ModelTypeInit)

    def management_options(self, model_type: ModelTypeInit) -> ModelManagementOptions:
        """The ``ModelManagementOptions`` of the chat or embedding ``model_type``: its
        strategy is ``NEVER`` when it is not included."""
        from spring_ai_py.ollama.management import ModelManagementOptions

        return ModelManagementOptions(
            pull_model_strategy=(
                self.pull_model_strategy if model_type.include else PullModelStrategy.NEVER
            ),
            additional_models=list(model_type.additional_models),
            timeout=self.timeout,
            max_retries=self.max_retries,
        )


def ollama_chat_model(context: ApplicationContext) -> ChatModel:
    """Spring's ``OllamaChatAutoConfiguration``: the chat model of ``spring.ai.ollama.*``."""
    from spring_ai_py.ollama import OllamaChatModel, OllamaChatOptions

    connection = context.get_properties(OllamaConnectionProperties)
    chat = context.get_properties(OllamaChatProperties)
    init = context.get_properties(OllamaInitializationProperties)
    _check_no_nested_format(context)
    values = chat.option_values()
    values.update(limit_values(connection))
    return OllamaChatModel(
        options=OllamaChatOptions(**values),
        ollama_api=connection.ollama_api(),
        tool_calling_manager=context.tool_calling_manager(),
        model_management_options=init.management_options(init.chat),
        tracer_provider=context.tracer_provider,
        meter_provider=context.meter_provider,
    )


def ollama_embedding_model(context: ApplicationContext) -> EmbeddingModel:
    """Spring's ``OllamaEmbeddingAutoConfiguration``."""
    from spring_ai_py.ollama import OllamaEmbeddingModel, OllamaEmbeddingOptions

    connection = context.get_properties(OllamaConnectionProperties)
    embedding = context.get_properties(OllamaEmbeddingProperties)
    init = context.get_properties(OllamaInitializationProperties)
    return OllamaEmbeddingModel(
        options=OllamaEmbeddingOptions(**embedding.option_values()),
        ollama_api=connection.ollama_api(),
        model_management_options=init.management_options(init.embedding),
        tracer_provider=context.tracer_provider,
        meter_provider=context.meter_provider,
    )


# The entry point names spring_ai_py.ollama._registration:REGISTRATION (which imports nothing of this module
# until a bean is built); the name stays here for code that imported it from here.
from spring_ai_py.ollama._registration import REGISTRATION as REGISTRATION  # noqa: E402
