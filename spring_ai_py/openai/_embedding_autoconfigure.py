"""``spring.ai.openai.embedding.*``: Spring AI 2.0.1's OpenAI embedding properties and the
embedding model's auto-configuration, apart from the chat section's module so that a
chat-only application does not create these classes."""

from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import Field

from spring_ai_py.autoconfigure.binder import OptionsProperties, relaxed_enum
from spring_ai_py.document.content_formatter import MetadataMode
from spring_ai_py.model._wire_limits import CALL_LIMIT_FIELDS, limit_values
from spring_ai_py.openai._autoconfigure import (
    _NOT_OPTIONS,
    AbstractOpenAiProperties,
    OpenAiCommonProperties,
    OpenAiConnection,
    _connection,
)

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.context import ApplicationContext
    from spring_ai_py.embedding import EmbeddingModel


class OpenAiEmbeddingProperties(AbstractOpenAiProperties, OptionsProperties):
    """``spring.ai.openai.embedding.*`` (also the older ``...embedding.options.*``): the
    connection settings, ``metadata-mode`` and the options of
    :class:`~spring_ai_py.openai.OpenAiEmbeddingOptions` declared as properties there."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.openai.embedding"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ("spring.ai.openai.embedding.options",)
    NOT_DEPRECATED_FIELDS: ClassVar[frozenset[str]] = _NOT_OPTIONS

    metadata_mode: Annotated[MetadataMode, relaxed_enum(MetadataMode)] = MetadataMode.EMBED

    # --- generated properties (options: spring_ai_py.openai.embedding.OpenAiEmbeddingOptions) ---
    OPTIONS: ClassVar[str] = "spring_ai_py.openai.embedding.OpenAiEmbeddingOptions"

    dimensions: int | None = Field(default=None, gt=0)
    user: str | None = None
    encoding_format: str | None = None
    extra_body: dict[str, Any] | None = None
    # --- end of generated properties ---


def openai_embedding_model(context: "ApplicationContext") -> "EmbeddingModel":
    """Spring's ``OpenAiEmbeddingAutoConfiguration``."""
    from spring_ai_py.openai import OpenAiEmbeddingModel, OpenAiEmbeddingOptions

    embedding = context.get_properties(OpenAiEmbeddingProperties)
    values = _connection(context, embedding)
    if embedding.model:
        values["model"] = embedding.model
    values.update(embedding.option_values())
    # Embedding calls have the limits of a call (no streams).
    limits = limit_values(
        OpenAiConnection.resolve(context.get_properties(OpenAiCommonProperties), embedding)
    )
    values.update({name: limits[name] for name in CALL_LIMIT_FIELDS if name in limits})
    return OpenAiEmbeddingModel(
        options=OpenAiEmbeddingOptions(**values),
        metadata_mode=embedding.metadata_mode,
        tracer_provider=context.tracer_provider,
        meter_provider=context.meter_provider,
    )
