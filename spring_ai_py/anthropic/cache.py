"""Anthropic prompt caching: the strategy, the options and where breakpoints may go.

Spring's ``AnthropicCacheStrategy``, ``AnthropicCacheTtl``, ``AnthropicCacheOptions``,
``CacheBreakpointTracker`` and ``CacheEligibilityResolver``. The chat model asks a
resolver, built per request from the options, for the ``cache_control`` of each place
a breakpoint may go (the last tool, the system prompt, the last user message, the
last tool result); the resolver answers ``None`` when the strategy does not cover that
place, the content is shorter than the message type's minimum, or the request already
has the four breakpoints Anthropic allows.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert
from spring_ai_py._builder import Buildable, Builder
from spring_ai_py.chat.messages import MessageType

logger = logging.getLogger(__name__)

#: The wire form of a breakpoint: ``{"type": "ephemeral", "ttl": "5m"}``.
CacheControl = dict[str, str]

#: Anthropic's limit of ``cache_control`` breakpoints per request.
MAX_CACHE_BREAKPOINTS = 4

_DEFAULT_MIN_CONTENT_LENGTH = 1


class AnthropicCacheStrategy(enum.Enum):
    """Where the chat model places cache breakpoints (tools -> system -> messages)."""

    NONE = "none"
    """No caching: every request is processed fresh (the default)."""
    TOOLS_ONLY = "tools_only"
    """A breakpoint on the last tool definition only."""
    SYSTEM_ONLY = "system_only"
    """A breakpoint on the system prompt (tools before it are cached with it)."""
    SYSTEM_AND_TOOLS = "system_and_tools"
    """Breakpoints on the last tool and on the system prompt."""
    CONVERSATION_HISTORY = "conversation_history"
    """Breakpoints on the last tool, the system prompt and the last user message, so the
    conversation so far is read from the cache as it grows."""


class AnthropicCacheTtl(enum.Enum):
    """How long a cache entry lives: the API's ``ttl`` values."""

    FIVE_MINUTES = "5m"
    ONE_HOUR = "1h"

    def get_sdk_ttl(self) -> str:
        """The API's ``ttl`` string (``"5m"`` or ``"1h"``)."""
        return self.value


def _default_content_length(text: str | None) -> int:
    return len(text) if text is not None else 0


def _per_type(values: Mapping[MessageType, Any] | None, default: Any) -> dict[MessageType, Any]:
    given = values or {}
    return {message_type: given.get(message_type, default) for message_type in MessageType}


class AnthropicCacheOptionsBuilder(Builder["AnthropicCacheOptions"]):
    """The builder of :class:`AnthropicCacheOptions`.

    ``message_type_ttl`` and ``message_type_min_content_lengths`` take a whole mapping;
    ``message_type_ttl(message_type, ttl)`` and
    ``message_type_min_content_length(message_type, length)`` set one entry, as in Spring.
    """

    __slots__ = ()

    def message_type_ttl(
        self,
        ttl_or_type: Mapping[MessageType, AnthropicCacheTtl] | MessageType | None,
        ttl: AnthropicCacheTtl | None = None,
    ) -> Self:
        if isinstance(ttl_or_type, MessageType):
            _assert.not_none(ttl, "ttl cannot be null")
            values = dict(self._values.get("message_type_ttl") or {})
            values[ttl_or_type] = ttl
            self._values["message_type_ttl"] = values
        else:
            self._values["message_type_ttl"] = ttl_or_type
        return self

    def message_type_min_content_length(self, message_type: MessageType, length: int) -> Self:
        values = dict(self._values.get("message_type_min_content_lengths") or {})
        values[message_type] = length
        self._values["message_type_min_content_lengths"] = values
        return self


