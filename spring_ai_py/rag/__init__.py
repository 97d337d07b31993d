"""``org.springframework.ai.rag``: the building blocks of modular retrieval augmented
generation (RAG).

A :class:`Query` goes through query transformers and an expander
(``rag.preretrieval``), document retrievers and a joiner (``rag.retrieval``), document
post-processors (``rag.postretrieval``) and a query augmenter (``rag.generation``);
``rag.advisor.RetrievalAugmentationAdvisor`` runs them as one ChatClient advisor.
"""

from spring_ai_py.rag.query import Query

__all__ = ["Query"]
