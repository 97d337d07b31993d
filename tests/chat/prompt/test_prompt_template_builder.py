"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.prompt.PromptTemplateBuilderTests`: 14 tests ported, 0 skipped."""

from __future__ import annotations

import pytest

from spring_ai_py.chat.prompt import PromptTemplate


def test_builder_null_template_should_throw() -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        PromptTemplate.builder().template(None)


def test_builder_empty_template_should_throw() -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        PromptTemplate.builder().template("")


def test_builder_null_resource_should_throw() -> None:
    with pytest.raises(ValueError, match="resource cannot be null"):
        PromptTemplate.builder().resource(None)


def test_builder_null_variables_should_throw() -> None:
    with pytest.raises(ValueError, match="variables cannot be null"):
        PromptTemplate.builder().variables(None)


def test_builder_null_variable_key_should_throw() -> None:
    with pytest.raises(ValueError, match="variables keys cannot be null"):
        PromptTemplate.builder().variables({None: "value"})


def test_builder_null_renderer_should_throw() -> None:
    with pytest.raises(ValueError, match="renderer cannot be null"):
        PromptTemplate.builder().renderer(None)


def test_render_with_missing_variable_should_throw() -> None:
    prompt_template = PromptTemplate.builder().template("Hello {name}!").build()
    with pytest.raises(RuntimeError) as raised:
        prompt_template.render()
    assert str(raised.value) == (
        "Not all variables were replaced in the template. Missing variable names are: [name]."
    )


def test_builder_with_whitespace_only_template_should_throw() -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        PromptTemplate.builder().template("   ")


def test_builder_with_empty_variables_map_should_work() -> None:
    prompt_template = PromptTemplate.builder().template("Status: active").variables({}).build()
    assert prompt_template.render() == "Status: active"


def test_builder_null_variable_value_should_work() -> None:
    prompt_template = (
        PromptTemplate.builder().template("Result: {value}").variables({"value": None}).build()
    )
    result = prompt_template.render()
    assert "Result:" in result


def test_builder_with_multiple_missing_variables_should_throw() -> None:
    prompt_template = (
        PromptTemplate.builder().template("Processing {item} with {type} at {level}").build()
    )
    with pytest.raises(RuntimeError) as raised:
        prompt_template.render()
    message = str(raised.value)
    assert "Not all variables were replaced in the template" in message
    for name in ("item", "type", "level"):
        assert name in message


def test_builder_with_partial_variables_should_throw() -> None:
    prompt_template = (
        PromptTemplate.builder()
        .template("Processing {item} with {type}")
        .variables({"item": "data"})
        .build()
    )
    with pytest.raises(RuntimeError, match=r"Missing variable names are: \[type\]"):
        prompt_template.render()


def test_builder_with_complete_variables_should_render() -> None:
    prompt_template = (
        PromptTemplate.builder()
        .template("Processing {item} with count {count}")
        .variables({"item": "data", "count": 42})
        .build()
    )
    assert prompt_template.render() == "Processing data with count 42"


def test_builder_with_empty_string_variable_should_work() -> None:
    prompt_template = (
        PromptTemplate.builder().template("Hello '{name}'!").variables({"name": ""}).build()
    )
    assert prompt_template.render() == "Hello ''!"
