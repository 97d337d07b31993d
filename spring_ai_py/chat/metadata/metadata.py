"""Metadata of chat responses and generations: usage, rate limit, finish reason."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import ItemsView, KeysView, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from spring_ai_py import _assert
from spring_ai_py.chat.metadata.prompt_metadata import PromptMetadata
from spring_ai_py.model.response_metadata import AbstractResponseMetadata


class Usage(ABC):
    """Token usage of a model call."""

    @abstractmethod
    def get_prompt_tokens(self) -> int:
        """Tokens in the prompt."""

    @abstractmethod
    def get_completion_tokens(self) -> int:
        """Tokens in the generated completion."""

    def get_total_tokens(self) -> int:
        """Prompt plus completion tokens unless the provider reported a total."""
        return (self.get_prompt_tokens() or 0) + (self.get_completion_tokens() or 0)

    def get_native_usage(self) -> Any:
        """The provider's own usage object, if any."""
        return None

    def get_cache_read_input_tokens(self) -> int | None:
        """Prompt tokens served from the provider's prompt cache, if reported."""
        return None

    def get_cache_write_input_tokens(self) -> int | None:
        """Prompt tokens written to the provider's prompt cache, if reported."""
        return None


class DefaultUsage(Usage):
    """Usage with explicit counts; ``None`` counts are 0 and the total defaults to their sum."""

    def __init__(
        self,
        prompt_tokens: int | None = None,
        completion_tokens: int | None = None,
        total_tokens: int | None = None,
        native_usage: Any = None,
        cache_read_input_tokens: int | None = None,
        cache_write_input_tokens: int | None = None,
    ) -> None:
        self._prompt_tokens = prompt_tokens if prompt_tokens is not None else 0
        self._completion_tokens = completion_tokens if completion_tokens is not None else 0
        self._total_tokens = (
            total_tokens
            if total_tokens is not None
            else self._prompt_tokens + self._completion_tokens
        )
        self._native_usage = native_usage
        self._cache_read_input_tokens = cache_read_input_tokens
        self._cache_write_input_tokens = cache_write_input_tokens

    def get_prompt_tokens(self) -> int:
        return self._prompt_tokens

    def get_completion_tokens(self) -> int:
        return self._completion_tokens

    def get_total_tokens(self) -> int:
        return self._total_tokens

    def get_native_usage(self) -> Any:
        return self._native_usage

    def get_cache_read_input_tokens(self) -> int | None:
        return self._cache_read_input_tokens

    def get_cache_write_input_tokens(self) -> int | None:
        return self._cache_write_input_tokens

    def _key(self) -> tuple[Any, ...]:
        return (
            self._prompt_tokens,
            self._completion_tokens,
            self._total_tokens,
            self._native_usage,
            self._cache_read_input_tokens,
            self._cache_write_input_tokens,
        )

    def __eq__(self, other: object) -> bool:
        return type(other) is DefaultUsage and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((*self._key()[:3], _hashable(self._native_usage), *self._key()[4:]))

    def __repr__(self) -> str:
        text = (
            f"DefaultUsage{{promptTokens={self._prompt_tokens}, "
            f"completionTokens={self._completion_tokens}, totalTokens={self._total_tokens}"
        )
        if self._cache_read_input_tokens is not None:
            text += f", cacheReadInputTokens={self._cache_read_input_tokens}"
        if self._cache_write_input_tokens is not None:
            text += f", cacheWriteInputTokens={self._cache_write_input_tokens}"
        return text + "}"


def _hashable(value: Any) -> Any:
    """A hashable stand-in for ``value`` that is equal for equal values (dicts, lists)."""
    if isinstance(value, Mapping):
        return frozenset((key, _hashable(item)) for key, item in value.items())
    if isinstance(value, list | tuple):
        return tuple(_hashable(item) for item in value)
    try:
        hash(value)
    except TypeError:
        return type(value).__name__
    return value


