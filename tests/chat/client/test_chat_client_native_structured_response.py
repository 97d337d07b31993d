"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.ChatClientNativeStructuredResponseTests`:
10 tests ported, 0 skipped.

Jackson's ``JsonNode`` is a parsed JSON value (``dict``) here. The schema generated for
``UserEntity`` is compared without Java's ``"format": "int32"`` (a Python ``int`` has no
fixed width, so the port's schema has no such format) and ignoring array order.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from spring_ai_py.chat.client import (
    AdvisorParams,
    ChatClient,
    ChatClientAttributes,
    ChatClientRequest,
    ChatClientResponse,
)
from spring_ai_py.chat.client.advisor.api import CallAdvisor, CallAdvisorChain
from spring_ai_py.chat.messages import AssistantMessage, MessageType
from spring_ai_py.chat.metadata import ChatResponseMetadata
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions
from spring_ai_py.converter import StructuredOutputConverter
from spring_ai_py.model.tool import StructuredOutputChatOptions
from spring_ai_py.test import ScriptedChatModel

USER_JSON_SCHEMA = """
{
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {
        "age": {"type": "integer", "format": "int32"},
        "name": {"type": "string"}
    },
    "required": ["age", "name"],
    "additionalProperties": false
}
"""

OUTPUT_FORMAT = ChatClientAttributes.OUTPUT_FORMAT.get_key()
OUTPUT_SCHEMA = ChatClientAttributes.STRUCTURED_OUTPUT_SCHEMA.get_key()
OUTPUT_NATIVE = ChatClientAttributes.STRUCTURED_OUTPUT_NATIVE.get_key()


@dataclass(frozen=True)
class UserEntity:
    name: str
    age: int


class ContextCatcherCallAdvisor(CallAdvisor):
    def __init__(self) -> None:
        self.context: dict[str, Any] = {}

    def get_name(self) -> str:
        return "TestAdvisor"

    def get_order(self) -> int:
        return 0

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        response = call_advisor_chain.next_call(chat_client_request)
        self.context.update(response.context)
        return response


class CustomJsonSchemaOutputConverter(StructuredOutputConverter[dict[str, Any]]):
    def __init__(self, json_schema: str) -> None:
        self._json_schema = json_schema

    def get_format(self) -> str:
        return f"Your response should be in JSON format.\nThe JSON Schema is:\n```{self._json_schema}```\n"

    def get_json_schema(self) -> str:
        return self._json_schema

    def convert(self, text: str) -> dict[str, Any]:
        return json.loads(text)  # type: ignore[no-any-return]


def normalized(schema_text: str | None) -> Any:
    """The schema without Java-only ``format`` keywords, arrays sorted."""
    assert schema_text is not None
    return _normalized(json.loads(schema_text))


def _normalized(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _normalized(v) for k, v in schema.items() if k != "format"}
    if isinstance(schema, list):
        return sorted((_normalized(v) for v in schema), key=json.dumps)
    return schema


def john_response() -> ChatResponse:
    metadata = ChatResponseMetadata.builder().key_value("key1", "value1").build()
    return ChatResponse([Generation(AssistantMessage('{"name":"John", "age":30}\n'))], metadata)


def plain_model(chat_response: ChatResponse) -> ScriptedChatModel:
    return ScriptedChatModel(chat_response, options=ChatOptions.builder().build())


def native_model(chat_response: ChatResponse) -> ScriptedChatModel:
    return ScriptedChatModel(chat_response, options=StructuredOutputChatOptions.builder().build())


def sent_user_text(model: ScriptedChatModel) -> str:
    user_message = model.last_prompt.get_instructions()[0]
    assert user_message.get_message_type() is MessageType.USER
    return user_message.get_text() or ""


def sent_schema(model: ScriptedChatModel) -> str | None:
    options = model.last_prompt.get_options()
    assert isinstance(options, StructuredOutputChatOptions)
    return options.get_output_schema()


def test_fall_back_response_entity_test() -> None:
    chat_response = john_response()
    model = plain_model(chat_response)
    catcher = ContextCatcherCallAdvisor()
    response_entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(catcher)
        .user("Tell me about John")
        .call()
        .response_entity(UserEntity)
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA not in catcher.context
    assert OUTPUT_NATIVE not in catcher.context
    assert response_entity.get_response() is chat_response
    assert str(response_entity.get_response().get_metadata().get("key1")) == "value1"  # type: ignore[union-attr]
    assert response_entity.get_entity() == UserEntity("John", 30)
    text = sent_user_text(model)
    assert "Tell me about John" in text
    assert "Your response should be in JSON format" in text


def test_fall_back_entity_test() -> None:
    model = plain_model(john_response())
    catcher = ContextCatcherCallAdvisor()
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(catcher)
        .user("Tell me about John")
        .call()
        .entity(UserEntity)
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA not in catcher.context
    assert OUTPUT_NATIVE not in catcher.context
    assert entity == UserEntity("John", 30)
    text = sent_user_text(model)
    assert "Tell me about John" in text
    assert "Your response should be in JSON format" in text


