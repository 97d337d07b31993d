"""The tool search records: construction, builders and bad input."""

from __future__ import annotations

import dataclasses

import pytest

from spring_ai_py.tool.toolsearch import ToolReference, ToolSearchRequest, ToolSearchResponse


def test_tool_reference_keeps_the_java_component_order() -> None:
    reference = ToolReference("weather", 0.5, "Gets the weather")
    assert (reference.tool_name, reference.relevance_score, reference.summary) == (
        "weather",
        0.5,
        "Gets the weather",
    )


def test_tool_reference_builder_leaves_the_score_unset() -> None:
    reference = ToolReference.builder().tool_name("weather").summary("Gets the weather").build()
    assert reference == ToolReference("weather", None, "Gets the weather")


def test_tool_reference_score_is_a_float() -> None:
    assert isinstance(ToolReference("t", 1, "d").relevance_score, float)


def test_tool_reference_is_immutable() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        ToolReference("t", None, "d").tool_name = "x"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tool_name": None, "summary": "d"}, "tool_name cannot be null"),
        ({"tool_name": "t", "summary": None}, "summary cannot be null"),
    ],
)
def test_tool_reference_rejects_none(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ToolReference(**kwargs)  # type: ignore[arg-type]


def test_tool_search_request_defaults() -> None:
    request = ToolSearchRequest("session", "weather")
    assert request.max_results is None
    assert request.category_filter is None


def test_tool_search_response_builder_adds_references() -> None:
    first, second = ToolReference("a", None, "A"), ToolReference("b", None, "B")
    metadata = ToolSearchResponse.SearchMetadata.builder().search_type("X").query("q").build()
    response = (
        ToolSearchResponse.builder()
        .add_tool_reference(first)
        .add_tool_reference(second)
        .total_matches(2)
        .search_metadata(metadata)
        .build()
    )
    assert response.tool_references == (first, second)
    assert response.total_matches == 2
    assert response.search_metadata == ToolSearchResponse.SearchMetadata("X", "q", None)


def test_tool_search_response_defaults_to_no_references() -> None:
    response = ToolSearchResponse.builder().build()
    assert response.tool_references == ()
    assert response.total_matches is None
    assert response.search_metadata is None


def test_tool_search_response_copies_the_references() -> None:
    references = [ToolReference("a", None, "A")]
    response = ToolSearchResponse.builder().tool_references(references).build()
    references.append(ToolReference("b", None, "B"))
    assert len(response.tool_references) == 1
    assert response.mutate().add_tool_reference(references[1]).build().tool_references == tuple(
        references
    )


def test_tool_search_response_rejects_none_references() -> None:
    with pytest.raises(ValueError, match="tool_references cannot be null"):
        ToolSearchResponse(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("search_type", "query", "message"),
    [(None, "q", "search_type cannot be null"), ("X", None, "query cannot be null")],
)
def test_search_metadata_rejects_none(
    search_type: str | None, query: str | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        ToolSearchResponse.SearchMetadata(search_type, query)  # type: ignore[arg-type]
