"""``org.springframework.ai.content``: content interfaces and the media attached to messages."""

from spring_ai_py.content.content import Content, MediaContent
from spring_ai_py.content.media import Media

__all__ = ["Content", "Media", "MediaContent"]
