"""``org.springframework.ai.model``."""

from spring_ai_py.model.response_metadata import AbstractResponseMetadata

__all__ = ["AbstractResponseMetadata"]
