"""Structured output into typed Python values through a JSON schema."""

from __future__ import annotations

import json
import logging
from typing import Any, Generic, TypeVar, cast, overload

from pydantic import TypeAdapter, ValidationError
from pydantic.errors import PydanticUserError

from spring_ai_py.converter._json_schema import pretty, spring_style
from spring_ai_py.converter._optional_fields import relax_optional_fields
from spring_ai_py.converter.response_text_cleaner import (
    CompositeResponseTextCleaner,
    MarkdownCodeBlockCleaner,
    TextCleaner,
    ThinkingTagCleaner,
    WhitespaceCleaner,
)
from spring_ai_py.converter.structured_output_converter import (
    OutputConversionException,
    StructuredOutputConverter,
)

T = TypeVar("T")

_logger = logging.getLogger(__name__)

_FORMAT_TEMPLATE = """Your response should be in JSON format.
Do not include any explanations, only provide a RFC8259 compliant JSON response following this format without deviation.
Do not include markdown code blocks in your response.
Remove the ```json markdown from the output.
Here is the JSON Schema instance your output must adhere to:
```{schema}```
"""


def _type_name(target_type: Any) -> str:
    return target_type.__qualname__ if isinstance(target_type, type) else repr(target_type)


def _default_text_cleaner() -> CompositeResponseTextCleaner:
    return (
        CompositeResponseTextCleaner.builder()
        .add_cleaner(WhitespaceCleaner())
        .add_cleaner(ThinkingTagCleaner())
        .add_cleaner(MarkdownCodeBlockCleaner())
        .add_cleaner(WhitespaceCleaner())  # final trim after the other cleanups
        .build()
    )


def _with_missing_as_none(text: str, error: ValidationError) -> Any:
    """The parsed output with ``None`` for each missing field, or ``None`` if not applicable.

    The schema does not require optional fields, so a model may leave them out; pydantic
    still wants them when they have no default.
    """
    errors = error.errors()
    if not errors or any(e["type"] != "missing" for e in errors):
        return None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        return None
    for e in errors:
        *path, name = e["loc"]
        node = data
        for step in path:
            try:
                node = node[step]
            except (KeyError, IndexError, TypeError):
                return None
        if not isinstance(node, dict):
            return None
        node[name] = None
    return data


class BeanOutputConverter(StructuredOutputConverter[T], Generic[T]):
    """Converts model output into an instance of a type described by a JSON schema.

    ``target_type`` is anything pydantic can validate: a ``BaseModel`` subclass, a
    dataclass, a ``TypedDict``, or a generic such as ``list[Person]`` or
    ``dict[str, Any]``. The JSON schema generated from it is embedded in the format
    prompt (``get_format()``) and available on its own (``get_json_schema()``) for
    providers' native structured output. As in Spring, every field without a default is
    required, except fields typed ``X | None`` (Spring's ``@Nullable``) and fields
    annotated ``ToolParam(required=False)``; objects forbid additional properties; field
    descriptions (``Field(description=...)`` or ``ToolParam(description=...)``) and
    aliases carry into the schema. An optional field the output leaves out is ``None``.

    ``convert()`` first cleans the text (by default: trim, drop thinking blocks such as
    ``<thinking>...</thinking>``, drop a markdown code fence, trim again; pass
    ``text_cleaner`` to change that), then parses and validates it. Unknown properties
    in the output are ignored. Output that is not valid JSON, or does not fit the type,
    raises ``OutputConversionException`` carrying the original text.

    Subclasses may override ``generate_schema()`` to supply their own schema.
    """

    @overload
    def __init__(
        self: BeanOutputConverter[T],
        target_type: type[T],
        *,
        text_cleaner: TextCleaner | None = None,
    ) -> None: ...

    @overload
    def __init__(
        self: BeanOutputConverter[Any],
        target_type: Any,
        *,
        text_cleaner: TextCleaner | None = None,
    ) -> None: ...

    def __init__(self, target_type: Any, *, text_cleaner: TextCleaner | None = None) -> None:
        if target_type is None:
            raise ValueError("Type cannot be null")
        self._type = target_type
        try:
            self._type_adapter: TypeAdapter[T] = TypeAdapter(target_type)
        except (PydanticUserError, TypeError) as ex:
            reason = str(ex).splitlines()[0]
            raise ValueError(
                f"Cannot convert output to {_type_name(target_type)}: {reason}"
            ) from ex
        self._text_cleaner: TextCleaner = (
            text_cleaner if text_cleaner is not None else _default_text_cleaner()
        )
        schema = self.generate_schema()
        if schema is None:
            raise ValueError("JSON schema cannot be null")
        self._json_schema = schema

    def generate_schema(self) -> str:
        """Generate the JSON schema text for the target type (a hook for subclasses)."""
        try:
            schema = self._type_adapter.json_schema(mode="validation")
        except PydanticUserError as ex:
            raise ValueError(
                f"Cannot generate a JSON schema for {_type_name(self._type)}: {ex}"
            ) from ex
        return pretty(spring_style(relax_optional_fields(self._type, schema)))

    def convert(self, text: str) -> T:
        """Clean ``text`` and parse it into the target type."""
        cleaned = self._text_cleaner(text)
        if cleaned is None:
            raise OutputConversionException("Cannot convert a null text to JSON", text)
        try:
            try:
                return self._type_adapter.validate_json(cleaned)
            except ValidationError as first:
                filled = _with_missing_as_none(cleaned, first)
                if filled is None:
                    raise
                try:
                    return self._type_adapter.validate_python(filled)
                except ValidationError:
                    raise first from None
        except ValidationError as ex:
            if any(error["type"] == "json_invalid" for error in ex.errors()):
                error = ex.errors()[0]
                detail = error.get("ctx", {}).get("error", error["msg"])
                message = f"Could not parse the model output as JSON: {detail}"
            else:
                message = f"The model output does not match {_type_name(self._type)}: " + "; ".join(
                    f"{'.'.join(str(p) for p in error['loc']) or '<root>'}: {error['msg']}"
                    for error in ex.errors()
                )
            raise OutputConversionException(message, text) from ex

    def get_format(self) -> str:
        """Return the prompt asking for JSON that follows the generated schema."""
        return _FORMAT_TEMPLATE.format(schema=self._json_schema)

    def get_json_schema(self) -> str:
        """Return the JSON schema generated for the target type."""
        return self._json_schema

    def get_json_schema_map(self) -> dict[str, Any]:
        """Return the JSON schema as a dict."""
        try:
            return cast(dict[str, Any], json.loads(self._json_schema))
        except json.JSONDecodeError as ex:
            _logger.error("Could not parse the JSON Schema to a Map object", exc_info=ex)
            raise RuntimeError(f"Could not parse the JSON Schema to a Map object: {ex}") from ex
