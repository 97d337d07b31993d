"""``org.springframework.ai.rag.retrieval``: document search and joining."""

__all__: list[str] = []
