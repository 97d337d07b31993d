"""Prompt templates: text with ``{name}`` placeholders rendered into messages and prompts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spring_ai_py import _assert
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.messages import Message, SystemMessage, UserMessage
from spring_ai_py.chat.prompt.chat_options import ChatOptions, ChatOptionsBuilder
from spring_ai_py.chat.prompt.prompt import Prompt

if TYPE_CHECKING:
    from spring_ai_py.content import Media
    from spring_ai_py.template import TemplateRenderer


def default_template_renderer() -> TemplateRenderer:
    """The default renderer: ``{name}`` placeholders, missing variables raise."""
    from spring_ai_py.template import StTemplateRenderer

    return StTemplateRenderer.builder().build()


class PromptTemplate(Buildable):
    """A template for the text of a user message (or a whole prompt).

    ``PromptTemplate("Tell me about {topic}").render({"topic": "owls"})``; the
    ``renderer`` (a :class:`~spring_ai_py.template.TemplateRenderer`) decides the
    placeholder syntax. A ``resource`` (a path) may be given instead of ``template``.
    """

    def __init__(
        self,
        template: str | None = None,
        variables: Mapping[str, Any] | None = None,
        renderer: TemplateRenderer | None = None,
        resource: str | Path | None = None,
    ) -> None:
        if template is not None and resource is not None:
            raise ValueError("Only one of template or resource can be set")
        if resource is not None:
            template = Path(resource).read_text(encoding="utf-8")
        self._template = _assert.has_text(template, "template cannot be null or empty")
        variables = dict(variables) if variables is not None else {}
        if None in variables:
            raise ValueError("variables keys cannot be null")
        self._variables: dict[str, Any] = variables
        self._renderer: TemplateRenderer = (
            renderer if renderer is not None else default_template_renderer()
        )

    def _builder_state(self) -> dict[str, Any]:
        return {
            "template": self._template,
            "variables": dict(self._variables),
            "renderer": self._renderer,
        }

    def add(self, name: str, value: Any) -> None:
        """Set a variable for later renders."""
        self._variables[name] = value

    def get_template(self) -> str:
        return self._template

    def render(self, additional_variables: Mapping[str, Any] | None = None) -> str:
        """Render with the template's variables, overridden by ``additional_variables``."""
        variables = {**self._variables, **(additional_variables or {})}
        for key, value in variables.items():
            if isinstance(value, Path):
                variables[key] = value.read_text(encoding="utf-8") if value.exists() else ""
        return self._renderer.apply(self._template, variables)

    def create_message(
        self, variables_or_media: Mapping[str, Any] | Sequence[Media] | None = None
    ) -> Message:
        """A user message with the rendered text (and the given media, if a list)."""
        if isinstance(variables_or_media, Mapping) or variables_or_media is None:
            return UserMessage(self.render(variables_or_media))
        return UserMessage(self.render(), media=list(variables_or_media))

    def create(
        self,
        variables: Mapping[str, Any] | ChatOptions | ChatOptionsBuilder | None = None,
        options: ChatOptions | ChatOptionsBuilder | None = None,
    ) -> Prompt:
        """A prompt holding the rendered message (and ``options``)."""
        if isinstance(variables, ChatOptions | ChatOptionsBuilder):
            variables, options = None, variables
        return Prompt(self.create_message(variables), options)


class SystemPromptTemplate(PromptTemplate):
    """A template whose messages are system messages."""

    def create_message(
        self, variables_or_media: Mapping[str, Any] | Sequence[Media] | None = None
    ) -> Message:
        variables = variables_or_media if isinstance(variables_or_media, Mapping) else None
        return SystemMessage(self.render(variables))


class AssistantPromptTemplate(PromptTemplate):
    """A template whose messages are assistant messages."""

    def create_message(
        self, variables_or_media: Mapping[str, Any] | Sequence[Media] | None = None
    ) -> Message:
        from spring_ai_py.chat.messages import AssistantMessage

        variables = variables_or_media if isinstance(variables_or_media, Mapping) else None
        return AssistantMessage(self.render(variables))
