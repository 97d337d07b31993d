"""Port of Spring AI 2.0.1 `org.springframework.ai.anthropic.metadata.AnthropicRateLimitTests`: 4 tests ported, 0 skipped.

Spring builds OkHttp ``Headers``; the port reads any mapping of header names (a plain
dict here; the last test reads the SDK's real response headers from the fake server,
which sends the ``anthropic-ratelimit-*`` headers of Anthropic's rate-limit reference).
Resets are seconds, not ``Duration``.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from spring_ai_py.anthropic import AnthropicChatModel, AnthropicChatOptions, AnthropicRateLimit
from spring_ai_py.chat.metadata import EmptyRateLimit
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.test.anthropic_server import AnthropicTestServer


def _reset_at() -> str:
    return (datetime.now(UTC) + timedelta(seconds=60)).isoformat().replace("+00:00", "Z")


def test_from_returns_empty_rate_limit_when_no_headers_present() -> None:
    assert isinstance(AnthropicRateLimit.from_headers({}), EmptyRateLimit)


def test_from_returns_anthropic_rate_limit_when_standard_headers_present() -> None:
    reset_at = _reset_at()
    rate_limit = AnthropicRateLimit.from_headers(
        {
            "anthropic-ratelimit-requests-limit": "1000",
            "anthropic-ratelimit-requests-remaining": "999",
            "anthropic-ratelimit-requests-reset": reset_at,
            "anthropic-ratelimit-tokens-limit": "100000",
            "anthropic-ratelimit-tokens-remaining": "99000",
            "anthropic-ratelimit-tokens-reset": reset_at,
        }
    )
    assert isinstance(rate_limit, AnthropicRateLimit)
    assert rate_limit.get_requests_limit() == 1000
    assert rate_limit.get_requests_remaining() == 999
    assert (rate_limit.get_requests_reset() or 0) > 0
    assert rate_limit.get_tokens_limit() == 100000
    assert rate_limit.get_tokens_remaining() == 99000
    assert (rate_limit.get_tokens_reset() or 0) > 0


def test_from_returns_anthropic_rate_limit_with_nulls_when_only_some_headers_present() -> None:
    rate_limit = AnthropicRateLimit.from_headers({"anthropic-ratelimit-requests-limit": "1000"})
    assert isinstance(rate_limit, AnthropicRateLimit)
    assert rate_limit.get_requests_limit() == 1000
    assert rate_limit.get_requests_remaining() is None
    assert rate_limit.get_tokens_limit() is None
    assert rate_limit.get_input_tokens_limit() is None
    assert rate_limit.get_output_tokens_limit() is None


def test_from_exposes_input_and_output_token_families() -> None:
    reset_at = _reset_at()
    headers = {
        "anthropic-ratelimit-input-tokens-limit": "50000",
        "anthropic-ratelimit-input-tokens-remaining": "49500",
        "anthropic-ratelimit-input-tokens-reset": reset_at,
        "anthropic-ratelimit-output-tokens-limit": "50000",
        "anthropic-ratelimit-output-tokens-remaining": "49500",
        "anthropic-ratelimit-output-tokens-reset": reset_at,
        "anthropic-ratelimit-requests-limit": "not a number",
    }
    with AnthropicTestServer() as server:
        server.enqueue_text("OK", headers=headers)
        model = AnthropicChatModel(
            options=AnthropicChatOptions(base_url=server.base_url, api_key="k", max_retries=0)
        )
        rate_limit = model.call(Prompt("Hi")).get_metadata().get_rate_limit()
    assert isinstance(rate_limit, AnthropicRateLimit)
    assert rate_limit.get_input_tokens_limit() == 50000
    assert rate_limit.get_input_tokens_remaining() == 49500
    assert (rate_limit.get_input_tokens_reset() or 0) > 0
    assert rate_limit.get_output_tokens_limit() == 50000
    assert rate_limit.get_output_tokens_remaining() == 49500
    assert (rate_limit.get_output_tokens_reset() or 0) > 0
    # A value that does not parse counts as absent.
    assert rate_limit.get_requests_limit() is None
