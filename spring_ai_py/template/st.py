"""``org.springframework.ai.template.st``: the StringTemplate renderer, Spring's default."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.template._st import (
    Element,
    Interpreter,
    TemplateSyntaxError,
    compile_template,
    input_variables,
)
from spring_ai_py.template.template_renderer import (
    TemplateRenderer,
    ValidationMode,
    _check_arguments,
)

_logger = logging.getLogger("spring_ai_py.template.st.StTemplateRenderer")

_VALIDATION_MESSAGE = (
    "Not all variables were replaced in the template. Missing variable names are: [{}]."
)


class _StTemplateRendererBuilder(_builder.Builder["StTemplateRenderer"]):
    """Builder with Spring's setters; ``validate_st_functions()`` takes no argument."""

    __slots__ = ()

    def validate_st_functions(self, value: bool = True) -> Self:
        """Require variables named like ST's built-in functions (``{first}``)."""
        self._values["validate_st_functions"] = value
        return self


def _delimiter(value: Any, name: str) -> str:
    if not isinstance(value, str) or len(value) != 1:
        raise ValueError(f"{name} must be a single character, got {value!r}")
    return value


class StTemplateRenderer(Buildable, TemplateRenderer):
    """Renders templates written in StringTemplate 4 syntax: ``"Hello {name}!"``.

    Placeholders use ``{`` and ``}`` unless other delimiter characters are configured
    (``start_delimiter_token('<')``, ``end_delimiter_token('>')``). Besides plain
    ``{name}``, the ST4 expression language is available: properties
    (``{user.name}``: a mapping key, a zero-argument getter ``get_name()`` /
    ``is_name()`` / ``has_name()``, or a data attribute; templates only read, so no
    other method is called or rendered and ``_``-prefixed names stay out of reach),
    ``{if(x)}...{else}...{endif}``, the functions ``first``, ``last``,
    ``rest``, ``trunc``, ``strip``, ``trim``, ``length``, ``strlen``, ``reverse``, the
    ``separator`` and ``null`` options, and anonymous templates
    (``{items:{item | - {item}}; separator="\\n"}``). Write ``\\{`` for a literal brace.
    Values render with ``str()`` (booleans as ``true``/``false``, as ST4 does); names may
    contain ``-`` (``{first-name}``); ``None`` and missing values render as nothing, and
    lists render their elements one after another.

    Before rendering, the variables are checked against the template's placeholders:
    with ``ValidationMode.THROW`` (the default) a missing variable raises
    ``RuntimeError`` naming it, with ``WARN`` it is logged, with ``NONE`` it is ignored.
    Names of built-in functions used as plain placeholders (``{first}``) are only
    required when ``validate_st_functions()`` is set. Option names such as
    ``separator`` are never required, and neither are the arguments of anonymous
    templates. An invalid template raises ``ValueError``, and so does one nested too
    deeply to compile or render (thousands of levels), never a ``RecursionError``. The renderer keeps no state
    between calls, so it is safe to share between threads.
    """

    DEFAULT_START_DELIMITER_TOKEN: ClassVar[str] = "{"
    DEFAULT_END_DELIMITER_TOKEN: ClassVar[str] = "}"
    DEFAULT_VALIDATION_MODE: ClassVar[ValidationMode] = ValidationMode.THROW
    DEFAULT_VALIDATE_ST_FUNCTIONS: ClassVar[bool] = False

    def __init__(
        self,
        start_delimiter_token: str = DEFAULT_START_DELIMITER_TOKEN,
        end_delimiter_token: str = DEFAULT_END_DELIMITER_TOKEN,
        validation_mode: ValidationMode = DEFAULT_VALIDATION_MODE,
        validate_st_functions: bool = DEFAULT_VALIDATE_ST_FUNCTIONS,
    ) -> None:
        _assert.not_none(validation_mode, "validation_mode cannot be null")
        if not isinstance(validation_mode, ValidationMode):
            raise ValueError(f"validation_mode must be a ValidationMode, got {validation_mode!r}")
        self._start_delimiter_token = _delimiter(start_delimiter_token, "start_delimiter_token")
        self._end_delimiter_token = _delimiter(end_delimiter_token, "end_delimiter_token")
        self._validation_mode = validation_mode
        self._validate_st_functions = bool(validate_st_functions)

    def apply(self, template: str, variables: Mapping[str, Any]) -> str:
        """Render ``template`` with ``variables`` after validating them."""
        variables = _check_arguments(template, variables)
        try:
            compiled = compile_template(
                template, self._start_delimiter_token, self._end_delimiter_token
            )
        except TemplateSyntaxError as ex:
            raise ValueError(f"The template string is not valid. {ex}") from ex
        except RecursionError:
            raise ValueError(
                "The template string is not valid. It nests too deeply to compile."
            ) from None
        values: dict[str, Any] = {}
        for name, value in variables.items():
            if not isinstance(name, str):
                raise ValueError(f"variables keys must be strings, got {name!r}")
            if "." in name:
                raise ValueError("cannot have '.' in attribute names")
            # a generator is read once, however often the template refers to it
            values[name] = list(value) if isinstance(value, Iterator) else value
        try:
            if self._validation_mode is not ValidationMode.NONE:
                self._validate(compiled, values)
            return Interpreter(_logger).render(compiled, values)
        except RecursionError:
            raise ValueError("The template nests too deeply to render.") from None

    def _validate(self, compiled: tuple[Element, ...], variables: Mapping[str, Any]) -> None:
        missing = [
            name
            for name in input_variables(compiled, self._validate_st_functions)
            if name not in variables
        ]
        if not missing:
            return
        message = _VALIDATION_MESSAGE.format(", ".join(missing))
        if self._validation_mode is ValidationMode.WARN:
            _logger.warning(message)
        else:
            raise RuntimeError(message)

    def __repr__(self) -> str:
        return (
            f"StTemplateRenderer(start_delimiter_token={self._start_delimiter_token!r}, "
            f"end_delimiter_token={self._end_delimiter_token!r}, "
            f"validation_mode={self._validation_mode}, "
            f"validate_st_functions={self._validate_st_functions})"
        )

    # --- generated builder (base: _StTemplateRendererBuilder) ---
    class Builder(_StTemplateRendererBuilder):
        """The builder of :class:`StTemplateRenderer`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def start_delimiter_token(self, start_delimiter_token: str, /) -> Self:
            return self._set("start_delimiter_token", (start_delimiter_token,))

        def end_delimiter_token(self, end_delimiter_token: str, /) -> Self:
            return self._set("end_delimiter_token", (end_delimiter_token,))

        def validation_mode(self, validation_mode: ValidationMode, /) -> Self:
            return self._set("validation_mode", (validation_mode,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> StTemplateRenderer: ...

    @classmethod
    def builder(cls) -> StTemplateRenderer.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> StTemplateRenderer.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---



