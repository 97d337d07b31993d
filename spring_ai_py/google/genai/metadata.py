"""Spring's ``org.springframework.ai.google.genai.metadata``: Gemini's extended usage
(thinking, cached and tool-use tokens, per-modality counts, traffic type)."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from spring_ai_py.chat.metadata import DefaultUsage

__all__ = ["GoogleGenAiModalityTokenCount", "GoogleGenAiTrafficType", "GoogleGenAiUsage"]

_KNOWN_MODALITIES = frozenset({"TEXT", "IMAGE", "VIDEO", "AUDIO", "DOCUMENT"})
_UNSPECIFIED_MODALITIES = frozenset({"MODALITY_UNSPECIFIED", "MEDIA_MODALITY_UNSPECIFIED"})


class GoogleGenAiTrafficType(enum.StrEnum):
    """How a request was billed: pay-as-you-go or provisioned throughput."""

    ON_DEMAND = "ON_DEMAND"
    PROVISIONED_THROUGHPUT = "PROVISIONED_THROUGHPUT"
    UNKNOWN = "UNKNOWN"

    @classmethod
    def from_sdk(cls, traffic_type: object) -> GoogleGenAiTrafficType:
        """Spring's ``from(TrafficType)``: the SDK's value (an enum or its text) mapped
        onto these members; anything else (``TRAFFIC_TYPE_UNSPECIFIED``, ``None``) is
        :attr:`UNKNOWN`."""
        if traffic_type is None:
            return cls.UNKNOWN
        text = str(getattr(traffic_type, "value", traffic_type)).upper()
        return cls.__members__.get(text, cls.UNKNOWN)

    def get_value(self) -> str:
        return self.value


@dataclass(frozen=True)
class GoogleGenAiModalityTokenCount:
    """The tokens of one modality (``TEXT``, ``IMAGE``, ``VIDEO``, ``AUDIO``,
    ``DOCUMENT``; ``UNKNOWN`` when unspecified)."""

    modality: str
    token_count: int

    @classmethod
    def from_sdk(cls, modality_token_count: Any) -> GoogleGenAiModalityTokenCount | None:
        """Spring's ``from(ModalityTokenCount)`` for the SDK's object (``None`` stays
        ``None``; a missing modality is ``UNKNOWN``, a missing count 0)."""
        if modality_token_count is None:
            return None
        return cls(
            _modality(getattr(modality_token_count, "modality", None)),
            getattr(modality_token_count, "token_count", None) or 0,
        )

    def get_modality(self) -> str:
        return self.modality

    def get_token_count(self) -> int:
        return self.token_count

    def __str__(self) -> str:
        return (
            f"GoogleGenAiModalityTokenCount{{modality='{self.modality}', "
            f"tokenCount={self.token_count}}}"
        )


def _modality(modality: object) -> str:
    if modality is None:
        return "UNKNOWN"
    text = str(getattr(modality, "value", modality)).upper()
    if text in _UNSPECIFIED_MODALITIES:
        return "UNKNOWN"
    return text


class GoogleGenAiUsage(DefaultUsage):
    """Spring's ``GoogleGenAiUsage``: the basic counts plus Gemini's extended ones.

    Cached-content tokens are also the usage's cache-read tokens. :meth:`from_sdk`
    builds it from the SDK's ``GenerateContentResponseUsageMetadata`` (missing counts
    are 0, missing extended ones ``None``).
    """

    def __init__(
        self,
        prompt_tokens: int | None,
        completion_tokens: int | None,
        total_tokens: int | None,
        thoughts_token_count: int | None = None,
        cached_content_token_count: int | None = None,
        tool_use_prompt_token_count: int | None = None,
        prompt_tokens_details: list[GoogleGenAiModalityTokenCount] | None = None,
        candidates_tokens_details: list[GoogleGenAiModalityTokenCount] | None = None,
        cache_tokens_details: list[GoogleGenAiModalityTokenCount] | None = None,
        tool_use_prompt_tokens_details: list[GoogleGenAiModalityTokenCount] | None = None,
        traffic_type: GoogleGenAiTrafficType | None = None,
        native_usage: Any = None,
    ) -> None:
        super().__init__(
            prompt_tokens,
            completion_tokens,
            total_tokens,
            native_usage,
            cached_content_token_count,
        )
        self._thoughts_token_count = thoughts_token_count
        self._cached_content_token_count = cached_content_token_count
        self._tool_use_prompt_token_count = tool_use_prompt_token_count
        self._prompt_tokens_details = prompt_tokens_details
        self._candidates_tokens_details = candidates_tokens_details
        self._cache_tokens_details = cache_tokens_details
        self._tool_use_prompt_tokens_details = tool_use_prompt_tokens_details
        self._traffic_type = traffic_type

    @classmethod
    def from_sdk(cls, usage_metadata: Any) -> GoogleGenAiUsage:
        """Spring's ``from(GenerateContentResponseUsageMetadata)``."""
        if usage_metadata is None:
            return cls(0, 0, 0)
        traffic = getattr(usage_metadata, "traffic_type", None)
        return cls(
            usage_metadata.prompt_token_count or 0,
            usage_metadata.candidates_token_count or 0,
            usage_metadata.total_token_count or 0,
            usage_metadata.thoughts_token_count,
            usage_metadata.cached_content_token_count,
            usage_metadata.tool_use_prompt_token_count,
            _details(usage_metadata.prompt_tokens_details),
            _details(usage_metadata.candidates_tokens_details),
            _details(usage_metadata.cache_tokens_details),
            _details(usage_metadata.tool_use_prompt_tokens_details),
            GoogleGenAiTrafficType.from_sdk(traffic) if traffic is not None else None,
            usage_metadata,
        )

    def get_thoughts_token_count(self) -> int | None:
        return self._thoughts_token_count

    def get_cached_content_token_count(self) -> int | None:
        return self._cached_content_token_count

    def get_tool_use_prompt_token_count(self) -> int | None:
        return self._tool_use_prompt_token_count

    def get_prompt_tokens_details(self) -> list[GoogleGenAiModalityTokenCount] | None:
        return _copy(self._prompt_tokens_details)

    def get_candidates_tokens_details(self) -> list[GoogleGenAiModalityTokenCount] | None:
        return _copy(self._candidates_tokens_details)

    def get_cache_tokens_details(self) -> list[GoogleGenAiModalityTokenCount] | None:
        return _copy(self._cache_tokens_details)

    def get_tool_use_prompt_tokens_details(self) -> list[GoogleGenAiModalityTokenCount] | None:
        return _copy(self._tool_use_prompt_tokens_details)

    def get_traffic_type(self) -> GoogleGenAiTrafficType | None:
        return self._traffic_type

    def _key(self) -> tuple[Any, ...]:
        return (
            *super()._key(),
            self._thoughts_token_count,
            self._tool_use_prompt_token_count,
            self._traffic_type,
        )

    def __eq__(self, other: object) -> bool:
        return type(other) is GoogleGenAiUsage and self._key() == other._key()

    def __hash__(self) -> int:
        return hash((super().__hash__(), self._key()[6:]))

    def __repr__(self) -> str:
        return (
            f"GoogleGenAiUsage{{promptTokens={self.get_prompt_tokens()}, "
            f"completionTokens={self.get_completion_tokens()}, "
            f"totalTokens={self.get_total_tokens()}, "
            f"thoughtsTokenCount={self._thoughts_token_count}, "
            f"cachedContentTokenCount={self._cached_content_token_count}, "
            f"toolUsePromptTokenCount={self._tool_use_prompt_token_count}, "
            f"trafficType={self._traffic_type}}}"
        )


def _details(items: Any) -> list[GoogleGenAiModalityTokenCount] | None:
    if items is None:
        return None
    converted = (GoogleGenAiModalityTokenCount.from_sdk(item) for item in items)
    return [item for item in converted if item is not None]


def _copy(items: list[GoogleGenAiModalityTokenCount] | None) -> list[GoogleGenAiModalityTokenCount] | None:
    return list(items) if items is not None else None
