"""Shape checks of the Messages API objects the Anthropic model reads.

The SDK builds its response models without validating them (``construct``), so a body
or stream event of the wrong shape (a ``tool_use`` block without its ``id``, a
``content`` that is not a list) would surface as an ``AttributeError`` deep inside the
response mapping. These checks raise ``anthropic.APIResponseValidationError`` naming the
field instead, as an event that is not JSON does; a stream that ends cleanly before its
``message_stop`` event is an ``anthropic.APIConnectionError``, never a
complete answer. Only the fields the mapping reads are checked.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spring_ai_py.model._wire_limits import Exchange

_MISSING = object()

_BLOCK_FIELDS: dict[str, tuple[tuple[str, type | tuple[type, ...]], ...]] = {
    "text": (("text", str),),
    "tool_use": (("id", str), ("name", str), ("input", dict)),
    "thinking": (("thinking", str), ("signature", str)),
    "redacted_thinking": (("data", str),),
}
_STREAM_BLOCK_FIELDS: dict[str, tuple[tuple[str, type | tuple[type, ...]], ...]] = {
    "tool_use": (("id", str), ("name", str)),
    "redacted_thinking": (("data", str),),
}
_DELTA_FIELDS: dict[str, tuple[tuple[str, type | tuple[type, ...]], ...]] = {
    "text_delta": (("text", str),),
    "input_json_delta": (("partial_json", str),),
    "thinking_delta": (("thinking", str),),
    "signature_delta": (("signature", str),),
}
_OPTIONAL_COUNT = (int, type(None))
_OPTIONAL_TEXT = (str, type(None))


def check_message(message: Any, http_response: Any) -> Any:
    """Return ``message`` (a parsed ``Message``) after checking its shape."""
    problem = _message_problem(message, "", whole=True)
    if problem is not None:
        _invalid(http_response, f"The response body has the wrong shape: {problem}")
    return message


async def checked_events(
    events: AsyncIterator[Any], http_response: Any, exchange: Exchange
) -> AsyncIterator[Any]:
    """The stream's events, each checked, ending with an error if ``message_stop`` never came.

    An event whose data is not JSON, is not UTF-8 or is nested too deeply to read raises
    ``anthropic.APIResponseValidationError`` (the SDK's parser raises a bare
    ``json.JSONDecodeError``, ``UnicodeDecodeError`` or ``RecursionError``). ``exchange``
    bounds the stream; the consumer asking for the next event starts its idle time again.
    """
    import anthropic

    stopped = False
    iterator = aiter(events)
    while True:
        try:
            event = await anext(iterator)
        except StopAsyncIteration:
            break
        except json.JSONDecodeError as error:
            raise anthropic.APIResponseValidationError(
                http_response,
                error.doc,
                message=f"The stream sent an event that is not JSON: {error}",
            ) from error
        except UnicodeDecodeError as error:
            raise anthropic.APIResponseValidationError(
                http_response, None, message=f"The stream sent an event that is not UTF-8: {error}"
            ) from error
        except RecursionError as error:
            raise anthropic.APIResponseValidationError(
                http_response, None, message="The stream sent an event nested too deeply to read"
            ) from error
        problem = _event_problem(event)
        if problem is not None:
            _invalid(http_response, f"The stream sent an event of the wrong shape: {problem}")
        stopped = stopped or event.type == "message_stop"
        yield event
        exchange.event()
    if not stopped:
        raise anthropic.APIConnectionError(
            message="The stream ended before its terminal event (message_stop): "
            "the answer is incomplete",
            request=http_response.request,
        )


def _invalid(http_response: Any, message: str) -> None:
    import anthropic

    raise anthropic.APIResponseValidationError(http_response, None, message=message)


def _type_name(value: object) -> str:
    return "null" if value is None or value is _MISSING else type(value).__name__


def _field_problem(
    owner: Any, name: str, expected: type | tuple[type, ...], where: str
) -> str | None:
    value = getattr(owner, name, _MISSING)
    if isinstance(value, expected) and not (isinstance(value, bool) and expected is not bool):
        return None
    if value is _MISSING or value is None:
        return f"{where}{name} is missing"
    kind = expected.__name__ if isinstance(expected, type) else expected[0].__name__
    return f"{where}{name} must be {_article(kind)}, got {_type_name(value)}"


def _article(kind: str) -> str:
    return {"str": "a string", "int": "an integer", "dict": "an object", "list": "a list"}.get(
        kind, f"a {kind}"
    )


def _usage_problem(
    usage: Any, where: str, counts: tuple[str, ...], expected: type | tuple[type, ...]
) -> str | None:
    """``usage`` must be an object whose ``counts`` are ``expected``; cache counts optional."""
    if usage is _MISSING or usage is None:
        return f"{where} is missing"
    for name in counts:
        problem = _field_problem(usage, name, expected, f"{where}.")
        if problem is not None:
            return problem
    for name in ("cache_read_input_tokens", "cache_creation_input_tokens"):
        if getattr(usage, name, None) is not None:
            problem = _field_problem(usage, name, int, f"{where}.")
            if problem is not None:
                return problem
    return None


def _message_problem(message: Any, where: str, whole: bool) -> str | None:
    for name in ("id", "model"):
        problem = _field_problem(message, name, str, where)
        if problem is not None:
            return problem
    problem = _usage_problem(
        getattr(message, "usage", _MISSING),
        f"{where}usage",
        ("input_tokens", "output_tokens") if whole else ("input_tokens",),
        int,
    )
    if problem is not None or not whole:
        return problem
    problem = _field_problem(message, "stop_reason", _OPTIONAL_TEXT, where)
    if problem is not None and getattr(message, "stop_reason", _MISSING) is not _MISSING:
        return problem
    content = getattr(message, "content", _MISSING)
    if content is None or content is _MISSING:
        return None
    if not isinstance(content, list):
        return f"content must be a list, got {_type_name(content)}"
    for position, block in enumerate(content):
        problem = _block_problem(block, f"content[{position}]", _BLOCK_FIELDS)
        if problem is not None:
            return problem
    return None


def _block_problem(
    block: Any, where: str, fields: dict[str, tuple[tuple[str, type | tuple[type, ...]], ...]]
) -> str | None:
    if block is _MISSING or block is None:
        return f"{where} is missing"
    kind = getattr(block, "type", _MISSING)
    if not isinstance(kind, str):
        return (
            f"{where}.type is missing"
            if kind in (_MISSING, None)
            else (f"{where}.type must be a string, got {_type_name(kind)}")
        )
    for name, expected in fields.get(kind, ()):
        problem = _field_problem(block, name, expected, f"{where} ({kind}): ")
        if problem is not None:
            return problem
    return None


def _event_problem(event: Any) -> str | None:
    kind = getattr(event, "type", _MISSING)
    if not isinstance(kind, str):
        return f"type must be a string, got {_type_name(kind)}"
    if kind == "message_start":
        return _message_problem(getattr(event, "message", _MISSING), "message.", whole=False)
    if kind == "content_block_start":
        return _block_problem(
            getattr(event, "content_block", _MISSING), "content_block", _STREAM_BLOCK_FIELDS
        )
    if kind == "content_block_delta":
        return _block_problem(getattr(event, "delta", _MISSING), "delta", _DELTA_FIELDS)
    if kind == "message_delta":
        delta = getattr(event, "delta", _MISSING)
        if delta is _MISSING or delta is None:
            return "delta is missing"
        stop_reason = getattr(delta, "stop_reason", None)
        if not isinstance(stop_reason, _OPTIONAL_TEXT):
            return f"delta.stop_reason must be a string, got {_type_name(stop_reason)}"
        return _usage_problem(
            getattr(event, "usage", _MISSING), "usage", ("output_tokens",), _OPTIONAL_COUNT
        )
    return None
