"""Configuration the Spring way: an application.yml builds the ChatClient.

Runs offline: a local fake OpenAI server stands in for the API, and the file's base URL
is pointed at it through an environment-variable style override, as you would point a
Spring application at a local server with SPRING_AI_OPENAI_BASE_URL.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from spring_ai_py.autoconfigure import SpringApplication
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.test import OpenAiTestServer

APPLICATION_YML = """
spring:
  ai:
    openai:
      api-key: ${OPENAI_API_KEY:sk-local}
      chat:
        options:
          model: gpt-4o-mini
          temperature: 0.3
  datasource:
    url: jdbc:sqlite:${MEMORY_DB}
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as app_dir, OpenAiTestServer() as server:
        Path(app_dir, "application.yml").write_text(APPLICATION_YML, encoding="utf-8")
        server.enqueue_text("Nice to meet you, Ada.")
        server.enqueue_text("Your name is Ada.")
        environ = {
            "SPRING_AI_OPENAI_BASE_URL": server.base_url,
            "MEMORY_DB": str(Path(app_dir, "memory.db")),
        }
        with SpringApplication.run(config_dir=app_dir, environ=environ) as context:
            chat_client = (
                context.chat_client_builder()
                .default_advisors(MessageChatMemoryAdvisor.builder(context.chat_memory()).build())
                .build()
            )
            for question in ("I am Ada.", "What is my name?"):
                answer = (
                    chat_client.prompt()
                    .user(question)
                    .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "ada"))
                    .call()
                    .content()
                )
                print(f"user: {question}\nassistant: {answer}")
            print("model:", server.requests[-1].body["model"])
            print("memory:", type(context.chat_memory_repository()).__name__)


if __name__ == "__main__":
    main()
