"""Port of Spring AI 2.0.1 `org.springframework.ai.metadata.PromptMetadataTests`
(spring-ai-client-chat; the type lives in ``spring_ai_py.chat.metadata``):
13 tests ported, 0 skipped (plus one test of the port: the metadata on ChatResponseMetadata)."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.metadata import PromptFilterMetadata, PromptMetadata


class StubFilter(PromptFilterMetadata):
    """Stands in for Spring's Mockito mock: only the prompt index is set."""

    def __init__(self, index: int) -> None:
        self._index = index

    def get_prompt_index(self) -> int:
        return self._index

    def get_content_filter_metadata(self) -> object:
        return None


def mock_prompt_filter_metadata(index: int) -> PromptFilterMetadata:
    return StubFilter(index)


def test_empty_prompt_metadata() -> None:
    empty = PromptMetadata.empty()
    assert empty is not None
    assert list(empty) == []


def test_prompt_metadata_with_one_filter() -> None:
    filter_metadata = mock_prompt_filter_metadata(0)
    prompt_metadata = PromptMetadata.of(filter_metadata)
    assert prompt_metadata is not None
    assert list(prompt_metadata) == [filter_metadata]


def test_prompt_metadata_with_two_filters() -> None:
    one = mock_prompt_filter_metadata(0)
    two = mock_prompt_filter_metadata(1)
    prompt_metadata = PromptMetadata.of(one, two)
    assert list(prompt_metadata) == [one, two]


def test_find_by_prompt_index() -> None:
    one = mock_prompt_filter_metadata(0)
    two = mock_prompt_filter_metadata(1)
    prompt_metadata = PromptMetadata.of(one, two)
    assert list(prompt_metadata) == [one, two]
    assert prompt_metadata.find_by_prompt_index(1) is two
    assert prompt_metadata.find_by_prompt_index(0) is one


def test_find_by_prompt_index_with_no_filters() -> None:
    assert PromptMetadata.empty().find_by_prompt_index(0) is None


def test_find_by_invalid_prompt_index() -> None:
    with pytest.raises(ValueError, match=r"^Prompt index \[-1\] must be greater than equal to 0$"):
        PromptMetadata.empty().find_by_prompt_index(-1)


def test_from_prompt_index_and_content_filter_metadata() -> None:
    prompt_filter_metadata = PromptFilterMetadata.from_(1, "{ content-sentiment: 'SAFE' }")
    assert prompt_filter_metadata is not None
    assert prompt_filter_metadata.get_prompt_index() == 1
    assert prompt_filter_metadata.get_content_filter_metadata() == "{ content-sentiment: 'SAFE' }"
    # Java's nested name works too.
    assert PromptMetadata.PromptFilterMetadata is PromptFilterMetadata  # type: ignore[attr-defined]


def test_prompt_metadata_with_empty_filters_array() -> None:
    prompt_metadata = PromptMetadata.of()
    assert prompt_metadata is not None
    assert list(prompt_metadata) == []
    assert list(PromptMetadata.of([])) == []


def test_prompt_metadata_with_multiple_filters() -> None:
    filters = [mock_prompt_filter_metadata(i) for i in range(4)]
    prompt_metadata = PromptMetadata.of(*filters)
    assert len(list(prompt_metadata)) == 4
    assert list(prompt_metadata) == filters
    assert list(PromptMetadata.of(filters)) == filters  # the Iterable overload


def test_prompt_metadata_with_duplicate_indices() -> None:
    filter1 = mock_prompt_filter_metadata(1)
    filter2 = mock_prompt_filter_metadata(1)
    prompt_metadata = PromptMetadata.of(filter1, filter2)
    assert len(list(prompt_metadata)) == 2
    assert prompt_metadata.find_by_prompt_index(1) is filter1


def test_prompt_filter_metadata_with_empty_content_filter() -> None:
    prompt_filter_metadata = PromptFilterMetadata.from_(0, "")
    assert prompt_filter_metadata.get_prompt_index() == 0
    assert prompt_filter_metadata.get_content_filter_metadata() == ""


def test_prompt_metadata_size() -> None:
    filter1 = mock_prompt_filter_metadata(0)
    filter2 = mock_prompt_filter_metadata(1)
    assert len(list(PromptMetadata.empty())) == 0
    assert len(list(PromptMetadata.of(filter1))) == 1
    assert len(list(PromptMetadata.of(filter1, filter2))) == 2


def test_prompt_metadata_immutability() -> None:
    filters = [mock_prompt_filter_metadata(0), mock_prompt_filter_metadata(1)]
    prompt_metadata = PromptMetadata.of(filters)
    filters.append(mock_prompt_filter_metadata(2))
    assert len(list(prompt_metadata)) == 2


# -- beyond Spring's class: the metadata travels on ChatResponseMetadata ----------------


def test_chat_response_metadata_carries_prompt_metadata() -> None:
    from spring_ai_py.chat.metadata import ChatResponseMetadata
    from spring_ai_py.chat.model import ChatResponse

    assert list(ChatResponseMetadata().get_prompt_metadata()) == []
    filters = PromptMetadata.of(PromptFilterMetadata.from_(0, {"hate": "safe"}))
    metadata = ChatResponseMetadata.builder().prompt_metadata(filters).build()
    assert metadata.get_prompt_metadata() is filters
    copied = ChatResponseMetadata.builder().from_(metadata).build()
    assert copied.get_prompt_metadata() is filters
    response = ChatResponse.builder().generations([]).metadata(metadata).build()
    assert response.get_metadata().get_prompt_metadata() is filters
