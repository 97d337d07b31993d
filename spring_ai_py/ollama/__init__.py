"""``org.springframework.ai.ollama``: the chat and embedding models on the official
``ollama`` SDK (the ``ollama`` extra: ``pip install 'spring_ai_py[ollama]'``).

Importing this package imports neither the SDK nor the models: each name here loads
its module on first use, and the models import the SDK when first used (an
``ImportError`` naming the extra when it is not installed). Ollama runs models locally
and needs no API key: :class:`OllamaApi` says where the server is
(``http://localhost:11434`` by default), :mod:`.management` pulls models into it.
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

_PROPERTIES = "spring_ai_py.ollama._autoconfigure"
_EXPORTS: dict[str, str] = {
    "DEFAULT_BASE_URL": "spring_ai_py.ollama.api",
    "ModelManagementOptions": "spring_ai_py.ollama.management",
    "OllamaApi": "spring_ai_py.ollama.api",
    "OllamaChatModel": "spring_ai_py.ollama.chat_model",
    "OllamaChatOptions": "spring_ai_py.ollama.chat_options",
    "OllamaChatProperties": _PROPERTIES,
    "OllamaConnectionProperties": _PROPERTIES,
    "OllamaEmbeddingModel": "spring_ai_py.ollama.embedding",
    "OllamaEmbeddingOptions": "spring_ai_py.ollama.embedding",
    "OllamaEmbeddingProperties": _PROPERTIES,
    "OllamaInitializationProperties": _PROPERTIES,
    "OllamaModel": "spring_ai_py.ollama.api",
    "OllamaModelManager": "spring_ai_py.ollama.management",
    "PullModelStrategy": "spring_ai_py.ollama.management",
    "ThinkBoolean": "spring_ai_py.ollama.api",
    "ThinkLevel": "spring_ai_py.ollama.api",
    "ThinkOption": "spring_ai_py.ollama.api",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.ollama._autoconfigure import (
        OllamaChatProperties as OllamaChatProperties,
    )
    from spring_ai_py.ollama._autoconfigure import (
        OllamaConnectionProperties as OllamaConnectionProperties,
    )
    from spring_ai_py.ollama._autoconfigure import (
        OllamaEmbeddingProperties as OllamaEmbeddingProperties,
    )
    from spring_ai_py.ollama._autoconfigure import (
        OllamaInitializationProperties as OllamaInitializationProperties,
    )
    from spring_ai_py.ollama.api import (
        DEFAULT_BASE_URL as DEFAULT_BASE_URL,
    )
    from spring_ai_py.ollama.api import (
        OllamaApi as OllamaApi,
    )
    from spring_ai_py.ollama.api import (
        OllamaModel as OllamaModel,
    )
    from spring_ai_py.ollama.api import (
        ThinkBoolean as ThinkBoolean,
    )
    from spring_ai_py.ollama.api import (
        ThinkLevel as ThinkLevel,
    )
    from spring_ai_py.ollama.api import (
        ThinkOption as ThinkOption,
    )
    from spring_ai_py.ollama.chat_model import (
        OllamaChatModel as OllamaChatModel,
    )
    from spring_ai_py.ollama.chat_options import (
        OllamaChatOptions as OllamaChatOptions,
    )
    from spring_ai_py.ollama.embedding import (
        OllamaEmbeddingModel as OllamaEmbeddingModel,
    )
    from spring_ai_py.ollama.embedding import (
        OllamaEmbeddingOptions as OllamaEmbeddingOptions,
    )
    from spring_ai_py.ollama.management import (
        ModelManagementOptions as ModelManagementOptions,
    )
    from spring_ai_py.ollama.management import (
        OllamaModelManager as OllamaModelManager,
    )
    from spring_ai_py.ollama.management import (
        PullModelStrategy as PullModelStrategy,
    )
