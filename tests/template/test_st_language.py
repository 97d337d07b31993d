"""The StringTemplate 4 language as StTemplateRenderer renders it (ST4's own rules)."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from spring_ai_py.template import StTemplateRenderer, ValidationMode

LOGGER = "spring_ai_py.template.st.StTemplateRenderer"


def render(template: str, **variables: Any) -> str:
    return StTemplateRenderer(validation_mode=ValidationMode.NONE).apply(template, variables)


# --- whitespace (ST4's TestWhitespace and TestIndentation) -------------------------------


def test_leading_and_trailing_newlines_are_kept() -> None:
    assert render("\nfoo\n") == "\nfoo\n"


def test_windows_newlines_become_newlines() -> None:
    assert render("Foo\r\n{name}\n", name="a\nb\r\nc") == "Foo\na\nb\nc\n"


def test_if_tags_on_their_own_lines_leave_no_blank_lines() -> None:
    template = "begin\n{if(users)}\nfoo\n{else}\nbar\n{endif}\nend\n"
    assert render(template) == "begin\nbar\nend\n"
    assert render(template, users=["u"]) == "begin\nfoo\nend\n"


def test_empty_if_on_its_own_line_disappears() -> None:
    assert render("begin\n{if(x)}{endif}\nend\n") == "begin\nend\n"
    assert render("begin\n    {if(x)}{endif}\nend\n") == "begin\nend\n"
    assert render("begin\n{if(users)}{else}{endif}\nend\n") == "begin\nend\n"


def test_elseif_chains() -> None:
    template = "begin\n{if(a)}\nfoo\n{elseif(b)}\nbar\n{endif}\nend\n"
    assert render(template) == "begin\nend\n"
    assert render(template, b=True) == "begin\nbar\nend\n"
    indented = "begin\n  {if(a)}\n  foo\n  {elseif(b)}\n  bar\n  {endif}\nend\n"
    assert render(indented, a=True) == "begin\n  foo\nend\n"


def test_nested_ifs_on_multiple_lines() -> None:
    template = "begin\n{if(x)}\n{if(y)}\nfoo\n{else}\nbar\n{endif}\n{endif}\nend\n"
    assert render(template, x="x") == "begin\nbar\nend\n"


def test_inline_if_keeps_its_line() -> None:
    assert render("a {if(x)}yes{else}no{endif} b\nc", x=False) == "a no b\nc"


def test_comment_lines_leave_nothing() -> None:
    assert render("begin\n{! ignore !}\nend\n") == "begin\nend\n"
    assert render("begin\n    {! ignore !}\nend\n") == "begin\nend\n"
    assert render("a{! inline !}b") == "ab"


def test_line_with_only_an_empty_attribute_disappears() -> None:
    assert render("begin\n{x}\nend") == "begin\nend"
    assert render("begin\n  {x}\nend") == "begin\nend"
    assert render("begin\n\nend") == "begin\n\nend"


def test_whitespace_only_lines_become_empty_lines() -> None:
    assert render("a\n   \nb") == "a\n\nb"


def test_indented_expression_indents_every_line() -> None:
    assert render("Context:\n    {context}\nEnd", context="one\ntwo\n\nthree") == (
        "Context:\n    one\n    two\n\n    three\nEnd"
    )


def test_indentation_applies_to_list_elements_and_nested_templates() -> None:
    template = "items:\n  {items:{it | - {it}\n}}done"
    assert render(template, items=["a", "b"]) == "items:\n  - a\n  - b\ndone"


# --- escapes ---------------------------------------------------------------------------


def test_escape_tags() -> None:
    assert render("a{\\n}b{\\t}c{\\ }d{\\u0041}") == "a\nb\tc dA"


def test_backslash_escapes_in_text() -> None:
    assert render("\\\\ and \\{x\\} and \\a") == "\\ and {x} and \\a"


def test_line_continuation() -> None:
    assert render("one {\\\\}   \n     two") == "one two"


def test_escapes_with_custom_delimiters() -> None:
    renderer = StTemplateRenderer(start_delimiter_token="<", end_delimiter_token=">")
    assert renderer.apply("\\<b> <x> {raw}", {"x": 1}) == "<b> 1 {raw}"


def test_strings_in_expressions() -> None:
    assert render('{x; null="n\\ta"}') == "n\ta"


# --- values ----------------------------------------------------------------------------


def test_lists_concatenate_and_skip_nulls() -> None:
    assert render("{xs}", xs=["a", None, "b"]) == "ab"
    assert render('{xs; separator=", "}', xs=["a", None, "b"]) == "a, b"
    assert render('{xs; separator=", ", null="-"}', xs=["a", None, "b"]) == "a, -, b"


def test_nested_lists_sets_tuples_generators_and_dicts() -> None:
    assert render('{xs; separator=","}', xs=[["a", "b"], ("c",)]) == "a,b,c"
    assert render("{xs}", xs=(n for n in range(3))) == "012"
    assert render("{d}", d={"k1": 1, "k2": 2}) == "k1k2"
    assert render("{d.keys}/{d.values}", d={"k1": 1, "k2": 2}) == "k1k2/12"
    assert render("{d.missing}", d={"default": "fallback"}) == "fallback"


def test_generator_values_can_be_read_twice() -> None:
    assert render("{xs}|{length(xs)}", xs=(n for n in range(3))) == "012|3"


def test_separator_starts_after_the_first_element_that_wrote_something() -> None:
    assert render('{xs; separator=","}', xs=["", "a", "b"]) == "a,b"
    assert render('{xs; separator=","}', xs=["a", "", "b"]) == "a,,b"


def test_list_literals() -> None:
    assert render('{[a, b, "c"]; separator=" "}', a=["x", "y"], b="z") == "x y z c"
    assert render('{[a, , b]; null="?", separator=","}', a=1, b=2) == "1,?,2"
    assert render("{length([])}") == "0"


def test_parenthesized_expressions_render_to_text() -> None:
    assert render("{(xs)}", xs=[1, 2]) == "12"


def test_indirect_properties() -> None:
    assert render("{user.(field)}", user={"name": "Ada"}, field="name") == "Ada"


def test_values_render_with_str_and_booleans_as_java_does() -> None:
    assert render("{a} {b} {c} {d}", a=True, b=1.5, c=None, d=False) == "true 1.5  false"


# --- conditions --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, "no"),
        (False, "no"),
        ([], "no"),
        ({}, "no"),
        ("", "yes"),  # present: ST tests presence, not emptiness, for strings
        (0, "yes"),
        (True, "yes"),
        (["a"], "yes"),
    ],
)
def test_truth(value: Any, expected: str) -> None:
    assert render("{if(x)}yes{else}no{endif}", x=value) == expected


def test_boolean_operators() -> None:
    template = "{if(a && !b)}1{elseif((a || b) && c)}2{else}3{endif}"
    assert render(template, a=True, b=False) == "1"
    assert render(template, a=True, b=True, c=True) == "2"
    assert render(template, a=False, b=True) == "3"
    assert render("{if(user.admin)}admin{endif}", user={"admin": True}) == "admin"


# --- functions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("template", "expected"),
    [
        ('{rest(xs); separator=","}', "b,c"),
        ('{trunc(xs); separator=","}', "a,b"),
        ('{reverse(xs); separator=","}', "c,b,a"),
        ('{strip(ys); separator=","}', "a,b"),
        ("{length(ys)}", "3"),
        ("{length(missing)}", "0"),
        ("{length(s)}", "1"),
        ("{length(d)}", "2"),
        ("[{trim(pad)}]", "[x]"),
        ("{strlen(s)}", "5"),
        ("{first(s)}{last(s)}", "hellohello"),
        ("[{rest(s)}][{trunc(s)}][{rest(one)}][{trunc(one)}]", "[][][][]"),
        ("[{first(empty)}][{last(empty)}]", "[][]"),
        ("{first(rest(xs))}", "b"),
    ],
)
def test_functions(template: str, expected: str) -> None:
    variables = {
        "xs": ["a", "b", "c"],
        "ys": ["a", None, "b"],
        "s": "hello",
        "d": {"k": 1, "j": 2},
        "pad": "  x ",
        "one": ["only"],
        "empty": [],
    }
    assert render(template, **variables) == expected


def test_string_functions_on_other_values_log_an_error(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.ERROR, logger=LOGGER):
        assert render("{strlen(n)}|{trim(n)}", n=5) == "0|5"
    assert any("function strlen expects a string not int" in m for m in caplog.messages)


# --- anonymous templates -------------------------------------------------------------------


def test_map_over_a_list_with_index() -> None:
    template = '{items:{item | {i}. {item.name}}; separator="\\n"}'
    items = [{"name": "a"}, {"name": "b"}]
    assert render(template, items=items) == "1. a\n2. b"


def test_single_whitespace_after_pipe_is_dropped() -> None:
    assert render("{names:{n |\n{n}}}!", names=["Ter", "Tom"]) == "TerTom!"
    assert render("{names:{n |\n{n}\n}}!", names=["Ter", "Tom"]) == "Ter\nTom\n!"


def test_map_over_a_single_value_and_none() -> None:
    assert render("{x:{v | <{v}>}}", x="a") == "<a>"
    assert render("[{x:{v | <{v}>}}]", x=None) == "[]"


def test_map_keeps_null_elements_for_the_null_option() -> None:
    assert render('{xs:{v | {v}}; null="_", separator=","}', xs=["a", None]) == "a,_"


def test_alternating_templates() -> None:
    assert render('{xs:{v | +{v}},{v | -{v}}; separator=""}', xs=[1, 2, 3]) == "+1-2+3"


def test_chained_maps() -> None:
    assert render("{xs:{v | ({v})}:{w | [{w}]}}", xs=["a", "b"]) == "[(a)][(b)]"


def test_parallel_application() -> None:
    template = '{names, ages:{n, a | {n}={a}}; separator=","}'
    assert render(template, names=["x", "y", "z"], ages=[1, 2]) == "x=1,y=2,z="


def test_subtemplates_see_outer_attributes() -> None:
    assert render("{xs:{x | {x}{suffix}}}", xs=["a", "b"], suffix="!") == "a!b!"


def test_template_without_arguments_and_template_values() -> None:
    assert render("{xs:{*}}", xs=[1, 2]) == "**"
    assert render("{x; null={none}}") == "none"


# --- validation rules ----------------------------------------------------------------------


def test_validation_ignores_options_and_subtemplate_arguments() -> None:
    renderer = StTemplateRenderer()
    template = '{items:{item | {item}{i}{item}}; separator=", "} {sep}'
    with pytest.raises(RuntimeError, match=r"are: \[sep\]\."):
        renderer.apply(template, {"items": [1]})
    assert renderer.apply(template, {"items": [1, 2], "sep": "."}) == "111, 222 ."


def test_validation_finds_variables_inside_conditions_functions_and_options() -> None:
    with pytest.raises(RuntimeError, match=r"are: \[a, b, c, d\]\."):
        StTemplateRenderer().apply("{if(a)}{first(b)}{endif}{x; separator=c}{[d]}", {"x": 1})


def test_missing_attribute_logs_an_error_when_not_validated(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.ERROR, logger=LOGGER):
        assert render("[{nope}]") == "[]"
    assert any("attribute nope isn't defined" in m for m in caplog.messages)
