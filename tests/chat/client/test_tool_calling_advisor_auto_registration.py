"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.ToolCallingAdvisorAutoRegistrationTests`:
15 tests ported, 0 skipped (nested ``CallPath`` / ``StreamPath`` classes become the
``test_call_path_`` / ``test_stream_path_`` prefixes), plus the port's own cases: memory
inside the loop, configured order, and the spec-reuse rule of PORTING §7.5."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel
from tool_loop_support import ScriptedManager

from spring_ai_py.chat.client import (
    AdvisorParams,
    ChatClient,
    ChatClientAttributes,
    ChatClientRequest,
    ChatClientResponse,
)
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor, ToolCallingAdvisor
from spring_ai_py.chat.client.advisor.api import BaseAdvisor, ToolAdvisor
from spring_ai_py.chat.memory import MessageWindowChatMemory
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import ToolCallingChatOptions, ToolExecutionResult
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool.function import FunctionToolCallback


class CityInput(BaseModel):
    city: str


weather_tool = (
    FunctionToolCallback.builder("getWeather", lambda request: f"{request.city}: 25C")
    .description("Get weather for a city")
    .input_type(CityInput)
    .build()
)


class ChainIterationCounter(BaseAdvisor):
    """Just inside the loop: counts the rounds."""

    def __init__(self) -> None:
        self.count = 0

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: Any
    ) -> ChatClientRequest:
        self.count += 1
        return chat_client_request

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: Any
    ) -> ChatClientResponse:
        return chat_client_response

    def get_order(self) -> int:
        return ToolCallingAdvisor.DEFAULT_ORDER + 100


class NoOpToolAdvisor(BaseAdvisor, ToolAdvisor):
    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: Any
    ) -> ChatClientRequest:
        return chat_client_request

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: Any
    ) -> ChatClientResponse:
        return chat_client_response

    def get_order(self) -> int:
        return ToolCallingAdvisor.DEFAULT_ORDER


class DynamicToolInjector(BaseAdvisor):
    """Outside the loop: adds the weather tool to the options at run time."""

    def before(
        self, chat_client_request: ChatClientRequest, advisor_chain: Any
    ) -> ChatClientRequest:
        options = chat_client_request.prompt.get_options()
        if isinstance(options, ToolCallingChatOptions):
            injected = options.mutate().tool_callbacks([weather_tool]).build()
            return ChatClientRequest(
                Prompt(chat_client_request.prompt.get_instructions(), injected),
                chat_client_request.context,
            )
        return chat_client_request

    def after(
        self, chat_client_response: ChatClientResponse, advisor_chain: Any
    ) -> ChatClientResponse:
        return chat_client_response

    def get_order(self) -> int:
        return ToolCallingAdvisor.DEFAULT_ORDER - 10


def two_rounds(options: ToolCallingChatOptions | None = None) -> ScriptedChatModel:
    model = ScriptedChatModel(options=options or ToolCallingChatOptions())
    model.add_tool_calls(("getWeather", {"city": "Paris"}))
    model.add_response("Paris: 25C")
    return model


def one_round() -> ScriptedChatModel:
    model = ScriptedChatModel(options=ToolCallingChatOptions())
    model.add_tool_calls(("getWeather", {"city": "Paris"}))
    return model


# -- call path -----------------------------------------------------------------------------


def test_call_path_auto_registers_when_tools_present() -> None:
    model, counter = two_rounds(), ChainIterationCounter()
    content = (
        ChatClient.create(model)
        .prompt()
        .advisors(counter)
        .user("weather?")
        .tools(weather_tool)
        .call()
        .content()
    )
    assert content == "Paris: 25C"
    assert counter.count == 2 and len(model.prompts) == 2


def assert_not_auto_registered(disable: Any) -> None:
    model, counter = one_round(), ChainIterationCounter()
    response = (
        ChatClient.create(model)
        .prompt()
        .advisors(counter)
        .advisors(disable)
        .user("weather?")
        .tools(weather_tool)
        .call()
        .chat_response()
    )
    assert counter.count == 1 and len(model.prompts) == 1
    assert response is not None and response.has_tool_calls()


