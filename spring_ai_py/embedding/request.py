"""What goes into an embedding model: the texts and the options."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _builder
from spring_ai_py._builder import Buildable, Builder


class EmbeddingOptions(ABC):
    """Options of an embedding call: the model name and the number of dimensions.

    ``EmbeddingOptions.builder()`` builds a :class:`DefaultEmbeddingOptions`; a provider's
    subclass gets a builder for its own fields.
    """

    @abstractmethod
    def get_model(self) -> str | None:
        """The model name, or ``None`` to use the provider's default."""

    @abstractmethod
    def get_dimensions(self) -> int | None:
        """The requested number of dimensions, or ``None`` for the model's default."""

    @classmethod
    def builder(cls) -> Builder[Any]:
        """A builder for these options (``model``, ``dimensions``)."""
        if cls is EmbeddingOptions:
            return Builder(DefaultEmbeddingOptions)
        return Builder(cls)


@dataclass(frozen=True)
class DefaultEmbeddingOptions(EmbeddingOptions, Buildable):
    """Provider-neutral embedding options."""

    model: str | None = None
    dimensions: int | None = None

    def get_model(self) -> str | None:
        return self.model

    def get_dimensions(self) -> int | None:
        return self.dimensions

    # --- generated builder ---
    class Builder(_builder.Builder["DefaultEmbeddingOptions"]):
        """The builder of :class:`DefaultEmbeddingOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def model(self, model: str | None, /) -> Self:
            return self._set("model", (model,))

        def dimensions(self, dimensions: int | None, /) -> Self:
            return self._set("dimensions", (dimensions,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> DefaultEmbeddingOptions: ...

    @classmethod
    def builder(cls) -> DefaultEmbeddingOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> DefaultEmbeddingOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


@dataclass(frozen=True)
class EmbeddingRequest:
    """A request to embed each of ``instructions`` (the input texts) with ``options``."""

    instructions: list[str]
    options: EmbeddingOptions | None = None

    def get_instructions(self) -> list[str]:
        """The texts to embed."""
        return self.instructions

    def get_options(self) -> EmbeddingOptions | None:
        return self.options
