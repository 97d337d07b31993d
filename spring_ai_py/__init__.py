"""spring_ai_py: a faithful Python port of Spring AI 2.0.1's ChatClient and Advisor system.

The everyday names are importable from here (``tool`` is the ``spring_ai_py.tool``
package, which doubles as the decorator); they load on first use, so
``import spring_ai_py`` stays fast (provider SDKs load only when a provider model is
built). Everything else lives where Spring keeps it, e.g.
``spring_ai_py.chat.client.advisor.api.CallAdvisor``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

__version__ = "0.1.0"

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
    "ToolParam": "spring_ai_py.tool",
    "tool": "spring_ai_py.tool",
    "ToolContext": "spring_ai_py.chat.model",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.chat.client import ChatClient as ChatClient
    from spring_ai_py.chat.client import ChatClientRequest as ChatClientRequest
    from spring_ai_py.chat.client import ChatClientResponse as ChatClientResponse
    from spring_ai_py.chat.client.advisor import (
        MessageChatMemoryAdvisor as MessageChatMemoryAdvisor,
    )
    from spring_ai_py.chat.client.advisor import ReReadingAdvisor as ReReadingAdvisor
    from spring_ai_py.chat.client.advisor import SafeGuardAdvisor as SafeGuardAdvisor
    from spring_ai_py.chat.client.advisor import SimpleLoggerAdvisor as SimpleLoggerAdvisor
    from spring_ai_py.chat.client.advisor import (
        StructuredOutputValidationAdvisor as StructuredOutputValidationAdvisor,
    )
    from spring_ai_py.chat.client.advisor import ToolCallingAdvisor as ToolCallingAdvisor
    from spring_ai_py.chat.client.advisor.api import BaseAdvisor as BaseAdvisor
    from spring_ai_py.chat.client.advisor.api import CallAdvisor as CallAdvisor
    from spring_ai_py.chat.client.advisor.api import StreamAdvisor as StreamAdvisor
    from spring_ai_py.chat.client.advisor.vectorstore import (
        QuestionAnswerAdvisor as QuestionAnswerAdvisor,
    )
    from spring_ai_py.chat.memory import ChatMemory as ChatMemory
    from spring_ai_py.chat.memory import MessageWindowChatMemory as MessageWindowChatMemory
    from spring_ai_py.chat.messages import AssistantMessage as AssistantMessage
    from spring_ai_py.chat.messages import Message as Message
    from spring_ai_py.chat.messages import SystemMessage as SystemMessage
    from spring_ai_py.chat.messages import ToolResponseMessage as ToolResponseMessage
    from spring_ai_py.chat.messages import UserMessage as UserMessage
    from spring_ai_py.chat.model import ChatModel as ChatModel
    from spring_ai_py.chat.model import ChatResponse as ChatResponse
    from spring_ai_py.chat.model import Generation as Generation
    from spring_ai_py.chat.model import ToolContext as ToolContext
    from spring_ai_py.chat.prompt import ChatOptions as ChatOptions
    from spring_ai_py.chat.prompt import Prompt as Prompt
    from spring_ai_py.chat.prompt import PromptTemplate as PromptTemplate
    from spring_ai_py.tool import ToolParam as ToolParam
    from spring_ai_py.tool.annotation import tool as tool
