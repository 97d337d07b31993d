"""Chat options of models that support native structured output (a JSON schema)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Self

from spring_ai_py.chat.prompt.chat_options import ChatOptions


@dataclass(frozen=True, kw_only=True)
class StructuredOutputChatOptions(ChatOptions):
    """Chat options carrying the JSON schema the model's answer must follow.

    ``ChatModelCallAdvisor`` sets ``output_schema`` when the caller asked for the
    provider's native structured output and the prompt's options are of this type.
    """

    output_schema: str | None = None

    def get_output_schema(self) -> str | None:
        return self.output_schema

    # --- generated builder ---
    class Builder(ChatOptions.Builder):
        """The builder of :class:`StructuredOutputChatOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def output_schema(self, output_schema: str | None, /) -> Self:
            return self._set("output_schema", (output_schema,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> StructuredOutputChatOptions: ...

    @classmethod
    def builder(cls) -> StructuredOutputChatOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> StructuredOutputChatOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


DefaultStructuredOutputChatOptions = StructuredOutputChatOptions
"""Spring's ``DefaultStructuredOutputChatOptions`` is this class."""
