"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.prompt.SystemPromptTemplateTests`: 28 tests ported, 0 skipped.

The bodies live in ``prompt_template_cases.py``, shared with PromptTemplateTests (Spring
has no ``renderWithResourceFile`` here). Spring's ``Resource`` is a path here.
"""

from __future__ import annotations

from pathlib import Path

import prompt_template_cases as cases

from spring_ai_py.chat.messages import SystemMessage
from spring_ai_py.chat.prompt import SystemPromptTemplate


def test_create_with_valid_template(tmp_path: Path) -> None:
    cases.create_with_valid_template(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_with_empty_template(tmp_path: Path) -> None:
    cases.create_with_empty_template(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_with_null_template(tmp_path: Path) -> None:
    cases.create_with_null_template(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_with_valid_resource(tmp_path: Path) -> None:
    cases.create_with_valid_resource(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_with_null_resource(tmp_path: Path) -> None:
    cases.create_with_null_resource(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_with_null_variables(tmp_path: Path) -> None:
    cases.create_with_null_variables(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_with_null_variable_keys(tmp_path: Path) -> None:
    cases.create_with_null_variable_keys(SystemPromptTemplate, SystemMessage, tmp_path)


def test_add_variable(tmp_path: Path) -> None:
    cases.add_variable(SystemPromptTemplate, SystemMessage, tmp_path)


def test_render_without_variables(tmp_path: Path) -> None:
    cases.render_without_variables(SystemPromptTemplate, SystemMessage, tmp_path)


def test_render_with_variables(tmp_path: Path) -> None:
    cases.render_with_variables(SystemPromptTemplate, SystemMessage, tmp_path)


def test_render_with_additional_variables(tmp_path: Path) -> None:
    cases.render_with_additional_variables(SystemPromptTemplate, SystemMessage, tmp_path)


def test_render_with_resource_variable(tmp_path: Path) -> None:
    cases.render_with_resource_variable(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_message_without_variables(tmp_path: Path) -> None:
    cases.create_message_without_variables(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_message_with_variables(tmp_path: Path) -> None:
    cases.create_message_with_variables(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_prompt_without_variables(tmp_path: Path) -> None:
    cases.create_prompt_without_variables(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_prompt_with_variables(tmp_path: Path) -> None:
    cases.create_prompt_with_variables(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_with_custom_renderer(tmp_path: Path) -> None:
    cases.create_with_custom_renderer(SystemPromptTemplate, SystemMessage, tmp_path)


def test_builder_should_not_allow_both_template_and_resource(tmp_path: Path) -> None:
    cases.builder_should_not_allow_both_template_and_resource(
        SystemPromptTemplate, SystemMessage, tmp_path
    )


def test_create_with_valid_template_builder(tmp_path: Path) -> None:
    cases.create_with_valid_template_builder(SystemPromptTemplate, SystemMessage, tmp_path)


def test_render_with_variables_builder(tmp_path: Path) -> None:
    cases.render_with_variables_builder(SystemPromptTemplate, SystemMessage, tmp_path)


def test_create_with_valid_resource_builder(tmp_path: Path) -> None:
    cases.create_with_valid_resource_builder(SystemPromptTemplate, SystemMessage, tmp_path)


def test_add_variable_builder(tmp_path: Path) -> None:
    cases.add_variable_builder(SystemPromptTemplate, SystemMessage, tmp_path)


def test_render_without_variables_builder(tmp_path: Path) -> None:
    cases.render_without_variables_builder(SystemPromptTemplate, SystemMessage, tmp_path)


def test_render_with_additional_variables_builder(tmp_path: Path) -> None:
    cases.render_with_additional_variables_builder(SystemPromptTemplate, SystemMessage, tmp_path)


def test_render_with_resource_variable_builder(tmp_path: Path) -> None:
    cases.render_with_resource_variable_builder(SystemPromptTemplate, SystemMessage, tmp_path)


def test_variables_overwriting_builder(tmp_path: Path) -> None:
    cases.variables_overwriting_builder(SystemPromptTemplate, SystemMessage, tmp_path)


def test_custom_renderer_builder(tmp_path: Path) -> None:
    cases.custom_renderer_builder(SystemPromptTemplate, SystemMessage, tmp_path)


def test_resource_builder(tmp_path: Path) -> None:
    cases.resource_builder(SystemPromptTemplate, SystemMessage, tmp_path)
