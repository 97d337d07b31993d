"""Port of Spring AI 2.0.1 `org.springframework.ai.vectorstore.filter.SearchRequestTests`:
7 tests ported, 0 skipped; plus bad input and value semantics."""

from __future__ import annotations

import pytest

from spring_ai_py.vectorstore import SearchRequest
from spring_ai_py.vectorstore.filter import (
    Expression,
    ExpressionType,
    FilterExpressionBuilder,
    FilterExpressionParseException,
    Key,
    Value,
)


def _check_defaults(request: SearchRequest) -> None:
    assert request.get_filter_expression() is None
    assert not request.has_filter_expression()
    assert (
        request.get_similarity_threshold() == SearchRequest.SIMILARITY_THRESHOLD_ACCEPT_ALL == 0.0
    )
    assert request.get_top_k() == SearchRequest.DEFAULT_TOP_K == 4


def test_create_defaults() -> None:
    request = SearchRequest.builder().build()
    assert request.get_query() == ""
    _check_defaults(request)
    _check_defaults(SearchRequest())


def test_create_query() -> None:
    query = SearchRequest.builder().query("New Query").build()
    assert query.get_query() == "New Query"
    _check_defaults(query)


def test_create_from() -> None:
    original = (
        SearchRequest.builder()
        .query("New Query")
        .top_k(696)
        .similarity_threshold(0.678)
        .filter_expression("country == 'NL'")
        .build()
    )
    copy = SearchRequest.from_(original).build()
    assert copy is not original
    assert copy == original
    assert copy.get_filter_expression() == Expression(
        ExpressionType.EQ, Key("country"), Value("NL")
    )
    assert original.get_query() == "New Query"


def test_query_string() -> None:
    empty = SearchRequest.builder().build()
    assert empty.get_query() == ""
    assert SearchRequest.from_(empty).query("New Query").build().get_query() == "New Query"


def test_similarity_threshold() -> None:
    request = SearchRequest.builder().query("Test").similarity_threshold(0.678).build()
    assert request.get_similarity_threshold() == 0.678
    assert (
        SearchRequest.from_(request).similarity_threshold(0.9).build().get_similarity_threshold()
        == 0.9
    )
    assert (
        SearchRequest.from_(request).similarity_threshold_all().build().get_similarity_threshold()
        == 0.0
    )
    assert SearchRequest.builder().similarity_threshold(1).build().get_similarity_threshold() == 1.0


@pytest.mark.parametrize("bad", [-1, 1.1, -0.0001, 2.0])
def test_threshold_out_of_range_fails_at_the_setter(bad: float) -> None:
    with pytest.raises(ValueError, match=r"Similarity threshold must be in \[0,1\] range\."):
        SearchRequest.builder().similarity_threshold(bad)
    with pytest.raises(ValueError, match=r"Similarity threshold must be in \[0,1\] range\."):
        SearchRequest(similarity_threshold=bad)


def test_top_k() -> None:
    request = SearchRequest.builder().query("Test").top_k(66).build()
    assert request.get_top_k() == 66
    assert SearchRequest.from_(request).top_k(89).build().get_top_k() == 89
    assert SearchRequest.builder().top_k(0).build().get_top_k() == 0
    with pytest.raises(ValueError, match=r"top_k should be positive\."):
        SearchRequest.from_(request).top_k(-1)
    with pytest.raises(ValueError, match=r"top_k should be positive\."):
        SearchRequest(top_k=-1)


def test_query_must_not_be_none() -> None:
    with pytest.raises(ValueError, match=r"Query can not be null\."):
        SearchRequest.builder().query(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"Query can not be null\."):
        SearchRequest(query=None)  # type: ignore[arg-type]


def test_filter_expression() -> None:
    request = (
        SearchRequest.builder()
        .query("Test")
        .filter_expression("country == 'BG' && year >= 2022")
        .build()
    )
    assert request.get_filter_expression() == Expression(
        ExpressionType.AND,
        Expression(ExpressionType.EQ, Key("country"), Value("BG")),
        Expression(ExpressionType.GTE, Key("year"), Value(2022)),
    )
    assert request.has_filter_expression()

    active = SearchRequest.from_(request).filter_expression("active == true").build()
    assert active.get_filter_expression() == Expression(
        ExpressionType.EQ, Key("active"), Value(True)
    )

    built = (
        SearchRequest.from_(request)
        .filter_expression(FilterExpressionBuilder().eq("country", "NL").build())
        .build()
    )
    assert built.get_filter_expression() == Expression(
        ExpressionType.EQ, Key("country"), Value("NL")
    )

    cleared = SearchRequest.from_(request).filter_expression(None).build()
    assert cleared.get_filter_expression() is None
    assert not cleared.has_filter_expression()

    with pytest.raises(
        FilterExpressionParseException, match="Error: no viable alternative at input 'FooBar'"
    ):
        SearchRequest.from_(request).filter_expression("FooBar")

    keyword = SearchRequest(query="q", filter_expression="a == 1")
    assert keyword.get_filter_expression() == Expression(ExpressionType.EQ, Key("a"), Value(1))


def test_requests_are_immutable_values() -> None:
    request = SearchRequest(query="q", top_k=2)
    with pytest.raises(AttributeError):
        request.top_k = 3  # type: ignore[misc]
    assert request == SearchRequest.builder().query("q").top_k(2).build()
    assert hash(request) == hash(SearchRequest(query="q", top_k=2))
    assert request.mutate().build() == request