class EmptyUsage(Usage):
    """No usage information: every count is 0."""

    def get_prompt_tokens(self) -> int:
        return 0

    def get_completion_tokens(self) -> int:
        return 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EmptyUsage)

    def __hash__(self) -> int:
        return hash(EmptyUsage)

    def __repr__(self) -> str:
        return "EmptyUsage"


@dataclass(frozen=True)
class RateLimit:
    """The provider's rate-limit headers (``None`` where not reported).

    The reset times (Java's ``Duration``) are seconds until the window resets.
    """

    requests_limit: int | None = None
    requests_remaining: int | None = None
    requests_reset: float | None = None
    tokens_limit: int | None = None
    tokens_remaining: int | None = None
    tokens_reset: float | None = None

    def get_requests_limit(self) -> int | None:
        return self.requests_limit

    def get_requests_remaining(self) -> int | None:
        return self.requests_remaining

    def get_tokens_limit(self) -> int | None:
        return self.tokens_limit

    def get_requests_reset(self) -> float | None:
        """Seconds until the request limit resets."""
        return self.requests_reset

    def get_tokens_remaining(self) -> int | None:
        return self.tokens_remaining

    def get_tokens_reset(self) -> float | None:
        """Seconds until the token limit resets."""
        return self.tokens_reset


class EmptyRateLimit(RateLimit):
    """No rate-limit information."""


class ChatResponseMetadata(AbstractResponseMetadata):
    """Metadata of a whole chat response: id, model, usage, rate limit and free entries.

    Besides the named fields it is a read-only mapping of provider-specific entries
    (``get(key)``, ``contains_key``, ``entry_set``); build it with ``builder()``.
    """

    def __init__(
        self,
        id: str = "",
        model: str = "",
        usage: Usage | None = None,
        rate_limit: RateLimit | None = None,
        metadata: Mapping[str, Any] | None = None,
        prompt_metadata: PromptMetadata | None = None,
    ) -> None:
        self._id = id or ""
        self._model = model or ""
        self._usage: Usage = usage if usage is not None else EmptyUsage()
        self._rate_limit: RateLimit = rate_limit if rate_limit is not None else EmptyRateLimit()
        self._prompt_metadata: PromptMetadata = (
            prompt_metadata if prompt_metadata is not None else PromptMetadata.empty()
        )
        super().__init__(metadata)

    @staticmethod
    def builder() -> ChatResponseMetadata.Builder:
        """A builder (id, model, usage, rate limit, prompt metadata, entries)."""
        return ChatResponseMetadata.Builder()

    def get_id(self) -> str:
        return self._id

    def get_model(self) -> str:
        return self._model

    def get_usage(self) -> Usage:
        return self._usage

    def get_rate_limit(self) -> RateLimit:
        return self._rate_limit

    def get_prompt_metadata(self) -> PromptMetadata:
        """The provider's content-filter results per prompt (empty when it reports none)."""
        return self._prompt_metadata

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ChatResponseMetadata):
            return NotImplemented
        return (self._id, self._model, self._rate_limit, self._usage) == (
            other._id,
            other._model,
            other._rate_limit,
            other._usage,
        )

    def __hash__(self) -> int:
        return hash((self._id, self._model))

    def __repr__(self) -> str:
        return (
            f"ChatResponseMetadata(id={self._id!r}, model={self._model!r}, usage={self._usage!r})"
        )

    class Builder:
        """Fluent builder; ``key_value`` ignores ``None`` values as Spring does."""

        def __init__(self) -> None:
            self._id = ""
            self._model = ""
            self._usage: Usage | None = None
            self._rate_limit: RateLimit | None = None
            self._prompt_metadata: PromptMetadata | None = None
            self._map: dict[str, Any] = {}

        def id(self, id: str) -> ChatResponseMetadata.Builder:
            self._id = id
            return self

        def model(self, model: str) -> ChatResponseMetadata.Builder:
            self._model = model
            return self

        def usage(self, usage: Usage) -> ChatResponseMetadata.Builder:
            self._usage = usage
            return self

        def rate_limit(self, rate_limit: RateLimit) -> ChatResponseMetadata.Builder:
            self._rate_limit = rate_limit
            return self

        def prompt_metadata(self, prompt_metadata: PromptMetadata) -> ChatResponseMetadata.Builder:
            self._prompt_metadata = prompt_metadata
            return self

        def key_value(self, key: str, value: Any) -> ChatResponseMetadata.Builder:
            _assert.not_none(key, "Key must not be null")
            if value is not None:
                self._map[key] = value
            return self

        def metadata(self, values: Mapping[str, Any]) -> ChatResponseMetadata.Builder:
            for key, value in values.items():
                self.key_value(key, value)
            return self

        def from_(self, other: ChatResponseMetadata) -> ChatResponseMetadata.Builder:
            """Copy every field and entry of ``other``."""
            self._id, self._model = other.get_id(), other.get_model()
            self._usage, self._rate_limit = other.get_usage(), other.get_rate_limit()
            self._prompt_metadata = other.get_prompt_metadata()
            return self.metadata(dict(other.entry_set()))

        def build(self) -> ChatResponseMetadata:
            return ChatResponseMetadata(
                self._id, self._model, self._usage, self._rate_limit, self._map, self._prompt_metadata
            )


