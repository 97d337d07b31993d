"""Port of Spring AI 2.0.1 `org.springframework.ai.google.genai.client.GoogleGenAiToolCallingAdvisorAutoRegistrationIT`
(its base `AbstractToolCallingAdvisorAutoRegistrationIT` of spring-ai-test): 18 tests ported,
0 skipped.

Spring runs these against Vertex AI; here the real ``google-genai`` SDK talks to
``GeminiTestServer``, which plays the model: a ``functionCall`` for each of the three
cities, then the answer. The weather tool is Spring's ``MockWeatherService`` (San
Francisco 30, Tokyo 10, Paris 15). Spring's nested classes are the name prefixes
(``call_functional_``, ``stream_structural_``, ...).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from pydantic import BaseModel

from spring_ai_py.chat.client import (
    AdvisorParams,
    ChatClient,
    ChatClientAttributes,
    ChatClientRequest,
    ChatClientResponse,
)
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor, ToolCallingAdvisor
from spring_ai_py.chat.client.advisor.api import BaseAdvisor
from spring_ai_py.chat.client.message_aggregator import ChatClientMessageAggregator
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.messages import ToolResponseMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.google.genai import GoogleGenAiChatModel, GoogleGenAiChatOptions
from spring_ai_py.model.tool import (
    ToolCallingChatOptions,
    ToolCallingManager,
    ToolCallLimitExceededException,
)
from spring_ai_py.test import GeminiTestServer
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.function import FunctionToolCallback
from spring_ai_py.tool.metadata import ToolMetadata

QUESTION = "What's the weather in San Francisco, Tokyo, and Paris in Celsius?"
CITIES = ("San Francisco", "Tokyo", "Paris")
ANSWER = "It is 30°C in San Francisco, 10°C in Tokyo and 15°C in Paris."


class Request(BaseModel):
    location: str
    unit: str = "C"


def mock_weather_service(request: Request) -> dict[str, Any]:
    """Spring's ``MockWeatherService``."""
    temperature = 0.0
    if "Paris" in request.location:
        temperature = 15
    elif "Tokyo" in request.location:
        temperature = 10
    elif "San Francisco" in request.location:
        temperature = 30
    return {"temp": temperature, "feels_like": 15, "temp_min": 5, "temp_max": 35, "unit": "C"}


def weather_tool(return_direct: bool = False) -> ToolCallback:
    builder = (
        FunctionToolCallback.builder("getCurrentWeather", mock_weather_service)
        .description("Get the weather in location")
        .input_type(Request)
    )
    if return_direct:
        builder = builder.tool_metadata(ToolMetadata.builder().return_direct(True).build())
    return builder.build()


class ChainIterationCountingAdvisor(BaseAdvisor):
    """Spring's ``ChainIterationCountingAdvisor``: just inside the tool loop."""

    def __init__(self, order: int = ToolCallingAdvisor.DEFAULT_ORDER + 100) -> None:
        self.call_count = 0
        self.captured_requests: list[ChatClientRequest] = []
        self._order = order

    def before(self, chat_client_request: ChatClientRequest, advisor_chain: Any) -> ChatClientRequest:
        self.call_count += 1
        self.captured_requests.append(chat_client_request)
        return chat_client_request

    def after(self, chat_client_response: ChatClientResponse, advisor_chain: Any) -> ChatClientResponse:
        return chat_client_response

    def get_order(self) -> int:
        return self._order


@pytest.fixture
def server() -> Iterator[GeminiTestServer]:
    with GeminiTestServer() as running:
        yield running


@pytest.fixture
def chat_model(server: GeminiTestServer) -> Iterator[GoogleGenAiChatModel]:
    options = GoogleGenAiChatOptions(
        model=GoogleGenAiChatModel.ChatModel.GEMINI_3_1_PRO_PREVIEW, api_key="k", base_url=server.base_url
    )
    with GoogleGenAiChatModel(options=options) as model:
        yield model


def _three_cities(server: GeminiTestServer, answer: str = ANSWER) -> None:
    server.enqueue_tool_calls([{"name": "getCurrentWeather", "arguments": {"location": c}} for c in CITIES])
    server.enqueue_text(answer)


def _tokyo(server: GeminiTestServer) -> None:
    server.enqueue_tool_calls([{"name": "getCurrentWeather", "arguments": {"location": "Tokyo"}}])


def _assert_three_temperatures(text: str | None) -> None:
    assert text is not None
    for temperature in ("30", "10", "15"):
        assert temperature in text


def _no_auto_register(advisors: Any) -> None:
    advisors.param(ChatClientAttributes.TOOL_CALLING_ADVISOR_AUTO_REGISTER.get_key(), False)


