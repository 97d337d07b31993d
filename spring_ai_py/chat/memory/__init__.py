"""``org.springframework.ai.chat.memory``: chat memory and its repositories.

The SQL repository lives in ``spring_ai_py.chat.memory.repository.jdbc``. Each name
here loads its module on first use (the advisors name ``ChatMemory.CONVERSATION_ID``
without importing the window memory).
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

_EXPORTS: dict[str, str] = {
    "ChatMemory": "spring_ai_py.chat.memory.chat_memory",
    "ChatMemoryRepository": "spring_ai_py.chat.memory.chat_memory_repository",
    "InMemoryChatMemoryRepository": "spring_ai_py.chat.memory.in_memory_chat_memory_repository",
    "MessageWindowChatMemory": "spring_ai_py.chat.memory.message_window_chat_memory",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.chat.memory.chat_memory import ChatMemory as ChatMemory
    from spring_ai_py.chat.memory.chat_memory_repository import (
        ChatMemoryRepository as ChatMemoryRepository,
    )
    from spring_ai_py.chat.memory.in_memory_chat_memory_repository import (
        InMemoryChatMemoryRepository as InMemoryChatMemoryRepository,
    )
    from spring_ai_py.chat.memory.message_window_chat_memory import (
        MessageWindowChatMemory as MessageWindowChatMemory,
    )
