"""The fake Gemini API, driven by the official ``google-genai`` SDK over real HTTP."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from google import genai
from google.genai import errors, types

from spring_ai_py.test import GeminiTestServer, GeminiUsage


@pytest.fixture
def server() -> Iterator[GeminiTestServer]:
    with GeminiTestServer() as running:
        yield running


_CLIENTS: list[genai.Client] = []


def client(server: GeminiTestServer, key: str = "test-key") -> genai.Client:
    """A client of ``server``, kept alive for the test (a collected ``genai.Client`` closes
    its HTTP client, even under a ``client.models`` still in use)."""
    made = genai.Client(api_key=key, http_options=types.HttpOptions(base_url=server.base_url))
    _CLIENTS.append(made)
    return made


@pytest.fixture(autouse=True)
def _close_clients() -> Iterator[None]:
    yield
    while _CLIENTS:
        _CLIENTS.pop().close()


def test_generate_content_answers_the_scripted_text_and_records_the_request(
    server: GeminiTestServer,
) -> None:
    server.enqueue_text("Hello there", usage=GeminiUsage(7, 3, thoughts_token_count=2))
    response = client(server).models.generate_content(
        model="gemini-2.5-flash",
        contents="Hi",
        config=types.GenerateContentConfig(system_instruction="Be brief", temperature=0.2),
    )
    assert response.text == "Hello there"
    assert response.model_version == "gemini-2.5-flash"
    assert response.usage_metadata is not None
    assert response.usage_metadata.total_token_count == 12
    assert response.usage_metadata.thoughts_token_count == 2
    request = server.requests[-1]
    assert request.path == "/v1/models/gemini-2.5-flash:generateContent"
    assert request.header("x-goog-api-key") == "test-key"
    assert request.body["systemInstruction"]["parts"] == [{"text": "Be brief"}]
    assert request.body["generationConfig"]["temperature"] == 0.2
    assert "test-key" not in repr(request)


def test_stream_generate_content_sends_one_sse_event_per_chunk(server: GeminiTestServer) -> None:
    server.enqueue_text("one two three", chunks=["one", " two", " three"], thought="hmm")
    chunks = list(
        client(server).models.generate_content_stream(model="gemini-2.5-flash", contents="Hi")
    )
    texts = [chunk.candidates[0].content.parts[0].text for chunk in chunks]  # type: ignore[index, union-attr]
    assert texts == ["hmm", "one", " two", " three"]
    assert chunks[0].candidates[0].content.parts[0].thought is True  # type: ignore[index, union-attr]
    assert chunks[-1].candidates[0].finish_reason == types.FinishReason.STOP  # type: ignore[index]
    assert server.requests[-1].query == "alt=sse"


def test_tool_calls_carry_args_and_a_thought_signature(server: GeminiTestServer) -> None:
    server.enqueue_tool_calls(
        [{"name": "weather", "arguments": '{"city": "Paris"}'}], thought_signature=True
    )
    response = client(server).models.generate_content(model="m", contents="Hi")
    part = response.candidates[0].content.parts[0]  # type: ignore[index, union-attr]
    assert part.function_call is not None
    assert part.function_call.name == "weather"
    assert part.function_call.args == {"city": "Paris"}
    assert isinstance(part.thought_signature, bytes)


def test_bad_tool_call_scripts_are_refused(server: GeminiTestServer) -> None:
    with pytest.raises(ValueError, match="tool_calls must not be empty"):
        server.enqueue_tool_calls([])
    with pytest.raises(ValueError, match="JSON object"):
        server.enqueue_tool_calls([{"name": "x", "arguments": "[1]"}])
    with pytest.raises(ValueError, match="chunks must join"):
        server.enqueue_text("abc", chunks=["a"])


def test_errors_have_the_api_shape(server: GeminiTestServer) -> None:
    server.enqueue_error(429, "Resource has been exhausted")
    with pytest.raises(errors.ClientError) as raised:
        client(server).models.generate_content(model="m", contents="Hi")
    assert raised.value.code == 429
    assert raised.value.status == "RESOURCE_EXHAUSTED"
    assert raised.value.message == "Resource has been exhausted"


def test_an_unscripted_request_is_a_500_that_says_so(server: GeminiTestServer) -> None:
    with pytest.raises(errors.ServerError, match="No reply is scripted"):
        client(server).models.generate_content(model="m", contents="Hi")


def test_models_and_api_key_are_checked_when_given() -> None:
    with GeminiTestServer(models=["gemini-2.5-flash"], api_key="right") as server:
        with pytest.raises(errors.ClientError, match="API key not valid"):
            client(server, "wrong").models.generate_content(model="gemini-2.5-flash", contents="x")
        with pytest.raises(errors.ClientError, match="is not found"):
            client(server, "right").models.generate_content(model="other", contents="x")


def test_embeddings_are_hashed_vectors_or_scripted(server: GeminiTestServer) -> None:
    sdk = client(server)
    hashed = sdk.models.embed_content(
        model="gemini-embedding-001",
        contents=["the cat", "the cat"],
        config=types.EmbedContentConfig(output_dimensionality=4),
    )
    vectors = [item.values for item in hashed.embeddings or ()]
    assert len(vectors) == 2 and vectors[0] == vectors[1] and len(vectors[0] or []) == 4
    server.enqueue_embeddings([1.0, 0.0])
    scripted = sdk.models.embed_content(model="gemini-embedding-001", contents=["x"])
    assert [item.values for item in scripted.embeddings or ()] == [[1.0, 0.0]]
    with pytest.raises(ValueError, match="vectors must not be empty"):
        server.enqueue_embeddings()


def test_cached_contents_are_created_listed_updated_and_deleted(server: GeminiTestServer) -> None:
    sdk = client(server)
    created = sdk.caches.create(
        model="gemini-2.5-flash",
        config=types.CreateCachedContentConfig(
            contents=["a long document"], ttl="300s", display_name="docs"
        ),
    )
    assert created.name in server.cached_contents
    assert created.display_name == "docs"
    assert [item.name for item in sdk.caches.list()] == [created.name]
    assert created.expire_time is not None
    updated = sdk.caches.update(
        name=created.name or "", config=types.UpdateCachedContentConfig(ttl="3600s")
    )
    assert updated.expire_time is not None and updated.expire_time > created.expire_time
    sdk.caches.delete(name=created.name or "")
    assert server.cached_contents == {}
    with pytest.raises(errors.ClientError, match="CachedContent not found"):
        sdk.caches.get(name=created.name or "")


def test_a_request_naming_an_unknown_cached_content_is_refused(server: GeminiTestServer) -> None:
    server.enqueue_text("unused")
    with pytest.raises(errors.ClientError, match="CachedContent not found"):
        client(server).models.generate_content(
            model="m", contents="x", config=types.GenerateContentConfig(cached_content="cachedContents/x")
        )


def test_listing_pages_through_many_cached_contents(server: GeminiTestServer) -> None:
    past = datetime.now(UTC) - timedelta(hours=1)
    for index in range(3):
        server.add_cached_content(f"cachedContents/c{index}", "gemini-2.5-flash", expire_time=past)
    pager = client(server).caches.list(config=types.ListCachedContentsConfig(page_size=2))
    assert [item.name for item in pager] == [f"cachedContents/c{i}" for i in range(3)]


def test_the_async_client_streams_too(server: GeminiTestServer) -> None:
    server.enqueue_text("async words")

    async def run() -> list[str]:
        stream = await client(server).aio.models.generate_content_stream(model="m", contents="x")
        return [chunk.text or "" async for chunk in stream]

    assert "".join(asyncio.run(run())) == "async words"


def test_a_cut_stream_and_a_dropped_connection_fail_the_client(server: GeminiTestServer) -> None:
    server.enqueue_text("one two three four", cut_after=1)
    with pytest.raises(Exception):  # noqa: B017 - the HTTP library's own error
        list(client(server).models.generate_content_stream(model="m", contents="x"))
    server.enqueue_disconnect()
    with pytest.raises(Exception):  # noqa: B017
        client(server).models.generate_content(model="m", contents="x")


def test_constructor_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="embedding_dimensions"):
        GeminiTestServer(embedding_dimensions=0)
    with pytest.raises(TypeError, match="models must be a collection"):
        GeminiTestServer(models="gemini")
