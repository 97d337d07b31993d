"""The wire limits of a whole exchange bind from spring.ai.openai.* and spring.ai.anthropic.*."""

from __future__ import annotations

from pathlib import Path

import pytest

from spring_ai_py.autoconfigure import ConfigurationPropertiesBindError, SpringApplication


def _context(tmp_path: Path, yaml: str) -> SpringApplication:
    (tmp_path / "application.yml").write_text(yaml, encoding="utf-8")
    return SpringApplication.run(config_dir=tmp_path, environ={})  # type: ignore[return-value]


def test_openai_limits_bind_with_the_chat_section_winning(tmp_path: Path) -> None:
    yaml = (
        "spring:\n  ai:\n    openai:\n      api-key: k\n      call-timeout: 30s\n"
        "      max-answer-bytes: 1000\n      chat:\n        stream-idle-timeout: 5s\n"
        "        call-timeout: 10s\n"
    )
    with _context(tmp_path, yaml) as context:
        options = context.chat_model().get_options()
        assert options.call_timeout == 10.0  # type: ignore[attr-defined]
        assert options.stream_idle_timeout == 5.0  # type: ignore[attr-defined]
        assert options.max_answer_bytes == 1000  # type: ignore[attr-defined]
        assert options.stream_total_timeout is None  # type: ignore[attr-defined]


def test_anthropic_limits_bind(tmp_path: Path) -> None:
    yaml = (
        "spring:\n  ai:\n    anthropic:\n      api-key: k\n      stream-total-timeout: 2m\n"
        "      max-answer-bytes: 2048\n"
    )
    with _context(tmp_path, yaml) as context:
        options = context.chat_model().get_options()
        assert options.stream_total_timeout == 120.0  # type: ignore[attr-defined]
        assert options.max_answer_bytes == 2048  # type: ignore[attr-defined]


def test_a_non_positive_limit_is_a_bind_error_naming_the_property(tmp_path: Path) -> None:
    yaml = "spring:\n  ai:\n    openai:\n      api-key: k\n      max-answer-bytes: 0\n"
    with (
        pytest.raises(ConfigurationPropertiesBindError, match="max-answer-bytes"),
        _context(tmp_path, yaml) as context,
    ):
        context.chat_model()


def test_openai_embedding_limits_bind_from_the_embedding_section(tmp_path: Path) -> None:
    yaml = (
        "spring:\n  ai:\n    openai:\n      api-key: k\n      call-timeout: 30s\n"
        "      stream-idle-timeout: 5s\n      embedding:\n        max-answer-bytes: 4096\n"
    )
    with _context(tmp_path, yaml) as context:
        options = context.embedding_model().get_options()
        assert options.call_timeout == 30.0  # type: ignore[attr-defined]
        assert options.max_answer_bytes == 4096  # type: ignore[attr-defined]
