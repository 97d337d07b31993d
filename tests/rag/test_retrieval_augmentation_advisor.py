"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.advisor.RetrievalAugmentationAdvisorTests`: 3 tests
ported, 0 skipped; plus the whole modular flow, end to end through a ChatClient and the
scripted chat model (Spring mocks the model and the retriever)."""

from __future__ import annotations

import contextvars
import threading
from collections.abc import Mapping
from concurrent.futures import ThreadPoolExecutor

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.rag import Query
from spring_ai_py.rag.advisor import RetrievalAugmentationAdvisor
from spring_ai_py.rag.generation.augmentation import ContextualQueryAugmenter
from spring_ai_py.rag.postretrieval.document import DocumentPostProcessor
from spring_ai_py.rag.preretrieval.query.expansion import MultiQueryExpander, QueryExpander
from spring_ai_py.rag.preretrieval.query.transformation import (
    QueryTransformer,
    RewriteQueryTransformer,
)
from spring_ai_py.rag.retrieval.join import ConcatenationDocumentJoiner, DocumentJoiner
from spring_ai_py.rag.retrieval.search import DocumentRetriever, VectorStoreDocumentRetriever
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.vectorstore import SimpleVectorStore


class FixedRetriever(DocumentRetriever):
    """Returns the same documents for every query and records the queries."""

    def __init__(self, documents: list[Document]) -> None:
        self.documents = documents
        self.queries: list[Query] = []

    def retrieve(self, query: Query) -> list[Document]:
        self.queries.append(query)
        return list(self.documents)


class Suffix(QueryTransformer):
    def __init__(self, suffix: str) -> None:
        self.suffix = suffix

    def transform(self, query: Query) -> Query:
        return query.mutate().text(query.text + self.suffix).build()


class Variants(QueryExpander):
    def __init__(self, *texts: str) -> None:
        self.texts = texts
        self.received: list[Query] = []

    def expand(self, query: Query) -> list[Query]:
        self.received.append(query)
        return [query.mutate().text(text).build() for text in self.texts]


def test_when_query_transformers_contain_null_elements_then_throw() -> None:
    with pytest.raises(ValueError, match="query_transformers cannot contain null elements"):
        RetrievalAugmentationAdvisor.builder().query_transformers(
            Suffix("!"), None
        ).document_retriever(FixedRetriever([])).build()


def test_when_document_retriever_is_null_then_throw() -> None:
    with pytest.raises(RuntimeError, match="document_retriever cannot be null"):
        RetrievalAugmentationAdvisor.builder().document_retriever(None).build()


def test_the_one_with_the_document_retriever() -> None:
    model = ScriptedChatModel("Felix Felicis")
    documents = [
        Document.builder().id("1").text("doc1").build(),
        Document.builder().id("2").text("doc2").build(),
    ]
    retriever = FixedRetriever(documents)
    advisor = RetrievalAugmentationAdvisor.builder().document_retriever(retriever).build()
    client = (
        ChatClient.builder(model)
        .default_advisors(advisor)
        .default_system("You are a wizard!")
        .build()
    )

    chat_response = (
        client.prompt()
        .user(
            lambda u: (
                u.text("What would I get if I added {ingredient1} to {ingredient2}?")
                .param("ingredient1", "a pinch of Moonstone")
                .param("ingredient2", "a dash of powdered Gold")
            )
        )
        .call()
        .chat_response()
    )

    assert chat_response is not None
    assert chat_response.get_result().get_output().get_text() == "Felix Felicis"  # type: ignore[union-attr]
    assert (
        chat_response.get_metadata().get(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT) == documents
    )
    (query,) = retriever.queries
    assert (
        query.text == "What would I get if I added a pinch of Moonstone to a dash of powdered Gold?"
    )
    prompt = model.last_prompt
    assert prompt.get_system_message().get_text() == "You are a wizard!"
    assert (
        "Context information is below.\n\n"
        "---------------------\n"
        "doc1\n"
        "doc2\n"
        "---------------------\n\n"
        "Given the context information and no prior knowledge, answer the query.\n\n"
        "Follow these rules:\n\n"
        "1. If the answer is not in the context, just say that you don't know.\n"
        '2. Avoid statements like "Based on the context..." or "The provided information...".\n\n'
        "Query: What would I get if I added a pinch of Moonstone to a dash of powdered Gold?\n\n"
        "Answer:\n"
    ) in prompt.get_contents()


# -- the port's extras ----------------------------------------------------------------


def test_null_post_processor_elements_are_rejected() -> None:
    with pytest.raises(ValueError, match="document_post_processors cannot contain null elements"):
        RetrievalAugmentationAdvisor(FixedRetriever([]), document_post_processors=[None])  # type: ignore[list-item]


def test_constructor_without_a_document_retriever_is_rejected() -> None:
    with pytest.raises(ValueError, match="document_retriever cannot be null"):
        RetrievalAugmentationAdvisor(None)  # type: ignore[arg-type]


def test_query_carries_history_and_advisor_context() -> None:
    retriever = FixedRetriever([Document("d")])
    client = ChatClient.builder(ScriptedChatModel("ok")).default_system("sys").build()
    client.prompt().user("question").advisors(lambda a: a.param("tenant", "acme")).advisors(
        RetrievalAugmentationAdvisor(retriever)
    ).call().content()
    (query,) = retriever.queries
    assert query.context["tenant"] == "acme"
    assert [m.get_text() for m in query.history] == ["sys", "question"]


class RecordingJoiner(DocumentJoiner):
    def __init__(self) -> None:
        self.inputs: list[dict[Query, list[list[Document]]]] = []
        self.outputs: list[list[Document]] = []

    def join(self, documents_for_query: Mapping[Query, list[list[Document]]]) -> list[Document]:
        self.inputs.append(dict(documents_for_query))
        self.outputs.append(ConcatenationDocumentJoiner().join(documents_for_query))
        return self.outputs[-1]


class KeepFirst(DocumentPostProcessor):
    def __init__(self) -> None:
        self.seen: list[Query] = []

    def process(self, query: Query, documents: list[Document]) -> list[Document]:
        self.seen.append(query)
        return documents[:1]


def test_the_modular_flow_runs_every_stage_in_order() -> None:
    store = SimpleVectorStore(HashingEmbeddingModel())
    store.add(
        [Document("wizards brew potions"), Document("dragons hoard gold"), Document("elves sing")]
    )
    joiner = RecordingJoiner()
    post_processor = KeepFirst()
    expander = Variants("dragons gold", "wizards potions", "dragons gold")
    advisor = (
        RetrievalAugmentationAdvisor.builder()
        .query_transformers(Suffix(" one"), Suffix(" two"))
        .query_expander(expander)
        .document_retriever(VectorStoreDocumentRetriever(store, top_k=1))
        .document_joiner(joiner)
        .document_post_processors(post_processor)
        .query_augmenter(
            ContextualQueryAugmenter(prompt_template=_template("{context} || {query}"))
        )
        .build()
    )
    model = ScriptedChatModel("answer")
    ChatClient.builder(model).default_advisors(advisor).build().prompt().user(
        "what?"
    ).call().content()

    assert [q.text for q in expander.received] == ["what? one two"]
    (documents_for_query,) = joiner.inputs
    assert [q.text for q in documents_for_query] == ["dragons gold", "wizards potions"]
    # Equal expanded queries share one entry, with one document list per retrieval.
    assert [len(lists) for lists in documents_for_query.values()] == [2, 1]
    # Post-processors and the augmenter see the original query, not the transformed one.
    assert [q.text for q in post_processor.seen] == ["what?"]
    (joined,) = joiner.outputs
    assert sorted(d.get_text() or "" for d in joined) == [
        "dragons hoard gold",
        "wizards brew potions",
    ]
    assert model.last_prompt.get_user_message().get_text() == f"{joined[0].get_text()} || what?"


def _template(text: str) -> object:
    from spring_ai_py.chat.prompt import PromptTemplate

    return PromptTemplate(text)


class BarrierRetriever(DocumentRetriever):
    """Every retrieval waits until ``parties`` retrievals run at the same time."""

    def __init__(self, parties: int) -> None:
        self.barrier = threading.Barrier(parties, timeout=30)
        self.threads: set[str] = set()
        self.seen_values: list[str] = []

    def retrieve(self, query: Query) -> list[Document]:
        self.barrier.wait()
        self.threads.add(threading.current_thread().name)
        self.seen_values.append(_request_id.get("unset"))
        return [Document(query.text + " result")]


_request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id")


def test_expanded_queries_are_retrieved_concurrently_in_the_callers_context() -> None:
    retriever = BarrierRetriever(3)
    advisor = RetrievalAugmentationAdvisor(retriever, query_expander=Variants("a", "b", "c"))
    token = _request_id.set("req-42")
    try:
        request = advisor.before(ChatClientRequest(Prompt("q"), {}), None)
    finally:
        _request_id.reset(token)
    assert len(retriever.threads) == 3
    assert retriever.seen_values == ["req-42"] * 3
    documents = request.context[RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT]
    assert sorted(d.get_text() for d in documents) == ["a result", "b result", "c result"]


def test_a_given_task_executor_runs_the_retrievals() -> None:
    retriever = BarrierRetriever(2)
    with ThreadPoolExecutor(max_workers=2, thread_name_prefix="my-pool") as pool:
        advisor = RetrievalAugmentationAdvisor(
            retriever, query_expander=Variants("a", "b"), task_executor=pool
        )
        advisor.before(ChatClientRequest(Prompt("q"), {}), None)
    assert all(name.startswith("my-pool") for name in retriever.threads)


def test_multi_query_expander_and_rewrite_with_the_scripted_model() -> None:
    helper = ScriptedChatModel("potion moonstone gold", "moonstone\ngold\npotion")
    retriever = FixedRetriever([Document("Felix Felicis recipe")])
    advisor = (
        RetrievalAugmentationAdvisor.builder()
        .query_transformers(
            [
                RewriteQueryTransformer.builder()
                .chat_client_builder(ChatClient.builder(helper))
                .build()
            ]
        )
        .query_expander(
            MultiQueryExpander.builder().chat_client_builder(ChatClient.builder(helper)).build()
        )
        .document_retriever(retriever)
        .build()
    )
    main = ScriptedChatModel("Felix Felicis")
    ChatClient.builder(main).default_advisors(advisor).build().prompt().user(
        "what potion?"
    ).call().content()
    assert sorted(q.text for q in retriever.queries) == [
        "gold",
        "moonstone",
        "potion",
        "potion moonstone gold",
    ]
    assert "Original query: potion moonstone gold" in (
        helper.prompts[1].get_user_message().get_text() or ""
    )


def test_empty_retrieval_uses_the_empty_context_answer_by_default() -> None:
    model = ScriptedChatModel("sorry")
    ChatClient.builder(model).default_advisors(
        RetrievalAugmentationAdvisor(FixedRetriever([]))
    ).build().prompt().user("unrelated").call().content()
    assert model.last_prompt.get_user_message().get_text() == (
        "The user query is outside your knowledge base.\n"
        "Politely inform the user that you can't answer it.\n"
    )


def test_empty_retrieval_with_allow_empty_context_keeps_the_question() -> None:
    model = ScriptedChatModel("a poem")
    advisor = RetrievalAugmentationAdvisor(
        FixedRetriever([]), query_augmenter=ContextualQueryAugmenter(allow_empty_context=True)
    )
    ChatClient.builder(model).default_advisors(advisor).build().prompt().user(
        "write a poem"
    ).call().content()
    assert model.last_prompt.get_user_message().get_text() == "write a poem"


def test_stream_path_augments_and_reports_documents() -> None:
    model = ScriptedChatModel("Felix Felicis it is")
    documents = [Document("doc1")]
    client = (
        ChatClient.builder(model)
        .default_advisors(RetrievalAugmentationAdvisor(FixedRetriever(documents)))
        .build()
    )
    responses = list(client.prompt().user("q").stream().chat_client_response())
    assert "doc1" in (model.last_prompt.get_user_message().get_text() or "")
    last = responses[-1].chat_response
    assert last is not None
    assert last.get_metadata().get(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT) == documents
    assert all(
        r.context[RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT] == documents for r in responses
    )


def test_after_without_chat_response_still_reports_documents() -> None:
    advisor = RetrievalAugmentationAdvisor(FixedRetriever([]))
    documents = [Document("d")]
    response = advisor.after(
        ChatClientResponse(None, {RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT: documents}), None
    )
    assert response.chat_response is not None
    assert response.chat_response.get_results() == []
    assert (
        response.chat_response.get_metadata().get(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT)
        == documents
    )


def test_order_and_scheduler_defaults_and_settings() -> None:
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        advisor = (
            RetrievalAugmentationAdvisor.builder()
            .document_retriever(FixedRetriever([]))
            .order(7)
            .scheduler(pool)
            .build()
        )
        assert advisor.get_order() == 7 and advisor.get_scheduler() is pool
        assert RetrievalAugmentationAdvisor(FixedRetriever([])).get_order() == 0
    finally:
        pool.shutdown()
