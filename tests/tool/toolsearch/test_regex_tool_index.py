"""Port of Spring AI 2.0.1
`org.springframework.ai.tool.toolsearch.index.regex.RegexToolIndexTests`: 12 tests ported,
0 skipped; plus the query rules and the invalid-pattern fallback."""

from __future__ import annotations

import re

import pytest

from spring_ai_py.tool.toolsearch import (
    ToolIndex,
    ToolReference,
    ToolSearchRequest,
    ToolSearchResponse,
)
from spring_ai_py.tool.toolsearch.index.regex import RegexToolIndex

SESSION = "session-1"


def ref(name: str, description: str) -> ToolReference:
    return ToolReference.builder().tool_name(name).summary(description).build()


def search(index: ToolIndex, query: str, max_results: int | None = None) -> ToolSearchResponse:
    return index.search(ToolSearchRequest(SESSION, query, max_results, None))


def names(response: ToolSearchResponse) -> list[str]:
    return [r.tool_name for r in response.tool_references]


class QueryAsRegexToolIndex(RegexToolIndex):
    """Takes the model's query as a regular expression, as a subclass may."""

    def convert_query_to_regex_pattern(self, query: str | None) -> str:
        return query or ".*"


def test_search_type_is_regex() -> None:
    with RegexToolIndex() as index:
        index.index_tool(SESSION, ref("weatherTool", "Returns current weather conditions"))
        metadata = search(index, "weather").search_metadata
        assert metadata is not None
        assert metadata.search_type == "RegexToolIndex"
        assert metadata.query == "weather"
        assert metadata.search_time_ms is not None


def test_matches_by_tool_name() -> None:
    with RegexToolIndex() as index:
        index.index_tool(SESSION, ref("weatherTool", "Returns current weather conditions"))
        index.index_tool(SESSION, ref("calculatorTool", "Performs arithmetic calculations"))
        response = search(index, "weather")
        assert names(response) == ["weatherTool"]
        assert response.total_matches == 1


def test_matches_by_description() -> None:
    with RegexToolIndex() as index:
        index.index_tool(SESSION, ref("toolA", "Fetches stock price data"))
        index.index_tool(SESSION, ref("toolB", "Converts temperature units"))
        assert names(search(index, "stock price")) == ["toolA"]


def test_index_tools_batch_adds_all_tools() -> None:
    with RegexToolIndex() as index:
        index.index_tools(
            SESSION,
            [
                ref("tool1", "First tool description"),
                ref("tool2", "Second tool description"),
                ref("tool3", "Third"),
            ],
        )
        assert index.size(SESSION) == 3
        index.index_tool("other", ref("tool4", "Fourth"))
        assert index.total_size() == 4


def test_no_results_for_empty_session() -> None:
    with RegexToolIndex() as index:
        response = search(index, "weather")
        assert response.tool_references == ()
        assert response.search_metadata is None


@pytest.mark.parametrize("session_id", ["", "   ", None])
def test_no_results_without_a_session_id(session_id: str | None) -> None:
    with RegexToolIndex() as index:
        index.index_tool(SESSION, ref("weatherTool", "Weather"))
        response = index.search(ToolSearchRequest(session_id, "weather"))  # type: ignore[arg-type]
        assert response.tool_references == ()


def test_clear_index_removes_all_tools() -> None:
    with RegexToolIndex() as index:
        index.index_tools(SESSION, [ref("tool1", "desc1"), ref("tool2", "desc2")])
        assert index.size(SESSION) == 2
        index.clear_index(SESSION)
        assert index.size(SESSION) == 0
        assert search(index, "tool").tool_references == ()
        index.clear_index("never-indexed")


def test_close_drops_every_session() -> None:
    index = RegexToolIndex()
    index.index_tool(SESSION, ref("tool1", "desc1"))
    index.close()
    assert index.total_size() == 0


def test_session_isolation_prevents_leakage() -> None:
    with RegexToolIndex() as index:
        index.index_tool(SESSION, ref("weatherTool", "Weather data"))
        index.index_tool("session-2", ref("calculatorTool", "Math operations"))
        assert index.search(ToolSearchRequest("session-2", "weather")).tool_references == ()


