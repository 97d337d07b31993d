"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.prompt.PromptTemplateTests`: 29 tests ported, 0 skipped.

Sibling of ``test_prompt_template.py`` (the port's own template tests). Spring's
``Resource`` is a path here (``pathlib.Path``, read as UTF-8).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.template import NoOpTemplateRenderer, TemplateRenderer

MESSAGE_CLASS = UserMessage


class _CustomTestRenderer(TemplateRenderer):
    def apply(self, template: str, variables: Mapping[str, Any]) -> str:
        return template + " (Rendered by Custom)"


def _resource(tmp_path: Path, content: str, name: str = "resource.txt") -> Path:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return path


def test_create_with_valid_template() -> None:
    assert PromptTemplate("Hello {name}!").get_template() == "Hello {name}!"


def test_create_with_empty_template() -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        PromptTemplate("")


def test_create_with_null_template() -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        PromptTemplate(None)


def test_create_with_valid_resource(tmp_path: Path) -> None:
    resource = _resource(tmp_path, "Hello {name}!")
    assert PromptTemplate(resource).get_template() == "Hello {name}!"


def test_create_with_null_resource() -> None:
    """Python has one ``None``: the null resource is given by keyword here."""
    with pytest.raises(ValueError, match="resource cannot be null"):
        PromptTemplate.builder().resource(None)


def test_create_with_null_variables() -> None:
    with pytest.raises(ValueError, match="variables cannot be null"):
        PromptTemplate.builder().template("Hello!").variables(None).build()


def test_create_with_null_variable_keys() -> None:
    with pytest.raises(ValueError, match="variables keys cannot be null"):
        PromptTemplate.builder().template("Hello!").variables({None: "value"}).build()


def test_add_variable() -> None:
    prompt_template = PromptTemplate("Hello {name}!")
    prompt_template.add("name", "Spring AI")
    assert prompt_template.render() == "Hello Spring AI!"


def test_render_without_variables() -> None:
    assert PromptTemplate("Hello!").render() == "Hello!"


def test_render_with_variables() -> None:
    prompt_template = PromptTemplate.builder().template("Hello {name}!").variables({"name": "Spring AI"}).build()
    assert prompt_template.render() == "Hello Spring AI!"


def test_render_with_additional_variables() -> None:
    prompt_template = (
        PromptTemplate.builder().template("{greeting} {name}!").variables({"greeting": "Hello"}).build()
    )
    assert prompt_template.render({"name": "Spring AI"}) == "Hello Spring AI!"


def test_render_with_resource_variable(tmp_path: Path) -> None:
    resource = _resource(tmp_path, "Spring AI")
    assert PromptTemplate("Hello {content}!").render({"content": resource}) == "Hello Spring AI!"


def test_create_message_without_variables() -> None:
    message = PromptTemplate("Hello!").create_message()
    assert isinstance(message, MESSAGE_CLASS)
    assert message.get_text() == "Hello!"


def test_create_message_with_variables() -> None:
    message = PromptTemplate("Hello {name}!").create_message({"name": "Spring AI"})
    assert isinstance(message, MESSAGE_CLASS)
    assert message.get_text() == "Hello Spring AI!"


def test_create_prompt_without_variables() -> None:
    assert PromptTemplate("Hello!").create().get_contents() == "Hello!"


def test_create_prompt_with_variables() -> None:
    variables = {"name": "Spring AI"}
    prompt_template = PromptTemplate.builder().template("Hello {name}!").variables(variables).build()
    assert prompt_template.create(variables).get_contents() == "Hello Spring AI!"


def test_create_with_custom_renderer() -> None:
    prompt_template = (
        PromptTemplate.builder().template("Hello {name}!").renderer(NoOpTemplateRenderer()).build()
    )
    assert prompt_template.render() == "Hello {name}!"


def test_builder_should_not_allow_both_template_and_resource(tmp_path: Path) -> None:
    resource = _resource(tmp_path, "Hello!")
    with pytest.raises(ValueError, match="Only one of template or resource can be set"):
        PromptTemplate.builder().template("Hello!").resource(resource).build()


def test_create_with_valid_template_builder() -> None:
    prompt_template = PromptTemplate.builder().template("Hello {name}!").build()
    assert prompt_template.render({"name": "Test"}) == "Hello Test!"


def test_render_with_variables_builder() -> None:
    prompt_template = PromptTemplate.builder().template("Hello {name}!").variables({"name": "Spring AI"}).build()
    assert prompt_template.render() == "Hello Spring AI!"


def test_create_with_valid_resource_builder(tmp_path: Path) -> None:
    resource = _resource(tmp_path, "Hello {name}!")
    prompt_template = PromptTemplate.builder().resource(resource).build()
    assert prompt_template.render({"name": "Resource"}) == "Hello Resource!"


def test_add_variable_builder() -> None:
    prompt_template = PromptTemplate.builder().template("Hello {name}!").variables({"name": "Spring AI"}).build()
    assert prompt_template.render() == "Hello Spring AI!"


def test_render_without_variables_builder() -> None:
    assert PromptTemplate.builder().template("Hello!").build().render() == "Hello!"


def test_render_with_additional_variables_builder() -> None:
    prompt_template = (
        PromptTemplate.builder().template("{greeting} {name}!").variables({"greeting": "Hello"}).build()
    )
    assert prompt_template.render({"name": "Spring AI"}) == "Hello Spring AI!"


def test_render_with_resource_variable_builder(tmp_path: Path) -> None:
    resource = _resource(tmp_path, "Spring AI")
    prompt_template = PromptTemplate.builder().template("Hello {content}!").variables({"content": resource}).build()
    assert prompt_template.render() == "Hello Spring AI!"


def test_variables_overwriting_builder() -> None:
    prompt_template = (
        PromptTemplate.builder()
        .template("Hello {name} {noun}!")
        .variables({"name": "Initial", "adj": "Good"})
        .variables({"name": "Overwritten", "noun": "Day"})
        .build()
    )
    assert prompt_template.render() == "Hello Overwritten Day!"


def test_custom_renderer_builder() -> None:
    template = "This is a test."
    prompt_template = PromptTemplate.builder().template(template).renderer(_CustomTestRenderer()).build()
    assert prompt_template.render() == template + " (Rendered by Custom)"


def test_resource_builder(tmp_path: Path) -> None:
    resource = _resource(tmp_path, "Hello {name} from Resource!")
    prompt_template = PromptTemplate.builder().resource(resource).variables({"name": "Builder"}).build()
    assert prompt_template.render() == "Hello Builder from Resource!"


def test_render_with_resource_file(tmp_path: Path) -> None:
    resource = _resource(tmp_path, "Hello, world!", "prompt-user.txt")
    prompt_template = PromptTemplate.builder().template("How {name}").variables({"name": resource}).build()
    assert prompt_template.render({}) == "How Hello, world!"
