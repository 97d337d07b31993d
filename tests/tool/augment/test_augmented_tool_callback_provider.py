"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.augment.AugmentedToolCallbackProviderTest`:
6 tests ported, 0 skipped.

Java's ``IllegalStateException`` is a ``RuntimeError``; messages spell identifiers the
Python way (``argument_type is required``). Beyond the Java tests: the wrapped tools of a
provider and of a tool object really run, with the extra arguments removed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Annotated, Any

import pytest

from spring_ai_py.tool import ToolCallbackProvider, tool
from spring_ai_py.tool.annotation import ToolParam
from spring_ai_py.tool.augment import (
    AugmentedArgumentEvent,
    AugmentedToolCallback,
    AugmentedToolCallbackProvider,
)


@dataclass
class TestArgs:
    __test__ = False
    value: Annotated[str, ToolParam(description="Test field", required=True)]


@tool
def echo(text: str) -> str:
    """Echo the text."""
    return text


class Tools:
    @tool
    def shout(self, text: str) -> str:
        """Shout the text."""
        return text.upper()


DELEGATE = ToolCallbackProvider.from_(echo)


def _ignore(_event: AugmentedArgumentEvent[Any]) -> None:
    return None


def test_should_create_provider_with_delegate() -> None:
    seen: list[AugmentedArgumentEvent[TestArgs]] = []
    provider = AugmentedToolCallbackProvider(DELEGATE, TestArgs, seen.append, True)
    [callback] = provider.get_tool_callbacks()
    assert isinstance(callback, AugmentedToolCallback)
    assert callback.call('{"text": "hi", "value": "because"}') == "hi"
    assert seen[0].arguments == TestArgs("because")


def test_builder_should_require_argument_type() -> None:
    with pytest.raises(RuntimeError, match=r"^argument_type is required$"):
        AugmentedToolCallbackProvider.builder().delegate(DELEGATE).argument_consumer(
            _ignore
        ).build()


def test_builder_should_require_argument_consumer() -> None:
    with pytest.raises(RuntimeError, match=r"^argument_consumer is required$"):
        AugmentedToolCallbackProvider.builder().delegate(DELEGATE).argument_type(TestArgs).build()


def test_builder_should_not_allow_both_delegate_and_tool_object() -> None:
    with pytest.raises(RuntimeError, match=r"^Cannot set both delegate and tool_object$"):
        (
            AugmentedToolCallbackProvider.builder()
            .delegate(DELEGATE)
            .tool_object(object())
            .argument_type(TestArgs)
            .argument_consumer(_ignore)
            .build()
        )


def test_builder_should_require_delegate_or_tool_object() -> None:
    with pytest.raises(RuntimeError, match=r"^Either delegate or tool_object must be set$"):
        AugmentedToolCallbackProvider.builder().argument_type(TestArgs).argument_consumer(
            _ignore
        ).build()


def test_builder_should_build_with_delegate() -> None:
    provider = (
        AugmentedToolCallbackProvider.builder()
        .delegate(DELEGATE)
        .argument_type(TestArgs)
        .argument_consumer(_ignore)
        .remove_extra_arguments_after_processing(False)
        .build()
    )
    [callback] = provider.get_tool_callbacks()
    schema = json.loads(callback.get_tool_definition().input_schema)
    assert set(schema["properties"]) == {"text", "value"}


def test_tool_object_tools_are_augmented_and_cleaned_by_default() -> None:
    seen: list[AugmentedArgumentEvent[TestArgs]] = []
    provider = (
        AugmentedToolCallbackProvider.builder()
        .tool_object(Tools())
        .argument_type(TestArgs)
        .argument_consumer(seen.append)
        .build()
    )
    [callback] = provider.get_tool_callbacks()
    # The extra argument is removed by default, so the method never sees "value".
    assert callback.call('{"text": "hi", "value": "why"}') == "HI"
    assert seen[0].arguments == TestArgs("why")


def test_a_provider_given_to_default_tool_callbacks_runs_in_the_tool_loop() -> None:
    """Spring's ``defaultToolCallbacks(provider)``: on call, stream and the awaitable call."""
    import asyncio

    from spring_ai_py.chat.client import ChatClient
    from spring_ai_py.model.tool import ToolCallingChatOptions
    from spring_ai_py.test import ScriptedChatModel

    seen: list[str] = []
    provider = (
        AugmentedToolCallbackProvider.builder()
        .tool_object(Tools())
        .argument_type(TestArgs)
        .argument_consumer(lambda event: seen.append(event.arguments.value))
        .build()
    )
    model = ScriptedChatModel(options=ToolCallingChatOptions(model="scripted"))
    client = ChatClient.builder(model).default_tool_callbacks(provider).build()
    for value in ("call", "stream", "acall"):
        model.add_tool_calls(("shout", {"text": "hi", "value": value}))
        model.add_response("done")

    assert client.prompt().user("q").call().content() == "done"
    assert "".join(client.prompt().user("q").stream().content()) == "done"
    assert asyncio.run(client.prompt().user("q").call().acontent()) == "done"
    assert seen == ["call", "stream", "acall"]
    [sent] = model.last_prompt.get_options().get_tool_callbacks()  # type: ignore[union-attr]
    assert json.loads(sent.get_tool_definition().input_schema)["required"] == ["text", "value"]
