"""``org.springframework.ai.rag.postretrieval``: what happens to documents after retrieval."""

__all__: list[str] = []
