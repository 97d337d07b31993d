"""Spring's ChatOptionsBuilderTests, plus copy/mutate and combine_with (the merging that
DefaultChatClientUtils uses)."""

from __future__ import annotations

import dataclasses

import pytest

from spring_ai_py.chat.prompt import ChatOptions, ChatOptionsBuilder, DefaultChatOptions


def test_build_with_all_options() -> None:
    options = (
        ChatOptions.builder()
        .model("gpt-4")
        .max_tokens(100)
        .temperature(0.7)
        .top_p(1.0)
        .top_k(40)
        .stop_sequences(["stop1", "stop2"])
        .frequency_penalty(0.5)
        .presence_penalty(0.3)
        .build()
    )
    assert options.get_model() == "gpt-4"
    assert options.get_max_tokens() == 100
    assert options.get_temperature() == 0.7
    assert options.get_top_p() == 1.0
    assert options.get_top_k() == 40
    assert options.get_stop_sequences() == ["stop1", "stop2"]
    assert (options.get_frequency_penalty(), options.get_presence_penalty()) == (0.5, 0.3)


def test_defaults_are_none() -> None:
    options = ChatOptions.builder().build()
    assert all(getattr(options, f.name) is None for f in dataclasses.fields(options))
    assert ChatOptions.builder().model("gpt-4").build().get_temperature() is None


def test_builder_reuse_keeps_previous_values() -> None:
    builder = ChatOptions.builder()
    first = builder.model("model1").temperature(0.7).build()
    second = builder.model("model2").build()
    assert (first.get_model(), first.get_temperature()) == ("model1", 0.7)
    assert (second.get_model(), second.get_temperature()) == ("model2", 0.7)


def test_builder_returns_itself() -> None:
    builder = ChatOptions.builder()
    assert builder.model("test") is builder
    assert isinstance(builder, ChatOptionsBuilder)


def test_stop_sequences_none_empty_order_and_special_values() -> None:
    assert ChatOptions.builder().stop_sequences(None).build().get_stop_sequences() is None
    assert ChatOptions.builder().stop_sequences([]).build().get_stop_sequences() == []
    assert ChatOptions.builder().stop_sequences(
        ["first", "second", "third"]
    ).build().get_stop_sequences() == ["first", "second", "third"]
    options = ChatOptions.builder().model("").stop_sequences(["", "  ", "\n", "\t"]).build()
    assert options.get_model() == ""
    assert options.get_stop_sequences() == ["", "  ", "\n", "\t"]


def test_options_are_frozen() -> None:
    options = ChatOptions(model="m")
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.model = "other"  # type: ignore[misc]


def test_copy_is_equal_and_independent() -> None:
    options = ChatOptions(model="m", stop_sequences=["a"])
    copy = options.copy()
    assert copy == options
    assert copy.get_stop_sequences() is not options.get_stop_sequences()


def test_mutate_prefills_only_set_fields() -> None:
    options = ChatOptions(model="m", temperature=0.2)
    mutated = options.mutate().top_k(5).build()
    assert mutated == ChatOptions(model="m", temperature=0.2, top_k=5)
    assert mutated.mutate().get_value("frequency_penalty") is None


def test_combine_with_overrides_set_fields_and_concatenates_stop_sequences() -> None:
    base = ChatOptions(model="base", temperature=0.1, stop_sequences=["a"], top_k=3)
    combined = (
        base.mutate()
        .combine_with(ChatOptions.builder().temperature(0.9).stop_sequences(["b"]))
        .build()
    )
    assert combined == ChatOptions(
        model="base", temperature=0.9, stop_sequences=["a", "b"], top_k=3
    )
    # combining with options objects works too, and unset fields never override
    assert base.mutate().combine_with(ChatOptions(max_tokens=7)).build().get_temperature() == 0.1


def test_combine_with_does_not_share_lists() -> None:
    stop = ["x"]
    combined = ChatOptions.builder().combine_with(ChatOptions(stop_sequences=stop)).build()
    assert combined.get_stop_sequences() == ["x"]
    assert combined.get_stop_sequences() is not stop


def test_clone_is_independent() -> None:
    builder = ChatOptions.builder().model("m")
    clone = builder.clone()
    clone.model("other")
    assert builder.build().get_model() == "m"


def test_default_chat_options_is_chat_options() -> None:
    assert DefaultChatOptions is ChatOptions
