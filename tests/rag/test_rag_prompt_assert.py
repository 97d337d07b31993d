"""PromptAssert (Spring's PromptAssertTests)."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.rag.util import PromptAssert


def test_present_placeholder_passes() -> None:
    PromptAssert.template_has_required_placeholders(PromptTemplate("Hello, {name}!"), "{name}")
    PromptAssert.template_has_required_placeholders(PromptTemplate("Hello, {name}!"), ["name"])


def test_missing_placeholder_is_named() -> None:
    with pytest.raises(ValueError, match="age") as error:
        PromptAssert.template_has_required_placeholders(
            PromptTemplate("Hello, {name}!"), "{name}", "{age}"
        )
    assert "{name}" not in str(error.value)


def test_null_template_is_rejected() -> None:
    with pytest.raises(ValueError, match="prompt_template cannot be null"):
        PromptAssert.template_has_required_placeholders(None, "{name}")


@pytest.mark.parametrize("placeholders", [(None,), (), ([],)])
def test_null_or_empty_placeholders_are_rejected(placeholders: tuple[object, ...]) -> None:
    with pytest.raises(ValueError, match="placeholders cannot be null or empty"):
        PromptAssert.template_has_required_placeholders(PromptTemplate("{query}"), *placeholders)


def test_utility_class_cannot_be_instantiated() -> None:
    with pytest.raises(NotImplementedError):
        PromptAssert()
