"""Anthropic's server-side web search: the tool's options and the results it returns.

Spring's ``AnthropicWebSearchTool`` (sent as the ``web_search_20260209`` server tool
next to the user's tools) and ``AnthropicWebSearchResult`` (one result of a
``web_search_tool_result`` block, gathered into the response metadata under
``web-search-results``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from spring_ai_py._builder import Builder

#: The server tool's ``type`` (the version Spring 2.0.1 sends).
WEB_SEARCH_TOOL_TYPE = "web_search_20260209"


@dataclass(frozen=True)
class AnthropicWebSearchUserLocation:
    """The approximate location results are localised for (Spring's ``UserLocation``)."""

    city: str | None = None
    country: str | None = None
    region: str | None = None
    timezone: str | None = None


class AnthropicWebSearchToolBuilder(Builder["AnthropicWebSearchTool"]):
    """Spring's ``AnthropicWebSearchTool.Builder``; ``user_location`` takes the four parts."""

    __slots__ = ()

    def user_location(
        self,
        city: str | None = None,
        country: str | None = None,
        region: str | None = None,
        timezone: str | None = None,
    ) -> AnthropicWebSearchToolBuilder:
        self._values["user_location"] = AnthropicWebSearchUserLocation(
            city, country, region, timezone
        )
        return self


@dataclass(frozen=True, kw_only=True)
class AnthropicWebSearchTool:
    """Options of the web search server tool: domain filters, a use limit, a location."""

    allowed_domains: Sequence[str] | None = None
    blocked_domains: Sequence[str] | None = None
    max_uses: int | None = None
    user_location: AnthropicWebSearchUserLocation | None = None

    def __post_init__(self) -> None:
        for name in ("allowed_domains", "blocked_domains"):
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, tuple(value))

    @classmethod
    def builder(cls) -> AnthropicWebSearchToolBuilder:
        """A builder for the web search tool (domains, maximum uses, user location)."""
        return AnthropicWebSearchToolBuilder(cls)

    def get_allowed_domains(self) -> list[str] | None:
        return list(self.allowed_domains) if self.allowed_domains is not None else None

    def get_blocked_domains(self) -> list[str] | None:
        return list(self.blocked_domains) if self.blocked_domains is not None else None

    def get_max_uses(self) -> int | None:
        return self.max_uses

    def get_user_location(self) -> AnthropicWebSearchUserLocation | None:
        return self.user_location

    def to_tool_param(self) -> dict[str, Any]:
        """The tool's entry in the request's ``tools``."""
        tool: dict[str, Any] = {"type": WEB_SEARCH_TOOL_TYPE, "name": "web_search"}
        if self.allowed_domains is not None:
            tool["allowed_domains"] = list(self.allowed_domains)
        if self.blocked_domains is not None:
            tool["blocked_domains"] = list(self.blocked_domains)
        if self.max_uses is not None:
            tool["max_uses"] = self.max_uses
        if self.user_location is not None:
            location: dict[str, Any] = {"type": "approximate"}
            for name in ("city", "country", "region", "timezone"):
                value = getattr(self.user_location, name)
                if value is not None:
                    location[name] = value
            tool["user_location"] = location
        return tool


@dataclass(frozen=True)
class AnthropicWebSearchResult:
    """One web search result: its title, URL and the age of the page, if known."""

    title: str
    url: str
    page_age: str | None = None


def web_search_results_of(block: Any) -> list[AnthropicWebSearchResult]:
    """The results of an SDK ``web_search_tool_result`` block (none for an error)."""
    content = getattr(block, "content", None)
    if not isinstance(content, list):
        return []
    return [
        AnthropicWebSearchResult(item.title, item.url, getattr(item, "page_age", None))
        for item in content
        if getattr(item, "type", None) == "web_search_result"
    ]


__all__ = [
    "AnthropicWebSearchResult",
    "AnthropicWebSearchTool",
    "AnthropicWebSearchToolBuilder",
    "AnthropicWebSearchUserLocation",
]
