"""Port of Spring AI 2.0.1 `org.springframework.ai.anthropic.chat.AnthropicPromptCachingIT`: 9 tests ported, 0 skipped.

Spring runs these against the real API; here they run against
``AnthropicTestServer(prompt_cache=True, min_cacheable_tokens=1024)``, whose cache
stands for the API's prefix caching (a breakpoint caches the prefix ending at its
block; later requests read the longest cached prefix; prefixes under the model's
minimum, 1024 tokens for Claude Sonnet, are not cached). Because the fake server is
deterministic, the assertions are exact where Spring's are "either creation or read".
The module also pins where ``cache_control`` goes for each strategy (Spring's
``createRequest``) and the cache tokens on the chat span.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from spring_ai_py.anthropic import (
    AnthropicCacheOptions,
    AnthropicCacheStrategy,
    AnthropicCacheTtl,
    AnthropicChatModel,
    AnthropicChatOptions,
    AnthropicCitationDocument,
    AnthropicWebSearchTool,
)
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import ToolCallingManager
from spring_ai_py.test.anthropic_server import AnthropicTestServer
from spring_ai_py.tool import tool

FIVE_MINUTES = {"type": "ephemeral", "ttl": "5m"}
ONE_HOUR = {"type": "ephemeral", "ttl": "1h"}

# About 1,500 of the fake server's tokens: above Claude Sonnet's 1024-token minimum.
LARGE_PROMPT = "You are an expert software architect. " + " ".join(
    f"Guideline {n}: prefer small services with clear contracts and observable behaviour."
    for n in range(70)
)


@tool
def get_current_weather(location: str) -> str:
    """Get current weather for a location."""
    return f"18C and clear in {location}"


@pytest.fixture
def server() -> Iterator[AnthropicTestServer]:
    with AnthropicTestServer(prompt_cache=True, min_cacheable_tokens=1024) as running:
        yield running


@pytest.fixture
def chat_model(server: AnthropicTestServer) -> AnthropicChatModel:
    return _model(server)


def _model(server: AnthropicTestServer, **kwargs: Any) -> AnthropicChatModel:
    return AnthropicChatModel(
        options=AnthropicChatOptions(
            model="claude-sonnet-4-6", api_key="k", base_url=server.base_url, max_retries=0
        ),
        **kwargs,
    )


def _options(cache: AnthropicCacheOptions, **settings: Any) -> AnthropicChatOptions:
    return AnthropicChatOptions(cache_options=cache, **{"max_tokens": 200, **settings})


def _cache(strategy: AnthropicCacheStrategy, **settings: Any) -> AnthropicCacheOptions:
    return AnthropicCacheOptions(strategy=strategy, **settings)


def _tokens(response: ChatResponse) -> tuple[int, int]:
    """(cache creation, cache read) of the SDK's usage, as Spring's ``getSdkUsage``."""
    usage = response.get_metadata().get_usage()
    native = usage.get_native_usage()
    creation, read = native.cache_creation_input_tokens or 0, native.cache_read_input_tokens or 0
    # The portable Usage reports the same figures.
    assert usage.get_cache_write_input_tokens() == creation
    assert usage.get_cache_read_input_tokens() == read
    return creation, read


def test_should_cache_system_message_only(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Microservices are ...")
    server.enqueue_text("Microservices are ...")
    prompt = Prompt(
        [SystemMessage(LARGE_PROMPT), UserMessage("What is microservices architecture?")],
        _options(_cache(AnthropicCacheStrategy.SYSTEM_ONLY), temperature=0.3),
    )
    creation, read = _tokens(chat_model.call(prompt))
    assert creation > 1024 and read == 0
    assert server.requests[0].body["system"] == [
        {"type": "text", "text": LARGE_PROMPT, "cache_control": FIVE_MINUTES}
    ]
    # The same system prompt is read back on the next request.
    assert _tokens(chat_model.call(prompt)) == (0, creation)


def test_should_cache_system_and_tools(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_tool_calls(
        [{"name": "get_current_weather", "arguments": {"location": "San Francisco"}}]
    )
    server.enqueue_text("It is 18C and clear: a good time for a walk.")
    options = _options(
        _cache(AnthropicCacheStrategy.SYSTEM_AND_TOOLS), tool_callbacks=[get_current_weather]
    )
    prompt = Prompt(
        [
            SystemMessage(LARGE_PROMPT),
            UserMessage("What's the weather like in San Francisco and should I go for a walk?"),
        ],
        options,
    )
    response = chat_model.call(prompt)
    while response.has_tool_calls():
        result = ToolCallingManager.builder().build().execute_tool_calls(prompt, response)
        prompt = Prompt(result.conversation_history, options)
        response = chat_model.call(prompt)
    assert response.get_result().get_output().get_text()
    first, _second = (request.body for request in server.requests)
    # Breakpoint 1 on the last tool, breakpoint 2 on the system prompt.
    assert first["tools"][-1]["cache_control"] == FIVE_MINUTES
    assert first["system"][0]["cache_control"] == FIVE_MINUTES
    creation, read = _tokens(response)
    assert read > 1024 and creation == 0


def test_should_cache_conversation_history(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    options = _options(
        _cache(
            AnthropicCacheStrategy.CONVERSATION_HISTORY,
            message_type_min_content_lengths={MessageType.USER: 0},
        )
    )
    history: list[Message] = [
        SystemMessage(LARGE_PROMPT),
        UserMessage("What is quantum computing? Please explain the basics."),
    ]
    server.enqueue_text("Quantum computing uses qubits.")
    turn1 = chat_model.call(Prompt(history, options))
    history.append(turn1.get_result().get_output())
    turn1_creation, _ = _tokens(turn1)

    history.append(UserMessage("How does quantum entanglement work?"))
    server.enqueue_text("Entangled qubits share one state.")
    turn2 = chat_model.call(Prompt(history, options))
    _, turn2_read = _tokens(turn2)
    assert turn1_creation > 0
    assert turn2_read > 0, "Turn 2 should read cache from Turn 1"
    # The breakpoint moved to the last user message; the system keeps its own.
    body = server.requests[1].body
    assert body["system"][0]["cache_control"] == FIVE_MINUTES
    assert body["messages"][-1]["content"] == [
        {
            "type": "text",
            "text": "How does quantum entanglement work?",
            "cache_control": FIVE_MINUTES,
        }
    ]
    assert body["messages"][0]["content"] == "What is quantum computing? Please explain the basics."


def test_should_respect_min_length_for_system_caching(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Pong")
    options = _options(
        _cache(
            AnthropicCacheStrategy.SYSTEM_ONLY,
            message_type_min_content_lengths={MessageType.SYSTEM: len(LARGE_PROMPT) + 1},
        )
    )
    response = chat_model.call(Prompt([SystemMessage(LARGE_PROMPT), UserMessage("Ping")], options))
    assert _tokens(response) == (0, 0)
    assert server.requests[0].body["system"] == LARGE_PROMPT


def test_should_handle_extended_ttl_caching(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("4")
    options = _options(
        _cache(
            AnthropicCacheStrategy.SYSTEM_ONLY,
            message_type_ttl={MessageType.SYSTEM: AnthropicCacheTtl.ONE_HOUR},
        )
    )
    response = chat_model.call(
        Prompt([SystemMessage(LARGE_PROMPT), UserMessage("What is 2+2?")], options)
    )
    assert "4" in (response.get_result().get_output().get_text() or "")
    creation, read = _tokens(response)
    assert creation > 0 or read > 0
    assert server.requests[0].body["system"][0]["cache_control"] == ONE_HOUR


def test_should_not_cache_with_none_strategy(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    server.enqueue_text("Hello!")
    options = _options(_cache(AnthropicCacheStrategy.NONE), temperature=0.3)
    response = chat_model.call(
        Prompt([SystemMessage("You are a helpful assistant."), UserMessage("Hello!")], options)
    )
    assert _tokens(response) == (0, 0)
    assert "cache_control" not in str(server.requests[0].body)


def test_should_demonstrate_incremental_caching_across_multiple_turns(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    options = _options(
        _cache(
            AnthropicCacheStrategy.CONVERSATION_HISTORY,
            message_type_min_content_lengths={MessageType.USER: 0},
        )
    )
    history: list[Message] = [SystemMessage(LARGE_PROMPT)]
    questions = [
        "What is quantum computing? Please explain the basics.",
        "How does quantum entanglement work in this context?",
        "Can you give me a practical example of quantum computing application?",
        "What are the limitations of current quantum computers?",
    ]
    reads: list[int] = []
    for number, question in enumerate(questions, start=1):
        history.append(UserMessage(question))
        server.enqueue_text(f"Answer {number}: " + "details " * 20)
        response = chat_model.call(Prompt(history, options))
        history.append(response.get_result().get_output())
        reads.append(_tokens(response)[1])
    assert reads[0] == 0
    # Each turn reads everything the previous turn cached, so the read part grows.
    assert 0 < reads[1] < reads[2] < reads[3]


def test_should_cache_tool_results_across_tool_calling_rounds(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    large_result = "Detailed hourly weather report for San Francisco.\n" + "".join(
        f"Hour {hour}: temperature 18C, humidity 72%, wind 12 km/h from the west, visibility "
        "10 km, pressure 1013 hPa, no precipitation expected, UV index moderate.\n"
        for hour in range(160)
    )
    options = _options(
        _cache(
            AnthropicCacheStrategy.CONVERSATION_HISTORY,
            cache_tool_results=True,
            message_type_min_content_lengths={MessageType.USER: 0},
        ),
        tool_callbacks=[get_current_weather],
        max_tokens=80,
    )
    call = AssistantMessage.ToolCall(
        "toolu_sf_1",
        "function",
        "get_current_weather",
        '{"location":"San Francisco, CA"}',
    )
    conversation: list[Message] = [
        SystemMessage("You are a weather assistant. Session 1"),
        UserMessage("What's the detailed weather in San Francisco?"),
        AssistantMessage("", None, [call]),
        ToolResponseMessage(
            [ToolResponseMessage.ToolResponse("toolu_sf_1", "get_current_weather", large_result)]
        ),
    ]
    prompt = Prompt(conversation, options)
    server.enqueue_text("Mild and dry all day.")
    server.enqueue_text("Mild and dry all day.")
    first_creation, first_read = _tokens(chat_model.call(prompt))
    assert first_creation > 1024 and first_read == 0
    _, second_read = _tokens(chat_model.call(prompt))
    assert second_read == first_creation, "Second call should read the cached tool result"
    tool_result = server.requests[0].body["messages"][-1]["content"][-1]
    assert tool_result["cache_control"] == FIVE_MINUTES


def test_should_cache_static_prefix_with_multi_block_system_caching(
    server: AnthropicTestServer, chat_model: AnthropicChatModel
) -> None:
    options = _options(_cache(AnthropicCacheStrategy.SYSTEM_ONLY, multi_block_system_caching=True))
    creations: list[tuple[int, int]] = []
    for session in ("1001", "1002"):
        server.enqueue_text("Microservices are ...")
        response = chat_model.call(
            Prompt(
                [
                    SystemMessage(LARGE_PROMPT),
                    SystemMessage(f"Current user session ID: {session}"),
                    UserMessage("What is microservices architecture?"),
                ],
                options,
            )
        )
        creations.append(_tokens(response))
    assert server.requests[0].body["system"] == [
        {"type": "text", "text": LARGE_PROMPT, "cache_control": FIVE_MINUTES},
        {"type": "text", "text": "Current user session ID: 1001"},
    ]
    # The static block is cached once and read although the dynamic block changed.
    assert creations[0][0] > 1024 and creations[1] == (0, creations[0][0])


# -- where Spring's createRequest places cache_control (not in Spring's IT) -----------


def _body(
    server: AnthropicTestServer, messages: list[Message], options: AnthropicChatOptions
) -> Any:
    server.enqueue_text("ok")
    _model(server).call(Prompt(messages, options))
    return server.requests[-1].body


def test_tools_only_caches_the_last_tool_and_not_the_system(server: AnthropicTestServer) -> None:
    @tool
    def second_tool(city: str) -> str:
        """Another tool."""
        return city

    body = _body(
        server,
        [SystemMessage("System"), UserMessage("Hi")],
        _options(
            _cache(AnthropicCacheStrategy.TOOLS_ONLY),
            tool_callbacks=[get_current_weather, second_tool],
            web_search_tool=AnthropicWebSearchTool(max_uses=2),
        ),
    )
    assert "cache_control" not in body["tools"][0]
    assert body["tools"][1]["cache_control"] == FIVE_MINUTES
    # The web search server tool comes after the cached user tools, uncached.
    assert body["tools"][2] == {"type": "web_search_20260209", "name": "web_search", "max_uses": 2}
    assert body["system"] == "System"


def test_conversation_history_uses_at_most_four_breakpoints(server: AnthropicTestServer) -> None:
    cache = _cache(
        AnthropicCacheStrategy.CONVERSATION_HISTORY,
        cache_tool_results=True,
        multi_block_system_caching=True,
    )
    call = AssistantMessage.ToolCall("t1", "function", "get_current_weather", "{}")
    body = _body(
        server,
        [
            SystemMessage("Static"),
            SystemMessage("Dynamic"),
            UserMessage("Question"),
            AssistantMessage("", None, [call]),
            ToolResponseMessage([ToolResponseMessage.ToolResponse("t1", "w", "Sunny")]),
        ],
        _options(cache, tool_callbacks=[get_current_weather]),
    )
    placed = str(body).count("cache_control")
    assert placed == 4
    assert body["system"][0]["cache_control"] == FIVE_MINUTES
    assert body["messages"][0]["content"][0]["cache_control"] == FIVE_MINUTES
    assert body["messages"][2]["content"][0]["cache_control"] == FIVE_MINUTES
    assert body["tools"][0]["cache_control"] == FIVE_MINUTES


def test_user_breakpoint_goes_on_the_text_after_citation_documents(
    server: AnthropicTestServer,
) -> None:
    document = AnthropicCitationDocument.builder().plain_text("The sky is blue.").build()
    body = _body(
        server,
        [UserMessage("What colour is the sky?")],
        _options(
            _cache(AnthropicCacheStrategy.CONVERSATION_HISTORY), citation_documents=[document]
        ),
    )
    content = body["messages"][0]["content"]
    assert content[0]["type"] == "document" and "cache_control" not in content[0]
    assert content[1] == {
        "type": "text",
        "text": "What colour is the sky?",
        "cache_control": FIVE_MINUTES,
    }


def test_cache_tokens_are_on_the_chat_span(server: AnthropicTestServer, otel: Any) -> None:
    model = _model(server, tracer_provider=otel.provider)
    options = _options(_cache(AnthropicCacheStrategy.SYSTEM_ONLY))
    prompt = Prompt([SystemMessage(LARGE_PROMPT), UserMessage("Hi")], options)
    server.enqueue_text("one")
    server.enqueue_text("two")
    creation, _ = _tokens(model.call(prompt))
    model.call(prompt)
    first, second = [span for span in otel.spans() if span.name.startswith("chat ")]
    assert first.attributes["gen_ai.usage.cache_creation.input_tokens"] == creation
    assert first.attributes["gen_ai.usage.cache_read.input_tokens"] == 0
    assert second.attributes["gen_ai.usage.cache_read.input_tokens"] == creation
    assert second.attributes["gen_ai.usage.cache_creation.input_tokens"] == 0