def test_name_match_scores_higher_than_description_match() -> None:
    with RegexToolIndex() as index:
        index.index_tool(SESSION, ref("weatherTool", "General purpose tool"))
        index.index_tool(SESSION, ref("genericTool", "Provides weather forecasts"))
        response = search(index, "weather")
        assert names(response) == ["weatherTool", "genericTool"]
        scores = [r.relevance_score for r in response.tool_references]
        # name: 2 per match + position bonus 1/(1+0); description: 1 per match + 0.5/(1+0.9)
        assert scores == pytest.approx([3.0, 1.0 + 0.5 / 1.9])


def test_max_results_limits_output() -> None:
    with RegexToolIndex() as index:
        for i in range(10):
            index.index_tool(SESSION, ref(f"dataTool{i}", f"Retrieves data from source {i}"))
        assert len(search(index, "data", 3).tool_references) == 3
        assert len(search(index, "data").tool_references) == 10


def test_negative_max_results_returns_nothing_rather_than_failing() -> None:
    with RegexToolIndex() as index:
        index.index_tool(SESSION, ref("dataTool", "Retrieves data"))
        assert search(index, "data", -1).tool_references == ()


def test_convert_query_to_regex_pattern() -> None:
    index = RegexToolIndex()
    assert index.convert_query_to_regex_pattern("weather tools") == "(?i)(weather|tools)"
    assert index.convert_query_to_regex_pattern("get user data") == "(?i)(get|user|data)"
    assert index.convert_query_to_regex_pattern("") == ".*"
    assert index.convert_query_to_regex_pattern(None) == ".*"


def test_convert_query_to_regex_pattern_in_tr_locale() -> None:
    """Spring switches the JVM to a Turkish locale; Python's ``str.lower()`` never
    depends on one, so "I" always becomes "i", never a dotless i."""
    assert RegexToolIndex().convert_query_to_regex_pattern("GET INVENTORY") == "(?i)(get|inventory)"
    assert RegexToolIndex().convert_query_to_regex_pattern("") == ".*"


def test_convert_query_drops_stop_words_duplicates_and_single_letters() -> None:
    index = RegexToolIndex()
    assert (
        index.convert_query_to_regex_pattern("What is the weather, the WEATHER in x?")
        == "(?i)(weather)"
    )
    # Only stop words left: the original words are used after all.
    assert index.convert_query_to_regex_pattern("the a") == "(?i)(the|a)"


def test_convert_query_escapes_regex_characters() -> None:
    pattern = RegexToolIndex().convert_query_to_regex_pattern("c++ $price ^x* a|b")
    assert pattern == r"(?i)(c\+\+|\$price|\^x\*|a\|b)"
    assert re.compile(pattern).search("c++")


def test_convert_query_caps_the_pattern_length() -> None:
    query = " ".join(f"word{i:03d}" for i in range(60))
    pattern = RegexToolIndex().convert_query_to_regex_pattern(query)
    assert len(pattern) <= 200
    assert pattern.startswith("(?i)(word000|word001|")


def test_is_valid_pattern_accepts_valid_regex() -> None:
    index = RegexToolIndex()
    assert index.is_valid_pattern("(?i)(weather|tools)")
    assert not index.is_valid_pattern("[invalid")
    assert not index.is_valid_pattern(None)
    assert not index.is_valid_pattern("   ")
    assert not index.is_valid_pattern("a" * 201)


def test_a_subclass_may_take_the_query_as_a_regex() -> None:
    with QueryAsRegexToolIndex() as index:
        index.index_tools(SESSION, [ref("get_user_data", "Users"), ref("get_weather", "Weather")])
        assert names(search(index, "get_.*_data")) == ["get_user_data"]


@pytest.mark.parametrize("query", ["weather(", "[weather", "weather(?i)", "*weather"])
def test_an_invalid_pattern_falls_back_to_a_literal_match(query: str) -> None:
    with QueryAsRegexToolIndex() as index:
        index.index_tools(
            SESSION, [ref("weatherTool", "Current weather"), ref("calculator", "Math")]
        )
        response = search(index, query)
        assert names(response) == ["weatherTool"]
        metadata = response.search_metadata
        assert metadata is not None
        assert metadata.query == query


def test_the_fallback_takes_regex_characters_as_word_separators() -> None:
    with QueryAsRegexToolIndex() as index:
        index.index_tools(
            SESSION, [ref("get_weather", "Weather"), ref("get_user_data", "User data")]
        )
        response = search(index, "get_(user")
        assert names(response) == ["get_user_data", "get_weather"]
