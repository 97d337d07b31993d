"""Port of Spring AI 2.0.1 `org.springframework.ai.template.st.StTemplateRendererTests`: 22 tests ported, 0 skipped.

Sibling of ``test_st_template_renderer.py`` (the port's own renderer tests). Java's
``char`` delimiters are one-character strings; ``IllegalStateException`` is
``RuntimeError`` and ``IllegalArgumentException`` ``ValueError`` (PORTING §4); error
messages spell identifiers the Python way (``validation_mode``).
"""

from __future__ import annotations

import pytest

from spring_ai_py.template import StTemplateRenderer, ValidationMode


def _renderer() -> StTemplateRenderer:
    return StTemplateRenderer.builder().build()


def test_should_not_accept_null_validation_mode() -> None:
    with pytest.raises(ValueError, match="validation_mode cannot be null"):
        StTemplateRenderer.builder().validation_mode(None).build()


def test_should_use_default_values_when_using_builder() -> None:
    renderer = _renderer()
    assert renderer._start_delimiter_token == "{"
    assert renderer._end_delimiter_token == "}"
    assert renderer._validation_mode is ValidationMode.THROW


def test_should_render_template_with_single_variable() -> None:
    assert _renderer().apply("Hello {name}!", {"name": "Spring AI"}) == "Hello Spring AI!"


def test_should_render_template_with_multiple_variables() -> None:
    variables = {"greeting": "Hello", "name": "Spring AI", "punctuation": "!"}
    assert _renderer().apply("{greeting} {name}{punctuation}", variables) == "Hello Spring AI!"


def test_should_not_render_empty_template() -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        _renderer().apply("", {})


def test_should_not_accept_null_variables() -> None:
    with pytest.raises(ValueError, match="variables cannot be null"):
        _renderer().apply("Hello!", None)  # type: ignore[arg-type]


def test_should_not_accept_variables_with_null_key_set() -> None:
    with pytest.raises(ValueError, match="variables keys cannot be null"):
        _renderer().apply("Hello!", {None: "Spring AI"})  # type: ignore[dict-item]


def test_should_throw_exception_for_invalid_template_syntax() -> None:
    with pytest.raises(ValueError, match=r"The template string is not valid\."):
        _renderer().apply("Hello {name!", {"name": "Spring AI"})


def test_should_throw_exception_for_missing_variables_in_throw_mode() -> None:
    with pytest.raises(
        RuntimeError,
        match=r"Not all variables were replaced in the template\. Missing variable names are: \[name\]",
    ):
        _renderer().apply("{greeting} {name}!", {"greeting": "Hello"})


def test_should_continue_rendering_with_missing_variables_in_warn_mode() -> None:
    renderer = StTemplateRenderer.builder().validation_mode(ValidationMode.WARN).build()
    assert renderer.apply("{greeting} {name}!", {"greeting": "Hello"}) == "Hello !"


def test_should_render_without_validation_in_none_mode() -> None:
    renderer = StTemplateRenderer.builder().validation_mode(ValidationMode.NONE).build()
    assert renderer.apply("{greeting} {name}!", {"greeting": "Hello"}) == "Hello !"


def test_should_render_with_custom_delimiters() -> None:
    renderer = (
        StTemplateRenderer.builder().start_delimiter_token("<").end_delimiter_token(">").build()
    )
    assert renderer.apply("Hello <name>!", {"name": "Spring AI"}) == "Hello Spring AI!"


def test_should_handle_special_characters_as_delimiters() -> None:
    renderer = (
        StTemplateRenderer.builder().start_delimiter_token("$").end_delimiter_token("$").build()
    )
    assert renderer.apply("Hello $name$!", {"name": "Spring AI"}) == "Hello Spring AI!"


def test_should_handle_complex_template_structures() -> None:
    variables = {
        "header": "Welcome",
        "user": "Spring AI",
        "items": "one, two, three",
        "footer": "Goodbye",
    }
    result = _renderer().apply("{header}\nUser: {user}\nItems: {items}\n{footer}\n", variables)
    assert result == "Welcome\nUser: Spring AI\nItems: one, two, three\nGoodbye\n"


def test_should_handle_list_variables() -> None:
    renderer = StTemplateRenderer.builder().validation_mode(ValidationMode.NONE).build()
    result = renderer.apply(
        'Items: {items; separator=", "}', {"items": ["apple", "banana", "cherry"]}
    )
    assert result == "Items: apple, banana, cherry"


def test_should_render_template_with_options() -> None:
    renderer = StTemplateRenderer.builder().validation_mode(ValidationMode.NONE).build()
    variables = {"fruits": ["apple", "banana", "cherry"], "count": 3}
    result = renderer.apply('Fruits: {fruits; separator=", "}, Count: {count}', variables)
    assert result == "Fruits: apple, banana, cherry, Count: 3"
    for fruit in ("apple", "banana", "cherry"):
        assert fruit in result


def test_should_handle_numeric_variables() -> None:
    result = _renderer().apply("Integer: {integer}, Float: {float}", {"integer": 42, "float": 3.14})
    assert result == "Integer: 42, Float: 3.14"


def test_should_handle_object_variables() -> None:
    assert (
        _renderer().apply("Person: {name}, Age: {age}", {"name": "John", "age": 30})
        == "Person: John, Age: 30"
    )


def test_should_render_template_with_built_in_functions() -> None:
    variables = {"memory": "you are a helpful assistant"}
    assert _renderer().apply("{if(strlen(memory))}Hello!{endif}", variables) == "Hello!"


def test_should_handle_property_access_syntax() -> None:
    assert (
        _renderer().apply("Hello {test.name}!", {"test": {"name": "Spring AI"}})
        == "Hello Spring AI!"
    )


def test_should_handle_deep_property_access_syntax() -> None:
    variables = {"test": {"tom": {"name": "Spring AI"}}}
    assert _renderer().apply("Hello {test.tom.name}!", variables) == "Hello Spring AI!"


def test_should_validate_property_access_correctly() -> None:
    renderer = _renderer()
    assert (
        renderer.apply("Hello {user.profile.name}!", {"user": {"profile": {"name": "John"}}})
        == "Hello John!"
    )
    with pytest.raises(
        RuntimeError,
        match=r"Not all variables were replaced in the template\. Missing variable names are: \[user\]",
    ):
        renderer.apply("Hello {user.profile.name}!", {"profile": {"name": "John"}})
