"""Port of Spring AI 2.0.1
`org.springframework.ai.tool.toolsearch.index.lucene.LuceneToolIndexTests` onto
KeywordToolIndex, the dependency-free stand-in for Java's Lucene index (PORTING §9):
10 tests ported, 0 skipped; plus its own rules: identifier splitting, CJK bigrams, IDF
weighting and the recall-first fallback. Lucene's lazy commit has no twin: an indexed
tool is visible to the next search, which lazy_commit_makes_tools_visible_at_search_time
checks."""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor

import pytest

from spring_ai_py.tool.toolsearch import ToolReference, ToolSearchRequest, ToolSearchResponse
from spring_ai_py.tool.toolsearch.index.keyword import KeywordToolIndex, tokenize

SESSION = "session-1"


def ref(name: str, description: str) -> ToolReference:
    return ToolReference.builder().tool_name(name).summary(description).build()


def search(
    index: KeywordToolIndex, query: str, max_results: int | None = None
) -> ToolSearchResponse:
    return index.search(ToolSearchRequest(SESSION, query, max_results))


def names(response: ToolSearchResponse) -> list[str]:
    return [r.tool_name for r in response.tool_references]


# -- Spring's LuceneToolIndexTests ------------------------------------------------


def test_matches_by_description() -> None:
    with KeywordToolIndex() as index:
        index.index_tool(SESSION, ref("weatherTool", "Returns current weather conditions"))
        index.index_tool(SESSION, ref("calculatorTool", "Performs arithmetic calculations"))
        response = search(index, "weather conditions")
        assert names(response) == ["weatherTool"]
        assert response.total_matches == 1
        assert response.search_metadata is not None
        assert response.search_metadata.search_type == "KeywordToolIndex"


def test_matches_by_tool_name() -> None:
    with KeywordToolIndex() as index:
        index.index_tool(SESSION, ref("getWeather", "Retrieves meteorological data"))
        index.index_tool(SESSION, ref("calculateTax", "Computes tax obligations"))
        assert names(search(index, "getWeather")) == ["getWeather"]


def test_name_match_ranks_above_description_match() -> None:
    with KeywordToolIndex() as index:
        index.index_tool(SESSION, ref("weather", "Current conditions provider"))
        index.index_tool(SESSION, ref("forecast", "Provides detailed weather predictions daily"))
        index.index_tool(SESSION, ref("calculator", "Adds numbers"))
        response = search(index, "weather")
        assert names(response) == ["weather", "forecast"]
        idf = math.log(3 / 2)
        assert [r.relevance_score for r in response.tool_references] == pytest.approx(
            [2 * idf, idf]
        )


def test_index_tools_batch_adds_all_tools() -> None:
    with KeywordToolIndex() as index:
        index.index_tools(
            SESSION,
            [
                ref("tool1", "First tool description"),
                ref("tool2", "Second tool description"),
                ref("tool3", "Third"),
            ],
        )
        assert index.size(SESSION) == 3
        index.index_tool("session-2", ref("tool4", "Fourth"))
        assert index.total_size() == 4


def test_no_results_for_empty_session() -> None:
    with KeywordToolIndex() as index:
        assert search(index, "weather").tool_references == ()


def test_no_results_without_a_session_id() -> None:
    with KeywordToolIndex() as index:
        index.index_tool(SESSION, ref("weatherTool", "Weather"))
        assert index.search(ToolSearchRequest("", "weather")).tool_references == ()


def test_clear_index_removes_all_tools() -> None:
    with KeywordToolIndex() as index:
        index.index_tools(SESSION, [ref("tool1", "desc one"), ref("tool2", "desc two")])
        index.clear_index(SESSION)
        assert index.size(SESSION) == 0
        assert search(index, "desc").tool_references == ()


def test_session_isolation_prevents_leakage() -> None:
    with KeywordToolIndex() as index:
        index.index_tool(SESSION, ref("weatherTool", "Weather data source"))
        index.index_tool("session-2", ref("calculatorTool", "Math operations tool"))
        assert index.search(ToolSearchRequest("session-2", "weather")).tool_references == ()


def test_max_results_limits_output() -> None:
    with KeywordToolIndex() as index:
        for i in range(8):
            index.index_tool(SESSION, ref(f"dataTool{i}", f"Retrieves data from source {i}"))
        assert len(search(index, "data", 3).tool_references) == 3
        assert search(index, "data", -5).tool_references == ()


def test_lazy_commit_makes_tools_visible_at_search_time() -> None:
    with KeywordToolIndex() as index:
        index.index_tool(SESSION, ref("stockTool", "Fetches live stock prices"))
        index.index_tool(SESSION, ref("newsTool", "Returns latest news headlines"))
        assert names(search(index, "stock prices")) == ["stockTool"]


def test_concurrent_searches_are_thread_safe() -> None:
    with KeywordToolIndex() as index:
        for i in range(10):
            index.index_tool(SESSION, ref(f"tool{i}", f"Processes data stream number {i}"))
        with ThreadPoolExecutor(8) as pool:
            results = list(pool.map(lambda _: search(index, "stream 3"), range(32)))
        assert all(names(r)[0] == "tool3" for r in results)


def test_concurrent_indexing_loses_no_tool() -> None:
    with KeywordToolIndex() as index:

        def add(thread: int) -> None:
            index.index_tools(
                SESSION, [ref(f"tool-{thread}-{i}", f"desc {thread}") for i in range(20)]
            )

        with ThreadPoolExecutor(10) as pool:
            list(pool.map(add, range(10)))
        assert index.size(SESSION) == 200


