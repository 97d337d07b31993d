"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.execution.DefaultToolCallResultConverterTests`:
11 tests ported, 0 skipped.

PORTING §7.14 differs on purpose: a ``str`` result is sent unquoted and ``None`` (or a
tool declared ``-> None``) sends ``Done``, where Spring JSON-encodes both; those tests
check the port's contract. Java's ``BufferedImage`` is an image ``Media`` here; Java's
``void.class`` is ``type(None)``.
"""

from __future__ import annotations

import base64
import dataclasses
import json

from pydantic import BaseModel

from spring_ai_py.content import Media
from spring_ai_py.tool.execution import DefaultToolCallResultConverter

converter = DefaultToolCallResultConverter()

# A 1x1 white PNG.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg=="
)


class TestObject:
    """Spring's bean with private fields and getters: here attributes and a property."""

    __test__ = False

    def __init__(self, name: str, value: int) -> None:
        self.name = name
        self._value = value

    @property
    def value(self) -> int:
        return self._value


@dataclasses.dataclass(frozen=True)
class TestRecord:
    __test__ = False
    name: str
    value: int


def test_convert_with_null_return_type_should_return() -> None:
    """Spring answers ``null``; the port sends ``Done`` for ``None`` (§7.14)."""
    assert converter.convert(None, None) == "Done"


def test_convert_void_return_type_should_return_done_json() -> None:
    """Spring answers ``"Done"`` (quoted); the port sends ``Done`` (§7.14)."""
    assert converter.convert(None, type(None)) == "Done"
    assert converter.convert("ignored", type(None)) == "Done"


def test_convert_string_return_type_should_return_json() -> None:
    """Spring quotes the text; the port sends it as is (§7.14)."""
    assert converter.convert("test", str) == "test"


def test_convert_null_return_value_should_return_null_json() -> None:
    assert converter.convert(None, str) == "Done"


def test_convert_object_return_type_should_return_json() -> None:
    result = converter.convert(TestObject("test", 42), TestObject)
    assert json.loads(result) == {"name": "test", "value": 42}


def test_convert_collection_return_type_should_return_json() -> None:
    assert converter.convert(["one", "two", "three"], list) == '["one","two","three"]'


def test_convert_map_return_type_should_return_json() -> None:
    assert json.loads(converter.convert({"one": 1, "two": 2}, dict)) == {"one": 1, "two": 2}


def test_convert_image_should_return_base64_image() -> None:
    result = json.loads(converter.convert(Media("image/png", PNG), Media))
    assert result["mimeType"] == "image/png"
    decoded = base64.b64decode(result["data"])
    assert decoded == PNG
    assert decoded[:8] == b"\x89PNG\r\n\x1a\n"


def test_convert_empty_collections_should_return_empty_json() -> None:
    assert converter.convert([], list) == "[]"
    assert converter.convert({}, dict) == "{}"
    assert converter.convert((), tuple) == "[]"


def test_convert_record_return_type_should_return_json() -> None:
    result = converter.convert(TestRecord("recordName", 1), TestRecord)
    assert json.loads(result) == {"name": "recordName", "value": 1}


def test_convert_special_characters_in_strings_should_escape_json() -> None:
    """A ``str`` is sent as is (§7.14); inside JSON the characters are escaped."""
    special = 'Test with "quotes", newlines\n, tabs\t, and backslashes\\'
    assert converter.convert(special, str) == special
    encoded = converter.convert({"text": special})
    assert '\\"quotes\\"' in encoded and "\\n" in encoded and "\\t" in encoded and "\\\\" in encoded
    assert json.loads(encoded) == {"text": special}


# -- the port's own tests ------------------------------------------------------------


class Reading(BaseModel):
    city: str
    celsius: float


class Slotted:
    __slots__ = ("_hidden", "city")

    def __init__(self, city: str) -> None:
        self.city = city
        self._hidden = "secret"


def test_pydantic_models_dataclasses_and_plain_objects_become_compact_json() -> None:
    assert converter.convert(Reading(city="Oslo", celsius=3.5)) == '{"city":"Oslo","celsius":3.5}'
    assert converter.convert([TestObject("a", 1)]) == '[{"name":"a","value":1}]'
    assert converter.convert(Slotted("Oslo")) == '{"city":"Oslo"}'
    assert converter.convert(3) == "3"


def test_an_object_without_public_fields_is_sent_as_its_text() -> None:
    class Opaque:
        def __str__(self) -> str:
            return "opaque thing"

    assert converter.convert(Opaque()) == '"opaque thing"'
