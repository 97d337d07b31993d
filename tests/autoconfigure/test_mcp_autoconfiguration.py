"""spring.ai.mcp.client.* builds MCP clients and their tool callbacks from configuration,
against real MCP servers over stdio (the test servers of tests/mcp)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("mcp")

from spring_ai_py.autoconfigure import ConfigurationPropertiesBindError, SpringApplication
from spring_ai_py.test import OpenAiTestServer

WEATHER_SERVER = Path(__file__).parents[1] / "mcp" / "weather_server.py"

APPLICATION_YML = """
spring:
  ai:
    openai:
      api-key: sk-test
    mcp:
      client:
        name: weather-app
        request-timeout: 15s
        stdio:
          servers-configuration: ${SERVERS_JSON}
          connections:
            weather:
              command: ${PYTHON}
              args:
                - ${WEATHER_SERVER}
                - weather
"""


@pytest.fixture
def openai_server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as server:
        yield server


def write_app(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "application.yml").write_text(APPLICATION_YML, encoding="utf-8")
    servers = tmp_path / "claude_desktop_config.json"
    servers.write_text(
        json.dumps(
            {"mcpServers": {"backup": {"command": sys.executable, "args": [str(WEATHER_SERVER), "backup"]}}}
        ),
        encoding="utf-8",
    )
    return {
        "PYTHON": sys.executable,
        "WEATHER_SERVER": str(WEATHER_SERVER),
        "SERVERS_JSON": str(servers),
    }


def test_configured_mcp_tools_answer_through_the_chat_client(
    tmp_path: Path, openai_server: OpenAiTestServer
) -> None:
    environ = {**write_app(tmp_path), "SPRING_AI_OPENAI_BASE_URL": openai_server.base_url}
    openai_server.enqueue_tool_calls([{"name": "get_weather", "arguments": {"city": "Paris"}}])
    openai_server.enqueue_text("It is sunny in Paris.")
    with SpringApplication.run(config_dir=tmp_path, environ=environ) as context:
        clients = context.mcp_sync_clients()
        assert sorted(c.get_client_info().name for c in clients) == [
            "weather-app - backup",
            "weather-app - weather",
        ]
        tools = context.mcp_tool_callbacks()
        names = sorted(t.get_tool_definition().name for t in tools.get_tool_callbacks())
        assert "get_weather" in names and any(n.endswith("get_weather") and n != "get_weather" for n in names)
        client = context.chat_client_builder().default_tool_callbacks(tools).build()
        assert client.prompt().user("Weather in Paris?").call().content() == "It is sunny in Paris."
    tool_message = openai_server.requests[-1].body["messages"][-1]
    assert tool_message["role"] == "tool"
    assert "Paris" in tool_message["content"]
    for closed in clients:  # the context closed them
        with pytest.raises(Exception, match="closed"):
            closed.list_tools()


def test_mcp_can_be_switched_off(tmp_path: Path) -> None:
    environ = write_app(tmp_path)
    with SpringApplication.run(
        config_dir=tmp_path, environ=environ, overrides={"spring.ai.mcp.client.enabled": False}
    ) as context:
        assert context.mcp_sync_clients() == []
        assert context.mcp_tool_callbacks().get_tool_callbacks() == []


def test_a_connection_without_a_command_names_the_property(tmp_path: Path) -> None:
    with SpringApplication.run(
        config_dir=tmp_path,
        environ={},
        overrides={"spring.ai.mcp.client.stdio.connections.fs.args": "-y,server"},
    ) as context, pytest.raises(ConfigurationPropertiesBindError) as caught:
        context.mcp_sync_clients()
    assert caught.value.property_name == "spring.ai.mcp.client.stdio.connections.fs.command"


def test_a_bad_servers_configuration_file_names_the_property(tmp_path: Path) -> None:
    bad = tmp_path / "servers.json"
    bad.write_text("{not json", encoding="utf-8")
    with SpringApplication.run(
        config_dir=tmp_path,
        environ={},
        overrides={"spring.ai.mcp.client.stdio.servers-configuration": str(bad)},
    ) as context, pytest.raises(ConfigurationPropertiesBindError, match="servers-configuration"):
        context.mcp_sync_clients()


def test_the_applications_own_mcp_clients_join_the_contexts(tmp_path: Path) -> None:
    from spring_ai_py.mcp import McpSyncClient, McpToolServer
    from spring_ai_py.tool import tool

    @tool
    def inventory(item: str) -> str:
        """Items in stock."""
        return f"{item}: 3"

    environ = write_app(tmp_path)
    with McpSyncClient(McpToolServer("shop", tools=[inventory]), connection_name="shop") as own:
        with SpringApplication.run(config_dir=tmp_path, environ=environ) as context:
            with pytest.raises(TypeError, match="client must be an McpSyncClient, got str"):
                context.add_mcp_sync_client("shop")  # type: ignore[arg-type]
            context.add_mcp_sync_client(own)
            assert context.mcp_sync_clients()[-1] is own
            assert len(context.mcp_sync_clients()) == 3
            tools = {t.get_tool_definition().name: t for t in context.mcp_tool_callbacks().get_tool_callbacks()}
            assert tools["inventory"].call('{"item": "apples"}') == "apples: 3"
            with pytest.raises(RuntimeError, match=r"mcp_tool_callbacks\(\) is already built"):
                context.add_mcp_sync_client(own)
        # The context closed its own clients, not the application's.
        assert [t.name for t in own.list_tools().tools] == ["inventory"]
