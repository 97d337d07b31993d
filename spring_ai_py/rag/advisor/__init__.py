"""``org.springframework.ai.rag.advisor``: the RAG flow as a ChatClient advisor."""

from spring_ai_py.rag.advisor.retrieval_augmentation_advisor import RetrievalAugmentationAdvisor

__all__ = ["RetrievalAugmentationAdvisor"]
