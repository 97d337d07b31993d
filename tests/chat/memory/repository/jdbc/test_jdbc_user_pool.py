"""A pool the user shares with other code gets its connections back as they were."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.memory.repository.jdbc import (
    JdbcChatMemoryRepository,
    PostgresChatMemoryRepositoryDialect,
)
from spring_ai_py.chat.messages import AssistantMessage, UserMessage

pytestmark = pytest.mark.postgres


def test_a_shared_pools_connections_keep_their_autocommit_setting(pg_schema_dsn: str) -> None:
    psycopg_pool = pytest.importorskip("psycopg_pool")
    with psycopg_pool.ConnectionPool(pg_schema_dsn, min_size=1, max_size=1, open=True) as pool:
        repository = (
            JdbcChatMemoryRepository.builder()
            .data_source(pool)
            .dialect(PostgresChatMemoryRepositoryDialect())
            .build()
        )
        repository.save_all("c", [UserMessage("hi"), AssistantMessage("hello")])
        assert len(repository.find_by_conversation_id("c")) == 2
        with pool.connection() as connection:
            assert connection.autocommit is False  # the application's own transactions still work
