"""The SDK clients of a provider model, created on first use.

A model builds its blocking client once. An SDK's async client keeps its connections
bound to the event loop that opened them, so a model builds one async client per event
loop (a script may call ``asyncio.run`` many times); clients given by the user are used
as they are.
"""

from __future__ import annotations

import asyncio
import threading
import weakref
from collections.abc import Callable
from typing import Any


class LazyClients:
    """A model's blocking client and its async clients (one per event loop)."""

    __slots__ = ("_async_by_loop", "_async_client", "_factory", "_lock", "_sync_client")

    def __init__(self, factory: Callable[[bool], Any], sync_client: Any, async_client: Any) -> None:
        self._factory = factory
        self._sync_client = sync_client
        self._async_client = async_client
        self._async_by_loop: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, Any] = (
            weakref.WeakKeyDictionary()
        )
        self._lock = threading.Lock()

    def sync_client(self, max_retries: int | None) -> Any:
        client = self._sync_client
        if client is None:
            with self._lock:
                if self._sync_client is None:
                    self._sync_client = self._factory(False)
                client = self._sync_client
        return _with_retries(client, max_retries)

    def async_client(self, max_retries: int | None) -> Any:
        client = self._async_client
        if client is None:
            loop = asyncio.get_running_loop()
            client = self._async_by_loop.get(loop)
            if client is None:
                with self._lock:
                    client = self._async_by_loop.get(loop)
                    if client is None:
                        client = self._factory(True)
                        self._async_by_loop[loop] = client
        return _with_retries(client, max_retries)


def _with_retries(client: Any, max_retries: int | None) -> Any:
    """``client``, or a copy with the request's ``max_retries`` when it differs."""
    if max_retries is None or max_retries == client.max_retries:
        return client
    return client.with_options(max_retries=max_retries)
