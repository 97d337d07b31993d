"""Binding spring.ai.* properties onto the typed settings, with Spring 2.0.1's defaults."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from spring_ai_py.anthropic import AnthropicChatProperties
from spring_ai_py.autoconfigure import (
    ChatClientBuilderProperties,
    ConfigurationProperties,
    ConfigurationPropertiesBindError,
    DataSourceProperties,
    Environment,
    JdbcChatMemoryRepositoryProperties,
    McpClientCommonProperties,
    McpSseClientProperties,
    McpStdioClientProperties,
    McpStreamableHttpClientProperties,
    PgVectorStoreProperties,
    ToolCallingProperties,
    parse_duration,
)
from spring_ai_py.autoconfigure.chat import DatabaseInitializationMode
from spring_ai_py.chat.client.advisor.tool_calling_advisor import ToolCallingAdvisor
from spring_ai_py.document import MetadataMode
from spring_ai_py.model.tool import ToolCallLimitBehavior
from spring_ai_py.openai import (
    OpenAiChatProperties,
    OpenAiCommonProperties,
    OpenAiConnection,
    OpenAiEmbeddingProperties,
)
from spring_ai_py.vectorstore.pgvector import PgDistanceType, PgIdType, PgIndexType

CONFIGS = Path(__file__).parent / "configs"


def env_of(**overrides: object) -> Environment:
    return Environment.load(config_dir=Path("/nonexistent"), environ={}, overrides=overrides)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("60s", timedelta(seconds=60)),
        ("500ms", timedelta(milliseconds=500)),
        ("2m", timedelta(minutes=2)),
        ("1h", timedelta(hours=1)),
        ("PT1M30S", timedelta(minutes=1, seconds=30)),
        ("pt0.5s", timedelta(milliseconds=500)),
        ("1500", timedelta(milliseconds=1500)),
        (250, timedelta(milliseconds=250)),
    ],
)
def test_durations_bind_in_boots_forms(text: object, expected: timedelta) -> None:
    assert parse_duration(text) == expected


def test_a_bad_duration_names_the_property_and_the_value() -> None:
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        OpenAiCommonProperties.bind(env_of(**{"spring.ai.openai.timeout": "soon"}))
    assert caught.value.property_name == "spring.ai.openai.timeout"
    assert "'soon' is not a duration" in str(caught.value)


def test_defaults_are_spring_2_0_1s() -> None:
    env = env_of()
    common = OpenAiCommonProperties.bind(env)
    assert common.timeout == timedelta(seconds=60)
    assert common.max_retries == 3
    assert OpenAiEmbeddingProperties.bind(env).metadata_mode is MetadataMode.EMBED
    client = ChatClientBuilderProperties.bind(env)
    assert client.enabled is True
    assert client.observations.log_prompt is False
    assert client.observations.log_completion is False
    assert client.tool_calling.enabled is True
    assert client.tool_calling.advisor_order == ToolCallingAdvisor.DEFAULT_ORDER
    jdbc = JdbcChatMemoryRepositoryProperties.bind(env)
    assert jdbc.initialize_schema is DatabaseInitializationMode.EMBEDDED
    pg = PgVectorStoreProperties.bind(env)
    assert (pg.index_type, pg.distance_type, pg.id_type) == (
        PgIndexType.HNSW, PgDistanceType.COSINE_DISTANCE, PgIdType.UUID
    )  # fmt: skip
    assert (pg.initialize_schema, pg.dimensions, pg.table_name, pg.schema_name) == (
        False, -1, "vector_store", "public"
    )  # fmt: skip
    assert pg.max_document_batch_size == 10_000
    tools = ToolCallingProperties.bind(env)
    assert tools.limits.max_calls_per_tool_default == 40
    assert tools.limits.max_total_tool_calls == 150
    assert tools.limits.on_limit_exceeded is ToolCallLimitBehavior.THROW
    assert tools.throw_exception_on_error is False
    mcp = McpClientCommonProperties.bind(env)
    assert (mcp.name, mcp.version, mcp.request_timeout) == (
        "spring-ai-mcp-client", "1.0.0", timedelta(seconds=20)
    )  # fmt: skip
    assert mcp.type is McpClientCommonProperties.ClientType.SYNC


def test_old_chat_options_form_and_new_form_both_bind_and_the_new_one_wins() -> None:
    old = OpenAiChatProperties.bind(
        env_of(
            **{
                "spring.ai.openai.chat.options.model": "gpt-4o",
                "spring.ai.openai.chat.options.temperature": 0.3,
            }
        )
    )
    assert (old.model, old.temperature) == ("gpt-4o", 0.3)
    both = OpenAiChatProperties.bind(
        env_of(
            **{"spring.ai.openai.chat.options.model": "old", "spring.ai.openai.chat.model": "new"}
        )
    )
    assert both.model == "new"
    anthropic = AnthropicChatProperties.bind(
        env_of(**{"spring.ai.anthropic.chat.options.max-tokens": "99"})
    )
    assert anthropic.max_tokens == 99


def test_chat_section_connection_wins_over_common_connection() -> None:
    env = env_of(
        **{
            "spring.ai.openai.api-key": "common",
            "spring.ai.openai.base-url": "http://common",
            "spring.ai.openai.chat.base-url": "http://chat",
            "spring.ai.openai.max-retries": 7,
        }
    )
    connection = OpenAiConnection.resolve(
        OpenAiCommonProperties.bind(env), OpenAiChatProperties.bind(env)
    )
    assert connection.base_url == "http://chat"
    assert connection.api_key is not None and connection.api_key.get_secret_value() == "common"
    assert connection.max_retries == 7


def test_empty_api_key_is_kept_as_springs_no_auth_signal() -> None:
    env = env_of(**{"spring.ai.openai.api-key": "real", "spring.ai.openai.chat.api-key": ""})
    connection = OpenAiConnection.resolve(
        OpenAiCommonProperties.bind(env), OpenAiChatProperties.bind(env)
    )
    assert connection.api_key is not None and connection.api_key.get_secret_value() == ""


def test_lists_bind_from_indexes_or_comma_separated_text() -> None:
    indexed = OpenAiChatProperties.bind(
        env_of(**{"spring.ai.openai.chat.stop[0]": "END", "spring.ai.openai.chat.stop[1]": "STOP"})
    )
    comma = OpenAiChatProperties.bind(env_of(**{"spring.ai.openai.chat.stop": "END, STOP"}))
    assert indexed.stop == comma.stop == ["END", "STOP"]


def test_maps_keep_the_keys_as_written() -> None:
    env = env_of(
        **{
            "spring.ai.openai.custom-headers.X-Custom-Header": "a",
            "spring.ai.tools.limits.max-calls-per-tool.getWeather": "1",
        }
    )
    assert OpenAiCommonProperties.bind(env).custom_headers == {"X-Custom-Header": "a"}
    assert ToolCallingProperties.bind(env).limits.max_calls_per_tool == {"getWeather": 1}


def test_enums_bind_in_any_case_and_spelling() -> None:
    pg = PgVectorStoreProperties.bind(
        env_of(
            **{
                "spring.ai.vectorstore.pgvector.index-type": "ivfflat",
                "spring.ai.vectorstore.pgvector.distance-type": "euclidean-distance",
            }
        )
    )
    assert pg.index_type is PgIndexType.IVFFLAT
    assert pg.distance_type is PgDistanceType.EUCLIDEAN_DISTANCE
    tools = ToolCallingProperties.bind(
        env_of(**{"spring.ai.tools.limits.on-limit-exceeded": "return_error_response"})
    )
    assert tools.limits.on_limit_exceeded is ToolCallLimitBehavior.RETURN_ERROR_RESPONSE


def test_a_typo_in_a_value_names_the_property_where_it_was_set_and_the_problem(
    tmp_path: Path,
) -> None:
    (tmp_path / "application.yml").write_text(
        "spring.ai.vectorstore.pgvector.index-type: HSNW\n", encoding="utf-8"
    )
    env = Environment.load(config_dir=tmp_path, environ={})
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        PgVectorStoreProperties.bind(env)
    message = str(caught.value)
    assert "spring.ai.vectorstore.pgvector.index-type" in message
    assert "application.yml" in message
    assert "'HSNW' is not one of NONE, IVFFLAT, HNSW" in message
    assert isinstance(caught.value, ValueError)


def test_a_non_numeric_temperature_names_the_property() -> None:
    with pytest.raises(
        ConfigurationPropertiesBindError, match=r"spring\.ai\.openai\.chat\.temperature.*'hot'"
    ):
        OpenAiChatProperties.bind(env_of(**{"spring.ai.openai.chat.temperature": "hot"}))


def test_an_unresolved_placeholder_in_an_api_key_is_an_error_naming_the_property() -> None:
    env = Environment.load(config_dir=CONFIGS / "openai-chat", environ={})
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        OpenAiCommonProperties.bind(env)
    assert caught.value.property_name == "spring.ai.openai.api-key"
    assert "${OPENAI_API_KEY}" in str(caught.value)


def test_secrets_never_appear_in_reprs_or_errors() -> None:
    secret = "sk-very-secret-value"
    env = env_of(
        **{
            "spring.ai.openai.api-key": secret,
            "spring.datasource.password": secret,
            "spring.datasource.url": "jdbc:postgresql://db/app",
        }
    )
    common = OpenAiCommonProperties.bind(env)
    datasource = DataSourceProperties.bind(env)
    assert secret not in repr(common) and secret not in str(common)
    assert secret not in repr(datasource)
    assert secret in datasource.dsn()  # the driver gets it; nothing prints it
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        OpenAiCommonProperties.bind(env_of(**{"spring.ai.openai.api-key": ["not", secret]}))
    assert secret not in str(caught.value)


def test_mcp_connections_bind_from_yaml_maps_and_lists() -> None:
    env = Environment.load(
        config_dir=CONFIGS / "mcp-clients", environ={"OPENAI_API_KEY": "k", "BRAVE_API_KEY": "b"}
    )
    stdio = McpStdioClientProperties.bind(env)
    assert set(stdio.connections) == {"filesystem", "brave-search"}
    fs = stdio.connections["filesystem"]
    assert (fs.command, fs.args) == (
        "npx",
        ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"],
    )
    assert stdio.connections["brave-search"].env == {"BRAVE_API_KEY": "b"}
    http = McpStreamableHttpClientProperties.bind(env).connections["weather"]
    assert (http.url, http.endpoint) == ("http://localhost:8081", "/mcp")
    assert McpSseClientProperties.bind(env).connections["legacy"].url == "http://localhost:8082"
    common = McpClientCommonProperties.bind(env)
    assert (common.name, common.request_timeout) == ("weather-client", timedelta(seconds=30))


def test_mcp_connections_bind_from_environment_variables() -> None:
    env = Environment.load(
        config_dir=Path("/nonexistent"),
        environ={
            "SPRING_AI_MCP_CLIENT_STDIO_CONNECTIONS_GIT_COMMAND": "uvx",
            "SPRING_AI_MCP_CLIENT_STDIO_CONNECTIONS_GIT_ARGS": "mcp-server-git,--repository,.",
        },
    )
    git = McpStdioClientProperties.bind(env).connections["git"]
    assert (git.command, git.args) == ("uvx", ["mcp-server-git", "--repository", "."])


def test_datasource_urls_translate_to_driver_connection_strings() -> None:
    pg = DataSourceProperties.bind(
        env_of(
            **{
                "spring.datasource.url": "jdbc:postgresql://db:5432/app?sslmode=disable",
                "spring.datasource.username": "app user",
                "spring.datasource.password": "p@ss",
            }
        )
    )
    assert pg.platform() == "postgresql"
    assert pg.dsn() == "postgresql://app%20user:p%40ss@db:5432/app?sslmode=disable"
    sqlite = DataSourceProperties.bind(env_of(**{"spring.datasource.url": "jdbc:sqlite:/tmp/m.db"}))
    assert (sqlite.platform(), sqlite.dsn()) == ("sqlite", "/tmp/m.db")
    mysql = DataSourceProperties.bind(env_of(**{"spring.datasource.url": "jdbc:mysql://db/app"}))
    with pytest.raises(ValueError, match="'mysql' database is not supported"):
        mysql.platform()


def test_a_list_comes_whole_from_the_highest_source_that_defines_it(tmp_path: Path) -> None:
    """As Boot: an indexed override or a comma-separated env var replaces the file's list."""
    (tmp_path / "application.yml").write_text(
        "spring.ai.openai.chat.stop: [a, b, c]\n", encoding="utf-8"
    )
    indexed = Environment.load(
        config_dir=tmp_path, environ={}, overrides={"spring.ai.openai.chat.stop[0]": "x"}
    )
    assert OpenAiChatProperties.bind(indexed).stop == ["x"]
    from_env = Environment.load(config_dir=tmp_path, environ={"SPRING_AI_OPENAI_CHAT_STOP": "x,y"})
    assert OpenAiChatProperties.bind(from_env).stop == ["x", "y"]
    assert OpenAiChatProperties.bind(Environment.load(config_dir=tmp_path, environ={})).stop == [
        "a",
        "b",
        "c",
    ]


