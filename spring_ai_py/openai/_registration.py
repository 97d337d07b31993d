"""The OpenAI provider's registration: the ``openai`` entry point of ``spring_ai_py.providers``.

Autoconfiguration reads every registered provider's registration to choose one, so
this module imports neither the SDK nor the properties classes (pydantic): the bean
factories are ``"module:function"`` references into
``spring_ai_py.openai._autoconfigure``, imported when the context
builds a bean.
"""

from __future__ import annotations

from spring_ai_py.autoconfigure.registry import ProviderRegistration

_AUTOCONFIGURE = "spring_ai_py.openai._autoconfigure"

REGISTRATION = ProviderRegistration(
    name="openai",
    prefix="spring.ai.openai",
    properties=(
        f"{_AUTOCONFIGURE}:OpenAiCommonProperties",
        f"{_AUTOCONFIGURE}:OpenAiChatProperties",
        "spring_ai_py.openai._embedding_autoconfigure:OpenAiEmbeddingProperties",
    ),
    extra="openai",
    chat_model=f"{_AUTOCONFIGURE}:openai_chat_model",
    embedding_model="spring_ai_py.openai._embedding_autoconfigure:openai_embedding_model",
    api_key_resolves=f"{_AUTOCONFIGURE}:api_key_resolves",
    order=0,
)
"""The OpenAI provider, registered as the ``openai`` entry point of ``spring_ai_py.providers``."""
