"""Metadata of chat responses and generations: usage, rate limit, finish reason."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import ItemsView, KeysView, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
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


class _ChatResponseMetadataBuilder(_builder.Builder["ChatResponseMetadata"]):
    """Fluent builder; ``key_value`` ignores ``None`` values as Spring does."""

    __slots__ = ()

    def key_value(self, key: str, value: object) -> Self:
        _assert.not_none(key, "Key must not be null")
        if value is not None:
            entries: dict[str, object] = self._values.setdefault("metadata", {})
            entries[key] = value
        return self

    def metadata(self, values: Mapping[str, object], /) -> Self:
        for key, value in values.items():
            self.key_value(key, value)
        return self

    def from_(self, other: ChatResponseMetadata) -> Self:
        """Copy every field and entry of ``other``."""
        self._values["id"], self._values["model"] = other.get_id(), other.get_model()
        self._values["usage"], self._values["rate_limit"] = other.get_usage(), other.get_rate_limit()
        self._values["prompt_metadata"] = other.get_prompt_metadata()
        return self.metadata(dict(other.entry_set()))


class ChatResponseMetadata(AbstractResponseMetadata, Buildable):
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
        return ChatResponseMetadata.Builder(ChatResponseMetadata)

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

    # --- generated builder (base: _ChatResponseMetadataBuilder) (own builder()) ---
    class Builder(_ChatResponseMetadataBuilder):
        """The builder of :class:`ChatResponseMetadata`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def id(self, id: str, /) -> Self:
            return self._set("id", (id,))

        def model(self, model: str, /) -> Self:
            return self._set("model", (model,))

        def usage(self, usage: Usage | None, /) -> Self:
            return self._set("usage", (usage,))

        def rate_limit(self, rate_limit: RateLimit | None, /) -> Self:
            return self._set("rate_limit", (rate_limit,))

        def prompt_metadata(self, prompt_metadata: PromptMetadata | None, /) -> Self:
            return self._set("prompt_metadata", (prompt_metadata,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ChatResponseMetadata: ...
    # --- end of generated builder ---

class _ChatGenerationMetadataBuilder(_builder.Builder["ChatGenerationMetadata"]):
    """Fluent builder for :class:`ChatGenerationMetadata`: metadata entries and content
    filters accumulate."""

    __slots__ = ()

    def metadata(self, key: str | Mapping[str, object], value: object = None) -> Self:
        entries: dict[str, object] = self._values.setdefault("metadata", {})
        if isinstance(key, Mapping):
            entries.update(key)
        else:
            entries[key] = value
        return self

    def content_filter(self, content_filter: str) -> Self:
        self._values["content_filters"] = {*self._values.get("content_filters", ()), content_filter}
        return self

    def content_filters(self, content_filters: set[str] | frozenset[str], /) -> Self:
        self._values["content_filters"] = {*self._values.get("content_filters", ()), *content_filters}
        return self

    def build(self) -> ChatGenerationMetadata:
        return DefaultChatGenerationMetadata(
            self._values.get("finish_reason"),
            frozenset(self._values.get("content_filters", ())),
            dict(self._values.get("metadata", {})),
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
        return ChatGenerationMetadata.Builder(ChatGenerationMetadata)

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

    # --- generated builder (base: _ChatGenerationMetadataBuilder) (own builder()) ---
    class Builder(_ChatGenerationMetadataBuilder):
        """The builder of :class:`ChatGenerationMetadata`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def finish_reason(self, finish_reason: str | None, /) -> Self:
            return self._set("finish_reason", (finish_reason,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ChatGenerationMetadata: ...
    # --- end of generated builder ---

class DefaultChatGenerationMetadata(ChatGenerationMetadata):
    """The default :class:`ChatGenerationMetadata` built by its builder."""

    __hash__ = ChatGenerationMetadata.__hash__


ChatGenerationMetadata.NULL = ChatGenerationMetadata()
