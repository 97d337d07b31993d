"""``spring.ai.openai.*``: Spring AI 2.0.1's OpenAI connection and chat properties and the
chat model's auto-configuration (the embedding section and model are in
``spring_ai_py.openai._embedding_autoconfigure``, so that a chat-only application does
not create their classes)."""

from collections.abc import Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Annotated, Any, ClassVar

from pydantic import Field, SecretStr

from spring_ai_py.autoconfigure.binder import (
    ConfigurationProperties,
    Duration,
    OptionsProperties,
)
from spring_ai_py.autoconfigure.environment import Environment
from spring_ai_py.model._wire_limits import LIMIT_FIELDS, limit_values

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.context import ApplicationContext
    from spring_ai_py.chat.model import ChatModel


class AbstractOpenAiProperties(ConfigurationProperties):
    """Connection settings shared by ``spring.ai.openai`` and its ``chat``/``embedding``
    sections (a section's setting wins over the common one, as in Spring)."""

    DEFAULT_TIMEOUT: ClassVar[timedelta] = timedelta(seconds=60)
    DEFAULT_MAX_RETRIES: ClassVar[int] = 3

    base_url: str | None = None
    api_key: SecretStr | None = None
    organization_id: str | None = None
    model: str | None = None
    timeout: Annotated[Duration, Field(gt=timedelta(0))] = DEFAULT_TIMEOUT
    max_retries: int = Field(default=DEFAULT_MAX_RETRIES, ge=0)
    custom_headers: dict[str, str] = Field(default_factory=dict)
    # Beyond Spring: bounds of a whole chat exchange (unset: the options' defaults).
    call_timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    stream_idle_timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    stream_total_timeout: Annotated[Duration, Field(gt=timedelta(0))] | None = None
    max_answer_bytes: int | None = Field(default=None, gt=0)


OPENAI_URL = "https://api.openai.com/v1"
"""Where requests go without ``base-url`` or ``OPENAI_BASE_URL`` (Spring's default)."""

OPENAI_API_KEY = "OPENAI_API_KEY"

# Where requests go and how they authenticate are not options: ``...chat.options.base-url``
# and ``...chat.options.api-key`` bind to nothing in 2.0.1.
_NOT_OPTIONS = frozenset({"base_url", "api_key"})


