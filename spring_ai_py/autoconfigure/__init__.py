"""Spring Boot style configuration: ``application.yml`` and ``spring.ai.*`` properties
build the beans a Spring AI application would have injected.

    from spring_ai_py.autoconfigure import SpringApplication

    with SpringApplication.run() as context:
        chat_client = context.chat_client_builder().build()

See ``docs/configuration.md`` for the supported properties and their defaults.

Each name loads its module on first use, so importing this package (or
``SpringApplication``) does not build the properties classes of sections the
configuration never uses.
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

_EXPORTS: dict[str, str] = {
    "ApplicationContext": "spring_ai_py.autoconfigure.context",
    "ChatClientBuilderProperties": "spring_ai_py.autoconfigure.chat",
    "ChatObservationProperties": "spring_ai_py.autoconfigure.chat",
    "ConfigDataLoadError": "spring_ai_py.autoconfigure.environment",
    "ConfigurationProperties": "spring_ai_py.autoconfigure.binder",
    "ConfigurationPropertiesBindError": "spring_ai_py.autoconfigure.binder",
    "DataSourceProperties": "spring_ai_py.autoconfigure.datasource",
    "DatabaseInitializationMode": "spring_ai_py.autoconfigure.chat",
    "Duration": "spring_ai_py.autoconfigure.binder",
    "ENTRY_POINT_GROUP": "spring_ai_py.autoconfigure.registry",
    "Environment": "spring_ai_py.autoconfigure.environment",
    "EnvironmentVariablesPropertySource": "spring_ai_py.autoconfigure.environment",
    "JdbcChatMemoryRepositoryProperties": "spring_ai_py.autoconfigure.chat",
    "McpClientCommonProperties": "spring_ai_py.autoconfigure.mcp",
    "McpSseClientProperties": "spring_ai_py.autoconfigure.mcp",
    "McpStdioClientProperties": "spring_ai_py.autoconfigure.mcp",
    "McpStreamableHttpClientProperties": "spring_ai_py.autoconfigure.mcp",
    "OptionsProperties": "spring_ai_py.autoconfigure.binder",
    "PgVectorStoreProperties": "spring_ai_py.autoconfigure.vectorstore",
    "PropertiesModel": "spring_ai_py.autoconfigure.binder",
    "PropertySource": "spring_ai_py.autoconfigure.environment",
    "PropertyValue": "spring_ai_py.autoconfigure.environment",
    "ProviderRegistration": "spring_ai_py.autoconfigure.registry",
    "SpringAiModelProperties": "spring_ai_py.autoconfigure.chat",
    "SpringApplication": "spring_ai_py.autoconfigure.context",
    "ToolCallingProperties": "spring_ai_py.autoconfigure.tools",
    "VectorStoreObservationProperties": "spring_ai_py.autoconfigure.vectorstore",
    "VectorStoreSelectionProperties": "spring_ai_py.autoconfigure.vectorstore",
    "canonical_name": "spring_ai_py.autoconfigure.environment",
    "parse_duration": "spring_ai_py.autoconfigure.binder",
    "provider_registrations": "spring_ai_py.autoconfigure.registry",
    "relaxed_enum": "spring_ai_py.autoconfigure.binder",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.binder import ConfigurationProperties as ConfigurationProperties
    from spring_ai_py.autoconfigure.binder import (
        ConfigurationPropertiesBindError as ConfigurationPropertiesBindError,
    )
    from spring_ai_py.autoconfigure.binder import Duration as Duration
    from spring_ai_py.autoconfigure.binder import OptionsProperties as OptionsProperties
    from spring_ai_py.autoconfigure.binder import PropertiesModel as PropertiesModel
    from spring_ai_py.autoconfigure.binder import parse_duration as parse_duration
    from spring_ai_py.autoconfigure.binder import relaxed_enum as relaxed_enum
    from spring_ai_py.autoconfigure.chat import (
        ChatClientBuilderProperties as ChatClientBuilderProperties,
    )
    from spring_ai_py.autoconfigure.chat import (
        ChatObservationProperties as ChatObservationProperties,
    )
    from spring_ai_py.autoconfigure.chat import (
        DatabaseInitializationMode as DatabaseInitializationMode,
    )
    from spring_ai_py.autoconfigure.chat import (
        JdbcChatMemoryRepositoryProperties as JdbcChatMemoryRepositoryProperties,
    )
    from spring_ai_py.autoconfigure.chat import SpringAiModelProperties as SpringAiModelProperties
    from spring_ai_py.autoconfigure.context import ApplicationContext as ApplicationContext
    from spring_ai_py.autoconfigure.context import SpringApplication as SpringApplication
    from spring_ai_py.autoconfigure.datasource import DataSourceProperties as DataSourceProperties
    from spring_ai_py.autoconfigure.environment import ConfigDataLoadError as ConfigDataLoadError
    from spring_ai_py.autoconfigure.environment import Environment as Environment
    from spring_ai_py.autoconfigure.environment import (
        EnvironmentVariablesPropertySource as EnvironmentVariablesPropertySource,
    )
    from spring_ai_py.autoconfigure.environment import PropertySource as PropertySource
    from spring_ai_py.autoconfigure.environment import PropertyValue as PropertyValue
    from spring_ai_py.autoconfigure.environment import canonical_name as canonical_name
    from spring_ai_py.autoconfigure.mcp import (
        McpClientCommonProperties as McpClientCommonProperties,
    )
    from spring_ai_py.autoconfigure.mcp import McpSseClientProperties as McpSseClientProperties
    from spring_ai_py.autoconfigure.mcp import McpStdioClientProperties as McpStdioClientProperties
    from spring_ai_py.autoconfigure.mcp import (
        McpStreamableHttpClientProperties as McpStreamableHttpClientProperties,
    )
    from spring_ai_py.autoconfigure.registry import ENTRY_POINT_GROUP as ENTRY_POINT_GROUP
    from spring_ai_py.autoconfigure.registry import ProviderRegistration as ProviderRegistration
    from spring_ai_py.autoconfigure.registry import provider_registrations as provider_registrations
    from spring_ai_py.autoconfigure.tools import ToolCallingProperties as ToolCallingProperties
    from spring_ai_py.autoconfigure.vectorstore import (
        PgVectorStoreProperties as PgVectorStoreProperties,
    )
    from spring_ai_py.autoconfigure.vectorstore import (
        VectorStoreObservationProperties as VectorStoreObservationProperties,
    )
    from spring_ai_py.autoconfigure.vectorstore import (
        VectorStoreSelectionProperties as VectorStoreSelectionProperties,
    )
