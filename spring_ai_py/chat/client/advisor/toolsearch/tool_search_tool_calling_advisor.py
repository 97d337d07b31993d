"""``ToolSearchToolCallingAdvisor``: the tool loop, with tools discovered on demand."""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert
from spring_ai_py.chat.client.advisor.tool_calling_advisor import (
    CheckerLike,
    ToolCallingAdvisor,
    _ToolCallingAdvisorBuilder,
)
from spring_ai_py.chat.client.records import ChatClientRequest
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.chat.messages import Message, ToolResponseMessage
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import ToolCallingChatOptions, ToolCallingManager
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.toolsearch import ToolIndex, ToolReference, ToolSearchTool
from spring_ai_py.tool.toolsearch.eviction import LruEvictionStrategy, ToolIndexEvictionStrategy

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import CallAdvisorChain, StreamAdvisorChain

_logger = logging.getLogger(
    "spring_ai_py.chat.client.advisor.toolsearch.ToolSearchToolCallingAdvisor"
)

# Fingerprint checks and re-indexing of one session are serialised; sessions hash onto a
# fixed set of locks so that the locks never grow with the number of sessions.
_LOCK_STRIPES = 64


def _fingerprint(tool_references: Sequence[ToolReference]) -> str:
    """A SHA-256 over the tools sorted by name, so registration order does not matter;
    separator bytes keep ``("ab", "c")`` and ``("a", "bc")`` apart."""
    digest = hashlib.sha256()
    for reference in sorted(tool_references, key=lambda r: r.tool_name):
        digest.update(reference.tool_name.encode("utf-8"))
        digest.update(b"\x00")
        digest.update(reference.summary.encode("utf-8"))
        digest.update(b"\x01")
    return digest.hexdigest()


@dataclass(frozen=True)
class _ToolSet:
    """One request tool set, as indexed: ``key`` is what it was computed from."""

    key: tuple[Any, ...]
    references: tuple[ToolReference, ...]
    fingerprint: str
    callbacks_by_name: Mapping[str, ToolCallback]


def _names(items: Iterable[Any]) -> list[str]:
    names = list(items)
    _assert.no_null_elements(names, "always_include cannot contain null elements")
    return [str(name) for name in names]


