"""Deprecated location of :mod:`spring_ai_py.model.provider` (kept for imports)."""

from spring_ai_py.model.provider import (
    ConnectionOptions,
    LazyClients,
    ProviderChatModel,
    merge_options,
    new_sdk_client,
    normalize_timeout,
    transport_errors,
)

__all__ = [
    "ConnectionOptions",
    "LazyClients",
    "ProviderChatModel",
    "merge_options",
    "new_sdk_client",
    "normalize_timeout",
    "transport_errors",
]
