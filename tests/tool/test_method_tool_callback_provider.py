"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.method.MethodToolCallbackProviderTests`:
9 tests ported, 0 skipped.

Java's functional return types (``Function``, ``Supplier``, ``Consumer``) are methods
declared ``-> Callable[...]``; a meta-annotation built on ``@Tool`` is a decorator built
on ``tool``; the bridge-method test becomes a subclass implementing an abstract generic
method, which must give exactly one tool.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import pytest

from spring_ai_py.tool.annotation import ToolFunction, tool
from spring_ai_py.tool.method import MethodToolCallback, MethodToolCallbackProvider

T = TypeVar("T")


def enhance_tool(
    *, name: str | None = None, description: str | None = None, enhance_value: str = ""
) -> Callable[[Callable[..., Any]], ToolFunction]:
    """Spring's ``@EnhanceTool``: a custom decorator that is ``tool`` with extras."""
    return tool(name=name, description=description)


class ValidToolObject:
    @tool
    def valid_tool(self) -> str:
        return "Valid tool result"


class NoToolAnnotatedMethodObject:
    def not_a_tool(self) -> str:
        return "Not a tool"


class OnlyFunctionalTypeToolMethodsObject:
    @tool
    def function_tool(self) -> Callable[[str], str]:
        return lambda value: "Function result: " + value

    @tool
    def supplier_tool(self) -> Callable[[], str]:
        return lambda: "Supplier result"

    @tool
    def consumer_tool(self) -> Callable[[str], None]:
        return lambda value: None


class MixedToolMethodsObject:
    @tool
    def valid_tool(self) -> str:
        return "Valid tool result"

    @tool
    def function_tool(self) -> Callable[[str], str]:
        return lambda value: "Function result: " + value


class DuplicateToolNameObject:
    @tool
    def valid_tool(self) -> str:
        return "Duplicate tool result"


class ObjectTypeToolMethodsObject:
    @tool
    def object_tool(self) -> object:
        return "Object tool result"


class ToolUseEnhanceToolObject:
    @enhance_tool(description="enhance tool")
    def enhance_tool(self) -> str:
        return "enhance tool result"


class UseEnhanceToolMixedToolMethodsObject:
    @enhance_tool()
    def valid_tool(self) -> str:
        return "Valid tool result"

    @enhance_tool()
    def function_tool(self) -> Callable[[str], str]:
        return lambda value: "Function result: " + value


class TestObjectClass(ABC, Generic[T]):
    __test__ = False

    @abstractmethod
    def test(self, input: T) -> str: ...


class TestObjectSuperClass(TestObjectClass[str]):
    __test__ = False

    @tool
    def test(self, input: str) -> str:
        return input


def _names(provider: MethodToolCallbackProvider) -> list[str]:
    return [c.get_tool_definition().name for c in provider.get_tool_callbacks()]


def test_when_tool_object_has_tool_annotated_method_then_succeed() -> None:
    provider = MethodToolCallbackProvider.builder().tool_objects(ValidToolObject()).build()
    assert _names(provider) == ["valid_tool"]
    assert provider.get_tool_callbacks()[0].call("{}") == "Valid tool result"


def test_when_tool_object_has_no_tool_annotated_method_then_throw() -> None:
    with pytest.raises(ValueError, match="No @tool annotated methods found in"):
        MethodToolCallbackProvider.builder().tool_objects(NoToolAnnotatedMethodObject()).build()


def test_when_tool_object_has_only_functional_type_tool_methods_then_throw() -> None:
    with pytest.raises(ValueError, match="No @tool annotated methods found in"):
        MethodToolCallbackProvider.builder().tool_objects(
            OnlyFunctionalTypeToolMethodsObject()
        ).build()


def test_when_tool_object_has_mix_of_valid_and_functional_type_tool_methods_then_succeed() -> None:
    provider = MethodToolCallbackProvider.builder().tool_objects(MixedToolMethodsObject()).build()
    assert _names(provider) == ["valid_tool"]


def test_when_multiple_tool_objects_with_same_tool_name_then_throw() -> None:
    with pytest.raises(
        ValueError, match=r"Multiple tools with the same name \(valid_tool\) found in sources"
    ):
        MethodToolCallbackProvider.builder().tool_objects(
            ValidToolObject(), DuplicateToolNameObject()
        ).build()


def test_when_tool_object_has_object_type_method_then_success() -> None:
    provider = (
        MethodToolCallbackProvider.builder().tool_objects(ObjectTypeToolMethodsObject()).build()
    )
    assert _names(provider) == ["object_tool"]
    assert provider.get_tool_callbacks()[0].call("{}") == "Object tool result"


def test_when_tool_object_has_enhance_tool_annotated_method_then_succeed() -> None:
    provider = MethodToolCallbackProvider.builder().tool_objects(ToolUseEnhanceToolObject()).build()
    [callback] = provider.get_tool_callbacks()
    assert callback.get_tool_definition().name == "enhance_tool"
    assert callback.get_tool_definition().description == "enhance tool"


def test_when_enhance_tool_object_has_mix_of_valid_and_functional_type_tool_methods_then_succeed() -> (
    None
):
    provider = (
        MethodToolCallbackProvider.builder()
        .tool_objects(UseEnhanceToolMixedToolMethodsObject())
        .build()
    )
    assert _names(provider) == ["valid_tool"]


def test_build_tools_with_bridge_method_return_only_user_declared_methods() -> None:
    provider = MethodToolCallbackProvider.builder().tool_objects(TestObjectSuperClass()).build()
    callbacks = provider.get_tool_callbacks()
    assert len(callbacks) == 1
    assert isinstance(callbacks[0], MethodToolCallback)
    assert callbacks[0].call('{"input": "echo"}') == "echo"
