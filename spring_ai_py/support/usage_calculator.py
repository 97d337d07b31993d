"""Spring's ``UsageCalculator``: summing token usage across chat responses."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spring_ai_py.chat.metadata import Usage
    from spring_ai_py.chat.model import ChatResponse


def _sum_optional(current: int | None, previous: int | None) -> int | None:
    """Add two cache counters, keeping ``None`` when neither side reported one."""
    if current is None and previous is None:
        return None
    return (current or 0) + (previous or 0)


class UsageCalculator:
    """Static helpers for ``Usage``, used by loops that call a model several times.

    A tool-calling or validation-retry loop folds each round's response into the
    running total with :meth:`accumulate_response_usage`; the sum is a plain
    ``DefaultUsage`` (provider-native usage objects cannot be merged and are dropped).
    """

    def __init__(self) -> None:
        raise NotImplementedError("This is a utility class and cannot be instantiated")

    @staticmethod
    def get_cumulative_usage(
        current_usage: Usage, previous_chat_response: ChatResponse | None
    ) -> Usage:
        """``current_usage`` plus the usage of ``previous_chat_response``.

        Returns ``current_usage`` itself when there is no previous response, and the
        previous usage when ``current_usage`` is empty.
        """
        from spring_ai_py.chat.metadata import DefaultUsage

        if previous_chat_response is None:
            return current_usage
        previous = previous_chat_response.get_metadata().get_usage()
        if UsageCalculator.is_empty(current_usage):
            return previous
        return DefaultUsage(
            current_usage.get_prompt_tokens() + previous.get_prompt_tokens(),
            current_usage.get_completion_tokens() + previous.get_completion_tokens(),
            current_usage.get_total_tokens() + previous.get_total_tokens(),
            None,
            _sum_optional(
                current_usage.get_cache_read_input_tokens(), previous.get_cache_read_input_tokens()
            ),
            _sum_optional(
                current_usage.get_cache_write_input_tokens(),
                previous.get_cache_write_input_tokens(),
            ),
        )

    @staticmethod
    def is_empty(usage: Usage | None) -> bool:
        """True for ``None`` and for a usage of zero total tokens."""
        return usage is None or not usage.get_total_tokens()

    @staticmethod
    def accumulate_response_usage(
        current_chat_response: ChatResponse | None,
        accumulated_chat_response: ChatResponse | None,
    ) -> ChatResponse | None:
        """Fold the current response's usage into the accumulated one.

        Returns the current response carrying the cumulative usage, the accumulated
        response unchanged when there is no current one, or ``None`` when no usage has
        been reported at all.
        """
        if current_chat_response is None:
            return accumulated_chat_response
        current_usage = current_chat_response.get_metadata().get_usage()
        accumulated_usage = (
            accumulated_chat_response.get_metadata().get_usage()
            if accumulated_chat_response is not None
            else None
        )
        previous = (
            None if UsageCalculator.is_empty(accumulated_usage) else accumulated_chat_response
        )
        cumulative = UsageCalculator.get_cumulative_usage(current_usage, previous)
        if UsageCalculator.is_empty(cumulative):
            return None
        return UsageCalculator.with_usage(current_chat_response, cumulative)

    @staticmethod
    def with_usage(chat_response: ChatResponse, usage: Usage) -> ChatResponse:
        """A copy of ``chat_response`` whose metadata carries ``usage`` (all else kept)."""
        from spring_ai_py.chat.metadata import ChatResponseMetadata
        from spring_ai_py.chat.model import ChatResponse

        metadata = (
            ChatResponseMetadata.builder().from_(chat_response.get_metadata()).usage(usage).build()
        )
        return ChatResponse.builder().from_(chat_response).metadata(metadata).build()
