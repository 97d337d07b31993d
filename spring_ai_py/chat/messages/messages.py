"""Message types: user, system, assistant (with tool calls) and tool responses.

As in Spring, every message carries its type in its metadata under
``AbstractMessage.MESSAGE_TYPE`` and compares equal by type, text and metadata (plus the
tool calls, responses and media of the subclasses).
"""

from __future__ import annotations

import enum
import os
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.messages.message_utils import text_or_resource
from spring_ai_py.content.content import Content, MediaContent
from spring_ai_py.content.media import Media


class MessageType(enum.Enum):
    """The role of a message in a conversation."""

    USER = "user"
    ASSISTANT = "assistant"
    SYSTEM = "system"
    TOOL = "tool"

    def get_value(self) -> str:
        return self.value

    @classmethod
    def from_value(cls, value: str) -> MessageType:
        """Return the type whose value is ``value`` (``"user"`` → ``USER``)."""
        for member in cls:
            if member.value == value:
                return member
        raise ValueError(f"Invalid MessageType value: {value}")


class Message(Content):
    """A message in a prompt or a response (Spring's ``Message extends Content``)."""

    @abstractmethod
    def get_text(self) -> str | None:
        """The text content (``None`` for an assistant message that only calls tools)."""

    @abstractmethod
    def get_metadata(self) -> dict[str, Any]:
        """Metadata; always includes the message type."""

    @abstractmethod
    def get_message_type(self) -> MessageType:
        """The role of this message."""


