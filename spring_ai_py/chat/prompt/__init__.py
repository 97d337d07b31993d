"""``org.springframework.ai.chat.prompt``: prompts, options and prompt templates."""

from spring_ai_py.chat.prompt.chat_options import (
    ChatOptions,
    ChatOptionsBuilder,
    DefaultChatOptions,
)
from spring_ai_py.chat.prompt.prompt import Prompt
from spring_ai_py.chat.prompt.prompt_template import (
    AssistantPromptTemplate,
    PromptTemplate,
    SystemPromptTemplate,
)

__all__ = [
    "AssistantPromptTemplate",
    "ChatOptions",
    "ChatOptionsBuilder",
    "DefaultChatOptions",
    "Prompt",
    "PromptTemplate",
    "SystemPromptTemplate",
]
