"""``org.springframework.ai.openai``: chat and embedding models on the official ``openai`` SDK.

Importing this package does not import the SDK (it takes about half a second); a model
imports it when it is first used. Each name here loads its module on first use: the
embedding model (and the embedding stack) only when it is asked for, the
``spring.ai.openai.*`` properties classes (they import pydantic) likewise.
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

_PROPERTIES = "spring_ai_py.openai._autoconfigure"
_EXPORTS: dict[str, str] = {
    "AbstractOpenAiProperties": _PROPERTIES,
    "OpenAiChatModel": "spring_ai_py.openai.chat_model",
    "OpenAiChatOptions": "spring_ai_py.openai.chat_options",
    "OpenAiChatProperties": _PROPERTIES,
    "OpenAiCommonProperties": _PROPERTIES,
    "OpenAiConnection": _PROPERTIES,
    "OpenAiEmbeddingModel": "spring_ai_py.openai.embedding",
    "OpenAiEmbeddingOptions": "spring_ai_py.openai.embedding",
    "OpenAiEmbeddingProperties": "spring_ai_py.openai._embedding_autoconfigure",
    "ResponseFormat": "spring_ai_py.openai.chat_options",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.openai._autoconfigure import (
        AbstractOpenAiProperties as AbstractOpenAiProperties,
    )
    from spring_ai_py.openai._autoconfigure import OpenAiChatProperties as OpenAiChatProperties
    from spring_ai_py.openai._autoconfigure import (
        OpenAiCommonProperties as OpenAiCommonProperties,
    )
    from spring_ai_py.openai._autoconfigure import OpenAiConnection as OpenAiConnection
    from spring_ai_py.openai._embedding_autoconfigure import (
        OpenAiEmbeddingProperties as OpenAiEmbeddingProperties,
    )
    from spring_ai_py.openai.chat_model import OpenAiChatModel as OpenAiChatModel
    from spring_ai_py.openai.chat_options import OpenAiChatOptions as OpenAiChatOptions
    from spring_ai_py.openai.chat_options import ResponseFormat as ResponseFormat
    from spring_ai_py.openai.embedding import OpenAiEmbeddingModel as OpenAiEmbeddingModel
    from spring_ai_py.openai.embedding import OpenAiEmbeddingOptions as OpenAiEmbeddingOptions