@dataclass(frozen=True)
class ChatGenerationMetadata:
    """Metadata of one generation: its finish reason, content filters and free entries."""

    finish_reason: str | None = None
    content_filters: frozenset[str] = frozenset()
    metadata: Mapping[str, Any] = field(default_factory=dict)

    NULL: ClassVar[ChatGenerationMetadata]

    @staticmethod
    def builder() -> ChatGenerationMetadata.Builder:
        """A builder (finish reason, content filters, metadata entries)."""
        return ChatGenerationMetadata.Builder()

    def get_finish_reason(self) -> str | None:
        return self.finish_reason

    def get_content_filters(self) -> frozenset[str]:
        return self.content_filters

    def get(self, key: str, default: Any = None) -> Any:
        """The metadata entry under ``key``, else ``default``."""
        return self.metadata.get(key, default)

    def get_or_default(self, key: str, default: Any) -> Any:
        value = self.metadata.get(key)
        return value if value is not None else default

    def contains_key(self, key: str) -> bool:
        """Whether a metadata entry is under ``key``."""
        return key in self.metadata

    def entry_set(self) -> ItemsView[str, Any]:
        """The metadata entries (Java's ``entrySet()``)."""
        return self.metadata.items()

    def key_set(self) -> KeysView[str]:
        """The metadata keys (Java's ``keySet()``)."""
        return self.metadata.keys()

    def is_empty(self) -> bool:
        return not self.metadata

    def __hash__(self) -> int:
        return hash((self.finish_reason, self.content_filters))

    class Builder:
        """Fluent builder for :class:`ChatGenerationMetadata`."""

        def __init__(self) -> None:
            self._finish_reason: str | None = None
            self._filters: set[str] = set()
            self._metadata: dict[str, Any] = {}

        def finish_reason(self, finish_reason: str | None) -> ChatGenerationMetadata.Builder:
            self._finish_reason = finish_reason
            return self

        def metadata(
            self, key: str | Mapping[str, Any], value: Any = None
        ) -> ChatGenerationMetadata.Builder:
            if isinstance(key, Mapping):
                self._metadata.update(key)
            else:
                self._metadata[key] = value
            return self

        def content_filter(self, content_filter: str) -> ChatGenerationMetadata.Builder:
            self._filters.add(content_filter)
            return self

        def content_filters(
            self, content_filters: set[str] | frozenset[str]
        ) -> ChatGenerationMetadata.Builder:
            self._filters.update(content_filters)
            return self

        def build(self) -> ChatGenerationMetadata:
            return DefaultChatGenerationMetadata(
                self._finish_reason, frozenset(self._filters), dict(self._metadata)
            )


class DefaultChatGenerationMetadata(ChatGenerationMetadata):
    """The default :class:`ChatGenerationMetadata` built by its builder."""

    __hash__ = ChatGenerationMetadata.__hash__


ChatGenerationMetadata.NULL = ChatGenerationMetadata()