def test_call_path_does_not_auto_register_when_disabled() -> None:
    assert_not_auto_registered(
        lambda a: a.param(ChatClientAttributes.TOOL_CALLING_ADVISOR_AUTO_REGISTER.get_key(), False)
    )
    assert_not_auto_registered(AdvisorParams.tool_calling_advisor_auto_register(False))


def test_call_path_does_not_auto_register_when_disabled_via_deprecated_enum_constant() -> None:
    assert_not_auto_registered(
        lambda a: a.param(ChatClientAttributes.TOOL_CALL_ADVISOR_AUTO_REGISTER.get_key(), False)
    )


def test_call_path_does_not_auto_register_when_disabled_via_deprecated_advisor_params_method() -> None:
    assert_not_auto_registered(AdvisorParams.tool_call_advisor_auto_register(False))


def test_call_path_single_iteration_when_no_tools_configured() -> None:
    model, counter = (
        ScriptedChatModel("hello", options=ToolCallingChatOptions()),
        ChainIterationCounter(),
    )
    ChatClient.create(model).prompt().advisors(counter).user("hello").call().content()
    assert counter.count == 1 and len(model.prompts) == 1


def test_call_path_auto_registers_for_dynamically_injected_tools() -> None:
    model, counter = two_rounds(), ChainIterationCounter()
    ChatClient.create(model).prompt().advisors(DynamicToolInjector(), counter).user(
        "weather?"
    ).call().content()
    assert counter.count == 2 and len(model.prompts) == 2


def test_call_path_auto_registers_when_tools_in_model_options() -> None:
    model, counter = (
        two_rounds(ToolCallingChatOptions(tool_callbacks=[weather_tool])),
        ChainIterationCounter(),
    )
    ChatClient.create(model).prompt().advisors(counter).user("weather?").call().content()
    assert counter.count == 2 and len(model.prompts) == 2


def test_call_path_auto_registers_when_tools_in_options_customizer() -> None:
    model, counter = two_rounds(), ChainIterationCounter()
    ChatClient.create(model).prompt().advisors(counter).user("weather?").options(
        ToolCallingChatOptions.builder().tool_callbacks([weather_tool])
    ).call().content()
    assert counter.count == 2 and len(model.prompts) == 2


def test_call_path_does_not_auto_register_when_explicit_tool_call_handling_advisor_present() -> None:
    model, counter = two_rounds(), ChainIterationCounter()
    ChatClient.create(model).prompt().advisors(ToolCallingAdvisor.builder().build(), counter).user(
        "weather?"
    ).tools(weather_tool).call().content()
    assert counter.count == 2 and len(model.prompts) == 2


def test_call_path_auto_registered_advisor_uses_injected_tool_calling_manager() -> None:
    manager = ScriptedManager(ToolExecutionResult([]))
    model = two_rounds()
    client = ChatClient.builder(
        model,
        tool_calling_advisor_builder=ToolCallingAdvisor.builder().tool_calling_manager(manager),
    ).build()
    client.prompt().user("weather?").tools(weather_tool).call().content()
    assert manager.count == 1 and len(model.prompts) == 2


def test_call_path_throws_when_multiple_tool_advisors_registered() -> None:
    first = ToolCallingAdvisor.builder().build()
    second = (
        ToolCallingAdvisor.builder().advisor_order(ToolCallingAdvisor.DEFAULT_ORDER + 1).build()
    )
    spec = (
        ChatClient.create(two_rounds())
        .prompt()
        .advisors(first, second)
        .user("weather?")
        .tools(weather_tool)
    )
    with pytest.raises(RuntimeError) as raised:
        spec.call().content()
    assert str(raised.value) == (
        "At most one ToolAdvisor is allowed in the advisor chain, but found 2: "
        f"[Tool Calling Advisor (order={ToolCallingAdvisor.DEFAULT_ORDER}), "
        f"Tool Calling Advisor (order={ToolCallingAdvisor.DEFAULT_ORDER + 1})]"
    )


