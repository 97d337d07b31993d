"""``spring.ai.anthropic.*``: Spring AI 2.0.1's Anthropic connection and chat properties."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field, SecretStr

from spring_ai_py.autoconfigure.binder import ConfigurationProperties, Duration


class AnthropicConnectionProperties(ConfigurationProperties):
    """``spring.ai.anthropic.*``: where and how to connect."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.anthropic"

    base_url: str | None = None
    api_key: SecretStr | None = None
    timeout: Duration | None = None
    max_retries: int | None = None
    custom_headers: dict[str, str] = Field(default_factory=dict)

    def option_values(self) -> dict[str, Any]:
        """The connection as ``AnthropicChatOptions`` keywords (only what was set)."""
        values: dict[str, Any] = {}
        if self.api_key is not None:
            values["api_key"] = self.api_key.get_secret_value()
        if self.base_url is not None:
            values["base_url"] = self.base_url
        if self.timeout is not None:
            values["timeout"] = self.timeout.total_seconds()
        if self.max_retries is not None:
            values["max_retries"] = self.max_retries
        if self.custom_headers:
            values["custom_headers"] = dict(self.custom_headers)
        return values


class AnthropicChatProperties(ConfigurationProperties):
    """``spring.ai.anthropic.chat.*`` (2.0.1), also bound from the older
    ``spring.ai.anthropic.chat.options.*`` spelling."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.anthropic.chat"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ("spring.ai.anthropic.chat.options",)

    model: str | None = None
    max_tokens: int | None = None
    metadata: dict[str, Any] | None = None
    stop_sequences: list[str] | None = None
    temperature: float | None = None
    top_p: float | None = None
    top_k: int | None = None
    tool_choice: str | dict[str, Any] | None = None
    thinking: dict[str, Any] | None = None
    disable_parallel_tool_use: bool | None = None
    output_config: dict[str, Any] | None = None
    service_tier: str | None = None
    inference_geo: str | None = None
    http_headers: dict[str, str] = Field(default_factory=dict)

    def option_values(self) -> dict[str, Any]:
        """The chat options that were set, as ``AnthropicChatOptions`` keywords."""
        values = {
            name: getattr(self, name)
            for name in type(self).model_fields
            if name != "http_headers" and getattr(self, name) is not None
        }
        if self.http_headers:
            values["http_headers"] = dict(self.http_headers)
        return values
