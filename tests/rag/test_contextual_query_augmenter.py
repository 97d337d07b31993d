"""Port of Spring AI 2.0.1
`org.springframework.ai.rag.generation.augmentation.ContextualQueryAugmenterTests`:
7 tests ported, 0 skipped; plus the default templates and formatter."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.document import Document
from spring_ai_py.rag import Query
from spring_ai_py.rag.generation.augmentation import ContextualQueryAugmenter, QueryAugmenter


def _missing_placeholder(template: str) -> str:
    with pytest.raises(
        ValueError, match="The following placeholders must be present in the prompt template"
    ) as error:
        ContextualQueryAugmenter.builder().prompt_template(PromptTemplate(template)).build()
    return str(error.value)


def test_when_prompt_has_missing_context_placeholder_then_throw() -> None:
    assert "context" in _missing_placeholder("You are the boss. Query: {query}")


def test_when_prompt_has_missing_query_placeholder_then_throw() -> None:
    assert "query" in _missing_placeholder("You are the boss. Context: {context}")


def test_when_query_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="query cannot be null"):
        ContextualQueryAugmenter().augment(None, [])  # type: ignore[arg-type]


def test_when_documents_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="documents cannot be null"):
        ContextualQueryAugmenter().augment(Query("test query"), None)  # type: ignore[arg-type]


def test_when_documents_is_empty_and_allow_empty_context_then_return_original_query() -> None:
    augmenter: QueryAugmenter = ContextualQueryAugmenter.builder().allow_empty_context(True).build()
    query = Query("test query", context={"k": "v"})
    assert augmenter.augment(query, []) is query


def test_when_documents_is_empty_and_not_allow_empty_context_then_return_augmented_query_with_custom_template() -> (
    None
):
    template = PromptTemplate("No context available.")
    augmenter = ContextualQueryAugmenter.builder().empty_context_prompt_template(template).build()
    assert augmenter.augment(Query("test query"), []).text == "No context available."


def test_empty_context_by_default_tells_the_model_to_decline() -> None:
    augmented = ContextualQueryAugmenter().augment(Query("test query"), [])
    assert augmented.text == (
        "The user query is outside your knowledge base.\n"
        "Politely inform the user that you can't answer it.\n"
    )


def test_when_documents_are_provided_then_return_augmented_query_with_custom_template() -> None:
    template = PromptTemplate("Context:\n{context}\nQuery:\n{query}\n")
    augmenter = ContextualQueryAugmenter.builder().prompt_template(template).build()
    documents = [Document("content1", {}), Document("content2", {})]
    augmented = augmenter.augment(Query("test query"), documents)
    assert augmented.text == "Context:\ncontent1\ncontent2\nQuery:\ntest query\n"


def test_documents_fill_the_default_template() -> None:
    augmented = ContextualQueryAugmenter().augment(Query("q?"), [Document("fact one")])
    assert "---------------------\nfact one\n---------------------" in augmented.text
    assert augmented.text.endswith("Query: q?\n\nAnswer:\n")


def test_custom_document_formatter_shapes_the_context() -> None:
    augmenter = (
        ContextualQueryAugmenter.builder()
        .document_formatter(
            lambda documents: " | ".join(
                f"[{d.get_metadata()['n']}] {d.get_text()}" for d in documents
            )
        )
        .build()
    )
    documents = [Document("a", {"n": 1}), Document("b", {"n": 2})]
    assert "[1] a | [2] b" in augmenter.augment(Query("q"), documents).text


def test_augmenter_is_callable() -> None:
    augmenter = ContextualQueryAugmenter(allow_empty_context=True)
    query = Query("q")
    assert augmenter(query, []) is query and augmenter.apply(query, []) is query
