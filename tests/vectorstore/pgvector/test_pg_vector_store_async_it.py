"""PgVectorStore's native async operations against a real PostgreSQL with pgvector and
OpenAI embeddings from the fake server: the blocking store methods and the blocking
embedding call are made to raise, so the test fails if the async path used them."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from spring_ai_py import ChatClient
from spring_ai_py.chat.client.advisor.vectorstore import QuestionAnswerAdvisor
from spring_ai_py.document import Document
from spring_ai_py.embedding import EmbeddingRequest
from spring_ai_py.openai import OpenAiEmbeddingModel, OpenAiEmbeddingOptions
from spring_ai_py.test import OpenAiTestServer, ScriptedChatModel
from spring_ai_py.vectorstore import SearchRequest
from spring_ai_py.vectorstore.filter import Expression
from spring_ai_py.vectorstore.pgvector import PgVectorStore

DIMENSIONS = 16


class _AsyncEmbeddings(OpenAiEmbeddingModel):
    def call(self, request: EmbeddingRequest) -> Any:
        raise AssertionError("the async path called the blocking embedding client")


class _AsyncOnlyPgVectorStore(PgVectorStore):
    def do_add(self, documents: list[Document]) -> None:
        raise AssertionError("the async path called do_add")

    def do_delete(self, id_list: list[str]) -> None:
        raise AssertionError("the async path called do_delete")

    def do_delete_by_filter(self, filter_expression: Expression) -> None:
        raise AssertionError("the async path called do_delete_by_filter")

    def do_similarity_search(self, request: SearchRequest) -> list[Document]:
        raise AssertionError("the async path called do_similarity_search")


@pytest.fixture
def openai_server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer(embedding_dimensions=DIMENSIONS) as server:
        yield server


def _embeddings(server: OpenAiTestServer) -> _AsyncEmbeddings:
    return _AsyncEmbeddings(
        OpenAiEmbeddingOptions(base_url=server.base_url, api_key="test-key", max_retries=0)
    )


def _store(data_source: Any, schema: str, server: OpenAiTestServer, **extra: Any) -> PgVectorStore:
    builder = (
        _AsyncOnlyPgVectorStore.builder(data_source, _embeddings(server))
        .schema_name(schema)
        .dimensions(DIMENSIONS)
        .initialize_schema(True)
    )
    for name, value in extra.items():
        builder = getattr(builder, name)(value)
    return builder.build()


DOCUMENTS = [
    Document(
        "cats sleep on the warm rug", {"kind": "cat"}, id="11111111-1111-1111-1111-111111111111"
    ),
    Document(
        "dogs bark at the postman", {"kind": "dog"}, id="22222222-2222-2222-2222-222222222222"
    ),
    Document("birds sing before dawn", {"kind": "bird"}, id="33333333-3333-3333-3333-333333333333"),
]


async def _exercise(store: PgVectorStore) -> list[str]:
    await store.aadd(DOCUMENTS)
    found = await store.asimilarity_search(
        SearchRequest.builder().query("where do cats sleep").top_k(1).build()
    )
    assert [d.get_text() for d in found] == ["cats sleep on the warm rug"]
    assert found[0].get_score() is not None
    await store.adelete([DOCUMENTS[0].get_id()])
    await store.adelete("kind == 'dog'")
    remaining = await store.asimilarity_search(SearchRequest.builder().query("anything").build())
    return [d.get_text() or "" for d in remaining]


def test_async_operations_on_a_dsn_use_async_connections(
    pgvector_dsn: str, pgvector_schema: str, openai_server: OpenAiTestServer
) -> None:
    store = _store(pgvector_dsn, pgvector_schema, openai_server)
    assert asyncio.run(_exercise(store)) == ["birds sing before dawn"]
    # One embedding request for the three documents (one token-count batch), then one
    # per search query.
    inputs = [r.body["input"] for r in openai_server.requests]
    assert len(inputs) == 3 and len(inputs[0]) == 3
    assert inputs[1:] == [["where do cats sleep"], ["anything"]]


def test_async_operations_through_an_async_connection_pool(
    pgvector_dsn: str, pgvector_schema: str, openai_server: OpenAiTestServer
) -> None:
    from psycopg_pool import AsyncConnectionPool

    async def main() -> list[str]:
        async with AsyncConnectionPool(pgvector_dsn, min_size=1, max_size=2, open=False) as pool:
            store = _store(pgvector_dsn, pgvector_schema, openai_server, async_data_source=pool)
            return await _exercise(store)

    assert asyncio.run(main()) == ["birds sing before dawn"]


def test_without_an_async_source_the_blocking_operations_run_off_the_loop(
    pgvector_dsn: str, pgvector_schema: str, openai_server: OpenAiTestServer
) -> None:
    from psycopg_pool import ConnectionPool

    with ConnectionPool(pgvector_dsn, min_size=1, max_size=2) as pool:
        store = (
            PgVectorStore.builder(
                pool,
                OpenAiEmbeddingModel(
                    OpenAiEmbeddingOptions(
                        base_url=openai_server.base_url, api_key="test-key", max_retries=0
                    )
                ),
            )
            .schema_name(pgvector_schema)
            .dimensions(DIMENSIONS)
            .initialize_schema(True)
            .build()
        )
        assert asyncio.run(_exercise(store)) == ["birds sing before dawn"]


def test_question_answer_advisor_retrieves_from_pgvector_without_blocking_calls(
    pgvector_dsn: str, pgvector_schema: str, openai_server: OpenAiTestServer
) -> None:
    store = _store(pgvector_dsn, pgvector_schema, openai_server)
    model = ScriptedChatModel("On the rug.")
    client = ChatClient.builder(model).default_advisors(QuestionAnswerAdvisor(store)).build()

    async def main() -> str | None:
        await store.aadd(DOCUMENTS)
        return await client.prompt().user("where do cats sleep").call().acontent()

    assert asyncio.run(main()) == "On the rug."
    assert "cats sleep on the warm rug" in (model.prompts[0].get_user_message().get_text() or "")


def test_async_add_rejects_nul_before_embedding_anything(
    pgvector_dsn: str, pgvector_schema: str, openai_server: OpenAiTestServer
) -> None:
    store = _store(pgvector_dsn, pgvector_schema, openai_server)
    bad = Document("cats\x00sleep", {"kind": "cat"}, id="44444444-4444-4444-4444-444444444444")
    with pytest.raises(ValueError, match="44444444-4444-4444-4444-444444444444"):
        asyncio.run(store.aadd([DOCUMENTS[0], bad]))
    assert openai_server.requests == []
    found = asyncio.run(store.asimilarity_search(SearchRequest.builder().query("cats").build()))
    assert found == []
