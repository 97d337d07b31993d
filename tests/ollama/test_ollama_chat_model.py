"""OllamaChatModel over the official ollama SDK against the loopback OllamaTestServer,
directly and through the ChatClient (call, acall, stream, tools, structured output,
memory), with the wire limits, retries and the SDK's errors."""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Iterator
from datetime import timedelta

import httpx
import ollama
import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.client.attributes import AdvisorParams
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.messages import (
    AssistantMessage,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.content.media import Media
from spring_ai_py.ollama import (
    OllamaApi,
    OllamaChatModel,
    OllamaChatOptions,
    ThinkBoolean,
    ThinkLevel,
)
from spring_ai_py.test import OllamaTestServer, SpanRecorder
from spring_ai_py.tool import tool


@tool
def weather(city: str) -> str:
    """Get the current weather in a city."""
    return f"Sunny in {city}"


@dataclasses.dataclass
class Country:
    name: str
    capital: str


@pytest.fixture
def server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer() as running:
        yield running


@pytest.fixture
def model(server: OllamaTestServer) -> Iterator[OllamaChatModel]:
    with OllamaChatModel(
        OllamaChatOptions(model="llama3.2"), ollama_api=OllamaApi(base_url=server.base_url)
    ) as chat_model:
        yield chat_model


def test_call_sends_the_native_chat_request(server: OllamaTestServer, model: OllamaChatModel) -> None:
    server.enqueue_text("Paris.")
    options = OllamaChatOptions(
        temperature=0.2,
        max_tokens=50,
        stop_sequences=["\n\n"],
        num_ctx=4096,
        use_numa=True,
        keep_alive="10m",
        format="json",
    )
    prompt = Prompt([SystemMessage("Be brief."), UserMessage("Capital of France?")], options)

    response = model.call(prompt)

    assert response.get_result().get_output().get_text() == "Paris."
    request = server.requests[-1]
    assert request.path == "/api/chat"
    assert request.body["model"] == "llama3.2"
    assert request.body["stream"] is False
    assert request.body["keep_alive"] == "10m"
    assert request.body["format"] == "json"
    assert request.body["options"] == {
        "temperature": 0.2,
        "num_predict": 50,
        "stop": ["\n\n"],
        "num_ctx": 4096,
        "numa": True,
    }
    assert request.body["messages"] == [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "Capital of France?"},
    ]
    metadata = response.get_metadata()
    assert metadata.get_model() == "llama3.2"
    assert metadata.get_usage().get_prompt_tokens() == 10
    assert metadata.get_usage().get_completion_tokens() == 5
    assert metadata.get("eval-duration") == timedelta(milliseconds=2)
    assert metadata.get("total-duration") == timedelta(milliseconds=5)
    assert metadata.get("done") is True
    assert response.get_result().get_metadata().get_finish_reason() == "stop"


def test_without_a_model_the_request_uses_mistral(server: OllamaTestServer) -> None:
    server.enqueue_text("Hi")
    with OllamaChatModel(ollama_api=OllamaApi(base_url=server.base_url)) as chat_model:
        chat_model.call(Prompt("Hi"))
    assert server.requests[-1].body["model"] == "mistral"


def test_runtime_options_override_the_defaults_field_by_field(
    server: OllamaTestServer, model: OllamaChatModel
) -> None:
    server.enqueue_text("ok")
    model.call(Prompt("Hi", ChatOptions(temperature=0.9)))
    body = server.requests[-1].body
    assert body["model"] == "llama3.2"
    assert body["options"] == {"temperature": 0.9}


def test_thinking_goes_to_the_message_and_generation_metadata(
    server: OllamaTestServer, model: OllamaChatModel
) -> None:
    server.enqueue_text("42", thinking="Let me reason.")
    response = model.call(Prompt("Answer?", OllamaChatOptions(think_option=ThinkLevel.HIGH)))
    assert server.requests[-1].body["think"] == "high"
    output = response.get_result().get_output()
    assert output.get_metadata()["thinking"] == "Let me reason."
    assert response.get_result().get_metadata().get("thinking") == "Let me reason."


