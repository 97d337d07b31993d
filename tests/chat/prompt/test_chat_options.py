"""ChatOptions beyond Spring's ChatOptionsBuilderTests (ported in ``test_chat_options_builder.py``):
frozen options, copy/mutate and combine_with (the merging DefaultChatClientUtils uses)."""

from __future__ import annotations

import dataclasses

import pytest

from spring_ai_py.chat.prompt import ChatOptions, DefaultChatOptions


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
