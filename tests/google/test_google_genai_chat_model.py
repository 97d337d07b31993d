"""GoogleGenAiChatModel end to end: the official ``google-genai`` SDK against the
loopback ``GeminiTestServer``, through the model and through the ChatClient (call,
awaited call, streams, tools, structured output, memory, thinking, caching, errors)."""

from __future__ import annotations

import asyncio
import base64
import json
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from google.genai import errors

from spring_ai_py.chat.client import AdvisorParams, ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.client.events import ReasoningDelta, TextDelta
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.messages import AssistantMessage, SystemMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.content.media import Media
from spring_ai_py.google.genai import (
    GoogleGenAiChatModel,
    GoogleGenAiChatOptions,
    GoogleGenAiSafetySetting,
    GoogleGenAiServiceTier,
    GoogleGenAiThinkingLevel,
    GoogleGenAiToolCallingManager,
    GoogleGenAiUsage,
    ToolChoice,
)
from spring_ai_py.test import GeminiTestServer, GeminiUsage, SpanRecorder
from spring_ai_py.tool import tool

API_KEY = "AIza-test-0123456789"


@tool
def get_weather(city: str) -> str:
    """The current weather in a city."""
    return f"Sunny in {city}"


@dataclass
class City:
    name: str
    population: int


@pytest.fixture
def server() -> Iterator[GeminiTestServer]:
    with GeminiTestServer() as running:
        yield running


def _model(server: GeminiTestServer, **options: Any) -> GoogleGenAiChatModel:
    return GoogleGenAiChatModel(
        options=GoogleGenAiChatOptions(api_key=API_KEY, base_url=server.base_url, **options)
    )


@pytest.fixture
def model(server: GeminiTestServer) -> Iterator[GoogleGenAiChatModel]:
    with _model(server) as made:
        yield made


def _collect(stream: AsyncIterator[ChatResponse]) -> list[ChatResponse]:
    async def run() -> list[ChatResponse]:
        return [chunk async for chunk in stream]

    return asyncio.run(run())


def _config(server: GeminiTestServer) -> dict[str, Any]:
    config: dict[str, Any] = server.requests[-1].body.get("generationConfig", {})
    return config


def test_call_sends_the_defaults_and_reads_text_usage_and_model(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text("Hello!", usage=GeminiUsage(11, 4, thoughts_token_count=2))
    response = model.call(Prompt("Hi"))
    assert response.get_result().get_output().get_text() == "Hello!"
    metadata = response.get_metadata()
    assert metadata.get_model() == "gemini-2.5-flash"
    usage = metadata.get_usage()
    assert isinstance(usage, GoogleGenAiUsage)
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens()) == (11, 4)
    assert usage.get_total_tokens() == 17
    assert usage.get_thoughts_token_count() == 2
    request = server.requests[-1]
    assert request.path == "/v1/models/gemini-2.5-flash:generateContent"
    assert request.header("x-goog-api-key") == API_KEY
    # Spring's constructor defaults: temperature 0.7 and top-p 1.0 are always sent.
    assert _config(server) == {"temperature": 0.7, "topP": 1.0}
    output = response.get_result().get_output()
    assert output.get_metadata()["finishReason"] == "STOP"
    assert output.get_metadata()["isThought"] is False


