"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.prompt.PromptTemplateTests`: 29 tests ported, 0 skipped.

Sibling of ``test_prompt_template.py`` (the port's own template tests). The bodies live
in ``prompt_template_cases.py``, shared with SystemPromptTemplateTests. Spring's
``Resource`` is a path here (``pathlib.Path``, read as UTF-8).
"""

from __future__ import annotations

from pathlib import Path

import prompt_template_cases as cases

from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.chat.prompt import PromptTemplate


def test_create_with_valid_template(tmp_path: Path) -> None:
    cases.create_with_valid_template(PromptTemplate, UserMessage, tmp_path)


def test_create_with_empty_template(tmp_path: Path) -> None:
    cases.create_with_empty_template(PromptTemplate, UserMessage, tmp_path)


def test_create_with_null_template(tmp_path: Path) -> None:
    cases.create_with_null_template(PromptTemplate, UserMessage, tmp_path)


def test_create_with_valid_resource(tmp_path: Path) -> None:
    cases.create_with_valid_resource(PromptTemplate, UserMessage, tmp_path)


def test_create_with_null_resource(tmp_path: Path) -> None:
    cases.create_with_null_resource(PromptTemplate, UserMessage, tmp_path)


def test_create_with_null_variables(tmp_path: Path) -> None:
    cases.create_with_null_variables(PromptTemplate, UserMessage, tmp_path)


def test_create_with_null_variable_keys(tmp_path: Path) -> None:
    cases.create_with_null_variable_keys(PromptTemplate, UserMessage, tmp_path)


def test_add_variable(tmp_path: Path) -> None:
    cases.add_variable(PromptTemplate, UserMessage, tmp_path)


def test_render_without_variables(tmp_path: Path) -> None:
    cases.render_without_variables(PromptTemplate, UserMessage, tmp_path)


def test_render_with_variables(tmp_path: Path) -> None:
    cases.render_with_variables(PromptTemplate, UserMessage, tmp_path)


def test_render_with_additional_variables(tmp_path: Path) -> None:
    cases.render_with_additional_variables(PromptTemplate, UserMessage, tmp_path)


def test_render_with_resource_variable(tmp_path: Path) -> None:
    cases.render_with_resource_variable(PromptTemplate, UserMessage, tmp_path)


def test_create_message_without_variables(tmp_path: Path) -> None:
    cases.create_message_without_variables(PromptTemplate, UserMessage, tmp_path)


def test_create_message_with_variables(tmp_path: Path) -> None:
    cases.create_message_with_variables(PromptTemplate, UserMessage, tmp_path)


def test_create_prompt_without_variables(tmp_path: Path) -> None:
    cases.create_prompt_without_variables(PromptTemplate, UserMessage, tmp_path)


def test_create_prompt_with_variables(tmp_path: Path) -> None:
    cases.create_prompt_with_variables(PromptTemplate, UserMessage, tmp_path)


def test_create_with_custom_renderer(tmp_path: Path) -> None:
    cases.create_with_custom_renderer(PromptTemplate, UserMessage, tmp_path)


def test_builder_should_not_allow_both_template_and_resource(tmp_path: Path) -> None:
    cases.builder_should_not_allow_both_template_and_resource(PromptTemplate, UserMessage, tmp_path)


def test_create_with_valid_template_builder(tmp_path: Path) -> None:
    cases.create_with_valid_template_builder(PromptTemplate, UserMessage, tmp_path)


def test_render_with_variables_builder(tmp_path: Path) -> None:
    cases.render_with_variables_builder(PromptTemplate, UserMessage, tmp_path)


def test_create_with_valid_resource_builder(tmp_path: Path) -> None:
    cases.create_with_valid_resource_builder(PromptTemplate, UserMessage, tmp_path)


def test_add_variable_builder(tmp_path: Path) -> None:
    cases.add_variable_builder(PromptTemplate, UserMessage, tmp_path)


def test_render_without_variables_builder(tmp_path: Path) -> None:
    cases.render_without_variables_builder(PromptTemplate, UserMessage, tmp_path)


def test_render_with_additional_variables_builder(tmp_path: Path) -> None:
    cases.render_with_additional_variables_builder(PromptTemplate, UserMessage, tmp_path)


def test_render_with_resource_variable_builder(tmp_path: Path) -> None:
    cases.render_with_resource_variable_builder(PromptTemplate, UserMessage, tmp_path)


def test_variables_overwriting_builder(tmp_path: Path) -> None:
    cases.variables_overwriting_builder(PromptTemplate, UserMessage, tmp_path)


def test_custom_renderer_builder(tmp_path: Path) -> None:
    cases.custom_renderer_builder(PromptTemplate, UserMessage, tmp_path)


def test_resource_builder(tmp_path: Path) -> None:
    cases.resource_builder(PromptTemplate, UserMessage, tmp_path)


def test_render_with_resource_file(tmp_path: Path) -> None:
    cases.render_with_resource_file(PromptTemplate, UserMessage, tmp_path)
