"""The Ollama provider's registration: the ``ollama`` entry point of ``spring_ai_py.providers``.

Autoconfiguration reads every registered provider's registration to choose one, so
this module imports neither the SDK nor the properties classes (pydantic): the bean
factories are ``"module:function"`` references into
``spring_ai_py.ollama._autoconfigure``, imported when the context
builds a bean.
"""

from __future__ import annotations

from spring_ai_py.autoconfigure.registry import ProviderRegistration

_AUTOCONFIGURE = "spring_ai_py.ollama._autoconfigure"

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
    chat_model=f"{_AUTOCONFIGURE}:ollama_chat_model",
    embedding_model=f"{_AUTOCONFIGURE}:ollama_embedding_model",
    order=2,
)
"""The Ollama provider, registered as the ``ollama`` entry point of ``spring_ai_py.providers``. Ollama needs no API key."""
