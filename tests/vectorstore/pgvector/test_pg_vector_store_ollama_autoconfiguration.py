"""An application.yml shaped like a Spring RAG app on Ollama (chat and embedding models
on Ollama, PgVector as the store) builds both models and the store on a real
PostgreSQL with pgvector, and a question answered from the store reaches the fake
Ollama server with the configured options."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from spring_ai_py.autoconfigure import SpringApplication
from spring_ai_py.chat.client.advisor.vectorstore import QuestionAnswerAdvisor
from spring_ai_py.document import Document
from spring_ai_py.ollama import OllamaChatModel, OllamaEmbeddingModel
from spring_ai_py.test import OllamaTestServer
from spring_ai_py.vectorstore.pgvector import PgVectorStore

CONFIG = Path(__file__).parents[2] / "autoconfigure" / "configs" / "ollama-rag-pgvector"


def datasource_environment(dsn: str) -> dict[str, str]:
    """``SPRING_DATASOURCE_*`` variables pointing the unchanged file at the test server."""
    parts = urlsplit(dsn)
    port = f":{parts.port}" if parts.port else ""
    query = f"?{parts.query}" if parts.query else ""
    return {
        "SPRING_DATASOURCE_URL": f"jdbc:postgresql://{parts.hostname or ''}{port}{parts.path}{query}",
        "SPRING_DATASOURCE_USERNAME": unquote(parts.username or ""),
        "SPRING_DATASOURCE_PASSWORD": unquote(parts.password or ""),
    }


@pytest.fixture
def ollama_server() -> Iterator[OllamaTestServer]:
    with OllamaTestServer(models=["nomic-embed-text"], embedding_dimensions=16) as server:
        yield server


def test_ollama_rag_pgvector_config(
    pgvector_dsn: str, ollama_server: OllamaTestServer, tmp_path: Path
) -> None:
    app = tmp_path / "app"
    shutil.copytree(CONFIG, app)
    table = f"vs_{uuid.uuid4().hex[:10]}"
    environ = {
        "SPRING_AI_OLLAMA_BASE_URL": ollama_server.base_url,
        "VECTOR_TABLE": table,
        **datasource_environment(pgvector_dsn),
    }
    with SpringApplication.run(config_dir=app, environ=environ) as context:
        assert isinstance(context.chat_model(), OllamaChatModel)
        assert isinstance(context.embedding_model(), OllamaEmbeddingModel)
        # when_missing: the embedding model is there, the chat model was pulled.
        assert ollama_server.installed_models == ["nomic-embed-text:latest", "llama3.2:latest"]
        store = context.vector_store()
        assert isinstance(store, PgVectorStore)
        store.add([Document("Paris is the capital of France"), Document("Tokyo is in Japan")])
        hits = store.similarity_search("capital of France")
        assert hits[0].get_text() == "Paris is the capital of France"
        embed = ollama_server.requests[-1]
        assert embed.path == "/api/embed" and embed.body["model"] == "nomic-embed-text"

        ollama_server.enqueue_text("Paris.")
        client = (
            context.chat_client_builder()
            .default_advisors(QuestionAnswerAdvisor.builder(store).build())
            .build()
        )
        assert client.prompt("What is the capital of France?").call().content() == "Paris."
    chat = ollama_server.requests[-1].body
    assert chat["model"] == "llama3.2"
    assert chat["keep_alive"] == "10m"
    assert chat["options"] == {"temperature": 0.2, "num_ctx": 8192}
    assert "Paris is the capital of France" in chat["messages"][-1]["content"]
