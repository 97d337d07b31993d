"""Chat memory: a two-turn conversation remembered in SQLite.

Runs offline against the scripted model from ``spring_ai_py.test``. The SQLite file lives
in a temporary directory; point ``JdbcChatMemoryRepository.sqlite`` at a real path (or use
``JdbcChatMemoryRepository.postgres(dsn)``) to keep conversations across restarts.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel


def main() -> None:
    model = ScriptedChatModel("Nice to meet you, Ada!", "You told me your name is Ada.")
    with tempfile.TemporaryDirectory() as tmp:
        database = Path(tmp) / "chat-memory.db"
        with JdbcChatMemoryRepository.sqlite(database) as repository:
            memory = (
                MessageWindowChatMemory.builder()
                .chat_memory_repository(repository)
                .max_messages(20)
                .build()
            )
            client = (
                ChatClient.builder(model)
                .default_system("You are a friendly assistant.")
                .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
                .build()
            )

            for question in ["Hi, I'm Ada.", "What is my name?"]:
                answer = (
                    client.prompt(question)
                    .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "ada"))
                    .call()
                    .content()
                )
                print(f"user:      {question}")
                print(f"assistant: {answer}")

            print("\nThe second call sent the model:")
            for message in model.last_prompt.get_instructions():
                print(f"  {message.get_message_type().name:<9} {message.get_text()}")

            print(f"\nStored in {database.name} for conversation 'ada':")
            for message in memory.get("ada"):
                print(f"  {message.get_message_type().name:<9} {message.get_text()}")


if __name__ == "__main__":
    main()
