"""``org.springframework.ai.openai``: chat and embedding models on the official ``openai`` SDK.

Importing this package does not import the SDK (it takes about half a second); a model
imports it when it is first used. The ``spring.ai.openai.*`` properties classes load on
first use (they import pydantic).
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports
from spring_ai_py.openai.chat_model import OpenAiChatModel
from spring_ai_py.openai.chat_options import OpenAiChatOptions, ResponseFormat
from spring_ai_py.openai.embedding import OpenAiEmbeddingModel, OpenAiEmbeddingOptions

__all__ = [
    "AbstractOpenAiProperties",
    "OpenAiChatModel",
    "OpenAiChatOptions",
    "OpenAiChatProperties",
    "OpenAiCommonProperties",
    "OpenAiConnection",
    "OpenAiEmbeddingModel",
    "OpenAiEmbeddingOptions",
    "OpenAiEmbeddingProperties",
    "ResponseFormat",
]

_PROPERTIES = "spring_ai_py.openai._autoconfigure"
__getattr__, __dir__ = _lazy_exports(
    __name__,
    {
        name: _PROPERTIES
        for name in (
            "AbstractOpenAiProperties",
            "OpenAiChatProperties",
            "OpenAiCommonProperties",
            "OpenAiConnection",
            "OpenAiEmbeddingProperties",
        )
    },
)

if TYPE_CHECKING:
    from spring_ai_py.openai._autoconfigure import (
        AbstractOpenAiProperties,
        OpenAiChatProperties,
        OpenAiCommonProperties,
        OpenAiConnection,
        OpenAiEmbeddingProperties,
    )
