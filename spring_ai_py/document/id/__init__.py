"""``org.springframework.ai.document.id``: document id generators."""

from spring_ai_py.document.id.id_generator import IdGenerator, RandomIdGenerator

__all__ = ["IdGenerator", "RandomIdGenerator"]
