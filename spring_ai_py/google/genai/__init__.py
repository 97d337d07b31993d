"""``org.springframework.ai.google.genai``: chat and embedding models on the official
``google-genai`` SDK (``pip install 'spring_ai_py[google-genai]'``).

Importing this package imports neither the SDK nor pydantic: the models import the SDK
when first used, and the ``spring.ai.google.genai.*`` properties classes load on first
access.
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

__all__ = [
    "CachedContentException",
    "CachedContentPage",
    "CachedContentRequest",
    "CachedContentUpdateRequest",
    "GeminiRequest",
    "GoogleGenAiCachedContent",
    "GoogleGenAiCachedContentService",
    "GoogleGenAiChatModel",
    "GoogleGenAiChatModelName",
    "GoogleGenAiChatOptions",
    "GoogleGenAiChatProperties",
    "GoogleGenAiConnectionProperties",
    "GoogleGenAiEmbeddingConnectionDetails",
    "GoogleGenAiEmbeddingConnectionProperties",
    "GoogleGenAiModalityTokenCount",
    "GoogleGenAiSafetySetting",
    "GoogleGenAiServiceTier",
    "GoogleGenAiTextEmbeddingModel",
    "GoogleGenAiTextEmbeddingModelName",
    "GoogleGenAiTextEmbeddingOptions",
    "GoogleGenAiTextEmbeddingProperties",
    "GoogleGenAiThinkingLevel",
    "GoogleGenAiToolCallingManager",
    "GoogleGenAiTrafficType",
    "GoogleGenAiUsage",
    "JsonSchemaConverter",
    "ToolChoice",
]

_PACKAGE = "spring_ai_py.google.genai"
_MODULES = {
    "cache": (
        "CachedContentException",
        "CachedContentPage",
        "CachedContentRequest",
        "CachedContentUpdateRequest",
        "GoogleGenAiCachedContent",
        "GoogleGenAiCachedContentService",
    ),
    "chat_model": ("GeminiRequest", "GoogleGenAiChatModel"),
    "chat_options": ("GoogleGenAiChatModelName", "GoogleGenAiChatOptions", "ToolChoice"),
    "common": ("GoogleGenAiSafetySetting", "GoogleGenAiServiceTier", "GoogleGenAiThinkingLevel"),
    "embedding": (
        "GoogleGenAiEmbeddingConnectionDetails",
        "GoogleGenAiTextEmbeddingModel",
        "GoogleGenAiTextEmbeddingModelName",
        "GoogleGenAiTextEmbeddingOptions",
    ),
    "metadata": ("GoogleGenAiModalityTokenCount", "GoogleGenAiTrafficType", "GoogleGenAiUsage"),
    "schema": ("GoogleGenAiToolCallingManager", "JsonSchemaConverter"),
    "_autoconfigure": (
        "GoogleGenAiChatProperties",
        "GoogleGenAiConnectionProperties",
        "GoogleGenAiEmbeddingConnectionProperties",
        "GoogleGenAiTextEmbeddingProperties",
    ),
}
__getattr__, __dir__ = _lazy_exports(
    __name__,
    {name: f"{_PACKAGE}.{module}" for module, names in _MODULES.items() for name in names},
)

if TYPE_CHECKING:
    from spring_ai_py.google.genai._autoconfigure import (
        GoogleGenAiChatProperties,
        GoogleGenAiConnectionProperties,
        GoogleGenAiEmbeddingConnectionProperties,
        GoogleGenAiTextEmbeddingProperties,
    )
    from spring_ai_py.google.genai.cache import (
        CachedContentException,
        CachedContentPage,
        CachedContentRequest,
        CachedContentUpdateRequest,
        GoogleGenAiCachedContent,
        GoogleGenAiCachedContentService,
    )
    from spring_ai_py.google.genai.chat_model import GeminiRequest, GoogleGenAiChatModel
    from spring_ai_py.google.genai.chat_options import (
        GoogleGenAiChatModelName,
        GoogleGenAiChatOptions,
        ToolChoice,
    )
    from spring_ai_py.google.genai.common import (
        GoogleGenAiSafetySetting,
        GoogleGenAiServiceTier,
        GoogleGenAiThinkingLevel,
    )
    from spring_ai_py.google.genai.embedding import (
        GoogleGenAiEmbeddingConnectionDetails,
        GoogleGenAiTextEmbeddingModel,
        GoogleGenAiTextEmbeddingModelName,
        GoogleGenAiTextEmbeddingOptions,
    )
    from spring_ai_py.google.genai.metadata import (
        GoogleGenAiModalityTokenCount,
        GoogleGenAiTrafficType,
        GoogleGenAiUsage,
    )
    from spring_ai_py.google.genai.schema import GoogleGenAiToolCallingManager, JsonSchemaConverter