def test_images_tool_calls_and_tool_results_become_ollama_messages(
    server: OllamaTestServer, model: OllamaChatModel
) -> None:
    server.enqueue_text("done")
    call = AssistantMessage.ToolCall("call_1", "function", "weather", '{"city": "Paris"}')
    prompt = Prompt(
        [
            UserMessage.builder().text("What is this?").media(Media("image/png", b"\x89PNG")).build(),
            AssistantMessage("", None, [call]),
            ToolResponseMessage.builder()
            .responses([ToolResponseMessage.ToolResponse("call_1", "weather", "Sunny")])
            .build(),
        ]
    )
    model.call(prompt)
    messages = server.requests[-1].body["messages"]
    assert messages[0] == {"role": "user", "content": "What is this?", "images": ["iVBORw=="]}
    assert messages[1]["tool_calls"] == [
        {"function": {"name": "weather", "arguments": {"city": "Paris"}}}
    ]
    assert messages[2] == {"role": "tool", "content": "Sunny"}


def test_acall_awaits_the_async_client(server: OllamaTestServer, model: OllamaChatModel) -> None:
    server.enqueue_text("Awaited.")
    response = asyncio.run(model.acall(Prompt("Hi")))
    assert response.get_result().get_output().get_text() == "Awaited."
    assert server.requests[-1].body["stream"] is False


def test_stream_yields_each_chunk_and_merges_tool_call_chunks(
    server: OllamaTestServer, model: OllamaChatModel
) -> None:
    server.enqueue_text("Hello streamed world", thinking="Deep thought")

    async def collect() -> list[tuple[str | None, object]]:
        return [
            (r.get_result().get_output().get_text(), r.get_result().get_output().get_metadata().get("reasoningDelta"))
            async for r in model.stream(Prompt("Hi"))
        ]

    chunks = asyncio.run(collect())
    assert server.requests[-1].body["stream"] is True
    assert "".join(text or "" for text, _ in chunks) == "Hello streamed world"
    assert "".join(str(delta) for _, delta in chunks if delta) == "Deep thought"

    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Rome"}}])

    async def tool_chunks() -> list[AssistantMessage]:
        return [r.get_result().get_output() async for r in model.stream(Prompt("Weather?"))]

    outputs = asyncio.run(tool_chunks())
    calls = [call for output in outputs for call in output.get_tool_calls()]
    assert len(outputs) == 1  # the tool call chunk and the done chunk, merged
    assert [(c.name, json.loads(c.arguments)) for c in calls] == [("weather", {"city": "Rome"})]


def test_chat_client_call_acall_and_streams(server: OllamaTestServer, model: OllamaChatModel) -> None:
    client = ChatClient.create(model)
    server.enqueue_text("Called.")
    assert client.prompt("Hi").call().content() == "Called."
    server.enqueue_text("Awaited.")
    assert asyncio.run(client.prompt("Hi").call().acontent()) == "Awaited."
    server.enqueue_text("Streamed sync.")
    assert "".join(client.prompt("Hi").stream().content()) == "Streamed sync."
    server.enqueue_text("Streamed async.")

    async def stream_async() -> str:
        return "".join([piece async for piece in client.prompt("Hi").stream().content()])

    assert asyncio.run(stream_async()) == "Streamed async."


def test_chat_client_tool_round_trip(server: OllamaTestServer, model: OllamaChatModel) -> None:
    client = ChatClient.builder(model).default_system("Be brief.").build()
    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Paris"}}])
    server.enqueue_text("Sunny in Paris.")

    assert client.prompt("Weather in Paris?").tools(weather).call().content() == "Sunny in Paris."

    first, second = server.requests[0].body, server.requests[1].body
    assert first["tools"][0]["function"]["name"] == "weather"
    assert first["tools"][0]["function"]["parameters"]["properties"]["city"]["type"] == "string"
    assert second["messages"][-1] == {"role": "tool", "content": "Sunny in Paris"}
    assert second["messages"][-2]["tool_calls"][0]["function"]["arguments"] == {"city": "Paris"}


