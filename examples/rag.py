"""Retrieval augmented generation: answers grounded in a corpus of invented facts.

Runs offline: ``HashingEmbeddingModel`` embeds the documents and the scripted model from
``spring_ai_py.test`` answers, recording each prompt so the script can show exactly what
retrieval added. Swap in ``OpenAiChatModel`` / ``OpenAiEmbeddingModel`` (or
``spring_ai_py.embedding.local.LocalEmbeddingModel``) for real answers; the advisors stay
the same.
"""

from __future__ import annotations

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor.vectorstore import QuestionAnswerAdvisor
from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.rag.advisor import RetrievalAugmentationAdvisor
from spring_ai_py.rag.preretrieval.query.expansion import MultiQueryExpander
from spring_ai_py.rag.retrieval.search import VectorStoreDocumentRetriever
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.vectorstore import SearchRequest, SimpleVectorStore

# Facts no model can know: an answer containing them came from retrieval.
CORPUS = [
    Document(
        "The Nimbus-7 coffee machine must be descaled every 42 days.", {"product": "nimbus-7"}
    ),
    Document(
        "Descale the Nimbus-7 with citric acid at pH 3.2, never vinegar.", {"product": "nimbus-7"}
    ),
    Document("The Zephyr kettle's warranty lasts 19 months from purchase.", {"product": "zephyr"}),
    Document("Quorvan lighthouses are painted teal to reflect fog-light.", {"product": "quorvan"}),
]


def question_answer(store: SimpleVectorStore) -> None:
    print("== QuestionAnswerAdvisor")
    model = ScriptedChatModel("Every 42 days, with citric acid at pH 3.2.", "19 months.")
    advisor = (
        QuestionAnswerAdvisor.builder(store)
        .search_request(SearchRequest.builder().top_k(2).build())
        .build()
    )
    client = ChatClient.builder(model).default_advisors(advisor).build()

    response = (
        client.prompt()
        .user("How often must the Nimbus-7 be descaled?")
        .call()
        .chat_client_response()
    )
    print("prompt sent to the model:")
    print(model.last_prompt.get_user_message().get_text())
    retrieved = response.context[QuestionAnswerAdvisor.RETRIEVED_DOCUMENTS]
    print("retrieved:", [d.get_text() for d in retrieved])

    answer = (
        client.prompt()
        .user("How long is the warranty?")
        .advisors(lambda a: a.param(QuestionAnswerAdvisor.FILTER_EXPRESSION, "product == 'zephyr'"))
        .call()
        .content()
    )
    print("filtered to the Zephyr:", answer)


def modular_rag(store: SimpleVectorStore) -> None:
    print("== RetrievalAugmentationAdvisor with query expansion")
    helper = ScriptedChatModel(
        "Nimbus-7 descaling interval\nNimbus-7 descaling acid\nNimbus-7 maintenance"
    )
    model = ScriptedChatModel("Every 42 days, using citric acid.")
    advisor = (
        RetrievalAugmentationAdvisor.builder()
        .query_expander(
            MultiQueryExpander.builder().chat_client_builder(ChatClient.builder(helper)).build()
        )
        .document_retriever(
            VectorStoreDocumentRetriever.builder()
            .vector_store(store)
            .filter_expression("product == 'nimbus-7'")
            .top_k(2)
            .build()
        )
        .build()
    )
    response = (
        ChatClient.builder(model)
        .default_advisors(advisor)
        .build()
        .prompt()
        .user("how do I look after my nimbus?")
        .call()
        .chat_response()
    )
    assert response is not None
    documents = response.get_metadata().get(RetrievalAugmentationAdvisor.DOCUMENT_CONTEXT)
    print("documents joined:", [d.get_text() for d in documents])
    print("answer:", response.get_result().get_output().get_text())  # type: ignore[union-attr]


def main() -> None:
    store = SimpleVectorStore(HashingEmbeddingModel())
    store.add(CORPUS)
    question_answer(store)
    modular_rag(store)


if __name__ == "__main__":
    main()
