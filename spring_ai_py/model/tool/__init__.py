"""``org.springframework.ai.model.tool``: tool-calling options, manager and limits."""

from spring_ai_py.model.tool.structured_output_chat_options import (
    DefaultStructuredOutputChatOptions,
    StructuredOutputChatOptions,
)

__all__ = ["DefaultStructuredOutputChatOptions", "StructuredOutputChatOptions"]