@dataclass(frozen=True, kw_only=True)
class AnthropicCacheOptions(Buildable):
    """Prompt caching settings of an Anthropic request (Spring's ``AnthropicCacheOptions``).

    ``strategy`` (default :attr:`AnthropicCacheStrategy.NONE`) says where breakpoints
    go; ``message_type_ttl`` and ``message_type_min_content_lengths`` hold a TTL
    (default five minutes) and a minimum content length (default 1) for every message
    type, the tool definitions using the ``SYSTEM`` entries; ``content_length_function``
    measures content (default: characters; give a token counter to match the API's
    minimum cacheable prompt length). ``multi_block_system_caching`` sends several
    system messages as separate blocks with the breakpoint on the second-to-last, so
    the last one can change without losing the cache; ``cache_tool_results`` puts a
    breakpoint on the last tool result (with ``CONVERSATION_HISTORY``).
    """

    strategy: AnthropicCacheStrategy = AnthropicCacheStrategy.NONE
    content_length_function: Callable[[str | None], int] = field(
        default=_default_content_length, compare=False
    )
    message_type_ttl: Mapping[MessageType, AnthropicCacheTtl] = field(default_factory=dict)
    message_type_min_content_lengths: Mapping[MessageType, int] = field(default_factory=dict)
    multi_block_system_caching: bool = False
    cache_tool_results: bool = False

    def __post_init__(self) -> None:
        # The builder passes None for what it was not given; None means the default.
        defaults: dict[str, Any] = {
            "strategy": AnthropicCacheStrategy.NONE,
            "content_length_function": _default_content_length,
            "multi_block_system_caching": False,
            "cache_tool_results": False,
        }
        for name, default in defaults.items():
            if getattr(self, name) is None:
                object.__setattr__(self, name, default)
        object.__setattr__(
            self,
            "message_type_ttl",
            _per_type(self.message_type_ttl, AnthropicCacheTtl.FIVE_MINUTES),
        )
        object.__setattr__(
            self,
            "message_type_min_content_lengths",
            _per_type(self.message_type_min_content_lengths, _DEFAULT_MIN_CONTENT_LENGTH),
        )

    def __hash__(self) -> int:
        return hash(
            (
                self.strategy,
                tuple(sorted((t.value, ttl.value) for t, ttl in self.message_type_ttl.items())),
                tuple(
                    sorted((t.value, n) for t, n in self.message_type_min_content_lengths.items())
                ),
                self.multi_block_system_caching,
                self.cache_tool_results,
            )
        )

    @classmethod
    def disabled(cls) -> AnthropicCacheOptions:
        """New options with strategy ``NONE``."""
        return cls(strategy=AnthropicCacheStrategy.NONE)

    def get_strategy(self) -> AnthropicCacheStrategy:
        return self.strategy

    def get_content_length_function(self) -> Callable[[str | None], int]:
        return self.content_length_function

    def get_message_type_ttl(self) -> Mapping[MessageType, AnthropicCacheTtl]:
        return self.message_type_ttl

    def get_message_type_min_content_lengths(self) -> Mapping[MessageType, int]:
        return self.message_type_min_content_lengths

    def is_multi_block_system_caching(self) -> bool:
        return self.multi_block_system_caching

    def is_cache_tool_results(self) -> bool:
        return self.cache_tool_results

    # --- generated builder (base: AnthropicCacheOptionsBuilder) ---
    class Builder(AnthropicCacheOptionsBuilder):
        """The builder of :class:`AnthropicCacheOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def strategy(self, strategy: AnthropicCacheStrategy, /) -> Self:
            return self._set("strategy", (strategy,))

        def content_length_function(self, content_length_function: Callable[[str | None], int], /) -> Self:
            return self._set("content_length_function", (content_length_function,))

        def message_type_min_content_lengths(self, message_type_min_content_lengths: Mapping[MessageType, int], /) -> Self:
            return self._set("message_type_min_content_lengths", (message_type_min_content_lengths,))

        def multi_block_system_caching(self, multi_block_system_caching: bool, /) -> Self:
            return self._set("multi_block_system_caching", (multi_block_system_caching,))

        def cache_tool_results(self, cache_tool_results: bool, /) -> Self:
            return self._set("cache_tool_results", (cache_tool_results,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AnthropicCacheOptions: ...

    @classmethod
    def builder(cls) -> AnthropicCacheOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> AnthropicCacheOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class CacheBreakpointTracker:
    """Counts the breakpoints of one request (at most four; warns once past that)."""

    __slots__ = ("_count", "_has_warned")

    def __init__(self) -> None:
        self._count = 0
        self._has_warned = False

    def can_use(self) -> bool:
        """Whether another cache breakpoint is allowed (the API accepts at most 4)."""
        return self._count < MAX_CACHE_BREAKPOINTS

    def all_breakpoints_are_used(self) -> bool:
        """Whether the 4 cache breakpoints are all used."""
        return not self.can_use()

    def use(self) -> None:
        """Count one breakpoint; past the limit, warn once and ignore it."""
        if self._count < MAX_CACHE_BREAKPOINTS:
            self._count += 1
        elif not self._has_warned:
            logger.warning(
                "Anthropic cache breakpoint limit (4) reached. Additional cache_control "
                "directives will be ignored. Consider using fewer cache strategies or simpler "
                "content structure."
            )
            self._has_warned = True

    def get_count(self) -> int:
        return self._count


_TOOL_DEFINITION_MESSAGE_TYPE = MessageType.SYSTEM

_ELIGIBLE_TYPES: dict[AnthropicCacheStrategy, frozenset[MessageType]] = {
    AnthropicCacheStrategy.NONE: frozenset(),
    AnthropicCacheStrategy.SYSTEM_ONLY: frozenset({MessageType.SYSTEM}),
    AnthropicCacheStrategy.SYSTEM_AND_TOOLS: frozenset({MessageType.SYSTEM}),
    AnthropicCacheStrategy.TOOLS_ONLY: frozenset(),
    AnthropicCacheStrategy.CONVERSATION_HISTORY: frozenset(MessageType),
}

_TOOL_STRATEGIES = frozenset(
    {
        AnthropicCacheStrategy.TOOLS_ONLY,
        AnthropicCacheStrategy.SYSTEM_AND_TOOLS,
        AnthropicCacheStrategy.CONVERSATION_HISTORY,
    }
)


class CacheEligibilityResolver:
    """Decides, for one request, whether a place gets a ``cache_control`` breakpoint.

    :meth:`resolve` and :meth:`resolve_tool_cache_control` only answer; the caller
    that places a breakpoint calls :meth:`use_cache_block` to count it.
    """

    __slots__ = (
        "_cache_eligible_message_types",
        "_cache_strategy",
        "_content_length_function",
        "_message_type_min_content_lengths",
        "_message_type_ttl",
        "_tracker",
    )

    def __init__(
        self,
        cache_strategy: AnthropicCacheStrategy,
        message_type_ttl: Mapping[MessageType, AnthropicCacheTtl],
        message_type_min_content_lengths: Mapping[MessageType, int],
        content_length_function: Callable[[str | None], int],
        cache_eligible_message_types: frozenset[MessageType] | set[MessageType],
    ) -> None:
        self._tracker = CacheBreakpointTracker()
        self._cache_strategy = cache_strategy
        self._message_type_ttl = message_type_ttl
        self._message_type_min_content_lengths = message_type_min_content_lengths
        self._content_length_function = content_length_function
        self._cache_eligible_message_types = frozenset(cache_eligible_message_types)

    @classmethod
    def from_options(cls, cache_options: AnthropicCacheOptions) -> CacheEligibilityResolver:
        """Spring's ``CacheEligibilityResolver.from(cacheOptions)``."""
        strategy = cache_options.strategy
        return cls(
            strategy,
            cache_options.message_type_ttl,
            cache_options.message_type_min_content_lengths,
            cache_options.content_length_function,
            _ELIGIBLE_TYPES[strategy],
        )

    def resolve(self, message_type: MessageType, content: str | None) -> CacheControl | None:
        """The ``cache_control`` for content of ``message_type``, or ``None``."""
        length = self._content_length_function(content)
        min_length = self._message_type_min_content_lengths.get(message_type)
        _assert.state(
            min_length is not None, "The minimum content length of the message type must be defined"
        )
        assert min_length is not None
        if (
            self._cache_strategy is AnthropicCacheStrategy.NONE
            or message_type not in self._cache_eligible_message_types
            or length < min_length
            or self._tracker.all_breakpoints_are_used()
        ):
            logger.debug(
                "Caching not enabled for messageType=%s, contentLength=%s, minContentLength=%s, "
                "cacheStrategy=%s, usedBreakpoints=%s",
                message_type,
                length,
                min_length,
                self._cache_strategy,
                self._tracker.get_count(),
            )
            return None
        ttl = self._message_type_ttl.get(message_type)
        _assert.state(ttl is not None, "The message type ttl of the message type must be defined")
        assert ttl is not None
        logger.debug("Caching enabled for messageType=%s, ttl=%s", message_type, ttl)
        return _cache_control(ttl)

    def resolve_tool_cache_control(self) -> CacheControl | None:
        """The ``cache_control`` of the last tool definition, or ``None``."""
        if self._cache_strategy not in _TOOL_STRATEGIES:
            logger.debug(
                "Caching not enabled for tool definition, cacheStrategy=%s", self._cache_strategy
            )
            return None
        if self._tracker.all_breakpoints_are_used():
            logger.debug(
                "Caching not enabled for tool definition, usedBreakpoints=%s",
                self._tracker.get_count(),
            )
            return None
        ttl = self._message_type_ttl.get(_TOOL_DEFINITION_MESSAGE_TYPE)
        _assert.state(ttl is not None, "message_type_ttl must contain a 'system' entry")
        assert ttl is not None
        return _cache_control(ttl)

    def is_caching_enabled(self) -> bool:
        return self._cache_strategy is not AnthropicCacheStrategy.NONE

    def use_cache_block(self) -> None:
        """Count one placed breakpoint."""
        self._tracker.use()


def _cache_control(ttl: AnthropicCacheTtl) -> CacheControl:
    return {"type": "ephemeral", "ttl": ttl.value}


__all__ = [
    "AnthropicCacheOptions",
    "AnthropicCacheOptionsBuilder",
    "AnthropicCacheStrategy",
    "AnthropicCacheTtl",
    "CacheBreakpointTracker",
    "CacheControl",
    "CacheEligibilityResolver",
]
