"""``org.springframework.ai.rag.preretrieval.query.transformation``: query transformers."""

from spring_ai_py.rag.preretrieval.query.transformation.compression_query_transformer import (
    CompressionQueryTransformer,
)
from spring_ai_py.rag.preretrieval.query.transformation.query_transformer import QueryTransformer
from spring_ai_py.rag.preretrieval.query.transformation.rewrite_query_transformer import (
    RewriteQueryTransformer,
)
from spring_ai_py.rag.preretrieval.query.transformation.translation_query_transformer import (
    TranslationQueryTransformer,
)

__all__ = [
    "CompressionQueryTransformer",
    "QueryTransformer",
    "RewriteQueryTransformer",
    "TranslationQueryTransformer",
]
