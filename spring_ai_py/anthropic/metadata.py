"""``org.springframework.ai.anthropic.metadata``: Anthropic's rate-limit headers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime

from spring_ai_py import _assert
from spring_ai_py.chat.metadata import EmptyRateLimit, RateLimit

_PREFIX = "anthropic-ratelimit-"


@dataclass(frozen=True)
class AnthropicRateLimit(RateLimit):
    """Spring's ``AnthropicRateLimit``: the request and token limits of the response
    headers plus the separate input and output token limits.

    Resets are seconds from when the headers were read (never negative), as in
    :class:`~spring_ai_py.chat.metadata.RateLimit`.
    """

    input_tokens_limit: int | None = None
    input_tokens_remaining: int | None = None
    input_tokens_reset: float | None = None
    output_tokens_limit: int | None = None
    output_tokens_remaining: int | None = None
    output_tokens_reset: float | None = None

    @staticmethod
    def from_headers(headers: Mapping[str, str]) -> RateLimit:
        """The rate limit of response ``headers``; :class:`EmptyRateLimit` when none is
        reported. Values that do not parse count as absent."""
        _assert.not_none(headers, "Headers must not be null")
        values = (
            _number(headers, "requests-limit"),
            _number(headers, "requests-remaining"),
            _reset(headers, "requests"),
            _number(headers, "tokens-limit"),
            _number(headers, "tokens-remaining"),
            _reset(headers, "tokens"),
            _number(headers, "input-tokens-limit"),
            _number(headers, "input-tokens-remaining"),
            _reset(headers, "input-tokens"),
            _number(headers, "output-tokens-limit"),
            _number(headers, "output-tokens-remaining"),
            _reset(headers, "output-tokens"),
        )
        if all(value is None for value in values):
            return EmptyRateLimit()
        return AnthropicRateLimit(*values)

    def get_requests_reset(self) -> float | None:
        return self.requests_reset

    def get_tokens_reset(self) -> float | None:
        return self.tokens_reset

    def get_input_tokens_limit(self) -> int | None:
        return self.input_tokens_limit

    def get_input_tokens_remaining(self) -> int | None:
        return self.input_tokens_remaining

    def get_input_tokens_reset(self) -> float | None:
        return self.input_tokens_reset

    def get_output_tokens_limit(self) -> int | None:
        return self.output_tokens_limit

    def get_output_tokens_remaining(self) -> int | None:
        return self.output_tokens_remaining

    def get_output_tokens_reset(self) -> float | None:
        return self.output_tokens_reset


def _number(headers: Mapping[str, str], name: str) -> int | None:
    value = headers.get(_PREFIX + name)
    if value is None:
        return None
    try:
        return int(value.strip())
    except ValueError:
        return None


def _reset(headers: Mapping[str, str], name: str) -> float | None:
    value = headers.get(f"{_PREFIX}{name}-reset")
    if value is None:
        return None
    try:
        moment = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        return None
    return max(0.0, (moment - datetime.now(UTC)).total_seconds())


__all__ = ["AnthropicRateLimit"]
