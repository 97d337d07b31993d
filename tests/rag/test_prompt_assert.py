"""Port of Spring AI 2.0.1 `org.springframework.ai.rag.util.PromptAssertTests`: 5 tests
ported, 0 skipped; plus list arguments and the utility-class guard."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag.util import PromptAssert


def test_when_placeholder_is_present_then_ok() -> None:
    PromptAssert.template_has_required_placeholders(PromptTemplate("Hello, {name}!"), "{name}")
    PromptAssert.template_has_required_placeholders(PromptTemplate("Hello, {name}!"), ["name"])


def test_when_placeholder_is_present_then_throw() -> None:
    with pytest.raises(ValueError, match="age") as error:
        PromptAssert.template_has_required_placeholders(
            PromptTemplate("Hello, {name}!"), "{name}", "{age}"
        )
    assert "{name}" not in str(error.value)


def test_when_prompt_template_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="prompt_template cannot be null"):
        PromptAssert.template_has_required_placeholders(None, "{name}")


def test_when_placeholders_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="placeholders cannot be null or empty"):
        PromptAssert.template_has_required_placeholders(PromptTemplate("{query}"), None)


def test_when_placeholders_is_empty_then_throw() -> None:
    with pytest.raises(ValueError, match="placeholders cannot be null or empty"):
        PromptAssert.template_has_required_placeholders(PromptTemplate("{query}"))


# -- the port's extras ----------------------------------------------------------------


def test_an_empty_placeholder_list_is_rejected() -> None:
    with pytest.raises(ValueError, match="placeholders cannot be null or empty"):
        PromptAssert.template_has_required_placeholders(PromptTemplate("{query}"), [])


def test_utility_class_cannot_be_instantiated() -> None:
    with pytest.raises(NotImplementedError):
        PromptAssert()
