"""Port of Spring AI 2.0.1 `org.springframework.ai.metadata.UsageTests`: 7 tests ported, 0 skipped.

Spring mocks ``Usage`` and calls its real ``getTotalTokens()``; here a minimal ``Usage``
subclass reports the counts (``None`` meaning "not reported") and counts the calls.
"""

from __future__ import annotations

from spring_ai_py.chat.metadata import Usage


class _CountingUsage(Usage):
    def __init__(self, prompt_tokens: int | None, completion_tokens: int | None) -> None:
        self._prompt = prompt_tokens
        self._completion = completion_tokens
        self.calls: list[str] = []

    def get_prompt_tokens(self) -> int:
        self.calls.append("prompt")
        return self._prompt  # type: ignore[return-value]

    def get_completion_tokens(self) -> int:
        self.calls.append("completion")
        return self._completion  # type: ignore[return-value]


def _total(prompt_tokens: int | None, completion_tokens: int | None) -> int:
    usage = _CountingUsage(prompt_tokens, completion_tokens)
    total = usage.get_total_tokens()
    assert sorted(usage.calls) == ["completion", "prompt"]
    return total


def test_total_tokens_is_zero_when_no_prompt_or_generation_metadata_present() -> None:
    assert _total(None, None) == 0


def test_total_tokens_equals_prompt_tokens() -> None:
    assert _total(10, None) == 10


def test_total_tokens_equals_generation_tokens() -> None:
    assert _total(None, 15) == 15


def test_total_tokens_equals_prompt_tokens_plus_generation_tokens() -> None:
    assert _total(10, 15) == 25


def test_total_tokens_handles_zero_prompt_tokens() -> None:
    assert _total(0, 1) == 1


def test_total_tokens_handles_zero_completion_tokens() -> None:
    assert _total(1, 0) == 1


def test_total_tokens_handles_both_zero_tokens() -> None:
    assert _total(0, 0) == 0