def test_chat_client_streamed_tool_round_trip(server: OllamaTestServer, model: OllamaChatModel) -> None:
    client = ChatClient.create(model)
    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Oslo"}}])
    server.enqueue_text("Sunny in Oslo.")
    text = "".join(client.prompt("Weather in Oslo?").tools(weather).stream().content())
    assert text == "Sunny in Oslo."
    assert server.requests[1].body["messages"][-1]["content"] == "Sunny in Oslo"


def test_chat_client_entity_with_native_structured_output(
    server: OllamaTestServer, model: OllamaChatModel
) -> None:
    client = ChatClient.create(model)
    server.enqueue_text('{"name": "France", "capital": "Paris"}')
    country = (
        client.prompt("France?")
        .advisors(AdvisorParams.ENABLE_NATIVE_STRUCTURED_OUTPUT)
        .call()
        .entity(Country)
    )
    assert country == Country("France", "Paris")
    sent_format = server.requests[-1].body["format"]
    assert sent_format["type"] == "object"
    assert set(sent_format["properties"]) == {"name", "capital"}

    server.enqueue_text('{"name": "Italy", "capital": "Rome"}')
    assert client.prompt("Italy?").call().entity(Country) == Country("Italy", "Rome")
    assert "format" not in server.requests[-1].body  # format instructions in the text instead


def test_chat_client_memory(server: OllamaTestServer, model: OllamaChatModel) -> None:
    memory = MessageWindowChatMemory.builder().build()
    client = ChatClient.builder(model).default_advisors(
        MessageChatMemoryAdvisor.builder(memory).build()
    ).build()
    server.enqueue_text("Nice to meet you, Ada.")
    server.enqueue_text("You are Ada.")
    for text in ("I am Ada.", "Who am I?"):
        client.prompt(text).advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "ada")).call().content()
    contents = [m["content"] for m in server.requests[-1].body["messages"]]
    assert contents == ["I am Ada.", "Nice to meet you, Ada.", "Who am I?"]


def test_an_unknown_model_is_the_sdks_response_error(server: OllamaTestServer) -> None:
    with OllamaTestServer(models=["llama3.2"]) as picky, OllamaChatModel(
        OllamaChatOptions(model="nope"), ollama_api=OllamaApi(base_url=picky.base_url)
    ) as chat_model, pytest.raises(ollama.ResponseError) as raised:
        chat_model.call(Prompt("Hi"))
    assert raised.value.status_code == 404
    assert 'model "nope" not found' in str(raised.value)


def test_transient_failures_are_retried_as_the_api_says(server: OllamaTestServer) -> None:
    api = OllamaApi(base_url=server.base_url, max_retries=2, retry_backoff=0)
    server.enqueue_error(503, "busy")
    server.enqueue_error(500, "busy again")
    server.enqueue_text("Finally.")
    with OllamaChatModel(OllamaChatOptions(model="llama3.2"), ollama_api=api) as chat_model:
        assert chat_model.call(Prompt("Hi")).get_result().get_output().get_text() == "Finally."
    assert len(server.requests) == 3


def test_a_client_error_is_not_retried(server: OllamaTestServer) -> None:
    api = OllamaApi(base_url=server.base_url, max_retries=3, retry_backoff=0)
    server.enqueue_error(400, "bad request")
    with OllamaChatModel(ollama_api=api) as chat_model, pytest.raises(ollama.ResponseError):
        chat_model.call(Prompt("Hi"))
    assert len(server.requests) == 1


def test_a_stream_error_line_is_the_sdks_response_error(
    server: OllamaTestServer, model: OllamaChatModel
) -> None:
    server.enqueue_stream_error("model crashed", after=["Hel"])

    async def consume() -> None:
        async for _ in model.stream(Prompt("Hi")):
            pass

    with pytest.raises(ollama.ResponseError, match="model crashed"):
        asyncio.run(consume())


def test_a_cut_stream_is_a_connection_error(server: OllamaTestServer, model: OllamaChatModel) -> None:
    server.enqueue_text("one two three four", cut_after=2)

    async def consume() -> None:
        async for _ in model.stream(Prompt("Hi")):
            pass

    with pytest.raises(ConnectionError):
        asyncio.run(consume())


