"""``JdbcToolLoopStateRepository``: durable tool-loop state in SQLite or PostgreSQL."""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable, Mapping
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from spring_ai_py import _assert
from spring_ai_py.chat.memory.repository.jdbc import _message_codec
from spring_ai_py.chat.memory.repository.jdbc._connections import (
    ConnectionSource,
    source_for,
)
from spring_ai_py.chat.memory.repository.jdbc._operations import JdbcOperations
from spring_ai_py.chat.memory.repository.jdbc.dialects import (
    TOOL_LOOP_STATE_TABLE,
    JdbcChatMemoryRepositoryDialect,
    PostgresChatMemoryRepositoryDialect,
    SqliteChatMemoryRepositoryDialect,
)
from spring_ai_py.chat.memory.repository.jdbc.jdbc_chat_memory_repository import (
    DataSource,
    _detect,
    _prefer_explicit,
)
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.content import Media
from spring_ai_py.model.tool.tool_approval import PauseReason, ToolCallStatus
from spring_ai_py.model.tool.tool_loop_state import (
    LoopPhase,
    ToolCallRecord,
    ToolLoopSnapshot,
    ToolLoopStateRepository,
)

logger = logging.getLogger(
    "spring_ai_py.chat.memory.repository.jdbc.JdbcToolLoopStateRepository"
)

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_WHERE = "the tool loop state"
_RUNNING_TURNS = 128
"""How many running turns keep their encoded messages between saves. A turn's last save
(paused or completed) drops its entry; the entry of a turn that ended in an error stays
until newer turns push it out (the oldest goes first); a turn whose entry went encodes
its messages again. A turn saves no more in this process after it paused or completed
(a resume loads new messages)."""


class _Unstorable(Exception):
    """A context value with no JSON form."""


_MILLISECOND = timedelta(milliseconds=1)


def _millis(value: datetime) -> int:
    return (value - _EPOCH) // _MILLISECOND


_dumps = json.JSONEncoder(ensure_ascii=False, allow_nan=False).encode
_str = json.encoder.encode_basestring  # a str's JSON text, as ``_dumps`` writes it


def _opt(value: str | None) -> str:
    return "null" if value is None else _str(value)


_IMMUTABLE_VALUES = frozenset({str, int, float, bool, type(None), MessageType, datetime})
"""Attribute and metadata value types whose value cannot change in place (``messageType``
and the memory's timestamp included)."""

_LISTS: dict[type, tuple[str, ...]] = {
    UserMessage: ("_media",),
    SystemMessage: (),
    AssistantMessage: ("_tool_calls", "_media"),
    ToolResponseMessage: ("_responses",),
}
"""The message classes whose stored form depends on their attributes alone, with the
attributes holding lists (of frozen records; the metadata is the one dict). A subclass
may compute its text or metadata: it is encoded at every save."""

_ATTRIBUTE_TYPES = _IMMUTABLE_VALUES | {dict, list}
_FROZEN_ITEMS = frozenset({AssistantMessage.ToolCall, ToolResponseMessage.ToolResponse, Media})

_Encoded = tuple[dict[str, object], tuple[type, ...], str]


def _state_copy(message: Message) -> dict[str, object] | None:
    """A copy of the attributes the stored form of ``message`` depends on (its metadata
    and lists copied), to tell whether it changed since it was encoded; ``None`` when
    part of it could change in place without the copy showing it (a list or dict in the
    metadata, media data that is not ``str`` or ``bytes``, a class or an attribute not
    known here): such a message is encoded at every save."""
    lists = _LISTS.get(message.__class__)
    if lists is None:
        return None
    copy = dict(vars(message))
    kinds = list(map(type, copy.values()))
    if not _ATTRIBUTE_TYPES.issuperset(kinds) or kinds.count(list) != len(lists):
        return None
    metadata = copy.get("_metadata")
    if kinds.count(dict) != 1 or metadata.__class__ is not dict:
        return None
    assert isinstance(metadata, dict)
    if not _IMMUTABLE_VALUES.issuperset(map(type, metadata.values())):
        return None
    copy["_metadata"] = dict(metadata)
    for name in lists:
        items = copy.get(name)
        if items.__class__ is not list:
            return None
        assert isinstance(items, list)
        if not _FROZEN_ITEMS.issuperset(map(type, items)):
            return None
        if items and name == "_media" and any(
            m.__class__ is not Media or m.data.__class__ not in (str, bytes) for m in items
        ):
            return None
        copy[name] = list(items)
    return copy


