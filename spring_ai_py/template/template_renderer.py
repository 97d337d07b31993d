"""The template renderer contract, and the renderer that leaves templates as they are."""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from spring_ai_py import _assert


class ValidationMode(enum.Enum):
    """What a renderer does when the variables do not match the template's placeholders."""

    THROW = "THROW"
    """Raise an error. The default."""

    WARN = "WARN"
    """Log a warning and render with the placeholders left empty (not for production)."""

    NONE = "NONE"
    """Do not validate."""


class TemplateRenderer(ABC):
    """Renders a template string with a map of variables.

    A renderer is also a plain callable: ``renderer(template, variables)`` is
    ``renderer.apply(template, variables)``.
    """

    @abstractmethod
    def apply(self, template: str, variables: Mapping[str, Any]) -> str:
        """Render ``template`` with ``variables`` and return the text."""

    def __call__(self, template: str, variables: Mapping[str, Any]) -> str:
        return self.apply(template, variables)


def _check_arguments(template: str, variables: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """Spring's argument checks shared by the renderers; returns ``variables``."""
    _assert.has_text(template, "template cannot be null or empty")
    checked = _assert.not_none(variables, "variables cannot be null")
    _assert.no_null_elements(checked.keys(), "variables keys cannot be null")
    return checked


class NoOpTemplateRenderer(TemplateRenderer):
    """Returns the template unchanged (after checking its arguments like any renderer)."""

    def apply(self, template: str, variables: Mapping[str, Any]) -> str:
        _check_arguments(template, variables)
        return template
