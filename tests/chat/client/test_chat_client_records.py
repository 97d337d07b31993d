"""The records beyond Spring's own tests (those are ported in test_chat_client_request.py
and test_chat_client_response.py): record shape, the shared context dict, None values,
``ResponseEntity``."""

from __future__ import annotations

import dataclasses

import pytest

from spring_ai_py.chat.client import ChatClientRequest, ResponseEntity
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt


def chat_response(text: str = "Test message") -> ChatResponse:
    return ChatResponse.builder().generations([Generation(AssistantMessage(text))]).build()


# -- ChatClientRequest ----------------------------------------------------------------


def test_request_builder_without_prompt_is_a_state_error() -> None:
    with pytest.raises(RuntimeError, match=r"^prompt cannot be null$"):
        ChatClientRequest.builder().build()


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


def test_request_context_allows_none_values() -> None:
    request = ChatClientRequest.builder().prompt(Prompt()).context("key", None).build()
    assert request.context == {"key": None}


# -- ChatClientResponse ---------------------------------------------------------------


def test_response_entity_record() -> None:
    chat = chat_response()
    entity = ResponseEntity(chat, {"name": "x"})
    assert entity.get_response() is chat and entity.response is chat
    assert entity.get_entity() == {"name": "x"} and entity.entity == {"name": "x"}
