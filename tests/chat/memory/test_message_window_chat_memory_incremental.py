"""``MessageWindowChatMemory`` on the SQL repository writes only what changed: the new
rows are inserted after the last, the evicted ones deleted, every other row untouched;
and the conversation it leaves is the one the read-trim-rewrite path leaves."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.chat.memory import ChatMemoryRepository, MessageWindowChatMemory
from spring_ai_py.chat.memory._window import ListView, apply_plan, plan_window
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    UserMessage,
)
from tests.chat.memory.conftest import without_timestamp


def random_batch(rng: random.Random, turn: int) -> list[Message]:
    roll = rng.random()
    if roll < 0.1:
        return [SystemMessage(rng.choice(["be brief", "be kind"]))]
    if roll < 0.2:
        return [SystemMessage("be brief"), UserMessage(f"q{turn}")]
    if roll < 0.3:
        return [AssistantMessage(f"a{turn}")]  # an assistant without its user message
    batch: list[Message] = [UserMessage(f"q{turn}")]
    batch += [AssistantMessage(f"a{turn}.{i}") for i in range(rng.randint(0, 3))]
    return batch


class Rewriting(ChatMemoryRepository):
    """The SQL repository seen through the plain interface: ``MessageWindowChatMemory``
    then reads, trims and rewrites the whole conversation, as it did before."""

    def __init__(self, inner: ChatMemoryRepository) -> None:
        self.inner = inner

    def find_conversation_ids(self) -> list[str]:
        return self.inner.find_conversation_ids()

    def find_by_conversation_id(self, conversation_id: str) -> list[Message]:
        return self.inner.find_by_conversation_id(conversation_id)

    def save_all(self, conversation_id: str, messages: Sequence[Message]) -> None:
        self.inner.save_all(conversation_id, messages)

    def delete_by_conversation_id(self, conversation_id: str) -> None:
        self.inner.delete_by_conversation_id(conversation_id)

    def update_by_conversation_id(
        self, conversation_id: str, update: Callable[[list[Message]], Sequence[Message]]
    ) -> list[Message]:
        return self.inner.update_by_conversation_id(conversation_id, update)


@pytest.mark.parametrize("max_messages", [1, 3, 5, 12])
def test_same_conversation_as_the_rewriting_path(sql_backend: Any, max_messages: int) -> None:
    rng = random.Random(max_messages)
    repository = sql_backend.repository()
    incremental = MessageWindowChatMemory(repository, max_messages)
    rewriting = MessageWindowChatMemory(Rewriting(repository), max_messages)
    for turn in range(40):
        batch = random_batch(rng, turn)
        incremental.add("c", batch)
        rewriting.add("r", batch)
        assert without_timestamp(incremental.get("c")) == without_timestamp(rewriting.get("r")), (
            f"turn {turn}"
        )


def test_only_new_rows_are_written_and_evicted_rows_deleted(sql_backend: Any) -> None:
    memory = MessageWindowChatMemory(sql_backend.repository(), 4)

    def rows() -> list[tuple[Any, ...]]:
        result: list[tuple[Any, ...]] = sql_backend.execute(
            'SELECT sequence_id, content, "timestamp" FROM SPRING_AI_CHAT_MEMORY '
            "WHERE conversation_id = ? ORDER BY sequence_id",
            ("c",),
        )
        return result

    memory.add("c", [SystemMessage("sys"), UserMessage("q1"), AssistantMessage("a1")])
    before = rows()
    assert [(r[0], r[1]) for r in before] == [(0, "sys"), (1, "q1"), (2, "a1")]
    memory.add("c", [UserMessage("q2"), AssistantMessage("a2")])
    after = rows()
    # q1 and a1 are evicted (the window starts at a user message); sys stays as it was.
    assert [(r[0], r[1]) for r in after] == [(0, "sys"), (3, "q2"), (4, "a2")]
    assert after[0] == before[0]
    memory.add("c", SystemMessage("new sys"))
    assert [(r[0], r[1]) for r in rows()] == [(3, "q2"), (4, "a2"), (5, "new sys")]


def old_process(stored: list[Message], new: list[Message], max_messages: int) -> list[Message]:
    """The rules as the rewriting path applied them, on whole lists."""
    has_new_system = any(isinstance(m, SystemMessage) and m not in stored for m in new)
    processed = [m for m in stored if not (has_new_system and isinstance(m, SystemMessage))]
    processed.extend(new)
    if len(processed) <= max_messages:
        return processed
    others = [i for i, m in enumerate(processed) if not isinstance(m, SystemMessage)]
    cut = len(processed) - max_messages
    while cut < len(others) and processed[others[cut]].get_message_type() is not MessageType.USER:
        cut += 1
    removed = set(others[:cut])
    return [m for i, m in enumerate(processed) if i not in removed]


def test_the_plan_matches_the_list_rules_on_random_histories() -> None:
    rng = random.Random(7)
    for _ in range(500):
        stored = [m for turn in range(rng.randint(0, 8)) for m in random_batch(rng, turn)]
        new = random_batch(rng, 99)
        max_messages = rng.randint(1, 8)
        kept = apply_plan(stored, plan_window(ListView(stored), new, max_messages))
        assert kept == old_process(stored, new, max_messages)


def test_a_repeated_system_message_is_kept_in_place_on_the_sql_repository(tmp_path: Path) -> None:
    """A read-back system message carries its creation time; it still equals the one the
    caller adds again, so the window keeps it in place as the in-memory repository does."""
    from spring_ai_py.chat.memory import InMemoryChatMemoryRepository, MessageWindowChatMemory
    from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
    from spring_ai_py.chat.messages import AssistantMessage, SystemMessage, UserMessage

    def run(repository: object) -> list[str]:
        memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).max_messages(10).build()
        memory.add("c", [SystemMessage("S"), UserMessage("u1"), AssistantMessage("a1")])
        memory.add("c", [SystemMessage("S"), UserMessage("u2"), AssistantMessage("a2")])
        return [m.get_text() or "" for m in memory.get("c")]

    with JdbcChatMemoryRepository.sqlite(tmp_path / "m.db") as sql:
        assert run(sql) == run(InMemoryChatMemoryRepository()) == ["S", "u1", "a1", "S", "u2", "a2"]
