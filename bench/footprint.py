"""Import time in a fresh interpreter, and memory per stored conversation.

``python bench/footprint.py import ROUNDS`` times ``import spring_ai_py`` and
``from spring_ai_py.chat.client import ChatClient`` in fresh interpreters, alternating,
and lists the heavy modules each import pulled in. ``python bench/footprint.py memory
CONVERSATIONS TURNS`` stores CONVERSATIONS conversations of TURNS turns (a user and an
assistant message each, every text distinct) and reports the SQLite file's bytes per
conversation and the Python heap (``tracemalloc``) per conversation kept in memory, next
to the same texts as plain dicts, LangChain's ``InMemoryChatMessageHistory`` and
pydantic-ai's message objects. Each prints one JSON object.
"""

from __future__ import annotations

import gc
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import tracemalloc
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

HEAVY = ("openai", "anthropic", "httpx2", "httpx", "pydantic", "opentelemetry", "jsonschema")

IMPORTS = {
    "import spring_ai_py": "import spring_ai_py",
    "from spring_ai_py.chat.client import ChatClient": (
        "from spring_ai_py.chat.client import ChatClient"
    ),
}

_PROBE = """
import sys, time
start = time.perf_counter()
{statement}
elapsed = time.perf_counter() - start
heavy = sorted(m for m in {heavy!r} if m in sys.modules)
print(elapsed * 1000, ",".join(heavy))
"""


def import_times(rounds: int) -> dict[str, Any]:
    """Median and p90 of each import statement's time (ms), fresh interpreter each time."""
    times: dict[str, list[float]] = {name: [] for name in IMPORTS}
    heavy: dict[str, str] = {}
    for _ in range(rounds):
        for name, statement in IMPORTS.items():
            probe = _PROBE.format(statement=statement, heavy=HEAVY)
            out = subprocess.run(
                [sys.executable, "-c", probe], capture_output=True, text=True, check=True
            ).stdout.split()
            times[name].append(float(out[0]))
            heavy[name] = out[1] if len(out) > 1 else ""
    result: dict[str, Any] = {}
    for name, values in times.items():
        ordered = sorted(values)
        result[name] = {
            "median_ms": statistics.median(values),
            "p90_ms": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))],
            "heavy_modules": heavy[name],
        }
    return result


def _texts(conversation: int, turns: int) -> list[tuple[str, str]]:
    return [
        (
            f"Question {turn} of conversation {conversation}: what about the weather in "
            f"Paris tomorrow, and should I take an umbrella?",
            f"Answer {turn} of conversation {conversation}: tomorrow in Paris will be mostly "
            f"sunny with a light breeze from the west, around 22 degrees in the afternoon. "
            f"No umbrella needed, but a light jacket for the evening is a good idea.",
        )
        for turn in range(turns)
    ]


def _heap_per_conversation(
    store: Callable[[int, list[tuple[str, str]]], None], conversations: int, turns: int
) -> float:
    """Heap bytes per conversation that ``store`` keeps (texts built while tracing)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for conversation in range(conversations):
        store(conversation, _texts(conversation, turns))
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / conversations


def memory(conversations: int, turns: int) -> dict[str, Any]:
    from spring_ai_py.chat.memory import InMemoryChatMemoryRepository, MessageWindowChatMemory
    from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
    from spring_ai_py.chat.messages import AssistantMessage, Message, UserMessage

    messages_per_conversation = 2 * turns
    text_bytes = sum(len(q) + len(a) for q, a in _texts(0, turns))

    def as_messages(texts: list[tuple[str, str]]) -> list[Message]:
        messages: list[Message] = []
        for question, answer in texts:
            messages.append(UserMessage(question))
            messages.append(AssistantMessage(answer))
        return messages

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "memory.db"
        with JdbcChatMemoryRepository.sqlite(path) as repository:
            window = (
                MessageWindowChatMemory.builder()
                .chat_memory_repository(repository)
                .max_messages(messages_per_conversation)
                .build()
            )
            for conversation in range(conversations):
                window.add(str(conversation), as_messages(_texts(conversation, turns)))
            stored = len(window.get("0"))
        with sqlite3.connect(path) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            page_size = connection.execute("PRAGMA page_size").fetchone()[0]
        sqlite_bytes = pages * page_size
    if stored != messages_per_conversation:
        raise RuntimeError(f"stored {stored} messages, expected {messages_per_conversation}")

    repository_in_memory = InMemoryChatMemoryRepository()
    window_in_memory = (
        MessageWindowChatMemory.builder()
        .chat_memory_repository(repository_in_memory)
        .max_messages(messages_per_conversation)
        .build()
    )

    def spring_ai_py(conversation: int, texts: list[tuple[str, str]]) -> None:
        window_in_memory.add(str(conversation), as_messages(texts))

    plain: dict[str, list[dict[str, str]]] = {}

    def plain_dicts(conversation: int, texts: list[tuple[str, str]]) -> None:
        history = plain.setdefault(str(conversation), [])
        for question, answer in texts:
            history.append({"role": "user", "content": question})
            history.append({"role": "assistant", "content": answer})

    heaps = {
        "spring_ai_py MessageWindowChatMemory (in memory)": _heap_per_conversation(
            spring_ai_py, conversations, turns
        ),
        "plain dicts {role, content}": _heap_per_conversation(plain_dicts, conversations, turns),
    }
    heaps.update(_peer_heaps(conversations, turns))
    return {
        "conversations": conversations,
        "turns": turns,
        "messages_per_conversation": messages_per_conversation,
        "text_bytes_per_conversation": text_bytes,
        "sqlite_bytes_per_conversation": sqlite_bytes / conversations,
        "heap_bytes_per_conversation": heaps,
    }


def _peer_heaps(conversations: int, turns: int) -> dict[str, float]:
    heaps: dict[str, float] = {}
    try:
        from langchain_core.chat_history import InMemoryChatMessageHistory
        from langchain_core.messages import AIMessage, HumanMessage
    except ImportError:
        pass
    else:
        histories: dict[str, InMemoryChatMessageHistory] = {}

        def langchain(conversation: int, texts: list[tuple[str, str]]) -> None:
            with warnings.catch_warnings():  # LangChain deprecates the class, still ships it
                warnings.simplefilter("ignore")
                history = histories.setdefault(str(conversation), InMemoryChatMessageHistory())
            for question, answer in texts:
                history.add_messages([HumanMessage(question), AIMessage(answer)])

        heaps["LangChain InMemoryChatMessageHistory"] = _heap_per_conversation(
            langchain, conversations, turns
        )
    try:
        from pydantic_ai.messages import ModelRequest, ModelResponse, TextPart, UserPromptPart
    except ImportError:
        pass
    else:
        lists: dict[str, list[Any]] = {}

        def pydantic_ai(conversation: int, texts: list[tuple[str, str]]) -> None:
            history = lists.setdefault(str(conversation), [])
            for question, answer in texts:
                history.append(ModelRequest(parts=[UserPromptPart(question)]))
                history.append(ModelResponse(parts=[TextPart(answer)]))

        heaps["pydantic-ai ModelRequest/ModelResponse"] = _heap_per_conversation(
            pydantic_ai, conversations, turns
        )
    return heaps


def main() -> None:
    if sys.argv[1] == "import":
        print(json.dumps(import_times(int(sys.argv[2]))))
    else:
        print(json.dumps(memory(int(sys.argv[2]), int(sys.argv[3]))))


if __name__ == "__main__":
    main()
