"""Chat options of models that support native structured output (a JSON schema)."""

from __future__ import annotations

from dataclasses import dataclass

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


DefaultStructuredOutputChatOptions = StructuredOutputChatOptions
"""Spring's ``DefaultStructuredOutputChatOptions`` is this class."""
