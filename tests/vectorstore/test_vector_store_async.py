"""The awaitable vector store and embedding API, and the advisors' async paths using it.

A store whose blocking methods raise proves that the async paths never fall back to
them (so a FastAPI app never blocks its loop on retrieval).
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from spring_ai_py import ChatClient
from spring_ai_py.chat.client.advisor.vectorstore import (
    QuestionAnswerAdvisor,
    VectorStoreChatMemoryAdvisor,
)
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.document import Document
from spring_ai_py.embedding import EmbeddingModel, EmbeddingRequest, EmbeddingResponse
from spring_ai_py.embedding.hashing import HashingEmbeddingModel
from spring_ai_py.rag.advisor import RetrievalAugmentationAdvisor
from spring_ai_py.rag.retrieval.search import VectorStoreDocumentRetriever
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore, VectorStore
from spring_ai_py.vectorstore.filter import Expression


class AsyncOnlyStore(VectorStore):
    """A store with native async methods; its blocking ones must never run."""

    def __init__(self, documents: list[Document]) -> None:
        self.documents = list(documents)
        self.searches: list[SearchRequest] = []
        self.loop_threads: set[int] = set()

    def _blocking(self) -> Any:
        raise AssertionError("the async path called a blocking vector store method")

    def add(self, documents: list[Document]) -> None:
        self._blocking()

    def do_delete(self, id_list: list[str]) -> None:
        self._blocking()

    def do_delete_by_filter(self, filter_expression: Expression) -> None:
        self._blocking()

    def do_similarity_search(self, request: SearchRequest) -> list[Document]:
        return self._blocking()  # type: ignore[no-any-return]

    async def aadd(self, documents: list[Document]) -> None:
        self.loop_threads.add(threading.get_ident())
        self.documents.extend(documents)

    async def asimilarity_search(self, request: str | SearchRequest) -> list[Document]:
        self.loop_threads.add(threading.get_ident())
        assert isinstance(request, SearchRequest)
        self.searches.append(request)
        return self.documents[: request.get_top_k()]


def test_default_async_methods_run_the_blocking_ones_off_the_loop() -> None:
    store = SimpleVectorStore.builder(HashingEmbeddingModel()).build()

    async def main() -> None:
        await store.aadd(
            [
                Document("Cats sleep on rugs.", {"kind": "cat"}, id="a"),
                Document("Dogs bark at night.", {"kind": "dog"}, id="b"),
                Document("Birds sing at dawn.", {"kind": "bird"}, id="c"),
            ]
        )
        found = await store.asimilarity_search("Where do cats sleep?")
        assert found[0].get_id() == "a"
        await store.adelete(["a"])
        await store.adelete("kind == 'dog'")
        remaining = await store.asimilarity_search(SearchRequest.builder().query("x").build())
        assert [document.get_id() for document in remaining] == ["c"]

    asyncio.run(main())


def test_aembed_without_a_native_acall_runs_embed_off_the_loop_and_honours_overrides() -> None:
    threads: list[int] = []

    class Lengths(EmbeddingModel):
        def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
            from spring_ai_py.embedding import Embedding

            threads.append(threading.get_ident())
            return EmbeddingResponse(
                [Embedding([float(len(t))], i) for i, t in enumerate(request.get_instructions())]
            )

    model = Lengths()

    async def main() -> tuple[Any, Any, Any, int]:
        return (
            await model.aembed("abc"),
            await model.aembed(["a", "bb"]),
            await model.aembed(Document("four")),
            threading.get_ident(),
        )

    one, many, document, loop_thread = asyncio.run(main())
    assert (one, many, document) == ([3.0], [[1.0], [2.0]], [4.0])
    assert loop_thread not in threads


def _client_with(advisor: Any, *replies: str) -> tuple[ChatClient, ScriptedChatModel]:
    model = ScriptedChatModel(*replies)
    return ChatClient.builder(model).default_advisors(advisor).build(), model


def test_question_answer_advisor_async_call_and_stream_search_natively() -> None:
    store = AsyncOnlyStore([Document("The office opens at 9.")])
    client, model = _client_with(QuestionAnswerAdvisor(store), "At 9.", "At 9 too.")

    async def main() -> tuple[str | None, str, int]:
        answer = await client.prompt().user("When does it open?").call().acontent()
        streamed = "".join([c async for c in client.prompt().user("Open?").stream().content()])
        return answer, streamed, threading.get_ident()

    answer, streamed, loop_thread = asyncio.run(main())
    assert (answer, streamed) == ("At 9.", "At 9 too.")
    assert store.loop_threads == {loop_thread}
    assert [s.get_query() for s in store.searches] == ["When does it open?", "Open?"]
    assert "The office opens at 9." in (model.prompts[0].get_user_message().get_text() or "")


def test_retrieval_augmentation_advisor_async_path_uses_aretrieve() -> None:
    store = AsyncOnlyStore([Document("Paris is in France.")])
    advisor = (
        RetrievalAugmentationAdvisor.builder()
        .document_retriever(VectorStoreDocumentRetriever(store, top_k=2))
        .build()
    )
    client, model = _client_with(advisor, "France.")

    async def main() -> tuple[str | None, int]:
        return await client.prompt().user(
            "Where is Paris?"
        ).call().acontent(), threading.get_ident()

    answer, loop_thread = asyncio.run(main())
    assert answer == "France."
    assert store.loop_threads == {loop_thread}
    assert store.searches[0].get_top_k() == 2
    assert "Paris is in France." in (model.prompts[0].get_user_message().get_text() or "")


def test_vector_store_chat_memory_advisor_async_path_searches_and_stores_natively() -> None:
    store = AsyncOnlyStore([])
    client, _ = _client_with(VectorStoreChatMemoryAdvisor(store), "Hello Ada.", "Ada.")

    async def main() -> None:
        await (
            client.prompt()
            .user("I am Ada.")
            .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c1"))
            .call()
            .acontent()
        )
        stream = (
            client.prompt()
            .user("Who am I?")
            .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c1"))
            .stream()
            .content()
        )
        assert "".join([chunk async for chunk in stream]) == "Ada."

    asyncio.run(main())
    assert [d.get_text() for d in store.documents] == [
        "I am Ada.",
        "Hello Ada.",
        "Who am I?",
        "Ada.",
    ]
    assert len(store.searches) == 2


def test_blocking_call_still_uses_the_blocking_store() -> None:
    store = AsyncOnlyStore([])
    client, _ = _client_with(QuestionAnswerAdvisor(store), "x")
    with pytest.raises(AssertionError, match="called a blocking vector store method"):
        client.prompt().user("q").call().content()
