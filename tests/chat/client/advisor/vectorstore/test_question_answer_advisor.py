"""QuestionAnswerAdvisor (Spring's QuestionAnswerAdvisorTests) through a ChatClient, a
real SimpleVectorStore and the scripted chat model; plus the grounding test."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor.vectorstore import QuestionAnswerAdvisor
from spring_ai_py.chat.messages import AssistantMessage, MessageType, UserMessage
from spring_ai_py.chat.metadata import ChatResponseMetadata, DefaultUsage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt, PromptTemplate
from spring_ai_py.content import Media
from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore
from spring_ai_py.vectorstore.filter import FilterExpressionBuilder


class RecordingVectorStore(SimpleVectorStore):
    """A SimpleVectorStore that remembers every search request."""

    def __init__(self, *documents: Document) -> None:
        super().__init__(HashingEmbeddingModel())
        self.requests: list[SearchRequest] = []
        if documents:
            self.add(list(documents))

    def do_similarity_search(self, request: SearchRequest) -> list[Document]:
        self.requests.append(request)
        return super().do_similarity_search(request)


def _squash(text: str | None) -> str:
    return "".join((text or "").split())


def test_dynamic_filter_expression_and_metadata_copied_over() -> None:
    store = RecordingVectorStore(
        Document("doc1", {"type": "Spring"}),
        Document("doc2", {"type": "Spring"}),
        Document("doc3", {"type": "Other"}),
    )
    metadata = (
        ChatResponseMetadata.builder()
        .id("678")
        .model("model1")
        .key_value("key6", "value6")
        .usage(DefaultUsage(6, 7))
        .build()
    )
    model = ScriptedChatModel(
        ChatResponse([Generation(AssistantMessage("Your answer is ZXY"))], metadata)
    )
    advisor = (
        QuestionAnswerAdvisor.builder(store)
        .search_request(SearchRequest.builder().similarity_threshold(0.0).top_k(6).build())
        .build()
    )
    client = (
        ChatClient.builder(model)
        .default_system("Default system text.")
        .default_advisors(advisor)
        .build()
    )

    response = (
        client.prompt()
        .user("Please answer my question XYZ")
        .advisors(lambda a: a.param(QuestionAnswerAdvisor.FILTER_EXPRESSION, "type == 'Spring'"))
        .call()
        .chat_response()
    )

    assert response is not None
    assert response.get_metadata().get_model() == "model1"
    assert response.get_metadata().get_id() == "678"
    assert response.get_metadata().get_usage().get_total_tokens() == 13
    assert response.get_metadata().get("key6") == "value6"
    assert response.get_result().get_output().get_text() == "Your answer is ZXY"  # type: ignore[union-attr]
    system, user = model.last_prompt.get_instructions()
    assert system.get_message_type() is MessageType.SYSTEM
    assert system.get_text() == "Default system text."
    assert _squash(user.get_text()) == _squash(
        """Please answer my question XYZ
        Context information is below, surrounded by ---------------------
        ---------------------
        doc1
        doc2
        ---------------------
        Given the context and provided history information and not prior knowledge,
        reply to the user comment. If the answer is not in the context, inform
        the user that you can't answer the question."""
    )
    assert "doc3" not in (user.get_text() or "")
    (request,) = store.requests
    assert request.get_filter_expression() == FilterExpressionBuilder().eq("type", "Spring").build()
    assert request.get_top_k() == 6


def test_user_text_parameters_are_rendered_before_the_search() -> None:
    store = RecordingVectorStore(Document("doc1"))
    model = ScriptedChatModel("ok")
    ChatClient.builder(model).build().prompt().user(
        lambda u: u.text("Please answer my question {question}").param("question", "XYZ")
    ).advisors(QuestionAnswerAdvisor.builder(store).build()).call().content()
    user_text = model.last_prompt.get_instructions()[0].get_text() or ""
    assert "{question}" not in user_text and "Please answer my question XYZ" in user_text
    assert store.requests[0].get_query() == "Please answer my question XYZ"


