"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.prompt.ChatOptionsBuilderTests`: 12 tests ported, 0 skipped.

Java's unmodifiable list becomes a getter that returns a copy: changing what
``get_stop_sequences()`` returned does not change the options (the port's contract).
"""

from __future__ import annotations

import pytest

from spring_ai_py.chat.prompt import ChatOptions, ChatOptionsBuilder
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.tool.function import FunctionToolCallback


@pytest.fixture
def builder() -> ChatOptionsBuilder:
    return ChatOptions.builder()


def test_should_build_with_all_options(builder: ChatOptionsBuilder) -> None:
    options = (
        builder.model("gpt-4")
        .max_tokens(100)
        .temperature(0.7)
        .top_p(1.0)
        .top_k(40)
        .stop_sequences(["stop1", "stop2"])
        .build()
    )
    assert options.get_model() == "gpt-4"
    assert options.get_max_tokens() == 100
    assert options.get_temperature() == 0.7
    assert options.get_top_p() == 1.0
    assert options.get_top_k() == 40
    assert options.get_stop_sequences() == ["stop1", "stop2"]


def test_should_build_with_minimal_options(builder: ChatOptionsBuilder) -> None:
    options = builder.model("gpt-4").build()
    assert options.get_model() == "gpt-4"
    assert options.get_max_tokens() is None
    assert options.get_temperature() is None
    assert options.get_top_p() is None
    assert options.get_top_k() is None
    assert options.get_stop_sequences() is None


def test_should_upcast_to_chat_options() -> None:
    callback = (
        FunctionToolCallback.builder("function1", lambda x: "result")
        .description("Test function")
        .input_type(str)
        .build()
    )
    tool_calling_options = (
        ToolCallingChatOptions.builder()
        .model("gpt-4")
        .max_tokens(100)
        .temperature(0.7)
        .top_p(1.0)
        .top_k(40)
        .stop_sequences(["stop1", "stop2"])
        .tool_callbacks([callback])
        .build()
    )
    chat_options: ChatOptions = tool_calling_options
    assert isinstance(chat_options, ChatOptions)
    assert chat_options.get_model() == "gpt-4"
    assert chat_options.get_max_tokens() == 100
    assert chat_options.get_temperature() == 0.7
    assert chat_options.get_top_p() == 1.0
    assert chat_options.get_top_k() == 40
    assert chat_options.get_stop_sequences() == ["stop1", "stop2"]


def test_should_allow_builder_reuse(builder: ChatOptionsBuilder) -> None:
    options1 = builder.model("model1").temperature(0.7).build()
    options2 = builder.model("model2").build()
    assert options1.get_model() == "model1"
    assert options1.get_temperature() == 0.7
    assert options2.get_model() == "model2"
    assert options2.get_temperature() == 0.7


def test_should_return_same_builder_instance_on_each_method(builder: ChatOptionsBuilder) -> None:
    assert builder.model("test") is builder


def test_should_have_expected_default_values(builder: ChatOptionsBuilder) -> None:
    options = builder.build()
    assert options.get_model() is None
    assert options.get_temperature() is None
    assert options.get_max_tokens() is None
    assert options.get_top_p() is None
    assert options.get_top_k() is None
    assert options.get_frequency_penalty() is None
    assert options.get_presence_penalty() is None
    assert options.get_stop_sequences() is None


def test_should_be_immutable_after_build(builder: ChatOptionsBuilder) -> None:
    """Port contract: the getter hands out a copy, so the options keep their value."""
    options = builder.stop_sequences(["stop1", "stop2"]).build()
    returned = options.get_stop_sequences()
    assert returned is not None
    returned.append("stop3")
    assert options.get_stop_sequences() == ["stop1", "stop2"]


def test_should_handle_null_stop_sequences(builder: ChatOptionsBuilder) -> None:
    assert builder.model("test-model").stop_sequences(None).build().get_stop_sequences() is None


def test_should_handle_empty_stop_sequences(builder: ChatOptionsBuilder) -> None:
    assert builder.model("test-model").stop_sequences([]).build().get_stop_sequences() == []


def test_should_handle_frequency_and_presence_penalties(builder: ChatOptionsBuilder) -> None:
    options = builder.model("test-model").frequency_penalty(0.5).presence_penalty(0.3).build()
    assert options.get_frequency_penalty() == 0.5
    assert options.get_presence_penalty() == 0.3


def test_should_maintain_stop_sequences_order(builder: ChatOptionsBuilder) -> None:
    options = (
        builder.model("test-model").stop_sequences(["first", "second", "third", "fourth"]).build()
    )
    assert options.get_stop_sequences() == ["first", "second", "third", "fourth"]


def test_should_handle_special_string_values(builder: ChatOptionsBuilder) -> None:
    options = builder.model("").stop_sequences(["", "  ", "\n", "\t"]).build()
    assert options.get_model() == ""
    assert options.get_stop_sequences() == ["", "  ", "\n", "\t"]
