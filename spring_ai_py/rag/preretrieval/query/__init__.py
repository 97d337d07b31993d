"""``org.springframework.ai.rag.preretrieval.query``: query transformation and expansion."""

__all__: list[str] = []
