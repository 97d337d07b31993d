"""``org.springframework.ai.template``: rendering prompt templates with variables."""

from spring_ai_py.template.st import StTemplateRenderer
from spring_ai_py.template.template_renderer import (
    NoOpTemplateRenderer,
    TemplateRenderer,
    ValidationMode,
)

__all__ = ["NoOpTemplateRenderer", "StTemplateRenderer", "TemplateRenderer", "ValidationMode"]
