"""``org.springframework.ai.tool.toolsearch.index``: the ``ToolIndex`` implementations, one
sub-package each: ``keyword``, ``regex`` and ``vectorstore``."""

__all__: list[str] = []
