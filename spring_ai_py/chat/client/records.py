"""The records passed along the advisor chain, and the entity-plus-response pair."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.chat.prompt import Prompt

if TYPE_CHECKING:
    from spring_ai_py.model.tool.tool_approval import PendingApproval

R = TypeVar("R")
T = TypeVar("T")
E = TypeVar("E")


def _checked_context(context: Any) -> dict[str, Any]:
    _assert.not_none(context, "context cannot be null")
    if None in context:
        raise ValueError("context keys cannot be null")
    return context  # type: ignore[no-any-return]


class _ContextBuilder(_builder.Builder[T]):
    """A builder whose ``context(...)`` adds entries (a mapping, or a key and value) to a
    context of its own."""

    __slots__ = ()

    def context(self, context: Mapping[str, object] | str, value: object = None) -> Self:
        entries: dict[str, object] = self._values.setdefault("context", {})
        if isinstance(context, str):
            entries[context] = value
        else:
            entries.update(_assert.not_none(context, "context cannot be null"))
        return self

    def build(self) -> T:
        self._values.setdefault("context", {})
        return super().build()


class _ChatClientRequestBuilder(_ContextBuilder["ChatClientRequest"]):
    __slots__ = ()

    def build(self) -> ChatClientRequest:
        _assert.state(self._values.get("prompt") is not None, "prompt cannot be null")
        return super().build()


class _ChatClientResponseBuilder(_ContextBuilder["ChatClientResponse"]):
    __slots__ = ()

    def build(self) -> ChatClientResponse:
        self._values.setdefault("chat_response", None)
        return super().build()


@dataclass(frozen=True, slots=True)
class ChatClientRequest(Buildable):
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
        return ChatClientRequest.Builder(ChatClientRequest)

    def copy(self) -> ChatClientRequest:
        """A copy with copied messages and a new (shallow-copied) context dict."""
        return ChatClientRequest(self.prompt.copy(), dict(self.context))

    def mutate(self) -> ChatClientRequest.Builder:
        """A builder pre-filled with a copy of this request's prompt and context."""
        return ChatClientRequest.builder().prompt(self.prompt.copy()).context(dict(self.context))

    @classmethod
    def _check_builder_value(cls, name: str, value: object) -> None:
        if name == "prompt":
            _assert.not_none(value, "prompt cannot be null")

    # --- generated builder (base: _ChatClientRequestBuilder) (own builder()) ---
    class Builder(_ChatClientRequestBuilder):
        """The builder of :class:`ChatClientRequest`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def prompt(self, prompt: Prompt, /) -> Self:
            return self._set("prompt", (prompt,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ChatClientRequest: ...
    # --- end of generated builder ---

@dataclass(frozen=True, slots=True)
class ChatClientResponse(Buildable):
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
        return ChatClientResponse.Builder(ChatClientResponse)

    def copy(self) -> ChatClientResponse:
        """A copy with its own (shallow) copy of the context."""
        return ChatClientResponse(self.chat_response, dict(self.context))

    def mutate(self) -> ChatClientResponse.Builder:
        """A builder pre-filled with this response and a copy of its context."""
        return ChatClientResponse.builder().chat_response(self.chat_response).context(dict(self.context))

    # --- generated builder (base: _ChatClientResponseBuilder) (own builder()) ---
    class Builder(_ChatClientResponseBuilder):
        """The builder of :class:`ChatClientResponse`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def chat_response(self, chat_response: ChatResponse | None, /) -> Self:
            return self._set("chat_response", (chat_response,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ChatClientResponse: ...
    # --- end of generated builder ---

@dataclass(frozen=True, slots=True)
class ResponseEntity(Generic[R, E]):
    """A response together with the entity converted from it."""

    response: R | None
    entity: E | None

    def get_response(self) -> R | None:
        return self.response

    def get_entity(self) -> E | None:
        return self.entity
