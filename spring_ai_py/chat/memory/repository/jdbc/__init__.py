"""``org.springframework.ai.chat.memory.repository.jdbc``: chat memory in SQL databases.

``JdbcChatMemoryRepository.sqlite("memory.db")`` needs nothing beyond the standard
library; ``JdbcChatMemoryRepository.postgres(dsn)`` needs the ``postgres`` extra
(psycopg 3, and psycopg_pool for pooling).
"""

from spring_ai_py.chat.memory.repository.jdbc.dialects import (
    JdbcChatMemoryRepositoryDialect,
    PostgresChatMemoryRepositoryDialect,
    SqliteChatMemoryRepositoryDialect,
)
from spring_ai_py.chat.memory.repository.jdbc.jdbc_chat_memory_repository import (
    JdbcChatMemoryRepository,
)
from spring_ai_py.chat.memory.repository.jdbc.jdbc_tool_loop_state_repository import (
    JdbcToolLoopStateRepository,
)

__all__ = [
    "JdbcChatMemoryRepository",
    "JdbcChatMemoryRepositoryDialect",
    "JdbcToolLoopStateRepository",
    "PostgresChatMemoryRepositoryDialect",
    "SqliteChatMemoryRepositoryDialect",
]
