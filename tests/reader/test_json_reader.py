"""Port of Spring AI 2.0.1 `org.springframework.ai.reader.JsonReaderTests`: 4 tests ported, 0 skipped.

``bikes.json`` is a smaller file of the same shape as Spring's (Spring's is 147 KB).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.core.io import ByteArrayResource
from spring_ai_py.reader import JsonMetadataGenerator, JsonReader

RESOURCES = Path(__file__).parent / "resources"


def test_load_json_array() -> None:
    documents = JsonReader(RESOURCES / "bikes.json", "description").get()
    assert documents
    for document in documents:
        assert document.get_text()
    assert documents[0].get_text() == (
        "description: The Swift Commuter is a light aluminium city bike with fenders and a rack.\n"
    )


def test_load_json_object() -> None:
    documents = JsonReader(RESOURCES / "person.json", "description").get()
    assert documents
    for document in documents:
        assert document.get_text()


def test_load_json_array_from_pointer() -> None:
    documents = JsonReader(RESOURCES / "events.json", "description").get("/0/sessions")
    assert documents
    for document in documents:
        assert "Session" in (document.get_text() or "")


def test_load_json_object_from_pointer() -> None:
    documents = JsonReader(RESOURCES / "person.json", "name").get("/store")
    assert len(documents) == 1
    assert "name: Bike Shop" in (documents[0].get_text() or "")


def test_without_keys_the_text_is_javas_map_to_string_and_metadata_comes_from_the_generator() -> (
    None
):
    """Beyond Spring's tests."""

    class Price(JsonMetadataGenerator):
        def generate(self, json_map: dict[str, Any]) -> dict[str, Any]:
            return {"price": json_map["price"]}

    data = b'[{"name": "A", "price": 1.0, "tags": ["x", "y"], "ok": true, "dims": {"w": 2}}]'
    [document] = JsonReader(ByteArrayResource(data), Price()).get()
    assert document.get_text() == "{name=A, price=1.0, tags=[x, y], ok=true, dims={w=2}}"
    assert document.get_metadata() == {"price": 1.0}
    [document] = JsonReader(ByteArrayResource(data), lambda m: {"n": m["name"]}, "name", "ok").get()
    assert document.get_text() == "name: A\nok: true\n"
    assert document.get_metadata() == {"n": "A"}


def test_invalid_pointer_is_rejected() -> None:
    with pytest.raises(ValueError, match="Invalid JSON Pointer: /nope"):
        JsonReader(RESOURCES / "person.json").get("/nope")
    documents = JsonReader(RESOURCES / "events.json", "description").get("/0/sessions/1")
    assert [d.get_text() for d in documents] == ["description: Session two\n"]


def test_deeply_nested_input_is_a_value_error_not_a_recursion_error() -> None:
    data = b"[" * 100_000 + b"]" * 100_000
    with pytest.raises(
        ValueError, match=r"Byte array resource .* is nested too deeply to parse as JSON"
    ):
        JsonReader(ByteArrayResource(data)).get()