class _ToolSearchToolCallingAdvisorBuilder(_ToolCallingAdvisorBuilder["ToolSearchToolCallingAdvisor"]):
    """Builds a ``ToolSearchToolCallingAdvisor``; ``tool_index`` is required."""

    __slots__ = ()

    def __init__(
        self,
        cls: type[ToolSearchToolCallingAdvisor] | None = None,
        values: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(cls if cls is not None else ToolSearchToolCallingAdvisor, values)
        if "eviction_strategy" not in self._values:
            self._values["eviction_strategy"] = LruEvictionStrategy(
                ToolSearchToolCallingAdvisor.DEFAULT_MAX_SESSIONS
            )
        for name, value in (
            ("tool_index", None),
            ("system_message_suffix", None),
            ("reference_tool_name_accumulation", True),
            ("max_results", None),
            ("session_id_key_name", ChatMemory.CONVERSATION_ID),
            ("always_include", []),
        ):
            self._values.setdefault(name, value)

    def tool_index(self, tool_index: ToolIndex, /) -> Self:
        """The index the ``toolSearchTool`` searches (required)."""
        self._values["tool_index"] = _assert.not_none(tool_index, "tool_index cannot be null")
        return self

    def system_message_suffix(self, system_message_suffix: str, /) -> Self:
        """Text appended to the system message (default:
        :attr:`ToolSearchToolCallingAdvisor.DEFAULT_SYSTEM_MESSAGE_SUFFIX`)."""
        self._values["system_message_suffix"] = _assert.has_text(
            system_message_suffix, "system_message_suffix cannot be null or empty"
        )
        return self

    def reference_tool_name_accumulation(self, enabled: bool, /) -> Self:
        """Keep the tools of every search so far (default), or only those of the
        latest search turn."""
        self._values["reference_tool_name_accumulation"] = enabled
        return self

    def max_results(self, max_results: int | None, /) -> Self:
        """How many tools a search returns when the model does not say (``None``:
        the index's default)."""
        _assert.is_true(
            max_results is None or (isinstance(max_results, int) and max_results > 0),
            "max_results must be positive",
        )
        self._values["max_results"] = max_results
        return self

    def session_id_key_name(self, session_id_key_name: str, /) -> Self:
        """The context key holding the session id (default: the chat memory
        conversation id key)."""
        self._values["session_id_key_name"] = _assert.has_text(
            session_id_key_name, "session_id_key_name cannot be null or empty"
        )
        return self

    def eviction_strategy(self, eviction_strategy: ToolIndexEvictionStrategy, /) -> Self:
        """When session indexes are dropped (default: ``LruEvictionStrategy(1000)``;
        combine it with a ``TtlEvictionStrategy`` in a
        ``CompositeEvictionStrategy`` to also drop idle sessions)."""
        self._values["eviction_strategy"] = _assert.not_none(
            eviction_strategy, "eviction_strategy must not be null"
        )
        return self

    def always_include(self, *tool_names: str | Iterable[str]) -> Self:
        """Tools sent on every call without a search (names, or one list of names)."""
        if len(tool_names) == 1 and not isinstance(tool_names[0], str) and tool_names[0] is not None:
            self._values["always_include"] = _names(tool_names[0])
        else:
            self._values["always_include"] = _names(tool_names)
        return self

    def build(self) -> ToolSearchToolCallingAdvisor:
        _assert.not_none(self._values.get("tool_index"), "tool_index is required")
        if not self._values.get("system_message_suffix"):
            self._values["system_message_suffix"] = (
                ToolSearchToolCallingAdvisor.DEFAULT_SYSTEM_MESSAGE_SUFFIX
            )
        # This advisor keeps no durable turns and tells no listener (as before).
        ignored = ("tool_loop_state_repository", "tool_call_listener")
        return self._cls(**{k: v for k, v in self._values.items() if k not in ignored})


class ToolSearchToolCallingAdvisor(ToolCallingAdvisor):
    """A ``ToolCallingAdvisor`` that shows the model only the tools it searched for.

    At the start of a request the tools of the request are indexed for the session (the
    context value under ``session_id_key_name``, by default the chat memory
    conversation id, which is required), and the system message is extended with
    ``system_message_suffix``. Each model call then carries only the ``toolSearchTool``,
    the ``always_include`` tools and the tools that earlier ``toolSearchTool`` calls of
    the conversation returned: with reference accumulation (the default) the results of
    every search so far, otherwise those of the latest search turn (all of its
    parallel searches). The tools run as usual once the model calls them.

    A session's index is reused across requests while its tool set is unchanged (a
    SHA-256 fingerprint of the tool names and descriptions); a changed set is
    re-indexed. The ``eviction_strategy`` (default: at most 1000 sessions, least
    recently used first) decides which other sessions' indexes to drop at the start of
    each request; :meth:`evict_session` drops one explicitly.

    Only tools passed as callbacks can be hidden: tools given by name (``tool_names``)
    are resolved by the tool-calling manager on every call and stay visible.

    Beyond Spring 2.0.1: ``always_include`` names tools that are sent on every call
    without a search, and a ``toolSearchTool`` result that is not a JSON list of names
    (for example the error text of a failed search) is skipped instead of failing the
    loop.
    """

    CACHED_TOOL_CALLBACKS_KEY: ClassVar[str] = (
        "spring_ai_py.chat.client.advisor.toolsearch.ToolSearchToolCallingAdvisor.cachedToolCallbacks"
    )
    """The context key of the request's callbacks by name, set when the loop starts."""

    DEFAULT_SYSTEM_MESSAGE_SUFFIX: ClassVar[str] = (
        "\nYou have access to a special tool called `toolSearchTool` that allows you to discover "
        "relevant tools on-demand. When you need to perform an action but don't see an "
        "appropriate tool in your current context, use `toolSearchTool` to search for it.\n"
    )
    """Spring's default text appended to the system message."""

    DEFAULT_MAX_SESSIONS: ClassVar[int] = 1000
    """The session cap of the default ``LruEvictionStrategy``."""

    def __init__(
        self,
        tool_calling_manager: ToolCallingManager,
        advisor_order: int,
        tool_execution_eligibility_checker: CheckerLike,
        tool_index: ToolIndex,
        system_message_suffix: str,
        reference_tool_name_accumulation: bool,
        max_results: int | None,
        conversation_history_enabled: bool,
        session_id_key_name: str,
        eviction_strategy: ToolIndexEvictionStrategy,
        always_include: Sequence[str] = (),
    ) -> None:
        super().__init__(
            tool_calling_manager,
            tool_execution_eligibility_checker,
            advisor_order,
            conversation_history_enabled,
        )
        _assert.not_none(tool_index, "tool_index cannot be null")
        _assert.has_text(system_message_suffix, "system_message_suffix cannot be null or empty")
        _assert.has_text(session_id_key_name, "session_id_key_name cannot be null or empty")
        _assert.not_none(eviction_strategy, "eviction_strategy must not be null")
        self._tool_index = tool_index
        self._system_message_suffix = system_message_suffix
        self._reference_tool_name_accumulation = reference_tool_name_accumulation
        self._session_id_key_name = session_id_key_name
        self._eviction_strategy = eviction_strategy
        self._always_include = tuple(dict.fromkeys(_names(always_include)))
        self._tool_search_tool_callback = ToolSearchTool(tool_index, max_results).to_tool_callback()
        self._tool_search_tool_name = self._tool_search_tool_callback.get_tool_definition().name
        self._indexed_session_fingerprints: dict[str, str] = {}
        self._last_tool_set: _ToolSet | None = None
        self._session_locks = tuple(threading.Lock() for _ in range(_LOCK_STRIPES))

    @classmethod
    def builder(cls) -> ToolSearchToolCallingAdvisor.Builder:
        """A builder (tool index, search settings, and the ``ToolCallingAdvisor`` settings)."""
        return ToolSearchToolCallingAdvisor.Builder(ToolSearchToolCallingAdvisor)

    def get_name(self) -> str:
        return "ToolSearchToolCallingAdvisor"

    def get_tool_index(self) -> ToolIndex:
        """The index the ``toolSearchTool`` searches."""
        return self._tool_index

    def get_always_include(self) -> list[str]:
        """The names of the tools sent on every call without a search."""
        return list(self._always_include)

    # -- hooks ---------------------------------------------------------------------

    def do_initialize_loop(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientRequest:
        if isinstance(chat_client_request.prompt.get_options(), ToolCallingChatOptions):
            return self._initialize_session(chat_client_request)
        return super().do_initialize_loop(chat_client_request, call_advisor_chain)

    def do_before_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientRequest:
        if isinstance(chat_client_request.prompt.get_options(), ToolCallingChatOptions):
            return self._prepare_iteration(chat_client_request)
        return super().do_before_call(chat_client_request, call_advisor_chain)

    def do_initialize_loop_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientRequest:
        if isinstance(chat_client_request.prompt.get_options(), ToolCallingChatOptions):
            return self._initialize_session(chat_client_request)
        return super().do_initialize_loop_stream(chat_client_request, stream_advisor_chain)

    def do_before_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientRequest:
        if isinstance(chat_client_request.prompt.get_options(), ToolCallingChatOptions):
            return self._prepare_iteration(chat_client_request)
        return super().do_before_stream(chat_client_request, stream_advisor_chain)

    # -- sessions ------------------------------------------------------------------

    def _lock_for(self, session_id: str) -> threading.Lock:
        return self._session_locks[hash(session_id) % _LOCK_STRIPES]

    def _initialize_session(self, chat_client_request: ChatClientRequest) -> ChatClientRequest:
        """Evict stale sessions, (re-)index this session's tools when they changed, and
        extend the system message."""
        options = chat_client_request.prompt.get_options()
        assert isinstance(options, ToolCallingChatOptions)
        session_id = self._get_session_id(chat_client_request.context)

        for evicted in self._eviction_strategy.on_access(session_id):
            self._do_evict(evicted)

        tool_set = self._tool_set(options)
        with self._lock_for(session_id):
            if self._indexed_session_fingerprints.get(session_id) != tool_set.fingerprint:
                self._tool_index.clear_index(session_id)
                self._tool_index.index_tools(session_id, list(tool_set.references))
                self._indexed_session_fingerprints[session_id] = tool_set.fingerprint
                _logger.debug(
                    "Indexed %d tools for session '%s'", len(tool_set.references), session_id
                )
        cached = tool_set.callbacks_by_name

        context = chat_client_request.context
        context[self.CACHED_TOOL_CALLBACKS_KEY] = cached
        context[ToolSearchTool.TOOL_SEARCH_TOOL_SESSION_ID_KEY] = session_id
        suffix = self._system_message_suffix
        prompt = chat_client_request.prompt.copy().augment_system_message(
            lambda message: message.mutate().text((message.get_text() or "") + suffix).build()
        )
        return ChatClientRequest(prompt, context)

    def _tool_set(self, options: ToolCallingChatOptions) -> _ToolSet:
        """The references, fingerprint and callbacks of the request's tools, computed once
        per tool set: the same callbacks (compared by identity; a provider that changes its
        tools hands out new callbacks) reuse the last result, so an unchanged tool set
        costs no per-tool work. Tool names are resolved on every request, since what a
        resolver answers for the same names may change; their definitions join the key."""
        callbacks = tuple(options.tool_callbacks or ())
        names = tuple(options.tool_names or ())
        definitions = (
            tuple(self.tool_calling_manager.resolve_tool_definitions(options)) if names else None
        )
        key = (callbacks, names, definitions, self.tool_calling_manager)
        last = self._last_tool_set
        if last is not None and last.key == key:
            return last
        if definitions is None:
            definitions = tuple(self.tool_calling_manager.resolve_tool_definitions(options))
        references = tuple(
            ToolReference(definition.name, None, definition.description)
            for definition in definitions
        )
        by_name: dict[str, ToolCallback] = {}
        for callback in callbacks:
            by_name.setdefault(callback.get_tool_definition().name, callback)
        tool_set = _ToolSet(key, references, _fingerprint(references), MappingProxyType(by_name))
        self._last_tool_set = tool_set
        return tool_set

    def _prepare_iteration(self, chat_client_request: ChatClientRequest) -> ChatClientRequest:
        """Send the search tool, the always-included tools and the discovered tools."""
        options = chat_client_request.prompt.get_options()
        assert isinstance(options, ToolCallingChatOptions)
        selected: dict[str, ToolCallback] = {
            self._tool_search_tool_name: self._tool_search_tool_callback
        }
        cached = chat_client_request.context.get(self.CACHED_TOOL_CALLBACKS_KEY)
        if isinstance(cached, Mapping):
            wanted = [
                *self._always_include,
                *self._extract_tool_name_references(chat_client_request.prompt.get_instructions()),
            ]
            for name in wanted:
                callback = cached.get(name)
                if callback is not None:
                    selected.setdefault(name, callback)

        session_id = chat_client_request.context.get(ToolSearchTool.TOOL_SEARCH_TOOL_SESSION_ID_KEY)
        _assert.not_none(
            session_id,
            f"context must contain a non-null value for '{ToolSearchTool.TOOL_SEARCH_TOOL_SESSION_ID_KEY}'",
        )
        iteration_options = (
            options.mutate()
            .tool_callbacks(list(selected.values()))
            .tool_context(ToolSearchTool.TOOL_SEARCH_TOOL_SESSION_ID_KEY, session_id)
            .build()
        )
        prompt = Prompt(list(chat_client_request.prompt.get_instructions()), iteration_options)
        return ChatClientRequest(prompt, chat_client_request.context)

    def _extract_tool_name_references(self, messages: Sequence[Message]) -> list[str]:
        """The tool names returned by ``toolSearchTool`` calls, in order.

        Results are grouped per tool-response message (one assistant turn, which may
        hold several parallel searches); without accumulation only the last such turn
        counts.
        """
        search_name = self._tool_search_tool_name.lower()
        turns = [
            responses
            for message in messages
            if isinstance(message, ToolResponseMessage)
            if (responses := [r for r in message.get_responses() if r.name.lower() == search_name])
        ]
        if not turns:
            return []
        if not self._reference_tool_name_accumulation:
            turns = turns[-1:]
        names: list[str] = []
        for responses in turns:
            for response in responses:
                names.extend(self._parse_tool_names(response.response_data))
        return names

    @staticmethod
    def _parse_tool_names(response_data: str) -> list[str]:
        try:
            parsed = json.loads(response_data)
        except (TypeError, ValueError):
            parsed = None
        if not isinstance(parsed, list):
            _logger.debug(
                "Ignoring a toolSearchTool result that is not a list of names: %r", response_data
            )
            return []
        return [name for name in parsed if isinstance(name, str)]

    def _get_session_id(self, context: Mapping[str, Any] | None) -> str:
        _assert.not_none(context, "context cannot be null")
        assert context is not None
        _assert.no_null_elements(context.keys(), "context cannot contain null keys")
        value = context.get(self._session_id_key_name)
        _assert.not_none(
            value, f"context must contain a non-null value for '{self._session_id_key_name}'"
        )
        return str(value)

    def evict_session(self, session_id: str) -> None:
        """Drop a session's tool index and fingerprint now, for example when its
        conversation is known to be over; its next request indexes afresh."""
        self._do_evict(session_id)

    def _do_evict(self, session_id: str) -> None:
        with self._lock_for(session_id):
            self._tool_index.clear_index(session_id)
            self._indexed_session_fingerprints.pop(session_id, None)
        self._eviction_strategy.on_removed(session_id)

    def __repr__(self) -> str:
        return (
            f"ToolSearchToolCallingAdvisor(order={self.get_order()}, "
            f"tool_index={type(self._tool_index).__name__}, "
            f"always_include={list(self._always_include)!r})"
        )

    # --- generated builder (base: _ToolSearchToolCallingAdvisorBuilder) (own builder()) ---
    class Builder(_ToolSearchToolCallingAdvisorBuilder, ToolCallingAdvisor.Builder):
        """The builder of :class:`ToolSearchToolCallingAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolSearchToolCallingAdvisor: ...
    # --- end of generated builder ---
