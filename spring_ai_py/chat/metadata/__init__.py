"""``org.springframework.ai.chat.metadata``: usage, rate limits and response metadata."""

from spring_ai_py.chat.metadata.metadata import (
    ChatGenerationMetadata,
    ChatResponseMetadata,
    DefaultChatGenerationMetadata,
    DefaultUsage,
    EmptyRateLimit,
    EmptyUsage,
    RateLimit,
    Usage,
)
from spring_ai_py.chat.metadata.prompt_metadata import PromptFilterMetadata, PromptMetadata

__all__ = [
    "ChatGenerationMetadata",
    "ChatResponseMetadata",
    "DefaultChatGenerationMetadata",
    "DefaultUsage",
    "EmptyRateLimit",
    "EmptyUsage",
    "PromptFilterMetadata",
    "PromptMetadata",
    "RateLimit",
    "Usage",
]
