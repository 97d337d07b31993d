"""InMemoryChatMemoryRepository beyond Spring's InMemoryChatMemoryRepositoryTests (ported in
``test_in_memory_chat_memory_repository_spring.py``): what only it does."""

from __future__ import annotations

import threading

import pytest

from spring_ai_py.chat.memory import ChatMemoryRepository, InMemoryChatMemoryRepository
from spring_ai_py.chat.messages import AssistantMessage, Message, UserMessage


def test_saving_an_empty_list_keeps_the_conversation_id() -> None:
    # As in Spring, the in-memory store maps the id to an empty list.
    repository = InMemoryChatMemoryRepository()
    repository.save_all("c", [])
    assert repository.find_conversation_ids() == ["c"]
    assert repository.find_by_conversation_id("c") == []


def test_lists_handed_in_and_out_are_copies() -> None:
    repository = InMemoryChatMemoryRepository()
    messages: list[Message] = [UserMessage("Hello")]
    repository.save_all("c", messages)
    messages.append(AssistantMessage("not saved"))
    repository.find_by_conversation_id("c").append(AssistantMessage("not saved either"))

    assert repository.find_by_conversation_id("c") == [UserMessage("Hello")]


def test_update_runs_under_the_lock_and_returns_what_was_saved() -> None:
    repository = InMemoryChatMemoryRepository()
    repository.save_all("c", [UserMessage("one")])
    saved = repository.update_by_conversation_id(
        "c", lambda current: [*current, UserMessage("two")]
    )

    assert saved == [UserMessage("one"), UserMessage("two")]
    assert repository.find_by_conversation_id("c") == saved


def test_update_rejects_a_null_callback_and_bad_results() -> None:
    repository = InMemoryChatMemoryRepository()
    repository.save_all("c", [UserMessage("one")])
    with pytest.raises(ValueError, match=r"^update cannot be null$"):
        repository.update_by_conversation_id("c", None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="messages cannot contain null elements"):
        repository.update_by_conversation_id("c", lambda current: [None])  # type: ignore[list-item]
    assert repository.find_by_conversation_id("c") == [UserMessage("one")]


def test_the_base_class_update_reads_then_saves() -> None:
    class DictRepository(ChatMemoryRepository):
        def __init__(self) -> None:
            self.store: dict[str, list[Message]] = {}

        def find_conversation_ids(self) -> list[str]:
            return list(self.store)

        def find_by_conversation_id(self, conversation_id: str) -> list[Message]:
            return list(self.store.get(conversation_id, []))

        def save_all(self, conversation_id: str, messages: object) -> None:
            self.store[conversation_id] = list(messages)  # type: ignore[call-overload]

        def delete_by_conversation_id(self, conversation_id: str) -> None:
            self.store.pop(conversation_id, None)

    repository = DictRepository()
    repository.save_all("c", [UserMessage("one")])
    saved = repository.update_by_conversation_id(
        "c", lambda current: [*current, UserMessage("two")]
    )
    assert repository.store["c"] == saved == [UserMessage("one"), UserMessage("two")]


def test_concurrent_updates_of_one_conversation_lose_nothing() -> None:
    repository = InMemoryChatMemoryRepository()
    barrier = threading.Barrier(10)

    def worker(n: int) -> None:
        barrier.wait()
        for i in range(100):
            message = UserMessage(f"{n}-{i}")

            def append(current: list[Message], message: Message = message) -> list[Message]:
                return [*current, message]

            repository.update_by_conversation_id("shared", append)

    threads = [threading.Thread(target=worker, args=(n,)) for n in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    texts = [str(m.get_text()) for m in repository.find_by_conversation_id("shared")]
    assert sorted(texts) == sorted(f"{n}-{i}" for n in range(10) for i in range(100))
