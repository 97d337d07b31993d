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

__all__ = [
    "ChatGenerationMetadata",
    "ChatResponseMetadata",
    "DefaultChatGenerationMetadata",
    "DefaultUsage",
    "EmptyRateLimit",
    "EmptyUsage",
    "RateLimit",
    "Usage",
]
