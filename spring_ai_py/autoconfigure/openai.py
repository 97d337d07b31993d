"""``spring.ai.openai.*``: Spring AI 2.0.1's OpenAI connection, chat and embedding properties."""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated, Any, ClassVar

from pydantic import Field, SecretStr

from spring_ai_py.autoconfigure.binder import ConfigurationProperties, Duration, relaxed_enum
from spring_ai_py.document.content_formatter import MetadataMode


class AbstractOpenAiProperties(ConfigurationProperties):
    """Connection settings shared by ``spring.ai.openai`` and its ``chat``/``embedding``
    sections (a section's setting wins over the common one, as in Spring)."""

    DEFAULT_TIMEOUT: ClassVar[timedelta] = timedelta(seconds=60)
    DEFAULT_MAX_RETRIES: ClassVar[int] = 3

    base_url: str | None = None
    api_key: SecretStr | None = None
    organization_id: str | None = None
    model: str | None = None
    timeout: Duration = DEFAULT_TIMEOUT
    max_retries: int = DEFAULT_MAX_RETRIES
    custom_headers: dict[str, str] = Field(default_factory=dict)


_CONNECTION_FIELDS = frozenset(AbstractOpenAiProperties.model_fields)


class OpenAiCommonProperties(AbstractOpenAiProperties):
    """``spring.ai.openai.*``."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.openai"


class OpenAiConnection(AbstractOpenAiProperties):
    """A section's connection resolved against the common one
    (Spring's ``OpenAiAutoConfigurationUtil.resolveCommonProperties``)."""

    @classmethod
    def resolve(
        cls, common: AbstractOpenAiProperties, section: AbstractOpenAiProperties
    ) -> OpenAiConnection:
        """The connection of ``section`` (chat or embedding), each setting falling back to the common
        ``spring.ai.openai`` one."""
        return cls(
            base_url=section.base_url or common.base_url,
            # An explicit empty key is Spring's deliberate "no auth" signal: keep it.
            api_key=section.api_key if section.api_key is not None else common.api_key,
            organization_id=section.organization_id or common.organization_id,
            model=section.model or common.model,
            timeout=(section.timeout if section.timeout != cls.DEFAULT_TIMEOUT else common.timeout),
            max_retries=(
                section.max_retries
                if section.max_retries != cls.DEFAULT_MAX_RETRIES
                else common.max_retries
            ),
            custom_headers=section.custom_headers or common.custom_headers,
        )

    def option_values(self) -> dict[str, Any]:
        """The connection as keyword arguments of the OpenAI options classes."""
        values: dict[str, Any] = {
            "timeout": self.timeout.total_seconds(),
            "max_retries": self.max_retries,
        }
        if self.base_url:
            values["base_url"] = self.base_url
        if self.api_key is not None:
            # The SDK refuses an empty key; Spring's "no auth" becomes a placeholder key.
            values["api_key"] = self.api_key.get_secret_value() or "no-api-key"
        if self.organization_id:
            values["organization_id"] = self.organization_id
        if self.custom_headers:
            values["custom_headers"] = dict(self.custom_headers)
        return values


class OpenAiChatProperties(AbstractOpenAiProperties):
    """``spring.ai.openai.chat.*`` (2.0.1), also bound from the older
    ``spring.ai.openai.chat.options.*`` spelling that 2.0.1 still accepts."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.openai.chat"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ("spring.ai.openai.chat.options",)

    frequency_penalty: float | None = None
    logit_bias: dict[str, int] | None = None
    logprobs: bool | None = None
    top_logprobs: int | None = None
    max_tokens: int | None = None
    max_completion_tokens: int | None = None
    n: int | None = None
    presence_penalty: float | None = None
    response_format: dict[str, Any] | None = None
    seed: int | None = None
    stop: list[str] | None = None
    temperature: float | None = None
    top_p: float | None = None
    tool_choice: str | dict[str, Any] | None = None
    user: str | None = None
    parallel_tool_calls: bool | None = None
    store: bool | None = None
    metadata: dict[str, str] | None = None
    reasoning_effort: str | None = None
    verbosity: str | None = None
    service_tier: str | None = None
    prompt_cache_key: str | None = None
    extra_body: dict[str, Any] | None = None

    def option_values(self) -> dict[str, Any]:
        """The chat options that were set, as ``OpenAiChatOptions`` keywords (the
        connection fields and ``model`` are resolved separately)."""
        values = {
            name: getattr(self, name)
            for name in type(self).model_fields
            if name not in _CONNECTION_FIELDS and getattr(self, name) is not None
        }
        if "stop" in values:
            values["stop_sequences"] = list(values.pop("stop"))
        return values


class OpenAiEmbeddingProperties(AbstractOpenAiProperties):
    """``spring.ai.openai.embedding.*`` (also the older ``...embedding.options.*``)."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.openai.embedding"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ("spring.ai.openai.embedding.options",)

    metadata_mode: Annotated[MetadataMode, relaxed_enum(MetadataMode)] = MetadataMode.EMBED
    user: str | None = None
    encoding_format: str | None = None
    dimensions: int | None = None
    extra_body: dict[str, Any] | None = None

    def option_values(self) -> dict[str, Any]:
        """The embedding options that were set, as ``OpenAiEmbeddingOptions`` keywords."""
        return {
            name: getattr(self, name)
            for name in ("user", "encoding_format", "dimensions", "extra_body")
            if getattr(self, name) is not None
        }
