"""``ToolSearchTool``: the tool the model calls to discover other tools."""

from __future__ import annotations

from typing import Annotated

from spring_ai_py.chat.model import ToolContext
from spring_ai_py.tool.annotation import ToolParam, tool
from spring_ai_py.tool.tool_callback import ToolCallback
from spring_ai_py.tool.toolsearch.records import ToolSearchRequest
from spring_ai_py.tool.toolsearch.tool_index import ToolIndex

TOOL_SEARCH_TOOL_NAME = "toolSearchTool"

_DESCRIPTION = """\
Search for tools in the tool registry to discover capabilities for completing the current task.
Use this when you need functionality not provided by your currently available tools.
The search queries against tool names, descriptions, and parameter information to find the most relevant tools.
Returns references to matching tools which will be expanded into full definitions you can then invoke.
When the task needs several different capabilities, search once for each capability \
before answering; one search does not find tools for the others.
"""


class ToolSearchTool:
    """Holds the tool index a session's ``toolSearchTool`` searches.

    Its one tool, :meth:`tool_search_tool`, is exposed to the model as
    ``toolSearchTool`` with the arguments ``query``, ``maxResults`` and
    ``categoryFilter`` (Spring's names, so prompts and transcripts carry over), and
    returns the names of the matching tools as a JSON list. The session comes from the
    tool context entry :attr:`TOOL_SEARCH_TOOL_SESSION_ID_KEY`, which the tool search
    advisor sets; ``advisor_max_results`` applies when the model gives no
    ``maxResults`` (``None`` leaves the choice to the index).

    Beyond Spring, the description tells the model to search once per needed
    capability: without it, models tend to search once and answer with only part of
    the tools a task needs.
    """

    TOOL_SEARCH_TOOL_SESSION_ID_KEY = "toolSearchToolSessionId"

    def __init__(self, tool_index: ToolIndex, advisor_max_results: int | None = None) -> None:
        self._tool_index = tool_index
        self._advisor_max_results = advisor_max_results

    # The parameter names are the JSON argument names the model sees: Spring's, in camel case.
    @tool(name=TOOL_SEARCH_TOOL_NAME, description=_DESCRIPTION)
    def tool_search_tool(
        self,
        query: Annotated[
            str,
            ToolParam(
                description="A natural language search query describing the tool capability you need. "
                "Be specific and include relevant keywords."
            ),
        ],
        maxResults: Annotated[
            int | None,
            ToolParam(
                description="Maximum number of tool references to return (1-10). Default is 5.",
                required=False,
            ),
        ] = None,
        categoryFilter: Annotated[
            str | None,
            ToolParam(
                description="Optional filter to narrow search to a specific tool category.",
                required=False,
            ),
        ] = None,
        tool_context: ToolContext | None = None,
    ) -> list[str]:
        """Search the session's tool index and return the names of the tools found."""
        session_id = (
            tool_context.get(self.TOOL_SEARCH_TOOL_SESSION_ID_KEY) if tool_context else None
        )
        if session_id is None:
            raise ValueError(
                f"The tool context must contain '{self.TOOL_SEARCH_TOOL_SESSION_ID_KEY}'"
            )
        max_results = maxResults if maxResults is not None else self._advisor_max_results
        response = self._tool_index.search(
            ToolSearchRequest(str(session_id), query, max_results, categoryFilter)
        )
        return [reference.tool_name for reference in response.tool_references]

    def to_tool_callback(self) -> ToolCallback:
        """The ``toolSearchTool`` callback bound to this object."""
        callback = self.tool_search_tool
        assert isinstance(callback, ToolCallback)
        return callback
