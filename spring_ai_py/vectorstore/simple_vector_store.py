"""An in-memory vector store that can be saved to and loaded from a JSON file."""

from __future__ import annotations

import json
import math
import os
import threading
import uuid
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder, _json
from spring_ai_py._builder import Buildable
from spring_ai_py.document.document import Document, DocumentMetadata
from spring_ai_py.document.id.id_generator import RandomIdGenerator
from spring_ai_py.embedding.batching import BatchingStrategy
from spring_ai_py.embedding.embedding_model import EmbeddingModel
from spring_ai_py.observation.conventions import VectorStoreProvider, VectorStoreSimilarityMetric
from spring_ai_py.vectorstore._support import (
    batching_strategy_or_default,
    check_text_documents,
    embed_documents,
)
from spring_ai_py.vectorstore.filter.filter import Expression
from spring_ai_py.vectorstore.filter_expression_evaluator import (
    SimpleVectorStoreFilterExpressionEvaluator,
)
from spring_ai_py.vectorstore.observation import (
    AbstractObservationVectorStore,
    VectorStoreObservationContext,
    VectorStoreObservationConvention,
)
from spring_ai_py.vectorstore.search_request import SearchRequest

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.vectorstore._embedding_matrix import EmbeddingMatrix


class SimpleVectorStoreContent:
    """One stored entry: id, text, metadata and embedding (Spring's JSON record layout).

    Serialised as ``{"id", "text", "metadata", "embedding"}``; ``"content"`` is read as
    an alias of ``"text"`` and a missing id gets a random one.
    """

    def __init__(
        self,
        id: str | None,
        text: str | None,
        metadata: Mapping[str, Any] | None,
        embedding: Sequence[float] | None,
    ) -> None:
        if id is not None:
            _assert.has_text(id, "id must not be null or empty")
        _assert.not_none(text, "content must not be null")
        _assert.not_none(metadata, "metadata must not be null")
        _assert.not_none(embedding, "embedding must not be null")
        assert text is not None and metadata is not None and embedding is not None
        _assert.is_true(len(embedding) > 0, "embedding vector must not be empty")
        self._id = id if id is not None else RandomIdGenerator().generate_id(text, metadata)
        self._text = text
        self._metadata = dict(metadata)
        self._embedding = [float(x) for x in embedding]

    def get_id(self) -> str:
        return self._id

    def get_text(self) -> str:
        return self._text

    def get_metadata(self) -> dict[str, Any]:
        """A copy of the metadata."""
        return dict(self._metadata)

    def get_embedding(self) -> list[float]:
        """A copy of the embedding."""
        return list(self._embedding)

    def to_document(self, score: float) -> Document:
        """A document for a search hit: the score, plus ``distance`` (``1 - score``) in
        the metadata."""
        return _to_document(self._id, self._text, self._metadata, score)

    def to_json(self) -> dict[str, Any]:
        """The JSON object Spring writes for this entry."""
        return {
            "id": self._id,
            "text": self._text,
            "metadata": self._metadata,
            "embedding": self._embedding,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> SimpleVectorStoreContent:
        """Read an entry as Spring writes it (unknown fields are ignored)."""
        if not isinstance(data, Mapping):
            raise ValueError(f"Expected a JSON object for a stored document but got: {data!r}")
        text = data["text"] if "text" in data else data.get("content")
        return SimpleVectorStoreContent(
            data.get("id"),
            text,
            data.get("metadata"),
            data.get("embedding"),
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SimpleVectorStoreContent):
            return NotImplemented
        return (self._id, self._text, self._metadata, self._embedding) == (
            other._id,
            other._text,
            other._metadata,
            other._embedding,
        )

    def __hash__(self) -> int:
        return hash((self._id, self._text))

    def __repr__(self) -> str:
        return (
            f"SimpleVectorStoreContent{{id='{self._id}', content='{self._text}', "
            f"metadata={self._metadata}, embedding={self._embedding}}}"
        )


class EmbeddingMath:
    """Vector arithmetic for the similarity search."""

    def __init__(self) -> None:
        raise NotImplementedError("This is a utility class and cannot be instantiated")

    @staticmethod
    def cosine_similarity(vector_x: Sequence[float], vector_y: Sequence[float]) -> float:
        """Cosine of the angle between the vectors, in [-1, 1].

        ``RuntimeError`` for a ``None`` vector; ``ValueError`` for different lengths or
        a zero vector.
        """
        if vector_x is None or vector_y is None:
            raise RuntimeError("Vectors must not be null")
        if len(vector_x) != len(vector_y):
            raise ValueError("Vectors lengths must be equal")
        dot = EmbeddingMath.dot_product(vector_x, vector_y)
        norm_x = EmbeddingMath.norm(vector_x)
        norm_y = EmbeddingMath.norm(vector_y)
        if norm_x == 0 or norm_y == 0:
            raise ValueError("Vectors cannot have zero norm")
        return dot / (math.sqrt(norm_x) * math.sqrt(norm_y))

    @staticmethod
    def dot_product(vector_x: Sequence[float], vector_y: Sequence[float]) -> float:
        """The dot product of two vectors of equal length."""
        if len(vector_x) != len(vector_y):
            raise ValueError("Vectors lengths must be equal")
        return math.fsum(x * y for x, y in zip(vector_x, vector_y, strict=True))

    @staticmethod
    def norm(vector: Sequence[float]) -> float:
        """The squared Euclidean norm (the dot product of the vector with itself), as
        Spring computes it."""
        return EmbeddingMath.dot_product(vector, vector)


class SimpleVectorStore(AbstractObservationVectorStore, Buildable):
    """A thread-safe, in-memory vector store ranking by cosine similarity.

    ``add`` embeds the documents in the batches ``batching_strategy`` forms (a
    :class:`~spring_ai_py.embedding.TokenCountBatchingStrategy` by default, one model
    request per batch; Spring's ``SimpleVectorStore`` takes the option but embeds one
    document per request) and keeps them by id (a known id is replaced); ``similarity_search`` embeds the query, keeps
    the entries matching the filter, scores each by cosine similarity, drops those
    below the threshold and returns the best ``top_k``, each with its ``score`` and a
    ``distance`` (``1 - score``) metadata entry. ``save`` / ``load`` use Spring's JSON
    file layout (an object keyed by document id), so a store saved by Spring AI loads
    here and the other way round. Only text documents can be added.

    Embeddings are held as float32 (Spring's ``float[]``) in one contiguous numpy
    matrix, all of one dimension (``add`` rejects another with ``ValueError``); a search
    is one matrix-vector product and a partial sort, and the final scores are computed
    exactly as :meth:`EmbeddingMath.cosine_similarity` computes them, so scores and
    ordering (ties in insertion order) are those of a one-by-one scan. The matches of a
    filter expression are evaluated once per document and cached.

    Build with ``SimpleVectorStore(embedding_model)`` or
    ``SimpleVectorStore.builder(embedding_model).build()``.
    """

    EmbeddingMath = EmbeddingMath
    """Spring's nested ``SimpleVectorStore.EmbeddingMath`` (the same class)."""

    def __init__(
        self,
        embedding_model: EmbeddingModel,
        tracer_provider: TracerProvider | None = None,
        custom_observation_convention: VectorStoreObservationConvention | None = None,
        batching_strategy: BatchingStrategy | None = None,
    ) -> None:
        _assert.not_none(embedding_model, "EmbeddingModel must be configured")
        super().__init__(embedding_model, tracer_provider, custom_observation_convention)
        self._batching_strategy = batching_strategy_or_default(batching_strategy)
        # numpy is imported on first use, not with the package.
        from spring_ai_py.vectorstore._embedding_matrix import EmbeddingMatrix

        self._evaluator = SimpleVectorStoreFilterExpressionEvaluator()
        self._lock = threading.RLock()
        self._matrix: EmbeddingMatrix = EmbeddingMatrix()
        self._observed_dimensions: int | None = None

    @staticmethod
    def builder(embedding_model: EmbeddingModel) -> SimpleVectorStore.Builder:
        """A builder over ``embedding_model`` (observation settings, batching strategy)."""
        _assert.not_none(embedding_model, "EmbeddingModel must be configured")
        return SimpleVectorStore.Builder(SimpleVectorStore, {"embedding_model": embedding_model})

    def create_observation_context_builder(
        self, operation_name: str
    ) -> VectorStoreObservationContext.Builder:
        if self._observed_dimensions is None:
            # asked once: a model without known dimensions embeds a probe text to find out
            self._observed_dimensions = self._embedding_model.dimensions()
        return (
            VectorStoreObservationContext.builder(VectorStoreProvider.SIMPLE.value, operation_name)
            .dimensions(self._observed_dimensions)
            .collection_name("in-memory-map")
            .similarity_metric(VectorStoreSimilarityMetric.COSINE.value)
        )

    def do_add(self, documents: list[Document]) -> None:
        check_text_documents(documents)
        embeddings = embed_documents(self._embedding_model, documents, self._batching_strategy)
        ids = [document.get_id() for document in documents]
        for id_ in ids:
            _assert.has_text(id_, "id must not be null or empty")
        texts = [document.get_text() or "" for document in documents]
        metadata = [dict(document.get_metadata()) for document in documents]
        with self._lock:
            self._matrix.upsert(ids, texts, metadata, embeddings, self._evaluator.evaluate)

    def do_delete(self, id_list: list[str]) -> None:
        with self._lock:
            self._matrix.delete_ids(id_list)

    def do_delete_by_filter(self, filter_expression: Expression) -> None:
        with self._lock:
            if len(self._matrix):
                matching = self._matrix.mask(filter_expression, self._evaluator.evaluate)
                self._matrix.delete(~matching)

    def do_similarity_search(self, request: SearchRequest) -> list[Document]:
        query_embedding = self._embedding_model.embed(request.get_query())
        filter_expression = request.get_filter_expression()
        with self._lock:
            matrix = self._matrix
            if len(matrix) == 0:
                return []
            matching = (
                None
                if filter_expression is None
                else matrix.mask(filter_expression, self._evaluator.evaluate)
            )
            hits = matrix.search(
                query_embedding,
                request.get_top_k(),
                request.get_similarity_threshold(),
                matching,
            )
            return [
                _to_document(matrix.ids[row], matrix.texts[row], matrix.metadata[row], score)
                for row, score in hits
            ]

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the store to ``path`` as JSON in Spring's layout (overwriting it).

        ``OSError`` when the file cannot be written.
        """
        with self._lock:
            data = {
                id_: {"id": id_, "text": text, "metadata": metadata, "embedding": embedding}
                for id_, text, metadata, embedding in self._matrix.rows()
            }
            text = _to_json(data)
        Path(path).write_text(text, encoding="utf-8")

    def load(self, path: str | os.PathLike[str]) -> None:
        """Replace the store's contents with the JSON file at ``path``.

        ``OSError`` when it cannot be read; ``ValueError`` when it is not a JSON object
        of stored documents (or their embeddings differ in dimension), also when it
        nests too deeply to parse.
        """
        data = _json.loads(Path(path).read_text(encoding="utf-8"), f"Vector store file {path}")
        if not isinstance(data, dict):
            raise ValueError(f"Expected a JSON object keyed by document id in {path}")
        contents = {
            str(id_): SimpleVectorStoreContent.from_json(entry) for id_, entry in data.items()
        }
        from spring_ai_py.vectorstore._embedding_matrix import EmbeddingMatrix

        matrix = EmbeddingMatrix()
        if contents:
            matrix.upsert(
                list(contents),
                [content.get_text() for content in contents.values()],
                [content.get_metadata() for content in contents.values()],
                [content.get_embedding() for content in contents.values()],
                self._evaluator.evaluate,
            )
        with self._lock:
            self._matrix = matrix

    @classmethod
    def _check_builder_value(cls, name: str, value: object) -> None:
        if name == "batching_strategy":
            _assert.not_none(value, "BatchingStrategy must not be null")

    # --- generated builder (own builder()) ---
    class Builder(_builder.Builder["SimpleVectorStore"]):
        """The builder of :class:`SimpleVectorStore`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def embedding_model(self, embedding_model: EmbeddingModel, /) -> Self:
            return self._set("embedding_model", (embedding_model,))

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def custom_observation_convention(self, custom_observation_convention: VectorStoreObservationConvention | None, /) -> Self:
            return self._set("custom_observation_convention", (custom_observation_convention,))

        def batching_strategy(self, batching_strategy: BatchingStrategy | None, /) -> Self:
            return self._set("batching_strategy", (batching_strategy,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> SimpleVectorStore: ...
    # --- end of generated builder ---

def _to_document(id_: str, text: str, metadata: Mapping[str, Any], score: float) -> Document:
    hit_metadata = dict(metadata)
    hit_metadata[DocumentMetadata.DISTANCE.value] = 1.0 - score
    return Document.builder().id(id_).text(text).metadata(hit_metadata).score(score).build()


def _to_json(data: dict[str, dict[str, Any]]) -> str:
    """Pretty JSON with every embedding kept on one line (a file stays readable even
    with thousand-dimension vectors)."""
    nonce = uuid.uuid4().hex
    embeddings: dict[str, str] = {}
    for index, entry in enumerate(data.values()):
        marker = f"embedding-{nonce}-{index}"
        embeddings[json.dumps(marker)] = json.dumps(entry["embedding"])
        entry["embedding"] = marker
    text = json.dumps(data, indent=2, ensure_ascii=False)
    for marker, embedding in embeddings.items():
        text = text.replace(marker, embedding, 1)
    return text
