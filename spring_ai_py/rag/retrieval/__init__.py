"""``org.springframework.ai.rag.retrieval``: document search and joining."""
