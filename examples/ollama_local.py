"""OllamaChatModel and OllamaEmbeddingModel on Ollama's native API, through the ChatClient.

With ``OLLAMA_BASE_URL`` set (``http://localhost:11434`` for a local Ollama) it talks to
that server, pulling ``OLLAMA_MODEL`` (default ``llama3.2``) when it is missing. Without
it, it starts the local ``OllamaTestServer`` from ``spring_ai_py.test`` and says so: the
answers are then scripted, but the official ``ollama`` client, the HTTP traffic, the
tool call and the model pull are all real.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.ollama import (
    ModelManagementOptions,
    OllamaApi,
    OllamaChatModel,
    OllamaChatOptions,
    OllamaEmbeddingModel,
    PullModelStrategy,
)
from spring_ai_py.test import OllamaTestServer
from spring_ai_py.tool import tool


@tool
def current_weather(city: str) -> str:
    """Get the current weather in a city."""
    return f"Sunny and 22 degrees in {city}"


@contextlib.contextmanager
def ollama_api() -> Iterator[OllamaApi]:
    """The configured Ollama, else a scripted local fake of it."""
    base_url = os.environ.get("OLLAMA_BASE_URL")
    if base_url:
        yield OllamaApi(base_url=base_url)
        return
    print("OLLAMA_BASE_URL is not set: using the scripted OllamaTestServer.")
    with OllamaTestServer() as server:
        server.enqueue_text("Ollama runs language models on your own machine.")
        server.enqueue_text("Streaming, one chunk at a time.")
        server.enqueue_tool_calls([{"name": "current_weather", "arguments": {"city": "Lyon"}}])
        server.enqueue_text("It is sunny and 22 degrees in Lyon.")
        yield OllamaApi(base_url=server.base_url)


def main() -> None:
    model = os.environ.get("OLLAMA_MODEL", "llama3.2")
    with ollama_api() as api:
        chat_model = OllamaChatModel(
            OllamaChatOptions(model=model, temperature=0.2, num_ctx=4096),
            ollama_api=api,
            model_management_options=ModelManagementOptions(
                pull_model_strategy=PullModelStrategy.WHEN_MISSING
            ),
        )
        with chat_model:
            client = ChatClient.builder(chat_model).default_system("Answer in one sentence.").build()
            print("call:  ", client.prompt("What is Ollama?").call().content())
            print("stream:", "".join(client.prompt("Say something, streamed.").stream().content()))
            print("tools: ", client.prompt("Weather in Lyon?").tools(current_weather).call().content())
        with OllamaEmbeddingModel(ollama_api=api) as embedding_model:
            print("embed: ", len(embedding_model.embed("Spring AI on Ollama")), "dimensions")


if __name__ == "__main__":
    main()
