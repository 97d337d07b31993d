"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.ChatClientResponseEntityTests`:
16 tests ported, 0 skipped. ``ParameterizedTypeReference<T>`` is the Python type ``T``
(``list[MyBean]``, ``dict[str, str]``; PORTING §3). A few extras follow."""

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


def test_response_entity_test() -> None:
    metadata = ChatResponseMetadata.builder().key_value("key1", "value1").build()
    chat_response = answer('{"name":"John", "age":30}\n', metadata)
    model = ScriptedChatModel(chat_response)
    response_entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .user("Tell me about John")
        .call()
        .response_entity(MyBean)
    )
    assert response_entity.get_response() is chat_response
    assert str(response_entity.get_response().get_metadata().get("key1")) == "value1"  # type: ignore[union-attr]
    assert response_entity.get_entity() == MyBean("John", 30)
    user_message = model.last_prompt.get_instructions()[0]
    assert user_message.get_message_type() is MessageType.USER
    assert "Tell me about John" in (user_message.get_text() or "")


def test_parametrized_response_entity_test() -> None:
    chat_response = answer(
        '[\n\t{"name":"Max", "age":10},\n\t{"name":"Adi", "age":13}\n]\n'
    )
    model = ScriptedChatModel(chat_response)
    response_entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .user("Tell me about them")
        .call()
        .response_entity(list[MyBean])
    )
    assert response_entity.get_response() is chat_response
    assert response_entity.get_entity() == [MyBean("Max", 10), MyBean("Adi", 13)]
    user_message = model.last_prompt.get_instructions()[0]
    assert user_message.get_message_type() is MessageType.USER
    assert "Tell me about them" in (user_message.get_text() or "")


def test_custom_so_c_response_entity_test() -> None:
    chat_response = answer('\t{"name":"Max", "age":10},\n')
    model = ScriptedChatModel(chat_response)
    response_entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .user("Tell me about Max")
        .call()
        .response_entity(MapOutputConverter())
    )
    assert response_entity.get_response() is chat_response
    entity = response_entity.get_entity()
    assert entity is not None
    assert entity["name"] == "Max"
    assert entity["age"] == 10
    user_message = model.last_prompt.get_instructions()[0]
    assert user_message.get_message_type() is MessageType.USER
    assert "Tell me about Max" in (user_message.get_text() or "")


def test_when_empty_response_content_then_handle_gracefully() -> None:
    """Java's ``RuntimeException`` is any unchecked exception; here the converter's
    ``OutputConversionException``."""
    model = ScriptedChatModel(answer(""))
    with pytest.raises(OutputConversionException):
        ChatClient.builder(model).build().prompt().user("test").call().response_entity(MyBean)


def test_when_invalid_json_response_then_throws() -> None:
    """Java's ``RuntimeException`` is any unchecked exception; here the converter's
    ``OutputConversionException``."""
    model = ScriptedChatModel(answer("invalid json content"))
    with pytest.raises(OutputConversionException):
        ChatClient.builder(model).build().prompt().user("test").call().response_entity(MyBean)


def test_when_parameterized_type_with_map_then_parse_correctly() -> None:
    model = ScriptedChatModel(
        answer('{\n\t"key1": "value1",\n\t"key2": "value2",\n\t"key3": "value3"\n}\n')
    )
    response_entity = (
        ChatClient.builder(model).build().prompt().user("test").call().response_entity(dict[str, str])
    )
    assert response_entity.get_entity() == {"key1": "value1", "key2": "value2", "key3": "value3"}


def test_when_empty_array_response_then_return_empty_list() -> None:
    model = ScriptedChatModel(answer("[]"))
    response_entity = (
        ChatClient.builder(model).build().prompt().user("test").call().response_entity(list[MyBean])
    )
    assert response_entity.get_entity() == []


def test_when_boolean_primitive_response_then_parse_correctly() -> None:
    model = ScriptedChatModel(answer("true"))
    response_entity = (
        ChatClient.builder(model).build().prompt().user("Is this true?").call().response_entity(bool)
    )
    assert response_entity.get_entity() is True


def test_when_integer_response_then_parse_correctly() -> None:
    model = ScriptedChatModel(answer("1"))
    response_entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .user("What is the answer?")
        .call()
        .response_entity(int)
    )
    assert response_entity.get_entity() == 1


def entity_with(target: Any, text: str, spec: Any, catcher: ContextCatcher | None = None) -> Any:
    model = ScriptedChatModel(answer(text))
    prompt = ChatClient.builder(model).build().prompt()
    if catcher is not None:
        prompt = prompt.advisors(catcher)
    return prompt.user("Tell me about John").call().entity(target, spec), model


def test_entity_spec_with_enable_native_sets_context_attribute() -> None:
    catcher = ContextCatcher()
    entity, _ = entity_with(
        MyBean, '{"name":"John", "age":30}\n', lambda s: s.use_provider_structured_output(), catcher
    )
    assert ChatClientAttributes.STRUCTURED_OUTPUT_NATIVE.get_key() in catcher.context
    assert entity == MyBean("John", 30)


def test_entity_spec_with_validate_passes_on_first_attempt() -> None:
    entity, model = entity_with(MyBean, '{"name":"John", "age":30}\n', lambda s: s.validate_schema())
    assert entity == MyBean("John", 30)
    assert len(model.prompts) == 1


def test_entity_spec_with_validate_retries_on_invalid_json() -> None:
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


def test_entity_class_spec_with_enable_native_sets_context_attribute() -> None:
    catcher = ContextCatcher()
    entity, _ = entity_with(
        MyBean, '{"name":"John","age":30}', lambda s: s.use_provider_structured_output(), catcher
    )
    assert ChatClientAttributes.STRUCTURED_OUTPUT_NATIVE.get_key() in catcher.context
    assert entity == MyBean("John", 30)


def test_entity_class_spec_with_validate_passes_on_first_attempt() -> None:
    entity, model = entity_with(MyBean, '{"name":"John","age":30}', lambda s: s.validate_schema())
    assert entity == MyBean("John", 30)
    assert len(model.prompts) == 1


def test_entity_converter_spec_with_enable_native_sets_context_attribute() -> None:
    catcher = ContextCatcher()
    entity, _ = entity_with(
        BeanOutputConverter(MyBean),
        '{"name":"John","age":30}',
        lambda s: s.use_provider_structured_output(),
        catcher,
    )
    assert ChatClientAttributes.STRUCTURED_OUTPUT_NATIVE.get_key() in catcher.context
    assert entity == MyBean("John", 30)


def test_entity_converter_spec_with_validate_passes_on_first_attempt() -> None:
    entity, model = entity_with(
        BeanOutputConverter(MyBean), '{"name":"John","age":30}', lambda s: s.validate_schema()
    )
    assert entity == MyBean("John", 30)
    assert len(model.prompts) == 1


# -- beyond Spring's tests --------------------------------------------------------------


def test_format_instructions_follow_the_user_text() -> None:
    model = ScriptedChatModel(answer('{"name":"John", "age":30}'))
    ChatClient.builder(model).build().prompt().user("Tell me about John").call().entity(MyBean)
    text = model.last_prompt.get_instructions()[0].get_text() or ""
    assert text.startswith("Tell me about John\n")
    assert BeanOutputConverter(MyBean).get_format() in text


@pytest.mark.parametrize("text", ["", "invalid json content"])
def test_unparseable_answer_raises_with_the_raw_text(text: str) -> None:
    model = ScriptedChatModel(answer(text))
    with pytest.raises(OutputConversionException) as failure:
        ChatClient.builder(model).build().prompt().user("test").call().response_entity(MyBean)
    assert failure.value.text == text


def test_provider_structured_output_puts_the_schema_in_the_context() -> None:
    catcher = ContextCatcher()
    entity_with(MyBean, '{"name":"John","age":30}', lambda s: s.use_provider_structured_output(), catcher)
    assert ChatClientAttributes.STRUCTURED_OUTPUT_SCHEMA.get_key() in catcher.context


def test_aentity_and_aresponse_entity() -> None:
    model = ScriptedChatModel(answer('{"name":"John","age":30}'), answer('{"name":"Ada","age":36}'))
    spec = ChatClient.builder(model).build().prompt().user("Tell me").call()

    async def run() -> tuple[Any, Any]:
        return await spec.aentity(MyBean), await spec.aresponse_entity(MyBean)

    entity, response_entity = asyncio.run(run())
    assert entity == MyBean("John", 30)
    assert response_entity.entity == MyBean("Ada", 36)