class OpenAiCommonProperties(AbstractOpenAiProperties):
    """``spring.ai.openai.*``."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.openai"


class OpenAiConnection(AbstractOpenAiProperties):
    """A section's connection resolved against the common one
    (Spring's ``OpenAiAutoConfigurationUtil.resolveCommonProperties``)."""

    @classmethod
    def resolve(
        cls, common: AbstractOpenAiProperties, section: AbstractOpenAiProperties
    ) -> "OpenAiConnection":
        """The connection of ``section`` (chat or embedding), each setting falling back to the common
        ``spring.ai.openai`` one."""
        # Both sides are bound (validated) already: constructing without validation
        # spares building this class's validator on an application's first use.
        return cls.model_construct(
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
            custom_headers=dict(section.custom_headers or common.custom_headers),
            **{
                name: getattr(section, name)
                if getattr(section, name) is not None
                else getattr(common, name)
                for name in LIMIT_FIELDS
            },
        )

    def option_values(
        self, variable: Callable[[str], str | None], section_prefix: str
    ) -> dict[str, Any]:
        """The connection as keyword arguments of the OpenAI options classes, completed as
        Spring's ``OpenAiSetup`` completes it from the environment variables that
        ``variable`` reads (the context's ``environ``, never ``os.environ`` behind its
        back): an unset base URL is ``OPENAI_BASE_URL``, else ``https://api.openai.com/v1``;
        an unset key is ``OPENAI_API_KEY``; an unset organization is ``OPENAI_ORG_ID``.
        An empty key (``${DEEPSEEK_API_KEY:}``) means requests without an
        ``Authorization`` header."""
        values: dict[str, Any] = {
            "timeout": self.timeout.total_seconds(),
            "max_retries": self.max_retries,
            "base_url": self.base_url or variable("OPENAI_BASE_URL") or OPENAI_URL,
        }
        api_key = (
            self.api_key.get_secret_value()
            if self.api_key is not None
            else variable(OPENAI_API_KEY)
        )
        if api_key is None:
            raise ValueError(
                "OpenAI API key must be set. Use the connection property: "
                f"spring.ai.openai.api-key or {section_prefix}.api-key "
                f"(or the {OPENAI_API_KEY} environment variable)"
            )
        values["api_key"] = api_key
        organization_id = self.organization_id or variable("OPENAI_ORG_ID")
        if organization_id:
            values["organization_id"] = organization_id
        if self.custom_headers:
            values["custom_headers"] = dict(self.custom_headers)
        return values


class OpenAiChatProperties(AbstractOpenAiProperties, OptionsProperties):
    """``spring.ai.openai.chat.*`` (2.0.1), also bound from the older
    ``spring.ai.openai.chat.options.*`` spelling that 2.0.1 still accepts: the connection
    settings and every option of :class:`~spring_ai_py.openai.OpenAiChatOptions`
    declared as a property there."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.openai.chat"
    DEPRECATED_PREFIXES: ClassVar[tuple[str, ...]] = ("spring.ai.openai.chat.options",)
    NOT_DEPRECATED_FIELDS: ClassVar[frozenset[str]] = _NOT_OPTIONS

    # --- generated properties (options: spring_ai_py.openai.chat_options.OpenAiChatOptions) ---
    OPTIONS: ClassVar[str] = "spring_ai_py.openai.chat_options.OpenAiChatOptions"

    frequency_penalty: float | None = Field(default=None, ge=-2, le=2)
    max_tokens: int | None = Field(default=None, gt=0)
    presence_penalty: float | None = Field(default=None, ge=-2, le=2)
    stop: list[str] | None = None
    temperature: float | None = Field(default=None, ge=0, le=2)
    top_p: float | None = Field(default=None, ge=0, le=1)
    logit_bias: dict[str, int] | None = None
    logprobs: bool | None = None
    top_logprobs: int | None = Field(default=None, ge=0, le=20)
    max_completion_tokens: int | None = Field(default=None, gt=0)
    n: int | None = Field(default=None, gt=0)
    response_format: dict[str, Any] | None = None
    seed: int | None = None
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
    # --- end of generated properties ---


def api_key_resolves(environment: Environment) -> bool:
    """Whether the OpenAI chat model has a key: ``spring.ai.openai.chat.api-key`` or
    ``spring.ai.openai.api-key`` with every placeholder resolved (an empty key counts:
    it is Spring's no-auth mode), else the ``OPENAI_API_KEY`` environment variable."""
    for name in (f"{OpenAiChatProperties.CONFIG_PREFIX}.api-key", "spring.ai.openai.api-key"):
        value = environment.get_property(name)
        if value is not None:
            return Environment.unresolved(value) is None
    return environment.environment_variable(OPENAI_API_KEY) is not None


def _connection(
    context: "ApplicationContext", section: AbstractOpenAiProperties
) -> dict[str, Any]:
    common = context.get_properties(OpenAiCommonProperties)
    connection = OpenAiConnection.resolve(common, section)
    return connection.option_values(
        context.environment.environment_variable, type(section).CONFIG_PREFIX
    )


def openai_chat_model(context: "ApplicationContext") -> "ChatModel":
    """Spring's ``OpenAiChatAutoConfiguration``: the chat model of ``spring.ai.openai.*``."""
    from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions

    chat = context.get_properties(OpenAiChatProperties)
    values = _connection(context, chat)
    model = chat.model or context.get_properties(OpenAiCommonProperties).model
    if model:
        values["model"] = model
    values.update(chat.option_values())
    # The exchange limits bound chat calls and streams.
    values.update(
        limit_values(OpenAiConnection.resolve(context.get_properties(OpenAiCommonProperties), chat))
    )
    return OpenAiChatModel(
        options=OpenAiChatOptions(**values),
        tool_calling_manager=context.tool_calling_manager(),
        tracer_provider=context.tracer_provider,
        meter_provider=context.meter_provider,
    )


# The entry point names spring_ai_py.openai._registration:REGISTRATION (which imports nothing of this module
# until a bean is built); the name stays here for code that imported it from here.
from spring_ai_py.openai._registration import REGISTRATION as REGISTRATION  # noqa: E402
