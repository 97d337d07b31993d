"""The chat model contract: ``call`` blocks, ``stream`` is an async iterator."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast, overload

from spring_ai_py import _assert
from spring_ai_py.chat.messages import Message, UserMessage
from spring_ai_py.chat.model.chat_response import ChatResponse

if TYPE_CHECKING:
    from spring_ai_py.chat.prompt import ChatOptions, Prompt


def _request_of(prompt: Any, messages: tuple[Message, ...], method: str) -> Prompt | None:
    """The prompt for a text or message overload; ``None`` when ``prompt`` is a Prompt."""
    from spring_ai_py.chat.prompt import Prompt

    if isinstance(prompt, Prompt):
        return None
    if isinstance(prompt, str):
        return Prompt([UserMessage(prompt)])
    if isinstance(prompt, Message):
        return Prompt([prompt, *messages])
    raise TypeError(f"{method}() takes a Prompt, a str or messages, not {type(prompt).__name__}")


def _text_of(response: Any, model: Any) -> str | None:
    """Spring's default-method unwrapping: the first generation's text, ``""`` without one."""
    if not isinstance(response, ChatResponse):
        raise TypeError(
            f"{type(model).__name__}.call() returned {type(response).__name__}, not a ChatResponse"
        )
    generation = response.get_result()
    if generation is None:
        return ""
    output = generation.get_output()
    if output is None:
        raise TypeError(f"{type(model).__name__}.call() returned a generation without output")
    return output.get_text()


def _stream_text(stream: Callable[[Any, Prompt], AsyncIterator[ChatResponse]]) -> Callable[..., Any]:
    """Give an implementation of ``stream(Prompt)`` Spring's text overloads.

    ``stream("hi")`` and ``stream(message, ...)`` stream the text of each chunk's first
    generation (``""`` for a chunk without one), like ``StreamingChatModel``'s defaults.
    """

    @functools.wraps(stream)
    def wrapper(self: Any, prompt: Any, *messages: Message) -> Any:
        request = _request_of(prompt, messages, "stream")
        if request is None:
            return stream(self, prompt)
        return _texts(stream(self, request))

    wrapper.__spring_ai_text_overloads__ = True  # type: ignore[attr-defined]
    return wrapper


async def _texts(chunks: AsyncIterator[ChatResponse]) -> AsyncIterator[str]:
    try:
        async for chunk in chunks:
            generation = chunk.get_result()
            output = generation.get_output() if generation is not None else None
            text = output.get_text() if output is not None else None
            yield text if text is not None else ""
    finally:
        close = getattr(chunks, "aclose", None)
        if close is not None:
            await close()


class StreamingChatModel(ABC):
    """A model that streams its answer as a sequence of partial ``ChatResponse`` chunks.

    As in Spring, ``stream("text")`` and ``stream(message, ...)`` also work on every
    implementation and stream the text of each chunk.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        stream = cls.__dict__.get("stream")
        if stream is not None and not getattr(stream, "__spring_ai_text_overloads__", False):
            cls.stream = _stream_text(stream)  # type: ignore[method-assign]

    def stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:
        """Stream the answer to ``prompt``; nothing runs before iteration starts."""
        raise NotImplementedError("streaming is not supported")


def _accept_text(call: Callable[[Any, Prompt], ChatResponse]) -> Callable[..., Any]:
    """Give an implementation of ``call(Prompt)`` Spring's text overloads.

    ``call("hi")`` and ``call(message, ...)`` build the prompt and return the text of
    the first generation (``""`` when there is none), exactly like ``ChatModel``'s
    default methods in Java.
    """

    @functools.wraps(call)
    def wrapper(self: Any, prompt: Any, *messages: Message) -> Any:
        request = _request_of(prompt, messages, "call")
        if request is None:
            return call(self, prompt)
        return _text_of(call(self, request), self)

    wrapper.__spring_ai_text_overloads__ = True  # type: ignore[attr-defined]
    return wrapper


