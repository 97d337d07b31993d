"""Port of Spring AI 2.0.1 `org.springframework.ai.mcp.ToolUtilsTests` (the tests of
``McpToolUtils``; named after the class under test to stay apart from the tool
package's ``ToolUtils``): 29 tests ported, 1 skipped."""

from __future__ import annotations

import asyncio

import mcp_types as types
import pytest
from mcp_fakes import FakeSyncClient, tool

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.mcp import McpToolUtils
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.definition import ToolDefinition


def test_prefixed_tool_name_should_concatenate_with_underscore() -> None:
    assert McpToolUtils.prefixed_tool_name("prefix", "server1", "toolName") == "p_server1_toolName"


def test_prefixed_tool_name_should_replace_special_characters() -> None:
    assert McpToolUtils.prefixed_tool_name("pre.fix", "server1", "tool@Name") == "p_server1_toolName"


def test_prefixed_tool_name_should_replace_hyphens_with_underscores() -> None:
    assert McpToolUtils.prefixed_tool_name("p", "tool-name") == "p_tool_name"


def test_prefixed_tool_name_should_truncate_long_strings() -> None:
    long_tool_name = "b" * 62
    result = McpToolUtils.prefixed_tool_name("a" * 40, long_tool_name)
    assert len(result) == 64
    assert result.endswith("_" + long_tool_name)


def test_prefixed_tool_name_should_throw_exception_for_null_or_empty_inputs() -> None:
    for prefix, name in ((None, "toolName"), ("", "toolName"), ("prefix", None), ("prefix", "")):
        with pytest.raises(ValueError, match="Prefix or tool_name cannot be null or empty"):
            McpToolUtils.prefixed_tool_name(prefix, name)


def test_prefixed_tool_name_should_support_chinese_characters() -> None:
    assert McpToolUtils.prefixed_tool_name("前缀", "工具名称") == "前_工具名称"


def test_prefixed_tool_name_should_support_mixed_chinese_and_english() -> None:
    assert McpToolUtils.prefixed_tool_name("prefix前缀", "tool工具Name") == "p_tool工具Name"


def test_prefixed_tool_name_should_remove_special_characters_but_keep_chinese() -> None:
    assert McpToolUtils.prefixed_tool_name("pre@fix前缀", "tool#工具$name") == "p_tool工具name"


def test_prefixed_tool_name_should_handle_chinese_with_hyphens() -> None:
    assert McpToolUtils.prefixed_tool_name("前缀-test", "工具-name") == "前_t_工具_name"


def test_prefixed_tool_name_should_truncate_long_chinese_strings() -> None:
    result = McpToolUtils.prefixed_tool_name("前缀" * 20, "工具" * 20)
    assert len(result) == 42
    assert result.endswith("_" + "工具" * 20)


def test_prefixed_tool_name_should_handle_chinese_punctuation() -> None:
    assert McpToolUtils.prefixed_tool_name("前缀\uff0c测试", "工具\u3002名称\uff01") == "前_工具名称"


def test_prefixed_tool_name_should_handle_unicode_boundaries() -> None:
    assert McpToolUtils.prefixed_tool_name("prefix", "tool\u4e00") == "p_tool\u4e00"
    assert McpToolUtils.prefixed_tool_name("prefix", "tool\u9fa5") == "p_tool\u9fa5"


def test_prefixed_tool_name_should_exclude_non_chinese_unicode_characters() -> None:
    assert McpToolUtils.prefixed_tool_name("prefix", "toolあ") == "p_tool"
    assert McpToolUtils.prefixed_tool_name("prefix", "tool한") == "p_tool"
    assert McpToolUtils.prefixed_tool_name("prefix", "toolع") == "p_tool"


def test_prefixed_tool_name_should_handle_emojis_and_symbols() -> None:
    assert McpToolUtils.prefixed_tool_name("prefix🚀", "tool工具😀name") == "p_tool工具name"


def test_prefixed_tool_name_should_preserve_numbers_with_chinese() -> None:
    assert McpToolUtils.prefixed_tool_name("前缀123", "工具456名称") == "前_工具456名称"


def test_prefixed_tool_name_should_support_extended_han_characters() -> None:
    assert McpToolUtils.prefixed_tool_name("prefix", "tool\u9fff") == "p_tool\u9fff"
    assert McpToolUtils.prefixed_tool_name("prefix", "tool\u3400") == "p_tool\u3400"


def test_prefixed_tool_name_should_support_compatibility_ideographs() -> None:
    assert McpToolUtils.prefixed_tool_name("prefix", "tool\uf900") == "p_tool\uf900"


def test_prefixed_tool_name_should_handle_all_han_script_characters() -> None:
    result = McpToolUtils.prefixed_tool_name("前缀\u3400", "缀\\u3400", "工具\u9fff名称\uf900")
    assert result == "前_缀u3400_工具\u9fff名称\uf900"