def test_call_path_custom_tool_call_handling_advisor_prevents_auto_registration() -> None:
    model, counter = one_round(), ChainIterationCounter()
    ChatClient.create(model).prompt().advisors(NoOpToolAdvisor(), counter).user("weather?").tools(
        weather_tool
    ).call().content()
    assert counter.count == 1 and len(model.prompts) == 1


def registered(spec: Any) -> ToolCallingAdvisor:
    rows = [
        row.advisor for row in spec.explain().rows if isinstance(row.advisor, ToolCallingAdvisor)
    ]
    assert len(rows) == 1
    advisor: ToolCallingAdvisor = rows[0]
    return advisor


def test_memory_advisor_inside_the_loop_disables_the_internal_history() -> None:
    chat_memory = MessageWindowChatMemory.builder().build()
    client = ChatClient.create(two_rounds())
    outside = MessageChatMemoryAdvisor.builder(chat_memory).build()
    inside = (
        MessageChatMemoryAdvisor.builder(chat_memory)
        .order(ToolCallingAdvisor.DEFAULT_ORDER + 1)
        .build()
    )
    assert registered(client.prompt().advisors(outside)).is_conversation_history_enabled() is True
    assert registered(client.prompt().advisors(inside)).is_conversation_history_enabled() is False


def test_configured_order_decides_what_is_downstream() -> None:
    chat_memory = MessageWindowChatMemory.builder().build()
    memory_at_400 = (
        MessageChatMemoryAdvisor.builder(chat_memory)
        .order(ToolCallingAdvisor.DEFAULT_ORDER + 100)
        .build()
    )
    late_loop = ToolCallingAdvisor.builder().advisor_order(ToolCallingAdvisor.DEFAULT_ORDER + 200)
    client = ChatClient.builder(two_rounds(), tool_calling_advisor_builder=late_loop).build()
    advisor = registered(client.prompt().advisors(memory_at_400))
    assert advisor.get_order() == ToolCallingAdvisor.DEFAULT_ORDER + 200
    assert advisor.is_conversation_history_enabled() is True


def test_auto_registration_never_changes_the_spec_and_a_spec_can_run_twice() -> None:
    model = ScriptedChatModel(options=ToolCallingChatOptions())
    for _ in range(2):
        model.add_tool_calls(("getWeather", {"city": "Paris"}))
        model.add_response("Paris: 25C")
    counter = ChainIterationCounter()
    spec = ChatClient.create(model).prompt().advisors(counter).user("weather?").tools(weather_tool)
    assert spec.call().content() == "Paris: 25C"
    assert "".join(spec.stream().content().collect()) == "Paris: 25C"
    assert spec.get_advisors() == [counter]


# -- stream path ---------------------------------------------------------------------------


def test_stream_path_auto_registers_and_loops_iterations() -> None:
    model, counter = two_rounds(), ChainIterationCounter()
    content = "".join(
        ChatClient.create(model)
        .prompt()
        .advisors(counter)
        .user("weather?")
        .tools(weather_tool)
        .stream()
        .content()
    )
    assert content == "Paris: 25C"
    assert counter.count == 2


def test_stream_path_does_not_auto_register_when_disabled() -> None:
    model, counter = one_round(), ChainIterationCounter()
    ChatClient.create(model).prompt().advisors(counter).advisors(
        AdvisorParams.tool_calling_advisor_auto_register(False)
    ).user("weather?").tools(weather_tool).stream().chat_response().collect()
    assert counter.count == 1 and len(model.prompts) == 1


def test_stream_path_auto_registers_for_dynamically_injected_tools() -> None:
    model, counter = two_rounds(), ChainIterationCounter()
    ChatClient.create(model).prompt().advisors(DynamicToolInjector(), counter).user(
        "weather?"
    ).stream().content().collect()
    assert counter.count == 2 and len(model.prompts) == 2