# -- tokenizer -----------------------------------------------------------------------


def test_tokenize_splits_snake_and_camel_case() -> None:
    assert tokenize("get_current_weather") == ["get", "current", "weather"]
    assert tokenize("getCurrentWeather") == ["get", "current", "weather", "getcurrentweather"]
    assert tokenize("parseHTTPResponse") == ["parse", "http", "response", "parsehttpresponse"]
    assert tokenize("list-ec2-instances") == ["list", "ec", "2", "ec2", "instance"]


def test_tokenize_folds_case_plurals_and_drops_stop_words() -> None:
    assert tokenize("The Forecasts for all Cities") == ["forecast", "city"]
    assert tokenize("status class") == ["status", "class"]


def test_tokenize_cuts_cjk_runs_into_bigrams() -> None:
    assert tokenize("查询天气预报") == ["查询", "询天", "天气", "气预", "预报"]
    assert tokenize("税") == ["税"]
    assert tokenize("天気を調べる") == ["天気", "気を", "を調", "調べ", "べる"]
    assert tokenize("날씨 조회") == ["날씨", "조회"]
    assert tokenize("get天气data") == ["get", "天气", "data"]


def test_tokenize_handles_empty_text() -> None:
    assert tokenize("") == []
    assert tokenize("  ,;!  ") == []


# -- scoring rules -----------------------------------------------------------------


def test_words_present_in_every_tool_score_zero() -> None:
    with KeywordToolIndex() as index:
        index.index_tools(
            SESSION,
            [
                ref("get_weather", "Get the weather for a city"),
                ref("get_stock_price", "Get the price of a stock"),
                ref("get_news", "Get the latest news"),
            ],
        )
        # "get" is in every tool: it neither scores nor pulls in the other tools.
        response = search(index, "get weather")
        assert names(response) == ["get_weather"]
        only_weather = search(index, "weather").tool_references[0].relevance_score
        assert response.tool_references[0].relevance_score == pytest.approx(only_weather)


def test_rarer_words_weigh_more() -> None:
    with KeywordToolIndex() as index:
        index.index_tools(
            SESSION,
            [
                ref("a_tool", "report sales"),
                ref("b_tool", "report invoices"),
                ref("c_tool", "report sales invoices refunds"),
                ref("d_tool", "nothing relevant"),
            ],
        )
        response = search(index, "refunds report")
        # "refunds" (1 of 4 tools) outweighs "report" (3 of 4).
        assert names(response)[0] == "c_tool"


def test_a_one_tool_index_still_finds_its_tool() -> None:
    with KeywordToolIndex() as index:
        index.index_tool(SESSION, ref("currentWeather", "Get the weather in location"))
        response = search(index, "weather")
        assert names(response) == ["currentWeather"]
        assert response.tool_references[0].relevance_score == 0.0
        assert search(index, "stock price").tool_references == ()


def test_without_informative_words_names_rank_before_descriptions() -> None:
    with KeywordToolIndex() as index:
        index.index_tools(
            SESSION, [ref("helper", "Shows the weather"), ref("weather", "Shows the weather")]
        )
        assert names(search(index, "weather")) == ["weather", "helper"]


def test_no_relative_cut_off_keeps_weak_matches() -> None:
    with KeywordToolIndex() as index:
        index.index_tools(
            SESSION,
            [
                ref("get_weather", "Weather forecast for a city: temperature, wind, rain"),
                ref("list_clothing_shops", "Clothing shops in a city"),
                ref("convert_currency", "Convert money"),
            ],
        )
        assert names(search(index, "weather forecast temperature city")) == [
            "get_weather",
            "list_clothing_shops",
        ]


def test_chinese_queries_match_chinese_descriptions() -> None:
    with KeywordToolIndex() as index:
        index.index_tools(
            SESSION,
            [
                ref("get_weather", "查询指定城市的天气预报"),
                ref("list_clothing_shops", "列出指定城市的服装店"),
                ref("convert_currency", "货币汇率换算"),
            ],
        )
        assert names(search(index, "天气")) == ["get_weather"]
        assert names(search(index, "附近的服装店")) == ["list_clothing_shops"]
        assert names(search(index, "汇率")) == ["convert_currency"]


def test_category_filter_is_ignored() -> None:
    with KeywordToolIndex() as index:
        index.index_tool(SESSION, ref("weather", "Weather"))
        index.index_tool(SESSION, ref("other", "Other"))
        request = ToolSearchRequest(SESSION, "weather", None, "no-such-category")
        assert names(index.search(request)) == ["weather"]


def test_weights_are_configurable() -> None:
    with KeywordToolIndex(name_weight=0.0, description_weight=1.0) as index:
        index.index_tools(
            SESSION, [ref("weather", "Forecasts"), ref("forecast", "Weather"), ref("x", "y")]
        )
        assert names(search(index, "weather")) == ["forecast"]


@pytest.mark.parametrize(
    ("name_weight", "description_weight", "message"),
    [
        (-1.0, 1.0, "name_weight must not be negative"),
        (1.0, -0.5, "description_weight must not be negative"),
        (0.0, 0.0, "cannot both be zero"),
    ],
)
def test_bad_weights_are_rejected(
    name_weight: float, description_weight: float, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        KeywordToolIndex(name_weight, description_weight)


def test_a_query_of_only_stop_words_finds_nothing() -> None:
    with KeywordToolIndex() as index:
        index.index_tool(SESSION, ref("the_tool", "The tool for all of it"))
        index.index_tool(SESSION, ref("other", "Other"))
        assert search(index, "the of").tool_references == ()
        assert search(index, "").tool_references == ()
