"""``org.springframework.ai.rag.preretrieval``: what happens to a query before retrieval."""

__all__: list[str] = []
