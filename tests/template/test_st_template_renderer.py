"""StTemplateRenderer beyond Spring's StTemplateRendererTests and StTemplateRendererEdgeTests
(ported in ``test_st_template_renderer_spring.py`` and ``test_st_template_renderer_edge.py``):
validation details, bad input, objects, and StringTemplate's names and booleans."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.template import StTemplateRenderer, TemplateRenderer, ValidationMode

LOGGER = "spring_ai_py.template.st.StTemplateRenderer"


def render(template: str, variables: dict[str, Any], **settings: Any) -> str:
    return StTemplateRenderer(**settings).apply(template, variables)


# --- StTemplateRendererTests -------------------------------------------------------------


@pytest.mark.parametrize("template", ["", None, " \n "])
def test_rejects_empty_template(template: Any) -> None:
    with pytest.raises(ValueError, match="template cannot be null or empty"):
        render(template, {})


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


def test_validation_requires_only_the_top_level_of_a_property_path() -> None:
    assert (
        render("Hello {user.profile.name}!", {"user": {"profile": {"name": "John"}}})
        == "Hello John!"
    )
    with pytest.raises(RuntimeError, match=r"Missing variable names are: \[user\]"):
        render("Hello {user.profile.name}!", {"profile": {"name": "John"}})


# --- StTemplateRendererEdgeTests ---------------------------------------------------------


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


def test_attribute_named_like_a_function_is_required_only_with_validate_st_functions() -> None:
    assert render("[{first}]", {}) == "[]"
    renderer = StTemplateRenderer.builder().validate_st_functions().build()
    with pytest.raises(RuntimeError, match=r"\[first\]"):
        renderer.apply("[{first}]", {})
    assert renderer.apply("[{first}]", {"first": 1}) == "[1]"


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

    def has_badge(self) -> bool:
        return True

    def get_rank(self, level: int) -> str:
        return f"rank {level}"


def test_object_properties_use_getters_attributes_and_accessor_methods(
    caplog: pytest.LogCaptureFixture,
) -> None:
    variables = {"p": Profile("Ada")}
    assert render("{p.title} {p.name} {p.active}", variables) == "Dr. Ada true"
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert render("[{p.age}][{p._private}]", variables) == "[][]"
    assert any("no such property or can't access: Profile.age" in m for m in caplog.messages)


def test_templates_only_read_and_never_call_other_methods(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert render("[{p.unlink}][{d.mkdir}]", {"p": victim, "d": tmp_path / "made"}) == "[][]"
        assert render("[{s.upper}][{s.strip}]", {"s": "ab"}) == "[][]"
        assert render("[{p.nickname}][{p.rank}]", {"p": Profile("Ada")}) == "[][]"
    assert victim.read_text() == "keep me"
    assert not (tmp_path / "made").exists()
    assert "no such property or can't access: str.upper" in caplog.text
    assert "built-in method" not in caplog.text


def test_getters_and_properties_are_read_as_string_template_reads_them(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("x")
    assert render("{p.badge} {p.name}", {"p": Profile("Ada")}) == "true Ada"
    # is_file() is a getter in ST4's sense; name and suffix are data
    assert render("{p.file} {p.name} {p.suffix}", {"p": victim}) == "true victim.txt .txt"


def test_underscore_names_are_out_of_reach_through_getters_and_attributes() -> None:
    assert render("[{p._private}][{p.__class__}][{p.__dict__}]", {"p": Profile("Ada")}) == (
        "[][][]"
    )


def test_names_may_contain_dashes_as_in_string_template() -> None:
    assert render("Hi {first-name} {x-1}!", {"first-name": "Ada", "x-1": 1}) == "Hi Ada 1!"
    with pytest.raises(RuntimeError, match=r"Missing variable names are: \[last-name\]"):
        render("{last-name}", {})


def test_booleans_render_as_java_does() -> None:
    assert render("{yes} {no} {both}", {"yes": True, "no": False, "both": [True, False]}) == (
        "true false truefalse"
    )
