"""Query: the record passed through a RAG flow (Spring's QueryTests, plus builder)."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.messages import AssistantMessage, UserMessage
from spring_ai_py.rag import Query


@pytest.mark.parametrize("text", [None, "", "   ", "\t\n  \r"])
def test_blank_text_is_rejected(text: str | None) -> None:
    with pytest.raises(ValueError, match="text cannot be null or empty"):
        Query(text)  # type: ignore[arg-type]


def test_queries_with_same_text_are_equal_and_hash_alike() -> None:
    assert Query("Same query text") == Query("Same query text")
    assert hash(Query("Same query text")) == hash(Query("Same query text"))


def test_queries_with_different_text_differ() -> None:
    assert Query("First query") != Query("Second query")
    assert hash(Query("First query")) != hash(Query("Second query"))


def test_query_is_not_equal_to_none_or_another_type() -> None:
    assert Query("Test query") != None  # noqa: E711
    assert Query("Test query") != "Test query"


def test_repr_names_the_record_and_its_text() -> None:
    text = repr(Query("Test query text"))
    assert "Query" in text and "text" in text and "Test query text" in text


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
