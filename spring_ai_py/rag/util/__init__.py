"""``org.springframework.ai.rag.util``: helpers shared by the RAG components."""

from spring_ai_py.rag.util.prompt_assert import PromptAssert

__all__ = ["PromptAssert"]