def _accept_text_async(acall: Callable[[Any, Prompt], Awaitable[ChatResponse]]) -> Callable[..., Any]:
    """:func:`_accept_text` for ``acall``: ``await acall("hi")`` returns the text."""

    @functools.wraps(acall)
    async def wrapper(self: Any, prompt: Any, *messages: Message) -> Any:
        request = _request_of(prompt, messages, "acall")
        if request is None:
            return await acall(self, prompt)
        return _text_of(await acall(self, request), self)

    wrapper.__spring_ai_text_overloads__ = True  # type: ignore[attr-defined]
    return wrapper


def _prompt_of(prompt: object) -> Prompt:
    # The derived text forms (_accept_text) hand implementations a Prompt.
    return cast("Prompt", prompt)


class ChatModel(StreamingChatModel):
    """A chat model: implement :meth:`call` (and :meth:`stream` to support streaming).

    ``call(prompt)`` returns a :class:`ChatResponse`. As in Spring, ``call("text")`` and
    ``call(message, ...)`` also work on every implementation and return the text of the
    first generation.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        call = cls.__dict__.get("call")
        if call is not None and not getattr(call, "__spring_ai_text_overloads__", False):
            cls.call = _accept_text(call)  # type: ignore[method-assign]
        acall = cls.__dict__.get("acall")
        if acall is not None and not getattr(acall, "__spring_ai_text_overloads__", False):
            cls.acall = _accept_text_async(acall)  # type: ignore[method-assign]

    @overload
    def call(self, prompt: str, /) -> str | None: ...

    @overload
    def call(self, prompt: Message, /, *messages: Message) -> str | None: ...

    @overload
    def call(self, prompt: Prompt, /) -> ChatResponse: ...

    @abstractmethod
    def call(
        self, prompt: Prompt | str | Message, /, *messages: Message
    ) -> ChatResponse | str | None:
        """Call the model with ``prompt`` and return its response.

        Implement it for a :class:`Prompt`; the text and message forms are derived (they
        build the prompt and return the first generation's text), so an implementation
        only ever receives a ``Prompt``. Typed implementations repeat the three
        overloads (see ``ScriptedChatModel``) or mark a plain
        ``call(self, prompt: Prompt) -> ChatResponse`` with ``# type: ignore[override]``.
        """

    @overload
    async def acall(self, prompt: str, /) -> str | None: ...

    @overload
    async def acall(self, prompt: Message, /, *messages: Message) -> str | None: ...

    @overload
    async def acall(self, prompt: Prompt, /) -> ChatResponse: ...

    async def acall(
        self, prompt: Prompt | str | Message, /, *messages: Message
    ) -> ChatResponse | str | None:
        """The async twin of :meth:`call`: ``await acall(prompt)``.

        The provider models implement it natively on their SDK's async client; by
        default :meth:`call` runs off the event loop (on the default executor). As with
        ``call``, ``await acall("text")`` returns the text of the first generation.
        """
        from spring_ai_py._bridge import run_blocking

        return await run_blocking(None, self.call, _prompt_of(prompt))

    def get_options(self) -> ChatOptions:
        """The model's default options (Spring 2.0.1 ``getOptions()``)."""
        from spring_ai_py.chat.prompt import ChatOptions

        return ChatOptions()

    def get_default_options(self) -> ChatOptions:
        """Deprecated alias of :meth:`get_options`."""
        return self.get_options()


def _checked_chat_model(chat_model: object, null_message: str = "chat_model cannot be null") -> ChatModel:
    """``chat_model`` as a ``ChatModel``: Spring's null check plus a type check, so a
    wrong argument (a model name, or the class instead of an instance) fails where it
    is given, not at the first call. Raises ``ValueError`` for ``None`` and
    ``TypeError`` otherwise."""
    _assert.not_none(chat_model, null_message)
    if isinstance(chat_model, type) and issubclass(chat_model, ChatModel):
        raise TypeError(
            f"chat_model must be a ChatModel, got the class {chat_model.__name__}; "
            f"pass {chat_model.__name__}(...) instead"
        )
    if not isinstance(chat_model, ChatModel):
        raise TypeError(
            f"chat_model must be a ChatModel, got {type(chat_model).__name__}: {chat_model!r}"
        )
    return chat_model
