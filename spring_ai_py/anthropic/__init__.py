"""``org.springframework.ai.anthropic``: the chat model on the official ``anthropic`` SDK.

Importing this package does not import the SDK (it takes about a second); the model
imports it when it is first used. Prompt caching, citations, web search and skills
live in :mod:`.cache`, :mod:`.citations`, :mod:`.web_search` and :mod:`.skills`; the
rate limit in :mod:`.metadata`.
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports
from spring_ai_py.anthropic.cache import (
    AnthropicCacheOptions,
    AnthropicCacheStrategy,
    AnthropicCacheTtl,
    CacheBreakpointTracker,
    CacheEligibilityResolver,
)
from spring_ai_py.anthropic.chat_model import AnthropicChatModel
from spring_ai_py.anthropic.chat_options import AnthropicChatOptions
from spring_ai_py.anthropic.citations import (
    AnthropicCitationDocument,
    AnthropicCitationDocumentType,
    Citation,
    CitationLocationType,
)
from spring_ai_py.anthropic.metadata import AnthropicRateLimit
from spring_ai_py.anthropic.service_tier import AnthropicServiceTier
from spring_ai_py.anthropic.skills import (
    AnthropicSkill,
    AnthropicSkillContainer,
    AnthropicSkillRecord,
    AnthropicSkillsResponseHelper,
    AnthropicSkillType,
)
from spring_ai_py.anthropic.web_search import (
    AnthropicWebSearchResult,
    AnthropicWebSearchTool,
    AnthropicWebSearchUserLocation,
)

__all__ = [
    "AnthropicCacheOptions",
    "AnthropicCacheStrategy",
    "AnthropicCacheTtl",
    "AnthropicChatModel",
    "AnthropicChatOptions",
    "AnthropicChatProperties",
    "AnthropicCitationDocument",
    "AnthropicCitationDocumentType",
    "AnthropicConnectionProperties",
    "AnthropicRateLimit",
    "AnthropicServiceTier",
    "AnthropicSkill",
    "AnthropicSkillContainer",
    "AnthropicSkillRecord",
    "AnthropicSkillType",
    "AnthropicSkillsResponseHelper",
    "AnthropicWebSearchResult",
    "AnthropicWebSearchTool",
    "AnthropicWebSearchUserLocation",
    "CacheBreakpointTracker",
    "CacheEligibilityResolver",
    "Citation",
    "CitationLocationType",
]

_PROPERTIES = "spring_ai_py.anthropic._autoconfigure"
__getattr__, __dir__ = _lazy_exports(
    __name__,
    {"AnthropicChatProperties": _PROPERTIES, "AnthropicConnectionProperties": _PROPERTIES},
)

if TYPE_CHECKING:
    from spring_ai_py.anthropic._autoconfigure import (
        AnthropicChatProperties,
        AnthropicConnectionProperties,
    )
