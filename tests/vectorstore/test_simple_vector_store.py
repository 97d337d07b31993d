"""Port of Spring AI 2.0.1 `org.springframework.ai.vectorstore.SimpleVectorStoreTests`:
22 tests ported, 0 skipped; plus the Java JSON file layout, batching, ranking and bad
input. Spring's mocked embedding model is a real table-driven EmbeddingModel here."""

from __future__ import annotations

import json
import math
import re
import threading
from pathlib import Path

import pytest

from spring_ai_py.content import Media
from spring_ai_py.document import Document
from spring_ai_py.embedding import (
    Embedding,
    EmbeddingModel,
    EmbeddingRequest,
    EmbeddingResponse,
    HashingEmbeddingModel,
)
from spring_ai_py.vectorstore import (
    EmbeddingMath,
    SearchRequest,
    SimpleVectorStore,
    VectorStore,
)
from spring_ai_py.vectorstore.filter import (
    FilterExpressionBuilder,
    FilterExpressionParseException,
)


class TableEmbeddingModel(EmbeddingModel):
    """Embeds texts listed in ``table`` as given and every other text as ``default``;
    counts the model calls."""

    def __init__(self, table: dict[str, list[float]] | None = None) -> None:
        self.table = table or {}
        self.default = [0.1, 0.2, 0.3]
        self.calls = 0
        self._lock = threading.Lock()

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        with self._lock:
            self.calls += 1
        return EmbeddingResponse(
            [
                Embedding(self.table.get(t, self.default), i)
                for i, t in enumerate(request.get_instructions())
            ]
        )


@pytest.fixture
def model() -> TableEmbeddingModel:
    return TableEmbeddingModel()


@pytest.fixture
def store(model: TableEmbeddingModel) -> SimpleVectorStore:
    return SimpleVectorStore.builder(model).build()


def test_should_add_and_retrieve_document(store: SimpleVectorStore) -> None:
    store.add([Document.builder().id("1").text("test content").metadata({"key": "value"}).build()])
    (result,) = store.similarity_search("test content")
    assert result.get_id() == "1"
    assert result.get_text() == "test content"
    assert result.get_metadata()["key"] == "value"
    assert result.get_score() == pytest.approx(1.0)
    assert result.get_metadata()["distance"] == pytest.approx(0.0, abs=1e-12)


def test_should_add_multiple_documents(store: SimpleVectorStore) -> None:
    store.add(
        [
            Document.builder().id("1").text("first").build(),
            Document.builder().id("2").text("second").build(),
        ]
    )
    assert sorted(d.get_id() for d in store.similarity_search("first")) == ["1", "2"]


def test_should_handle_empty_document_list(store: SimpleVectorStore) -> None:
    with pytest.raises(ValueError, match=r"^Documents list cannot be empty$"):
        store.add([])


def test_should_handle_null_document_list(store: SimpleVectorStore) -> None:
    """Spring throws a NullPointerException; the port's null checks are ValueErrors
    (PORTING §4)."""
    with pytest.raises(ValueError, match=r"^Documents list cannot be null$"):
        store.add(None)  # type: ignore[arg-type]


def test_should_delete_documents(store: SimpleVectorStore) -> None:
    store.add([Document.builder().id("1").text("test content").build()])
    assert len(store.similarity_search("test")) == 1
    store.delete(["1"])
    assert store.similarity_search("test") == []


def test_should_delete_documents_by_filter(store: SimpleVectorStore) -> None:
    store.add([Document.builder().id("1").text("test content").metadata({"testKey": 1}).build()])
    assert len(store.similarity_search("test")) == 1
    store.delete(FilterExpressionBuilder().eq("testKey", 1).build())
    assert store.similarity_search("test") == []


def test_should_handle_delete_of_nonexistent_document(store: SimpleVectorStore) -> None:
    store.delete(["nonexistent-id"])
    store.delete(["nonexistent-id"])


