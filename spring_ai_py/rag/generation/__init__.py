"""``org.springframework.ai.rag.generation``: preparing the query for generation."""

__all__: list[str] = []
