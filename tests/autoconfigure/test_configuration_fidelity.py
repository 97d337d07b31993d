"""Spring Boot's configuration semantics and Spring AI 2.0.1's client setup, end to end:
real files in ``tmp_path``, the context's ``environ``, and the fake provider servers."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatProperties
from spring_ai_py.autoconfigure import (
    ApplicationContext,
    ConfigDataLoadError,
    ConfigurationProperties,
    ConfigurationPropertiesBindError,
    DataSourceProperties,
    Environment,
    McpClientCommonProperties,
    McpStdioClientProperties,
    PgVectorStoreProperties,
    SpringApplication,
    ToolCallingProperties,
    VectorStoreObservationProperties,
)
from spring_ai_py.autoconfigure import environment as environment_module
from spring_ai_py.autoconfigure.environment import profile_matches
from spring_ai_py.document import Document
from spring_ai_py.mcp.connection import McpStdioConnection
from spring_ai_py.openai import (
    OpenAiChatModel,
    OpenAiChatOptions,
    OpenAiChatProperties,
    OpenAiCommonProperties,
    OpenAiEmbeddingProperties,
)
from spring_ai_py.test import AnthropicTestServer, OpenAiTestServer
from spring_ai_py.tool import tool
from spring_ai_py.vectorstore import SearchRequest
from spring_ai_py.vectorstore.pgvector import PgVectorStore


@pytest.fixture
def openai_server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as server:
        yield server


@pytest.fixture
def anthropic_server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer() as server:
        yield server


ANTHROPIC = {"spring.ai.model.chat": "anthropic"}


def sent_key(headers: dict[str, str]) -> str | None:
    """The credential the Anthropic SDK sent for its ``api_key`` (``x-api-key`` or a
    bearer token, depending on the SDK's version)."""
    if "x-api-key" in headers:
        return headers["x-api-key"]
    return headers.get("authorization", "").removeprefix("Bearer ") or None


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


# -- environ= is the whole environment ----------------------------------------------------


def test_openai_base_url_comes_from_environ_not_os_environ(
    tmp_path: Path, openai_server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/not-this-one")
    openai_server.enqueue_text("from environ")
    environ = {"OPENAI_API_KEY": "sk-env", "OPENAI_BASE_URL": openai_server.base_url}
    with SpringApplication.run(config_dir=tmp_path, environ=environ) as context:
        answer = context.chat_client_builder().build().prompt().user("Hi").call().content()
    assert answer == "from environ"
    assert openai_server.requests[-1].headers["authorization"] == "Bearer sk-env"


def test_without_openai_base_url_in_environ_the_default_url_is_used(
    tmp_path: Path, openai_server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", openai_server.base_url)
    with SpringApplication.run(config_dir=tmp_path, environ={"OPENAI_API_KEY": "k"}) as context:
        options = context.chat_model().get_default_options()
    assert options.get_base_url() == "https://api.openai.com/v1"  # type: ignore[attr-defined]


def test_anthropic_base_url_comes_from_environ_not_os_environ(
    tmp_path: Path, anthropic_server: AnthropicTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9/not-this-one")
    anthropic_server.enqueue_text("claude via environ")
    environ = {"ANTHROPIC_API_KEY": "sk-ant", "ANTHROPIC_BASE_URL": anthropic_server.base_url}
    with SpringApplication.run(
        config_dir=tmp_path, environ=environ, overrides=ANTHROPIC
    ) as context:
        answer = context.chat_client_builder().build().prompt().user("Hi").call().content()
    assert answer == "claude via environ"
    assert sent_key(anthropic_server.requests[-1].headers) == "sk-ant"


def test_anthropic_auth_token_is_the_key_when_no_api_key_is_set(
    tmp_path: Path, anthropic_server: AnthropicTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "from-os-environ")
    anthropic_server.enqueue_text("token ok")
    environ = {"ANTHROPIC_AUTH_TOKEN": "tok-123", "ANTHROPIC_BASE_URL": anthropic_server.base_url}
    with SpringApplication.run(
        config_dir=tmp_path, environ=environ, overrides=ANTHROPIC
    ) as context:
        answer = context.chat_client_builder().build().prompt().user("Hi").call().content()
    assert answer == "token ok"
    assert sent_key(anthropic_server.requests[-1].headers) == "tok-123"


def test_missing_anthropic_credentials_name_both_variables(tmp_path: Path) -> None:
    write(tmp_path, "application.properties", "spring.ai.anthropic.chat.model=claude\n")
    with (
        SpringApplication.run(config_dir=tmp_path, environ={}) as context,
        pytest.raises(ValueError, match="ANTHROPIC_AUTH_TOKEN"),
    ):
        context.chat_model()


def test_an_empty_resolved_api_key_sends_no_authorization_header(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    write(
        tmp_path,
        "application.properties",
        f"spring.ai.openai.base-url={openai_server.base_url}\n"
        "spring.ai.openai.api-key=${DEEPSEEK_API_KEY:}\n",
    )
    openai_server.enqueue_text("no auth needed")
    with SpringApplication.run(config_dir=tmp_path, environ={}) as context:
        answer = context.chat_client_builder().build().prompt().user("Hi").call().content()
    assert answer == "no auth needed"
    assert "authorization" not in openai_server.requests[-1].headers


# -- chat.options.base-url / api-key bind to nothing --------------------------------------


def test_options_base_url_and_api_key_bind_to_nothing_and_warn_once(
    tmp_path: Path, openai_server: OpenAiTestServer, caplog: pytest.LogCaptureFixture
) -> None:
    write(
        tmp_path,
        "application.properties",
        f"spring.ai.openai.base-url={openai_server.base_url}\n"
        "spring.ai.openai.api-key=sk-right\n"
        "spring.ai.openai.chat.options.base-url=http://127.0.0.1:9/elsewhere\n"
        "spring.ai.openai.chat.options.api-key=sk-wrong\n"
        "spring.ai.openai.chat.options.model=gpt-4o\n",
    )
    openai_server.enqueue_text("one")
    openai_server.enqueue_text("two")
    with (
        caplog.at_level(logging.WARNING, "spring_ai_py.autoconfigure"),
        SpringApplication.run(config_dir=tmp_path, environ={}) as context,
    ):
        for _ in range(2):
            context.chat_client_builder().build().prompt().user("Hi").call().content()
    request = openai_server.requests[-1]
    assert request.headers["authorization"] == "Bearer sk-right"
    assert request.body["model"] == "gpt-4o"
    warnings = [r.getMessage() for r in caplog.records if "binds to nothing" in r.getMessage()]
    assert len(warnings) == 2
    assert any(
        "'spring.ai.openai.chat.options.base-url'" in w and "'spring.ai.openai.chat.base-url'" in w
        for w in warnings
    )
    assert any("'spring.ai.openai.chat.options.api-key'" in w for w in warnings)
    assert all("sk-wrong" not in w for w in warnings)


# -- two providers configured, one chosen -------------------------------------------------

TWO_PROVIDERS = """\
spring:
  ai:
    openai:
      api-key: ${OPENAI_API_KEY}
      base-url: %s
      chat:
        model: gpt-4o
    anthropic:
      api-key: ${ANTHROPIC_API_KEY}
      base-url: %s
      chat:
        model: claude-sonnet-4-5
"""


def test_of_two_providers_the_one_whose_key_resolves_is_chosen(
    tmp_path: Path, openai_server: OpenAiTestServer, anthropic_server: AnthropicTestServer
) -> None:
    write(
        tmp_path,
        "application.yml",
        TWO_PROVIDERS % (openai_server.base_url, anthropic_server.base_url),
    )
    anthropic_server.enqueue_text("anthropic it is")
    environ = {"ANTHROPIC_API_KEY": "sk-ant"}
    with SpringApplication.run(config_dir=tmp_path, environ=environ) as context:
        assert isinstance(context.chat_model(), AnthropicChatModel)
        answer = context.chat_client_builder().build().prompt().user("Hi").call().content()
    assert answer == "anthropic it is"
    openai_server.enqueue_text("openai it is")
    with SpringApplication.run(config_dir=tmp_path, environ={"OPENAI_API_KEY": "k"}) as context:
        assert isinstance(context.chat_model(), OpenAiChatModel)


def test_of_two_providers_both_with_keys_the_choice_is_still_an_error(tmp_path: Path) -> None:
    write(tmp_path, "application.yml", TWO_PROVIDERS % ("http://a", "http://b"))
    environ = {"ANTHROPIC_API_KEY": "a", "OPENAI_API_KEY": "o"}
    with (
        SpringApplication.run(config_dir=tmp_path, environ=environ) as context,
        pytest.raises(RuntimeError, match=r"set spring\.ai\.model\.chat"),
    ):
        context.chat_model()


# -- profiles and empty values ------------------------------------------------------------


def test_spring_profiles_default_applies_when_no_profile_is_active(tmp_path: Path) -> None:
    write(tmp_path, "application.properties", "spring.profiles.default=local\nname=base\n")
    write(tmp_path, "application-local.properties", "name=local\n")
    write(tmp_path, "application-default.properties", "name=default-profile\n")
    assert Environment.load(config_dir=tmp_path, environ={}).get_property("name") == "local"
    active = Environment.load(config_dir=tmp_path, environ={}, profiles=["other"])
    assert active.get_property("name") == "base"


def test_spring_profiles_default_selects_yaml_documents(tmp_path: Path) -> None:
    write(
        tmp_path,
        "application.yml",
        "spring.profiles.default: dev\nname: base\n---\n"
        "spring.config.activate.on-profile: dev\nname: dev\n",
    )
    assert Environment.load(config_dir=tmp_path, environ={}).get_property("name") == "dev"


def test_an_empty_yaml_value_binds_as_the_empty_string(tmp_path: Path) -> None:
    write(
        tmp_path,
        "application.yml",
        "spring:\n  ai:\n    openai:\n      organization-id:\n      chat:\n        user:\n",
    )
    environment = Environment.load(config_dir=tmp_path, environ={})
    assert environment.get_property("spring.ai.openai.chat.user") == ""
    assert OpenAiChatProperties.bind(environment).user == ""


# -- files that cannot be read ------------------------------------------------------------


def test_a_directory_named_application_yml_is_an_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "application.yml").mkdir()
    with pytest.raises(ConfigDataLoadError, match=r"application\.yml") as caught:
        Environment.load(config_dir=tmp_path, environ={})
    assert caught.value.location == tmp_path / "application.yml"
    assert "directory" in caught.value.problem


def test_yaml_that_is_not_utf8_is_an_error_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "application.yml").write_bytes("name: caf\u00e9\n".encode("latin-1"))
    with pytest.raises(ConfigDataLoadError, match=r"application\.yml.*not UTF-8"):
        Environment.load(config_dir=tmp_path, environ={})


def test_properties_are_utf8_else_iso_8859_1_as_in_boot(tmp_path: Path) -> None:
    (tmp_path / "application.properties").write_bytes("name=caf\u00e9\n".encode("latin-1"))
    assert Environment.load(config_dir=tmp_path, environ={}).get_property("name") == "caf\u00e9"
    (tmp_path / "application.properties").write_bytes("name=\u00fcber \u20ac\n".encode())
    environment = Environment.load(config_dir=tmp_path, environ={})
    assert environment.get_property("name") == "\u00fcber \u20ac"


def test_malformed_yaml_is_an_error_naming_the_file(tmp_path: Path) -> None:
    write(tmp_path, "application.yml", "spring:\n  ai: [unclosed\n")
    with pytest.raises(ConfigDataLoadError, match=r"application\.yml is not valid YAML"):
        SpringApplication.run(config_dir=tmp_path, environ={})


# -- configuration bombs ------------------------------------------------------------------

BILLION_LAUGHS = """\
a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]
b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]
c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]
d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]
e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]
f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]
g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]
h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]
i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]
"""


def test_a_billion_laughs_yaml_file_fails_fast_with_a_clear_error(tmp_path: Path) -> None:
    assert len(BILLION_LAUGHS) < 1024
    write(tmp_path, "application.yml", BILLION_LAUGHS)
    with pytest.raises(ConfigDataLoadError, match="more than 50 aliases"):
        Environment.load(config_dir=tmp_path, environ={})


def test_aliases_within_the_limit_still_cannot_expand_without_bound(tmp_path: Path) -> None:
    lines = ['l0: &l0 ["x", "x"]'] + [f"l{i}: &l{i} [*l{i - 1}, *l{i - 1}]" for i in range(1, 25)]
    write(tmp_path, "application.yml", "\n".join(lines) + "\n")
    with pytest.raises(ConfigDataLoadError, match="more than 100000 properties"):
        Environment.load(config_dir=tmp_path, environ={})


def test_deeply_nested_yaml_is_a_clear_error_not_a_recursion_error(tmp_path: Path) -> None:
    write(tmp_path, "application.yml", "a: " + "[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(ConfigDataLoadError, match="nested deeper than 50"):
        Environment.load(config_dir=tmp_path, environ={})


def test_exponential_placeholders_fail_fast_naming_the_property(tmp_path: Path) -> None:
    lines = ["p0=xxxxxxxxxx"] + [f"p{i}=" + f"${{p{i - 1}}}" * 10 for i in range(1, 10)]
    lines.append("spring.ai.openai.chat.user=${p9}")
    write(tmp_path, "application.properties", "\n".join(lines) + "\n")
    assert (tmp_path / "application.properties").stat().st_size < 1024
    environment = Environment.load(config_dir=tmp_path, environ={})
    with pytest.raises(ValueError, match="more than 10000 placeholders"):
        environment.get_property("p9")
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        OpenAiChatProperties.bind(environment)
    assert caught.value.property_name == "spring.ai.openai.chat.user"


def test_deeply_nested_placeholders_are_a_clear_error(tmp_path: Path) -> None:
    write(tmp_path, "application.properties", "a=" + "${" * 3000 + "x" + "}" * 3000 + "\n")
    environment = Environment.load(config_dir=tmp_path, environ={})
    with pytest.raises(ValueError, match="nested deeper than 32"):
        environment.get_property("a")


def test_deeply_nested_profile_expressions_are_a_clear_value_error() -> None:
    with pytest.raises(ValueError, match="nested deeper than 50"):
        profile_matches("(" * 5000 + "dev" + ")" * 5000, ["dev"])
    with pytest.raises(ValueError, match="nested deeper than 50"):
        profile_matches("!" * 5000 + "dev", ["dev"])
    assert profile_matches("((dev))", ["dev"])


def test_deeply_nested_mcp_servers_json_is_a_bind_error(tmp_path: Path) -> None:
    (tmp_path / "servers.json").write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    overrides = {"spring.ai.mcp.client.stdio.servers-configuration": str(tmp_path / "servers.json")}
    with (
        SpringApplication.run(config_dir=tmp_path, environ={}, overrides=overrides) as context,
        pytest.raises(ConfigurationPropertiesBindError, match="too deeply"),
    ):
        context.mcp_sync_clients()


# -- secrets masked in reprs and bind errors ----------------------------------------------


def test_reprs_of_properties_mask_headers_env_maps_and_url_passwords(tmp_path: Path) -> None:
    write(
        tmp_path,
        "application.yml",
        """\
spring:
  datasource:
    url: jdbc:postgresql://app:db-pa55@db.internal:5432/ai
  ai:
    openai:
      base-url: https://proxy-user:proxy-pa55@proxy.internal/v1
      custom-headers:
        Authorization: Bearer sk-header
        x-api-key: sk-xkey
        X-Trace: visible
    mcp:
      client:
        stdio:
          connections:
            github:
              command: npx
              env:
                GITHUB_PERSONAL_ACCESS_TOKEN: ghp-secret
                DB_PASSWORD: hunter2
                LOG_LEVEL: debug
""",
    )
    with SpringApplication.run(config_dir=tmp_path, environ={}) as context:
        shown = " ".join(
            repr(context.get_properties(kind))
            for kind in (OpenAiCommonProperties, McpStdioClientProperties, DataSourceProperties)
        )
        connection = McpStdioConnection(
            "npx",
            env=dict(context.get_properties(McpStdioClientProperties).connections["github"].env),
        )
    for secret in ("sk-header", "sk-xkey", "ghp-secret", "hunter2", "db-pa55", "proxy-pa55"):
        assert secret not in shown
        assert secret not in repr(connection)
    assert "visible" in shown and "debug" in shown and "debug" in repr(connection)
    assert "proxy-user:***@proxy.internal" in shown


def test_options_repr_masks_a_password_in_the_base_url() -> None:
    options = OpenAiChatOptions(base_url="https://u:base-pa55@proxy/v1", api_key="k")
    assert "base-pa55" not in repr(options)


def test_bind_errors_never_show_a_value_from_a_secret_placeholder(tmp_path: Path) -> None:
    write(tmp_path, "application.properties", "spring.ai.openai.chat.max-tokens=${MY_API_KEY}\n")
    environment = Environment.load(config_dir=tmp_path, environ={"MY_API_KEY": "sk-leaked-123"})
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        OpenAiChatProperties.bind(environment)
    assert caught.value.property_name == "spring.ai.openai.chat.max-tokens"
    assert "sk-leaked-123" not in str(caught.value)


def test_bind_errors_never_show_a_secret_map_entry_or_property(tmp_path: Path) -> None:
    write(
        tmp_path,
        "application.properties",
        "spring.ai.tools.limits.max-calls-per-tool.api-key=sk-in-a-map\n",
    )
    environment = Environment.load(config_dir=tmp_path, environ={})
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        ToolCallingProperties.bind(environment)
    assert "sk-in-a-map" not in str(caught.value)
    assert caught.value.property_name.startswith("spring.ai.tools.limits.max-calls-per-tool.")


def test_bind_errors_mask_url_passwords(tmp_path: Path) -> None:
    write(
        tmp_path,
        "application.properties",
        "spring.ai.openai.chat.max-tokens=postgresql://u:url-pa55@h/db\n",
    )
    environment = Environment.load(config_dir=tmp_path, environ={})
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        OpenAiChatProperties.bind(environment)
    assert "url-pa55" not in str(caught.value)
    assert "postgresql://u:***@h/db" in str(caught.value)


# -- out-of-range numbers -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("properties", "kind", "name"),
    [
        (
            "spring.ai.openai.chat.max-tokens=0",
            OpenAiChatProperties,
            "spring.ai.openai.chat.max-tokens",
        ),
        (
            "spring.ai.openai.chat.options.max-tokens=-5",
            OpenAiChatProperties,
            "spring.ai.openai.chat.options.max-tokens",
        ),
        (
            "spring.ai.openai.chat.temperature=3.5",
            OpenAiChatProperties,
            "spring.ai.openai.chat.temperature",
        ),
        ("spring.ai.openai.chat.n=0", OpenAiChatProperties, "spring.ai.openai.chat.n"),
        ("spring.ai.openai.max-retries=-1", OpenAiCommonProperties, "spring.ai.openai.max-retries"),
        ("spring.ai.openai.timeout=0s", OpenAiCommonProperties, "spring.ai.openai.timeout"),
        (
            "spring.ai.anthropic.chat.max-tokens=0",
            AnthropicChatProperties,
            "spring.ai.anthropic.chat.max-tokens",
        ),
        (
            "spring.ai.anthropic.chat.top-p=1.5",
            AnthropicChatProperties,
            "spring.ai.anthropic.chat.top-p",
        ),
        (
            "spring.ai.openai.embedding.dimensions=0",
            OpenAiEmbeddingProperties,
            "spring.ai.openai.embedding.dimensions",
        ),
        (
            "spring.ai.tools.limits.max-total-tool-calls=0",
            ToolCallingProperties,
            "spring.ai.tools.limits.max-total-tool-calls",
        ),
        (
            "spring.ai.mcp.client.request-timeout=-1s",
            McpClientCommonProperties,
            "spring.ai.mcp.client.request-timeout",
        ),
        (
            "spring.ai.vectorstore.pgvector.max-document-batch-size=0",
            PgVectorStoreProperties,
            "spring.ai.vectorstore.pgvector.max-document-batch-size",
        ),
    ],
)
def test_out_of_range_numbers_are_bind_errors_naming_the_property(
    tmp_path: Path, properties: str, kind: type[ConfigurationProperties], name: str
) -> None:
    write(tmp_path, "application.properties", properties + "\n")
    environment = Environment.load(config_dir=tmp_path, environ={})
    with pytest.raises(ConfigurationPropertiesBindError) as caught:
        kind.bind(environment)
    assert caught.value.property_name == name
    assert "application.properties" in (caught.value.origin or "")


# -- classpath: locations -----------------------------------------------------------------

SERVERS_JSON = '{"mcpServers": {"fs": {"command": "%s", "args": ["-V"]}}}'


def stdio_commands(context: ApplicationContext) -> list[str]:
    return [c.command for c in context._stdio_connections().values()]


@pytest.mark.parametrize("subdir", ["resources", ""])
def test_classpath_locations_resolve_against_the_applications_resources(
    tmp_path: Path, subdir: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = tmp_path / "app"
    (app / subdir).mkdir(parents=True, exist_ok=True)
    write(app / subdir, "mcp-servers-config.json", SERVERS_JSON % "from-resources")
    # The working directory has a same-named file that must not be picked.
    elsewhere = tmp_path / "cwd"
    elsewhere.mkdir()
    write(elsewhere, "mcp-servers-config.json", SERVERS_JSON % "from-cwd")
    monkeypatch.chdir(elsewhere)
    write(
        app,
        "application.properties",
        "spring.ai.mcp.client.stdio.servers-configuration=classpath:/mcp-servers-config.json\n",
    )
    with SpringApplication.run(config_dir=app, environ={}) as context:
        assert stdio_commands(context) == ["from-resources"]


def test_resources_dir_wins_over_the_config_dir(tmp_path: Path) -> None:
    (tmp_path / "resources").mkdir()
    write(tmp_path / "resources", "s.json", SERVERS_JSON % "resources")
    write(tmp_path, "s.json", SERVERS_JSON % "config-dir")
    overrides = {"spring.ai.mcp.client.stdio.servers-configuration": "classpath:s.json"}
    with SpringApplication.run(config_dir=tmp_path, environ={}, overrides=overrides) as context:
        assert stdio_commands(context) == ["resources"]


def test_a_missing_classpath_resource_or_one_outside_it_is_a_bind_error(tmp_path: Path) -> None:
    app = tmp_path / "app"
    app.mkdir()
    write(tmp_path, "outside.json", SERVERS_JSON % "outside")
    for location in ("classpath:/nope.json", "classpath:../outside.json"):
        overrides = {"spring.ai.mcp.client.stdio.servers-configuration": location}
        with (
            SpringApplication.run(config_dir=app, environ={}, overrides=overrides) as context,
            pytest.raises(ConfigurationPropertiesBindError, match="class path resource"),
        ):
            context.mcp_sync_clients()


# -- pgvector without dimensions ----------------------------------------------------------


def test_pgvector_without_dimensions_measures_the_model_with_one_embed_call(
    tmp_path: Path,
) -> None:
    write(
        tmp_path,
        "application.properties",
        "spring.datasource.url=jdbc:postgresql://127.0.0.1:9/none\n"
        "spring.ai.openai.api-key=sk-test\n"
        "spring.ai.openai.embedding.model=text-embedding-ada-002\n"
        "spring.ai.vectorstore.pgvector.table-name=measured\n",
    )
    with OpenAiTestServer(embedding_dimensions=12) as server:
        environ = {"OPENAI_BASE_URL": server.base_url}
        with SpringApplication.run(config_dir=tmp_path, environ=environ) as context:
            store = context.vector_store()
            assert isinstance(store, PgVectorStore)
            assert store.embedding_dimensions() == 12  # not ada-002's 1536 by name
            assert store.embedding_dimensions() == 12
        assert len(server.requests) == 1
        assert server.requests[0].path == "/v1/embeddings"


# -- observation properties ---------------------------------------------------------------


@tool(description="The weather in a city")
def weather(city: str) -> str:
    return f"Sunny in {city}"


@pytest.mark.parametrize("include", [True, False])
def test_tools_include_content_puts_arguments_and_result_on_the_tool_span(
    tmp_path: Path, openai_server: OpenAiTestServer, otel: Any, include: bool
) -> None:
    write(
        tmp_path,
        "application.properties",
        f"spring.ai.openai.base-url={openai_server.base_url}\nspring.ai.openai.api-key=k\n"
        f"spring.ai.tools.observations.include-content={str(include).lower()}\n",
    )
    openai_server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Oslo"}}])
    openai_server.enqueue_text("It is sunny")
    with SpringApplication.run(
        config_dir=tmp_path, environ={}, tracer_provider=otel.provider
    ) as context:
        client = context.chat_client_builder().build()
        assert client.prompt().user("Weather?").tools(weather).call().content() == "It is sunny"
    attributes = dict(otel.span("execute_tool weather").attributes or {})
    if include:
        assert attributes["gen_ai.tool.call.arguments"] == '{"city": "Oslo"}'
        assert attributes["gen_ai.tool.call.result"] == "Sunny in Oslo"
    else:
        assert "gen_ai.tool.call.arguments" not in attributes
        assert "gen_ai.tool.call.result" not in attributes


def test_vectorstore_log_query_response_puts_the_found_documents_on_the_query_span(
    tmp_path: Path, otel: Any, caplog: pytest.LogCaptureFixture
) -> None:
    write(
        tmp_path,
        "application.properties",
        "spring.ai.openai.api-key=k\nspring.ai.vectorstore.observations.log-query-response=true\n",
    )
    with OpenAiTestServer(embedding_dimensions=8) as server:
        environ = {"OPENAI_BASE_URL": server.base_url}
        with (
            caplog.at_level(logging.WARNING, "spring_ai_py.autoconfigure"),
            SpringApplication.run(
                config_dir=tmp_path, environ=environ, tracer_provider=otel.provider
            ) as context,
        ):
            assert context.get_properties(VectorStoreObservationProperties).log_query_response
            store = context.vector_store()
            store.add([Document("Paris is in France"), Document("Tokyo is in Japan")])
            store.similarity_search(SearchRequest.builder().query("France").top_k(1).build())
    attributes = dict(otel.span("simple query").attributes or {})
    assert list(attributes["db.vector.query.response.documents"]) == ["Paris is in France"]
    assert "query response content" in caplog.text


def test_a_configuration_limit_changes_by_assigning_its_module_constant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = ['a: &a ["x"]'] + [f"b{i}: *a" for i in range(60)]
    write(tmp_path, "application.yml", "\n".join(lines) + "\n")
    with pytest.raises(ConfigDataLoadError, match="more than 50 aliases"):
        Environment.load(config_dir=tmp_path, environ={})
    monkeypatch.setattr(environment_module, "MAX_YAML_ALIASES", 100)
    assert Environment.load(config_dir=tmp_path, environ={}).get_property("b59[0]") == "x"


@pytest.fixture(params=["libyaml", "pure-python"])
def yaml_loader(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both YAML paths: PyYAML's C loader (limits checked on its events) and, without
    libyaml, the pure-Python loader (limits checked while composing)."""
    import yaml

    if request.param == "pure-python":
        monkeypatch.delattr(yaml, "CSafeLoader", raising=False)
    else:
        assert hasattr(yaml, "CSafeLoader"), "PyYAML without libyaml: the C path is untested"
    return str(request.param)


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (BILLION_LAUGHS, "more than 50 aliases"),
        ("a: " + "[" * 5000 + "]" * 5000 + "\n", "nested deeper than 50"),
        ("a: " + "{b: " * 51 + "1" + "}" * 51 + "\n", "nested deeper than 50"),
        ("".join(f"x{i}: *s\n" for i in range(60)).join(["s: &s [1]\n", ""]), "more than 50"),
    ],
)
def test_yaml_limits_hold_on_both_loaders(
    tmp_path: Path, yaml_loader: str, text: str, problem: str
) -> None:
    write(tmp_path, "application.yml", text)
    with pytest.raises(ConfigDataLoadError, match=problem):
        Environment.load(config_dir=tmp_path, environ={})


def test_yaml_within_the_limits_loads_the_same_on_both_loaders(
    tmp_path: Path, yaml_loader: str
) -> None:
    aliases = "".join(f"x{i}: *s\n" for i in range(50))  # 50 aliases: the limit, allowed
    scalar_aliases = "".join(f"y{i}: *t\n" for i in range(80))  # aliases to a scalar: free
    nested = "n: " + "[" * 49 + "1" + "]" * 49 + "\n"
    write(
        tmp_path,
        "application.yml",
        "s: &s [1, 2]\nt: &t hello\n" + aliases + scalar_aliases + nested + "---\nz: 1\n",
    )
    environment = Environment.load(config_dir=tmp_path, environ={})
    assert environment.get_property("x49[1]") == "2"
    assert environment.get_property("y79") == "hello"
    assert environment.get_property("n" + "[0]" * 49) == "1"
    assert environment.get_property("z") == "1"
