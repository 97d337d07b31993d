"""The Ollama provider's registration: the ``ollama`` entry point of ``spring_ai_py.providers``.

Autoconfiguration reads every registered provider's registration to choose one, so
this module imports neither the SDK nor the properties classes (pydantic): the bean
factories load ``spring_ai_py.ollama._autoconfigure`` when the context builds a bean.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spring_ai_py.autoconfigure.registry import ProviderRegistration

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.context import ApplicationContext
    from spring_ai_py.chat.model import ChatModel
    from spring_ai_py.embedding import EmbeddingModel

_AUTOCONFIGURE = "spring_ai_py.ollama._autoconfigure"


def _chat_model(context: ApplicationContext) -> ChatModel:
    from spring_ai_py.ollama._autoconfigure import ollama_chat_model

    return ollama_chat_model(context)


def _embedding_model(context: ApplicationContext) -> EmbeddingModel:
    from spring_ai_py.ollama._autoconfigure import ollama_embedding_model

    return ollama_embedding_model(context)


REGISTRATION = ProviderRegistration(
    name="ollama",
    prefix="spring.ai.ollama",
    properties=(
        f"{_AUTOCONFIGURE}:OllamaConnectionProperties",
        f"{_AUTOCONFIGURE}:OllamaChatProperties",
        f"{_AUTOCONFIGURE}:OllamaEmbeddingProperties",
        f"{_AUTOCONFIGURE}:OllamaInitializationProperties",
    ),
    extra="ollama",
    chat_model=_chat_model,
    embedding_model=_embedding_model,
    order=2,
)
"""The Ollama provider, registered as the ``ollama`` entry point of ``spring_ai_py.providers``. Ollama needs no API key."""
