"""``org.springframework.ai.rag.preretrieval.query``: query transformation and expansion."""