class AbstractMessage(Message, Buildable):
    """Shared state of the concrete messages: type, text and metadata."""

    MESSAGE_TYPE: ClassVar[str] = "messageType"

    _BUILDER_NOT_NULL: ClassVar[dict[str, str]] = {"metadata": "Metadata must not be null"}
    """Builder setters that reject ``None`` at once, with Spring's message."""

    @classmethod
    def _check_builder_value(cls, name: str, value: Any) -> None:
        message = cls._BUILDER_NOT_NULL.get(name)
        if message is not None:
            _assert.not_none(value, message)


    def __init__(
        self,
        message_type: MessageType,
        text: str | None,
        metadata: Mapping[str, Any] | None,
    ) -> None:
        _assert.not_none(message_type, "Message type must not be null")
        if message_type in (MessageType.SYSTEM, MessageType.USER) and text is None:
            raise ValueError("Content must not be null for SYSTEM or USER messages")
        if text is not None and not isinstance(text, str):
            raise TypeError(f"text must be a str, got {type(text).__name__}")
        if metadata is not None and not isinstance(metadata, Mapping):
            raise TypeError(f"metadata must be a mapping, got {type(metadata).__name__}")
        self._message_type = message_type
        self._text = text
        self._metadata: dict[str, Any] = dict(metadata) if metadata else {}
        self._metadata[self.MESSAGE_TYPE] = message_type

    def get_text(self) -> str | None:
        return self._text

    @property
    def text(self) -> str | None:
        """The text content, as an attribute."""
        return self._text

    def get_metadata(self) -> dict[str, Any]:
        return self._metadata

    @property
    def metadata(self) -> dict[str, Any]:
        """The message's metadata (``message_type`` included)."""
        return self._metadata

    def get_message_type(self) -> MessageType:
        return self._message_type

    @property
    def message_type(self) -> MessageType:
        """The message's type (user, assistant, system or tool)."""
        return self._message_type

    def _equality_key(self) -> tuple[Any, ...]:
        return (self._message_type, self._text, self._metadata)

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, AbstractMessage)
        return self._equality_key() == other._equality_key()

    def __hash__(self) -> int:
        return hash((type(self), self._message_type, self._text))

    def _user_metadata(self) -> dict[str, Any]:
        """The metadata without the message-type entry the constructor adds."""
        metadata = dict(self._metadata)
        metadata.pop(self.MESSAGE_TYPE, None)
        return metadata

    def _builder_state(self) -> dict[str, Any]:
        return {"text": self._text, "metadata": self._user_metadata()}

    def copy(self) -> Self:
        """An equal message that shares no mutable state with this one.

        Built through ``mutate()``, so a subclass that overrides ``mutate()`` (or
        ``_builder_state()``) keeps its type and extra fields in the copy.
        """
        copied = self.mutate().build()
        assert isinstance(copied, type(self))
        return copied

    # --- generated builder ---
    class Builder(_builder.Builder["AbstractMessage"]):
        """The builder of :class:`AbstractMessage`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def message_type(self, message_type: MessageType, /) -> Self:
            return self._set("message_type", (message_type,))

        def text(self, text: str | None, /) -> Self:
            return self._set("text", (text,))

        def metadata(self, metadata: Mapping[str, Any] | None, /) -> Self:
            return self._set("metadata", (metadata,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AbstractMessage: ...

    @classmethod
    def builder(cls) -> AbstractMessage.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> AbstractMessage.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


def _media_list(media: Sequence[Media] | Media | None) -> list[Media]:
    if media is None:
        return []
    if isinstance(media, Media):
        return [media]
    if isinstance(media, str | bytes) or not isinstance(media, Sequence):
        raise TypeError(f"media must be a Media or a list of Media, got {type(media).__name__}")
    items = list(media)
    _assert.no_null_elements(items, "media cannot have null elements")
    return items


class UserMessage(AbstractMessage, MediaContent):
    """A message from the user: text, optional media and metadata.

    ``UserMessage("hi")``; ``UserMessage.builder().text("hi").media(m).build()``.
    ``UserMessage(Path("prompt.txt"))`` reads the text from the file (UTF-8), as Spring's
    ``new UserMessage(resource)`` does.
    """

    _BUILDER_NOT_NULL: ClassVar[dict[str, str]] = {
        "metadata": "Metadata must not be null",
        "media": "media cannot be null",
    }

    def __init__(
        self,
        text: str | os.PathLike[str] | None = None,
        media: Sequence[Media] | Media | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(MessageType.USER, text_or_resource(text, "text"), metadata)
        self._media = _media_list(media)

    def get_media(self) -> list[Media]:
        return self._media

    @property
    def media(self) -> list[Media]:
        """The media attached to the message (images, audio, documents)."""
        return self._media

    def _equality_key(self) -> tuple[Any, ...]:
        return (*super()._equality_key(), self._media)

    def _builder_state(self) -> dict[str, Any]:
        return {"text": self._text, "media": list(self._media), "metadata": self._user_metadata()}

    def __repr__(self) -> str:
        return f"UserMessage(text={self._text!r}, metadata={self._metadata!r})"

    # --- generated builder ---
    class Builder(AbstractMessage.Builder):
        """The builder of :class:`UserMessage`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def text(self, text: str | os.PathLike[str] | None, /) -> Self:
            return self._set("text", (text,))

        def media(self, media: Sequence[Media] | Media | None, /, *more: Media) -> Self:
            return self._set("media", (media, *more))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> UserMessage: ...

    @classmethod
    def builder(cls) -> UserMessage.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> UserMessage.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class SystemMessage(AbstractMessage):
    """Instructions for the model, usually the first message of a prompt.

    ``SystemMessage(Path("system.txt"))`` reads the text from the file (UTF-8).
    """

    def __init__(
        self,
        text: str | os.PathLike[str] | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(MessageType.SYSTEM, text_or_resource(text, "text"), metadata)

    def __repr__(self) -> str:
        return f"SystemMessage(text={self._text!r}, metadata={self._metadata!r})"

    # --- generated builder ---
    class Builder(AbstractMessage.Builder):
        """The builder of :class:`SystemMessage`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def text(self, text: str | os.PathLike[str] | None, /) -> Self:
            return self._set("text", (text,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> SystemMessage: ...

    @classmethod
    def builder(cls) -> SystemMessage.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> SystemMessage.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class AssistantMessage(AbstractMessage, MediaContent):
    """A reply from the model: text and/or tool calls, with provider ``properties``."""

    @dataclass(frozen=True)
    class ToolCall:
        """One tool call requested by the model (``arguments`` is a JSON string)."""

        id: str
        type: str
        name: str
        arguments: str

    _builder_aliases: ClassVar[dict[str, str]] = {"text": "content", "metadata": "properties"}
    _BUILDER_NOT_NULL: ClassVar[dict[str, str]] = {
        "properties": "Metadata must not be null",
        "tool_calls": "Tool calls must not be null",
        "media": "Media must not be null",
    }

    def __init__(
        self,
        content: str | None = None,
        properties: Mapping[str, Any] | None = None,
        tool_calls: Sequence[AssistantMessage.ToolCall] | None = None,
        media: Sequence[Media] | Media | None = None,
    ) -> None:
        if content is not None and not isinstance(content, str):
            raise TypeError(f"content must be a str, got {type(content).__name__}")
        super().__init__(MessageType.ASSISTANT, content, properties)
        self._tool_calls: list[AssistantMessage.ToolCall] = list(tool_calls) if tool_calls else []
        self._media = _media_list(media)

    def get_tool_calls(self) -> list[AssistantMessage.ToolCall]:
        return self._tool_calls

    @property
    def tool_calls(self) -> list[AssistantMessage.ToolCall]:
        """The tool calls the model asked for (empty when it asked for none)."""
        return self._tool_calls

    def has_tool_calls(self) -> bool:
        return bool(self._tool_calls)

    def get_media(self) -> list[Media]:
        return self._media

    @property
    def media(self) -> list[Media]:
        """The media attached to the message."""
        return self._media

    def _builder_state(self) -> dict[str, Any]:
        return {
            "content": self._text,
            "properties": self._user_metadata(),
            "tool_calls": list(self._tool_calls),
            "media": list(self._media),
        }

    def _equality_key(self) -> tuple[Any, ...]:
        return (*super()._equality_key(), self._tool_calls, self._media)

    def __repr__(self) -> str:
        return (
            f"AssistantMessage(text={self._text!r}, tool_calls={self._tool_calls!r}, "
            f"metadata={self._metadata!r})"
        )

    # --- generated builder ---
    class Builder(AbstractMessage.Builder):
        """The builder of :class:`AssistantMessage`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def content(self, content: str | None, /) -> Self:
            return self._set("content", (content,))

        def properties(self, properties: Mapping[str, Any] | None, /) -> Self:
            return self._set("properties", (properties,))

        def tool_calls(self, tool_calls: AssistantMessage.ToolCall | Sequence[AssistantMessage.ToolCall] | None, /, *more: AssistantMessage.ToolCall) -> Self:
            return self._set("tool_calls", (tool_calls, *more), sequence=True)

        def media(self, media: Sequence[Media] | Media | None, /, *more: Media) -> Self:
            return self._set("media", (media, *more))

        def metadata(self, properties: Mapping[str, Any] | None, /) -> Self:
            return self._set("properties", (properties,))

        def text(self, content: str | None, /) -> Self:
            return self._set("content", (content,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AssistantMessage: ...

    @classmethod
    def builder(cls) -> AssistantMessage.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> AssistantMessage.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class ToolResponseMessage(AbstractMessage):
    """The results of tool calls, sent back to the model (its text is ``""``)."""

    @dataclass(frozen=True)
    class ToolResponse:
        """The result of one tool call: the call's ``id``, the tool ``name`` and the data."""

        id: str
        name: str
        response_data: str


    def __init__(
        self,
        responses: Sequence[ToolResponseMessage.ToolResponse] | None = None,
        metadata: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(MessageType.TOOL, "", metadata)
        self._responses: list[ToolResponseMessage.ToolResponse] = list(responses) if responses else []

    def get_responses(self) -> list[ToolResponseMessage.ToolResponse]:
        return self._responses

    @property
    def responses(self) -> list[ToolResponseMessage.ToolResponse]:
        """The tool responses, one per tool call answered."""
        return self._responses

    def _equality_key(self) -> tuple[Any, ...]:
        return (*super()._equality_key(), self._responses)

    def _builder_state(self) -> dict[str, Any]:
        return {"responses": list(self._responses), "metadata": self._user_metadata()}

    def __repr__(self) -> str:
        return f"ToolResponseMessage(responses={self._responses!r}, metadata={self._metadata!r})"

    # --- generated builder ---
    class Builder(AbstractMessage.Builder):
        """The builder of :class:`ToolResponseMessage`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def responses(self, responses: ToolResponseMessage.ToolResponse | Sequence[ToolResponseMessage.ToolResponse] | None, /, *more: ToolResponseMessage.ToolResponse) -> Self:
            return self._set("responses", (responses, *more), sequence=True)

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolResponseMessage: ...

    @classmethod
    def builder(cls) -> ToolResponseMessage.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> ToolResponseMessage.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
