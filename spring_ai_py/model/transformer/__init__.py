"""``org.springframework.ai.model.transformer``: metadata enrichers that ask a chat model."""

from spring_ai_py.model.transformer.keyword_metadata_enricher import KeywordMetadataEnricher
from spring_ai_py.model.transformer.summary_metadata_enricher import (
    SummaryMetadataEnricher,
    SummaryType,
)

__all__ = ["KeywordMetadataEnricher", "SummaryMetadataEnricher", "SummaryType"]
