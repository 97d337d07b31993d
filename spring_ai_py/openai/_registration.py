"""The OpenAI provider's registration: the ``openai`` entry point of ``spring_ai_py.providers``.

Autoconfiguration reads every registered provider's registration to choose one, so
this module imports neither the SDK nor the properties classes (pydantic): the bean
factories load ``spring_ai_py.openai._autoconfigure`` when the context builds a bean.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spring_ai_py.autoconfigure.registry import ProviderRegistration

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.context import ApplicationContext
    from spring_ai_py.autoconfigure.environment import Environment
    from spring_ai_py.chat.model import ChatModel
    from spring_ai_py.embedding import EmbeddingModel

_AUTOCONFIGURE = "spring_ai_py.openai._autoconfigure"


def _chat_model(context: ApplicationContext) -> ChatModel:
    from spring_ai_py.openai._autoconfigure import openai_chat_model

    return openai_chat_model(context)


def _embedding_model(context: ApplicationContext) -> EmbeddingModel:
    from spring_ai_py.openai._autoconfigure import openai_embedding_model

    return openai_embedding_model(context)


def _api_key_resolves(environment: Environment) -> bool:
    from spring_ai_py.openai._autoconfigure import api_key_resolves

    return api_key_resolves(environment)


REGISTRATION = ProviderRegistration(
    name="openai",
    prefix="spring.ai.openai",
    properties=(
        f"{_AUTOCONFIGURE}:OpenAiCommonProperties",
        f"{_AUTOCONFIGURE}:OpenAiChatProperties",
        f"{_AUTOCONFIGURE}:OpenAiEmbeddingProperties",
    ),
    extra="openai",
    chat_model=_chat_model,
    embedding_model=_embedding_model,
    api_key_resolves=_api_key_resolves,
    order=0,
)
"""The OpenAI provider, registered as the ``openai`` entry point of ``spring_ai_py.providers``."""