def test_should_perform_similarity_search_with_threshold() -> None:
    model = TableEmbeddingModel({"query": [0.9, 0.9, 0.9]})
    store = SimpleVectorStore(model)
    store.add([Document.builder().id("1").text("test content").build()])
    request = SearchRequest.builder().query("query").similarity_threshold(0.99).top_k(5).build()
    assert store.similarity_search(request) == []
    # and the same document passes a threshold it does meet
    assert (
        len(store.similarity_search(SearchRequest.from_(request).similarity_threshold(0.9).build()))
        == 1
    )


def test_should_save_and_load_vector_store(tmp_path: Path, model: TableEmbeddingModel) -> None:
    store = SimpleVectorStore(model)
    store.add(
        [Document.builder().id("1").text("test content").metadata({"key": "value", "n": 3}).build()]
    )
    path = tmp_path / "vector-store.json"
    store.save(path)

    loaded = SimpleVectorStore.builder(model).build()
    loaded.load(str(path))
    (result,) = loaded.similarity_search("test content")
    assert (result.get_id(), result.get_text()) == ("1", "test content")
    assert result.get_metadata()["key"] == "value"
    assert result.get_metadata()["n"] == 3


def test_should_handle_load_from_invalid_resource(tmp_path: Path, store: SimpleVectorStore) -> None:
    """Spring wraps the IOException in a RuntimeException; the port raises the OSError
    itself (FileNotFoundError for a missing file)."""
    with pytest.raises(FileNotFoundError, match=r"nope\.json"):
        store.load(tmp_path / "nope.json")


def test_should_handle_save_to_invalid_location(tmp_path: Path, store: SimpleVectorStore) -> None:
    """Spring wraps the IOException in a RuntimeException; the port raises the OSError."""
    with pytest.raises(OSError):
        store.save(tmp_path / "missing" / "file.json")


def test_should_handle_concurrent_operations(store: SimpleVectorStore) -> None:
    errors: list[BaseException] = []

    def add(i: int) -> None:
        try:
            store.add([Document.builder().id(str(i)).text(f"content {i}").build()])
            store.similarity_search("content")
        except BaseException as error:  # pragma: no cover - reported below
            errors.append(error)

    threads = [threading.Thread(target=add, args=(i,)) for i in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    results = store.similarity_search(SearchRequest(query="test", top_k=10))
    assert {d.get_id() for d in results} == {str(i) for i in range(10)}
    assert all(d.get_text() == f"content {d.get_id()}" for d in results)


def test_should_reject_invalid_similarity_threshold() -> None:
    with pytest.raises(ValueError, match=r"^Similarity threshold must be in \[0,1\] range\.$"):
        SearchRequest.builder().query("test").similarity_threshold(2.0).build()


def test_should_reject_negative_top_k() -> None:
    with pytest.raises(ValueError, match=r"^top_k should be positive\.$"):
        SearchRequest.builder().query("test").top_k(-1).build()


def test_should_handle_cosine_similarity_edge_cases() -> None:
    with pytest.raises(ValueError, match=r"^Vectors cannot have zero norm$"):
        SimpleVectorStore.EmbeddingMath.cosine_similarity([0.0, 0.0, 0.0], [1.0, 1.0, 1.0])


def test_should_handle_vector_length_mismatch() -> None:
    with pytest.raises(ValueError, match=r"^Vectors lengths must be equal$"):
        SimpleVectorStore.EmbeddingMath.cosine_similarity([1.0, 2.0], [1.0, 2.0, 3.0])


def test_should_handle_null_vectors() -> None:
    with pytest.raises(RuntimeError, match=r"^Vectors must not be null$"):
        SimpleVectorStore.EmbeddingMath.cosine_similarity(None, [1.0, 2.0, 3.0])  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match=r"^Vectors must not be null$"):
        SimpleVectorStore.EmbeddingMath.cosine_similarity([1.0, 2.0, 3.0], None)  # type: ignore[arg-type]


def test_should_fail_non_text_documents(store: SimpleVectorStore) -> None:
    image = (
        Document.builder()
        .media(Media("image/png", b"\x00"))
        .metadata({"fileName": "pixel.png"})
        .build()
    )
    with pytest.raises(
        ValueError,
        match=re.escape(
            "Only text documents are supported for now. One of the documents contains non-text content."
        ),
    ):
        store.add([image])
    assert store.similarity_search("anything") == []


