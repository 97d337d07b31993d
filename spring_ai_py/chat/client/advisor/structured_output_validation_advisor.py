"""``StructuredOutputValidationAdvisor``: validate JSON answers, let the model retry."""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Generator, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.client.advisor.api.advisor import CallAdvisor, StreamAdvisor
from spring_ai_py.chat.client.advisor.usage_accumulator import UsageAccumulator
from spring_ai_py.core import Ordered

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

    from spring_ai_py.chat.client.advisor.api.chain import CallAdvisorChain, StreamAdvisorChain
    from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse

_logger = logging.getLogger("spring_ai_py.chat.client.advisor.StructuredOutputValidationAdvisor")

_VALIDATION_FAILED = "Output JSON validation failed because of: "


@dataclass(frozen=True, slots=True)
class _SchemaValidation:
    success: bool
    error_message: str = ""


def _json_path(path: Iterable[str | int]) -> str:
    """A readable location in the answer: ``films[1].year``; ``$`` for the whole answer."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text or "$"


def _validator_for(schema_text: str | Mapping[str, Any]) -> Validator:
    import jsonschema  # imported on first use: it costs ~45 ms, most clients never validate

    """Parse and check the schema (draft 2020-12 unless it names another ``$schema``)."""
    if isinstance(schema_text, str):
        try:
            schema = json.loads(schema_text)
        except ValueError as error:
            raise ValueError(f"Failed to parse JSON schema: {error}") from error
    else:
        schema = dict(schema_text)
    validator_class = jsonschema.validators.validator_for(
        schema, default=jsonschema.Draft202012Validator
    )
    try:
        validator_class.check_schema(schema)
    except jsonschema.SchemaError as error:
        where = _json_path(error.absolute_path)
        raise ValueError(f"Invalid JSON schema at {where}: {error.message}") from error
    return validator_class(schema)


class StructuredOutputValidationAdvisor(CallAdvisor, StreamAdvisor, Buildable):
    """Validates the model's JSON answer against a JSON schema and retries on failure.

    The schema comes from ``output_type`` (any type ``BeanOutputConverter`` handles: a
    pydantic model, a dataclass, ``list[Person]``...; as in Spring, its objects forbid
    extra properties) or is given as ``output_json_schema`` (a JSON string or a dict);
    exactly one of the two must be set. It is parsed and checked when the advisor is
    built, so a malformed schema fails there, not on the first call.

    On the call path the advisor runs everything inside itself
    (``call_advisor_chain.copy(self)``) and validates the text of the first
    generation with ``jsonschema``. When the answer is missing, is not JSON or breaks
    the schema, it appends ``Output JSON validation failed because of: <errors>`` to the
    original user message (errors are ``path: message`` pairs such as
    ``films[1].year: 'nineteen' is not of type 'integer'``, joined by ``"; "``) and asks
    again, at most ``max_repeat_attempts`` more times (default 3; 0 means a single
    call). When every attempt fails the last answer is returned as it is. Usage is
    summed over all attempts (:class:`UsageAccumulator`).

    A response asking for tool calls is not validated; it is returned at once, so the
    ``ToolCallingAdvisor`` outside can run the tools.

    Streaming is not supported, as in Spring 2.0.1: iterating ``advise_stream`` raises
    ``NotImplementedError``.

    ``ChatClient ... .call().entity(Person, lambda s: s.validate_schema())`` adds one
    built from the converter's schema. Default order: ``LOWEST_PRECEDENCE - 2000``
    (inside the tool-calling loop and the memory advisors).
    """

    DEFAULT_ADVISOR_ORDER: ClassVar[int] = Ordered.LOWEST_PRECEDENCE - 2000
    DEFAULT_MAX_REPEAT_ATTEMPTS: ClassVar[int] = 3

    def __init__(
        self,
        output_type: Any = None,
        output_json_schema: str | Mapping[str, Any] | None = None,
        max_repeat_attempts: int = DEFAULT_MAX_REPEAT_ATTEMPTS,
        advisor_order: int = DEFAULT_ADVISOR_ORDER,
    ) -> None:
        has_schema = (
            output_json_schema is not None
            if not isinstance(output_json_schema, str)
            else _assert.has_text_value(output_json_schema)
        )
        if has_schema and output_type is not None:
            raise ValueError("Only output_type or output_json_schema can be set, not both.")
        if not has_schema and output_type is None:
            raise ValueError("Either output_type or output_json_schema must be set.")
        _assert.not_none(advisor_order, "advisor_order must not be null")
        _assert.is_true(
            Ordered.HIGHEST_PRECEDENCE < advisor_order < Ordered.LOWEST_PRECEDENCE,
            "advisor_order must be between HIGHEST_PRECEDENCE and LOWEST_PRECEDENCE",
        )
        _assert.not_none(max_repeat_attempts, "max_repeat_attempts must not be null")
        _assert.is_true(
            max_repeat_attempts >= 0, "max_repeat_attempts must be greater than or equal to 0"
        )
        schema: str | Mapping[str, Any]
        if output_type is not None:
            from spring_ai_py.converter import BeanOutputConverter

            schema = BeanOutputConverter(output_type).get_json_schema()
        else:
            assert output_json_schema is not None
            schema = output_json_schema
        if _logger.isEnabledFor(logging.DEBUG):
            _logger.debug("Generated JSON Schema:\n%s", schema)
        self._validator = _validator_for(schema)
        self._output_type = output_type
        self._output_json_schema = output_json_schema
        self._max_repeat_attempts = max_repeat_attempts
        self._advisor_order = advisor_order

    def get_name(self) -> str:
        return "Structured Output Validation Advisor"

    def get_order(self) -> int:
        return self._advisor_order

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        _assert.not_none(call_advisor_chain, "call_advisor_chain must not be null")
        _assert.not_none(chat_client_request, "chat_client_request must not be null")
        attempts = self._attempts(chat_client_request)
        request = next(attempts)
        while True:
            try:
                request = attempts.send(call_advisor_chain.copy(self).next_call(request))
            except StopIteration as done:
                result: ChatClientResponse = done.value
                return result

    async def aadvise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        """The same attempts, each awaited on the event loop (``anext_call``)."""
        _assert.not_none(call_advisor_chain, "call_advisor_chain must not be null")
        _assert.not_none(chat_client_request, "chat_client_request must not be null")
        attempts = self._attempts(chat_client_request)
        request = next(attempts)
        while True:
            response = await call_advisor_chain.copy(self).anext_call(request)
            try:
                request = attempts.send(response)
            except StopIteration as done:
                result: ChatClientResponse = done.value
                return result

    def _attempts(
        self, chat_client_request: ChatClientRequest
    ) -> Generator[ChatClientRequest, ChatClientResponse, ChatClientResponse]:
        """The validation loop, independent of how the chain is called: it yields each
        attempt's request, receives its response and returns the final response."""
        usage = UsageAccumulator()
        request = chat_client_request
        attempts_left = self._max_repeat_attempts
        while True:
            response = yield request
            chat_response = response.chat_response
            usage.add_round_response(chat_response)
            if chat_response is not None and chat_response.has_tool_calls():
                # Not a final answer: the tool-calling loop outside needs it as it is.
                break
            validation = self._validate_output(response, attempts_left)
            if validation.success:
                _logger.debug("JSON validation succeeded")
                break
            _logger.warning("JSON validation failed: %s", validation.error_message)
            if attempts_left == 0:
                break
            attempts_left -= 1
            request = self._with_feedback(chat_client_request, validation.error_message)
        return usage.apply_accumulated_usage(response)

    @staticmethod
    def _with_feedback(
        chat_client_request: ChatClientRequest, error_message: str
    ) -> ChatClientRequest:
        """The original request with the validation errors appended to the user message."""
        feedback = _VALIDATION_FAILED + error_message
        prompt = chat_client_request.prompt.augment_user_message(
            lambda user: user.mutate().text(f"{user.get_text() or ''}\n{feedback}").build()
        )
        return chat_client_request.mutate().prompt(prompt).build()

    def _validate_output(
        self, chat_client_response: ChatClientResponse, attempts_left: int
    ) -> _SchemaValidation:
        chat_response = chat_client_response.chat_response
        generation = chat_response.get_result() if chat_response is not None else None
        text = generation.get_output().get_text() if generation is not None else None
        if text is None:
            _logger.warning("ChatClientResponse is missing required json output for validation.")
            return _SchemaValidation(False, "Missing required json output for validation.")
        _logger.debug("Validating JSON output against schema. Attempts left: %d", attempts_left)
        return self._validate_json_text(text)

    def _validate_json_text(self, text: str) -> _SchemaValidation:
        if not text.strip():
            return _SchemaValidation(False, "Empty JSON output for validation.")
        try:
            instance = json.loads(text)
        except json.JSONDecodeError as error:
            return _SchemaValidation(
                False, f"Invalid JSON: {error.msg} (line {error.lineno}, column {error.colno})"
            )
        errors = [
            f"{_json_path(error.absolute_path)}: {error.message}"
            for error in self._validator.iter_errors(instance)
        ]
        if not errors:
            return _SchemaValidation(True)
        return _SchemaValidation(False, "; ".join(errors))

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        """Fail the stream, as Spring does: streamed answers cannot be validated and retried.

        Like Spring's ``Flux.error``, the error is raised when iteration starts.
        """
        raise NotImplementedError(
            "The Structured Output Validation Advisor does not support streaming."
        )
        yield  # pragma: no cover - makes this an async generator

    def __repr__(self) -> str:
        source = (
            f"output_type={self._output_type!r}"
            if self._output_type is not None
            else "output_json_schema=..."
        )
        return (
            f"StructuredOutputValidationAdvisor({source}, "
            f"max_repeat_attempts={self._max_repeat_attempts}, advisor_order={self._advisor_order})"
        )

    # --- generated builder ---
    class Builder(_builder.Builder["StructuredOutputValidationAdvisor"]):
        """The builder of :class:`StructuredOutputValidationAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def output_type(self, output_type: Any, /) -> Self:
            return self._set("output_type", (output_type,))

        def output_json_schema(self, output_json_schema: str | Mapping[str, Any] | None, /) -> Self:
            return self._set("output_json_schema", (output_json_schema,))

        def max_repeat_attempts(self, max_repeat_attempts: int, /) -> Self:
            return self._set("max_repeat_attempts", (max_repeat_attempts,))

        def advisor_order(self, advisor_order: int, /) -> Self:
            return self._set("advisor_order", (advisor_order,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> StructuredOutputValidationAdvisor: ...

    @classmethod
    def builder(cls) -> StructuredOutputValidationAdvisor.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> StructuredOutputValidationAdvisor.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
