"""The message codec's payload: written directly for plain messages, byte for byte what
the JSON encoder writes for the same payload, and the general path for the others."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

import pytest

from spring_ai_py.chat.memory.repository.jdbc import _message_codec
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.content import Media

_NOW = datetime(2026, 1, 2, tzinfo=UTC)


def _expected_payload(message: Message) -> str:
    """The payload as the JSON encoder writes it, built field by field."""
    metadata = {k: v for k, v in message.get_metadata().items() if k != "messageType"}
    payload: dict[str, Any] = {"metadata": metadata}
    if message.get_text() is None:
        payload["text_is_null"] = True
    if isinstance(message, AssistantMessage) and message.get_tool_calls():
        payload["tool_calls"] = [
            {"id": c.id, "type": c.type, "name": c.name, "arguments": c.arguments}
            for c in message.get_tool_calls()
        ]
    if isinstance(message, ToolResponseMessage) and message.get_responses():
        payload["tool_responses"] = [
            {"id": r.id, "name": r.name, "response_data": r.response_data}
            for r in message.get_responses()
        ]
    return json.dumps(payload, ensure_ascii=False, allow_nan=False)


_CALL = AssistantMessage.ToolCall("c1", "function", "look\"up", '{"q": "é\\n"}')
_PLAIN = [
    UserMessage("go"),
    UserMessage("ünïcode \"quoted\"", metadata={"k": "v", "n": 1, "f": 2.5, "b": True, "z": None}),
    SystemMessage("be brief", {"nested": {"a": [1, "two", {"x": None}]}}),
    AssistantMessage(""),
    AssistantMessage(None, tool_calls=[_CALL, AssistantMessage.ToolCall("c2", "function", "g", "{}")]),
    AssistantMessage("text", {"id": "r1"}, [_CALL]),
    ToolResponseMessage([ToolResponseMessage.ToolResponse("c1", "look\"up", "found\ttab")]),
    ToolResponseMessage([]),
]


@pytest.mark.parametrize("message", _PLAIN, ids=lambda m: repr(m)[:40])
def test_a_plain_payload_is_what_the_json_encoder_writes(message: Message) -> None:
    encoded = _message_codec.encode(message, "c", 0, _NOW)
    assert encoded.payload == _expected_payload(message)
    decoded = _message_codec.decode("c", 0, encoded.content, encoded.type, None, encoded.payload, lambda _v: None)
    assert decoded == message


def test_a_record_field_that_is_not_a_str_takes_the_general_path() -> None:
    odd = AssistantMessage("", tool_calls=[AssistantMessage.ToolCall("c1", "function", "f", 5)])  # type: ignore[arg-type]
    encoded = _message_codec.encode(odd, "c", 0, _NOW)
    assert json.loads(encoded.payload)["tool_calls"][0]["arguments"] == 5


def test_metadata_with_no_exact_json_form_is_still_refused() -> None:
    with pytest.raises(ValueError, match="is not JSON-serializable"):
        _message_codec.encode(UserMessage("x", metadata={"nan": float("nan")}), "c", 0, _NOW)
    with pytest.raises(ValueError, match="does not survive a JSON round trip"):
        _message_codec.encode(UserMessage("x", metadata={"t": (1, 2)}), "c", 0, _NOW)


def test_media_keeps_the_general_path() -> None:
    message = UserMessage("look", media=[Media("image/png", b"\x00\x01", "m1", "pic")])
    encoded = _message_codec.encode(message, "c", 0, _NOW)
    assert json.loads(encoded.payload)["media"][0]["data_base64"] == "AAE="
    decoded = _message_codec.decode("c", 0, encoded.content, encoded.type, None, encoded.payload, lambda _v: None)
    assert isinstance(decoded, UserMessage) and decoded.get_media()[0].data == b"\x00\x01"
