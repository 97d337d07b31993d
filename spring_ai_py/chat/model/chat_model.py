"""The chat model contract: ``call`` blocks, ``stream`` is an async iterator."""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable
from typing import TYPE_CHECKING, Any

from spring_ai_py.chat.messages import Message, UserMessage
from spring_ai_py.chat.model.chat_response import ChatResponse

if TYPE_CHECKING:
    from spring_ai_py.chat.prompt import ChatOptions, Prompt


class StreamingChatModel(ABC):
    """A model that streams its answer as a sequence of partial ``ChatResponse`` chunks."""

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
        from spring_ai_py.chat.prompt import Prompt

        if isinstance(prompt, Prompt):
            return call(self, prompt)
        if isinstance(prompt, str):
            request = Prompt([UserMessage(prompt)])
        elif isinstance(prompt, Message):
            request = Prompt([prompt, *messages])
        else:
            raise TypeError(f"call() takes a Prompt, a str or messages, not {type(prompt).__name__}")
        generation = call(self, request).get_result()
        return generation.get_output().get_text() if generation is not None else ""

    wrapper.__spring_ai_text_overloads__ = True  # type: ignore[attr-defined]
    return wrapper


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

    @abstractmethod
    def call(self, prompt: Prompt) -> ChatResponse:
        """Call the model with ``prompt`` and return its response."""

    def get_options(self) -> ChatOptions:
        """The model's default options (Spring 2.0.1 ``getOptions()``)."""
        from spring_ai_py.chat.prompt import ChatOptions

        return ChatOptions()

    def get_default_options(self) -> ChatOptions:
        """Deprecated alias of :meth:`get_options`."""
        return self.get_options()
