"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.ChatClientResponseTests`:
13 tests ported, 0 skipped."""

from __future__ import annotations

from typing import Any
from unittest.mock import Mock

import pytest

from spring_ai_py.chat.client import ChatClientResponse
from spring_ai_py.chat.model import ChatResponse, Generation


def mock_chat_response() -> ChatResponse:
    return Mock(spec=ChatResponse)  # type: ignore[no-any-return]


def test_when_context_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^context cannot be null$"):
        ChatClientResponse(None, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"^context cannot be null$"):
        ChatClientResponse.builder().chat_response(None).context(None).build()  # type: ignore[arg-type]


def test_when_context_has_null_keys_then_throw() -> None:
    context: dict[Any, Any] = {None: "something"}
    with pytest.raises(ValueError, match=r"^context keys cannot be null$"):
        ChatClientResponse(None, context)


def test_when_copy_then_immutable_context() -> None:
    response = ChatClientResponse.builder().chat_response(None).context({"key": "value"}).build()
    copy = response.copy()
    copy.context["key2"] = "value2"
    assert "key2" not in response.context
    assert "key2" in copy.context
    copy.context["key"] = "newValue"
    assert copy.context["key"] == "newValue"
    assert response.context["key"] == "value"


def test_when_mutate_then_immutable_context() -> None:
    response = ChatClientResponse.builder().chat_response(None).context({"key": "value"}).build()
    copy = response.mutate().context({"key2": "value2"}).build()
    assert "key2" not in response.context
    assert "key2" in copy.context
    copy.context["key"] = "newValue"
    assert copy.context["key"] == "newValue"
    assert response.context["key"] == "value"


def test_when_valid_chat_response_then_create_successfully() -> None:
    chat_response = mock_chat_response()
    response = ChatClientResponse(chat_response, {"key": "value"})
    assert response.chat_response is chat_response
    assert response.context == {"key": "value"}


def test_when_builder_with_valid_data_then_create_successfully() -> None:
    chat_response = mock_chat_response()
    context = {"key1": "value1", "key2": 42}
    response = ChatClientResponse.builder().chat_response(chat_response).context(context).build()
    assert response.chat_response is chat_response
    assert response.context == context


def test_when_empty_context_then_create_successfully() -> None:
    chat_response = mock_chat_response()
    response = ChatClientResponse(chat_response, {})
    assert response.chat_response is chat_response
    assert response.context == {}


def test_when_context_with_null_values_then_create_successfully() -> None:
    response = ChatClientResponse(mock_chat_response(), {"key1": "value1", "key2": None})
    assert response.context["key1"] == "value1"
    assert "key2" in response.context
    assert response.context["key2"] is None


def test_when_builder_context_with_null_value_then_create_successfully() -> None:
    response = ChatClientResponse.builder().context("key1", "value1").context("key2", None).build()
    assert response.context == {"key1": "value1", "key2": None}


def test_when_copy_with_null_chat_response_then_preserve_null() -> None:
    response = ChatClientResponse(None, {"key": "value"})
    copy = response.copy()
    assert copy.chat_response is None
    assert copy.context == {"key": "value"}


def test_when_mutate_with_new_chat_response_then_update() -> None:
    original_response = mock_chat_response()
    new_response = mock_chat_response()
    response = ChatClientResponse(original_response, {"key": "value"})
    mutated = response.mutate().chat_response(new_response).build()
    assert response.chat_response is original_response
    assert mutated.chat_response is new_response
    assert mutated.context == {"key": "value"}


def test_when_builder_without_chat_response_then_create_with_null() -> None:
    response = ChatClientResponse.builder().context({"key": "value"}).build()
    assert response.chat_response is None


def test_when_complex_objects_in_context_then_preserve_correctly() -> None:
    generation = Mock(spec=Generation)
    nested_map = {"nested": "value"}
    context = {
        "string": "value",
        "number": 1,
        "boolean": True,
        "generation": generation,
        "map": nested_map,
    }
    response = ChatClientResponse(mock_chat_response(), context)
    assert response.context["string"] == "value"
    assert response.context["number"] == 1
    assert response.context["boolean"] is True
    assert response.context["generation"] is generation
    assert response.context["map"] == nested_map
