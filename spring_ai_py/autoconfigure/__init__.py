"""Spring Boot style configuration: ``application.yml`` and ``spring.ai.*`` properties
build the beans a Spring AI application would have injected.

    from spring_ai_py.autoconfigure import SpringApplication

    with SpringApplication.run() as context:
        chat_client = context.chat_client_builder().build()

See ``docs/configuration.md`` for the supported properties and their defaults.
"""

from spring_ai_py.autoconfigure.binder import (
    ConfigurationProperties,
    ConfigurationPropertiesBindError,
    Duration,
    OptionsProperties,
    PropertiesModel,
    parse_duration,
    relaxed_enum,
)
from spring_ai_py.autoconfigure.chat import (
    ChatClientBuilderProperties,
    ChatObservationProperties,
    DatabaseInitializationMode,
    JdbcChatMemoryRepositoryProperties,
    SpringAiModelProperties,
)
from spring_ai_py.autoconfigure.context import ApplicationContext, SpringApplication
from spring_ai_py.autoconfigure.datasource import DataSourceProperties
from spring_ai_py.autoconfigure.environment import (
    ConfigDataLoadError,
    Environment,
    EnvironmentVariablesPropertySource,
    PropertySource,
    PropertyValue,
    canonical_name,
)
from spring_ai_py.autoconfigure.mcp import (
    McpClientCommonProperties,
    McpSseClientProperties,
    McpStdioClientProperties,
    McpStreamableHttpClientProperties,
)
from spring_ai_py.autoconfigure.registry import (
    ENTRY_POINT_GROUP,
    ProviderRegistration,
    provider_registrations,
)
from spring_ai_py.autoconfigure.tools import ToolCallingProperties
from spring_ai_py.autoconfigure.vectorstore import (
    PgVectorStoreProperties,
    VectorStoreObservationProperties,
    VectorStoreSelectionProperties,
)

__all__ = [
    "ENTRY_POINT_GROUP",
    "ApplicationContext",
    "ChatClientBuilderProperties",
    "ChatObservationProperties",
    "ConfigDataLoadError",
    "ConfigurationProperties",
    "ConfigurationPropertiesBindError",
    "OptionsProperties",
    "DataSourceProperties",
    "DatabaseInitializationMode",
    "Duration",
    "Environment",
    "EnvironmentVariablesPropertySource",
    "JdbcChatMemoryRepositoryProperties",
    "McpClientCommonProperties",
    "McpSseClientProperties",
    "McpStdioClientProperties",
    "McpStreamableHttpClientProperties",
    "PgVectorStoreProperties",
    "PropertiesModel",
    "PropertySource",
    "PropertyValue",
    "ProviderRegistration",
    "SpringAiModelProperties",
    "SpringApplication",
    "ToolCallingProperties",
    "VectorStoreObservationProperties",
    "VectorStoreSelectionProperties",
    "canonical_name",
    "parse_duration",
    "provider_registrations",
    "relaxed_enum",
]
