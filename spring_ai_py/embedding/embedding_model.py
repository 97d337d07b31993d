"""The embedding model contract: turn texts (or documents) into vectors."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, ClassVar, TypeAlias, overload

from spring_ai_py import _assert
from spring_ai_py._bridge import run_blocking
from spring_ai_py.document.document import Document
from spring_ai_py.embedding.request import EmbeddingOptions, EmbeddingRequest
from spring_ai_py.embedding.response import EmbeddingResponse

if TYPE_CHECKING:
    from spring_ai_py.embedding.batching import BatchingStrategy

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

    @overload
    def embed(
        self,
        text: Sequence[Document],
        options: EmbeddingOptions | None,
        batching_strategy: BatchingStrategy,
    ) -> list[list[float]]: ...

    def embed(
        self,
        text: str | Document | TextBatch,
        options: EmbeddingOptions | None = None,
        batching_strategy: BatchingStrategy | None = None,
    ) -> list[float] | list[list[float]]:
        """Embed one text or document into a vector, or a batch into one vector each.

        A batch (a list of texts, documents, or both) goes to the model in one request,
        with empty default options. Documents contribute
        :meth:`get_embedding_content`.

        ``embed(documents, options, batching_strategy)`` is Spring's batched overload:
        the strategy splits the documents into batches, each batch is one request with
        ``options``, and the vectors come back in document order.
        """
        flow = self._embed_flow(text, options, batching_strategy)
        try:
            request = next(flow)
            while True:
                request = flow.send(self.call(request))
        except StopIteration as done:
            result: list[float] | list[list[float]] = done.value
            return result

    async def acall(self, request: EmbeddingRequest) -> EmbeddingResponse:
        """The awaitable twin of :meth:`call`. By default ``call`` runs off the event
        loop (on the loop's default executor); providers override this with their SDK's
        async client."""
        return await run_blocking(None, self.call, request)

    @overload
    async def aembed(self, text: str | Document) -> list[float]: ...  # type: ignore[overload-overlap]

    @overload
    async def aembed(self, text: TextBatch) -> list[list[float]]: ...

    @overload
    async def aembed(
        self,
        text: Sequence[Document],
        options: EmbeddingOptions | None,
        batching_strategy: BatchingStrategy,
    ) -> list[list[float]]: ...

    async def aembed(
        self,
        text: str | Document | TextBatch,
        options: EmbeddingOptions | None = None,
        batching_strategy: BatchingStrategy | None = None,
    ) -> list[float] | list[list[float]]:
        """The awaitable twin of :meth:`embed`, with the same arguments and results.

        A model with a native :meth:`acall` (the OpenAI model) sends its requests with
        it and holds no thread; any other model runs :meth:`embed` off the event loop,
        so an override of ``embed`` is honoured.
        """
        if type(self).acall is EmbeddingModel.acall:
            return await run_blocking(None, self.embed, text, options, batching_strategy)
        flow = self._embed_flow(text, options, batching_strategy)
        try:
            request = next(flow)
            while True:
                request = flow.send(await self.acall(request))
        except StopIteration as done:
            result: list[float] | list[list[float]] = done.value
            return result

    def _embed_flow(
        self,
        text: object,
        options: EmbeddingOptions | None,
        batching_strategy: BatchingStrategy | None,
    ) -> Generator[EmbeddingRequest, EmbeddingResponse, list[float] | list[list[float]]]:
        """The decisions of :meth:`embed` and :meth:`aembed`: yields each request to
        send, receives its response, returns the vectors."""
        if batching_strategy is not None:
            return (yield from self._embed_in_batches(text, options, batching_strategy))
        if options is not None:
            raise TypeError(
                "embed(documents, options, batching_strategy) needs a batching_strategy"
            )
        if isinstance(text, Document):
            text = _assert.not_none(self.get_embedding_content(text), "Text must not be null")
        if isinstance(text, str):
            vectors = yield from self._embed_flow([text], None, None)
            return vectors[0]  # type: ignore[return-value]
        if text is None:
            raise ValueError("Text must not be null")
        texts: list[str] = []
        for item in text:  # type: ignore[attr-defined]
            content = self.get_embedding_content(item) if isinstance(item, Document) else item
            texts.append(_assert.not_none(content, "Texts must not contain null elements"))
        response = yield EmbeddingRequest(texts, EmbeddingOptions.builder().build())
        return [embedding.get_output() for embedding in response.get_results()]

    def _embed_in_batches(
        self,
        documents: object,
        options: EmbeddingOptions | None,
        batching_strategy: BatchingStrategy,
    ) -> Generator[EmbeddingRequest, EmbeddingResponse, list[list[float]]]:
        _assert.not_none(documents, "Documents must not be null")
        if isinstance(documents, str | Document) or not isinstance(documents, Sequence):
            raise TypeError(
                "embed(documents, options, batching_strategy) takes a list of documents"
            )
        embeddings: list[list[float]] = []
        for sub_batch in batching_strategy.batch(list(documents)):
            texts = [
                _assert.not_none(
                    self.get_embedding_content(document), "Texts must not contain null elements"
                )
                for document in sub_batch
            ]
            response = yield EmbeddingRequest(texts, options)
            results = response.get_results()
            # Spring indexes the results by position (an IndexOutOfBounds when short);
            # a short response here fails with the count check's message instead.
            embeddings.extend(result.get_output() for result in results[: len(sub_batch)])
            if len(results) < len(sub_batch):
                break
        _assert.is_true(
            len(embeddings) == len(documents),
            "Embeddings must have the same number as that of the documents",
        )
        return embeddings

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