def test_system_and_conversation_become_system_instruction_and_turns(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text("ok")
    model.call(
        Prompt(
            [
                SystemMessage("You are terse."),
                UserMessage("Hi"),
                AssistantMessage("Hello"),
                UserMessage("Bye"),
            ]
        )
    )
    body = server.requests[-1].body
    assert body["systemInstruction"] == {"parts": [{"text": "You are terse."}], "role": "user"}
    assert [content["role"] for content in body["contents"]] == ["user", "model", "user"]


def test_two_system_messages_are_refused(model: GoogleGenAiChatModel) -> None:
    with pytest.raises(ValueError, match="Only one system message is allowed in the prompt"):
        model.call(Prompt([SystemMessage("a"), SystemMessage("b"), UserMessage("x")]))


def test_options_reach_the_generation_config(server: GeminiTestServer) -> None:
    server.enqueue_text("ok")
    options = GoogleGenAiChatOptions(
        model="gemini-3-flash-preview",
        temperature=0.2,
        top_p=0.9,
        top_k=40,
        max_tokens=256,
        candidate_count=1,
        stop_sequences=["END"],
        frequency_penalty=0.1,
        presence_penalty=0.2,
        thinking_level=GoogleGenAiThinkingLevel.LOW,
        include_thoughts=True,
        service_tier=GoogleGenAiServiceTier.FLEX,
        labels={"team": "docs"},
        safety_settings=[
            GoogleGenAiSafetySetting(
                GoogleGenAiSafetySetting.HarmCategory.HARM_CATEGORY_HATE_SPEECH,
                GoogleGenAiSafetySetting.HarmBlockThreshold.BLOCK_LOW_AND_ABOVE,
            )
        ],
    )
    with _model(server) as model:
        model.call(Prompt("Hi", options))
    request = server.requests[-1]
    assert request.path.endswith("/models/gemini-3-flash-preview:generateContent")
    config = _config(server)
    assert config["temperature"] == 0.2 and config["topP"] == 0.9 and config["topK"] == 40
    assert config["maxOutputTokens"] == 256 and config["candidateCount"] == 1
    assert config["stopSequences"] == ["END"]
    assert config["frequencyPenalty"] == 0.1 and config["presencePenalty"] == 0.2
    assert config["thinkingConfig"] == {"thinking_level": "LOW", "include_thoughts": True}
    assert request.body["serviceTier"] == "flex" or config.get("serviceTier") == "flex"
    assert request.body["labels"] == {"team": "docs"}
    assert request.body["safetySettings"] == [
        {"category": "HARM_CATEGORY_HATE_SPEECH", "threshold": "BLOCK_LOW_AND_ABOVE"}
    ]


def test_a_thinking_level_the_model_does_not_take_is_refused_before_sending(
    server: GeminiTestServer,
) -> None:
    options = GoogleGenAiChatOptions(thinking_level=GoogleGenAiThinkingLevel.HIGH)
    with _model(server) as model, pytest.raises(ValueError, match="use thinkingBudget instead"):
        model.call(Prompt("Hi", options))
    assert server.requests == []


def test_thought_parts_are_generations_and_stream_as_reasoning(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text("The answer", thought="Let me think")
    generations = model.call(Prompt("Q")).get_results()
    assert [g.get_output().get_text() for g in generations] == ["Let me think", "The answer"]
    assert [g.get_output().get_metadata()["isThought"] for g in generations] == [True, False]

    server.enqueue_text("The answer", thought="Let me think")
    events = list(ChatClient.create(model).prompt("Q").stream().events())
    reasoning = "".join(e.text for e in events if isinstance(e, ReasoningDelta))
    text = "".join(e.text for e in events if isinstance(e, TextDelta))
    assert reasoning == "Let me think"
    assert text == "The answer"


def test_chat_client_call_acall_and_both_streams(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    client = ChatClient.create(model)
    server.enqueue_text("blocking answer")
    assert client.prompt("a").call().content() == "blocking answer"

    async def awaited() -> str | None:
        server.enqueue_text("awaited answer")
        return await client.prompt("b").call().acontent()

    assert asyncio.run(awaited()) == "awaited answer"

    server.enqueue_text("streamed in words", chunks=["streamed", " in", " words"])
    assert list(client.prompt("c").stream().content()) == ["streamed", " in", " words"]

    async def streamed() -> list[str]:
        server.enqueue_text("async stream")
        return [piece async for piece in client.prompt("d").stream().content()]

    assert "".join(asyncio.run(streamed())) == "async stream"
    assert server.requests[-1].path.endswith(":streamGenerateContent")
    assert server.requests[-1].query == "alt=sse"


def test_chat_client_runs_tools_through_the_tool_calling_advisor(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_tool_calls([{"name": "get_weather", "arguments": {"city": "Paris"}}])
    server.enqueue_text("It is sunny in Paris.")
    answer = ChatClient.create(model).prompt("Weather in Paris?").tools(get_weather).call().content()
    assert answer == "It is sunny in Paris."
    first, second = (request.body for request in server.requests[-2:])
    declaration = first["tools"][0]["functionDeclarations"][0]
    assert declaration["name"] == "get_weather"
    assert declaration["description"] == "The current weather in a city."
    # The OpenAPI dialect: upper-case types.
    assert declaration["parameters"]["type"] == "OBJECT"
    assert declaration["parameters"]["properties"]["city"]["type"] == "STRING"
    assert second["contents"][1] == {
        "parts": [{"functionCall": {"args": {"city": "Paris"}, "name": "get_weather"}}],
        "role": "model",
    }
    # A text tool result (not JSON) goes back as {"result": text}.
    assert second["contents"][2] == {
        "parts": [
            {"functionResponse": {"name": "get_weather", "response": {"result": "Sunny in Paris"}}}
        ],
        "role": "user",
    }


def test_streamed_tool_calls_run_through_the_advisor_too(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_tool_calls([{"name": "get_weather", "arguments": {"city": "Rome"}}])
    server.enqueue_text("Sunny.")
    pieces = list(ChatClient.create(model).prompt("Rome?").tools(get_weather).stream().content())
    assert "".join(pieces) == "Sunny."
    assert server.requests[-1].body["contents"][2]["parts"][0]["functionResponse"]["response"] == {
        "result": "Sunny in Rome"
    }


def test_thought_signatures_are_replayed_on_the_function_call(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    for _ in range(2):
        server.enqueue_tool_calls(
            [{"name": "get_weather", "arguments": {"city": "Oslo"}}], thought_signature=True
        )
    server.enqueue_text("Cold.")
    response = model.call(Prompt("Oslo?", GoogleGenAiChatOptions(tool_callbacks=[get_weather])))
    signatures = response.get_result().get_output().get_metadata()["thoughtSignatures"]
    assert len(signatures) == 1 and isinstance(signatures[0], str)

    ChatClient.create(model).prompt("Oslo?").tools(get_weather).call().content()
    replayed = server.requests[-1].body["contents"][1]["parts"][0]
    # The SDK sends bytes as URL-safe base64.
    assert base64.urlsafe_b64decode(replayed["thoughtSignature"]) == base64.b64decode(signatures[0])


def test_signed_messages_survive_a_jdbc_chat_memory(
    server: GeminiTestServer, model: GoogleGenAiChatModel, tmp_path: Any
) -> None:
    from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository

    server.enqueue_tool_calls(
        [{"name": "get_weather", "arguments": {"city": "Oslo"}}], thought_signature=True
    )
    signed = model.call(Prompt("Oslo?")).get_result().get_output()
    with JdbcChatMemoryRepository(dsn=str(tmp_path / "memory.db")) as repository:
        repository.save_all("c1", [UserMessage("Oslo?"), signed])
        (_, restored) = repository.find_by_conversation_id("c1")
    assert restored.get_metadata()["thoughtSignatures"] == signed.get_metadata()["thoughtSignatures"]
    server.enqueue_text("ok")
    model.call(Prompt([UserMessage("Oslo?"), restored]))
    part = server.requests[-1].body["contents"][1]["parts"][0]
    assert "thoughtSignature" in part


def test_tool_choice_and_server_side_invocations_make_the_tool_config(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text("ok")
    choice = ToolChoice.builder().mode(ToolChoice.Mode.ANY).allowed_function_name("get_weather")
    options = GoogleGenAiChatOptions(
        tool_callbacks=[get_weather],
        tool_choice=choice.build(),
        include_server_side_tool_invocations=True,
        google_search_retrieval=True,
    )
    model.call(Prompt("x", options))
    body = server.requests[-1].body
    calling = body["toolConfig"]["functionCallingConfig"]
    assert calling == {"mode": "ANY", "allowedFunctionNames": ["get_weather"]}
    assert body["toolConfig"]["includeServerSideToolInvocations"] is True
    assert {"googleSearch": {}} in body["tools"]


def test_native_structured_output_sends_the_schema_and_json_mime_type(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text('{"name": "Paris", "population": 2100000}')
    city = (
        ChatClient.create(model)
        .prompt("Biggest city in France?")
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .call()
        .entity(City)
    )
    assert city == City("Paris", 2100000)
    config = _config(server)
    assert config["responseMimeType"] == "application/json"
    assert config["responseJsonSchema"]["properties"]["population"]["type"] == "integer"


def test_entity_without_native_output_uses_the_format_instructions(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text('```json\n{"name": "Lyon", "population": 500000}\n```')
    city = ChatClient.create(model).prompt("A city?").call().entity(City)
    assert city == City("Lyon", 500000)
    assert "responseMimeType" not in _config(server)


def test_memory_advisor_replays_the_conversation(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    memory = MessageWindowChatMemory.builder().build()
    client = (
        ChatClient.builder(model)
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .build()
    )
    server.enqueue_text("Nice to meet you, Ada.")
    server.enqueue_text("Your name is Ada.")

    def conversation(advisors: Any) -> None:
        advisors.param(ChatMemory.CONVERSATION_ID, "ada")

    client.prompt("My name is Ada.").advisors(conversation).call().content()
    answer = client.prompt("What is my name?").advisors(conversation).call().content()
    assert answer == "Your name is Ada."
    contents = server.requests[-1].body["contents"]
    assert [c["parts"][0]["text"] for c in contents] == [
        "My name is Ada.",
        "Nice to meet you, Ada.",
        "What is my name?",
    ]


def test_media_become_inline_data_and_file_data_parts(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text("a cat")
    message = UserMessage.builder().text("What is this?").media(
        [
            Media("image/png", b"\x89PNG-bytes"),
            Media("application/pdf", "gs://bucket/doc.pdf"),
        ]
    ).build()
    model.call(Prompt([message]))
    parts = server.requests[-1].body["contents"][0]["parts"]
    assert parts[0] == {"text": "What is this?"}
    # The SDK spells the blob fields in snake case (the API reads either).
    assert parts[1]["inlineData"]["mime_type"] == "image/png"
    assert base64.b64decode(parts[1]["inlineData"]["data"]) == b"\x89PNG-bytes"
    assert parts[2] == {
        "fileData": {"file_uri": "gs://bucket/doc.pdf", "mime_type": "application/pdf"}
    }


def test_unsupported_media_data_is_refused(model: GoogleGenAiChatModel) -> None:
    message = UserMessage.builder().text("x").media([Media("image/png", 42)]).build()
    with pytest.raises(ValueError, match="Unsupported media data type: int"):
        model.call(Prompt([message]))


def test_cached_content_is_used_only_when_asked(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.add_cached_content("cachedContents/docs", "gemini-2.5-flash")
    server.enqueue_text("from cache")
    server.enqueue_text("without cache")
    model.call(
        Prompt(
            "Q", GoogleGenAiChatOptions(cached_content_name="cachedContents/docs", use_cached_content=True)
        )
    )
    assert server.requests[-1].body["cachedContent"] == "cachedContents/docs"
    model.call(Prompt("Q", GoogleGenAiChatOptions(cached_content_name="cachedContents/docs")))
    assert "cachedContent" not in server.requests[-1].body


def test_basic_usage_when_extended_usage_is_off(server: GeminiTestServer) -> None:
    server.enqueue_text("ok", usage=GeminiUsage(3, 2, thoughts_token_count=5))
    with _model(server, include_extended_usage_metadata=False) as model:
        usage = model.call(Prompt("x")).get_metadata().get_usage()
    assert type(usage).__name__ == "DefaultUsage"
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        3,
        2,
        10,
    )


def test_several_candidates_are_several_generations(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_candidates(
        [
            {"content": {"role": "model", "parts": [{"text": "A"}]}, "index": 0, "finishReason": "STOP"},
            {
                "content": {"role": "model", "parts": [{"text": "B"}]},
                "index": 1,
                "finishReason": "MAX_TOKENS",
            },
        ]
    )
    generations = model.call(Prompt("x", GoogleGenAiChatOptions(candidate_count=2))).get_results()
    assert [g.get_output().get_text() for g in generations] == ["A", "B"]
    assert [g.get_metadata().get_finish_reason() for g in generations] == ["STOP", "MAX_TOKENS"]
    assert generations[1].get_output().get_metadata()["candidateIndex"] == 1


def test_server_side_tool_invocations_are_in_the_metadata(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_candidates(
        [
            {
                "content": {
                    "role": "model",
                    "parts": [
                        {"toolCall": {"id": "t1", "toolType": "GOOGLE_SEARCH_WEB", "args": {"q": "x"}}},
                        {"toolResponse": {"id": "t1", "toolType": "GOOGLE_SEARCH_WEB", "response": {"r": 1}}},
                        {"text": "Found it."},
                    ],
                },
                "finishReason": "STOP",
            }
        ]
    )
    generation = model.call(Prompt("x")).get_result()
    assert generation.get_output().get_text() == "Found it."
    invocations = generation.get_output().get_metadata()["serverSideToolInvocations"]
    assert [item["type"] for item in invocations] == ["toolCall", "toolResponse"]
    assert invocations[0]["args"] == {"q": "x"} and invocations[1]["response"] == {"r": 1}


def test_api_errors_are_the_sdks_with_the_key_masked(
    server: GeminiTestServer, model: GoogleGenAiChatModel
) -> None:
    server.enqueue_error(400, f"API key not valid: {API_KEY}")
    with pytest.raises(errors.ClientError) as raised:
        model.call(Prompt("x"))
    assert raised.value.code == 400
    assert API_KEY not in str(raised.value)
    assert API_KEY not in json.dumps(raised.value.details)
    assert "***" in str(raised.value.message)

    server.enqueue_error(500, f"internal {API_KEY}")
    with pytest.raises(errors.ServerError) as streamed:
        _collect(model.stream(Prompt("x")))
    assert API_KEY not in str(streamed.value)


def test_an_answer_past_max_answer_bytes_is_refused_on_call_and_stream(
    server: GeminiTestServer,
) -> None:
    with _model(server, max_answer_bytes=200) as model:
        server.enqueue_text("word " * 200)
        with pytest.raises(errors.UnknownApiResponseError, match="max_answer_bytes"):
            model.call(Prompt("x"))
        server.enqueue_text("word " * 200)
        with pytest.raises(errors.UnknownApiResponseError, match="max_answer_bytes"):
            _collect(model.stream(Prompt("x")))


def test_retries_and_timeouts_are_the_clients_and_per_request(server: GeminiTestServer) -> None:
    server.enqueue_error(503, "overloaded")
    server.enqueue_text("second try")
    with _model(server, max_retries=1) as model:
        assert model.call(Prompt("x")).get_result().get_output().get_text() == "second try"
    server.enqueue_error(503, "overloaded")
    with _model(server) as model, pytest.raises(errors.ServerError):
        model.call(Prompt("x"))  # no retries by default, as the SDK does
    server.enqueue_error(503, "overloaded")
    server.enqueue_text("retried per request")
    with _model(server) as model:
        response = model.call(Prompt("x", GoogleGenAiChatOptions(max_retries=2)))
    assert response.get_result().get_output().get_text() == "retried per request"


def test_span_names_the_provider_and_never_the_key(server: GeminiTestServer) -> None:
    recorder = SpanRecorder()
    model = GoogleGenAiChatModel(
        options=GoogleGenAiChatOptions(api_key=API_KEY, base_url=server.base_url),
        tracer_provider=recorder.tracer_provider,
    )
    server.enqueue_text("Hi", usage=GeminiUsage(5, 1))
    server.enqueue_text("Hi", usage=GeminiUsage(5, 1))
    model.call(Prompt("x"))
    _collect(model.stream(Prompt("x")))
    spans = [span for span in recorder.spans if span.name == "chat gemini-2.5-flash"]
    assert len(spans) == 2
    for span in spans:
        attributes = dict(span.attributes or {})
        assert attributes["gen_ai.provider.name"] == "google_genai"
        assert attributes["gen_ai.usage.input_tokens"] == 5
        assert not any(API_KEY in str(value) for value in attributes.values())
    model.close()


def test_reprs_never_show_the_key(model: GoogleGenAiChatModel) -> None:
    assert API_KEY not in repr(model)
    assert API_KEY not in repr(model.get_options())
    assert "***" in repr(model.get_options())


def test_portable_options_are_converted_and_merged(server: GeminiTestServer) -> None:
    server.enqueue_text("ok")
    model = GoogleGenAiChatModel(
        options=GoogleGenAiChatOptions(api_key=API_KEY, base_url=server.base_url, top_k=5)
    )
    model.call(Prompt("x", ChatOptions(temperature=0.1, model="gemini-2.5-pro")))
    assert server.requests[-1].path.endswith("/gemini-2.5-pro:generateContent")
    assert _config(server)["temperature"] == 0.1 and _config(server)["topK"] == 5
    model.close()


def test_the_tool_calling_manager_is_wrapped_for_gemini_schemas() -> None:
    from spring_ai_py.model.tool import ToolCallingManager

    manager = ToolCallingManager.builder().build()
    model = GoogleGenAiChatModel(
        options=GoogleGenAiChatOptions(api_key="k"), tool_calling_manager=manager
    )
    wrapped = model._get_tool_calling_manager()
    assert isinstance(wrapped, GoogleGenAiToolCallingManager)
    assert wrapped.get_delegate() is manager
    with pytest.raises(TypeError, match="tool_calling_manager"):
        GoogleGenAiChatModel(tool_calling_manager="nope")  # type: ignore[arg-type]


def test_a_user_client_is_used_as_it_is(server: GeminiTestServer) -> None:
    from google import genai
    from google.genai import types

    client = genai.Client(api_key="own-key", http_options=types.HttpOptions(base_url=server.base_url))
    server.enqueue_text("via my client")
    model = GoogleGenAiChatModel(genai_client=client)
    assert model.call(Prompt("x")).get_result().get_output().get_text() == "via my client"
    assert server.requests[-1].header("x-goog-api-key") == "own-key"
    model.close()  # leaves the user's client open
    server.enqueue_text("still open")
    assert client.models.generate_content(model="m", contents="x").text == "still open"
    client.close()


def test_importing_the_package_imports_no_sdk() -> None:
    import subprocess

    code = (
        "import sys, spring_ai_py, spring_ai_py.google.genai as g; "
        "g.GoogleGenAiChatOptions(); "
        "print(any(m.startswith('google.genai') for m in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


def test_without_the_sdk_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    from spring_ai_py.google.genai import _client

    monkeypatch.setitem(sys.modules, "google.genai", None)
    with pytest.raises(ImportError, match=r"pip install 'spring_ai_py\[google-genai\]'"):
        _client.sdk()


@pytest.mark.parametrize("path", ["call", "acall", "stream"])
def test_a_trickling_answer_ends_at_the_exchange_deadline(server: GeminiTestServer, path: str) -> None:
    import httpx2

    server.enqueue_text("word " * 50, trickle=0.02)
    with (
        _model(server, call_timeout=0.3, stream_total_timeout=0.3) as model,
        pytest.raises(httpx2.ReadTimeout) as raised,
    ):
        if path == "call":
            model.call(Prompt("x"))
        elif path == "acall":
            asyncio.run(model.acall(Prompt("x")))
        else:
            _collect(model.stream(Prompt("x")))
    limit = "call_timeout" if path != "stream" else "stream_total_timeout"
    assert limit in str(raised.value)


def test_a_stream_slower_than_the_idle_limit_ends(server: GeminiTestServer) -> None:
    import httpx2

    server.enqueue_text("one two three", trickle=0.02)
    with (
        _model(server, stream_idle_timeout=0.2, stream_total_timeout=60) as model,
        pytest.raises(httpx2.ReadTimeout, match="stream_idle_timeout"),
    ):
        _collect(model.stream(Prompt("x")))


def test_a_model_without_any_key_fails_when_built(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("GOOGLE_API_KEY", "GEMINI_API_KEY"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(ValueError, match="GOOGLE_API_KEY or GEMINI_API_KEY"):
        GoogleGenAiChatModel()
    monkeypatch.setenv("GEMINI_API_KEY", "from-env")
    GoogleGenAiChatModel().close()
    # Vertex AI needs no key (Google Cloud credentials instead).
    GoogleGenAiChatModel(options=GoogleGenAiChatOptions(vertex_ai=True, project_id="p", location="l"))


def test_the_builder_takes_springs_setter_names(server: GeminiTestServer) -> None:
    from google import genai
    from google.genai import types

    client = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=server.base_url))
    model = (
        GoogleGenAiChatModel.builder()
        .gen_ai_client(client)
        .options(GoogleGenAiChatOptions.builder().model(GoogleGenAiChatModel.ChatModel.GEMINI_2_5_PRO).build())
        .build()
    )
    server.enqueue_text("built")
    assert model.call("Hi") == "built"
    assert server.requests[-1].path.endswith("/gemini-2.5-pro:generateContent")
    client.close()