def _message_json(message: Message) -> str:
    # The tool-loop payload keeps no per-message timestamp: the codec's is not used.
    encoded = _message_codec.encode(message, _WHERE, 0, _EPOCH)
    return (
        f'{{"content":{_str(encoded.content)},"type":{_str(encoded.type)},'
        f'"payload":{_str(encoded.payload)}}}'
    )


class _MessageEncoder:
    """The JSON text of messages, each encoded once for the life of a turn.

    A turn saves its history at every boundary; its messages are kept by identity with
    a copy of their attributes (see :func:`_state_copy`), so a message saved again is
    encoded again only when it changed in between. The check is two comparisons made in
    C: the attributes against the copy, and the types of the metadata values (``1`` and
    ``True`` are equal, yet stored differently)."""

    __slots__ = ("_encoded", "remember")

    def __init__(self) -> None:
        # Each entry holds its message (a key of the copy), so no other object can take
        # its id while it is here.
        self._encoded: dict[int, tuple[Message, _Encoded]] = {}
        # Whether a message encoded now is kept for later saves (not at the turn's last).
        self.remember = True

    def encode(self, message: Message) -> str:
        """The JSON text of ``message`` as it is now."""
        held = self._encoded.get(id(message))
        if held is not None:
            state, kinds, text = held[1]
            current = vars(message)
            if state == current and kinds == tuple(map(type, current["_metadata"].values())):
                return text
        text = _message_json(message)
        if not self.remember:
            return text
        copy = _state_copy(message)
        if copy is not None:
            kinds = tuple(map(type, message.get_metadata().values()))
            self._encoded[id(message)] = (message, (copy, kinds, text))
        else:
            self._encoded.pop(id(message), None)
        return text


def _decode_message(token: str, data: Mapping[str, str]) -> Message:
    return _message_codec.decode(
        f"tool loop {token}",
        0,
        data["content"],
        data["type"],
        None,
        data["payload"],
        lambda _value: None,
    )


