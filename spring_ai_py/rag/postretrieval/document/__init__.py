"""``org.springframework.ai.rag.postretrieval.document``: document post-processors."""

from spring_ai_py.rag.postretrieval.document.document_post_processor import DocumentPostProcessor

__all__ = ["DocumentPostProcessor"]