def _aggregate(stream: AsyncIterator[ChatClientResponse]) -> ChatClientResponse:
    found: list[ChatClientResponse] = []

    async def run() -> None:
        async for _ in ChatClientMessageAggregator().aggregate_chat_client_response(stream, found.append):
            pass

    asyncio.run(run())
    return found[0]


# -- CallFunctional ---------------------------------------------------------------------


def test_call_functional_auto_registered_advisor_executes_tools(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    response = ChatClient.create(chat_model).prompt().user(QUESTION).tools(weather_tool()).call().content()
    _assert_three_temperatures(response)
    results = server.requests[-1].body["contents"][2]["parts"]
    assert [part["functionResponse"]["response"]["temp"] for part in results] == [30, 10, 15]


def test_call_functional_auto_registered_advisor_with_downstream_memory(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    memory = MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().max_messages(500).build())
    response = (
        ChatClient.create(chat_model)
        .prompt()
        .advisors(memory.order(1000).build())
        .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "auto-register-with-memory"))
        .user(QUESTION)
        .tools(weather_tool())
        .call()
        .content()
    )
    _assert_three_temperatures(response)


def test_call_functional_default_advisors_with_auto_registration(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    chat_client = ChatClient.builder(chat_model).build()
    _assert_three_temperatures(chat_client.prompt().user(QUESTION).tools(weather_tool()).call().content())


def test_call_functional_default_advisors_with_memory_and_auto_registration(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    chat_client = (
        ChatClient.builder(chat_model)
        .default_advisors(
            MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().build()).order(1000).build()
        )
        .build()
    )
    response = (
        chat_client.prompt()
        .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "default-advisors-memory"))
        .user(QUESTION)
        .tools(weather_tool())
        .call()
        .content()
    )
    _assert_three_temperatures(response)