def _value_json(value: Any, message_json: Callable[[Message], str]) -> str:
    """The JSON text of a context value: messages and dicts tagged, lists as lists."""
    kind = value.__class__
    if kind is str:
        return _str(value)
    if kind is dict and not value:
        return '{"$dict":{}}'
    if kind in _LISTS or isinstance(value, Message):
        return '{"$message":' + message_json(value) + "}"
    if isinstance(value, str):
        return _str(value)
    if isinstance(value, dict) and all(isinstance(k, str) for k in value):
        entries = [_str(k) + ":" + _value_json(v, message_json) for k, v in value.items()]
        return '{"$dict":{' + ",".join(entries) + "}}"
    if isinstance(value, list | tuple):
        return "[" + ",".join([_value_json(v, message_json) for v in value]) + "]"
    if value is None or isinstance(value, bool | int):
        return _dumps(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise _Unstorable
        return _dumps(value)
    raise _Unstorable


def _decode_value(token: str, value: Any) -> Any:
    if isinstance(value, list):
        return [_decode_value(token, v) for v in value]
    if isinstance(value, dict):
        if "$message" in value:
            return _decode_message(token, value["$message"])
        return {k: _decode_value(token, v) for k, v in value["$dict"].items()}
    return value


def _context_json(
    context: Mapping[str, Any],
    message_json: Callable[[Message], str],
    messages: list[Message],
    texts: list[str],
) -> str:
    """The context's JSON text. A message in it that is one of the snapshot's
    ``messages`` (the turn's user message) gets the text ``texts`` holds for it, written
    in the same save, without a second look."""
    entries: list[str] = []
    for key, value in context.items():
        # A loop's context holds a message and an empty scope: written here, without
        # a call of _value_json each.
        kind = value.__class__
        if kind in _LISTS:
            for message, text in zip(messages, texts, strict=True):  # noqa: B007 (used after the break)
                if message is value:
                    break
            else:
                text = message_json(value)
            entries.append(f'{_str(key)}:{{"$message":{text}}}')
        elif kind is dict and not value:
            entries.append(_str(key) + ':{"$dict":{}}')
        else:
            try:
                entries.append(_str(key) + ":" + _value_json(value, message_json))
            except _Unstorable:
                logger.debug("Context entry %r has no JSON form; it is not saved", key)
    return "{" + ",".join(entries) + "}"


def _record_json(c: ToolCallRecord) -> str:
    return (
        f'{{"id":{_str(c.id)},"name":{_str(c.name)},"arguments":{_str(c.arguments)},'
        f'"status":{_str(c.status._value_)},"result":{_opt(c.result)},'
        f'"reason":{_opt(c.reason)},"approved":{"true" if c.approved else "false"}}}'
    )


def encode_snapshot(
    snapshot: ToolLoopSnapshot, message_json: Callable[[Message], str] = _message_json
) -> str:
    """The JSON text of ``snapshot``; ``message_json`` gives each message's (a
    :class:`_MessageEncoder` remembers them for the rest of the turn)."""
    messages = snapshot.messages
    texts = list(map(message_json, messages))
    parts = [
        '{"messages":[',
        ",".join(texts),
        '],"context":',
        _context_json(snapshot.context, message_json, messages, texts),
        ',"tool_calls":[',
        ",".join(map(_record_json, snapshot.tool_calls)),
        "]",
    ]
    if snapshot.instructions is not None:
        instructions = ",".join(map(message_json, snapshot.instructions))
        parts += (',"instructions":[', instructions, "]")
    if snapshot.assistant_message is not None:
        parts += (',"assistant_message":', message_json(snapshot.assistant_message))
    if snapshot.final_message is not None:
        parts += (',"final_message":', message_json(snapshot.final_message))
    if snapshot.pause_reason is not None:
        parts += (',"pause_reason":', _str(snapshot.pause_reason.value))
    parts.append("}")
    return "".join(parts)


def _assistant(token: str, data: Mapping[str, str] | None) -> AssistantMessage | None:
    if data is None:
        return None
    message = _decode_message(token, data)
    assert isinstance(message, AssistantMessage)
    return message


def decode_snapshot(
    token: str, conversation_id: str | None, phase: str, updated_at: int, payload: str
) -> ToolLoopSnapshot:
    """The snapshot of a row; ``RuntimeError`` naming the token when it is corrupt."""
    try:
        data = json.loads(payload)
        instructions = data.get("instructions")
        return ToolLoopSnapshot(
            token,
            LoopPhase(phase),
            [_decode_message(token, m) for m in data["messages"]],
            {k: _decode_value(token, v) for k, v in data["context"].items()},
            conversation_id,
            None if instructions is None else [_decode_message(token, m) for m in instructions],
            _assistant(token, data.get("assistant_message")),
            [
                ToolCallRecord(
                    c["id"],
                    c["name"],
                    c["arguments"],
                    ToolCallStatus(c["status"]),
                    c.get("result"),
                    c.get("reason"),
                    bool(c.get("approved", False)),
                )
                for c in data["tool_calls"]
            ],
            PauseReason(data["pause_reason"]) if "pause_reason" in data else None,
            _assistant(token, data.get("final_message")),
            _EPOCH + timedelta(milliseconds=int(updated_at)),
        )
    except (KeyError, TypeError, ValueError, AssertionError) as e:
        raise RuntimeError(f"Corrupt tool loop state for token '{token}': {e}") from e


class JdbcToolLoopStateRepository(JdbcOperations, ToolLoopStateRepository):
    """A ``ToolLoopStateRepository`` on the table ``SPRING_AI_TOOL_LOOP_STATE``.

    Built and connected like ``JdbcChatMemoryRepository`` (the same dialects, DSNs,
    data sources and pools), so it can share the chat memory's database: SQLite needs
    nothing beyond the standard library, PostgreSQL the ``postgres`` extra. Each save
    is one upsert in its own transaction. A running turn's messages are encoded once
    and their JSON reused by its later saves, unless a message changed in between (it
    is then encoded again). Context values without a JSON form (besides messages, which
    round-trip losslessly) are left out of the saved state.

        JdbcToolLoopStateRepository.sqlite("app.db")
        JdbcToolLoopStateRepository.postgres("postgresql://app@db/app", ttl=3600)

    ``ttl`` (a ``timedelta`` or seconds; ``None``: never) makes snapshots not saved for
    that long unfindable, and :meth:`delete_expired` removes them.
    """

    def __init__(
        self,
        dsn: str | Path | None = None,
        data_source: DataSource | None = None,
        dialect: JdbcChatMemoryRepositoryDialect | None = None,
        initialize_schema: bool = True,
        ttl: timedelta | float | None = ToolLoopStateRepository.DEFAULT_TTL,
    ) -> None:
        super().__init__(ttl)
        if dialect is not None and not isinstance(dialect, JdbcChatMemoryRepositoryDialect):
            raise TypeError(
                f"dialect must be a JdbcChatMemoryRepositoryDialect, got {type(dialect).__name__}"
            )
        if dsn is not None and data_source is not None:
            raise ValueError("Only one of data_source and dsn can be set")
        source: ConnectionSource
        if dsn is not None:
            if not isinstance(dsn, str | Path):
                raise TypeError(f"dsn must be a str or a Path, got {type(dsn).__name__}")
            dsn_text = _assert.has_text(str(dsn), "dsn cannot be empty")
            resolved = _prefer_explicit(dialect, JdbcChatMemoryRepositoryDialect.from_(dsn))
            source = resolved.create_connection_source(dsn_text)
        elif data_source is not None:
            source = source_for(data_source)
            resolved = dialect if dialect is not None else _detect(source)
        else:
            raise ValueError("DataSource must be set (either via data_source() or dsn())")
        self._dialect = resolved
        self._upsert_sql = resolved.get_upsert_tool_loop_state_sql()
        self._encoders: dict[str, _MessageEncoder] = {}
        self._encoders_lock = threading.Lock()
        self._open_operations(source, initialize_schema)

    @classmethod
    def sqlite(
        cls,
        path: str | Path,
        *,
        busy_timeout: float = 30.0,
        ttl: timedelta | float | None = ToolLoopStateRepository.DEFAULT_TTL,
    ) -> JdbcToolLoopStateRepository:
        """A repository in the SQLite file ``path``."""
        return cls(dsn=path, dialect=SqliteChatMemoryRepositoryDialect(busy_timeout), ttl=ttl)

    @classmethod
    def postgres(
        cls,
        dsn: str,
        *,
        max_pool_size: int = 10,
        ttl: timedelta | float | None = ToolLoopStateRepository.DEFAULT_TTL,
    ) -> JdbcToolLoopStateRepository:
        """A repository in the PostgreSQL database at ``dsn``."""
        return cls(dsn=dsn, dialect=PostgresChatMemoryRepositoryDialect(max_pool_size), ttl=ttl)

    def get_dialect(self) -> JdbcChatMemoryRepositoryDialect:
        return self._dialect

    def save(self, snapshot: ToolLoopSnapshot) -> None:
        _assert.not_none(snapshot, "snapshot cannot be null")
        saved_at = _millis(snapshot.updated_at)
        row = (
            snapshot.token,
            snapshot.conversation_id,
            snapshot.phase._value_,
            saved_at,
            saved_at,  # created_at: kept from the token's first save
            encode_snapshot(snapshot, self._encoder(snapshot.token, snapshot.phase).encode),
        )
        # One statement on an autocommit connection is atomic by itself: no BEGIN and
        # COMMIT round trips around it (a durable turn saves six times).
        self._execute(self._upsert_sql, row)

    def _encoder(self, token: str, phase: LoopPhase) -> _MessageEncoder:
        """The message encoder of the running turn ``token``; its last save takes it."""
        with self._encoders_lock:
            # Identity tests: an enum's hash is Python code.
            if phase is LoopPhase.COMPLETED or phase is LoopPhase.PAUSED:
                last = self._encoders.pop(token, None) or _MessageEncoder()
                last.remember = False  # nothing saves after it: no state copies
                return last
            encoder = self._encoders.get(token)
            if encoder is None:
                if len(self._encoders) >= _RUNNING_TURNS:
                    del self._encoders[next(iter(self._encoders))]
                encoder = self._encoders[token] = _MessageEncoder()
            return encoder

    def find(self, token: str) -> ToolLoopSnapshot | None:
        _assert.has_text(token, "token cannot be null or empty")
        p = self._dialect.get_placeholder()
        with self._cursor() as cursor:
            cursor.execute(
                f"SELECT token, conversation_id, phase, updated_at, payload "
                f"FROM {TOOL_LOOP_STATE_TABLE} WHERE token = {p}",
                (token,),
            )
            row = cursor.fetchone()
        if row is None:
            return None
        snapshot = decode_snapshot(*row)
        return None if self._expired(snapshot, datetime.now(UTC)) else snapshot

    def delete(self, token: str) -> None:
        _assert.has_text(token, "token cannot be null or empty")
        with self._encoders_lock:
            self._encoders.pop(token, None)
        p = self._dialect.get_placeholder()
        self._execute(f"DELETE FROM {TOOL_LOOP_STATE_TABLE} WHERE token = {p}", (token,))

    def find_tokens(self, conversation_id: str | None = None) -> list[str]:
        p = self._dialect.get_placeholder()
        sql = (
            f"SELECT token FROM {TOOL_LOOP_STATE_TABLE} WHERE phase <> {p} AND updated_at > {p}"
        )
        params: tuple[Any, ...] = (LoopPhase.COMPLETED.value, self._cutoff())
        if conversation_id is not None:
            sql += f" AND conversation_id = {p}"
            params += (conversation_id,)
        with self._cursor() as cursor:
            cursor.execute(sql + " ORDER BY updated_at", params)
            return [str(row[0]) for row in cursor.fetchall()]

    def delete_expired(self) -> int:
        if self._ttl is None:
            return 0
        p = self._dialect.get_placeholder()
        cutoff = self._cutoff()
        with self._cursor() as cursor:  # one statement: atomic in autocommit
            # The index on created_at finds the candidates (a row saved last before the
            # cutoff was first saved before it too); updated_at decides.
            cursor.execute(
                f"DELETE FROM {TOOL_LOOP_STATE_TABLE} WHERE created_at <= {p} "
                f"AND updated_at <= {p}",
                (cutoff, cutoff),
            )
            count = cursor.rowcount
        return int(count) if count is not None and count >= 0 else 0

    def _cutoff(self) -> int:
        """Rows saved at or before this epoch-millisecond instant have expired."""
        if self._ttl is None:
            return -1
        return _millis(datetime.now(UTC) - self._ttl)

    def _create_schema(self, cursor: Any) -> None:
        self._dialect.initialize_tool_loop_state_schema(cursor)

    def __repr__(self) -> str:
        return f"JdbcToolLoopStateRepository(dialect={self._dialect!r}, ttl={self._ttl})"
