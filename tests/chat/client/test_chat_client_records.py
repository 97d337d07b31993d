"""Spring's ChatClientRequestTests and ChatClientResponseTests (records with builders)."""

from __future__ import annotations

import dataclasses

import pytest

from spring_ai_py.chat.client import ChatClientRequest, ChatClientResponse, ResponseEntity
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt


def chat_response(text: str = "Test message") -> ChatResponse:
    return ChatResponse.builder().generations([Generation(AssistantMessage(text))]).build()


# -- ChatClientRequest ----------------------------------------------------------------


def test_request_prompt_none_raises() -> None:
    with pytest.raises(ValueError, match=r"^prompt cannot be null$"):
        ChatClientRequest(None, {})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^prompt cannot be null$"):
        ChatClientRequest.builder().prompt(None).context({}).build()  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match=r"^prompt cannot be null$"):
        ChatClientRequest.builder().build()


def test_request_context_none_raises() -> None:
    with pytest.raises(ValueError, match=r"^context cannot be null$"):
        ChatClientRequest(Prompt(), None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^context cannot be null$"):
        ChatClientRequest.builder().prompt(Prompt()).context(None).build()  # type: ignore[arg-type]


def test_request_context_with_none_key_raises() -> None:
    with pytest.raises(ValueError, match=r"^context keys cannot be null$"):
        ChatClientRequest(Prompt(), {None: "something"})  # type: ignore[dict-item]


def test_request_is_a_frozen_record_with_positional_and_keyword_arguments() -> None:
    prompt = Prompt("hi")
    assert ChatClientRequest(prompt, {"a": 1}) == ChatClientRequest(prompt=prompt, context={"a": 1})
    request = ChatClientRequest(prompt, {})
    with pytest.raises(dataclasses.FrozenInstanceError):
        request.prompt = Prompt("other")  # type: ignore[misc]


def test_request_context_is_the_shared_mutable_dict() -> None:
    context = {"key": "value"}
    request = ChatClientRequest(Prompt(), context)
    request.context["added"] = 1
    assert context == {"key": "value", "added": 1}


def test_request_copy_has_its_own_context() -> None:
    request = ChatClientRequest.builder().prompt(Prompt()).context({"key": "value"}).build()
    copy = request.copy()
    copy.context["key"] = "newValue"
    assert request.context == {"key": "value"}
    assert copy.prompt == request.prompt
    assert copy.prompt is not request.prompt


def test_request_mutate_has_its_own_context() -> None:
    request = ChatClientRequest.builder().prompt(Prompt()).context({"key": "value"}).build()
    copy = request.mutate().context("key", "newValue").build()
    assert request.context == {"key": "value"}
    assert copy.context == {"key": "newValue"}


def test_request_builder_with_several_entries() -> None:
    context = {"key1": "value1", "key2": 42, "key3": True, "key4": {"nested": "value"}}
    request = ChatClientRequest.builder().prompt(Prompt("test message")).context(context).build()
    assert request.context == context


def test_request_mutate_merges_and_overrides_context() -> None:
    original = (
        ChatClientRequest.builder()
        .prompt(Prompt("m"))
        .context({"existing": "value", "key": "old"})
        .build()
    )
    mutated = (
        original.mutate()
        .context("new1", "newValue1")
        .context({"new2": "newValue2", "key": "new"})
        .build()
    )
    assert original.context == {"existing": "value", "key": "old"}
    assert mutated.context == {
        "existing": "value",
        "key": "new",
        "new1": "newValue1",
        "new2": "newValue2",
    }


def test_request_mutate_prompt() -> None:
    original_prompt, new_prompt = Prompt("original message"), Prompt("new message")
    original = ChatClientRequest.builder().prompt(original_prompt).context({"key": "value"}).build()
    mutated = original.mutate().prompt(new_prompt).build()
    assert original.prompt is original_prompt
    assert mutated.prompt is new_prompt
    assert mutated.context == original.context


def test_request_context_allows_none_values() -> None:
    request = ChatClientRequest.builder().prompt(Prompt()).context("key", None).build()
    assert request.context == {"key": None}


# -- ChatClientResponse ---------------------------------------------------------------


def test_response_context_none_raises() -> None:
    with pytest.raises(ValueError, match=r"^context cannot be null$"):
        ChatClientResponse(None, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^context cannot be null$"):
        ChatClientResponse.builder().chat_response(None).context(None).build()  # type: ignore[arg-type]


def test_response_context_with_none_key_raises() -> None:
    with pytest.raises(ValueError, match=r"^context keys cannot be null$"):
        ChatClientResponse(None, {None: "something"})  # type: ignore[dict-item]


def test_response_copy_and_mutate_have_their_own_context() -> None:
    response = ChatClientResponse.builder().chat_response(None).context({"key": "value"}).build()
    copy = response.copy()
    copy.context["key2"] = "value2"
    copy.context["key"] = "newValue"
    assert response.context == {"key": "value"}
    mutated = response.mutate().context({"key2": "value2"}).build()
    mutated.context["key"] = "newValue"
    assert response.context == {"key": "value"}
    assert mutated.context == {"key": "newValue", "key2": "value2"}


def test_response_with_values() -> None:
    chat = chat_response()
    assert ChatClientResponse(chat, {"key": "value"}).chat_response is chat
    built = (
        ChatClientResponse.builder()
        .chat_response(chat)
        .context({"key1": "value1", "key2": 42})
        .build()
    )
    assert built.chat_response is chat
    assert built.context == {"key1": "value1", "key2": 42}
    assert ChatClientResponse(chat, {}).context == {}


def test_response_context_allows_none_values() -> None:
    response = ChatClientResponse.builder().context("key1", "value1").context("key2", None).build()
    assert response.context == {"key1": "value1", "key2": None}
    assert ChatClientResponse(chat_response(), {"key2": None}).context == {"key2": None}


def test_response_copy_keeps_none_chat_response() -> None:
    copy = ChatClientResponse(None, {"key": "value"}).copy()
    assert copy.chat_response is None
    assert copy.context == {"key": "value"}


def test_response_mutate_with_new_chat_response() -> None:
    original, new = chat_response("a"), chat_response("b")
    response = ChatClientResponse(original, {"key": "value"})
    mutated = response.mutate().chat_response(new).build()
    assert response.chat_response is original
    assert mutated.chat_response is new
    assert mutated.context == {"key": "value"}


def test_response_builder_without_chat_response() -> None:
    assert ChatClientResponse.builder().context({"key": "value"}).build().chat_response is None


def test_response_entity_record() -> None:
    chat = chat_response()
    entity = ResponseEntity(chat, {"name": "x"})
    assert entity.get_response() is chat and entity.response is chat
    assert entity.get_entity() == {"name": "x"} and entity.entity == {"name": "x"}
