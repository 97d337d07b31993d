"""What comes out of an embedding model: one vector per input, plus metadata."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from spring_ai_py import _assert
from spring_ai_py.chat.metadata import EmptyUsage, Usage
from spring_ai_py.model.response_metadata import AbstractResponseMetadata


class ModalityType(enum.Enum):
    """The kind of source data an embedding was computed from."""

    TEXT = "TEXT"
    IMAGE = "IMAGE"
    AUDIO = "AUDIO"
    VIDEO = "VIDEO"


class ModalityUtils:
    """Infers the modality from a MIME type."""

    @staticmethod
    def get_modality_type(mime_type: str | None) -> ModalityType:
        """``image/*`` → IMAGE, ``audio/*`` → AUDIO, ``video/*`` → VIDEO, ``text/*`` or
        ``None`` → TEXT; anything else is a ``ValueError``."""
        if mime_type is None:
            return ModalityType.TEXT
        main_type = mime_type.split("/", 1)[0].strip().lower()
        modality = {
            "image": ModalityType.IMAGE,
            "audio": ModalityType.AUDIO,
            "video": ModalityType.VIDEO,
            "text": ModalityType.TEXT,
            "*": ModalityType.IMAGE,
        }.get(main_type)
        if modality is None:
            raise ValueError(f"Unsupported MimeType: {mime_type}")
        return modality


@dataclass(frozen=True)
class EmbeddingResultMetadata:
    """Where an embedding came from: document id, modality, MIME type and source data."""

    document_id: str = ""
    modality_type: ModalityType = ModalityType.TEXT
    mime_type: str = "text/plain"
    document_data: Any = None

    EMPTY: ClassVar[EmbeddingResultMetadata]

    def __post_init__(self) -> None:
        _assert.not_none(self.modality_type, "ModalityType must not be null")
        _assert.not_none(self.mime_type, "MimeType must not be null")

    def get_document_id(self) -> str:
        return self.document_id

    def get_modality_type(self) -> ModalityType:
        return self.modality_type

    def get_mime_type(self) -> str:
        return self.mime_type

    def get_document_data(self) -> Any:
        return self.document_data


EmbeddingResultMetadata.EMPTY = EmbeddingResultMetadata()


@dataclass(frozen=True)
class Embedding:
    """One embedding vector (``output``) and its position among the request's inputs.

    Equality compares the vector and the index, not the metadata.
    """

    output: list[float]
    index: int | None = None
    metadata: EmbeddingResultMetadata = field(default=EmbeddingResultMetadata.EMPTY, compare=False)

    def get_output(self) -> list[float]:
        """The vector."""
        return self.output

    def get_index(self) -> int | None:
        """The position of the embedded input in the request."""
        return self.index

    def get_metadata(self) -> EmbeddingResultMetadata:
        return self.metadata

    def __hash__(self) -> int:
        return hash((tuple(self.output), self.index))

    def __repr__(self) -> str:
        data = "<empty>" if not self.output else "<has data>"
        return f"Embedding{{embedding={data}, index={self.index}}}"


class EmbeddingResponseMetadata(AbstractResponseMetadata):
    """Metadata of an embedding response: the model that answered, its usage, and
    provider-specific entries readable like a mapping (``get``, ``contains_key``, ...)."""

    def __init__(
        self,
        model: str = "",
        usage: Usage | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        self._model = model
        self._usage: Usage = usage if usage is not None else EmptyUsage()
        super().__init__(metadata)

    def get_model(self) -> str:
        """The model that handled the request."""
        return self._model

    def set_model(self, model: str) -> None:
        self._model = model

    def get_usage(self) -> Usage:
        """The provider's usage report (``EmptyUsage`` when none)."""
        return self._usage

    def set_usage(self, usage: Usage) -> None:
        self._usage = usage

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, EmbeddingResponseMetadata):
            return NotImplemented
        return (self._model, self._usage, self._map) == (other._model, other._usage, other._map)

    def __hash__(self) -> int:
        return hash(self._model)

    def __repr__(self) -> str:
        return f"EmbeddingResponseMetadata(model={self._model!r}, usage={self._usage!r})"


@dataclass(frozen=True)
class EmbeddingResponse:
    """The embeddings for a request's inputs, in input order, and the response metadata."""

    results: list[Embedding]
    metadata: EmbeddingResponseMetadata = field(default_factory=EmbeddingResponseMetadata)

    def get_result(self) -> Embedding:
        """The first embedding; ``ValueError`` when there is none."""
        _assert.not_empty(self.results, "No embedding data available.")
        return self.results[0]

    def get_results(self) -> list[Embedding]:
        return self.results

    def get_metadata(self) -> EmbeddingResponseMetadata:
        return self.metadata

    def __hash__(self) -> int:
        return hash(tuple(self.results))

    def __repr__(self) -> str:
        return f"EmbeddingResult{{data={self.results}, metadata={self.metadata}}}"
