"""Behaviours of Spring's NoOpTemplateRendererTests, ported."""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.template import NoOpTemplateRenderer, TemplateRenderer


def test_returns_unchanged_template() -> None:
    assert NoOpTemplateRenderer().apply("Hello {name}!", {"name": "Spring AI"}) == "Hello {name}!"


def test_returns_unchanged_template_with_multiple_variables() -> None:
    variables = {"greeting": "Hello", "name": "Spring AI", "punctuation": "!"}
    template = "{greeting} {name}{punctuation}"
    assert NoOpTemplateRenderer().apply(template, variables) == template


def test_returns_unchanged_complex_template() -> None:
    template = "{header}\nUser: {user}\nItems: {items}\n{footer}\n"
    variables = {"header": "Welcome", "user": "Spring AI", "items": "1, 2", "footer": "Bye"}
    assert NoOpTemplateRenderer().apply(template, variables) == template


def test_renderer_is_callable() -> None:
    renderer: TemplateRenderer = NoOpTemplateRenderer()
    assert renderer("Hi {x}", {}) == "Hi {x}"


@pytest.mark.parametrize("template", ["", None, "   "])
def test_rejects_empty_template(template: Any) -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        NoOpTemplateRenderer().apply(template, {})


def test_rejects_null_variables() -> None:
    with pytest.raises(ValueError, match="variables cannot be null"):
        NoOpTemplateRenderer().apply("Hello!", None)  # type: ignore[arg-type]


def test_rejects_null_variable_keys() -> None:
    with pytest.raises(ValueError, match="variables keys cannot be null"):
        NoOpTemplateRenderer().apply("Hello!", {None: "Spring AI"})  # type: ignore[dict-item]
