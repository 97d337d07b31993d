"""``org.springframework.ai.content``: media attached to messages."""

from spring_ai_py.content.media import Media

__all__ = ["Media"]
