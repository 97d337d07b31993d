"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.observation.DefaultChatClientObservationConventionTests`:
5 tests ported, 0 skipped.

Key values are OpenTelemetry span attributes here (PORTING §6, §9): the stream flag is a
``bool`` and the advisor and tool names are string lists, not Micrometer's JSON-like
strings.
"""

from __future__ import annotations

from spring_ai_py.chat.client import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.api import CallAdvisor, CallAdvisorChain
from spring_ai_py.chat.client.observation import (
    ChatClientObservationContext,
    DefaultChatClientObservationConvention,
)
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.chat.model import ToolContext
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.definition import ToolDefinition

observation_convention = DefaultChatClientObservationConvention()


def dummy_advisor(name: str) -> CallAdvisor:
    class Dummy(CallAdvisor):
        def get_name(self) -> str:
            return name

        def get_order(self) -> int:
            return 0

        def advise_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientResponse:
            raise AssertionError("not called")

    return Dummy()


def dummy_function(name: str) -> ToolCallback:
    class Dummy(ToolCallback):
        def get_tool_definition(self) -> ToolDefinition:
            return ToolDefinition.builder().name(name).input_schema("{}").build()

        def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
            raise NotImplementedError("Unimplemented method 'call'")

    return Dummy()


def request() -> ChatClientRequest:
    return ChatClientRequest.builder().prompt(Prompt()).build()


def stream_context() -> ChatClientObservationContext:
    return ChatClientObservationContext.builder().request(request()).stream(True).build()


def test_should_have_name() -> None:
    assert observation_convention.get_name() == DefaultChatClientObservationConvention.DEFAULT_NAME


def test_should_have_contextual_name() -> None:
    assert observation_convention.get_contextual_name(stream_context()) == "spring_ai chat_client"


def test_supports_only_chat_client_observation_context() -> None:
    assert observation_convention.supports_context(stream_context())
    assert not observation_convention.supports_context(object())


def test_should_have_required_key_values() -> None:
    values = observation_convention.get_low_cardinality_key_values(stream_context())
    assert values["spring.ai.kind"] == "chat_client"
    assert values["spring.ai.chat.client.stream"] is True


def test_should_have_optional_key_values() -> None:
    chat_client_request = (
        ChatClientRequest.builder()
        .prompt(
            Prompt(
                "",
                ToolCallingChatOptions.builder()
                .tool_callbacks(dummy_function("toolCallback1"), dummy_function("toolCallback2"))
                .build(),
            )
        )
        .context(ChatMemory.CONVERSATION_ID, "007")
        .build()
    )
    observation_context = (
        ChatClientObservationContext.builder()
        .request(chat_client_request)
        .format("json")
        .advisors([dummy_advisor("advisor1"), dummy_advisor("advisor2")])
        .stream(True)
        .build()
    )
    values = observation_convention.get_high_cardinality_key_values(observation_context)
    assert values["spring.ai.chat.client.advisors"] == ["advisor1", "advisor2"]
    assert values["spring.ai.chat.client.conversation.id"] == "007"
    assert values["spring.ai.chat.client.tool.names"] == ["toolCallback1", "toolCallback2"]
