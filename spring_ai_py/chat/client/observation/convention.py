"""How the ChatClient span is named and annotated; subclass to rename or extend."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert
from spring_ai_py._builder import Buildable, Builder
from spring_ai_py._observation import Attributes
from spring_ai_py.chat.memory.chat_memory import ChatMemory

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api import Advisor
    from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse

CONVERSATION_ID_KEY = ChatMemory.CONVERSATION_ID


class _ContextBuilder(Builder["ChatClientObservationContext"]):
    __slots__ = ()

    def build(self) -> ChatClientObservationContext:
        _assert.state(
            self._values.get("request") is not None, "chat_client_request cannot be null"
        )
        return super().build()


@dataclass(slots=True)
class ChatClientObservationContext(Buildable):
    """What a ChatClient span is about: the request, the advisors, call or stream.

    The constructor rejects a missing request with ``ValueError`` (Spring's
    ``Assert.notNull``); ``builder().build()`` without one raises ``RuntimeError``
    (Spring's ``Assert.state``).
    """

    request: ChatClientRequest
    advisors: list[Advisor] = field(default_factory=list)
    stream: bool = False
    format: str | None = None
    response: ChatClientResponse | None = None

    def __post_init__(self) -> None:
        _assert.not_none(self.request, "chat_client_request cannot be null")
        _assert.not_none(self.advisors, "advisors cannot be null")
        _assert.no_null_elements(self.advisors, "advisors cannot contain null elements")

    def get_request(self) -> ChatClientRequest:
        return self.request

    def get_advisors(self) -> list[Advisor]:
        return self.advisors

    def is_stream(self) -> bool:
        return self.stream

    def get_format(self) -> str | None:
        """The output format: the one given, else the request's ``OUTPUT_FORMAT`` entry."""
        if self.format is not None:
            return self.format
        from spring_ai_py.chat.client.attributes import ChatClientAttributes

        value = self.request.context.get(ChatClientAttributes.OUTPUT_FORMAT.value)
        return value if isinstance(value, str) else None

    def get_response(self) -> ChatClientResponse | None:
        return self.response

    def set_response(self, response: ChatClientResponse | None) -> None:
        self.response = response

    # --- generated builder (base: _ContextBuilder) ---
    class Builder(_ContextBuilder):
        """The builder of :class:`ChatClientObservationContext`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def request(self, request: ChatClientRequest, /) -> Self:
            return self._set("request", (request,))

        def advisors(self, advisors: Advisor | list[Advisor], /, *more: Advisor) -> Self:
            return self._set("advisors", (advisors, *more), sequence=True)

        def stream(self, stream: bool, /) -> Self:
            return self._set("stream", (stream,))

        def format(self, format: str | None, /) -> Self:
            return self._set("format", (format,))

        def response(self, response: ChatClientResponse | None, /) -> Self:
            return self._set("response", (response,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ChatClientObservationContext: ...

    @classmethod
    def builder(cls) -> ChatClientObservationContext.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ChatClientObservationContext.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class ChatClientObservationConvention(ABC):
    """Names the ChatClient span and chooses its attributes."""

    @abstractmethod
    def get_name(self) -> str:
        """The observation name."""

    @abstractmethod
    def get_contextual_name(self, context: ChatClientObservationContext) -> str:
        """The span name."""

    def supports_context(self, context: object) -> bool:
        """Whether this convention applies to ``context`` (Micrometer's ``supportsContext``)."""
        return isinstance(context, ChatClientObservationContext)

    def get_low_cardinality_key_values(self, context: ChatClientObservationContext) -> Attributes:
        return {}

    def get_high_cardinality_key_values(self, context: ChatClientObservationContext) -> Attributes:
        return {}

    def get_response_key_values(self, context: ChatClientObservationContext) -> Attributes:
        """Attributes added when the response is complete (empty by default)."""
        return {}

    def attributes(self, context: ChatClientObservationContext) -> Attributes:
        """The span attributes: the low- and high-cardinality key values together."""
        return {
            **self.get_low_cardinality_key_values(context),
            **self.get_high_cardinality_key_values(context),
        }


class DefaultChatClientObservationConvention(ChatClientObservationConvention):
    """Spring's ChatClient convention: a ``spring_ai chat_client`` span.

    Prompt and completion texts stay off the span unless ``include_prompt`` /
    ``include_completion`` are set: ``gen_ai.prompt`` lists ``"<type>: <text>"`` per
    message, ``gen_ai.completion`` the generations' non-blank texts. They stand in for
    Spring's ``ChatClientPromptContentObservationHandler`` and
    ``ChatClientCompletionObservationHandler``, which log the same texts.
    """

    DEFAULT_NAME: ClassVar[str] = "spring.ai.chat.client"

    def __init__(
        self,
        name: str = DEFAULT_NAME,
        *,
        include_prompt: bool = False,
        include_completion: bool = False,
    ) -> None:
        self._name = name
        self.include_prompt = include_prompt
        self.include_completion = include_completion

    def get_name(self) -> str:
        return self._name

    def get_contextual_name(self, context: ChatClientObservationContext) -> str:
        return "spring_ai chat_client"

    def get_low_cardinality_key_values(self, context: ChatClientObservationContext) -> Attributes:
        return {
            "gen_ai.operation.name": "framework",
            "gen_ai.system": "spring_ai",
            "gen_ai.provider.name": "spring_ai",
            "spring.ai.kind": "chat_client",
            "spring.ai.chat.client.stream": context.stream,
        }

    def get_high_cardinality_key_values(self, context: ChatClientObservationContext) -> Attributes:
        values: dict[str, Any] = {}
        if context.advisors:
            values["spring.ai.chat.client.advisors"] = [a.get_name() for a in context.advisors]
        conversation_id = context.request.context.get(CONVERSATION_ID_KEY)
        if isinstance(conversation_id, str) and conversation_id.strip():
            values["spring.ai.chat.client.conversation.id"] = conversation_id
        options = context.request.prompt.get_options()
        callbacks = getattr(options, "tool_callbacks", None)
        if callbacks:
            values["spring.ai.chat.client.tool.names"] = sorted(
                c.get_tool_definition().name for c in callbacks
            )
        if self.include_prompt:
            values["gen_ai.prompt"] = [
                f"{m.get_message_type().value}: {m.get_text() or ''}"
                for m in context.request.prompt.get_instructions()
            ]
        return values

    def get_response_key_values(self, context: ChatClientObservationContext) -> Attributes:
        if not self.include_completion or context.response is None:
            return {}
        chat_response = context.response.chat_response
        if chat_response is None:
            return {}
        texts = (g.get_output().get_text() for g in chat_response.get_results())
        return {"gen_ai.completion": [text for text in texts if text is not None and text.strip()]}
