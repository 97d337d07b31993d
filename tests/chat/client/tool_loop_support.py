"""Test doubles for the tool-loop tests: terminal advisors and a scripted manager."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from spring_ai_py.chat.client import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.api import (
    CallAdvisor,
    CallAdvisorChain,
    StreamAdvisor,
    StreamAdvisorChain,
)
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.metadata import ChatResponseMetadata, Usage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import ToolCallingChatOptions, ToolCallingManager, ToolExecutionResult
from spring_ai_py.tool.definition import ToolDefinition

R = ToolResponseMessage.ToolResponse


class TerminalCallAdvisor(CallAdvisor):
    """Stands in for the model on the call path (order 0, inside the loop)."""

    def __init__(self, respond: Callable[[ChatClientRequest], ChatClientResponse]) -> None:
        self.respond = respond
        self.requests: list[ChatClientRequest] = []

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self.requests.append(chat_client_request)
        return self.respond(chat_client_request)

    def get_name(self) -> str:
        return "terminal"

    def get_order(self) -> int:
        return 0


class TerminalStreamAdvisor(StreamAdvisor):
    """Stands in for the model on the stream path; ``respond`` returns the chunks."""

    def __init__(
        self, respond: Callable[[ChatClientRequest], Sequence[ChatClientResponse]]
    ) -> None:
        self.respond = respond
        self.requests: list[ChatClientRequest] = []

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        async def chunks() -> AsyncIterator[ChatClientResponse]:
            self.requests.append(chat_client_request)
            for chunk in self.respond(chat_client_request):
                yield chunk

        return chunks()

    def get_name(self) -> str:
        return "terminal-stream"

    def get_order(self) -> int:
        return 0


class ScriptedManager(ToolCallingManager):
    """Returns scripted results (or raises scripted errors) and records every prompt."""

    def __init__(self, *results: ToolExecutionResult | BaseException) -> None:
        self.results = list(results)
        self.prompts: list[Prompt] = []
        self.responses: list[ChatResponse] = []

    def resolve_tool_definitions(
        self, chat_options: ToolCallingChatOptions
    ) -> list[ToolDefinition]:
        return []

    def execute_tool_calls(
        self, prompt: Prompt, chat_response: ChatResponse
    ) -> ToolExecutionResult:
        self.prompts.append(prompt)
        self.responses.append(chat_response)
        result = self.results[0] if len(self.results) == 1 else self.results.pop(0)
        if isinstance(result, BaseException):
            raise result
        return result

    @property
    def count(self) -> int:
        return len(self.prompts)


def response(
    has_tool_calls: bool, usage: Usage | None = None, content: str = "response"
) -> ChatClientResponse:
    tool_calls = (
        [AssistantMessage.ToolCall("tool-call-1", "function", "testTool", "{}")]
        if has_tool_calls
        else []
    )
    message = AssistantMessage(content, tool_calls=tool_calls)
    metadata = ChatResponseMetadata(usage=usage)
    return ChatClientResponse(ChatResponse([Generation(message)], metadata), {})


def request(system: bool = False, context: dict[str, Any] | None = None) -> ChatClientRequest:
    messages: list[Message] = [UserMessage("test message")]
    if system:
        messages.insert(0, SystemMessage("You are a helpful assistant"))
    return ChatClientRequest(Prompt(messages, ToolCallingChatOptions()), dict(context or {}))


def execution_result(
    return_direct: bool = False, data: str = "Tool result data"
) -> ToolExecutionResult:
    history: list[Message] = [
        UserMessage("test"),
        AssistantMessage(""),
        ToolResponseMessage([R("tool-1", "testTool", data)]),
    ]
    return ToolExecutionResult(history, return_direct)


def collect(stream: AsyncIterator[ChatClientResponse]) -> list[ChatClientResponse]:
    async def gather() -> list[ChatClientResponse]:
        return [item async for item in stream]

    return asyncio.run(gather())


def sequence(*responses: ChatClientResponse) -> Callable[[ChatClientRequest], ChatClientResponse]:
    """A terminal behaviour returning ``responses`` in turn (the last one repeats)."""
    remaining = list(responses)

    def respond(_request: ChatClientRequest) -> ChatClientResponse:
        return remaining.pop(0) if len(remaining) > 1 else remaining[0]

    return respond


def stream_sequence(
    *rounds: Sequence[ChatClientResponse],
) -> Callable[[ChatClientRequest], Sequence[ChatClientResponse]]:
    remaining = list(rounds)

    def respond(_request: ChatClientRequest) -> Sequence[ChatClientResponse]:
        return remaining.pop(0) if len(remaining) > 1 else remaining[0]

    return respond
