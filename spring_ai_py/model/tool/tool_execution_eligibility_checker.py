"""``ToolExecutionEligibilityChecker``: does a model response ask for tools to run?"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Any

from spring_ai_py.chat.model import ChatResponse


class ToolExecutionEligibilityChecker(ABC):
    """Decides whether a response is a tool-call response that the loop must execute.

    Implement :meth:`apply`; :meth:`is_tool_call_response` adds the ``None`` check. A
    plain callable ``ChatResponse -> bool`` can be given wherever a checker is expected.
    """

    @abstractmethod
    def apply(self, chat_response: ChatResponse) -> bool:
        """Whether ``chat_response`` (never ``None``) asks for tool execution."""

    def is_tool_call_response(self, chat_response: ChatResponse | None) -> bool:
        return chat_response is not None and bool(self.apply(chat_response))

    @staticmethod
    def of(
        checker: ToolExecutionEligibilityChecker | Callable[[ChatResponse], Any],
    ) -> ToolExecutionEligibilityChecker:
        """``checker`` itself, or a callable wrapped as a checker."""
        if isinstance(checker, ToolExecutionEligibilityChecker):
            return checker
        if not callable(checker):
            raise TypeError(f"{checker!r} is not a ToolExecutionEligibilityChecker or a callable")
        return _FunctionChecker(checker)


class _FunctionChecker(ToolExecutionEligibilityChecker):
    __slots__ = ("_function",)

    def __init__(self, function: Callable[[ChatResponse], Any]) -> None:
        self._function = function

    def apply(self, chat_response: ChatResponse) -> bool:
        return bool(self._function(chat_response))

    def __repr__(self) -> str:
        return f"ToolExecutionEligibilityChecker({self._function!r})"
