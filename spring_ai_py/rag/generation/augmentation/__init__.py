"""``org.springframework.ai.rag.generation.augmentation``: query augmenters."""

from spring_ai_py.rag.generation.augmentation.contextual_query_augmenter import (
    ContextualQueryAugmenter,
)
from spring_ai_py.rag.generation.augmentation.query_augmenter import QueryAugmenter

__all__ = ["ContextualQueryAugmenter", "QueryAugmenter"]