def test_parameterized_user_message_from_a_prompt_template() -> None:
    store = RecordingVectorStore(Document("doc1"))
    model = ScriptedChatModel("ok")
    message = (
        PromptTemplate.builder()
        .template("Please answer my question {question}")
        .variables({"question": "XYZ"})
        .build()
        .create_message()
    )
    ChatClient.builder(model).build().prompt(Prompt(message)).advisors(
        QuestionAnswerAdvisor.builder(store).build()
    ).call().content()
    assert store.requests[0].get_query() == "Please answer my question XYZ"
    assert "Please answer my question XYZ" in (
        model.last_prompt.get_instructions()[0].get_text() or ""
    )


def test_complex_filter_text_is_parsed() -> None:
    store = RecordingVectorStore(Document("doc1", {"type": "Documentation", "status": "Published"}))
    client = (
        ChatClient.builder(ScriptedChatModel("ok"))
        .default_advisors(
            QuestionAnswerAdvisor.builder(store)
            .search_request(SearchRequest.builder().top_k(10).build())
            .build()
        )
        .build()
    )
    client.prompt().user("Complex query").advisors(
        lambda a: a.param(
            QuestionAnswerAdvisor.FILTER_EXPRESSION,
            "type == 'Documentation' AND status == 'Published'",
        )
    ).call().content()
    b = FilterExpressionBuilder()
    assert (
        store.requests[0].get_filter_expression()
        == b.and_(b.eq("type", "Documentation"), b.eq("status", "Published")).build()
    )


def test_configured_filter_applies_without_a_param_and_blank_param_falls_back() -> None:
    store = RecordingVectorStore(Document("a", {"lang": "en"}))
    advisor = QuestionAnswerAdvisor(
        store, SearchRequest.builder().filter_expression("lang == 'en'").build()
    )
    client = ChatClient.builder(ScriptedChatModel("1", "2")).default_advisors(advisor).build()
    client.prompt().user("q").call().content()
    client.prompt().user("q").advisors(
        lambda a: a.param(QuestionAnswerAdvisor.FILTER_EXPRESSION, " ")
    ).call().content()
    expected = FilterExpressionBuilder().eq("lang", "en").build()
    assert [r.get_filter_expression() for r in store.requests] == [expected, expected]


def test_similarity_threshold_and_top_k_reach_the_store() -> None:
    store = RecordingVectorStore(Document("relevant doc"))
    advisor = (
        QuestionAnswerAdvisor.builder(store)
        .search_request(SearchRequest.builder().similarity_threshold(0.95).top_k(3).build())
        .build()
    )
    ChatClient.builder(ScriptedChatModel("ok")).default_advisors(advisor).build().prompt().user(
        "Specific question requiring high similarity"
    ).call().content()
    assert store.requests[0].get_similarity_threshold() == 0.95
    assert store.requests[0].get_top_k() == 3


def test_documents_with_metadata_contribute_their_text() -> None:
    store = RecordingVectorStore(
        Document("First document content", {"source": "wiki", "author": "John"}),
        Document("Second document content", {"source": "manual", "version": "2.1"}),
    )
    model = ScriptedChatModel("ok")
    ChatClient.builder(model).default_advisors(
        QuestionAnswerAdvisor.builder(store)
        .search_request(SearchRequest.builder().top_k(2).build())
        .build()
    ).build().prompt().user("Question about documents with metadata").call().content()
    text = model.last_prompt.get_instructions()[0].get_text() or ""
    assert "First document content" in text and "Second document content" in text
    assert "wiki" not in text


def test_builder_validation() -> None:
    with pytest.raises(ValueError, match="vector_store must not be null"):
        QuestionAnswerAdvisor.builder(None)  # type: ignore[arg-type]
    store = RecordingVectorStore()
    with pytest.raises(ValueError, match="search_request must not be null"):
        QuestionAnswerAdvisor.builder(store).search_request(None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="prompt_template cannot be null"):
        QuestionAnswerAdvisor.builder(store).prompt_template(None)  # type: ignore[arg-type]
    advisor = QuestionAnswerAdvisor.builder(store).build()
    assert advisor.get_order() == QuestionAnswerAdvisor.DEFAULT_ORDER == 0


