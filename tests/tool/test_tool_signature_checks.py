"""``@tool`` rejects, at decoration, a signature the model could never call."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

import pytest

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.tool import tool
from spring_ai_py.tool.annotation import ToolParam


class Opaque:
    """A plain class: no JSON schema describes it."""


def test_var_positional_parameter_is_rejected_naming_tool_and_parameter() -> None:
    with pytest.raises(TypeError, match=r"Tool 'add': parameter '\*numbers' is not supported"):

        @tool
        def add(*numbers: int) -> int:
            return sum(numbers)


def test_var_keyword_parameter_is_rejected_naming_tool_and_parameter() -> None:
    with pytest.raises(TypeError, match=r"Tool 'lookup': parameter '\*\*filters' is not supported"):

        @tool(name="lookup")
        def search(query: str, **filters: str) -> str:
            return query


def test_missing_annotation_is_rejected_naming_tool_and_parameter() -> None:
    with pytest.raises(
        TypeError, match=r"Tool 'weather': parameter 'city' has no type annotation; annotate it"
    ):

        @tool
        def weather(city, unit: str = "C") -> str:  # type: ignore[no-untyped-def]
            return f"{city} {unit}"


@pytest.mark.parametrize("annotation", [Opaque, Callable[[int], int], list[Opaque]])
def test_parameter_type_without_json_schema_is_rejected(annotation: Any) -> None:
    def handle(value: Any) -> str:
        return "done"

    handle.__annotations__["value"] = annotation
    with pytest.raises(
        TypeError, match=r"Tool 'handle': parameter 'value' has the unsupported type"
    ):
        tool(handle)


def test_method_self_and_classmethod_cls_need_no_annotation() -> None:
    class Tools:
        @tool
        def greet(self, name: str) -> str:
            return f"Hi {name}"

        @tool
        @classmethod
        def shout(cls, text: str) -> str:
            return text.upper()

        @tool
        @staticmethod
        def echo(text: str) -> str:
            return text

    assert Tools().greet.call('{"name": "Ada"}') == "Hi Ada"
    assert Tools.shout.call('{"text": "hi"}') == "HI"
    assert Tools.echo.call('{"text": "hi"}') == "hi"


def test_a_static_method_first_parameter_still_needs_an_annotation() -> None:
    with pytest.raises(TypeError, match=r"Tool 'echo': parameter 'text' has no type annotation"):

        class Tools:
            @tool
            @staticmethod
            def echo(text):  # type: ignore[no-untyped-def]
                return text


def test_supported_parameters_still_decorate() -> None:
    @tool
    def book(
        city: Annotated[str, ToolParam(description="City")],
        nights: int,
        context: ToolContext,
        tags: list[str] | None = None,
    ) -> str:
        return city

    assert book.get_tool_definition().name == "book"


def test_forward_references_are_checked_on_first_use() -> None:
    @tool
    def later(value: NotYetDefined) -> str:  # type: ignore[name-defined]  # noqa: F821
        return "ok"

    with pytest.raises(TypeError, match="Cannot resolve the type hints"):
        later.get_tool_definition()
