"""``org.springframework.ai.ollama``: the chat and embedding models on the official
``ollama`` SDK (the ``ollama`` extra: ``pip install 'spring_ai_py[ollama]'``).

Importing this package does not import the SDK; the models import it when first
used (an ``ImportError`` naming the extra when it is not installed). Ollama runs models
locally and needs no API key: :class:`OllamaApi` says where the server is
(``http://localhost:11434`` by default), :mod:`.management` pulls models into it.
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports
from spring_ai_py.ollama.api import (
    DEFAULT_BASE_URL,
    OllamaApi,
    OllamaModel,
    ThinkBoolean,
    ThinkLevel,
    ThinkOption,
)
from spring_ai_py.ollama.chat_model import OllamaChatModel
from spring_ai_py.ollama.chat_options import OllamaChatOptions
from spring_ai_py.ollama.embedding import OllamaEmbeddingModel, OllamaEmbeddingOptions
from spring_ai_py.ollama.management import (
    ModelManagementOptions,
    OllamaModelManager,
    PullModelStrategy,
)

__all__ = [
    "DEFAULT_BASE_URL",
    "ModelManagementOptions",
    "OllamaApi",
    "OllamaChatModel",
    "OllamaChatOptions",
    "OllamaChatProperties",
    "OllamaConnectionProperties",
    "OllamaEmbeddingModel",
    "OllamaEmbeddingOptions",
    "OllamaEmbeddingProperties",
    "OllamaInitializationProperties",
    "OllamaModel",
    "OllamaModelManager",
    "PullModelStrategy",
    "ThinkBoolean",
    "ThinkLevel",
    "ThinkOption",
]

_PROPERTIES = "spring_ai_py.ollama._autoconfigure"
__getattr__, __dir__ = _lazy_exports(
    __name__,
    {
        name: _PROPERTIES
        for name in (
            "OllamaChatProperties",
            "OllamaConnectionProperties",
            "OllamaEmbeddingProperties",
            "OllamaInitializationProperties",
        )
    },
)

if TYPE_CHECKING:
    from spring_ai_py.ollama._autoconfigure import (
        OllamaChatProperties,
        OllamaConnectionProperties,
        OllamaEmbeddingProperties,
        OllamaInitializationProperties,
    )
