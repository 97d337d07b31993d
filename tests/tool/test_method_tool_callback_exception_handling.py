"""Port of Spring AI 2.0.1 `org.springframework.ai.tool.method.MethodToolCallbackExceptionHandlingTest`:
1 test ported, 0 skipped.

Jackson's messages (``Cannot deserialize value``, ``Unrecognized token``) are the port's
own: arguments are validated by pydantic and the error names the tool and the field.
"""

from __future__ import annotations

import pytest

from spring_ai_py.tool.annotation import tool
from spring_ai_py.tool.execution import ToolExecutionException
from spring_ai_py.tool.method import MethodToolCallbackProvider


class TestTools:
    __test__ = False

    @tool(description="Process a list of strings")
    def string_list(self, strings: list[str]) -> str:
        return f"{len(strings)} strings processed: [{', '.join(strings)}]"


def test_generic_list_type() -> None:
    callback = (
        MethodToolCallbackProvider.builder()
        .tool_objects(TestTools())
        .build()
        .get_tool_callbacks()[0]
    )

    assert (
        callback.call('{"strings": ["one", "two", "three"]}')
        == "3 strings processed: [one, two, three]"
    )

    with pytest.raises(
        ToolExecutionException,
        match=r"^Invalid arguments for tool 'string_list': strings: Input should be a valid list",
    ):
        callback.call('{"strings": 678}')

    with pytest.raises(
        ToolExecutionException, match=r"^Invalid arguments for tool 'string_list': not valid JSON"
    ):
        callback.call("nill\n")
