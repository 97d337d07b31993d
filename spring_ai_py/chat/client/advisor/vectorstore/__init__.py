"""``org.springframework.ai.chat.client.advisor.vectorstore``: advisors backed by a
vector store."""

from spring_ai_py.chat.client.advisor.vectorstore.question_answer_advisor import (
    QuestionAnswerAdvisor,
)
from spring_ai_py.chat.client.advisor.vectorstore.vector_store_chat_memory_advisor import (
    VectorStoreChatMemoryAdvisor,
)

__all__ = ["QuestionAnswerAdvisor", "VectorStoreChatMemoryAdvisor"]
