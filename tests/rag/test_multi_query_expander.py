"""Port of Spring AI 2.0.1
`org.springframework.ai.rag.preretrieval.query.expansion.MultiQueryExpanderTests`:
11 tests ported, 0 skipped; plus the expansion itself, run against the scripted chat
model (Spring mocks the ChatClient.Builder; here the builder is real, so the tests also
check which prompt was sent). Spring's IllegalStateException is a RuntimeError."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag import Query
from spring_ai_py.rag.preretrieval.query.expansion import MultiQueryExpander, QueryExpander
from spring_ai_py.test import ScriptedChatModel


def _expander(model: ScriptedChatModel | None = None, **settings: object) -> MultiQueryExpander:
    builder = MultiQueryExpander.builder().chat_client_builder(
        ChatClient.builder(model or ScriptedChatModel())
    )
    for name, value in settings.items():
        getattr(builder, name)(value)
    return builder.build()


def _missing_placeholder(template: str) -> str:
    with pytest.raises(
        ValueError, match="The following placeholders must be present in the prompt template"
    ) as error:
        _expander(prompt_template=PromptTemplate(template))
    return str(error.value)


def test_when_chat_client_builder_is_null_then_throw() -> None:
    with pytest.raises(RuntimeError, match="chat_client_builder cannot be null"):
        MultiQueryExpander.builder().chat_client_builder(None).build()


def test_when_query_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="query cannot be null"):
        _expander().expand(None)  # type: ignore[arg-type]


def test_when_prompt_has_missing_number_placeholder_then_throw() -> None:
    assert _missing_placeholder("You are the boss. Original query: {query}").endswith("number")


def test_when_prompt_has_missing_query_placeholder_then_throw() -> None:
    assert _missing_placeholder("You are the boss. Number of queries: {number}").endswith("query")


def test_when_builder_is_null_then_throw() -> None:
    with pytest.raises(RuntimeError, match="chat_client_builder cannot be null"):
        MultiQueryExpander.builder().build()


def test_when_prompt_template_is_null_then_use_default() -> None:
    model = ScriptedChatModel("a\nb\nc")
    _expander(model, prompt_template=None).expand(Query("q"))
    assert "Your task is to generate 3 different versions" in (
        model.last_prompt.get_user_message().get_text() or ""
    )


def test_when_prompt_template_has_both_placeholders_then_build() -> None:
    model = ScriptedChatModel("a\nb\nc")
    _expander(
        model, prompt_template=PromptTemplate("Generate {number} variations of: {query}")
    ).expand(Query("q"))
    assert model.last_prompt.get_user_message().get_text() == "Generate 3 variations of: q"


def test_when_prompt_template_has_extra_placeholders_then_build() -> None:
    assert _expander(
        prompt_template=PromptTemplate(
            "Generate {number} variations of: {query}. Context: {context}"
        )
    )


def test_when_builder_set_multiple_times_then_use_last_value() -> None:
    first, second = ScriptedChatModel(), ScriptedChatModel("x\ny\nz")
    expander = (
        MultiQueryExpander.builder()
        .chat_client_builder(ChatClient.builder(first))
        .chat_client_builder(ChatClient.builder(second))
        .build()
    )
    expander.expand(Query("q"))
    assert not first.prompts and len(second.prompts) == 1


def test_when_prompt_template_set_to_null_after_valid_template_then_use_default() -> None:
    model = ScriptedChatModel("x\ny\nz")
    (
        MultiQueryExpander.builder()
        .chat_client_builder(ChatClient.builder(model))
        .prompt_template(PromptTemplate("Config: {number} values for {query}"))
        .prompt_template(None)
        .build()
        .expand(Query("q"))
    )
    assert "Your task is to generate 3 different versions" in (
        model.last_prompt.get_user_message().get_text() or ""
    )


def test_when_prompt_template_has_placeholders_in_different_case_then_throw() -> None:
    assert _missing_placeholder("Generate {NUMBER} variations of: {QUERY}").endswith("number,query")


# -- the port's extras ----------------------------------------------------------------


def test_expands_into_the_original_and_the_variants_keeping_history_and_context() -> None:
    model = ScriptedChatModel("variant one\nvariant two\nvariant three\n")
    expander: QueryExpander = _expander(model)
    original = Query("How to run a Spring Boot app?", [UserMessage("hi")], {"tenant": "acme"})
    queries = expander.expand(original)
    assert [q.text for q in queries] == [
        original.text,
        "variant one",
        "variant two",
        "variant three",
    ]
    assert all(q.history == original.history and q.context == original.context for q in queries)
    assert "Original query: How to run a Spring Boot app?" in (
        model.last_prompt.get_user_message().get_text() or ""
    )


def test_without_the_original_and_with_a_custom_number() -> None:
    queries = _expander(ScriptedChatModel("a\nb"), include_original=False, number_of_queries=2)(
        Query("q")
    )
    assert [q.text for q in queries] == ["a", "b"]


@pytest.mark.parametrize("answer", ["only one", "a\nb\nc\nd", ""])
def test_wrong_number_of_variants_returns_the_query_alone(answer: str) -> None:
    original = Query("q")
    assert _expander(ScriptedChatModel(answer)).expand(original) == [original]


def test_blank_variant_lines_are_dropped() -> None:
    queries = _expander(ScriptedChatModel("a\n  \nc"), include_original=False).expand(Query("q"))
    assert [q.text for q in queries] == ["a", "c"]