def test_max_answer_bytes_bounds_a_call(server: OllamaTestServer, model: OllamaChatModel) -> None:
    server.enqueue_text("x" * 5000)
    with pytest.raises(ollama.ResponseError, match="max_answer_bytes"):
        model.call(Prompt("Hi", OllamaChatOptions(max_answer_bytes=1000)))


def test_the_read_timeout_ends_a_stalled_stream(server: OllamaTestServer) -> None:
    server.enqueue_text("one two three", stall_after=1)
    api = OllamaApi(base_url=server.base_url, timeout=timedelta(milliseconds=300))

    async def consume() -> None:
        async with OllamaChatModel(ollama_api=api) as chat_model:
            async for _ in chat_model.stream(Prompt("Hi")):
                pass

    with pytest.raises(httpx.ReadTimeout):
        asyncio.run(consume())


def test_max_answer_bytes_bounds_a_stream(server: OllamaTestServer, model: OllamaChatModel) -> None:
    server.enqueue_text(" ".join(["word"] * 400))

    async def consume() -> None:
        async for _ in model.stream(Prompt("Hi", OllamaChatOptions(max_answer_bytes=2000))):
            pass

    with pytest.raises(ollama.ResponseError, match="max_answer_bytes"):
        asyncio.run(consume())


def test_each_call_is_a_chat_span(server: OllamaTestServer) -> None:
    recorder = SpanRecorder()
    server.enqueue_text("Hi")
    with OllamaChatModel(
        OllamaChatOptions(model="llama3.2"),
        ollama_api=OllamaApi(base_url=server.base_url),
        tracer_provider=recorder.tracer_provider,
    ) as chat_model:
        chat_model.call(Prompt("Hi"))
    span = recorder.spans[-1]
    assert span.name == "chat llama3.2"
    attributes = dict(span.attributes or {})
    assert attributes["gen_ai.provider.name"] == "ollama"
    assert attributes["gen_ai.usage.input_tokens"] == 10


def test_bad_arguments_name_themselves() -> None:
    with pytest.raises(TypeError, match="ollama_api"):
        OllamaChatModel(ollama_api="http://localhost:11434")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="base_url"):
        OllamaApi(base_url=" ")
    with pytest.raises(ValueError, match="max_retries"):
        OllamaApi(max_retries=-1)
    with pytest.raises(TypeError, match="format"):
        OllamaChatOptions(format=3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="think level"):
        ThinkLevel("extreme")
    with pytest.raises(ValueError, match="call_timeout"):
        OllamaChatOptions(call_timeout=0)
    assert ThinkBoolean.ENABLED.to_json_value() is True


def test_credentials_never_leave_in_errors_or_reprs(server: OllamaTestServer) -> None:
    secret = "sk-ollama-proxy-SECRET-42"
    api = OllamaApi(base_url=server.base_url, custom_headers={"Authorization": f"Bearer {secret}"})
    assert secret not in repr(api)
    server.enqueue_error(401, f"invalid token Bearer {secret}")
    with OllamaChatModel(ollama_api=api) as chat_model, pytest.raises(ollama.ResponseError) as raised:
        chat_model.call(Prompt("Hi"))
    assert server.requests[-1].header("authorization") == f"Bearer {secret}"
    assert secret not in str(raised.value)
    assert secret not in raised.value.error
    assert "***" in raised.value.error


