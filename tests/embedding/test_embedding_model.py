"""Behaviours of Spring's AbstractEmbeddingModelTests and the embedding value types."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.metadata import DefaultUsage, EmptyUsage
from spring_ai_py.content import Media
from spring_ai_py.document import Document, MetadataMode
from spring_ai_py.embedding import (
    AbstractEmbeddingModel,
    DefaultEmbeddingOptions,
    Embedding,
    EmbeddingModel,
    EmbeddingOptions,
    EmbeddingRequest,
    EmbeddingResponse,
    EmbeddingResponseMetadata,
    EmbeddingResultMetadata,
    ModalityType,
    ModalityUtils,
)


class LengthModel(EmbeddingModel):
    """Embeds each text as [len(text), index + 1, 1.0] and records every request."""

    def __init__(self) -> None:
        self.requests: list[EmbeddingRequest] = []

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        self.requests.append(request)
        return EmbeddingResponse(
            [
                Embedding([float(len(text)), float(i + 1), 1.0], i)
                for i, text in enumerate(request.get_instructions())
            ],
            EmbeddingResponseMetadata("length", DefaultUsage(len(request.get_instructions()), 0)),
        )


class MetadataAwareModel(LengthModel):
    def get_embedding_content(self, document: Document) -> str | None:
        return document.get_formatted_content(MetadataMode.EMBED)


def test_embed_text_goes_through_call_with_default_options() -> None:
    model = LengthModel()
    assert model.embed("hello") == [5.0, 1.0, 1.0]
    (request,) = model.requests
    assert request.get_instructions() == ["hello"]
    assert request.get_options() == DefaultEmbeddingOptions()


def test_embed_batch_keeps_input_order() -> None:
    model = LengthModel()
    assert model.embed(["a", "bbb"]) == [[1.0, 1.0, 1.0], [3.0, 2.0, 1.0]]
    assert len(model.requests) == 1


def test_embed_document_uses_its_text_by_default() -> None:
    model = LengthModel()
    document = Document("raw text", {"key": "value"})
    assert model.get_embedding_content(document) == "raw text"
    assert model.embed(document) == [8.0, 1.0, 1.0]


def test_batched_documents_use_get_embedding_content() -> None:
    model = MetadataAwareModel()
    document = Document("Some content", {"title": "Getting Started"})
    model.embed([document, "plain"])
    assert model.requests[0].get_instructions() == [
        "title: Getting Started\n\nSome content",
        "plain",
    ]


def test_embed_for_response_returns_metadata() -> None:
    response = LengthModel().embed_for_response(["x", "y"])
    assert [e.get_index() for e in response.get_results()] == [0, 1]
    assert response.get_metadata().get_model() == "length"
    assert response.get_metadata().get_usage().get_prompt_tokens() == 2


def test_dimensions_embeds_a_probe_each_time() -> None:
    model = LengthModel()
    assert model.dimensions() == 3
    assert model.dimensions() == 3
    assert [r.get_instructions() for r in model.requests] == [["Test String"], ["Test String"]]


def test_embed_rejects_none() -> None:
    model = LengthModel()
    with pytest.raises(ValueError, match="Text must not be null"):
        model.embed(None)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="Texts must not be null"):
        model.embed_for_response(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="Document must not be null"):
        model.get_embedding_content(None)  # type: ignore[arg-type]


def test_embed_rejects_none_inside_a_batch_and_media_documents() -> None:
    model = LengthModel()
    with pytest.raises(ValueError, match="Texts must not contain null elements"):
        model.embed(["ok", None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="Text must not be null"):
        model.embed(Document(Media("image/png", b"\x00"), {}))


class CachingModel(AbstractEmbeddingModel, LengthModel):
    pass


def test_abstract_model_caches_dimensions() -> None:
    model = CachingModel()
    assert model.dimensions() == 3
    assert model.dimensions() == 3
    assert [r.get_instructions() for r in model.requests] == [["Hello World"]]


@pytest.mark.parametrize(
    ("name", "dimensions"),
    [("text-embedding-ada-002", 1536), ("sentence-transformers/all-MiniLM-L6-v2", 384)],
)
def test_known_model_dimensions_need_no_call(name: str, dimensions: int) -> None:
    model = LengthModel()
    assert AbstractEmbeddingModel.dimensions_of(model, name, "Hello world!") == dimensions
    assert model.requests == []


def test_unknown_model_dimensions_are_measured() -> None:
    model = LengthModel()
    assert AbstractEmbeddingModel.dimensions_of(model, "unknown_model", "Hello world!") == 3
    assert model.requests[0].get_instructions() == ["Hello world!"]


# --- value types ----------------------------------------------------------------


def test_embedding_options_builder() -> None:
    options = EmbeddingOptions.builder().model("m").dimensions(256).build()
    assert isinstance(options, DefaultEmbeddingOptions)
    assert (options.get_model(), options.get_dimensions()) == ("m", 256)
    empty = EmbeddingOptions.builder().build()
    assert (empty.get_model(), empty.get_dimensions()) == (None, None)
    assert options.mutate().model("n").build() == DefaultEmbeddingOptions("n", 256)


def test_embedding_equality_ignores_metadata_and_hides_vector_in_repr() -> None:
    meta = EmbeddingResultMetadata("doc", ModalityType.IMAGE, "image/png", b"x")
    assert Embedding([0.1, 0.2], 0, meta) == Embedding([0.1, 0.2], 0)
    assert hash(Embedding([0.1, 0.2], 0, meta)) == hash(Embedding([0.1, 0.2], 0))
    assert Embedding([0.1], 0) != Embedding([0.1], 1)
    assert repr(Embedding([0.1], 3)) == "Embedding{embedding=<has data>, index=3}"
    assert repr(Embedding([], 0)) == "Embedding{embedding=<empty>, index=0}"
    assert Embedding([1.0], 0).get_metadata() is EmbeddingResultMetadata.EMPTY


def test_embedding_response_result_and_empty_error() -> None:
    response = EmbeddingResponse([Embedding([1.0], 0), Embedding([2.0], 1)])
    assert response.get_result() == Embedding([1.0], 0)
    assert len(response.get_results()) == 2
    assert response.get_metadata() == EmbeddingResponseMetadata()
    with pytest.raises(ValueError, match=r"No embedding data available\."):
        EmbeddingResponse([]).get_result()


def test_response_metadata_defaults_and_entries() -> None:
    metadata = EmbeddingResponseMetadata()
    assert metadata.get_model() == ""
    assert metadata.get_usage() == EmptyUsage()
    assert metadata.is_empty()
    metadata.set_model("m")
    metadata.set_usage(DefaultUsage(3, 0))
    assert metadata.get_usage().get_total_tokens() == 3
    full = EmbeddingResponseMetadata("m", None, {"id": "r-1"})
    assert full.get("id") == "r-1"
    assert full.get_required("id") == "r-1"
    assert full.contains_key("id")
    assert full.get_or_default("missing", 7) == 7
    assert list(full.key_set()) == ["id"]
    assert dict(full.entry_set()) == {"id": "r-1"}
    with pytest.raises(ValueError, match=r"Context does not have an entry for key \[missing\]"):
        full.get_required("missing")


def test_result_metadata_rejects_nulls() -> None:
    with pytest.raises(ValueError, match="ModalityType must not be null"):
        EmbeddingResultMetadata(modality_type=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="MimeType must not be null"):
        EmbeddingResultMetadata(mime_type=None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("mime_type", "modality"),
    [
        (None, ModalityType.TEXT),
        ("text/plain", ModalityType.TEXT),
        ("image/png", ModalityType.IMAGE),
        ("audio/mpeg", ModalityType.AUDIO),
        ("video/mp4", ModalityType.VIDEO),
    ],
)
def test_modality_from_mime_type(mime_type: str | None, modality: ModalityType) -> None:
    assert ModalityUtils.get_modality_type(mime_type) is modality


def test_modality_rejects_unsupported_mime_type() -> None:
    with pytest.raises(ValueError, match="Unsupported MimeType: application/json"):
        ModalityUtils.get_modality_type("application/json")
