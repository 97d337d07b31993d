"""The Anthropic provider's registration: the ``anthropic`` entry point of ``spring_ai_py.providers``.

Autoconfiguration reads every registered provider's registration to choose one, so
this module imports neither the SDK nor the properties classes (pydantic): the bean
factories are ``"module:function"`` references into
``spring_ai_py.anthropic._autoconfigure``, imported when the context
builds a bean.
"""

from __future__ import annotations

from spring_ai_py.autoconfigure.registry import ProviderRegistration

_AUTOCONFIGURE = "spring_ai_py.anthropic._autoconfigure"

REGISTRATION = ProviderRegistration(
    name="anthropic",
    prefix="spring.ai.anthropic",
    properties=(
        f"{_AUTOCONFIGURE}:AnthropicConnectionProperties",
        f"{_AUTOCONFIGURE}:AnthropicChatProperties",
    ),
    extra="anthropic",
    chat_model=f"{_AUTOCONFIGURE}:anthropic_chat_model",
    api_key_resolves=f"{_AUTOCONFIGURE}:api_key_resolves",
    order=1,
)
"""The Anthropic provider, registered as the ``anthropic`` entry point of ``spring_ai_py.providers``."""
