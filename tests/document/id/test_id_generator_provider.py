"""Port of Spring AI 2.0.1 `org.springframework.ai.document.id.IdGeneratorProviderTest`: 8 tests ported, 0 skipped.

``Set.of(...)`` becomes a Python ``frozenset`` and ``Map.of(...)`` a ``dict``.
"""

from __future__ import annotations

import uuid

from spring_ai_py.document.id import JdkSha256HexIdGenerator


def test_hash_generator_generate_similar_ids_for_similar_content() -> None:
    metadata = {"metadata": frozenset({"META_DATA"})}
    id1 = JdkSha256HexIdGenerator().generate_id("Content", metadata)
    id2 = JdkSha256HexIdGenerator().generate_id("Content", metadata)
    assert id1 == id2
    uuid.UUID(id1)
    uuid.UUID(id2)


def test_hash_generator_generate_different_ids_for_different_content() -> None:
    metadata = {"metadata": frozenset({"META_DATA"})}
    id1 = JdkSha256HexIdGenerator().generate_id("Content", metadata)
    id2 = JdkSha256HexIdGenerator().generate_id("Content ", metadata)
    assert id1 != id2
    uuid.UUID(id1)
    uuid.UUID(id2)


def test_hash_generator_generates_different_ids_for_different_metadata() -> None:
    generator = JdkSha256HexIdGenerator()
    assert generator.generate_id("Same content", {"key": "value1"}) != generator.generate_id(
        "Same content", {"key": "value2"}
    )


def test_hash_generator_produces_valid_sha256_based_uuid() -> None:
    generated = JdkSha256HexIdGenerator().generate_id("Test content", {"key": "value"})
    assert uuid.UUID(generated) is not None
    assert len(generated) == 36
    assert [generated[i] for i in (8, 13, 18, 23)] == ["-"] * 4


def test_hash_generator_consistency_across_multiple_calls() -> None:
    generator = JdkSha256HexIdGenerator()
    metadata = {"test": "consistency"}
    ids = {generator.generate_id("Consistency test", metadata) for _ in range(3)}
    assert len(ids) == 1


def test_hash_generator_metadata_order_independence() -> None:
    generator = JdkSha256HexIdGenerator()
    metadata1 = {"a": "value1", "b": "value2", "c": "value3"}
    metadata2 = {"c": "value3", "a": "value1", "b": "value2"}
    assert generator.generate_id("Order test", metadata1) == generator.generate_id(
        "Order test", metadata2
    )


def test_hash_generator_sensitive_to_minor_changes() -> None:
    generator = JdkSha256HexIdGenerator()
    metadata = {"key": "value"}
    ids = [
        generator.generate_id(text, metadata)
        for text in ("content", "Content", "content ", "content\n")
    ]
    assert len(set(ids)) == 4


def test_multiple_generator_instances_produce_same_results() -> None:
    metadata = {"instance": "test"}
    ids = {JdkSha256HexIdGenerator().generate_id("Multi-instance test", metadata) for _ in range(3)}
    assert len(ids) == 1
