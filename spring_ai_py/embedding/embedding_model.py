"""The embedding model contract: turn texts (or documents) into vectors."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar, TypeAlias, overload

from spring_ai_py import _assert
from spring_ai_py.document.document import Document
from spring_ai_py.embedding.request import EmbeddingOptions, EmbeddingRequest
from spring_ai_py.embedding.response import EmbeddingResponse

TextBatch: TypeAlias = Sequence[str | Document]
"""A batch to embed: texts, documents, or both (a ``str`` is one text, never a batch)."""


class EmbeddingModel(ABC):
    """A model that maps text to vectors.

    Only :meth:`call` must be implemented; ``embed`` (one text, one document, or a batch),
    :meth:`embed_for_response` and :meth:`dimensions` are built on it. ``dimensions()``
    embeds a probe text on every call, so override it (or extend
    :class:`AbstractEmbeddingModel`, which caches it) when the answer is known.
    """

    @abstractmethod
    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        """Embed every input of ``request``; one result per input, in input order."""

    @overload
    def embed(self, text: str | Document) -> list[float]: ...  # type: ignore[overload-overlap]

    @overload
    def embed(self, text: TextBatch) -> list[list[float]]: ...

    def embed(self, text: str | Document | TextBatch) -> list[float] | list[list[float]]:
        """Embed one text or document into a vector, or a batch into one vector each.

        A batch (a list of texts, documents, or both) goes to the model in one request,
        with empty default options. Documents contribute
        :meth:`get_embedding_content`.
        """
        if isinstance(text, str):
            return self.embed([text])[0]
        if isinstance(text, Document):
            content = self.get_embedding_content(text)
            return self.embed(_assert.not_none(content, "Text must not be null"))
        if text is None:
            raise ValueError("Text must not be null")
        texts: list[str] = []
        for item in text:
            content = self.get_embedding_content(item) if isinstance(item, Document) else item
            texts.append(_assert.not_none(content, "Texts must not contain null elements"))
        response = self.call(EmbeddingRequest(texts, EmbeddingOptions.builder().build()))
        return [embedding.get_output() for embedding in response.get_results()]

    def get_embedding_content(self, document: Document) -> str | None:
        """The text of ``document`` that gets embedded: its text by default.

        Models that embed metadata too override this to return
        ``document.get_formatted_content(MetadataMode.EMBED)``.
        """
        _assert.not_none(document, "Document must not be null")
        return document.get_text()

    def embed_for_response(self, texts: Sequence[str]) -> EmbeddingResponse:
        """Embed a batch and return the whole response (metadata and usage included)."""
        _assert.not_none(texts, "Texts must not be null")
        return self.call(EmbeddingRequest(list(texts), EmbeddingOptions.builder().build()))

    def dimensions(self) -> int:
        """The length of the vectors this model produces (found by embedding a probe)."""
        return len(self.embed("Test String"))


class AbstractEmbeddingModel(EmbeddingModel):
    """Base class that remembers the dimensions once found.

    :meth:`dimensions` looks the model up in a table of well-known models and, when it
    is not there, embeds a probe text once and caches the vector length.
    """

    KNOWN_EMBEDDING_DIMENSIONS: ClassVar[dict[str, int]] = {
        "text-embedding-ada-002": 1536,
        "text-similarity-ada-001": 1024,
        "text-similarity-babbage-001": 2048,
        "text-similarity-curie-001": 4096,
        "text-similarity-davinci-001": 12288,
        "text-search-ada-doc-001": 1024,
        "text-search-ada-query-001": 1024,
        "text-search-babbage-doc-001": 2048,
        "text-search-babbage-query-001": 2048,
        "text-search-curie-doc-001": 4096,
        "text-search-curie-query-001": 4096,
        "text-search-davinci-doc-001": 12288,
        "text-search-davinci-query-001": 12288,
        "code-search-ada-code-001": 1024,
        "code-search-ada-text-001": 1024,
        "code-search-babbage-code-001": 2048,
        "code-search-babbage-text-001": 2048,
        "sentence-transformers/all-MiniLM-L6-v2": 384,
        "text-embedding-004": 768,
        "text-multilingual-embedding-002": 768,
        "gemini-embedding-001": 3072,
        "multimodalembedding@001": 768,
    }

    _embedding_dimensions: int = -1

    @staticmethod
    def dimensions_of(embedding_model: EmbeddingModel, model_name: str, dummy_content: str) -> int:
        """The dimensions of ``model_name``: from the table of known models, else by
        embedding ``dummy_content`` with ``embedding_model`` (Spring's static
        ``dimensions(model, name, content)``)."""
        known = AbstractEmbeddingModel.KNOWN_EMBEDDING_DIMENSIONS.get(model_name)
        if known is not None:
            return known
        return len(embedding_model.embed(dummy_content))

    def dimensions(self) -> int:
        if self._embedding_dimensions < 0:
            self._embedding_dimensions = AbstractEmbeddingModel.dimensions_of(
                self, "Test", "Hello World"
            )
        return self._embedding_dimensions
