"""The content contract of messages: text plus media."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from spring_ai_py.content.media import Media


@runtime_checkable
class MediaContent(Protocol):
    """Anything with text and media, such as a user message (Spring's ``MediaContent``).

    A structural type: any object with ``get_text()`` and ``get_media()`` is one.
    """

    def get_text(self) -> str | None: ...

    def get_media(self) -> list[Media] | Media | None: ...
