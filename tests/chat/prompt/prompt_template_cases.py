"""The bodies of Spring's PromptTemplateTests and SystemPromptTemplateTests, shared.

Spring's two test classes are the same tests against two classes; each port module
names its tests after the Java methods and runs these with its template class and the
message class it creates.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.chat.messages import Message
from spring_ai_py.chat.prompt import PromptTemplate
from spring_ai_py.template import NoOpTemplateRenderer, TemplateRenderer


class _CustomTestRenderer(TemplateRenderer):
    def apply(self, template: str, variables: Mapping[str, Any]) -> str:
        return template + " (Rendered by Custom)"


def _resource(tmp_path: Path, content: str, name: str = "resource.txt") -> Path:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return path


def create_with_valid_template(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    assert template_class("Hello {name}!").get_template() == "Hello {name}!"


def create_with_empty_template(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        template_class("")


def create_with_null_template(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        template_class(None)


def create_with_valid_resource(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    resource = _resource(tmp_path, "Hello {name}!")
    assert template_class(resource).get_template() == "Hello {name}!"


def create_with_null_resource(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    """Python has one ``None``: the null resource is given by keyword here."""
    with pytest.raises(ValueError, match="resource cannot be null"):
        template_class.builder().resource(None)


def create_with_null_variables(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="variables cannot be null"):
        template_class.builder().template("Hello!").variables(None).build()


def create_with_null_variable_keys(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    with pytest.raises(ValueError, match="variables keys cannot be null"):
        template_class.builder().template("Hello!").variables({None: "value"}).build()


def add_variable(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    prompt_template = template_class("Hello {name}!")
    prompt_template.add("name", "Spring AI")
    assert prompt_template.render() == "Hello Spring AI!"


def render_without_variables(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    assert template_class("Hello!").render() == "Hello!"


def render_with_variables(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    prompt_template = (
        template_class.builder().template("Hello {name}!").variables({"name": "Spring AI"}).build()
    )
    assert prompt_template.render() == "Hello Spring AI!"


def render_with_additional_variables(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    prompt_template = (
        template_class.builder()
        .template("{greeting} {name}!")
        .variables({"greeting": "Hello"})
        .build()
    )
    assert prompt_template.render({"name": "Spring AI"}) == "Hello Spring AI!"


def render_with_resource_variable(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    resource = _resource(tmp_path, "Spring AI")
    assert template_class("Hello {content}!").render({"content": resource}) == "Hello Spring AI!"


def create_message_without_variables(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    message = template_class("Hello!").create_message()
    assert isinstance(message, message_class)
    assert message.get_text() == "Hello!"


def create_message_with_variables(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    message = template_class("Hello {name}!").create_message({"name": "Spring AI"})
    assert isinstance(message, message_class)
    assert message.get_text() == "Hello Spring AI!"


def create_prompt_without_variables(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    assert template_class("Hello!").create().get_contents() == "Hello!"


def create_prompt_with_variables(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    variables = {"name": "Spring AI"}
    prompt_template = (
        template_class.builder().template("Hello {name}!").variables(variables).build()
    )
    assert prompt_template.create(variables).get_contents() == "Hello Spring AI!"


def create_with_custom_renderer(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    prompt_template = (
        template_class.builder().template("Hello {name}!").renderer(NoOpTemplateRenderer()).build()
    )
    assert prompt_template.render() == "Hello {name}!"


def builder_should_not_allow_both_template_and_resource(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    resource = _resource(tmp_path, "Hello!")
    with pytest.raises(ValueError, match="Only one of template or resource can be set"):
        template_class.builder().template("Hello!").resource(resource).build()


def create_with_valid_template_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    prompt_template = template_class.builder().template("Hello {name}!").build()
    assert prompt_template.render({"name": "Test"}) == "Hello Test!"


def render_with_variables_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    prompt_template = (
        template_class.builder().template("Hello {name}!").variables({"name": "Spring AI"}).build()
    )
    assert prompt_template.render() == "Hello Spring AI!"


def create_with_valid_resource_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    resource = _resource(tmp_path, "Hello {name}!")
    prompt_template = template_class.builder().resource(resource).build()
    assert prompt_template.render({"name": "Resource"}) == "Hello Resource!"


def add_variable_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    prompt_template = (
        template_class.builder().template("Hello {name}!").variables({"name": "Spring AI"}).build()
    )
    assert prompt_template.render() == "Hello Spring AI!"


def render_without_variables_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    assert template_class.builder().template("Hello!").build().render() == "Hello!"


def render_with_additional_variables_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    prompt_template = (
        template_class.builder()
        .template("{greeting} {name}!")
        .variables({"greeting": "Hello"})
        .build()
    )
    assert prompt_template.render({"name": "Spring AI"}) == "Hello Spring AI!"


def render_with_resource_variable_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    resource = _resource(tmp_path, "Spring AI")
    prompt_template = (
        template_class.builder()
        .template("Hello {content}!")
        .variables({"content": resource})
        .build()
    )
    assert prompt_template.render() == "Hello Spring AI!"


def variables_overwriting_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    prompt_template = (
        template_class.builder()
        .template("Hello {name} {noun}!")
        .variables({"name": "Initial", "adj": "Good"})
        .variables({"name": "Overwritten", "noun": "Day"})
        .build()
    )
    assert prompt_template.render() == "Hello Overwritten Day!"


def custom_renderer_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    template = "This is a test."
    prompt_template = (
        template_class.builder().template(template).renderer(_CustomTestRenderer()).build()
    )
    assert prompt_template.render() == template + " (Rendered by Custom)"


def resource_builder(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    resource = _resource(tmp_path, "Hello {name} from Resource!")
    prompt_template = (
        template_class.builder().resource(resource).variables({"name": "Builder"}).build()
    )
    assert prompt_template.render() == "Hello Builder from Resource!"


def render_with_resource_file(
    template_class: type[PromptTemplate], message_class: type[Message], tmp_path: Path
) -> None:
    resource = _resource(tmp_path, "Hello, world!", "prompt-user.txt")
    prompt_template = (
        template_class.builder().template("How {name}").variables({"name": resource}).build()
    )
    assert prompt_template.render({}) == "How Hello, world!"
