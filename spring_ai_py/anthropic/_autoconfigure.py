"""``spring.ai.anthropic.*``: Spring AI 2.0.1's Anthropic connection and chat properties, and
the Anthropic provider's registration (its auto-configuration)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import Field, SecretStr

from spring_ai_py.autoconfigure.binder import ConfigurationProperties, Duration, OptionsProperties
from spring_ai_py.autoconfigure.environment import Environment
from spring_ai_py.model._wire_limits import limit_values

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.context import ApplicationContext
    from spring_ai_py.chat.model import ChatModel

ANTHROPIC_URL = "https://api.anthropic.com"
"""Where requests go without ``base-url`` or ``ANTHROPIC_BASE_URL`` (Spring's default)."""

ANTHROPIC_API_KEY = "ANTHROPIC_API_KEY"


class AnthropicConnectionProperties(ConfigurationProperties):
    """``spring.ai.anthropic.*``: where and how to connect."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.anthropic"

    base_url: str | None = None
    api_key: SecretStr | None = None
    timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    max_retries: int | None = Field(default=None, ge=0)
    custom_headers: dict[str, str] = Field(default_factory=dict)
    # Beyond Spring: bounds of a whole exchange (unset: the options' defaults).
    call_timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    stream_idle_timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    stream_total_timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    max_answer_bytes: int | None = Field(default=None, gt=0)

    def option_values(self, variable: Callable[[str], str | None]) -> dict[str, Any]:
        """The connection as ``AnthropicChatOptions`` keywords, completed as Spring's
        ``AnthropicSetup`` completes it from the environment variables that ``variable``
        reads (the context's ``environ``, never ``os.environ`` behind its back): an
        unset base URL is ``ANTHROPIC_BASE_URL``, else ``https://api.anthropic.com``; an
        unset key is ``ANTHROPIC_API_KEY``, else ``ANTHROPIC_AUTH_TOKEN`` (sent as the
        key, as 2.0.1 sends it)."""
        values: dict[str, Any] = {
            **limit_values(self),
            "base_url": self.base_url or variable("ANTHROPIC_BASE_URL") or ANTHROPIC_URL,
        }
        if self.api_key is not None:
            api_key: str | None = self.api_key.get_secret_value()
        else:
            api_key = variable(ANTHROPIC_API_KEY)
            if api_key is None:
                api_key = variable("ANTHROPIC_AUTH_TOKEN")
        if api_key is None:
            raise ValueError(
                "Anthropic API key must be set. Use the connection property: "
                f"spring.ai.anthropic.api-key (or the {ANTHROPIC_API_KEY} or "
                "ANTHROPIC_AUTH_TOKEN environment variable)"
            )
        values["api_key"] = api_key
        if self.timeout is not None:
            values["timeout"] = self.timeout.total_seconds()
        if self.max_retries is not None:
            values["max_retries"] = self.max_retries
        if self.custom_headers:
            values["custom_headers"] = dict(self.custom_headers)
        return values


class AnthropicChatProperties(OptionsProperties):
    """``spring.ai.anthropic.chat.*`` (2.0.1), also bound from the older
    ``spring.ai.anthropic.chat.options.*`` spelling: every option of
    :class:`~spring_ai_py.anthropic.AnthropicChatOptions` declared as a property there."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.anthropic.chat"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ("spring.ai.anthropic.chat.options",)

    # --- generated properties (options: spring_ai_py.anthropic.chat_options.AnthropicChatOptions) ---
    OPTIONS: ClassVar[str] = "spring_ai_py.anthropic.chat_options.AnthropicChatOptions"

    model: str | None = None
    max_tokens: int | None = Field(default=None, gt=0)
    stop_sequences: list[str] | None = None
    temperature: float | None = Field(default=None, ge=0, le=1)
    top_k: int | None = Field(default=None, gt=0)
    top_p: float | None = Field(default=None, ge=0, le=1)
    metadata: dict[str, Any] | None = None
    tool_choice: str | dict[str, Any] | None = None
    thinking: dict[str, Any] | None = None
    disable_parallel_tool_use: bool | None = None
    output_config: dict[str, Any] | None = None
    http_headers: dict[str, str] | None = None
    service_tier: str | None = None
    inference_geo: str | None = None
    # --- end of generated properties ---


def api_key_resolves(environment: Environment) -> bool:
    """Whether the Anthropic chat model has a key: ``spring.ai.anthropic.api-key`` with
    every placeholder resolved, else the ``ANTHROPIC_API_KEY`` or ``ANTHROPIC_AUTH_TOKEN``
    environment variable."""
    value = environment.get_property(f"{AnthropicConnectionProperties.CONFIG_PREFIX}.api-key")
    if value is not None:
        return Environment.unresolved(value) is None
    return any(
        environment.environment_variable(name) is not None
        for name in (ANTHROPIC_API_KEY, "ANTHROPIC_AUTH_TOKEN")
    )


def anthropic_chat_model(context: ApplicationContext) -> ChatModel:
    """Spring's ``AnthropicChatAutoConfiguration``: the chat model of ``spring.ai.anthropic.*``."""
    from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions

    connection = context.get_properties(AnthropicConnectionProperties)
    chat = context.get_properties(AnthropicChatProperties)
    values = chat.option_values()
    values.update(connection.option_values(context.environment.environment_variable))
    return AnthropicChatModel(
        options=AnthropicChatOptions(**values),
        tool_calling_manager=context.tool_calling_manager(),
        tracer_provider=context.tracer_provider,
        meter_provider=context.meter_provider,
    )


# The entry point names spring_ai_py.anthropic._registration:REGISTRATION (which imports nothing of this module
# until a bean is built); the name stays here for code that imported it from here.
from spring_ai_py.anthropic._registration import REGISTRATION as REGISTRATION  # noqa: E402
