"""Prompt templates: text with ``{name}`` placeholders rendered into messages and prompts."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.messages import Message, MessageUtils, SystemMessage, UserMessage
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
    placeholder syntax. A ``resource`` (a path, read as UTF-8) may be given instead of
    ``template``, and ``PromptTemplate(Path("prompt.st"))`` reads the file as Spring's
    ``new PromptTemplate(resource)`` does; a ``str`` is always the template text. A
    variable whose value is a path renders as the file's text. The builder's setters
    reject bad values at once, as Spring's do.
    """

    def __init__(
        self,
        template: str | os.PathLike[str] | None = None,
        variables: Mapping[str, Any] | None = None,
        renderer: TemplateRenderer | None = None,
        resource: str | os.PathLike[str] | None = None,
    ) -> None:
        if isinstance(template, os.PathLike):
            template, resource = (
                None,
                _check_resource(resource if resource is not None else template),
            )
        if template is not None and resource is not None:
            raise ValueError("Only one of template or resource can be set")
        if resource is not None:
            template = MessageUtils.read_resource(_check_resource(resource))
        self._template = _check_template(template)
        variables = dict(_check_variables(variables)) if variables is not None else {}
        self._variables: dict[str, Any] = variables
        self._renderer: TemplateRenderer = (
            renderer if renderer is not None else default_template_renderer()
        )

    @classmethod
    def _check_builder_value(cls, name: str, value: Any) -> None:
        if name == "template":
            _check_template(value)
        elif name == "resource":
            _check_resource(value)
        elif name == "variables":
            _check_variables(value)
        elif name == "renderer":
            _assert.not_none(value, "renderer cannot be null")

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
            if isinstance(value, os.PathLike):
                variables[key] = MessageUtils.read_resource(value)
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

    # --- generated builder ---
    class Builder(_builder.Builder["PromptTemplate"]):
        """The builder of :class:`PromptTemplate`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def template(self, template: str | os.PathLike[str] | None, /) -> Self:
            return self._set("template", (template,))

        def variables(self, variables: Mapping[str, Any] | None, /) -> Self:
            return self._set("variables", (variables,))

        def renderer(self, renderer: TemplateRenderer | None, /) -> Self:
            return self._set("renderer", (renderer,))

        def resource(self, resource: str | os.PathLike[str] | None, /) -> Self:
            return self._set("resource", (resource,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> PromptTemplate: ...

    @classmethod
    def builder(cls) -> PromptTemplate.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> PromptTemplate.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


def _check_template(template: object) -> str:
    if template is not None and not isinstance(template, str | os.PathLike):
        raise TypeError(f"template must be a str, got {type(template).__name__}")
    return _assert.has_text(
        template if isinstance(template, str) else None, "template cannot be null or empty"
    )


def _check_resource(resource: object) -> os.PathLike[str]:
    _assert.not_none(resource, "resource cannot be null")
    if isinstance(resource, str):
        return Path(resource)  # the resource keyword names a file, so a str is its path
    if not isinstance(resource, os.PathLike):
        raise TypeError(f"resource must be a path (os.PathLike), got {type(resource).__name__}")
    return resource


def _check_variables(variables: object) -> Mapping[str, Any]:
    _assert.not_none(variables, "variables cannot be null")
    if not isinstance(variables, Mapping):
        raise TypeError(f"variables must be a mapping, got {type(variables).__name__}")
    _assert.no_null_elements(variables.keys(), "variables keys cannot be null")
    return variables


class SystemPromptTemplate(PromptTemplate):
    """A template whose messages are system messages."""

    def create_message(
        self, variables_or_media: Mapping[str, Any] | Sequence[Media] | None = None
    ) -> Message:
        variables = variables_or_media if isinstance(variables_or_media, Mapping) else None
        return SystemMessage(self.render(variables))

    # --- generated builder ---
    class Builder(PromptTemplate.Builder):
        """The builder of :class:`SystemPromptTemplate`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> SystemPromptTemplate: ...

    @classmethod
    def builder(cls) -> SystemPromptTemplate.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> SystemPromptTemplate.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class AssistantPromptTemplate(PromptTemplate):
    """A template whose messages are assistant messages."""

    def create_message(
        self, variables_or_media: Mapping[str, Any] | Sequence[Media] | None = None
    ) -> Message:
        from spring_ai_py.chat.messages import AssistantMessage

        variables = variables_or_media if isinstance(variables_or_media, Mapping) else None
        return AssistantMessage(self.render(variables))

    # --- generated builder ---
    class Builder(PromptTemplate.Builder):
        """The builder of :class:`AssistantPromptTemplate`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AssistantPromptTemplate: ...

    @classmethod
    def builder(cls) -> AssistantPromptTemplate.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> AssistantPromptTemplate.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