def test_should_handle_document_without_id(store: SimpleVectorStore) -> None:
    store.add([Document.builder().text("content without id").build()])
    (result,) = store.similarity_search("content")
    assert result.get_id()


def test_should_handle_document_with_empty_text(store: SimpleVectorStore) -> None:
    store.add([Document.builder().id("1").text("").build()])
    assert len(store.similarity_search("anything")) == 1


def test_should_replace_document_with_same_id(store: SimpleVectorStore) -> None:
    store.add([Document.builder().id("1").text("original").metadata({"version": "1"}).build()])
    store.add([Document.builder().id("1").text("updated").metadata({"version": "2"}).build()])
    (result,) = store.similarity_search("updated")
    assert result.get_text() == "updated"
    assert result.get_metadata()["version"] == "2"


def test_should_handle_search_with_empty_query(store: SimpleVectorStore) -> None:
    store.add([Document.builder().id("1").text("content").build()])
    assert len(store.similarity_search("")) == 1


# -- the port's extras ----------------------------------------------------------------


def test_add_embeds_all_documents_in_one_call(
    store: SimpleVectorStore, model: TableEmbeddingModel
) -> None:
    store.add([Document("first", {}), Document("second", {}), Document("third", {})])
    assert model.calls == 1
    assert len(store.similarity_search(SearchRequest(query="first", top_k=10))) == 3


def test_add_rejects_null_elements(store: SimpleVectorStore) -> None:
    with pytest.raises(ValueError, match="Documents list cannot contain null elements"):
        store.add([Document("ok"), None])  # type: ignore[list-item]


def test_failed_embedding_leaves_store_unchanged() -> None:
    class Failing(TableEmbeddingModel):
        def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
            if "boom" in request.get_instructions():
                raise ConnectionError("embedding service down")
            return super().call(request)

    store = SimpleVectorStore(Failing())
    store.add([Document("ok", "ok", {})])
    with pytest.raises(ConnectionError):
        store.add([Document("a", "a", {}), Document("b", "boom", {})])
    assert [d.get_id() for d in store.similarity_search("q")] == ["ok"]


def test_embedding_count_mismatch_is_rejected() -> None:
    class Short(TableEmbeddingModel):
        def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
            return EmbeddingResponse([Embedding([1.0], 0)])

    with pytest.raises(
        ValueError, match="Embeddings must have the same number as that of the documents"
    ):
        SimpleVectorStore(Short()).add([Document("a"), Document("b")])


def test_delete_by_filter_expression_and_text(store: SimpleVectorStore) -> None:
    store.add(
        [
            Document("a", "x", {"testKey": 1}),
            Document("b", "y", {"testKey": 2}),
            Document("c", "z", {"author": "john"}),
        ]
    )
    store.delete(FilterExpressionBuilder().eq("testKey", 1).build())
    assert sorted(d.get_id() for d in store.similarity_search("q")) == ["b", "c"]
    store.delete("author == 'john'")
    assert [d.get_id() for d in store.similarity_search("q")] == ["b"]


def test_delete_rejects_bad_input(store: SimpleVectorStore) -> None:
    with pytest.raises(FilterExpressionParseException):
        store.delete("author = 'john'")
    with pytest.raises(ValueError, match="Expression should not be empty!"):
        store.delete("")
    with pytest.raises(ValueError, match="Document id list must not be null"):
        store.delete(None)  # type: ignore[arg-type]


def test_results_are_ranked_capped_and_scored() -> None:
    model = TableEmbeddingModel(
        {
            "q": [1.0, 0.0],
            "same": [2.0, 0.0],
            "near": [1.0, 1.0],
            "far": [0.0, 1.0],
            "opposite": [-1.0, 0.0],
        }
    )
    store = SimpleVectorStore(model)
    store.add([Document(t, t, {}) for t in ("far", "near", "same", "opposite")])
    results = store.similarity_search(SearchRequest(query="q", top_k=2))
    assert [d.get_id() for d in results] == ["same", "near"]
    assert results[0].get_score() == pytest.approx(1.0)
    assert results[1].get_score() == pytest.approx(1 / math.sqrt(2))
    assert results[1].get_metadata()["distance"] == pytest.approx(1 - 1 / math.sqrt(2))
    everything = store.similarity_search(SearchRequest(query="q", top_k=10))
    # Threshold 0.0 accepts every non-negative similarity, as in Spring.
    assert [d.get_id() for d in everything] == ["same", "near", "far"]
    assert store.similarity_search(SearchRequest(query="q", top_k=0)) == []


