"""Turns messages into table rows and back, losslessly.

Spring's table keeps only ``content`` and ``type``. Everything else a message carries
(metadata, tool calls, tool responses, media, a ``None`` text) goes into the JSON
``payload`` column, so every message type comes back equal to what was saved. Rows
written by Spring itself have no payload and read back as Spring reads them.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any, NamedTuple

from spring_ai_py.chat.memory._support import STORAGE_TIMESTAMP_KEY
from spring_ai_py.chat.messages import (
    AbstractMessage,
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.content import Media

CONVERSATION_TS = STORAGE_TIMESTAMP_KEY


class EncodedMessage(NamedTuple):
    """The column values of one stored message (``timestamp`` is aware, in UTC)."""

    content: str
    type: str
    timestamp: datetime
    payload: str


_PAYLOAD_JSON = json.JSONEncoder(ensure_ascii=False, allow_nan=False)
_PLAIN_PAYLOAD_JSON = (
    json.encoder.c_make_encoder(  # type: ignore[attr-defined]
        None, None, json.encoder.encode_basestring, None, ": ", ", ", False, False, False
    )
    if json.encoder.c_make_encoder is not None  # type: ignore[attr-defined]
    else None
)
"""``_PAYLOAD_JSON``'s output for a plain payload, from C at once (no Python ``encode``
and ``iterencode`` frames around it, no circular-reference bookkeeping: a plain value is
never circular, see :func:`_plain_json`)."""


class _Kind(NamedTuple):
    """What of a message class the payload holds besides its metadata."""

    tool_calls: bool
    tool_responses: bool
    media: bool


_KINDS: dict[type, _Kind] = {}
"""By exact class: ``isinstance`` against the message ABCs runs Python code when it fails."""


def _kind(cls: type) -> _Kind:
    kind = _KINDS[cls] = _Kind(
        issubclass(cls, AssistantMessage),
        issubclass(cls, ToolResponseMessage),
        issubclass(cls, (UserMessage, AssistantMessage)),
    )
    return kind


def _where(conversation_id: str, index: int) -> str:
    return f"message {index} of conversation '{conversation_id}'"


def encode(message: Message, conversation_id: str, index: int, now: datetime) -> EncodedMessage:
    """Encode ``message``; raise ``ValueError`` if anything it carries cannot be stored exactly."""
    text = message.get_text()
    all_metadata = message.get_metadata()
    metadata = dict(all_metadata)
    metadata.pop(AbstractMessage.MESSAGE_TYPE, None)
    metadata.pop(CONVERSATION_TS, None)
    kind = _KINDS.get(message.__class__) or _kind(message.__class__)
    calls = message.get_tool_calls() if kind.tool_calls else None  # type: ignore[attr-defined]
    responses = message.get_responses() if kind.tool_responses else None  # type: ignore[attr-defined]
    encoded: str | None = None
    if (
        _PLAIN_PAYLOAD_JSON is not None
        and not (kind.media and message.get_media())  # type: ignore[attr-defined]
        and (not metadata or _plain_json(metadata, 1))
    ):
        try:  # noqa: SIM105 (contextlib.suppress is a context manager per message)
            encoded = _plain_payload(metadata, text is None, calls, responses)
        except (TypeError, ValueError):
            pass  # a field that is not a str, or a float with no JSON form: decided below
    if encoded is None:
        encoded = _general_payload(message, metadata, text, kind, conversation_id, index)

    stamp = all_metadata.get(CONVERSATION_TS)
    timestamp = _as_utc(stamp) if isinstance(stamp, datetime) else now
    return EncodedMessage(
        content=text if text is not None else "",
        type=message.get_message_type().name,
        timestamp=timestamp,
        payload=encoded,
    )


def _general_payload(
    message: Message,
    metadata: dict[str, Any],
    text: str | None,
    kind: _Kind,
    conversation_id: str,
    index: int,
) -> str:
    """The payload of any message, checked to survive a JSON round trip exactly."""
    payload: dict[str, Any] = {"metadata": metadata}
    if text is None:
        payload["text_is_null"] = True
    if kind.tool_calls and message.get_tool_calls():  # type: ignore[attr-defined]
        payload["tool_calls"] = [
            {"id": c.id, "type": c.type, "name": c.name, "arguments": c.arguments}
            for c in message.get_tool_calls()  # type: ignore[attr-defined]
        ]
    if kind.tool_responses and message.get_responses():  # type: ignore[attr-defined]
        payload["tool_responses"] = [
            {"id": r.id, "name": r.name, "response_data": r.response_data}
            for r in message.get_responses()  # type: ignore[attr-defined]
        ]
    if kind.media and message.get_media():  # type: ignore[attr-defined]
        where = _where(conversation_id, index)
        payload["media"] = [_encode_media(m, where) for m in message.get_media()]  # type: ignore[attr-defined]

    # json.dumps silently turns tuples into lists and int keys into strings; insist on an
    # exact round trip so what is read back equals what was saved. Plain JSON values
    # (exact dicts with str keys, lists, str, int, finite float, bool, None) round-trip
    # by construction, so only the others are decoded to compare. The payload's own
    # keys are str, and its records hold fields: only the metadata needs looking into.
    plain = (not metadata or _plain_json(metadata, 1)) and (
        len(payload) == 1 or _plain_records(payload)
    )
    try:
        if plain and _PLAIN_PAYLOAD_JSON is not None:
            encoded = "".join(_PLAIN_PAYLOAD_JSON(payload, 0))
        else:
            encoded = _PAYLOAD_JSON.encode(payload)
    except (TypeError, ValueError) as e:
        raise ValueError(
            f"Cannot store {_where(conversation_id, index)}: its payload is not "
            f"JSON-serializable: {e}"
        ) from e
    if not plain and json.loads(encoded) != payload:
        raise ValueError(
            f"Cannot store {_where(conversation_id, index)}: its metadata does not survive "
            "a JSON round trip (use str keys and str, int, float, bool, None, list or dict "
            "values)"
        )
    return encoded


_s = json.encoder.encode_basestring  # a str's JSON text; TypeError for anything else


def _plain_payload(
    metadata: dict[str, Any],
    text_is_null: bool,
    calls: list[AssistantMessage.ToolCall] | None,
    responses: list[ToolResponseMessage.ToolResponse] | None,
) -> str:
    """The payload's text, the same as ``_PAYLOAD_JSON`` writes it, for a message
    without media whose metadata is plain JSON, written here without building the
    payload's dicts. ``TypeError`` when a record's field is not a ``str`` (a str field
    round-trips by construction), ``ValueError`` for a float with no JSON form: the
    general path decides those."""
    # Called only when the C encoder exists.
    metadata_json = "".join(_PLAIN_PAYLOAD_JSON(metadata, 0)) if metadata else "{}"  # type: ignore[misc]
    parts = ['{"metadata": ', metadata_json]
    if text_is_null:
        parts.append(', "text_is_null": true')
    if calls:
        parts += (
            ', "tool_calls": [',
            ", ".join(
                [
                    f'{{"id": {_s(c.id)}, "type": {_s(c.type)}, "name": {_s(c.name)}, '
                    f'"arguments": {_s(c.arguments)}}}'
                    for c in calls
                ]
            ),
            "]",
        )
    if responses:
        parts += (
            ', "tool_responses": [',
            ", ".join(
                [
                    f'{{"id": {_s(r.id)}, "name": {_s(r.name)}, '
                    f'"response_data": {_s(r.response_data)}}}'
                    for r in responses
                ]
            ),
            "]",
        )
    parts.append("}")
    return "".join(parts)


_PLAIN_SCALARS = frozenset({str, int, float, bool, type(None)})
_STR = frozenset({str})


def _plain_records(payload: dict[str, Any]) -> bool:
    """Whether the payload's records (tool calls, tool responses, media) hold only exact
    JSON scalars (their fields are typed ``str``, a caller may still pass anything)."""
    for key, value in payload.items():
        if key != "metadata" and value is not True:
            for record in value:
                if not _PLAIN_SCALARS.issuperset(map(type, record.values())):
                    return False
    return True


def _plain_json(value: object, depth: int) -> bool:
    """Whether ``value`` is made only of exact JSON types (no subclasses, tuples or non-str
    keys), so that ``json.loads(json.dumps(value)) == value``; deep values answer no."""
    kind = type(value)
    if kind in _PLAIN_SCALARS:
        return True
    if depth > 20:
        return False
    # The types of a container's members are checked at once, in C; only its containers
    # are looked into: this runs for every message a memory or a durable turn stores.
    if kind is dict and isinstance(value, dict):
        if not _STR.issuperset(map(type, value)):
            return False
        members: Iterable[object] = value.values()
    elif kind is list and isinstance(value, list):
        members = value
    else:
        return False
    if _PLAIN_SCALARS.issuperset(map(type, members)):
        return True
    for v in members:
        if type(v) not in _PLAIN_SCALARS and not _plain_json(v, depth + 1):
            return False
    return True


def _encode_media(media: Media, where: str) -> dict[str, Any]:
    item: dict[str, Any] = {"mime_type": media.mime_type, "id": media.id, "name": media.name}
    if isinstance(media.data, str):
        item["data"] = media.data
    elif isinstance(media.data, (bytes, bytearray)):
        item["data_base64"] = base64.b64encode(bytes(media.data)).decode("ascii")
    else:
        raise ValueError(
            f"Cannot store {where}: media data must be str or bytes, "
            f"got {type(media.data).__name__}"
        )
    return item


def _as_utc(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


def decode(
    conversation_id: str,
    sequence_id: object,
    content: str | None,
    type_name: str | None,
    timestamp: object,
    payload: str | None,
    to_datetime: Callable[[object], datetime | None],
) -> Message:
    """Rebuild a message from its row; raise ``RuntimeError`` naming the row when it is corrupt."""

    def corrupt(reason: str) -> RuntimeError:
        return RuntimeError(
            f"Corrupt chat memory row in conversation '{conversation_id}' "
            f"(sequence_id {sequence_id}): {reason}"
        )

    try:
        message_type = MessageType[type_name] if isinstance(type_name, str) else None
    except KeyError:
        message_type = None
    if message_type is None:
        raise corrupt(f"unknown message type {type_name!r}")
    if content is None:
        raise corrupt("content is NULL")
    try:
        stamp = to_datetime(timestamp)
    except (TypeError, ValueError, OverflowError) as e:
        raise corrupt(f"invalid timestamp {timestamp!r}") from e
    extra = {CONVERSATION_TS: stamp} if stamp is not None else {}

    if payload is None:
        # A row written by Spring: text and type only.
        if message_type is MessageType.TOOL:
            raise corrupt("a TOOL row needs a payload with its tool responses")
        data: dict[str, Any] = {"metadata": {}}
    else:
        try:
            data = json.loads(payload)
        except ValueError as e:
            raise corrupt(f"invalid JSON payload ({e})") from e
        if not isinstance(data, dict) or not isinstance(data.get("metadata"), dict):
            raise corrupt("the payload must be a JSON object with a 'metadata' object")

    try:
        return _build(message_type, content, data, extra)
    except (KeyError, TypeError, ValueError, binascii.Error) as e:
        raise corrupt(f"malformed payload ({type(e).__name__}: {e})") from e


def _build(
    message_type: MessageType, content: str, data: dict[str, Any], extra: dict[str, Any]
) -> Message:
    metadata = {**data["metadata"], **extra}
    text = None if data.get("text_is_null") else content
    media = [_decode_media(item) for item in _list(data, "media")]
    if message_type is MessageType.USER:
        return UserMessage(text, media, metadata)
    if message_type is MessageType.SYSTEM:
        return SystemMessage(text, metadata)
    if message_type is MessageType.ASSISTANT:
        calls = [
            AssistantMessage.ToolCall(c["id"], c["type"], c["name"], c["arguments"])
            for c in _list(data, "tool_calls")
        ]
        return AssistantMessage(text, metadata, calls, media)
    responses = [
        ToolResponseMessage.ToolResponse(r["id"], r["name"], r["response_data"])
        for r in _list(data, "tool_responses")
    ]
    return ToolResponseMessage(responses, metadata)


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise TypeError(f"'{key}' must be a list")
    return value


def _decode_media(item: dict[str, Any]) -> Media:
    data: str | bytes = (
        base64.b64decode(item["data_base64"], validate=True)
        if "data_base64" in item
        else item["data"]
    )
    return Media(item["mime_type"], data, item.get("id"), item.get("name"))
