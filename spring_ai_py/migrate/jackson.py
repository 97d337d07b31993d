"""Jackson's ``JsonMapper`` / ``ObjectMapper`` as migrated code uses them.

``mapper.write_value_as_string(value)`` writes what Jackson writes for the Java object
(``spring_ai_py.model.json.to_json_value``, compact: records and beans by their JSON names, enums by
name, Spring AI's model objects with Spring's property names);
``mapper.writer_with_default_pretty_printer().write_value_as_string(value)`` indents it;
``mapper.read_value(text, T)`` validates JSON text into ``T`` (a pydantic model,
``dict``, ``list[...]``).
"""

from __future__ import annotations

import json
from typing import Any, TypeVar, cast

from pydantic import TypeAdapter

from spring_ai_py.model.json import to_json_value

T = TypeVar("T")


class JsonMapper:
    """Jackson's mapper: JSON text to and from the translated records and beans."""

    def __init__(self, indent: int | None = None) -> None:
        if indent is not None and (not isinstance(indent, int) or isinstance(indent, bool) or indent < 0):
            raise ValueError(f"indent must be a non-negative int or None, got {indent!r}")
        self._indent = indent

    def write_value_as_string(self, value: object) -> str:
        """``value`` as the JSON text Jackson writes for it (compact: no spaces)."""
        if self._indent is None:
            return json.dumps(to_json_value(value), ensure_ascii=False, separators=(",", ":"))
        return json.dumps(to_json_value(value), ensure_ascii=False, indent=self._indent)

    def writer_with_default_pretty_printer(self) -> JsonMapper:
        """A mapper that indents what it writes (Jackson's default pretty printer)."""
        return JsonMapper(indent=2)

    def read_value(self, content: str, value_type: type[T] | Any) -> T:
        """JSON ``content`` validated into ``value_type``."""
        if not isinstance(content, str):
            raise TypeError(f"content must be JSON text (str), got {type(content).__name__}")
        return cast(T, TypeAdapter(value_type).validate_json(content))


ObjectMapper = JsonMapper
"""Jackson 2's name for the mapper."""

__all__ = ["JsonMapper", "ObjectMapper"]
