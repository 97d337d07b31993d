"""Options of the Anthropic chat model: connection settings and Messages API parameters."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, ClassVar

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
    ``output_config``.
    """

    __slots__ = ()

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
    native structured output (``output_config.format``). The penalties are not
    supported by Anthropic and are never sent. The ``repr`` never shows the API key.
    """

    DEFAULT_MODEL: ClassVar[str] = "claude-haiku-4-5"
    DEFAULT_MAX_TOKENS: ClassVar[int] = 4096
    DEFAULT_TIMEOUT: ClassVar[float] = 60.0
    DEFAULT_MAX_RETRIES: ClassVar[int] = 2
    _unchecked_fields: ClassVar[frozenset[str]] = frozenset({"timeout"})
    """``timeout`` also takes a ``timedelta``; ``_check_connection`` checks it."""

    base_url: str | None = None
    api_key: str | None = None
    timeout: float | None = None
    max_retries: int | None = None
    custom_headers: dict[str, str] | None = None

    metadata: dict[str, Any] | None = None
    tool_choice: str | dict[str, Any] | None = None
    thinking: dict[str, Any] | None = None
    disable_parallel_tool_use: bool | None = None
    output_config: dict[str, Any] | None = None
    http_headers: dict[str, str] | None = None
    service_tier: str | None = None
    inference_geo: str | None = None

    def __post_init__(self) -> None:
        super().__post_init__()
        self._check_connection()
        if self.max_tokens is not None and self.max_tokens <= 0:
            raise ValueError("maxTokens must be positive")

    @classmethod
    def builder(cls) -> AnthropicChatOptionsBuilder:
        return AnthropicChatOptionsBuilder(cls)

    def mutate(self) -> AnthropicChatOptionsBuilder:
        return AnthropicChatOptionsBuilder(type(self), self._set_fields())

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
        return self.metadata

    def get_tool_choice(self) -> str | dict[str, Any] | None:
        return self.tool_choice

    def get_thinking(self) -> dict[str, Any] | None:
        return self.thinking

    def get_disable_parallel_tool_use(self) -> bool | None:
        return self.disable_parallel_tool_use

    def get_output_config(self) -> dict[str, Any] | None:
        return self.output_config

    def get_http_headers(self) -> dict[str, str] | None:
        return self.http_headers

    def get_service_tier(self) -> str | None:
        return self.service_tier

    def get_inference_geo(self) -> str | None:
        return self.inference_geo

    def __repr__(self) -> str:
        return options_repr(self, ("api_key",), ("custom_headers", "http_headers"))
