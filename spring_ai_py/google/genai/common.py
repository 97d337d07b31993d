"""Spring's ``org.springframework.ai.google.genai.common``: the provider name, safety
settings, thinking levels and service tiers of the Google GenAI models."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Self

from spring_ai_py import _builder
from spring_ai_py._builder import Buildable

__all__ = [
    "PROVIDER_NAME",
    "GoogleGenAiSafetySetting",
    "GoogleGenAiServiceTier",
    "GoogleGenAiThinkingLevel",
]

PROVIDER_NAME = "google_genai"
"""``GoogleGenAiConstants.PROVIDER_NAME``: the ``gen_ai.provider.name`` of the spans."""


class GoogleGenAiThinkingLevel(enum.StrEnum):
    """How much a Gemini 3 model thinks (``thinkingConfig.thinkingLevel``).

    Which levels a model accepts varies: Gemini 2.5 models take none (they use a
    thinking budget), ``gemini-3-pro-preview`` takes ``LOW`` and ``HIGH``, the Gemini
    3 Flash models all four. ``THINKING_LEVEL_UNSPECIFIED`` lets the model choose.
    """

    THINKING_LEVEL_UNSPECIFIED = "THINKING_LEVEL_UNSPECIFIED"
    MINIMAL = "MINIMAL"
    LOW = "LOW"
    MEDIUM = "MEDIUM"
    HIGH = "HIGH"


class GoogleGenAiServiceTier(enum.StrEnum):
    """The service tier of a request (``serviceTier``): ``standard``, ``priority``
    (lower latency at a higher price) or ``flex`` (cheaper, may be slower)."""

    STANDARD = "standard"
    PRIORITY = "priority"
    FLEX = "flex"

    def get_value(self) -> str:
        """The API's value (``"priority"``)."""
        return self.value


@dataclass(frozen=True)
class GoogleGenAiSafetySetting(Buildable):
    """One safety setting: block content of ``category`` at ``threshold`` (judged by
    ``method``). All three default to their ``..._UNSPECIFIED`` member, as in Spring."""

    class HarmCategory(enum.IntEnum):
        """What kind of harm a setting is about."""

        HARM_CATEGORY_UNSPECIFIED = 0
        HARM_CATEGORY_HATE_SPEECH = 1
        HARM_CATEGORY_DANGEROUS_CONTENT = 2
        HARM_CATEGORY_HARASSMENT = 3
        HARM_CATEGORY_SEXUALLY_EXPLICIT = 4

        def get_value(self) -> int:
            return int(self)

    class HarmBlockThreshold(enum.IntEnum):
        """From which probability or severity content is blocked (``OFF``: the filter
        is off)."""

        HARM_BLOCK_THRESHOLD_UNSPECIFIED = 0
        BLOCK_LOW_AND_ABOVE = 1
        BLOCK_MEDIUM_AND_ABOVE = 2
        BLOCK_ONLY_HIGH = 3
        BLOCK_NONE = 4
        OFF = 5

        def get_value(self) -> int:
            return int(self)

    class HarmBlockMethod(enum.IntEnum):
        """Whether the threshold applies to the harm's severity or its probability."""

        HARM_BLOCK_METHOD_UNSPECIFIED = 0
        SEVERITY = 1
        PROBABILITY = 2

        def get_value(self) -> int:
            return int(self)

    _builder_aliases: ClassVar[dict[str, str]] = {
        "with_category": "category",
        "with_threshold": "threshold",
        "with_method": "method",
    }

    category: GoogleGenAiSafetySetting.HarmCategory = HarmCategory.HARM_CATEGORY_UNSPECIFIED
    threshold: GoogleGenAiSafetySetting.HarmBlockThreshold = (
        HarmBlockThreshold.HARM_BLOCK_THRESHOLD_UNSPECIFIED
    )
    method: GoogleGenAiSafetySetting.HarmBlockMethod = HarmBlockMethod.HARM_BLOCK_METHOD_UNSPECIFIED

    def __post_init__(self) -> None:
        # Properties bind names ("HARM_CATEGORY_HARASSMENT"); members are converted here.
        for name, kind in (
            ("category", GoogleGenAiSafetySetting.HarmCategory),
            ("threshold", GoogleGenAiSafetySetting.HarmBlockThreshold),
            ("method", GoogleGenAiSafetySetting.HarmBlockMethod),
        ):
            value = getattr(self, name)
            if isinstance(value, kind):
                continue
            if isinstance(value, str) and value.upper() in kind.__members__:
                object.__setattr__(self, name, kind[value.upper()])
                continue
            raise ValueError(
                f"{name} must be a {kind.__qualname__} or one of its names "
                f"({', '.join(kind.__members__)}), got {value!r}"
            )

    def get_category(self) -> GoogleGenAiSafetySetting.HarmCategory:
        return self.category

    def get_threshold(self) -> GoogleGenAiSafetySetting.HarmBlockThreshold:
        return self.threshold

    def get_method(self) -> GoogleGenAiSafetySetting.HarmBlockMethod:
        return self.method

    def __str__(self) -> str:
        return (
            f"SafetySetting{{category={self.category.name}, threshold={self.threshold.name}, "
            f"method={self.method.name}}}"
        )

    # --- generated builder ---
    class Builder(_builder.Builder["GoogleGenAiSafetySetting"]):
        """The builder of :class:`GoogleGenAiSafetySetting`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def category(self, category: GoogleGenAiSafetySetting.HarmCategory, /) -> Self:
            return self._set("category", (category,))

        def threshold(self, threshold: GoogleGenAiSafetySetting.HarmBlockThreshold, /) -> Self:
            return self._set("threshold", (threshold,))

        def method(self, method: GoogleGenAiSafetySetting.HarmBlockMethod, /) -> Self:
            return self._set("method", (method,))

        def with_category(self, category: GoogleGenAiSafetySetting.HarmCategory, /) -> Self:
            return self._set("category", (category,))

        def with_method(self, method: GoogleGenAiSafetySetting.HarmBlockMethod, /) -> Self:
            return self._set("method", (method,))

        def with_threshold(self, threshold: GoogleGenAiSafetySetting.HarmBlockThreshold, /) -> Self:
            return self._set("threshold", (threshold,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> GoogleGenAiSafetySetting: ...

    @classmethod
    def builder(cls) -> GoogleGenAiSafetySetting.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> GoogleGenAiSafetySetting.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
