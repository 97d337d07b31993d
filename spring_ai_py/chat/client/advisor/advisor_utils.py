"""Helpers for advisors."""

from __future__ import annotations

from collections.abc import Callable

from spring_ai_py.chat.client.records import ChatClientResponse
from spring_ai_py.chat.model import ChatResponse

TOOL_LOOP_SCOPE_KEY = "spring_ai_py.tool_calling.loop_scope"
"""Context key of a dict shared by the rounds of one tool loop.

The ``ToolCallingAdvisor`` puts a fresh dict under this key for each loop and removes
it from everything that leaves the loop, so advisors inside the loop can keep per-turn
state in it (the memory advisor defers tool-call messages there until their results
arrive).
"""

TOOL_LOOP_TOKEN_KEY = "spring_ai_py.tool_loop.token"
"""Context key of a durable turn's token (the caller may set it to choose the token).

Set in the context that leaves a loop with state, so a memory advisor can store a
resumed turn exactly once: it stamps the token on the assistant message it stores.
"""

TOOL_LOOP_RESUME_KEY = "spring_ai_py.tool_loop.resume"
"""Context key of a request resuming a paused or crashed turn."""

TOOL_LOOP_USER_MESSAGE_KEY = "spring_ai_py.tool_loop.user_message"
"""Context key of the user message of a turn with saved state (a memory advisor in
another process stores it with the reply when the turn completes there)."""

TOOL_LOOP_PENDING_KEY = "spring_ai_py.tool_loop.pending_approval"
"""Context key of the ``PendingApproval`` of a paused turn's response."""


class AdvisorUtils:
    """Predicates shared by advisors."""

    @staticmethod
    def has_finish_reason(chat_client_response: ChatClientResponse) -> bool:
        """Whether any generation of the response carries a non-blank finish reason.

        False without a chat response, without results, and for generations without
        metadata.
        """
        chat_response = chat_client_response.chat_response
        if chat_response is None:
            return False
        for generation in chat_response.get_results() or ():
            metadata = generation.get_metadata() if generation is not None else None
            if metadata is None:
                continue
            reason = metadata.get_finish_reason()
            if reason is not None and reason.strip():
                return True
        return False

    @staticmethod
    def on_finish_reason() -> Callable[[ChatClientResponse], bool]:
        """Spring's ``onFinishReason()`` predicate."""
        return AdvisorUtils.has_finish_reason


def with_context_entry_in_metadata(
    chat_client_response: ChatClientResponse, key: str
) -> ChatClientResponse:
    """The response with the context entry under ``key`` (if any) copied into the chat
    response metadata under the same key; a response without a chat response gets an
    empty one. The retrieval advisors use it to hand their documents to the caller."""
    builder = ChatResponse.builder()
    if chat_client_response.chat_response is not None:
        builder.from_(chat_client_response.chat_response)
    else:
        builder.generations([])
    entry = chat_client_response.context.get(key)
    if entry is not None:
        builder.metadata(key, entry)
    return ChatClientResponse(builder.build(), chat_client_response.context)
