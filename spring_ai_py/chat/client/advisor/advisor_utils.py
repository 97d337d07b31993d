"""Helpers for advisors."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spring_ai_py.chat.client.records import ChatClientResponse


TOOL_LOOP_SCOPE_KEY = "spring_ai_py.tool_calling.loop_scope"
"""Context key of a dict shared by the rounds of one tool loop.

The ``ToolCallingAdvisor`` puts a fresh dict under this key for each loop and removes
it from everything that leaves the loop, so advisors inside the loop can keep per-turn
state in it (the memory advisor defers tool-call messages there until their results
arrive).
"""


class AdvisorUtils:
    """Predicates shared by advisors."""

    @staticmethod
    def has_finish_reason(chat_client_response: ChatClientResponse) -> bool:
        """Whether any generation of the response carries a non-blank finish reason."""
        chat_response = chat_client_response.chat_response
        if chat_response is None:
            return False
        for generation in chat_response.get_results():
            reason = generation.get_metadata().get_finish_reason()
            if reason is not None and reason.strip():
                return True
        return False

    @staticmethod
    def on_finish_reason() -> Callable[[ChatClientResponse], bool]:
        """Spring's ``onFinishReason()`` predicate."""
        return AdvisorUtils.has_finish_reason
