"""``org.springframework.ai.openai``: chat and embedding models on the official ``openai`` SDK.

Importing this package does not import the SDK (it takes about half a second); a model
imports it when it is first used.
"""

from spring_ai_py.openai.chat_model import OpenAiChatModel
from spring_ai_py.openai.chat_options import OpenAiChatOptions, ResponseFormat
from spring_ai_py.openai.embedding import OpenAiEmbeddingModel, OpenAiEmbeddingOptions

__all__ = [
    "OpenAiChatModel",
    "OpenAiChatOptions",
    "OpenAiEmbeddingModel",
    "OpenAiEmbeddingOptions",
    "ResponseFormat",
]
