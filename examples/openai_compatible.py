"""OpenAiChatModel against OpenAI or any OpenAI-compatible server (vLLM, Ollama, LM Studio).

With ``OPENAI_API_KEY`` set it talks to OpenAI (or to ``OPENAI_BASE_URL`` when that is set
too, with ``OPENAI_MODEL`` naming the model). Without a key it starts the local
``OpenAiTestServer`` from ``spring_ai_py.test`` and says so: the answers are then scripted,
but the SDK, the HTTP traffic, the tool call and the spans are all real.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test.openai_server import OpenAiTestServer
from spring_ai_py.test.spans import SpanRecorder
from spring_ai_py.tool import tool


@tool
def current_weather(city: str) -> str:
    """Get the current weather in a city."""
    return f"Sunny and 22 degrees in {city}"


@contextlib.contextmanager
def chat_options() -> Iterator[OpenAiChatOptions]:
    """Options for the real API when a key is set, else for a scripted local server."""
    if os.environ.get("OPENAI_API_KEY"):
        print("Using the OpenAI API (OPENAI_API_KEY is set).")
        yield OpenAiChatOptions(
            model=os.environ.get("OPENAI_MODEL", "gpt-4o-mini"),
            base_url=os.environ.get("OPENAI_BASE_URL"),
        )
        return
    print("No OPENAI_API_KEY: using the local OpenAiTestServer. The answers below are scripted.")
    with OpenAiTestServer() as server:
        server.enqueue_text("Spring AI's ChatClient, ported to Python.")
        server.enqueue_text("Advisors wrap every call like an onion.")
        server.enqueue_tool_calls([{"name": "current_weather", "arguments": {"city": "Paris"}}])
        server.enqueue_text("It is sunny and 22 degrees in Paris.")
        yield OpenAiChatOptions(
            model="gpt-4o-mini", api_key="not-a-real-key", base_url=server.base_url
        )


def main() -> None:
    recorder = SpanRecorder()
    with (
        chat_options() as options,
        OpenAiChatModel(options=options, tracer_provider=recorder.tracer_provider) as model,
    ):
        client = (
            ChatClient.builder(model, recorder.tracer_provider)
            .default_system("Answer in one sentence.")
            .build()
        )

        response = client.prompt("What is spring_ai_py?").call().chat_response()
        assert response is not None
        usage = response.get_metadata().get_usage()
        print("call:  ", response.get_result().get_output().get_text())  # type: ignore[union-attr]
        print(
            f"        ({usage.get_prompt_tokens()} prompt + {usage.get_completion_tokens()} completion tokens)"
        )

        print("stream:", "".join(client.prompt("What is an advisor?").stream().content()))

        answer = (
            client.prompt("What is the weather in Paris?").tools(current_weather).call().content()
        )
        print("tool:  ", answer)
    print("\nSpans:")
    print(recorder.tree(durations=False))


if __name__ == "__main__":
    main()
