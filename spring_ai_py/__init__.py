"""spring_ai_py: a faithful Python port of Spring AI 2.0.1's ChatClient and Advisor system.

The everyday names are importable from here; they load on first use, so
``import spring_ai_py`` stays fast (provider SDKs load only when a provider model is
built). Everything else lives where Spring keeps it, e.g.
``spring_ai_py.chat.client.advisor.api.CallAdvisor``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS: dict[str, str] = {
    "ChatClient": "spring_ai_py.chat.client",
    "ChatClientRequest": "spring_ai_py.chat.client",
    "ChatClientResponse": "spring_ai_py.chat.client",
    "Prompt": "spring_ai_py.chat.prompt",
    "PromptTemplate": "spring_ai_py.chat.prompt",
    "ChatOptions": "spring_ai_py.chat.prompt",
    "Message": "spring_ai_py.chat.messages",
    "UserMessage": "spring_ai_py.chat.messages",
    "SystemMessage": "spring_ai_py.chat.messages",
    "AssistantMessage": "spring_ai_py.chat.messages",
    "ToolResponseMessage": "spring_ai_py.chat.messages",
    "ChatModel": "spring_ai_py.chat.model",
    "ChatResponse": "spring_ai_py.chat.model",
    "Generation": "spring_ai_py.chat.model",
    "CallAdvisor": "spring_ai_py.chat.client.advisor.api",
    "StreamAdvisor": "spring_ai_py.chat.client.advisor.api",
    "BaseAdvisor": "spring_ai_py.chat.client.advisor.api",
    "MessageChatMemoryAdvisor": "spring_ai_py.chat.client.advisor",
    "SafeGuardAdvisor": "spring_ai_py.chat.client.advisor",
    "SimpleLoggerAdvisor": "spring_ai_py.chat.client.advisor",
    "StructuredOutputValidationAdvisor": "spring_ai_py.chat.client.advisor",
    "ReReadingAdvisor": "spring_ai_py.chat.client.advisor",
    "ToolCallingAdvisor": "spring_ai_py.chat.client.advisor",
    "QuestionAnswerAdvisor": "spring_ai_py.chat.client.advisor.vectorstore",
    "ChatMemory": "spring_ai_py.chat.memory",
    "MessageWindowChatMemory": "spring_ai_py.chat.memory",
    "tool": "spring_ai_py.tool",
    "ToolParam": "spring_ai_py.tool",
    "ToolContext": "spring_ai_py.chat.model",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'spring_ai_py' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return __all__


if TYPE_CHECKING:
    from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
    from spring_ai_py.chat.client.advisor.api import BaseAdvisor, CallAdvisor, StreamAdvisor
    from spring_ai_py.chat.messages import (
        AssistantMessage,
        Message,
        SystemMessage,
        ToolResponseMessage,
        UserMessage,
    )
    from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation, ToolContext
    from spring_ai_py.chat.prompt import ChatOptions, Prompt, PromptTemplate