def test_results_do_not_share_state_with_the_store(store: SimpleVectorStore) -> None:
    document = Document("1", "text", {"k": "v"})
    store.add([document])
    document.get_metadata()["k"] = "changed"
    (hit,) = store.similarity_search("text")
    hit.get_metadata()["k"] = "changed again"
    assert store.similarity_search("text")[0].get_metadata()["k"] == "v"


def test_get_name_and_writer_role(store: SimpleVectorStore) -> None:
    assert store.get_name() == "SimpleVectorStore"
    assert isinstance(store, VectorStore)
    store.write([Document("w", "written", {})])
    assert store.similarity_search("written")[0].get_id() == "w"


def test_builder_and_constructor_reject_missing_model() -> None:
    with pytest.raises(ValueError, match="EmbeddingModel must be configured"):
        SimpleVectorStore.builder(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="EmbeddingModel must be configured"):
        SimpleVectorStore(None)  # type: ignore[arg-type]


def test_get_native_client_is_none(store: SimpleVectorStore) -> None:
    assert store.get_native_client() is None


def test_embedding_math_is_nested_under_the_store() -> None:
    assert SimpleVectorStore.EmbeddingMath is EmbeddingMath


# --- save / load ----------------------------------------------------------------------


def test_saved_file_uses_springs_layout(tmp_path: Path) -> None:
    store = SimpleVectorStore(TableEmbeddingModel({"hello": [0.5, 0.25]}))
    store.add([Document("doc-1", "hello", {"lang": "en"})])
    path = tmp_path / "store.json"
    store.save(path)
    assert json.loads(path.read_text(encoding="utf-8")) == {
        "doc-1": {
            "id": "doc-1",
            "text": "hello",
            "metadata": {"lang": "en"},
            "embedding": [0.5, 0.25],
        }
    }


def test_save_overwrites_and_keeps_non_ascii_text(tmp_path: Path) -> None:
    path = tmp_path / "store.json"
    path.write_text("old", encoding="utf-8")
    store = SimpleVectorStore(TableEmbeddingModel())
    store.add([Document("1", 'Grüße, 世界 "quoted" embedding-marker', {})])
    store.save(path)
    loaded = SimpleVectorStore(TableEmbeddingModel())
    loaded.load(path)
    assert loaded.similarity_search("x")[0].get_text() == 'Grüße, 世界 "quoted" embedding-marker'


def test_loads_a_file_written_by_java(tmp_path: Path) -> None:
    # Jackson's pretty printer output of SimpleVectorStore.save(File), written by hand.
    java_json = """{
  "5f1a2b3c-0000-4000-8000-000000000001" : {
    "id" : "5f1a2b3c-0000-4000-8000-000000000001",
    "text" : "Spring AI rocks!",
    "metadata" : {
      "meta1" : "meta1",
      "year" : 2024,
      "open" : true
    },
    "embedding" : [ 1.0, 0.0, 0.0 ]
  },
  "5f1a2b3c-0000-4000-8000-000000000002" : {
    "id" : "5f1a2b3c-0000-4000-8000-000000000002",
    "text" : "The World is Big and Salvation Lurks Around the Corner",
    "metadata" : { },
    "embedding" : [ 0.0, 1.0, 0.0 ]
  }
}"""
    path = tmp_path / "java-store.json"
    path.write_text(java_json, encoding="utf-8")
    store = SimpleVectorStore(TableEmbeddingModel({"spring": [1.0, 0.1, 0.0]}))
    store.load(path)
    results = store.similarity_search(
        SearchRequest(query="spring", top_k=1, filter_expression="year >= 2024")
    )
    assert [d.get_text() for d in results] == ["Spring AI rocks!"]
    assert results[0].get_metadata() == {
        "meta1": "meta1",
        "year": 2024,
        "open": True,
        "distance": pytest.approx(1 - 1 / math.sqrt(1.01)),
    }
    assert len(store.similarity_search(SearchRequest(query="spring", top_k=10))) == 2


