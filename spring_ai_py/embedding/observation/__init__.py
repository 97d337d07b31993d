"""``org.springframework.ai.embedding.observation``: how embedding-model calls are observed.

The provider models share one private implementation (``_embedding_model``) of Spring's
embedding-model convention: an ``embeddings <model>`` span with the ``gen_ai.*``
attributes and the OpenTelemetry GenAI metrics.
"""

__all__: list[str] = []
