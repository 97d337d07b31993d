"""Spring's ``AnthropicServiceTier``: which capacity a request may use."""

from __future__ import annotations

import enum


class AnthropicServiceTier(enum.StrEnum):
    """``auto`` uses Priority Tier capacity when available; ``standard_only`` never does.

    A ``str`` enum, so it is sent as the API's ``service_tier`` string as it is.
    """

    AUTO = "auto"
    STANDARD_ONLY = "standard_only"

    def to_sdk_service_tier(self) -> str:
        """The value the Anthropic SDK expects for ``service_tier``."""
        return self.value


__all__ = ["AnthropicServiceTier"]