def test_zero_top_k_still_answers_and_reports_no_documents() -> None:
    store = RecordingVectorStore(Document("doc"))
    client = (
        ChatClient.builder(ScriptedChatModel("Zero docs response"))
        .default_advisors(
            QuestionAnswerAdvisor.builder(store)
            .search_request(SearchRequest.builder().top_k(0).build())
            .build()
        )
        .build()
    )
    response = client.prompt().user("Question with zero topK").call().chat_client_response()
    assert store.requests[0].get_top_k() == 0
    assert response.context[QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS] == []


def test_retrieved_documents_are_in_response_context_and_metadata() -> None:
    store = RecordingVectorStore(Document("alpha fact"))
    client = (
        ChatClient.builder(ScriptedChatModel("ok"))
        .default_advisors(QuestionAnswerAdvisor(store))
        .build()
    )
    response = client.prompt().user("alpha").call().chat_client_response()
    documents = response.context[QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS]
    assert [d.get_text() for d in documents] == ["alpha fact"]
    assert response.chat_response is not None
    assert (
        response.chat_response.get_metadata().get(QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS)
        == documents
    )


def test_empty_retrieval_injects_the_template_by_default_as_spring() -> None:
    model = ScriptedChatModel("I can't answer that.")
    client = (
        ChatClient.builder(model)
        .default_advisors(QuestionAnswerAdvisor(RecordingVectorStore()))
        .build()
    )
    client.prompt().user("Write a short poem about spring").call().content()
    text = model.last_prompt.get_user_message().get_text() or ""
    assert text.startswith("Write a short poem about spring\n\nContext information is below")
    assert "---------------------\n\n---------------------" in text


def test_empty_retrieval_with_inject_when_empty_false_leaves_the_question() -> None:
    model = ScriptedChatModel("Blossoms wake...")
    advisor = QuestionAnswerAdvisor.builder(RecordingVectorStore()).inject_when_empty(False).build()
    response = (
        ChatClient.builder(model)
        .default_advisors(advisor)
        .build()
        .prompt()
        .user("Write a short poem about spring")
        .call()
        .chat_client_response()
    )
    assert model.last_prompt.get_user_message().get_text() == "Write a short poem about spring"
    assert response.context[QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS] == []


def test_inject_when_empty_false_still_injects_found_documents() -> None:
    model = ScriptedChatModel("ok")
    advisor = QuestionAnswerAdvisor(
        RecordingVectorStore(Document("found")), inject_when_empty=False
    )
    ChatClient.builder(model).default_advisors(advisor).build().prompt().user(
        "found?"
    ).call().content()
    assert "Context information is below" in (model.last_prompt.get_user_message().get_text() or "")


def test_custom_prompt_template() -> None:
    model = ScriptedChatModel("ok")
    advisor = (
        QuestionAnswerAdvisor.builder(RecordingVectorStore(Document("the fact")))
        .prompt_template(PromptTemplate("Q: {query}\nFacts: {question_answer_context}"))
        .build()
    )
    ChatClient.builder(model).default_advisors(advisor).build().prompt().user(
        "why?"
    ).call().content()
    assert model.last_prompt.get_user_message().get_text() == "Q: why?\nFacts: the fact"


def test_media_on_the_user_message_is_kept() -> None:
    media = Media("image/png", b"\x89PNG")
    request = ChatClientRequest(Prompt(UserMessage("what is this?", media=[media])), {})
    augmented = QuestionAnswerAdvisor(RecordingVectorStore(Document("a picture"))).before(
        request, None
    )
    user = augmented.prompt.get_user_message()
    assert isinstance(user, UserMessage) and user.get_media() == [media]
    assert (user.get_text() or "").startswith("what is this?")


def test_stream_path_augments_and_reports_documents() -> None:
    model = ScriptedChatModel("streamed answer here")
    client = (
        ChatClient.builder(model)
        .default_advisors(QuestionAnswerAdvisor(RecordingVectorStore(Document("doc"))))
        .build()
    )
    responses = list(client.prompt().user("doc?").stream().chat_client_response())
    assert "doc" in (model.last_prompt.get_user_message().get_text() or "")
    final = responses[-1].chat_response
    assert final is not None and final.get_metadata().get(QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS)