def test_stream_events_carry_reasoning_text_tools_usage_and_finish(
    server: OllamaTestServer, model: OllamaChatModel
) -> None:
    from spring_ai_py.chat.client.events import (
        Finished,
        ReasoningDelta,
        TextDelta,
        ToolCallFinished,
        ToolCallStarted,
        Usage,
    )

    client = ChatClient.create(model)
    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Nice"}}], thinking="Look it up")
    server.enqueue_text("Sunny in Nice.", prompt_eval_count=20, eval_count=4)
    events = list(client.prompt("Weather in Nice?").tools(weather).stream().events())
    kinds = [type(event) for event in events]
    assert ReasoningDelta in kinds and ToolCallStarted in kinds and ToolCallFinished in kinds
    assert "".join(e.text for e in events if isinstance(e, TextDelta)) == "Sunny in Nice."
    assert "".join(e.text for e in events if isinstance(e, ReasoningDelta)) == "Look it up"
    started = next(e for e in events if isinstance(e, ToolCallStarted))
    assert (started.name, json.loads(started.arguments)) == ("weather", {"city": "Nice"})
    usage = next(e for e in events if isinstance(e, Usage))
    assert usage.usage.get_prompt_tokens() == 30  # both rounds: 10 + 20
    assert isinstance(events[-1], Finished) and events[-1].finish_reason == "stop"


def test_async_tool_loop_and_async_stream_of_the_chat_client(
    server: OllamaTestServer, model: OllamaChatModel
) -> None:
    client = ChatClient.create(model)
    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Bern"}}])
    server.enqueue_text("Sunny in Bern.")
    server.enqueue_tool_calls([{"name": "weather", "arguments": {"city": "Graz"}}])
    server.enqueue_text("Sunny in Graz.")

    async def run() -> tuple[str | None, str]:
        called = await client.prompt("Bern?").tools(weather).call().acontent()
        streamed = "".join([p async for p in client.prompt("Graz?").tools(weather).stream().content()])
        return called, streamed

    assert asyncio.run(run()) == ("Sunny in Bern.", "Sunny in Graz.")
    assert [r.body["stream"] for r in server.requests] == [False, False, True, True]


def test_closing_a_stream_early_closes_its_response(
    server: OllamaTestServer, model: OllamaChatModel
) -> None:
    server.enqueue_text("a b c d e f g h", stall_after=2)

    async def first_only() -> str | None:
        stream = model.stream(Prompt("Hi"))
        first = await anext(stream)
        await stream.aclose()  # type: ignore[attr-defined]
        return first.get_result().get_output().get_text()

    assert asyncio.run(first_only()) == "a"
    assert server.wait_aborted(1)


def test_embedding_acall_uses_the_async_client(server: OllamaTestServer) -> None:
    from spring_ai_py.embedding import EmbeddingRequest
    from spring_ai_py.ollama import OllamaEmbeddingModel, OllamaEmbeddingOptions

    server.enqueue_embeddings([[0.5, 0.5]], prompt_eval_count=2)
    embedding_model = OllamaEmbeddingModel(
        OllamaEmbeddingOptions(model="nomic-embed-text", dimensions=2), OllamaApi(base_url=server.base_url)
    )

    async def embed() -> list[float]:
        response = await embedding_model.acall(EmbeddingRequest(["hi"], None))
        await embedding_model.aclose()
        return response.get_results()[0].get_output()

    assert asyncio.run(embed()) == [0.5, 0.5]
    assert server.requests[-1].body["dimensions"] == 2


def test_streams_and_embeddings_are_spans_too(server: OllamaTestServer) -> None:
    from spring_ai_py.ollama import OllamaEmbeddingModel

    recorder = SpanRecorder()
    api = OllamaApi(base_url=server.base_url)
    server.enqueue_text("Streamed answer", eval_count=7)
    with OllamaChatModel(
        OllamaChatOptions(model="llama3.2"), api, tracer_provider=recorder.tracer_provider
    ) as chat_model:

        async def consume() -> None:
            async for _ in chat_model.stream(Prompt("Hi")):
                pass

        asyncio.run(consume())
    with OllamaEmbeddingModel(ollama_api=api, tracer_provider=recorder.tracer_provider) as embedding:
        embedding.embed("hello world")
    names = [span.name for span in recorder.spans]
    assert names == ["chat llama3.2", "embeddings mxbai-embed-large"]
    chat_span = dict(recorder.spans[0].attributes or {})
    assert chat_span["gen_ai.usage.output_tokens"] == 7
    assert chat_span["gen_ai.response.finish_reasons"] == ("stop",)
    assert dict(recorder.spans[1].attributes or {})["gen_ai.provider.name"] == "ollama"
