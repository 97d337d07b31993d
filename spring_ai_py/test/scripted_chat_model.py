"""A scripted ``ChatModel`` for tests: queued answers, every prompt recorded."""

from __future__ import annotations

import asyncio
import itertools
import json
import re
import threading
from collections import deque
from collections.abc import AsyncIterator, Iterable, Mapping, Sequence
from typing import Any, cast, overload

from spring_ai_py.chat.messages import AssistantMessage, Message
from spring_ai_py.chat.metadata import ChatGenerationMetadata, ChatResponseMetadata, DefaultUsage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt

_ids = itertools.count(1)
Script = ChatResponse | list[ChatResponse] | BaseException


def _usage(prompt: Prompt | None, text: str) -> DefaultUsage:
    prompt_tokens = len(prompt.get_contents().split()) if prompt is not None else 0
    return DefaultUsage(prompt_tokens, len(text.split()))


class ScriptedChatModel(ChatModel):
    """A chat model that answers from a script, for offline tests of advisors and apps.

    Queue answers with :meth:`add_response` (text or a ``ChatResponse``),
    :meth:`add_tool_calls`, :meth:`add_stream` (explicit chunks) or :meth:`add_error`;
    each ``call`` or ``stream`` takes the next one. A text answer streams word by word,
    the last chunk carrying the finish reason ``STOP``. Every prompt is recorded in
    :attr:`prompts`; usage counts words. Thread-safe.
    """

    def __init__(
        self,
        *responses: str | ChatResponse,
        options: ChatOptions | None = None,
        model: str = "scripted-model",
        chunk_delay: float = 0.0,
    ) -> None:
        self._queue: deque[tuple[str | None, Script]] = deque()
        self._lock = threading.Lock()
        self._options = options if options is not None else ChatOptions(model=model)
        self._model = model
        self._chunk_delay = chunk_delay
        self.prompts: list[Prompt] = []
        for response in responses:
            self.add_response(response)

    # -- scripting ---------------------------------------------------------------

    def add_response(self, response: str | ChatResponse, finish_reason: str = "STOP") -> ScriptedChatModel:
        """Queue an answer: a text, or a ready ``ChatResponse``."""
        if isinstance(response, str):
            self._queue.append((response, self.text_response(response, finish_reason)))
        else:
            self._queue.append((None, response))
        return self

    def add_tool_calls(self, *calls: tuple[str, Mapping[str, Any] | str] | AssistantMessage.ToolCall) -> ScriptedChatModel:
        """Queue an answer that calls tools: ``("name", {"arg": 1})`` pairs or ToolCalls."""
        tool_calls = [self.tool_call(*c) if isinstance(c, tuple) else c for c in calls]
        message = AssistantMessage("", tool_calls=tool_calls)
        self._queue.append((None, self._response(message, "TOOL_CALLS", None)))
        return self

    def add_stream(self, chunks: Sequence[str | ChatResponse], finish_reason: str | None = "STOP") -> ScriptedChatModel:
        """Queue a streamed answer made of exactly these chunks (the last one carries
        ``finish_reason``; ``None`` streams no finish reason at all)."""
        responses: list[ChatResponse] = []
        for index, chunk in enumerate(chunks):
            if isinstance(chunk, ChatResponse):
                responses.append(chunk)
                continue
            last = index == len(chunks) - 1
            responses.append(self._response(AssistantMessage(chunk), finish_reason if last else None, None))
        self._queue.append((None, responses))
        return self

    def add_error(self, error: BaseException) -> ScriptedChatModel:
        """Queue a failure: the next call raises ``error`` (a stream raises it mid-way)."""
        self._queue.append((None, error))
        return self

    @staticmethod
    def tool_call(name: str, arguments: Mapping[str, Any] | str, id: str | None = None) -> AssistantMessage.ToolCall:
        """A tool call with JSON arguments and a fresh id."""
        text = arguments if isinstance(arguments, str) else json.dumps(arguments)
        return AssistantMessage.ToolCall(id or f"call_{next(_ids)}", "function", name, text)

    def text_response(self, text: str, finish_reason: str | None = "STOP") -> ChatResponse:
        """A ``ChatResponse`` of one generation with ``text`` and ``finish_reason``."""
        return self._response(AssistantMessage(text), finish_reason, None)

    def _response(self, message: AssistantMessage, finish_reason: str | None, prompt: Prompt | None) -> ChatResponse:
        metadata = ChatResponseMetadata(
            id=f"scripted-{next(_ids)}", model=self._model, usage=_usage(prompt, message.get_text() or "")
        )
        generation_metadata = (
            ChatGenerationMetadata.builder().finish_reason(finish_reason).build()
            if finish_reason
            else ChatGenerationMetadata.NULL
        )
        return ChatResponse([Generation(message, generation_metadata)], metadata)

    @property
    def remaining(self) -> int:
        """How many scripted answers are left."""
        return len(self._queue)

    @property
    def last_prompt(self) -> Prompt:
        """The most recent prompt the model received."""
        if not self.prompts:
            raise AssertionError("the scripted model has not been called")
        return self.prompts[-1]

    # -- the model ---------------------------------------------------------------

    def _next(self, prompt: Prompt) -> tuple[str | None, Script]:
        with self._lock:
            self.prompts.append(prompt)
            if not self._queue:
                raise AssertionError(
                    f"ScriptedChatModel has no scripted answer left for prompt: {prompt.get_contents()!r}"
                )
            return self._queue.popleft()

    @overload
    def call(self, prompt: str, /) -> str | None: ...

    @overload
    def call(self, prompt: Message, /, *messages: Message) -> str | None: ...

    @overload
    def call(self, prompt: Prompt, /) -> ChatResponse: ...

    def call(self, prompt: Prompt | str | Message, /, *messages: Message) -> ChatResponse | str | None:
        prompt = cast(Prompt, prompt)  # the text forms arrive as a Prompt (ChatModel)
        text, script = self._next(prompt)
        if isinstance(script, BaseException):
            raise script
        if isinstance(script, list):
            from spring_ai_py.chat.model import MessageAggregator

            return MessageAggregator.aggregate_responses(script)
        if text is not None:
            result = script.get_result()
            reason = result.get_metadata().get_finish_reason() if result is not None else "STOP"
            return self._response(AssistantMessage(text), reason, prompt)
        return script

    def stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:
        return self._stream(prompt)

    async def _stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:
        text, script = self._next(prompt)
        if isinstance(script, BaseException):
            raise script
        chunks: Iterable[ChatResponse]
        if isinstance(script, list):
            chunks = script
        elif text is not None:
            chunks = self._word_chunks(text, prompt)
        else:
            chunks = [script]
        for chunk in chunks:
            if self._chunk_delay:
                await asyncio.sleep(self._chunk_delay)
            yield chunk

    def _word_chunks(self, text: str, prompt: Prompt) -> list[ChatResponse]:
        pieces = re.findall(r"\S+\s*|\s+", text) or [text]
        return [
            self._response(AssistantMessage(piece), "STOP" if i == len(pieces) - 1 else None, prompt)
            for i, piece in enumerate(pieces)
        ]

    def get_options(self) -> ChatOptions:
        return self._options
