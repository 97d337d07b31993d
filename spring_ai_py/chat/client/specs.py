"""The small specs users configure through callables: user, system, advisors, entity."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Self

from spring_ai_py import _assert
from spring_ai_py.chat.client.advisor.api import Advisor
from spring_ai_py.content import Media

_NO_VALUE: Any = object()
"""``metadata(key)`` called without a value (``None`` is a value, and is rejected)."""


def _checked_mapping(
    values: Mapping[str, Any], name: str, element: str, allow_none_values: bool = False
) -> dict[str, Any]:
    """Spring's checks of a map argument: ``<name> cannot be null``, then
    ``<element> keys/values cannot contain null elements``."""
    _assert.not_none(values, f"{name} cannot be null")
    if None in values:
        raise ValueError(f"{element} keys cannot contain null elements")
    if not allow_none_values and any(v is None for v in values.values()):
        raise ValueError(f"{element} values cannot contain null elements")
    return dict(values)


def read_text(text: str | Path) -> str:
    """The text itself, or the contents of a file path (Spring's ``Resource``)."""
    if isinstance(text, Path):
        return text.read_text(encoding="utf-8")
    return text


class PromptSystemSpec:
    """Configures the system message: ``.system(lambda s: s.text("...").param("k", v))``."""

    def __init__(self) -> None:
        self.text_value: str | None = None
        self.params_value: dict[str, Any] = {}
        self.metadata_value: dict[str, Any] = {}

    def text(self, text: str | Path) -> Self:
        """The system text (a template when params are given), or a file to read it from."""
        _assert.not_none(text, "text cannot be null")
        self.text_value = _assert.has_text(read_text(text), "text cannot be null or empty")
        return self

    def param(self, key: str, value: Any) -> Self:
        _assert.has_text(key, "key cannot be null or empty")
        _assert.not_none(value, "value cannot be null")
        self.params_value[key] = value
        return self

    def params(self, params: Mapping[str, Any]) -> Self:
        self.params_value.update(_checked_mapping(params, "params", "param"))
        return self

    def metadata(self, key: str | Mapping[str, Any], value: Any = _NO_VALUE) -> Self:
        if isinstance(key, str) or value is not _NO_VALUE:
            name = _assert.has_text(
                key if isinstance(key, str) else None, "metadata key cannot be null or empty"
            )
            _assert.not_none(None if value is _NO_VALUE else value, "metadata value cannot be null")
            self.metadata_value[name] = value
        else:
            self.metadata_value.update(_checked_mapping(key, "metadata", "metadata"))
        return self


class PromptUserSpec(PromptSystemSpec):
    """Configures the user message: text, template params, media and metadata."""

    def __init__(self) -> None:
        super().__init__()
        self.media_value: list[Media] = []

    def media(self, *media: Media | Sequence[Media] | str | bytes, url: str | None = None) -> Self:
        """Attach media: ``media(m1, m2)``, ``media([m...])``, ``media("image/png", url)``
        (or ``url=`` by keyword; the data may also be bytes)."""
        if url is not None:
            media = (*media, url)
        if len(media) == 1 and media[0] is None:
            raise ValueError("media cannot be null")
        if len(media) == 2 and (
            isinstance(media[0], str) or isinstance(media[1], str | bytes | os.PathLike)
        ):
            mime_type, data = media
            _assert.not_none(mime_type, "mime_type cannot be null")
            _assert.not_none(data, "url cannot be null")
            self.media_value.append(Media(str(mime_type), data))
            return self
        items: list[Any] = []
        for item in media:
            items.extend(item if isinstance(item, list | tuple) else [item])
        _assert.no_null_elements(items, "media cannot contain null elements")
        for item in items:
            if not isinstance(item, Media):
                raise TypeError(f"media must be Media objects, got {type(item).__name__}")
        self.media_value.extend(items)
        return self


class AdvisorSpec:
    """Configures advisors and advisor parameters for one request (or as defaults)."""

    def __init__(self) -> None:
        self.advisors_value: list[Advisor] = []
        self.params_value: dict[str, Any] = {}

    def param(self, key: str, value: Any) -> Self:
        """Put ``key``/``value`` into the advisor context (``None`` values allowed, §7.7)."""
        _assert.has_text(key, "key cannot be null or empty")
        self.params_value[key] = value
        return self

    def params(self, params: Mapping[str, Any]) -> Self:
        self.params_value.update(_checked_mapping(params, "params", "param", allow_none_values=True))
        return self

    def advisors(self, *advisors: Advisor | Sequence[Advisor]) -> Self:
        self.advisors_value.extend(flatten_advisors(advisors))
        return self

    def get_advisors(self) -> list[Advisor]:
        return self.advisors_value

    def get_params(self) -> dict[str, Any]:
        return self.params_value


def flatten_advisors(advisors: Sequence[Any]) -> list[Advisor]:
    """Varargs or a single list of advisors, checked for ``None`` and type."""
    _assert.not_none(advisors, "advisors cannot be null")
    items: list[Any] = []
    for item in advisors:
        items.extend(item if isinstance(item, list | tuple) else [item])
    _assert.no_null_elements(items, "advisors cannot contain null elements")
    for item in items:
        if not isinstance(item, Advisor):
            raise TypeError(f"{item!r} is not an Advisor")
    return items


class EntityParamSpec:
    """Options of an ``entity()`` call: provider-native output and schema validation."""

    def __init__(self) -> None:
        self.enable_native = False
        self.validated = False

    def use_provider_structured_output(self) -> Self:
        """Ask the provider for native structured output (a JSON schema in the options)."""
        self.enable_native = True
        return self

    def validate_schema(self) -> Self:
        """Validate the answer against the schema and let the model retry when it fails."""
        self.validated = True
        return self

    def is_enable_native(self) -> bool:
        return self.enable_native

    def is_validated(self) -> bool:
        return self.validated
