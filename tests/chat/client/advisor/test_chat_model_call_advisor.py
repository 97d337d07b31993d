"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.advisor.ChatModelCallAdvisorTests`:
1 test ported, 0 skipped."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.client.advisor import ChatModelCallAdvisor


def test_when_chat_model_is_null_then_throw() -> None:
    with pytest.raises(RuntimeError, match=r"^chat_model cannot be null$"):
        ChatModelCallAdvisor.builder().chat_model(None).build()  # type: ignore[arg-type]
