"""Model selection, the chat client, chat observations and chat memory properties."""


import enum
from typing import Annotated, ClassVar

from pydantic import Field

from spring_ai_py.autoconfigure.binder import (
    ConfigurationProperties,
    PropertiesModel,
    relaxed_enum,
)
from spring_ai_py.chat.client.advisor.tool_calling_advisor import ToolCallingAdvisor


class SpringAiModelProperties(ConfigurationProperties):
    """``spring.ai.model.*``: which provider backs each model type
    (a registered provider's name, or ``none`` to switch it off)."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.model"

    chat: str | None = None
    embedding: str | None = None


class ChatClientBuilderProperties(ConfigurationProperties):
    """``spring.ai.chat.client.*``."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.chat.client"

    class Observations(PropertiesModel):
        log_prompt: bool = False
        log_completion: bool = False

    class ToolCalling(PropertiesModel):
        enabled: bool = True
        advisor_order: int = ToolCallingAdvisor.DEFAULT_ORDER

    enabled: bool = True
    observations: Observations = Field(default_factory=Observations)
    tool_calling: ToolCalling = Field(default_factory=ToolCalling)


class ChatObservationProperties(ConfigurationProperties):
    """``spring.ai.chat.observations.*`` (the chat model's spans)."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.chat.observations"

    log_prompt: bool = False
    log_completion: bool = False
    include_error_logging: bool = False


class DatabaseInitializationMode(enum.Enum):
    """Boot's ``DatabaseInitializationMode``: when to create the schema."""

    ALWAYS = "always"
    EMBEDDED = "embedded"
    """Only for embedded databases (here: SQLite)."""
    NEVER = "never"


class JdbcChatMemoryRepositoryProperties(ConfigurationProperties):
    """``spring.ai.chat.memory.repository.jdbc.*``."""

    CONFIG_PREFIX: ClassVar[str] = "spring.ai.chat.memory.repository.jdbc"

    initialize_schema: Annotated[
        DatabaseInitializationMode, relaxed_enum(DatabaseInitializationMode)
    ] = DatabaseInitializationMode.EMBEDDED
