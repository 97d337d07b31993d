"""The eviction rules of ``MessageWindowChatMemory`` as a plan of what changes.

Adding messages to a window only ever deletes some stored messages and appends some new
ones: the kept stored messages stay in order, the kept new ones follow them. So the
rules are computed from a :class:`StoredView` (how many messages are stored, the stored
system messages, and the types of the others in order, read lazily) into a
:class:`WindowPlan`; a repository that is a :class:`WindowedRepository` applies the plan
by deleting and inserting only those rows, instead of reading, decoding and rewriting
the whole conversation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass

from spring_ai_py.chat.memory._support import without_storage_metadata
from spring_ai_py.chat.messages import Message, MessageType, SystemMessage


class StoredView(ABC):
    """What the window rules need of a stored conversation; keys identify stored messages."""

    @abstractmethod
    def count(self) -> int:
        """How many messages are stored."""

    @abstractmethod
    def system_messages(self) -> list[tuple[Hashable, Message]]:
        """The stored system messages, in order, with their keys."""

    @abstractmethod
    def other_types(self) -> Iterator[tuple[Hashable, MessageType]]:
        """The keys and types of the stored non-system messages, in order (consumed only as
        far as the eviction needs)."""


@dataclass(frozen=True)
class WindowPlan:
    """Delete the stored messages with these keys, then append these messages."""

    delete: list[Hashable]
    append: list[Message]


WindowPlanner = Callable[[StoredView], WindowPlan]


class WindowedRepository(ABC):
    """A repository that can apply a :class:`WindowPlan` in one locked transaction."""

    @abstractmethod
    def update_window(self, conversation_id: str, planner: WindowPlanner) -> WindowPlan:
        """Lock the conversation, plan against what is stored, apply the plan, commit."""


class ListView(StoredView):
    """A view of messages already in memory (keys are list positions)."""

    def __init__(self, messages: Sequence[Message]) -> None:
        self._messages = messages

    def count(self) -> int:
        return len(self._messages)

    def system_messages(self) -> list[tuple[Hashable, Message]]:
        return [(i, m) for i, m in enumerate(self._messages) if isinstance(m, SystemMessage)]

    def other_types(self) -> Iterator[tuple[Hashable, MessageType]]:
        for i, message in enumerate(self._messages):
            if not isinstance(message, SystemMessage):
                yield i, message.get_message_type()


def plan_window(view: StoredView, new_messages: list[Message], max_messages: int) -> WindowPlan:
    """Apply the window rules (see ``MessageWindowChatMemory``) to ``view`` plus
    ``new_messages``."""
    delete: list[Hashable] = []
    if any(isinstance(m, SystemMessage) for m in new_messages):
        stored_systems = view.system_messages()
        # Compared as they were stored: a read-back message carries its creation time.
        stored = [without_storage_metadata(message) for _, message in stored_systems]
        if any(isinstance(m, SystemMessage) and m not in stored for m in new_messages):
            delete = [key for key, _ in stored_systems]
    count = view.count() - len(delete) + len(new_messages)
    if count <= max_messages:
        return WindowPlan(delete, list(new_messages))

    # Non-system messages are evicted oldest first, this many to fit the window; then the
    # cut moves forward to the next user message so the window starts a whole turn.
    cut = count - max_messages
    evicted_new: set[int] = set()

    def others() -> Iterator[tuple[Hashable | None, int, MessageType]]:
        for key, message_type in view.other_types():
            yield key, -1, message_type
        for index, message in enumerate(new_messages):
            if not isinstance(message, SystemMessage):
                yield None, index, message.get_message_type()

    for position, (key, index, message_type) in enumerate(others()):
        if position >= cut and message_type is MessageType.USER:
            break
        if key is not None:
            delete.append(key)
        else:
            evicted_new.add(index)
    return WindowPlan(delete, [m for i, m in enumerate(new_messages) if i not in evicted_new])


def apply_plan(messages: Sequence[Message], plan: WindowPlan) -> list[Message]:
    """``messages`` (keyed by position) after ``plan``."""
    doomed = set(plan.delete)
    return [m for i, m in enumerate(messages) if i not in doomed] + plan.append
