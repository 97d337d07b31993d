"""``org.springframework.ai.chat.observation``: how chat-model calls are observed.

The provider models share one private implementation (``_chat_model``) of Spring's
chat-model convention: a ``chat <model>`` span with the ``gen_ai.*`` attributes and the
OpenTelemetry GenAI metrics.
"""

__all__: list[str] = []
