"""The Anthropic provider's registration: the ``anthropic`` entry point of ``spring_ai_py.providers``.

Autoconfiguration reads every registered provider's registration to choose one, so
this module imports neither the SDK nor the properties classes (pydantic): the bean
factories load ``spring_ai_py.anthropic._autoconfigure`` when the context builds a bean.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spring_ai_py.autoconfigure.registry import ProviderRegistration

if TYPE_CHECKING:
    from spring_ai_py.autoconfigure.context import ApplicationContext
    from spring_ai_py.autoconfigure.environment import Environment
    from spring_ai_py.chat.model import ChatModel

_AUTOCONFIGURE = "spring_ai_py.anthropic._autoconfigure"


def _chat_model(context: ApplicationContext) -> ChatModel:
    from spring_ai_py.anthropic._autoconfigure import anthropic_chat_model

    return anthropic_chat_model(context)


def _api_key_resolves(environment: Environment) -> bool:
    from spring_ai_py.anthropic._autoconfigure import api_key_resolves

    return api_key_resolves(environment)


REGISTRATION = ProviderRegistration(
    name="anthropic",
    prefix="spring.ai.anthropic",
    properties=(
        f"{_AUTOCONFIGURE}:AnthropicConnectionProperties",
        f"{_AUTOCONFIGURE}:AnthropicChatProperties",
    ),
    extra="anthropic",
    chat_model=_chat_model,
    api_key_resolves=_api_key_resolves,
    order=1,
)
"""The Anthropic provider, registered as the ``anthropic`` entry point of ``spring_ai_py.providers``."""
