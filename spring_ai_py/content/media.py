"""Media (images, audio, files) carried by user and assistant messages."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _builder
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

    # --- generated builder ---
    class Builder(_builder.Builder["Media"]):
        """The builder of :class:`Media`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def mime_type(self, mime_type: str, /) -> Self:
            return self._set("mime_type", (mime_type,))

        def data(self, data: Any, /) -> Self:
            return self._set("data", (data,))

        def id(self, id: str | None, /) -> Self:
            return self._set("id", (id,))

        def name(self, name: str | None, /) -> Self:
            return self._set("name", (name,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> Media: ...

    @classmethod
    def builder(cls) -> Media.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> Media.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
