"""Port of Spring AI 2.0.1 `org.springframework.ai.template.st.StTemplateRendererEdgeTests`: 11 tests ported, 1 skipped."""

from __future__ import annotations

import pytest

from spring_ai_py.template import StTemplateRenderer, ValidationMode


def _renderer() -> StTemplateRenderer:
    return StTemplateRenderer.builder().build()


def test_should_handle_multiple_built_in_functions_and_variables() -> None:
    variables = {"list": ["a", "b", "c"], "name": "Mark"}
    assert _renderer().apply("{name}: {first(list)}, {last(list)}", variables) == "Mark: a, c"


def test_should_support_valid_nested_function_expression_in_st4() -> None:
    variables = {"words": ["hello", "WORLD"]}
    assert (
        _renderer().apply("{first(words)} {last(words)} {length(words)}", variables)
        == "hello WORLD 2"
    )


def test_should_handle_nested_built_in_functions() -> None:
    renderer = StTemplateRenderer.builder().validate_st_functions().build()
    variables = {"words": ["hello", "WORLD"]}
    assert (
        renderer.apply("{first(words)} {last(words)} {length(words)}", variables) == "hello WORLD 2"
    )


@pytest.mark.skip(
    reason="@Disabled in Spring 2.0.1: property-style access of built-in "
    "functions ({words.first}) cannot be validated"
)
def test_should_support_built_in_functions_as_properties() -> None:
    pass


def test_should_not_report_built_in_functions_as_missing_variables_in_throw_mode() -> None:
    renderer = StTemplateRenderer.builder().validation_mode(ValidationMode.THROW).build()
    assert renderer.apply("{if(strlen(memory))}ok{endif}", {"memory": "abc"}) == "ok"


def test_should_not_report_built_in_functions_as_missing_variables_in_warn_mode(
    caplog: pytest.LogCaptureFixture,
) -> None:
    renderer = StTemplateRenderer.builder().validation_mode(ValidationMode.WARN).build()
    assert renderer.apply("{if(strlen(memory))}ok{endif}", {"memory": "abc"}) == "ok"
    assert "Not all variables were replaced" not in caplog.text


def test_should_handle_variable_names_similar_to_built_in_functions() -> None:
    assert (
        _renderer().apply("{lengthy} {firstName}", {"lengthy": "foo", "firstName": "bar"})
        == "foo bar"
    )


def test_should_render_escaped_delimiters() -> None:
    assert _renderer().apply("{x} \\{foo\\}", {"x": "y"}) == "y {foo}"


def test_should_render_static_text_template() -> None:
    assert _renderer().apply("Just static text.", {}) == "Just static text."


def test_should_handle_large_number_of_variables() -> None:
    variables = {f"var{i}": i for i in range(100)}
    template = " ".join(f"{{var{i}}}" for i in range(100))
    assert _renderer().apply(template, variables) == " ".join(str(i) for i in range(100))


def test_should_render_unicode_and_special_characters() -> None:
    assert _renderer().apply("{emoji} {accented}", {"emoji": "😀", "accented": "Café"}) == "😀 Café"


def test_should_render_null_variable_values_as_blank() -> None:
    assert _renderer().apply("Value: {foo}", {"foo": None}) == "Value: "


@pytest.mark.parametrize(
    "template",
    [
        "{x:{a|" * 3000 + "}}" * 3000,
        "{if(x)}" * 3000 + "{endif}" * 3000,
        "{" + "(" * 3000 + "x" + ")" * 3000 + "}",
    ],
    ids=["subtemplates", "ifs", "parentheses"],
)
def test_deeply_nested_templates_are_a_value_error_not_a_recursion_error(template: str) -> None:
    with pytest.raises(ValueError, match="nests too deeply to compile"):
        StTemplateRenderer().apply(template, {"x": 1})


def test_a_self_containing_value_is_a_value_error_when_rendered() -> None:
    items: list[object] = []
    items.append(items)
    with pytest.raises(ValueError, match="The template nests too deeply to render"):
        StTemplateRenderer().apply("{items}", {"items": items})
