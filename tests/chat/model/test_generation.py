"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.model.GenerationTests`: 8 tests ported, 0 skipped.

Spring's Mockito metadata mocks are two distinct ``ChatGenerationMetadata`` objects.
"""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import Generation


@pytest.fixture
def metadata1() -> ChatGenerationMetadata:
    return ChatGenerationMetadata.builder().finish_reason("STOP").metadata("id", 1).build()


@pytest.fixture
def metadata2() -> ChatGenerationMetadata:
    return ChatGenerationMetadata.builder().finish_reason("LENGTH").metadata("id", 2).build()


def test_get_output() -> None:
    generation = Generation(AssistantMessage("Test Assistant Message"))
    assert generation.get_output().get_text() == "Test Assistant Message"


def test_constructor_with_metadata(metadata1: ChatGenerationMetadata) -> None:
    generation = Generation(AssistantMessage("Test Assistant Message"), metadata1)
    assert generation.get_metadata() == metadata1


def test_get_metadata_null() -> None:
    generation = Generation(AssistantMessage("Test Assistant Message"))
    assert generation.get_metadata() == ChatGenerationMetadata.NULL


def test_get_metadata_not_null(metadata1: ChatGenerationMetadata) -> None:
    generation = Generation(AssistantMessage("Test Assistant Message"), metadata1)
    assert generation.get_metadata() is metadata1


def test_equals_same_objects() -> None:
    generation1 = Generation(AssistantMessage("Test Assistant Message"))
    generation2 = generation1
    assert generation1 == generation2


def test_equals_not_instance_of_generation() -> None:
    generation = Generation(AssistantMessage("Test Assistant Message"))
    assert generation != object()


def test_equals_same_metadata(metadata1: ChatGenerationMetadata) -> None:
    generation1 = Generation(AssistantMessage("Test Assistant Message"), metadata1)
    generation2 = Generation(AssistantMessage("Test Assistant Message"), metadata1)
    assert generation1 == generation2


def test_equals_different_metadata(
    metadata1: ChatGenerationMetadata, metadata2: ChatGenerationMetadata
) -> None:
    generation1 = Generation(AssistantMessage("Test Assistant Message"), metadata1)
    generation2 = Generation(AssistantMessage("Test Assistant Message"), metadata2)
    assert generation1 != generation2
