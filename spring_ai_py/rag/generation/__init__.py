"""``org.springframework.ai.rag.generation``: preparing the query for generation."""
