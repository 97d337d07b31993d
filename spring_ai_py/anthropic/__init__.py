"""``org.springframework.ai.anthropic``: the chat model on the official ``anthropic`` SDK.

Importing this package does not import the SDK (it takes about a second); the model
imports it when it is first used. Each name here loads its module on first use, so
autoconfiguration reading the provider's registration loads none of them. Prompt
caching, citations, web search and skills live in :mod:`.cache`, :mod:`.citations`,
:mod:`.web_search` and :mod:`.skills`; the rate limit in :mod:`.metadata`.
"""

from typing import TYPE_CHECKING

from spring_ai_py._lazy import lazy_exports as _lazy_exports

_EXPORTS: dict[str, str] = {
    "AnthropicCacheOptions": "spring_ai_py.anthropic.cache",
    "AnthropicCacheStrategy": "spring_ai_py.anthropic.cache",
    "AnthropicCacheTtl": "spring_ai_py.anthropic.cache",
    "AnthropicChatModel": "spring_ai_py.anthropic.chat_model",
    "AnthropicChatOptions": "spring_ai_py.anthropic.chat_options",
    "AnthropicChatProperties": "spring_ai_py.anthropic._autoconfigure",
    "AnthropicCitationDocument": "spring_ai_py.anthropic.citations",
    "AnthropicCitationDocumentType": "spring_ai_py.anthropic.citations",
    "AnthropicConnectionProperties": "spring_ai_py.anthropic._autoconfigure",
    "AnthropicRateLimit": "spring_ai_py.anthropic.metadata",
    "AnthropicServiceTier": "spring_ai_py.anthropic.service_tier",
    "AnthropicSkill": "spring_ai_py.anthropic.skills",
    "AnthropicSkillContainer": "spring_ai_py.anthropic.skills",
    "AnthropicSkillRecord": "spring_ai_py.anthropic.skills",
    "AnthropicSkillType": "spring_ai_py.anthropic.skills",
    "AnthropicSkillsResponseHelper": "spring_ai_py.anthropic.skills",
    "AnthropicWebSearchResult": "spring_ai_py.anthropic.web_search",
    "AnthropicWebSearchTool": "spring_ai_py.anthropic.web_search",
    "AnthropicWebSearchUserLocation": "spring_ai_py.anthropic.web_search",
    "CacheBreakpointTracker": "spring_ai_py.anthropic.cache",
    "CacheEligibilityResolver": "spring_ai_py.anthropic.cache",
    "Citation": "spring_ai_py.anthropic.citations",
    "CitationLocationType": "spring_ai_py.anthropic.citations",
}

__all__ = sorted(_EXPORTS)

__getattr__, __dir__ = _lazy_exports(__name__, _EXPORTS)

if TYPE_CHECKING:
    from spring_ai_py.anthropic._autoconfigure import (
        AnthropicChatProperties as AnthropicChatProperties,
    )
    from spring_ai_py.anthropic._autoconfigure import (
        AnthropicConnectionProperties as AnthropicConnectionProperties,
    )
    from spring_ai_py.anthropic.cache import AnthropicCacheOptions as AnthropicCacheOptions
    from spring_ai_py.anthropic.cache import AnthropicCacheStrategy as AnthropicCacheStrategy
    from spring_ai_py.anthropic.cache import AnthropicCacheTtl as AnthropicCacheTtl
    from spring_ai_py.anthropic.cache import CacheBreakpointTracker as CacheBreakpointTracker
    from spring_ai_py.anthropic.cache import CacheEligibilityResolver as CacheEligibilityResolver
    from spring_ai_py.anthropic.chat_model import AnthropicChatModel as AnthropicChatModel
    from spring_ai_py.anthropic.chat_options import AnthropicChatOptions as AnthropicChatOptions
    from spring_ai_py.anthropic.citations import (
        AnthropicCitationDocument as AnthropicCitationDocument,
    )
    from spring_ai_py.anthropic.citations import (
        AnthropicCitationDocumentType as AnthropicCitationDocumentType,
    )
    from spring_ai_py.anthropic.citations import Citation as Citation
    from spring_ai_py.anthropic.citations import CitationLocationType as CitationLocationType
    from spring_ai_py.anthropic.metadata import AnthropicRateLimit as AnthropicRateLimit
    from spring_ai_py.anthropic.service_tier import AnthropicServiceTier as AnthropicServiceTier
    from spring_ai_py.anthropic.skills import AnthropicSkill as AnthropicSkill
    from spring_ai_py.anthropic.skills import AnthropicSkillContainer as AnthropicSkillContainer
    from spring_ai_py.anthropic.skills import AnthropicSkillRecord as AnthropicSkillRecord
    from spring_ai_py.anthropic.skills import (
        AnthropicSkillsResponseHelper as AnthropicSkillsResponseHelper,
    )
    from spring_ai_py.anthropic.skills import AnthropicSkillType as AnthropicSkillType
    from spring_ai_py.anthropic.web_search import (
        AnthropicWebSearchResult as AnthropicWebSearchResult,
    )
    from spring_ai_py.anthropic.web_search import AnthropicWebSearchTool as AnthropicWebSearchTool
    from spring_ai_py.anthropic.web_search import (
        AnthropicWebSearchUserLocation as AnthropicWebSearchUserLocation,
    )
