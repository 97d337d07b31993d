"""spring.datasource.* and spring.ai.vectorstore.pgvector.* build a PgVectorStore and a
JDBC chat memory on a real PostgreSQL with pgvector."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from spring_ai_py.autoconfigure import PgVectorStoreProperties, SpringApplication
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.chat.messages import AssistantMessage, UserMessage
from spring_ai_py.document import Document
from spring_ai_py.test import OpenAiTestServer
from spring_ai_py.vectorstore.pgvector import PgDistanceType, PgIndexType, PgVectorStore

CONFIG = Path(__file__).parents[2] / "autoconfigure" / "configs" / "rag-pgvector"


def datasource_environment(dsn: str) -> dict[str, str]:
    """``SPRING_DATASOURCE_*`` variables pointing the unchanged file at the test server."""
    parts = urlsplit(dsn)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    query = f"?{parts.query}" if parts.query else ""
    return {
        "SPRING_DATASOURCE_URL": f"jdbc:postgresql://{host}{port}{parts.path}{query}",
        "SPRING_DATASOURCE_USERNAME": unquote(parts.username or ""),
        "SPRING_DATASOURCE_PASSWORD": unquote(parts.password or ""),
    }


@pytest.fixture
def openai_server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer(embedding_dimensions=16) as server:
        yield server


def test_rag_pgvector_config_builds_the_store_and_memory(
    pgvector_dsn: str, openai_server: OpenAiTestServer, tmp_path: Path
) -> None:
    app = tmp_path / "app"
    shutil.copytree(CONFIG, app)
    table = f"vs_{uuid.uuid4().hex[:10]}"
    environ = {
        "OPENAI_API_KEY": "sk-test",
        "SPRING_AI_OPENAI_BASE_URL": openai_server.base_url,
        "VECTOR_TABLE": table,
        **datasource_environment(pgvector_dsn),
    }
    conversation = f"c-{uuid.uuid4().hex[:8]}"
    with SpringApplication.run(
        config_dir=app,
        environ=environ,
        overrides={"spring.ai.chat.memory.repository.jdbc.initialize-schema": "always"},
    ) as context:
        store = context.vector_store()
        assert isinstance(store, PgVectorStore)
        assert store.get_distance_type() is PgDistanceType.COSINE_DISTANCE
        assert context.get_properties(PgVectorStoreProperties).index_type is PgIndexType.HNSW
        store.add([Document("Paris is the capital of France"), Document("Tokyo is in Japan")])
        hits = store.similarity_search("capital of France")
        assert hits[0].get_text() == "Paris is the capital of France"
        assert openai_server.requests[-1].body["model"] == "text-embedding-3-small"

        repository = context.chat_memory_repository()
        assert isinstance(repository, JdbcChatMemoryRepository)
        repository.save_all(conversation, [UserMessage("hi"), AssistantMessage("hello")])
        assert [m.get_text() for m in repository.find_by_conversation_id(conversation)] == [
            "hi",
            "hello",
        ]
        repository.delete_by_conversation_id(conversation)
