"""A prompt: the messages sent to a chat model and the options of the call."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.prompt.chat_options import ChatOptions, ChatOptionsBuilder, as_options


def _checked_messages(contents: Sequence[object]) -> list[Message]:
    messages = list(contents)
    _assert.no_null_elements(messages, "messages cannot contain null elements")
    for index, message in enumerate(messages):
        if not isinstance(message, Message):
            raise TypeError(
                f"messages must contain only Message objects, got {type(message).__name__} "
                f"at index {index}"
            )
    return messages  # type: ignore[return-value]


class _PromptBuilder(_builder.Builder["Prompt"]):
    """Fluent builder: ``messages(...)`` or ``content(text)``, and ``chat_options``."""

    __slots__ = ()

    def content(self, content: str) -> Self:
        self._values["contents"] = [UserMessage(content)]
        return self

    def messages(self, *messages: Message | Sequence[Message]) -> Self:
        if len(messages) == 1 and isinstance(messages[0], list | tuple):
            self._values["contents"] = list(messages[0])
        else:
            self._values["contents"] = list(messages)
        return self

    def chat_options(self, options: ChatOptions | ChatOptionsBuilder | None) -> Self:
        self._values["options"] = as_options(options)
        return self

    options = chat_options

    def build(self) -> Prompt:
        _assert.state(
            self._values.get("contents") is not None, "either messages or content needs to be set"
        )
        return super().build()


class Prompt(Buildable):
    """The messages of a chat request and its options.

    ``Prompt("text")``, ``Prompt(message)``, ``Prompt([messages], options)``; the
    options may also be given as a ChatOptions builder.
    """

    __slots__ = ("_messages", "_options")

    def __init__(
        self,
        contents: str | Message | Sequence[Message] | None = (),
        options: ChatOptions | ChatOptionsBuilder | None = None,
    ) -> None:
        # Prompt() is Java's new Prompt(): no messages; an explicit None is rejected.
        if contents is None:
            raise ValueError("messages cannot be null")
        if isinstance(contents, str):
            messages: list[Message] = [UserMessage(contents)]
        elif isinstance(contents, Message):
            messages = [contents]
        elif isinstance(contents, Sequence):
            messages = _checked_messages(contents)
        else:
            raise TypeError(
                "contents must be a str, a Message or a list of Messages, "
                f"got {type(contents).__name__}"
            )
        self._messages = messages
        self._options = as_options(options)

    @staticmethod
    def builder() -> Prompt.Builder:
        """A builder: ``Prompt.builder().messages([...]).chat_options(o).build()``."""
        return Prompt.Builder(Prompt)

    def get_instructions(self) -> list[Message]:
        return self._messages

    @property
    def instructions(self) -> list[Message]:
        """The prompt's messages, in order (Spring's ``getInstructions()``)."""
        return self._messages

    def get_options(self) -> ChatOptions | None:
        return self._options

    @property
    def options(self) -> ChatOptions | None:
        """The prompt's chat options, or ``None``."""
        return self._options

    def get_contents(self) -> str:
        """The texts of all messages concatenated."""
        return "".join(m.get_text() or "" for m in self._messages)

    def get_system_message(self) -> SystemMessage:
        """The first system message, or an empty one."""
        for message in self._messages:
            if isinstance(message, SystemMessage):
                return message
        return SystemMessage("")

    def get_system_messages(self) -> list[SystemMessage]:
        return [m for m in self._messages if isinstance(m, SystemMessage)]

    def get_user_message(self) -> UserMessage:
        """The last user message, or an empty one."""
        for message in reversed(self._messages):
            if isinstance(message, UserMessage):
                return message
        return UserMessage("")

    def get_user_messages(self) -> list[UserMessage]:
        return [m for m in self._messages if isinstance(m, UserMessage)]

    def get_last_user_or_tool_response_message(self) -> Message:
        for message in reversed(self._messages):
            if isinstance(message, UserMessage | ToolResponseMessage):
                return message
        return UserMessage("")

    def copy(self) -> Prompt:
        """A prompt with copies of the messages and the same options."""
        return Prompt(self._copy_messages(), self._options)

    def _copy_messages(self) -> list[Message]:
        copies: list[Message] = []
        for message in self._messages:
            if isinstance(message, UserMessage | SystemMessage | AssistantMessage | ToolResponseMessage):
                copies.append(message.copy())
            else:
                raise ValueError(f"Unsupported message type: {type(message).__name__}")
        return copies

    def augment_system_message(
        self, augmenter: str | Callable[[SystemMessage], SystemMessage]
    ) -> Prompt:
        """Replace the first system message by ``augmenter(it)`` (or by the given text).

        Without a system message, ``augmenter(SystemMessage(""))`` is inserted first.
        """
        if isinstance(augmenter, str):
            text = augmenter
            augmenter = lambda message: SystemMessage(text, message._user_metadata())  # noqa: E731
        messages = list(self._messages)
        for index, message in enumerate(messages):
            if isinstance(message, SystemMessage):
                messages[index] = augmenter(message)
                break
        else:
            messages.insert(0, augmenter(SystemMessage("")))
        return Prompt(messages, self._options)

    def augment_user_message(self, augmenter: str | Callable[[UserMessage], UserMessage]) -> Prompt:
        """Replace the last user message by ``augmenter(it)`` (or by the given text).

        Without a user message, ``augmenter(UserMessage(""))`` is appended.
        """
        if isinstance(augmenter, str):
            text = augmenter
            augmenter = lambda message: message.mutate().text(text).build()  # noqa: E731
        messages = list(self._messages)
        for index in range(len(messages) - 1, -1, -1):
            message = messages[index]
            if isinstance(message, UserMessage):
                messages[index] = augmenter(message)
                break
        else:
            messages.append(augmenter(UserMessage("")))
        return Prompt(messages, self._options)

    def mutate(self) -> Prompt.Builder:
        """A builder pre-filled with copies of this prompt's messages and its options."""
        builder = Prompt.builder().messages(self._copy_messages())
        if self._options is not None:
            builder.chat_options(self._options)
        return builder

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Prompt):
            return NotImplemented
        return self._messages == other._messages and self._options == other._options

    def __hash__(self) -> int:
        return hash(tuple(self._messages))

    def __repr__(self) -> str:
        return f"Prompt(messages={self._messages!r}, options={self._options!r})"

    # --- generated builder (base: _PromptBuilder) (own builder()) ---
    class Builder(_PromptBuilder):
        """The builder of :class:`Prompt`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def contents(self, contents: str | Message | Sequence[Message] | None, /, *more: Message) -> Self:
            return self._set("contents", (contents, *more))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> Prompt: ...
    # --- end of generated builder ---
