"""``org.springframework.ai.content``: media attached to messages."""

from spring_ai_py.content.media import Media
from spring_ai_py.content.media_content import MediaContent

__all__ = ["Media", "MediaContent"]