def test_call_functional_return_direct_with_auto_registration(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _tokyo(server)
    response = (
        ChatClient.create(chat_model)
        .prompt()
        .user("What's the weather in Tokyo?")
        .tools(weather_tool(return_direct=True))
        .call()
        .content()
    )
    assert response is not None and "temp" in response
    assert len(server.requests) == 1  # the tool's result is the answer: no second call


# -- CallStructural -----------------------------------------------------------------------


def test_call_structural_advisor_chain_loops_when_auto_registered(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    counter = ChainIterationCountingAdvisor()
    ChatClient.create(chat_model).prompt().advisors(counter).user(QUESTION).tools(weather_tool()).call().content()
    assert counter.call_count >= 2


def test_call_structural_advisor_chain_does_not_loop_when_auto_register_disabled(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    counter = ChainIterationCountingAdvisor()
    (
        ChatClient.create(chat_model)
        .prompt()
        .advisors(counter)
        .advisors(_no_auto_register)
        .user(QUESTION)
        .tools(weather_tool())
        .call()
        .content()
    )
    assert counter.call_count == 1


def test_call_structural_tool_response_messages_visible_in_chain_when_auto_registered(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    counter = ChainIterationCountingAdvisor()
    ChatClient.create(chat_model).prompt().advisors(counter).user(QUESTION).tools(weather_tool()).call().content()
    requests = counter.captured_requests
    assert len(requests) >= 2
    assert any(
        isinstance(message, ToolResponseMessage)
        for request in requests[1:]
        for message in request.prompt.get_instructions()
    )


# -- StreamFunctional -------------------------------------------------------------------


def test_stream_functional_auto_registered_advisor_executes_tools(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    content = "".join(
        ChatClient.create(chat_model).prompt().user(QUESTION).tools(weather_tool()).stream().content()
    )
    _assert_three_temperatures(content)


def test_stream_functional_auto_registered_advisor_with_downstream_memory(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    memory = MessageChatMemoryAdvisor.builder(MessageWindowChatMemory.builder().max_messages(500).build())
    content = "".join(
        ChatClient.create(chat_model)
        .prompt()
        .advisors(memory.order(1000).build())
        .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "stream-auto-register-with-memory"))
        .user(QUESTION)
        .tools(weather_tool())
        .stream()
        .content()
    )
    _assert_three_temperatures(content)


def test_stream_functional_return_direct_with_auto_registration(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _tokyo(server)
    content = "".join(
        ChatClient.create(chat_model)
        .prompt()
        .user("What's the weather in Tokyo?")
        .tools(weather_tool(return_direct=True))
        .stream()
        .content()
    )
    assert "temp" in content


# -- StreamStructural ---------------------------------------------------------------------


def test_stream_structural_advisor_chain_loops_when_auto_registered(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    counter = ChainIterationCountingAdvisor()
    "".join(
        ChatClient.create(chat_model).prompt().advisors(counter).user(QUESTION).tools(weather_tool()).stream().content()
    )
    assert counter.call_count >= 2


def test_stream_structural_advisor_chain_does_not_loop_when_auto_register_disabled(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    counter = ChainIterationCountingAdvisor()
    "".join(
        ChatClient.create(chat_model)
        .prompt()
        .advisors(counter)
        .advisors(_no_auto_register)
        .user(QUESTION)
        .tools(weather_tool())
        .stream()
        .content()
    )
    assert counter.call_count == 1


# -- AdvisorParamsApi -------------------------------------------------------------------


def test_advisor_params_api_tool_calling_advisor_auto_register_false_via_factory(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    counter = ChainIterationCountingAdvisor()
    (
        ChatClient.create(chat_model)
        .prompt()
        .advisors(counter)
        .advisors(AdvisorParams.tool_calling_advisor_auto_register(False))
        .user(QUESTION)
        .tools(weather_tool())
        .call()
        .content()
    )
    assert counter.call_count == 1


# -- UserControlledToolExecution --------------------------------------------------------


def _manual_call(
    chat_client: ChatClient, prompt: Prompt, tool: ToolCallback, *advisors: Any
) -> ChatResponse | None:
    spec = chat_client.prompt().messages(prompt.get_instructions()).tools(tool)
    if advisors:
        spec = spec.advisors(*advisors)
    return spec.advisors(AdvisorParams.tool_calling_advisor_auto_register(False)).call().chat_response()


def test_user_controlled_tool_execution_call_path_manual_loop_produces_correct_answer(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    tool = weather_tool()
    manager = ToolCallingManager.builder().build()
    options = ToolCallingChatOptions.builder().tool_callbacks([tool]).build()
    chat_client = ChatClient.create(chat_model)
    prompt = Prompt([UserMessage(QUESTION)], options)
    response = _manual_call(chat_client, prompt, tool)
    while response is not None and response.has_tool_calls():
        result = manager.execute_tool_calls(prompt, response)
        prompt = Prompt(result.conversation_history, options)
        response = _manual_call(chat_client, prompt, tool)
    assert response is not None and response.get_result() is not None
    _assert_three_temperatures(response.get_result().get_output().get_text())


def test_user_controlled_tool_execution_call_path_manual_loop_throws_when_tool_call_limit_exceeded(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    tool = weather_tool()
    manager = ToolCallingManager.builder().max_calls_per_tool("getCurrentWeather", 1).build()
    options = ToolCallingChatOptions.builder().tool_callbacks([tool]).build()
    chat_client = ChatClient.create(chat_model)
    prompt = Prompt(
        [UserMessage(QUESTION + " Call the weather tool once for each city.")], options
    )
    with pytest.raises(ToolCallLimitExceededException):
        response = _manual_call(chat_client, prompt, tool)
        while response is not None and response.has_tool_calls():
            result = manager.execute_tool_calls(prompt, response)
            prompt = Prompt(result.conversation_history, options)
            response = _manual_call(chat_client, prompt, tool)


def test_user_controlled_tool_execution_call_path_manual_loop_traverses_chain_once_per_iteration(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    tool = weather_tool()
    manager = ToolCallingManager.builder().build()
    options = ToolCallingChatOptions.builder().tool_callbacks([tool]).build()
    counter = ChainIterationCountingAdvisor()
    chat_client = ChatClient.create(chat_model)
    prompt = Prompt([UserMessage(QUESTION)], options)
    calls = 1
    response = _manual_call(chat_client, prompt, tool, counter)
    while response is not None and response.has_tool_calls():
        result = manager.execute_tool_calls(prompt, response)
        prompt = Prompt(result.conversation_history, options)
        response = _manual_call(chat_client, prompt, tool, counter)
        calls += 1
    assert counter.call_count == calls
    assert response is not None and response.get_result() is not None
    _assert_three_temperatures(response.get_result().get_output().get_text())


def test_user_controlled_tool_execution_stream_path_manual_loop_produces_correct_answer(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    _three_cities(server)
    tool = weather_tool()
    manager = ToolCallingManager.builder().build()
    options = ToolCallingChatOptions.builder().tool_callbacks([tool]).build()
    chat_client = ChatClient.create(chat_model)
    prompt = Prompt([UserMessage(QUESTION)], options)

    def streamed(current: Prompt) -> ChatClientResponse:
        return _aggregate(
            chat_client.prompt()
            .messages(current.get_instructions())
            .tools(tool)
            .advisors(AdvisorParams.tool_calling_advisor_auto_register(False))
            .stream()
            .chat_client_response()
        )

    aggregated = streamed(prompt)
    while aggregated.chat_response is not None and aggregated.chat_response.has_tool_calls():
        result = manager.execute_tool_calls(prompt, aggregated.chat_response)
        prompt = Prompt(result.conversation_history, options)
        aggregated = streamed(prompt)
    final = aggregated.chat_response
    assert final is not None and final.get_result() is not None
    _assert_three_temperatures(final.get_result().get_output().get_text())
