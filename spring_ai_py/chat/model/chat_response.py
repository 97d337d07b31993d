"""A chat model's response: its generations and the response metadata."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Self, cast

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata, ChatResponseMetadata


class Generation:
    """One generated answer: the assistant message and its generation metadata."""

    __slots__ = ("_metadata", "_output")

    def __init__(
        self,
        assistant_message: AssistantMessage,
        metadata: ChatGenerationMetadata | None = None,
    ) -> None:
        self._output = assistant_message
        self._metadata = metadata if metadata is not None else ChatGenerationMetadata.NULL

    def get_output(self) -> AssistantMessage:
        return self._output

    @property
    def output(self) -> AssistantMessage:
        """The assistant message this generation produced."""
        return self._output

    def get_metadata(self) -> ChatGenerationMetadata:
        return self._metadata

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Generation):
            return NotImplemented
        return self._output == other._output and self._metadata == other._metadata

    def __hash__(self) -> int:
        return hash((self._output, self._metadata))

    def __repr__(self) -> str:
        return f"Generation(output={self._output!r}, metadata={self._metadata!r})"


class _ChatResponseBuilder(_builder.Builder["ChatResponse"]):
    """Fluent builder; ``from_(other)`` copies generations and metadata, ``metadata``
    takes a whole :class:`ChatResponseMetadata` or one entry."""

    __slots__ = ()

    def _metadata(self) -> ChatResponseMetadata.Builder:
        found = self._values.get("metadata")
        if found is None:
            found = self._values["metadata"] = ChatResponseMetadata.builder()
        return cast("ChatResponseMetadata.Builder", found)

    def from_(self, other: ChatResponse) -> Self:
        self._values["generations"] = list(other.get_results())
        return self.metadata(other.get_metadata())

    def metadata(self, key: str | ChatResponseMetadata, value: object = None) -> Self:
        if isinstance(key, ChatResponseMetadata):
            self._metadata().from_(key)
        else:
            self._metadata().key_value(key, value)
        return self

    def build(self) -> ChatResponse:
        generations = self._values.get("generations")
        _assert.not_none(generations, "'generations' must not be null")
        return ChatResponse(cast("Sequence[Generation]", generations), self._metadata().build())


class ChatResponse(Buildable):
    """The response of a chat model: generations (usually one) and metadata."""

    __slots__ = ("_generations", "_metadata")

    def __init__(
        self,
        generations: Sequence[Generation],
        metadata: ChatResponseMetadata | None = None,
    ) -> None:
        _assert.not_none(generations, "'generations' must not be null")
        self._generations: tuple[Generation, ...] = tuple(generations)
        self._metadata = metadata if metadata is not None else ChatResponseMetadata()

    @staticmethod
    def builder() -> ChatResponse.Builder:
        """A builder: ``builder().generations([...]).metadata(m).build()``."""
        return ChatResponse.Builder(ChatResponse)

    def mutate(self) -> ChatResponse.Builder:
        """A builder holding this response's generations and metadata."""
        return ChatResponse.builder().from_(self)

    def get_results(self) -> list[Generation]:
        return list(self._generations)

    def get_result(self) -> Generation | None:
        """The first generation, or ``None`` when there is none."""
        return self._generations[0] if self._generations else None

    def get_metadata(self) -> ChatResponseMetadata:
        return self._metadata

    def has_tool_calls(self) -> bool:
        return any(g.get_output().has_tool_calls() for g in self._generations)

    def has_finish_reasons(self, finish_reasons: Iterable[str]) -> bool:
        """Whether any generation finished for one of ``finish_reasons`` (case-insensitive)."""
        _assert.not_none(finish_reasons, "finish_reasons cannot be null")
        wanted = {reason.lower() for reason in finish_reasons}
        return any(
            (g.get_metadata().get_finish_reason() or "").lower() in wanted for g in self._generations
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChatResponse):
            return NotImplemented
        return self._metadata == other._metadata and self._generations == other._generations

    def __hash__(self) -> int:
        return hash(self._generations)

    def __repr__(self) -> str:
        return f"ChatResponse(metadata={self._metadata!r}, generations={list(self._generations)!r})"

    # --- generated builder (base: _ChatResponseBuilder) (own builder()) ---
    class Builder(_ChatResponseBuilder):
        """The builder of :class:`ChatResponse`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def generations(self, generations: Generation | Sequence[Generation], /, *more: Generation) -> Self:
            return self._set("generations", (generations, *more), sequence=True)

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ChatResponse: ...
    # --- end of generated builder ---
