"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.toolsearch.ToolSearchToolTests`: 1 test
ported, 0 skipped; plus the description, the search itself and its errors."""

from __future__ import annotations

import json

import pytest

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.execution import ToolExecutionException
from spring_ai_py.tool.method import MethodToolCallbackProvider
from spring_ai_py.tool.toolsearch import ToolReference, ToolSearchTool
from spring_ai_py.tool.toolsearch.index.regex import RegexToolIndex

SESSION_KEY = ToolSearchTool.TOOL_SEARCH_TOOL_SESSION_ID_KEY


def search_tool(index: RegexToolIndex, max_results: int | None = None) -> ToolCallback:
    (callback,) = (
        MethodToolCallbackProvider.builder()
        .tool_objects(ToolSearchTool(index, max_results))
        .build()
        .get_tool_callbacks()
    )
    return callback


def test_input_schema_uses_declared_parameter_names_not_synthetic_ones() -> None:
    definition = search_tool(RegexToolIndex()).get_tool_definition()
    assert definition.name == "toolSearchTool"
    schema = json.loads(definition.input_schema)
    assert list(schema["properties"]) == ["query", "maxResults", "categoryFilter"]
    assert schema["required"] == ["query"]
    # The tool context is injected at call time, never supplied by the model.
    assert "tool_context" not in definition.input_schema
    assert "toolContext" not in definition.input_schema


def test_the_description_asks_for_one_search_per_capability() -> None:
    description = search_tool(RegexToolIndex()).get_tool_definition().description
    assert description.startswith("Search for tools in the tool registry")
    assert "search once for each capability" in description


def test_the_search_returns_a_json_list_of_names() -> None:
    index = RegexToolIndex()
    index.index_tools(
        "s1",
        [
            ToolReference("weatherTool", None, "Current weather"),
            ToolReference("weatherAlerts", None, "Severe storm alerts"),
            ToolReference("calculator", None, "Math"),
        ],
    )
    tool = search_tool(index)
    result = tool.call('{"query": "weather"}', ToolContext({SESSION_KEY: "s1"}))
    assert json.loads(result) == ["weatherTool", "weatherAlerts"]
    limited = tool.call('{"query": "weather", "maxResults": 1}', ToolContext({SESSION_KEY: "s1"}))
    assert json.loads(limited) == ["weatherTool"]
    other_session = tool.call('{"query": "weather"}', ToolContext({SESSION_KEY: "s2"}))
    assert json.loads(other_session) == []


def test_the_advisor_default_applies_when_the_model_gives_no_max_results() -> None:
    index = RegexToolIndex()
    index.index_tools("s1", [ToolReference(f"dataTool{i}", None, "data") for i in range(5)])
    tool = search_tool(index, max_results=2)
    assert len(json.loads(tool.call('{"query": "data"}', ToolContext({SESSION_KEY: "s1"})))) == 2


def test_the_method_is_callable_from_python() -> None:
    index = RegexToolIndex()
    index.index_tool("s1", ToolReference("weatherTool", None, "Current weather"))
    holder = ToolSearchTool(index)
    names = holder.tool_search_tool("weather", tool_context=ToolContext({SESSION_KEY: "s1"}))
    assert names == ["weatherTool"]
    assert holder.to_tool_callback().get_tool_definition().name == "toolSearchTool"


def test_a_missing_session_becomes_a_tool_error() -> None:
    tool = search_tool(RegexToolIndex())
    with pytest.raises(ToolExecutionException, match="must contain 'toolSearchToolSessionId'"):
        tool.call('{"query": "weather"}', ToolContext({}))
    with pytest.raises(ValueError, match="ToolContext is required"):
        tool.call('{"query": "weather"}')


def test_a_missing_query_becomes_a_tool_error() -> None:
    with pytest.raises(ToolExecutionException, match="query"):
        search_tool(RegexToolIndex()).call('{"maxResults": 3}', ToolContext({SESSION_KEY: "s1"}))