def test_scheduler_setting_and_after_without_response() -> None:
    with ThreadPoolExecutor(max_workers=1) as pool:
        advisor = (
            QuestionAnswerAdvisor.builder(RecordingVectorStore()).scheduler(pool).order(5).build()
        )
        assert advisor.get_scheduler() is pool and advisor.get_order() == 5
    documents = [Document("d")]
    response = advisor.after(
        ChatClientResponse(None, {QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS: documents}), None
    )
    assert response.chat_response is not None
    assert (
        response.chat_response.get_metadata().get(QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS)
        == documents
    )


# -- grounding ------------------------------------------------------------------------

# Invented facts: no model can know them, so an answer containing them can only come
# from retrieval.
NIMBUS_CORPUS = [
    Document(
        "The Nimbus-7 coffee machine must be descaled every 42 days.", {"product": "nimbus-7"}
    ),
    Document(
        "Descale the Nimbus-7 with citric acid at pH 3.2, never with vinegar.",
        {"product": "nimbus-7"},
    ),
    Document(
        "The Zephyr kettle's warranty lasts 19 months from the date of purchase.",
        {"product": "zephyr"},
    ),
    Document(
        "Quorvan lighthouses are painted teal because teal reflects fog-light best.",
        {"product": "quorvan"},
    ),
]


def test_grounding_the_augmented_prompt_carries_the_retrieved_invented_facts() -> None:
    store = SimpleVectorStore(HashingEmbeddingModel())
    store.add(NIMBUS_CORPUS)
    model = ScriptedChatModel("Every 42 days, with citric acid at pH 3.2.")
    advisor = (
        QuestionAnswerAdvisor.builder(store)
        .search_request(SearchRequest.builder().top_k(2).build())
        .build()
    )
    client = ChatClient.builder(model).default_advisors(advisor).build()

    answer = (
        client.prompt()
        .user("How often must the Nimbus-7 be descaled, and with what?")
        .call()
        .content()
    )

    sent = model.last_prompt.get_user_message().get_text() or ""
    assert "every 42 days" in sent
    assert "citric acid at pH 3.2" in sent
    assert "Zephyr" not in sent and "Quorvan" not in sent
    assert "not prior knowledge" in sent
    assert answer == "Every 42 days, with citric acid at pH 3.2."


def test_grounding_control_without_the_advisor_the_prompt_has_no_facts() -> None:
    model = ScriptedChatModel("I don't know.")
    ChatClient.builder(model).build().prompt().user(
        "How often must the Nimbus-7 be descaled?"
    ).call().content()
    assert "42" not in model.last_prompt.get_contents()


def test_grounding_filter_restricts_the_facts_to_one_product() -> None:
    store = SimpleVectorStore(HashingEmbeddingModel())
    store.add(NIMBUS_CORPUS)
    model = ScriptedChatModel("19 months")
    client = ChatClient.builder(model).default_advisors(QuestionAnswerAdvisor(store)).build()
    client.prompt().user("How long is the warranty?").advisors(
        lambda a: a.param(QuestionAnswerAdvisor.FILTER_EXPRESSION, "product == 'zephyr'")
    ).call().content()
    sent = model.last_prompt.get_user_message().get_text() or ""
    assert "19 months" in sent and "Nimbus-7" not in sent


def test_filter_expression_object_as_advisor_param() -> None:
    store = RecordingVectorStore(Document("a", {"lang": "en"}), Document("b", {"lang": "nl"}))
    expression = FilterExpressionBuilder().eq("lang", "nl").build()
    request = ChatClientRequest(Prompt("q"), {QuestionAnswerAdvisor.FILTER_EXPRESSION: expression})
    augmented = QuestionAnswerAdvisor(store).before(request, None)
    assert [d.get_text() for d in augmented.context[QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS]] == [
        "b"
    ]
    assert store.requests[0].get_filter_expression() == expression
