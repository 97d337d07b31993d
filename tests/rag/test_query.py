"""Port of Spring AI 2.0.1 `org.springframework.ai.rag.QueryTests`: 9 tests ported,
0 skipped; plus history, context and the builder."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import AssistantMessage, UserMessage
from spring_ai_py.rag import Query


def test_when_text_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="text cannot be null or empty"):
        Query(None)  # type: ignore[arg-type]


def test_when_text_is_empty_then_throw() -> None:
    with pytest.raises(ValueError, match="text cannot be null or empty"):
        Query("")


def test_when_text_is_blank_then_throw() -> None:
    with pytest.raises(ValueError, match="text cannot be null or empty"):
        Query("   ")


def test_when_text_is_tabs_and_spaces_then_throw() -> None:
    with pytest.raises(ValueError, match="text cannot be null or empty"):
        Query("\t\n  \r")


def test_when_multiple_queries_with_same_text_then_equal() -> None:
    assert Query("Same query text") == Query("Same query text")
    assert hash(Query("Same query text")) == hash(Query("Same query text"))


def test_when_queries_with_different_text_then_not_equal() -> None:
    assert Query("First query") != Query("Second query")
    assert hash(Query("First query")) != hash(Query("Second query"))


def test_when_compare_query_to_null_then_not_equal() -> None:
    assert Query("Test query") != None  # noqa: E711


def test_when_compare_query_to_different_type_then_not_equal() -> None:
    assert Query("Test query") != "Test query"


def test_to_string_returns_expected_format() -> None:
    text = repr(Query("Test query text"))
    assert "Query" in text and "text" in text and "Test query text" in text


# -- the port's extras ----------------------------------------------------------------


def test_history_and_context_take_part_in_equality() -> None:
    assert Query("q", [UserMessage("hi")]) != Query("q")
    assert Query("q", context={"k": 1}) != Query("q", context={"k": 2})
    assert Query("q", [UserMessage("hi")], {"k": 1}) == Query("q", [UserMessage("hi")], {"k": 1})


def test_query_with_unhashable_context_can_key_a_dict() -> None:
    query = Query("q", context={"documents": [1, 2]})
    assert {query: "found"}[Query("q", context={"documents": [1, 2]})] == "found"


def test_query_copies_history_and_context() -> None:
    history = [UserMessage("hi")]
    context = {"k": "v"}
    query = Query("q", history, context)
    history.append(AssistantMessage("later"))
    context["k"] = "changed"
    assert query.history == [UserMessage("hi")]
    assert query.context == {"k": "v"}


def test_null_history_elements_and_null_context_keys_are_rejected() -> None:
    with pytest.raises(ValueError, match="history elements cannot be null"):
        Query("q", [UserMessage("hi"), None])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="context keys cannot be null"):
        Query("q", context={None: 1})  # type: ignore[dict-item]


def test_builder_takes_history_as_list_or_varargs() -> None:
    first, second = UserMessage("a"), AssistantMessage("b")
    from_list = Query.builder().text("q").history([first, second]).build()
    from_varargs = Query.builder().text("q").history(first, second).build()
    single = Query.builder().text("q").history(first).build()
    assert from_list.history == from_varargs.history == [first, second]
    assert single.history == [first]


def test_builder_without_text_is_rejected() -> None:
    with pytest.raises(ValueError, match="text cannot be null or empty"):
        Query.builder().build()


def test_mutate_keeps_history_and_context() -> None:
    original = Query("q", [UserMessage("hi")], {"tenant": "acme"})
    changed = original.mutate().text("other").build()
    assert changed == Query("other", [UserMessage("hi")], {"tenant": "acme"})
    assert original.text == "q"


def test_query_is_immutable() -> None:
    query = Query("q")
    with pytest.raises(AttributeError):
        query.text = "other"  # type: ignore[misc]
