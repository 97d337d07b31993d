"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.support.ToolUtilsTests`:
11 tests ported, 0 skipped.

Java's ``Method`` is the function itself; Python names are snake_case, so an
undecorated ``simple_method`` is described as ``simple method`` (Spring splits
``simpleMethod`` at camel case).
"""

from __future__ import annotations

import logging

import pytest

from spring_ai_py.tool.annotation import tool
from spring_ai_py.tool.support import ToolUtils


class TestTools:
    __test__ = False

    def simple_method(self) -> None:
        pass

    @tool
    def annotated_method_without_name(self) -> None:
        pass

    @tool(name="valid_tool-name.v1")
    def method_with_valid_name(self) -> None:
        pass

    @tool(name="invalid tool name")
    def method_with_spaces_in_name(self) -> None:
        pass

    @tool(name="tool@name!")
    def method_with_special_chars_in_name(self) -> None:
        pass

    @tool(name="tool()")
    def method_with_parentheses_in_name(self) -> None:
        pass

    @tool(name="")
    def method_with_empty_name(self) -> None:
        pass

    @tool(description="This is a tool description")
    def method_with_description(self) -> None:
        pass

    @tool(name="获取天气")
    def method_with_unicode_name(self) -> None:
        pass


def test_get_tool_name_from_method_without_annotation() -> None:
    assert ToolUtils.get_tool_name(TestTools.simple_method) == "simple_method"


def test_get_tool_name_from_method_with_annotation_but_no_name() -> None:
    assert (
        ToolUtils.get_tool_name(TestTools.annotated_method_without_name)
        == "annotated_method_without_name"
    )


def test_get_tool_name_from_method_with_valid_name(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        assert ToolUtils.get_tool_name(TestTools.method_with_valid_name) == "valid_tool-name.v1"
    assert "may not be compatible" not in caplog.text


def test_get_tool_name_from_method_with_name_containing_spaces(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.WARNING):
        assert ToolUtils.get_tool_name(TestTools.method_with_spaces_in_name) == "invalid tool name"
    assert "Tool name 'invalid tool name' may not be compatible" in caplog.text


def test_get_tool_name_from_method_with_name_containing_special_chars() -> None:
    assert ToolUtils.get_tool_name(TestTools.method_with_special_chars_in_name) == "tool@name!"


def test_get_tool_name_from_method_with_name_containing_parentheses() -> None:
    assert ToolUtils.get_tool_name(TestTools.method_with_parentheses_in_name) == "tool()"


def test_get_tool_name_from_method_with_empty_name() -> None:
    assert ToolUtils.get_tool_name(TestTools.method_with_empty_name) == "method_with_empty_name"


def test_get_tool_description_from_method_without_annotation() -> None:
    assert ToolUtils.get_tool_description(TestTools.simple_method) == "simple method"

    def getCurrentWeather() -> None:  # a Java-style name
        pass

    assert ToolUtils.get_tool_description(getCurrentWeather) == "get current weather"


def test_get_tool_description_from_method_with_annotation_but_no_description() -> None:
    assert (
        ToolUtils.get_tool_description(TestTools.annotated_method_without_name)
        == "annotated_method_without_name"
    )


def test_get_tool_description_from_method_with_description() -> None:
    assert (
        ToolUtils.get_tool_description(TestTools.method_with_description)
        == "This is a tool description"
    )


def test_get_tool_name_from_method_with_unicode_characters() -> None:
    assert ToolUtils.get_tool_name(TestTools.method_with_unicode_name) == "获取天气"
