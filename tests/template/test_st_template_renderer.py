"""Behaviours of Spring's StTemplateRendererTests and StTemplateRendererEdgeTests, ported,
plus bad input."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import pytest

from spring_ai_py.template import StTemplateRenderer, TemplateRenderer, ValidationMode

LOGGER = "spring_ai_py.template.st.StTemplateRenderer"


def render(template: str, variables: dict[str, Any], **settings: Any) -> str:
    return StTemplateRenderer(**settings).apply(template, variables)


# --- StTemplateRendererTests -------------------------------------------------------------


def test_builder_rejects_null_validation_mode() -> None:
    with pytest.raises(ValueError, match="validation_mode cannot be null"):
        StTemplateRenderer.builder().validation_mode(None).build()


def test_builder_defaults_match_spring() -> None:
    renderer = StTemplateRenderer.builder().build()
    assert repr(renderer) == repr(StTemplateRenderer())
    assert repr(renderer) == (
        "StTemplateRenderer(start_delimiter_token='{', end_delimiter_token='}', "
        "validation_mode=ValidationMode.THROW, validate_st_functions=False)"
    )
    with pytest.raises(RuntimeError):
        renderer.apply("{missing}", {})


def test_render_single_variable() -> None:
    assert render("Hello {name}!", {"name": "Spring AI"}) == "Hello Spring AI!"


def test_render_multiple_variables() -> None:
    variables = {"greeting": "Hello", "name": "Spring AI", "punctuation": "!"}
    assert render("{greeting} {name}{punctuation}", variables) == "Hello Spring AI!"


@pytest.mark.parametrize("template", ["", None, " \n "])
def test_rejects_empty_template(template: Any) -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        render(template, {})


def test_rejects_null_variables() -> None:
    with pytest.raises(ValueError, match="variables cannot be null"):
        StTemplateRenderer().apply("Hello!", None)  # type: ignore[arg-type]


def test_rejects_null_variable_keys() -> None:
    with pytest.raises(ValueError, match="variables keys cannot be null"):
        render("Hello!", {None: "Spring AI"})  # type: ignore[dict-item]


def test_invalid_template_syntax() -> None:
    with pytest.raises(ValueError, match=r"The template string is not valid\.") as info:
        render("Hello {name!", {"name": "Spring AI"})
    assert "expecting '}'" in str(info.value)


def test_missing_variables_in_throw_mode() -> None:
    with pytest.raises(RuntimeError) as info:
        render("{greeting} {name}!", {"greeting": "Hello"})
    assert str(info.value) == (
        "Not all variables were replaced in the template. Missing variable names are: [name]."
    )


def test_missing_variables_are_listed_in_order_of_appearance() -> None:
    with pytest.raises(RuntimeError, match=r"are: \[b, a\]\."):
        render("{b} {a} {b}", {})


def test_missing_variables_in_warn_mode(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        result = render(
            "{greeting} {name}!", {"greeting": "Hello"}, validation_mode=ValidationMode.WARN
        )
    assert result == "Hello !"
    assert (
        "Not all variables were replaced in the template. Missing variable names are: [name]."
        in caplog.messages
    )


def test_no_validation_in_none_mode(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        result = render(
            "{greeting} {name}!", {"greeting": "Hello"}, validation_mode=ValidationMode.NONE
        )
    assert result == "Hello !"
    assert not any("Not all variables" in m for m in caplog.messages)


def test_custom_delimiters() -> None:
    renderer = (
        StTemplateRenderer.builder().start_delimiter_token("<").end_delimiter_token(">").build()
    )
    assert renderer.apply("Hello <name>! {not a placeholder}", {"name": "Spring AI"}) == (
        "Hello Spring AI! {not a placeholder}"
    )


def test_special_characters_as_delimiters() -> None:
    renderer = (
        StTemplateRenderer.builder().start_delimiter_token("$").end_delimiter_token("$").build()
    )
    assert renderer.apply("Hello $name$!", {"name": "Spring AI"}) == "Hello Spring AI!"


def test_complex_template_structures() -> None:
    variables = {
        "header": "Welcome",
        "user": "Spring AI",
        "items": "one, two, three",
        "footer": "Goodbye",
    }
    template = "{header}\nUser: {user}\nItems: {items}\n{footer}\n"
    assert (
        render(template, variables) == "Welcome\nUser: Spring AI\nItems: one, two, three\nGoodbye\n"
    )


def test_list_variables_with_separator() -> None:
    result = render('Items: {items; separator=", "}', {"items": ["apple", "banana", "cherry"]})
    assert result == "Items: apple, banana, cherry"


def test_template_with_options() -> None:
    variables = {"fruits": ("apple", "banana", "cherry"), "count": 3}
    result = render('Fruits: {fruits; separator=", "}, Count: {count}', variables)
    assert result == "Fruits: apple, banana, cherry, Count: 3"


def test_numeric_variables() -> None:
    assert render("Integer: {integer}, Float: {float}", {"integer": 42, "float": 3.14}) == (
        "Integer: 42, Float: 3.14"
    )


def test_flat_object_variables() -> None:
    assert (
        render("Person: {name}, Age: {age}", {"name": "John", "age": 30}) == "Person: John, Age: 30"
    )


def test_built_in_functions() -> None:
    assert render("{if(strlen(memory))}Hello!{endif}", {"memory": "you are helpful"}) == "Hello!"


def test_property_access() -> None:
    assert render("Hello {test.name}!", {"test": {"name": "Spring AI"}}) == "Hello Spring AI!"


def test_deep_property_access() -> None:
    variables = {"test": {"tom": {"name": "Spring AI"}}}
    assert render("Hello {test.tom.name}!", variables) == "Hello Spring AI!"


def test_validation_requires_only_the_top_level_of_a_property_path() -> None:
    assert (
        render("Hello {user.profile.name}!", {"user": {"profile": {"name": "John"}}})
        == "Hello John!"
    )
    with pytest.raises(RuntimeError, match=r"Missing variable names are: \[user\]"):
        render("Hello {user.profile.name}!", {"profile": {"name": "John"}})


# --- StTemplateRendererEdgeTests ---------------------------------------------------------


def test_built_in_functions_with_variables() -> None:
    variables = {"list": ["a", "b", "c"], "name": "Mark"}
    assert render("{name}: {first(list)}, {last(list)}", variables) == "Mark: a, c"


@pytest.mark.parametrize("validate_st_functions", [False, True])
def test_nested_built_in_functions(validate_st_functions: bool) -> None:
    variables = {"words": ["hello", "WORLD"]}
    template = "{first(words)} {last(words)} {length(words)}"
    result = render(template, variables, validate_st_functions=validate_st_functions)
    assert result == "hello WORLD 2"


@pytest.mark.parametrize("mode", [ValidationMode.THROW, ValidationMode.WARN])
def test_built_in_functions_are_not_missing_variables(
    mode: ValidationMode, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert (
            render("{if(strlen(memory))}ok{endif}", {"memory": "abc"}, validation_mode=mode) == "ok"
        )
    assert not caplog.messages


def test_variable_names_similar_to_built_in_functions() -> None:
    assert render("{lengthy} {firstName}", {"lengthy": "foo", "firstName": "bar"}) == "foo bar"


def test_attribute_named_like_a_function_is_required_only_with_validate_st_functions() -> None:
    assert render("[{first}]", {}) == "[]"
    renderer = StTemplateRenderer.builder().validate_st_functions().build()
    with pytest.raises(RuntimeError, match=r"\[first\]"):
        renderer.apply("[{first}]", {})
    assert renderer.apply("[{first}]", {"first": 1}) == "[1]"


def test_escaped_delimiters() -> None:
    assert render("{x} \\{foo\\}", {"x": "y"}) == "y {foo}"


def test_static_text_template() -> None:
    assert render("Just static text.", {}) == "Just static text."


def test_large_number_of_variables() -> None:
    variables = {f"var{i}": i for i in range(100)}
    template = " ".join(f"{{var{i}}}" for i in range(100))
    assert render(template, variables) == " ".join(str(i) for i in range(100))


def test_unicode_and_special_characters() -> None:
    assert render("{emoji} {accented}", {"emoji": "😀", "accented": "Café"}) == "😀 Café"


def test_null_values_render_as_blank() -> None:
    assert render("Value: {foo}", {"foo": None}) == "Value: "


# --- bad input ---------------------------------------------------------------------------


def test_variable_names_with_dots_are_rejected() -> None:
    with pytest.raises(ValueError, match=r"cannot have '\.' in attribute names"):
        render("{a}", {"a": 1, "b.c": 2})


def test_non_string_variable_names_are_rejected() -> None:
    with pytest.raises(ValueError, match="variables keys must be strings"):
        render("{a}", {1: "x"})  # type: ignore[dict-item]


@pytest.mark.parametrize("delimiter", ["", "{{", None, 1])
def test_delimiters_must_be_single_characters(delimiter: Any) -> None:
    with pytest.raises(ValueError, match="must be a single character"):
        StTemplateRenderer.builder().start_delimiter_token(delimiter).build()
    with pytest.raises(ValueError, match="must be a single character"):
        StTemplateRenderer(end_delimiter_token=delimiter)


def test_validation_mode_must_be_a_validation_mode() -> None:
    with pytest.raises(ValueError, match="must be a ValidationMode"):
        StTemplateRenderer(validation_mode="THROW")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("template", "problem"),
    [
        ("Hello {", "expecting '}'"),
        ("{}", "unexpected '}'"),
        ("{if(x)}open", "missing endif"),
        ("text {else} more", "'else' without a matching if"),
        ("{endif}", "'endif' without a matching if"),
        ('{x; separatr=", "}', "no such option: separatr"),
        ("{x; separator}", "option separator requires a value"),
        ("{helper()}", "no such template: helper()"),
        ("{x:helper()}", "no such template: helper()"),
        ('{"unterminated}', "EOF in string"),
        ("{! never closed", "Nonterminated comment"),
        ("{x | y}", "expecting '|'"),
        ("{first()}", "function first() expects one argument"),
        ("{items:{it | {it}}", "expecting '}'"),
        ("{\\q}", "invalid escaped char: 'q'"),
        ('{"a": 1}', "expecting a template to apply"),
        ("{x#}", "invalid character '#'"),
    ],
)
def test_invalid_templates_name_the_problem(template: str, problem: str) -> None:
    with pytest.raises(ValueError, match=r"The template string is not valid\.") as info:
        render(template, {"x": 1, "items": [1]}, validation_mode=ValidationMode.NONE)
    assert problem in str(info.value)


def test_invalid_template_is_reported_before_missing_variables() -> None:
    with pytest.raises(ValueError, match="not valid"):
        render("{name", {})


def test_renderer_is_a_template_renderer_and_callable() -> None:
    renderer: TemplateRenderer = StTemplateRenderer()
    assert renderer("Hi {x}", {"x": 1}) == "Hi 1"


def test_mutate_keeps_settings() -> None:
    renderer = (
        StTemplateRenderer.builder().start_delimiter_token("<").end_delimiter_token(">").build()
    )
    copy = renderer.mutate().validation_mode(ValidationMode.NONE).build()
    assert copy.apply("<a><b>", {"a": 1}) == "1"


@dataclass
class Profile:
    name: str

    def get_title(self) -> str:
        return "Dr."

    def is_active(self) -> bool:
        return True

    def nickname(self) -> str:
        return "Ace"


def test_object_properties_use_getters_attributes_and_accessor_methods(
    caplog: pytest.LogCaptureFixture,
) -> None:
    variables = {"p": Profile("Ada")}
    assert render("{p.title} {p.name} {p.active} {p.nickname}", variables) == "Dr. Ada true Ace"
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert render("[{p.age}][{p._private}]", variables) == "[][]"
    assert any("no such property or can't access: Profile.age" in m for m in caplog.messages)
