"""Media (images, audio, files) carried by user and assistant messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from spring_ai_py._builder import Buildable


@dataclass(frozen=True)
class Media(Buildable):
    """A piece of media: its MIME type and its data (a URL string or raw bytes)."""

    mime_type: str
    data: Any
    id: str | None = None
    name: str | None = None

    def __post_init__(self) -> None:
        if self.mime_type is None:
            raise ValueError("MimeType must not be null")
        if self.data is None:
            raise ValueError("Data must not be null")

    def get_mime_type(self) -> str:
        return self.mime_type

    def get_data(self) -> Any:
        return self.data

    def get_id(self) -> str | None:
        return self.id

    def get_name(self) -> str | None:
        return self.name
