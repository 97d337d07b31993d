"""The records passed along the advisor chain, and the entity-plus-response pair."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from spring_ai_py import _assert
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.chat.prompt import Prompt

if TYPE_CHECKING:
    from spring_ai_py.model.tool.tool_approval import PendingApproval

R = TypeVar("R")
E = TypeVar("E")


def _checked_context(context: Any) -> dict[str, Any]:
    _assert.not_none(context, "context cannot be null")
    if None in context:
        raise ValueError("context keys cannot be null")
    return context  # type: ignore[no-any-return]


@dataclass(frozen=True, slots=True)
class ChatClientRequest:
    """What flows down the advisor chain: the prompt and the shared advisor context.

    ``context`` is a plain mutable dict shared by the advisors of one call (as in
    Spring); ``None`` values are allowed.
    """

    prompt: Prompt
    context: dict[str, Any]

    def __post_init__(self) -> None:
        _assert.not_none(self.prompt, "prompt cannot be null")
        _checked_context(self.context)

    @staticmethod
    def builder() -> ChatClientRequest.Builder:
        """A builder for a request: ``builder().prompt(p).context({...}).build()``."""
        return ChatClientRequest.Builder()

    def copy(self) -> ChatClientRequest:
        """A copy with copied messages and a new (shallow-copied) context dict."""
        return ChatClientRequest(self.prompt.copy(), dict(self.context))

    def mutate(self) -> ChatClientRequest.Builder:
        """A builder pre-filled with a copy of this request's prompt and context."""
        return ChatClientRequest.Builder().prompt(self.prompt.copy()).context(dict(self.context))

    class Builder:
        """Fluent builder; ``context(...)`` adds entries (a mapping, or a key and value)."""

        def __init__(self) -> None:
            self._prompt: Prompt | None = None
            self._context: dict[str, Any] = {}

        def prompt(self, prompt: Prompt) -> ChatClientRequest.Builder:
            self._prompt = _assert.not_none(prompt, "prompt cannot be null")
            return self

        def context(self, context: Mapping[str, Any] | str, value: Any = None) -> ChatClientRequest.Builder:
            if isinstance(context, str):
                self._context[context] = value
            else:
                self._context.update(_assert.not_none(context, "context cannot be null"))
            return self

        def build(self) -> ChatClientRequest:
            _assert.state(self._prompt is not None, "prompt cannot be null")
            assert self._prompt is not None
            return ChatClientRequest(self._prompt, self._context)


@dataclass(frozen=True, slots=True)
class ChatClientResponse:
    """What flows back up the advisor chain: the model's response and the context."""

    chat_response: ChatResponse | None
    context: dict[str, Any]

    def __post_init__(self) -> None:
        _checked_context(self.context)

    @property
    def pending_approval(self) -> PendingApproval | None:
        """The paused turn this response reports (beyond Spring), or ``None``: set when
        the tool loop stopped for a gated tool, an environment failure or a call a
        crash interrupted; resume it with ``client.prompt().resume(token, ...)``."""
        from spring_ai_py.model.tool.tool_approval import PendingApproval

        pending = self.context.get(PendingApproval.CONTEXT_KEY)
        return pending if isinstance(pending, PendingApproval) else None

    @staticmethod
    def builder() -> ChatClientResponse.Builder:
        """A builder for a response: ``builder().chat_response(r).context({...}).build()``."""
        return ChatClientResponse.Builder()

    def copy(self) -> ChatClientResponse:
        """A copy with its own (shallow) copy of the context."""
        return ChatClientResponse(self.chat_response, dict(self.context))

    def mutate(self) -> ChatClientResponse.Builder:
        """A builder pre-filled with this response and a copy of its context."""
        return ChatClientResponse.Builder().chat_response(self.chat_response).context(dict(self.context))

    class Builder:
        """Fluent builder; ``context(...)`` adds entries (a mapping, or a key and value)."""

        def __init__(self) -> None:
            self._chat_response: ChatResponse | None = None
            self._context: dict[str, Any] = {}

        def chat_response(self, chat_response: ChatResponse | None) -> ChatClientResponse.Builder:
            self._chat_response = chat_response
            return self

        def context(self, context: Mapping[str, Any] | str, value: Any = None) -> ChatClientResponse.Builder:
            if isinstance(context, str):
                self._context[context] = value
            else:
                self._context.update(_assert.not_none(context, "context cannot be null"))
            return self

        def build(self) -> ChatClientResponse:
            return ChatClientResponse(self._chat_response, self._context)


@dataclass(frozen=True, slots=True)
class ResponseEntity(Generic[R, E]):
    """A response together with the entity converted from it."""

    response: R | None
    entity: E | None

    def get_response(self) -> R | None:
        return self.response

    def get_entity(self) -> E | None:
        return self.entity