def test_native_response_entity_test() -> None:
    chat_response = john_response()
    model = native_model(chat_response)
    catcher = ContextCatcherCallAdvisor()
    response_entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .advisors(catcher)
        .user("Tell me about John")
        .call()
        .response_entity(UserEntity)
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA in catcher.context
    assert OUTPUT_NATIVE in catcher.context
    assert response_entity.get_response() is chat_response
    assert str(response_entity.get_response().get_metadata().get("key1")) == "value1"  # type: ignore[union-attr]
    assert response_entity.get_entity() == UserEntity("John", 30)
    assert sent_user_text(model) == "Tell me about John"
    assert normalized(sent_schema(model)) == normalized(USER_JSON_SCHEMA)


def test_native_entity_test() -> None:
    model = native_model(john_response())
    catcher = ContextCatcherCallAdvisor()
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .advisors(catcher)
        .user("Tell me about John")
        .call()
        .entity(UserEntity)
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA in catcher.context
    assert OUTPUT_NATIVE in catcher.context
    assert entity == UserEntity("John", 30)
    assert sent_user_text(model) == "Tell me about John"
    assert normalized(sent_schema(model)) == normalized(USER_JSON_SCHEMA)


def test_dynamic_disable_native_response_entity_test() -> None:
    chat_response = john_response()
    model = native_model(chat_response)
    catcher = ContextCatcherCallAdvisor()
    response_entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .advisors(catcher)
        .advisors(lambda a: a.param(OUTPUT_NATIVE, False))
        .user("Tell me about John")
        .call()
        .response_entity(UserEntity)
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA not in catcher.context
    assert catcher.context[OUTPUT_NATIVE] is False
    assert response_entity.get_response() is chat_response
    assert str(response_entity.get_response().get_metadata().get("key1")) == "value1"  # type: ignore[union-attr]
    assert response_entity.get_entity() == UserEntity("John", 30)
    text = sent_user_text(model)
    assert "Tell me about John" in text
    assert "Your response should be in JSON format" in text
    assert sent_schema(model) is None


def test_dynamic_disable_native_entity_test() -> None:
    model = native_model(john_response())
    catcher = ContextCatcherCallAdvisor()
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .advisors(catcher)
        .advisors(lambda a: a.param(OUTPUT_NATIVE, False))
        .user("Tell me about John")
        .call()
        .entity(UserEntity)
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA not in catcher.context
    assert catcher.context[OUTPUT_NATIVE] is False
    assert entity == UserEntity("John", 30)
    text = sent_user_text(model)
    assert "Tell me about John" in text
    assert "Your response should be in JSON format" in text
    assert sent_schema(model) is None


def test_native_with_custom_structured_output_converter_response_entity_test() -> None:
    model = native_model(john_response())
    catcher = ContextCatcherCallAdvisor()
    response_entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .advisors(catcher)
        .user("Tell me about John")
        .call()
        .response_entity(CustomJsonSchemaOutputConverter(USER_JSON_SCHEMA))
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA in catcher.context
    assert OUTPUT_NATIVE in catcher.context
    assert sent_user_text(model) == "Tell me about John"
    assert response_entity.get_entity() == {"name": "John", "age": 30}
    assert normalized(sent_schema(model)) == normalized(USER_JSON_SCHEMA)


def test_native_with_custom_structured_output_converter_entity_test() -> None:
    model = native_model(john_response())
    catcher = ContextCatcherCallAdvisor()
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .advisors(catcher)
        .user("Tell me about John")
        .call()
        .entity(CustomJsonSchemaOutputConverter(USER_JSON_SCHEMA))
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA in catcher.context
    assert OUTPUT_NATIVE in catcher.context
    assert entity == {"name": "John", "age": 30}
    assert sent_user_text(model) == "Tell me about John"
    assert normalized(sent_schema(model)) == normalized(USER_JSON_SCHEMA)


def test_native_with_custom_structured_output_converter_without_json_schema_response_entity_test() -> (
    None
):
    chat_response = john_response()
    model = native_model(chat_response)
    catcher = ContextCatcherCallAdvisor()
    response_entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .advisors(catcher)
        .user("Tell me about John")
        .call()
        .response_entity(CustomJsonSchemaOutputConverter(StructuredOutputConverter.NO_JSON_SCHEMA))
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA in catcher.context
    assert OUTPUT_NATIVE in catcher.context
    assert response_entity.get_response() is chat_response
    assert str(response_entity.get_response().get_metadata().get("key1")) == "value1"  # type: ignore[union-attr]
    assert response_entity.get_entity() == {"name": "John", "age": 30}
    text = sent_user_text(model)
    assert "Tell me about John" in text
    assert "Your response should be in JSON format" in text
    assert sent_schema(model) is None


def test_native_with_custom_structured_output_converter_without_json_schema_entity_test() -> None:
    model = native_model(john_response())
    catcher = ContextCatcherCallAdvisor()
    entity = (
        ChatClient.builder(model)
        .build()
        .prompt()
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .advisors(catcher)
        .user("Tell me about John")
        .call()
        .entity(CustomJsonSchemaOutputConverter(StructuredOutputConverter.NO_JSON_SCHEMA))
    )
    assert OUTPUT_FORMAT in catcher.context
    assert OUTPUT_SCHEMA in catcher.context
    assert OUTPUT_NATIVE in catcher.context
    assert entity == {"name": "John", "age": 30}
    text = sent_user_text(model)
    assert "Tell me about John" in text
    assert "Your response should be in JSON format" in text
    assert sent_schema(model) is None
