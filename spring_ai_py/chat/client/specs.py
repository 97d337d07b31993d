"""The small specs users configure through callables: user, system, advisors, entity."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Self, overload

from spring_ai_py import _assert
from spring_ai_py.chat.client.advisor.api import Advisor
from spring_ai_py.content import Media


def _checked_mapping(
    values: Mapping[str, Any] | None, name: str, element: str, allow_none_values: bool = False
) -> dict[str, Any]:
    """Spring's checks of a map argument: ``<name> cannot be null``, then
    ``<element> keys/values cannot contain null elements``."""
    values = _assert.not_none(values, f"{name} cannot be null")
    if not isinstance(values, Mapping):
        raise TypeError(f"{name} must be a mapping, got {type(values).__name__}")
    if None in values:
        raise ValueError(f"{element} keys cannot contain null elements")
    if not allow_none_values and any(v is None for v in values.values()):
        raise ValueError(f"{element} values cannot contain null elements")
    return dict(values)


class Unset:
    """Marks an argument that was not passed (``None`` is a value Spring rejects)."""

    _instance: Unset | None = None

    def __new__(cls) -> Unset:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNSET"


UNSET: Final = Unset()


def read_text(text: object, charset: str | Unset | None = UNSET) -> str:
    """Spring's ``text(String)`` / ``text(Resource)`` / ``text(Resource, Charset)``.

    A ``str`` is the text itself; a ``pathlib.Path`` (any ``os.PathLike``) is a file
    whose contents are the text, read with ``charset`` (default ``utf-8``). Spring tells
    the two apart by type (``String`` vs ``Resource``), so the port does too: a ``str``
    is never taken for a file name. Passing ``charset`` means the resource form.
    """
    if not isinstance(charset, Unset):
        _assert.not_none(text, "text cannot be null")
        _assert.not_none(charset, "charset cannot be null")
        if not isinstance(text, os.PathLike):
            raise TypeError(
                f"text must be a pathlib.Path (or os.PathLike) when a charset is given, got "
                f"{type(text).__name__}"
            )
        if not isinstance(charset, str):
            raise TypeError(f"charset must be a codec name such as 'utf-8', got {type(charset).__name__}")
        return _assert.has_text(Path(text).read_text(encoding=charset), "text cannot be null or empty")
    if isinstance(text, os.PathLike):
        return _assert.has_text(Path(text).read_text(encoding="utf-8"), "text cannot be null or empty")
    if text is None:
        raise ValueError("text cannot be null or empty")
    if not isinstance(text, str):
        raise TypeError(f"text must be a str or a pathlib.Path, got {type(text).__name__}")
    return _assert.has_text(text, "text cannot be null or empty")


class PromptSystemSpec:
    """Configures the system message: ``.system(lambda s: s.text("...").param("k", v))``.

    As in Spring's ``DefaultPromptSystemSpec``, ``text()``, ``params()`` and
    ``metadata()`` called without arguments return what was set.
    """

    def __init__(self) -> None:
        self.text_value: str | None = None
        self.params_value: dict[str, Any] = {}
        self.metadata_value: dict[str, Any] = {}

    @overload
    def text(self) -> str | None: ...

    @overload
    def text(self, text: str | os.PathLike[str] | None, charset: str | Unset | None = UNSET) -> Self: ...

    def text(
        self, text: str | os.PathLike[str] | Unset | None = UNSET, charset: str | Unset | None = UNSET
    ) -> Self | str | None:
        """The text (a template when params are given), or a file to read it from:
        ``text("...")``, ``text(Path("p.txt"))``, ``text(Path("p.txt"), "latin-1")``.
        Without arguments, the text set so far."""
        if isinstance(text, Unset):
            return self.text_value
        self.text_value = read_text(text, charset)
        return self

    def param(self, key: str, value: object) -> Self:
        """Set the template parameter ``key`` of the system text."""
        _assert.has_text(key, "key cannot be null or empty")
        _assert.not_none(value, "value cannot be null")
        self.params_value[key] = value
        return self

    @overload
    def params(self) -> dict[str, Any]: ...

    @overload
    def params(self, params: Mapping[str, object] | None) -> Self: ...

    def params(self, params: Mapping[str, object] | Unset | None = UNSET) -> Self | dict[str, Any]:
        """Add template params; without arguments, the params set so far."""
        if isinstance(params, Unset):
            return self.params_value
        self.params_value.update(_checked_mapping(params, "params", "param"))
        return self

    @overload
    def metadata(self) -> dict[str, Any]: ...

    @overload
    def metadata(self, key: str | Mapping[str, object] | None, value: object = None) -> Self: ...

    def metadata(
        self, key: str | Mapping[str, object] | Unset | None = UNSET, value: object = None
    ) -> Self | dict[str, Any]:
        """Add one entry (``metadata(k, v)``) or several (``metadata(mapping)``) to the
        message metadata; without arguments, the metadata set so far."""
        if isinstance(key, Unset):
            return self.metadata_value
        if key is None and value is None:
            raise ValueError("metadata cannot be null")
        if key is None or isinstance(key, str):
            _assert.has_text(key, "metadata key cannot be null or empty")
            _assert.not_none(value, "metadata value cannot be null")
            assert key is not None
            self.metadata_value[key] = value
        elif isinstance(key, Mapping):
            self.metadata_value.update(_checked_mapping(key, "metadata", "metadata"))
        else:
            raise TypeError(f"metadata must be a str key or a mapping, got {type(key).__name__}")
        return self


class PromptUserSpec(PromptSystemSpec):
    """Configures the user message: text, template params, media and metadata."""

    def __init__(self) -> None:
        super().__init__()
        self.media_value: list[Media] = []

    @overload
    def media(self) -> list[Media]: ...

    @overload
    def media(
        self,
        *media: Media | Sequence[Media] | str | bytes | os.PathLike[str] | None,
        url: str | None = None,
    ) -> Self: ...

    def media(
        self,
        *media: Media | Sequence[Media] | str | bytes | os.PathLike[str] | None,
        url: str | None = None,
    ) -> Self | list[Media]:
        """Attach media: ``media(m1, m2)``, ``media([m...])``, ``media("image/png", url)``
        (or ``url=`` by keyword), ``media("image/png", Path("cat.png"))`` (the file's
        bytes; Spring's ``Resource``) or ``media("image/png", data_bytes)``. Without
        arguments, the media attached so far."""
        if url is not None:
            media = (*media, url)
        if not media:
            return self.media_value
        if len(media) == 1 and media[0] is None:
            raise ValueError("media cannot be null")
        if len(media) == 2 and (
            isinstance(media[0], str) or isinstance(media[1], str | bytes | os.PathLike)
        ):
            mime_type, data = media
            _assert.not_none(mime_type, "mime_type cannot be null")
            if isinstance(data, os.PathLike):
                data = Path(data).read_bytes()
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

    def param(self, key: str, value: object) -> Self:
        """Put ``key``/``value`` into the advisor context (``None`` values allowed)."""
        _assert.has_text(key, "key cannot be null or empty")
        self.params_value[key] = value
        return self

    def params(self, params: Mapping[str, object]) -> Self:
        """Add every entry of ``params`` to the advisor context (``None`` values allowed)."""
        self.params_value.update(_checked_mapping(params, "params", "param", allow_none_values=True))
        return self

    def advisors(self, *advisors: Advisor | Sequence[Advisor]) -> Self:
        """Add advisors (instances, or lists of them) for this request."""
        self.advisors_value.extend(flatten_advisors(advisors))
        return self

    def get_advisors(self) -> list[Advisor]:
        return self.advisors_value

    def get_params(self) -> dict[str, Any]:
        return self.params_value


def flatten_advisors(advisors: Sequence[object]) -> list[Advisor]:
    """Varargs or a single list of advisors, checked for ``None`` and type."""
    _assert.not_none(advisors, "advisors cannot be null")
    items: list[Any] = []
    for item in advisors:
        items.extend(item if isinstance(item, list | tuple) else [item])
    _assert.no_null_elements(items, "advisors cannot contain null elements")
    for item in items:
        if not isinstance(item, Advisor):
            raise advisor_type_error(item)
    return items


def advisor_type_error(item: object) -> TypeError:
    """The error for a non-advisor passed to ``advisors(...)``; names the class when the
    class itself was passed instead of an instance (it would never run)."""
    if isinstance(item, type) and issubclass(item, Advisor):
        return TypeError(
            f"advisors must be Advisor instances, got the class {item.__name__}; "
            f"pass {item.__name__}(...) instead"
        )
    return TypeError(f"advisors must be Advisor instances, got {type(item).__name__}: {item!r}")


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
