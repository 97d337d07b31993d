"""GoogleGenAiChatModel (Gemini) through the ChatClient: a call, a stream, a tool, memory.

With ``GOOGLE_API_KEY`` (or ``GEMINI_API_KEY``) set it talks to the Gemini Developer API;
without one it starts the local ``GeminiTestServer`` from ``spring_ai_py.test`` and says
so: the answers are then scripted, but the official ``google-genai`` SDK, the HTTP
traffic and the tool call are real. Needs ``pip install 'spring_ai_py[google-genai]'``.
"""

from __future__ import annotations

import os

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.google.genai import GoogleGenAiChatModel, GoogleGenAiChatOptions
from spring_ai_py.test import GeminiTestServer
from spring_ai_py.tool import tool


@tool
def current_weather(city: str) -> str:
    """Get the current weather in a city."""
    return f"Sunny and 22 degrees in {city}"


def main() -> None:
    key = os.environ.get("GOOGLE_API_KEY") or os.environ.get("GEMINI_API_KEY")
    server = None
    if key:
        options = GoogleGenAiChatOptions(api_key=key)
    else:
        server = GeminiTestServer().start()
        print(f"No GOOGLE_API_KEY: using the fake Gemini server at {server.base_url}")
        server.enqueue_text("Gemini is a family of Google models.")
        server.enqueue_text("Streaming, word by word.")
        server.enqueue_tool_calls([{"name": "current_weather", "arguments": {"city": "Lyon"}}])
        server.enqueue_text("It is sunny and 22 degrees in Lyon.")
        server.enqueue_text("Nice to meet you, Ada.")
        server.enqueue_text("You are Ada.")
        options = GoogleGenAiChatOptions(api_key="test", base_url=server.base_url)
    with GoogleGenAiChatModel(options=options) as model:
        client = ChatClient.create(model)
        print(client.prompt("What is Gemini, in one sentence?").call().content())
        print("".join(client.prompt("Say something, streamed.").stream().content()))
        print(client.prompt("Weather in Lyon?").tools(current_weather).call().content())
        memory = MessageWindowChatMemory.builder().build()
        remembering = (
            ChatClient.builder(model)
            .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
            .build()
        )
        for text in ("I am Ada.", "Who am I?"):
            answer = (
                remembering.prompt(text)
                .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "ada"))
                .call()
                .content()
            )
            print(answer)
    if server is not None:
        server.stop()


if __name__ == "__main__":
    main()
