"""Quick start (`make demo`): advisors, a tool call, two turns of memory, the span tree.

Uses OpenAI when OPENAI_API_KEY is set, Anthropic when ANTHROPIC_API_KEY is set, and
otherwise a local server that speaks OpenAI's real wire format with scripted answers
(driven through the official `openai` SDK), so it runs offline.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.client.advisor.api import AdvisorChain, BaseAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.model.provider import ProviderChatModel
from spring_ai_py.test import OpenAiTestServer, OpenAiUsage, SpanRecorder
from spring_ai_py.tool import tool

WEATHER = {"paris": "sunny, 21 °C", "oslo": "light rain, 9 °C"}


@tool(description="Current weather in a city")
def current_weather(city: str) -> str:
    return WEATHER.get(city.lower(), "unknown")


class TimestampAdvisor(BaseAdvisor):
    """Outer advisor (order 10): stamps the request context."""

    def get_order(self) -> int:
        return 10

    def before(self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain) -> ChatClientRequest:
        chat_client_request.context["requested_by"] = "quickstart"
        return chat_client_request

    def after(self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain) -> ChatClientResponse:
        return chat_client_response


class BrevityAdvisor(BaseAdvisor):
    """Inner advisor (order 20): asks for a one-sentence answer."""

    def get_order(self) -> int:
        return 20

    def before(self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain) -> ChatClientRequest:
        prompt = chat_client_request.prompt.augment_user_message(
            lambda user: user.mutate().text(f"{user.get_text()} (one sentence)").build()
        )
        return chat_client_request.mutate().prompt(prompt).build()

    def after(self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain) -> ChatClientResponse:
        return chat_client_response


def choose_model(stack: ExitStack, recorder: SpanRecorder) -> ProviderChatModel[Any, Any, Any, Any]:
    """A real provider when a key is set, else the scripted local OpenAI server."""
    if os.environ.get("OPENAI_API_KEY"):
        from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions

        print("model: OpenAI (gpt-4o-mini)\n")
        return OpenAiChatModel(
            options=OpenAiChatOptions.builder().model("gpt-4o-mini").build(),
            tracer_provider=recorder.tracer_provider,
        )
    if os.environ.get("ANTHROPIC_API_KEY"):
        from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions

        print("model: Anthropic (claude-haiku-4-5)\n")
        return AnthropicChatModel(
            options=AnthropicChatOptions.builder().model("claude-haiku-4-5").build(),
            tracer_provider=recorder.tracer_provider,
        )

    from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions

    server = stack.enter_context(OpenAiTestServer())
    usage = OpenAiUsage(prompt_tokens=42, completion_tokens=12)
    server.enqueue_tool_calls([{"name": "current_weather", "arguments": '{"city": "Paris"}'}], usage=usage)
    server.enqueue_text(
        "It is sunny and 21 °C in Paris.", chunks=["It is sunny", " and 21 °C", " in Paris."], usage=usage
    )
    server.enqueue_text("You asked about the weather in Paris.", usage=usage)
    print("model: no OPENAI_API_KEY or ANTHROPIC_API_KEY set, so the answers are SCRIPTED")
    print("       by a local server speaking OpenAI's wire format (through the real SDK)\n")
    return OpenAiChatModel(
        options=OpenAiChatOptions.builder()
        .model("gpt-4o-mini")
        .base_url(server.base_url)
        .api_key("scripted-demo-key")
        .build(),
        tracer_provider=recorder.tracer_provider,
    )


def main() -> None:
    recorder = SpanRecorder()
    with ExitStack() as stack, tempfile.TemporaryDirectory() as tmp:
        model = stack.enter_context(choose_model(stack, recorder))  # closed on the way out
        repository = stack.enter_context(JdbcChatMemoryRepository.sqlite(Path(tmp) / "memory.db"))
        memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
        client = (
            ChatClient.builder(model, recorder.tracer_provider)
            .default_system("You are a concise assistant.")
            .default_advisors(
                BrevityAdvisor(), TimestampAdvisor(), MessageChatMemoryAdvisor.builder(memory).build()
            )
            .default_tools(current_weather)
            .build()
        )
        conversation = lambda a: a.param(ChatMemory.CONVERSATION_ID, "demo")  # noqa: E731

        print("turn 1 (streamed, calls the weather tool):")
        print("  ", end="", flush=True)
        stream = client.prompt().user("What's the weather in Paris?").advisors(conversation).stream()
        last = None
        for last in stream.chat_response():
            generation = last.get_result()  # a usage-only chunk has no generation
            print(generation.get_output().get_text() or "" if generation else "", end="", flush=True)
        print()
        if last is not None:
            # Usage is summed over both model calls of the tool loop (UsageAccumulator).
            print("   total tokens:", last.get_metadata().get_usage().get_total_tokens())

        print("\nturn 2 (remembers turn 1):")
        response = client.prompt().user("What did I ask you before?").advisors(conversation).call().chat_response()
        assert response is not None
        print("  ", response.get_result().get_output().get_text())  # type: ignore[union-attr]
        print("   total tokens:", response.get_metadata().get_usage().get_total_tokens())

        print("\nstored conversation:")
        for message in memory.get("demo"):
            print(f"   {message.get_message_type().value:9} {message.get_text()}")

    print("\nspan tree (lowest order = outermost):")
    print(recorder.tree())


if __name__ == "__main__":
    main()
