"""``org.springframework.ai.rag.preretrieval.query.expansion``: query expanders."""

from spring_ai_py.rag.preretrieval.query.expansion.multi_query_expander import MultiQueryExpander
from spring_ai_py.rag.preretrieval.query.expansion.query_expander import QueryExpander

__all__ = ["MultiQueryExpander", "QueryExpander"]
