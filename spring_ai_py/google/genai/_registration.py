"""The Google GenAI provider's registration: the ``google-genai`` entry point of ``spring_ai_py.providers``.

Autoconfiguration reads every registered provider's registration to choose one, so
this module imports neither the SDK nor the properties classes (pydantic): the bean
factories are ``"module:function"`` references into
``spring_ai_py.google.genai._autoconfigure``, imported when the context
builds a bean.
"""

from __future__ import annotations

from spring_ai_py.autoconfigure.registry import ProviderRegistration

_AUTOCONFIGURE = "spring_ai_py.google.genai._autoconfigure"

REGISTRATION = ProviderRegistration(
    name="google-genai",
    prefix="spring.ai.google.genai",
    properties=(
        f"{_AUTOCONFIGURE}:GoogleGenAiConnectionProperties",
        f"{_AUTOCONFIGURE}:GoogleGenAiChatProperties",
        f"{_AUTOCONFIGURE}:GoogleGenAiEmbeddingConnectionProperties",
        f"{_AUTOCONFIGURE}:GoogleGenAiTextEmbeddingProperties",
    ),
    extra="google-genai",
    chat_model=f"{_AUTOCONFIGURE}:google_genai_chat_model",
    embedding_model=f"{_AUTOCONFIGURE}:google_genai_embedding_model",
    api_key_resolves=f"{_AUTOCONFIGURE}:api_key_resolves",
    order=3,
)
"""The Google GenAI provider, registered as the ``google-genai`` entry point of ``spring_ai_py.providers``."""
