"""PromptTemplate beyond Spring's PromptTemplateTests, PromptTemplateBuilderTests and
SystemPromptTemplateTests (ported in their own modules): client-chat's PromptTemplateTest
cases, options, media, assistant templates, paths and bad input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.chat.messages import AssistantMessage, SystemMessage, UserMessage
from spring_ai_py.chat.prompt import (
    AssistantPromptTemplate,
    ChatOptions,
    Prompt,
    PromptTemplate,
    SystemPromptTemplate,
)
from spring_ai_py.content import Media
from spring_ai_py.template import NoOpTemplateRenderer


def test_missing_variable_raises_naming_it_then_add_fixes_it() -> None:
    template = PromptTemplate("Hello '{firstName}' '{lastName}' from Unix")
    model = {"firstName": "Nick"}
    with pytest.raises(
        RuntimeError,
        match=r"^Not all variables were replaced in the template\. Missing variable names are: \[lastName\]\.$",
    ):
        template.render(model)
    template.add("lastName", "Park")
    assert template.render(model) == "Hello 'Nick' 'Park' from Unix"
    assert template.render(model) == "Hello 'Nick' 'Park' from Unix"
    prompt = template.create(model)
    assert len(prompt.get_instructions()) == 1
    assert prompt.get_contents() == "Hello 'Nick' 'Park' from Unix"


def test_create_with_options_only() -> None:
    text = "This is a test prompt with no variables"
    options = ChatOptions.builder().temperature(0.7).top_k(3).build()
    prompt = PromptTemplate(text).create(options)
    assert prompt.get_contents() == text
    assert prompt.get_options() == options


def test_create_with_variables_and_options() -> None:
    template = (
        PromptTemplate.builder()
        .template("Hello, {name}! Your age is {age}.")
        .variables({"name": "Alice", "age": 30})
        .build()
    )
    options = ChatOptions.builder().temperature(0.5).max_tokens(100).build()
    prompt = template.create({"name": "Alice", "age": 30}, options)
    assert prompt.get_contents() == "Hello, Alice! Your age is 30."
    assert prompt.get_options() == options


def test_create_with_overridden_variables() -> None:
    template = (
        PromptTemplate.builder()
        .template("Hello, {name}! Your favorite color is {color}.")
        .variables({"name": "Bob", "color": "blue"})
        .build()
    )
    prompt = template.create({"color": "red"}, ChatOptions(temperature=0.8))
    assert prompt.get_contents() == "Hello, Bob! Your favorite color is red."


def test_render_with_list() -> None:
    template_text = "The items are:\n{items:{item | - {item}\n}}"
    message = PromptTemplate(template_text).create_message({"items": ["apple", "banana", "cherry"]})
    assert message.get_text() == "The items are:\n- apple\n- banana\n- cherry\n"
    with pytest.raises(RuntimeError, match=r"Missing variable names are: \[items\]\."):
        PromptTemplate(template_text).render()


def test_render_uses_template_variables_and_overrides() -> None:
    model: dict[str, Any] = {"key1": "value1", "key2": "cheap", "key3": 100}
    template = (
        PromptTemplate.builder()
        .template("This is a {key1}, it is {key2}, and it costs {key3}")
        .variables(model)
        .build()
    )
    assert template.render() == "This is a value1, it is cheap, and it costs 100"
    assert template.render({"key3": 200}) == "This is a value1, it is cheap, and it costs 200"


def test_render_resource(tmp_path: Path) -> None:
    resource = tmp_path / "prompt.st"
    resource.write_text("key1's value is {key1} and key2's value is {key2}", encoding="utf-8")
    template = (
        PromptTemplate.builder().resource(resource).variables({"key1": "value1", "key2": 2}).build()
    )
    assert template.render() == "key1's value is value1 and key2's value is 2"
    assert PromptTemplate(resource=str(resource)).get_template() == resource.read_text(
        encoding="utf-8"
    )


def test_render_failure_for_missing_key() -> None:
    template = (
        PromptTemplate.builder().template("This is a {key2}!").variables({"key1": "value1"}).build()
    )
    with pytest.raises(RuntimeError):
        template.render()


def test_mutate_keeps_template_variables_and_renderer() -> None:
    template = PromptTemplate("Hi {name}", {"name": "Ada"}, renderer=NoOpTemplateRenderer())
    copy = template.mutate().build()
    assert copy.get_template() == "Hi {name}"
    assert copy.render() == "Hi {name}"


def test_create_message_with_media() -> None:
    media = Media("image/png", b"x")
    message = PromptTemplate("Describe").create_message([media])
    assert isinstance(message, UserMessage)
    assert message.get_media() == [media]


def test_system_prompt_template() -> None:
    template = SystemPromptTemplate(
        "You are a helpful assistant that translates {input_language} to {output_language}."
    )
    message = template.create_message({"input_language": "English", "output_language": "French"})
    assert isinstance(message, SystemMessage)
    assert message.get_text() == "You are a helpful assistant that translates English to French."
    prompt = template.create({"input_language": "English", "output_language": "French"})
    assert isinstance(prompt, Prompt)
    assert isinstance(prompt.get_instructions()[0], SystemMessage)
    with pytest.raises(
        RuntimeError, match=r"Missing variable names are: \[input_language, output_language\]\."
    ):
        template.render()


def test_assistant_prompt_template() -> None:
    message = AssistantPromptTemplate("I said {thing}").create_message({"thing": "hi"})
    assert isinstance(message, AssistantMessage)
    assert message.get_text() == "I said hi"


def test_a_template_str_is_never_read_as_a_path(tmp_path: Path) -> None:
    path = tmp_path / "prompt.st"
    path.write_text("Hello {name}!", encoding="utf-8")
    assert PromptTemplate(str(path)).get_template() == str(path)
    assert SystemPromptTemplate(path).create_message({"name": "Ada"}) == SystemMessage("Hello Ada!")
    assert PromptTemplate(resource=str(path)).get_template() == "Hello {name}!"


@pytest.mark.parametrize(
    ("setter", "value", "error"),
    [
        ("template", 42, "template must be a str, got int"),
        ("resource", 42, "resource must be a path"),
        ("variables", ["name"], "variables must be a mapping, got list"),
    ],
)
def test_builder_setters_reject_values_of_the_wrong_type_at_once(
    setter: str, value: object, error: str
) -> None:
    with pytest.raises(TypeError, match=error):
        getattr(PromptTemplate.builder(), setter)(value)
