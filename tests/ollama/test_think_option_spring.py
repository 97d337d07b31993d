"""Port of Spring AI 2.0.1 `org.springframework.ai.ollama.api.ThinkOptionTests`: 15 tests ported, 0 skipped.

Jackson's (de)serialization is the option's wire value here: ``to_json_value()`` is
what the request's ``think`` field carries (``json.dumps`` of it is Jackson's
output) and ``ThinkOption.from_json_value`` reads a wire value back.
"""

from __future__ import annotations

import json

import pytest

from spring_ai_py.ollama import ThinkBoolean, ThinkLevel, ThinkOption


def _serialize(option: ThinkOption) -> str:
    return json.dumps(option.to_json_value())


def _deserialize(text: str) -> ThinkOption | None:
    return ThinkOption.from_json_value(json.loads(text))


def test_think_boolean_enabled_serialization() -> None:
    assert _serialize(ThinkBoolean.ENABLED) == "true"


def test_think_boolean_disabled_serialization() -> None:
    assert _serialize(ThinkBoolean.DISABLED) == "false"


def test_think_level_low_serialization() -> None:
    assert _serialize(ThinkLevel.LOW) == '"low"'


def test_think_level_medium_serialization() -> None:
    assert _serialize(ThinkLevel.MEDIUM) == '"medium"'


def test_think_level_high_serialization() -> None:
    assert _serialize(ThinkLevel.HIGH) == '"high"'


def test_deserialize_boolean_true() -> None:
    option = _deserialize("true")
    assert option == ThinkBoolean.ENABLED
    assert isinstance(option, ThinkBoolean)
    assert option.enabled is True


def test_deserialize_boolean_false() -> None:
    option = _deserialize("false")
    assert option == ThinkBoolean.DISABLED
    assert isinstance(option, ThinkBoolean)
    assert option.enabled is False


def test_deserialize_string_low() -> None:
    option = _deserialize('"low"')
    assert isinstance(option, ThinkLevel)
    assert option.level == "low"


def test_deserialize_string_medium() -> None:
    option = _deserialize('"medium"')
    assert isinstance(option, ThinkLevel)
    assert option.level == "medium"


def test_deserialize_string_high() -> None:
    option = _deserialize('"high"')
    assert isinstance(option, ThinkLevel)
    assert option.level == "high"


def test_deserialize_null() -> None:
    assert _deserialize("null") is None


def test_think_level_invalid_string_throws_exception() -> None:
    with pytest.raises(ValueError, match=r"think level must be one of \[low, medium, high\], got: invalid"):
        ThinkLevel("invalid")


def test_think_level_constants() -> None:
    assert ThinkLevel.LOW.level == "low"
    assert ThinkLevel.MEDIUM.level == "medium"
    assert ThinkLevel.HIGH.level == "high"


def test_think_boolean_constants() -> None:
    assert ThinkBoolean.ENABLED.enabled is True
    assert ThinkBoolean.DISABLED.enabled is False


def test_to_json_value() -> None:
    assert ThinkBoolean.ENABLED.to_json_value() is True
    assert ThinkBoolean.DISABLED.to_json_value() is False
    assert ThinkLevel.LOW.to_json_value() == "low"
    assert ThinkLevel.MEDIUM.to_json_value() == "medium"
    assert ThinkLevel.HIGH.to_json_value() == "high"
    with pytest.raises(ValueError, match="Cannot deserialize ThinkOption"):
        ThinkOption.from_json_value(3)
