"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.ChatClientAttributesTests`:
1 test ported, 0 skipped."""

from __future__ import annotations

from spring_ai_py.chat.client import ChatClientAttributes

# Spring marks these @Deprecated; in the Python enum they are aliases of their successor.
DEPRECATED = {"TOOL_CALL_ADVISOR_AUTO_REGISTER"}


def test_non_deprecated_constants_have_unique_keys() -> None:
    non_deprecated = [
        member for name, member in ChatClientAttributes.__members__.items() if name not in DEPRECATED
    ]
    distinct_keys = {member.get_key() for member in non_deprecated}
    assert len(distinct_keys) == len(non_deprecated), (
        "non-deprecated ChatClientAttributes constants must have unique keys"
    )
    # and every deprecated name is an alias (same key) of a non-deprecated constant
    for name in DEPRECATED:
        assert ChatClientAttributes[name].get_key() in distinct_keys