def test_loads_legacy_content_key_and_missing_id(tmp_path: Path) -> None:
    path = tmp_path / "legacy.json"
    path.write_text(
        json.dumps(
            {"k": {"content": "old text", "metadata": {}, "embedding": [1.0], "unknown": 1}}
        ),
        encoding="utf-8",
    )
    store = SimpleVectorStore(TableEmbeddingModel({"q": [1.0]}))
    store.load(path)
    (hit,) = store.similarity_search("q")
    assert hit.get_text() == "old text"
    assert hit.get_id()


def test_load_replaces_the_whole_store(tmp_path: Path, model: TableEmbeddingModel) -> None:
    path = tmp_path / "store.json"
    first = SimpleVectorStore(model)
    first.add([Document("a", "a", {})])
    first.save(path)
    second = SimpleVectorStore(model)
    second.add([Document("b", "b", {})])
    second.load(path)
    assert [d.get_id() for d in second.similarity_search("x")] == ["a"]


@pytest.mark.parametrize(
    ("content", "error", "message"),
    [
        ("not json", ValueError, "Expecting value"),
        ("[]", ValueError, "Expected a JSON object keyed by document id"),
        ('{"a": 1}', ValueError, "Expected a JSON object for a stored document"),
        (
            '{"a": {"id": "a", "text": "t", "embedding": [1.0]}}',
            ValueError,
            "metadata must not be null",
        ),
        (
            '{"a": {"id": "a", "metadata": {}, "embedding": [1.0]}}',
            ValueError,
            "content must not be null",
        ),
        (
            '{"a": {"id": "a", "text": "t", "metadata": {}, "embedding": []}}',
            ValueError,
            "embedding vector must not be empty",
        ),
        (
            '{"a": {"id": "", "text": "t", "metadata": {}, "embedding": [1]}}',
            ValueError,
            "id must not be null or empty",
        ),
    ],
)
def test_load_rejects_malformed_files(
    tmp_path: Path, store: SimpleVectorStore, content: str, error: type[Exception], message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(error, match=message):
        store.load(path)


def test_works_end_to_end_with_the_hashing_model() -> None:
    store = SimpleVectorStore(HashingEmbeddingModel())
    store.add(
        [
            Document("The cat sat on the mat", {"kind": "pets"}),
            Document("Quarterly revenue grew by ten percent", {"kind": "finance"}),
        ]
    )
    (best,) = store.similarity_search(SearchRequest(query="a cat on a mat", top_k=1))
    assert best.get_text() == "The cat sat on the mat"
    assert (
        store.similarity_search(SearchRequest(query="cat", filter_expression="kind == 'finance'"))[
            0
        ].get_metadata()["kind"]
        == "finance"
    )


# --- EmbeddingMath ---------------------------------------


def test_cosine_similarity() -> None:
    assert EmbeddingMath.cosine_similarity([1.0, 0.0], [0.0, 1.0]) == 0.0
    assert EmbeddingMath.cosine_similarity([1.0, 2.0, 3.0], [2.0, 4.0, 6.0]) == pytest.approx(1.0)
    assert EmbeddingMath.cosine_similarity([1.0, 0.0], [-1.0, 0.0]) == pytest.approx(-1.0)
    assert EmbeddingMath.dot_product([1.0, 2.0], [3.0, 4.0]) == 11.0
    assert EmbeddingMath.norm([3.0, 4.0]) == 25.0


def test_embedding_math_is_not_instantiable() -> None:
    with pytest.raises(NotImplementedError, match="utility class"):
        EmbeddingMath()


def test_load_of_deeply_nested_json_is_a_value_error_not_a_recursion_error(tmp_path: Path) -> None:
    path = tmp_path / "store.json"
    path.write_text('{"a": ' + "[" * 100_000 + "]" * 100_000 + "}")
    store = SimpleVectorStore.builder(HashingEmbeddingModel(8)).build()
    with pytest.raises(ValueError, match=r"store\.json is nested too deeply to parse as JSON"):
        store.load(path)
