"""Spring's ChatClientResponseEntityTests: ``entity()`` / ``response_entity()`` through the
ChatClient (schema validation retries live with StructuredOutputValidationAdvisor)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import pytest

from spring_ai_py.chat.client import (
    ChatClient,
    ChatClientAttributes,
    ChatClientRequest,
    ChatClientResponse,
)
from spring_ai_py.chat.client.advisor.api import CallAdvisor, CallAdvisorChain
from spring_ai_py.chat.messages import AssistantMessage, MessageType
from spring_ai_py.chat.metadata import ChatResponseMetadata
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.converter import (
    BeanOutputConverter,
    MapOutputConverter,
    OutputConversionException,
)
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


@dataclass(frozen=True)
class MyBean:
    name: str
    age: int


class ContextCatcher(CallAdvisor):
    def __init__(self) -> None:
        self.context: dict[str, Any] = {}

    def get_name(self) -> str:
        return "ContextCatcher"

    def get_order(self) -> int:
        return 0

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        response = call_advisor_chain.next_call(chat_client_request)
        self.context.update(response.context)
        return response


def answer(text: str, metadata: ChatResponseMetadata | None = None) -> ChatResponse:
    return ChatResponse([Generation(AssistantMessage(text))], metadata)


def test_response_entity() -> None:
    metadata = ChatResponseMetadata.builder().key_value("key1", "value1").build()
    chat_response = answer('{"name":"John", "age":30}', metadata)
    model = ScriptedChatModel(chat_response)
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .user("Tell me about John")
        .call()
        .response_entity(MyBean)
    )
    assert entity.get_response() is chat_response
    assert entity.get_response().get_metadata().get("key1") == "value1"  # type: ignore[union-attr]
    assert entity.get_entity() == MyBean("John", 30)
    user = model.last_prompt.get_instructions()[0]
    assert user.get_message_type() is MessageType.USER
    assert "Tell me about John" in (user.get_text() or "")
    # the converter's format instructions follow the user text
    assert (user.get_text() or "").startswith("Tell me about John\n")
    assert BeanOutputConverter(MyBean).get_format() in (user.get_text() or "")


def test_parametrized_response_entity() -> None:
    model = ScriptedChatModel(answer('[{"name":"Max", "age":10}, {"name":"Adi", "age":13}]'))
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .user("Tell me about them")
        .call()
        .response_entity(list[MyBean])
    )
    assert entity.entity == [MyBean("Max", 10), MyBean("Adi", 13)]


def test_custom_converter_response_entity() -> None:
    model = ScriptedChatModel(answer('{"name":"Max", "age":10}'))
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .user("Tell me about Max")
        .call()
        .response_entity(MapOutputConverter())
    )
    assert entity.entity == {"name": "Max", "age": 10}


@pytest.mark.parametrize("text", ["", "invalid json content"])
def test_unparseable_answer_raises_with_the_raw_text(text: str) -> None:
    model = ScriptedChatModel(answer(text))
    with pytest.raises(OutputConversionException) as failure:
        ChatClient.builder(model).build().prompt().user("test").call().response_entity(MyBean)
    assert failure.value.text == text


def test_map_and_empty_list_and_primitives() -> None:
    model = ScriptedChatModel(
        answer('{"key1": "value1", "key2": "value2", "key3": "value3"}'),
        answer("[]"),
        answer("true"),
        answer("1"),
    )
    chat_client = ChatClient.builder(model).build()
    assert chat_client.prompt().user("test").call().response_entity(dict[str, str]).entity == {
        "key1": "value1",
        "key2": "value2",
        "key3": "value3",
    }
    assert chat_client.prompt().user("test").call().response_entity(list[MyBean]).entity == []
    assert chat_client.prompt().user("Is this true?").call().response_entity(bool).entity is True
    assert chat_client.prompt().user("What is the answer?").call().response_entity(int).entity == 1


@pytest.mark.parametrize("target", [MyBean, BeanOutputConverter(MyBean)])
def test_provider_structured_output_sets_the_context_attribute(target: Any) -> None:
    model = ScriptedChatModel(answer('{"name":"John","age":30}'))
    catcher = ContextCatcher()
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(catcher)
        .user("Tell me about John")
        .call()
        .entity(target, lambda spec: spec.use_provider_structured_output())
    )
    assert entity == MyBean("John", 30)
    assert ChatClientAttributes.STRUCTURED_OUTPUT_NATIVE.get_key() in catcher.context
    assert ChatClientAttributes.STRUCTURED_OUTPUT_SCHEMA.get_key() in catcher.context


def test_aentity_and_aresponse_entity() -> None:
    model = ScriptedChatModel(answer('{"name":"John","age":30}'), answer('{"name":"Ada","age":36}'))
    spec = ChatClient.builder(model).build().prompt().user("Tell me").call()

    async def run() -> tuple[Any, Any]:
        return await spec.aentity(MyBean), await spec.aresponse_entity(MyBean)

    entity, response_entity = asyncio.run(run())
    assert entity == MyBean("John", 30)
    assert response_entity.entity == MyBean("Ada", 36)


@pytest.mark.parametrize("target", [MyBean, BeanOutputConverter(MyBean)])
def test_validate_schema_passes_on_first_attempt(target: Any) -> None:
    model = ScriptedChatModel(answer('{"name":"John","age":30}'))
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .user("Tell me about John")
        .call()
        .entity(target, lambda spec: spec.validate_schema())
    )
    assert entity == MyBean("John", 30)
    assert len(model.prompts) == 1


def test_validate_schema_retries_on_invalid_json() -> None:
    model = ScriptedChatModel(answer('{"name":"John"}'), answer('{"name":"John","age":30}'))
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .user("Tell me about John")
        .call()
        .entity(MyBean, lambda spec: spec.validate_schema())
    )
    assert entity == MyBean("John", 30)
    assert len(model.prompts) == 2