def test_prefixed_tool_name_should_handle_tr_locale() -> None:
    """Python's ``str.lower`` ignores the locale, so ``Inventory`` always starts with ``i``."""
    assert McpToolUtils.prefixed_tool_name("Inventory", "server1", "toolName") == "i_server1_toolName"


@pytest.mark.skip(reason="Java-only: private constructor checked by reflection")
def test_constructor_should_be_private() -> None:
    pass


class _Callback(ToolCallback):
    def __init__(self, name: str, result: str | Exception) -> None:
        self._definition = ToolDefinition.builder().name(name).description("Test tool").input_schema("{}").build()
        self._result = result
        self.contexts: list[ToolContext | None] = []

    def get_tool_definition(self) -> ToolDefinition:
        return self._definition

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        self.contexts.append(tool_context)
        if isinstance(self._result, Exception):
            raise self._result
        return self._result


def _request(name: str = "test") -> types.CallToolRequestParams:
    return types.CallToolRequestParams(name=name, arguments={})


def _text(result: types.CallToolResult) -> str:
    content = result.content[0]
    assert isinstance(content, types.TextContent)
    return content.text


def test_to_sync_tool_specification_should_convert_single_callback() -> None:
    callback = _Callback("test", "success")
    spec = McpToolUtils.to_sync_tool_specification(callback)
    assert spec.tool.name == "test"
    exchange = object()
    result = spec.call_handler(exchange, _request())
    assert _text(result) == "success"
    assert result.is_error is False
    assert McpToolUtils.get_mcp_exchange(callback.contexts[0]) is exchange


def test_to_sync_tool_specification_should_handle_error() -> None:
    spec = McpToolUtils.to_sync_tool_specification(_Callback("test", RuntimeError("error")))
    result = spec.call_handler(object(), _request())
    assert _text(result) == "error"
    assert result.is_error is True


def test_to_sync_tool_specification_should_convert_multiple_callbacks() -> None:
    specs = McpToolUtils.to_sync_tool_specifications(_Callback("test1", "success1"), _Callback("test2", "success2"))
    assert [s.tool.name for s in specs] == ["test1", "test2"]


def test_to_async_tool_specification_should_convert_single_callback() -> None:
    spec = McpToolUtils.to_async_tool_specification(_Callback("test", "success"))
    assert spec.tool.name == "test"
    result = asyncio.run(spec.call_handler(object(), _request()))
    assert _text(result) == "success"
    assert result.is_error is False


def test_to_async_tool_specification_should_handle_error() -> None:
    spec = McpToolUtils.to_async_tool_specification(_Callback("test", RuntimeError("error")))
    result = asyncio.run(spec.call_handler(object(), _request()))
    assert _text(result) == "error"
    assert result.is_error is True


def test_to_async_tool_specification_should_convert_multiple_callbacks() -> None:
    specs = McpToolUtils.to_async_tool_specifications(_Callback("test1", "success1"), _Callback("test2", "success2"))
    assert [s.tool.name for s in specs] == ["test1", "test2"]


def test_get_tool_callbacks_from_sync_clients_with_empty_list_should_return_empty_list() -> None:
    assert McpToolUtils.get_tool_callbacks_from_sync_clients([]) == []


def test_get_tool_callbacks_from_sync_clients_with_single_client_should_return_tool_callbacks() -> None:
    client = FakeSyncClient("test-client", tools=[tool("tool1", "Test Tool 1"), tool("tool2", "Test Tool 2")])
    for result in (
        McpToolUtils.get_tool_callbacks_from_sync_clients(client),
        McpToolUtils.get_tool_callbacks_from_sync_clients([client]),
    ):
        assert [c.get_tool_definition().name for c in result] == ["tool1", "tool2"]


def test_get_tool_callbacks_from_sync_clients_with_multiple_clients_should_return_combined_tool_callbacks() -> None:
    client1 = FakeSyncClient("client1", tools=[tool("tool1", "Test Tool 1")])
    client2 = FakeSyncClient("client2", tools=[tool("tool2", "Test Tool 2")])
    for result in (
        McpToolUtils.get_tool_callbacks_from_sync_clients(client1, client2),
        McpToolUtils.get_tool_callbacks_from_sync_clients([client1, client2]),
    ):
        assert [c.get_tool_definition().name for c in result] == ["tool1", "tool2"]


def test_get_tool_callbacks_from_sync_clients_should_handle_duplicate_tool_names() -> None:
    client1 = FakeSyncClient("client", tools=[tool("tool", "Test Tool 1")])
    client2 = FakeSyncClient("client", tools=[tool("tool", "Test Tool 2")])
    with pytest.raises(RuntimeError, match="Multiple tools with the same name"):
        McpToolUtils.get_tool_callbacks_from_sync_clients(client1, client2)
