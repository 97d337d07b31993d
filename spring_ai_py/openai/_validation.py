"""Shape checks of the Chat Completions JSON the OpenAI model reads itself.

The model reads response bodies and stream chunks as plain JSON (without the SDK's
pydantic models), so it checks their shape here: a body whose ``choices`` is not a
list, a choice that is not an object, a tool call without its ``function`` object,
token counts that are not numbers... raise ``openai.APIResponseValidationError`` naming
the offending field (``choices must be a list, got str``), never an ``AttributeError``
or ``TypeError`` from deep inside the response mapping. Fields the mapping does not
read are not checked, so servers adding their own fields keep working.
"""

from __future__ import annotations

from typing import Any

_OPTIONAL_TEXT = (str, type(None))
_USAGE_COUNTS = ("prompt_tokens", "completion_tokens", "total_tokens")


def check_completion(body: dict[str, Any], http_response: Any) -> dict[str, Any]:
    """Return ``body`` (a ``chat.completion`` object) after checking its shape."""
    problem = _body_problem(body, "message")
    if problem is not None:
        _raise(http_response, body, f"The response body has the wrong shape: {problem}")
    return body


def check_chunk(chunk: dict[str, Any], http_response: Any) -> dict[str, Any]:
    """Return ``chunk`` (a ``chat.completion.chunk`` event) after checking its shape."""
    problem = _body_problem(chunk, "delta")
    if problem is not None:
        _raise(http_response, chunk, f"The stream sent an event of the wrong shape: {problem}")
    return chunk


class FinishTracker:
    """Whether a stream has finished every choice it started (``n`` > 1 streams finish
    each choice in its own chunk): a stream cut after one choice's finish reason is
    still incomplete."""

    __slots__ = ("_finished", "_seen")

    def __init__(self) -> None:
        self._seen: set[int] = set()
        self._finished: set[int] = set()

    def add(self, chunk: dict[str, Any]) -> None:
        for choice in chunk.get("choices") or ():
            index = choice.get("index", 0)
            self._seen.add(index)
            if choice.get("finish_reason"):
                self._finished.add(index)

    def complete(self) -> bool:
        return bool(self._finished) and self._finished >= self._seen


def _raise(http_response: Any, body: object, message: str) -> None:
    import openai

    raise openai.APIResponseValidationError(http_response, body, message=message)


def _type_name(value: object) -> str:
    return "null" if value is None else type(value).__name__


def _body_problem(body: dict[str, Any], message_key: str) -> str | None:
    for key in ("id", "model"):
        if not isinstance(body.get(key), _OPTIONAL_TEXT):
            return f"{key} must be a string, got {_type_name(body.get(key))}"
    usage = body.get("usage")
    if usage is not None:
        if not isinstance(usage, dict):
            return f"usage must be an object, got {_type_name(usage)}"
        for key in _USAGE_COUNTS:
            count = usage.get(key)
            if count is not None and (isinstance(count, bool) or not isinstance(count, int)):
                return f"usage.{key} must be an integer, got {_type_name(count)}"
    choices = body.get("choices")
    if choices is None:
        return None
    if not isinstance(choices, list):
        return f"choices must be a list, got {_type_name(choices)}"
    for position, choice in enumerate(choices):
        where = f"choices[{position}]"
        if not isinstance(choice, dict):
            return f"{where} must be an object, got {_type_name(choice)}"
        problem = _choice_problem(choice, where, message_key)
        if problem is not None:
            return problem
    return None


def _choice_problem(choice: dict[str, Any], where: str, message_key: str) -> str | None:
    index = choice.get("index", 0)
    if isinstance(index, bool) or not isinstance(index, int):
        return f"{where}.index must be an integer, got {_type_name(index)}"
    if not isinstance(choice.get("finish_reason"), _OPTIONAL_TEXT):
        return f"{where}.finish_reason must be a string, got {_type_name(choice['finish_reason'])}"
    message = choice.get(message_key)
    if message is None:
        return None
    where = f"{where}.{message_key}"
    if not isinstance(message, dict):
        return f"{where} must be an object, got {_type_name(message)}"
    for key in ("content", "role", "reasoning_content", "reasoning"):
        if not isinstance(message.get(key), _OPTIONAL_TEXT):
            return f"{where}.{key} must be a string, got {_type_name(message.get(key))}"
    tool_calls = message.get("tool_calls")
    if tool_calls is None:
        return None
    if not isinstance(tool_calls, list):
        return f"{where}.tool_calls must be a list, got {_type_name(tool_calls)}"
    for position, call in enumerate(tool_calls):
        problem = _tool_call_problem(
            call, f"{where}.tool_calls[{position}]", whole=message_key == "message"
        )
        if problem is not None:
            return problem
    return None


def _tool_call_problem(call: object, where: str, whole: bool) -> str | None:
    """A complete call needs its ``function``; a stream's delta of one may omit it."""
    if not isinstance(call, dict):
        return f"{where} must be an object, got {_type_name(call)}"
    if not isinstance(call.get("id"), _OPTIONAL_TEXT):
        return f"{where}.id must be a string, got {_type_name(call.get('id'))}"
    function = call.get("function")
    if function is None and not whole:
        return None
    if function is None:
        return f"{where}.function is missing"
    if not isinstance(function, dict):
        return f"{where}.function must be an object, got {_type_name(function)}"
    for key in ("name", "arguments"):
        if not isinstance(function.get(key), _OPTIONAL_TEXT):
            return f"{where}.function.{key} must be a string, got {_type_name(function.get(key))}"
    return None
