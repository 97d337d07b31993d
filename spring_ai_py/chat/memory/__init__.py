"""``org.springframework.ai.chat.memory``: chat memory and its repositories.

The SQL repository lives in ``spring_ai_py.chat.memory.repository.jdbc``.
"""

from spring_ai_py.chat.memory.chat_memory import ChatMemory
from spring_ai_py.chat.memory.chat_memory_repository import ChatMemoryRepository
from spring_ai_py.chat.memory.in_memory_chat_memory_repository import (
    InMemoryChatMemoryRepository,
)
from spring_ai_py.chat.memory.message_window_chat_memory import MessageWindowChatMemory

__all__ = [
    "ChatMemory",
    "ChatMemoryRepository",
    "InMemoryChatMemoryRepository",
    "MessageWindowChatMemory",
]
