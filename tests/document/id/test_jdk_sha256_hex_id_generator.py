"""Port of Spring AI 2.0.1 `org.springframework.ai.document.id.JdkSha256HexIdGeneratorTest`: 2 tests ported, 0 skipped.

Beyond Spring's tests: ids equal the ones Java computes. The expected values were
produced by running Spring's algorithm (``ObjectOutputStream`` of the contents,
SHA-256, ``UUID.nameUUIDFromBytes`` of the hex digest) on a JDK with the same inputs
built as Java ``HashMap``/``ArrayList``/``HashSet`` values.
"""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.document import Document
from spring_ai_py.document.id import JdkSha256HexIdGenerator


def test_message_digest_returns_distinct_instances() -> None:
    generator = JdkSha256HexIdGenerator()
    md1 = generator.get_message_digest()
    md2 = generator.get_message_digest()
    assert md1 is not md2
    assert md1.name == md2.name == "sha256"
    assert md1.digest_size == md2.digest_size == 32


def test_message_digest_returns_instances_with_independent_and_reproducible_digests() -> None:
    generator = JdkSha256HexIdGenerator()

    def digest(text: str) -> bytes:
        md = generator.get_message_digest()
        md.update(text.encode("utf-8"))
        result: bytes = md.digest()
        return result

    first1, first2 = digest("md1_update"), digest("md2_update")
    second1, second2 = digest("md1_update"), digest("md2_update")
    assert first1 != first2
    assert first1 == second1
    assert first2 == second2


_MIXED: dict[str, Any] = {
    "source": "doc.md",
    "chunk_index": 0,
    "total_chunks": 3,
    "score": 0.5,
    "flag": True,
    "big": 12345678901,
    "n": 1000,
    "tags": ["a", "b"],
    "same": 0,
}


@pytest.mark.parametrize(
    ("contents", "expected"),
    [
        (("", {}), "3a3459a2-aa34-37a8-a475-1b83e3432ec8"),
        (("Test content", {"key": "value"}), "784f408c-4b11-30e0-a7cd-61b3d8b8d3a4"),
        (
            ("Hello \u00e9 \u20ac \U0001f600 \u0000 world", _MIXED),
            "09b9bc7c-5afd-37cf-8875-af40bf385f44",
        ),
        (("many", {f"k{i}": f"v{i}" for i in range(20)}), "297f8ee7-2c00-31c3-a023-9700c94f844a"),
        (
            (
                "Content",
                {"metadata": {"META_DATA", "x"}, "neg": -5, "f": False, "inner": {"z": 1.0}},
            ),
            "808e7e97-134b-328a-b5c3-d3c8fef60b2d",
        ),
        (("just text",), "f5a1d126-8dba-30eb-9f70-368cde2f9d98"),
    ],
    ids=["empty", "key-value", "mixed-types", "resized-map", "nested", "text-only"],
)
def test_ids_match_the_ones_java_computes(contents: tuple[Any, ...], expected: str) -> None:
    assert JdkSha256HexIdGenerator().generate_id(*contents) == expected


def test_document_builder_uses_it_on_text_and_metadata() -> None:
    document = (
        Document.builder()
        .id_generator(JdkSha256HexIdGenerator())
        .text("Test content")
        .metadata("key", "value")
        .build()
    )
    assert document.get_id() == "784f408c-4b11-30e0-a7cd-61b3d8b8d3a4"


def test_unsupported_values_and_algorithms_fail_clearly() -> None:
    with pytest.raises(RuntimeError, match="Failed to serialize"):
        JdkSha256HexIdGenerator().generate_id("text", {"key": object()})
    with pytest.raises(ValueError, match="MessageDigest not available"):
        JdkSha256HexIdGenerator("NO-SUCH-ALGORITHM")
