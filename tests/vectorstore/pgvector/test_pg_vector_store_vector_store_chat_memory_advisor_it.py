"""Port of Spring AI 2.0.1
`org.springframework.ai.vectorstore.pgvector.PgVectorStoreVectorStoreChatMemoryAdvisorIT`:
8 tests ported, 0 skipped.

As in Spring, these run against the real OpenAI chat and embedding models and the
real pgvector server, and only when ``OPENAI_API_KEY`` is set (Spring's
``assumeTrue``); otherwise pytest reports them as skipped for that reason. The
assertions are on the model's answers, exactly as Spring's.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Callable

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor.vectorstore import VectorStoreChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.document import Document

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        not os.environ.get("OPENAI_API_KEY", "").strip(),
        reason="OPENAI_API_KEY must be set for this test",
    ),
]

Ask = Callable[[list[str], str, int | None], str]


@pytest.fixture
def ask(pgvector_dsn: str, pgvector_schema: str) -> Ask:
    """Store ``memories`` for a new conversation, then ask ``question`` through a
    ChatClient with a VectorStoreChatMemoryAdvisor (``top_k`` when given)."""
    from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions, OpenAiEmbeddingModel
    from spring_ai_py.vectorstore.pgvector import PgVectorStore

    def run(memories: list[str], question: str, top_k: int | None) -> str:
        store = (
            PgVectorStore.builder(pgvector_dsn, OpenAiEmbeddingModel())
            .schema_name(pgvector_schema)
            .dimensions(1536)
            .initialize_schema(True)
            .remove_existing_vector_store_table(True)
            .build()
        )
        conversation_id = str(uuid.uuid4())
        store.add([Document(text, {"conversationId": conversation_id}) for text in memories])
        advisor = VectorStoreChatMemoryAdvisor.builder(store)
        if top_k is not None:
            advisor = advisor.default_top_k(top_k)
        chat_model = (
            OpenAiChatModel.builder()
            .options(OpenAiChatOptions.builder().model("gpt-4o-mini").build())
            .build()
        )
        client = ChatClient.builder(chat_model).default_advisors(advisor.build()).build()
        return (
            client.prompt()
            .user(question)
            .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, conversation_id))
            .call()
            .content()
            or ""
        )

    return run


def test_use_custom_conversation_id(ask: Ask) -> None:
    assert "hello" in ask(["Hello from memory"], "Say hello", None).lower()


def test_semantic_search_retrieves_relevant_memory(ask: Ask) -> None:
    memories = [
        "The Eiffel Tower is in Paris.",
        "Bananas are yellow.",
        "Mount Everest is the tallest mountain in the world.",
        "Dogs are loyal pets.",
    ]
    answer = ask(memories, "Where is the Eiffel Tower located?", 1)
    assert "paris" in answer.lower()
    for other in memories[1:]:
        assert other not in answer


def test_semantic_synonym_retrieval(ask: Ask) -> None:
    answer = ask(["Automobiles are fast."], "Tell me about cars.", 1).lower()
    assert "automobile" in answer or "fast" in answer


def test_irrelevant_message_exclusion(ask: Ask) -> None:
    answer = ask(
        ["The capital of Italy is Rome.", "Bananas are yellow."], "What is the capital of Italy?", 2
    )
    assert "rome" in answer.lower()
    assert "banana" not in answer


def test_top_k_semantic_relevance(ask: Ask) -> None:
    memories = [
        "The cat sat on the mat.",
        "A cat is a small domesticated animal.",
        "Dogs are loyal pets.",
    ]
    answer = ask(memories, "What can you tell me about cats?", 1)
    assert "cat" in answer.lower()
    assert "dog" not in answer


def test_semantic_retrieval_with_paraphrasing(ask: Ask) -> None:
    answer = ask(
        ["The quick brown fox jumps over the lazy dog."],
        "Tell me about a fast animal leaping over another.",
        1,
    ).lower()
    assert "fox" in answer or "dog" in answer


def test_multiple_relevant_memories_top_k(ask: Ask) -> None:
    memories = ["Apples are red.", "Strawberries are also red.", "Bananas are yellow."]
    answer = ask(memories, "What fruits are red?", 2)
    assert "apple" in answer.lower()
    assert "strawber" in answer.lower()
    assert "banana" not in answer


def test_no_relevant_memory(ask: Ask) -> None:
    answer = ask(["The sun is a star."], "What is the capital of Spain?", 1)
    assert "sun" not in answer
    assert "star" not in answer
