"""``org.springframework.ai.transformer``: document transformers."""

from spring_ai_py.transformer.content_format_transformer import ContentFormatTransformer

__all__ = ["ContentFormatTransformer"]
