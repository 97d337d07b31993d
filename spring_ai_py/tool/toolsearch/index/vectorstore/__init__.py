"""``org.springframework.ai.tool.toolsearch.index.vectorstore``: the embedding-based tool index."""

from spring_ai_py.tool.toolsearch.index.vectorstore.vector_tool_index import VectorToolIndex

__all__ = ["VectorToolIndex"]
