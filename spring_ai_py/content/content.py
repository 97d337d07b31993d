"""Spring's ``Content`` and ``MediaContent``: what messages (and documents) hold."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spring_ai_py.content.media import Media


class Content(ABC):
    """Text with metadata: the common shape of messages."""

    @abstractmethod
    def get_text(self) -> str | None:
        """The text (``None`` when there is none, e.g. an assistant message that only calls tools)."""

    @abstractmethod
    def get_metadata(self) -> dict[str, Any]:
        """The metadata of this content."""


class MediaContent(Content):
    """Content that may also carry media (images, audio, files)."""

    @abstractmethod
    def get_media(self) -> list[Media]:
        """The media attached to this content."""
