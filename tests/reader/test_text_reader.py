"""Port of Spring AI 2.0.1 `org.springframework.ai.reader.TextReaderTests`: 9 tests ported, 0 skipped.

Spring's ``ByteArrayResource`` is ``spring_ai_py.core.io.ByteArrayResource``; a
``FileSystemResource`` is any path.
"""

from __future__ import annotations

from pathlib import Path

from spring_ai_py.core.io import ByteArrayResource, FileSystemResource
from spring_ai_py.reader import TextReader
from spring_ai_py.transformer.splitter import TokenTextSplitter

RESOURCES = Path(__file__).parent / "resources"


def test_load_text() -> None:
    reader = TextReader(RESOURCES / "text_source.txt")
    reader.get_custom_metadata()["customKey"] = "Value"
    documents = TokenTextSplitter.builder().build().apply(reader.get())
    assert len(documents) == 54
    for document in documents:
        assert document.get_metadata()["customKey"] == "Value"
        assert document.get_metadata()[TextReader.SOURCE_METADATA] == "text_source.txt"
        assert document.get_metadata()[TextReader.CHARSET_METADATA] == "UTF-8"
        assert document.get_text()


def test_load_text_from_byte_array_resource() -> None:
    reader = TextReader(ByteArrayResource(b"Test content"))
    reader.get_custom_metadata()["customKey"] = "DefaultValue"
    [document] = reader.get()
    assert document.get_metadata()["customKey"] == "DefaultValue"
    assert document.get_metadata()[TextReader.CHARSET_METADATA] == "UTF-8"
    assert document.get_metadata()[TextReader.SOURCE_METADATA] == (
        "Byte array resource [resource loaded from byte array]"
    )
    assert document.get_text() == "Test content"

    custom = TextReader(ByteArrayResource(b"Another test content", "Custom byte array resource"))
    custom.get_custom_metadata()["customKey"] = "CustomValue"
    [document] = custom.get()
    assert document.get_metadata()["customKey"] == "CustomValue"
    assert document.get_metadata()[TextReader.CHARSET_METADATA] == "UTF-8"
    assert document.get_metadata()[TextReader.SOURCE_METADATA] == (
        "Byte array resource [Custom byte array resource]"
    )
    assert document.get_text() == "Another test content"


def test_load_empty_text() -> None:
    [document] = TextReader(ByteArrayResource(b"")).get()
    assert document.get_text() == ""
    assert document.get_metadata()[TextReader.CHARSET_METADATA] == "UTF-8"


def test_load_text_with_only_whitespace() -> None:
    [document] = TextReader(ByteArrayResource(b"   \n\t\r\n   ")).get()
    assert document.get_text() == "   \n\t\r\n   "


def test_load_text_with_multiple_newlines() -> None:
    content = "Line 1\n\n\nLine 4\r\nLine 5\r\n\r\nLine 7"
    [document] = TextReader(ByteArrayResource(content.encode())).get()
    assert document.get_text() == content


def test_custom_metadata_is_preserved() -> None:
    reader = TextReader(ByteArrayResource(b"Test"))
    reader.get_custom_metadata().update({"author": "Author", "version": "1.0", "category": "test"})
    [document] = reader.get()
    assert {
        "author": "Author",
        "version": "1.0",
        "category": "test",
    }.items() <= document.get_metadata().items()


def test_resource_description_handling(tmp_path: Path) -> None:
    path = tmp_path / "test-file.txt"
    path.write_text("File content", encoding="utf-8")
    [document] = TextReader(FileSystemResource(path)).get()
    assert document.get_metadata()[TextReader.SOURCE_METADATA] == "test-file.txt"


def test_multiple_calls_to_get_return_same_result() -> None:
    reader = TextReader(ByteArrayResource(b"Consistent content"))
    reader.get_custom_metadata()["test"] = "value"
    first, second = reader.get(), reader.get()
    assert len(first) == len(second) == 1
    assert first[0].get_text() == second[0].get_text()
    assert first[0].get_metadata() == second[0].get_metadata()


def test_resource_without_extension(tmp_path: Path) -> None:
    path = tmp_path / "no-extension-file"
    path.write_text("Content without extension", encoding="utf-8")
    [document] = TextReader(str(path)).get()
    assert document.get_text() == "Content without extension"
    assert document.get_metadata()[TextReader.SOURCE_METADATA] == "no-extension-file"


def test_charset_is_reported_with_its_java_name() -> None:
    """Beyond Spring's tests: another charset decodes the bytes and is reported as Java
    names it."""
    reader = TextReader(ByteArrayResource("café".encode("latin-1")))
    reader.set_charset("latin-1")
    [document] = reader.get()
    assert document.get_text() == "café"
    assert document.get_metadata()[TextReader.CHARSET_METADATA] == "ISO-8859-1"