def _sections() -> list[type[ConfigurationProperties]]:
    """Every properties section of the package and its providers."""
    import spring_ai_py.anthropic._autoconfigure
    import spring_ai_py.autoconfigure.chat
    import spring_ai_py.autoconfigure.datasource
    import spring_ai_py.autoconfigure.mcp
    import spring_ai_py.autoconfigure.tools
    import spring_ai_py.autoconfigure.vectorstore
    import spring_ai_py.openai._autoconfigure
    import spring_ai_py.openai._embedding_autoconfigure  # noqa: F401

    found: list[type[ConfigurationProperties]] = []
    pending = list(ConfigurationProperties.__subclasses__())
    while pending:
        section = pending.pop()
        pending.extend(section.__subclasses__())
        if section.CONFIG_PREFIX and section.__module__.startswith("spring_ai_py."):
            found.append(section)
    return found


@pytest.mark.parametrize("section", _sections(), ids=lambda s: s.__name__)
def test_an_unconfigured_section_binds_what_validated_defaults_give(
    section: type[ConfigurationProperties],
) -> None:
    # Nothing set: the binder skips validation (and the validator's build); the result
    # must equal validating no input at all, nested groups included.
    bound = section.bind(env_of())
    expected = section.model_validate({})
    assert bound == expected
    assert repr(bound) == repr(expected)
    assert bound.model_fields_set == expected.model_fields_set == set()


def test_a_section_with_its_own_validator_is_validated_even_when_unconfigured() -> None:
    from typing import ClassVar

    from pydantic import model_validator

    class Checked(ConfigurationProperties):
        CONFIG_PREFIX: ClassVar[str] = "test.checked"
        name: str = "x"

        @model_validator(mode="after")
        def shout(self) -> Checked:
            object.__setattr__(self, "name", self.name.upper())
            return self

    assert Checked.bind(env_of()).name == "X"
