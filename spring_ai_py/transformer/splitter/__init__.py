"""``org.springframework.ai.transformer.splitter``: splitting documents into chunks."""

from spring_ai_py.transformer.splitter.text_splitter import TextSplitter
from spring_ai_py.transformer.splitter.token_text_splitter import TokenTextSplitter

__all__ = ["TextSplitter", "TokenTextSplitter"]
