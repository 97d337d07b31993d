"""The private APIs of other libraries that spring_ai_py relies on, in one place.

Each has no public equivalent that is as cheap or that exists at all; each is checked by
``tests/test_compat.py``, which fails when a new release of the library moves it.
"""

from __future__ import annotations

import asyncio.events
from typing import Any

from opentelemetry import trace

__all__ = [
    "connection_pools",
    "environ_free_client",
    "global_tracer_provider_if_set",
    "no_auth_openai_client",
    "running_loop",
]


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread, else ``None``.

    ``asyncio.get_running_loop()`` raises instead, and the exception it raises (and the
    caller catches) costs more than this C-level check on every blocking call.
    """
    return asyncio.events._get_running_loop()


def global_tracer_provider_if_set() -> object | None:
    """The tracer provider passed to ``trace.set_tracer_provider()``, else ``None``.

    ``trace.get_tracer_provider()`` reads the environment and builds a proxy on every call
    while none is set; this is read on every advisor step.
    """
    return getattr(trace, "_TRACER_PROVIDER", None)


_NO_AUTH: dict[type[Any], type[Any]] = {}


def no_auth_openai_client(client_class: type[Any]) -> tuple[type[Any], dict[str, Any]]:
    """An ``openai`` client class that sends requests without credentials, and the
    keywords that build it (Spring's ``NoopApiKey`` for local OpenAI-compatible servers).

    The SDK insists on an API key and an ``Authorization`` header; the only way around it
    is its private ``_enforce_credentials`` flag and ``_validate_headers`` hook.
    """
    found = _NO_AUTH.get(client_class)
    if found is None:

        def _validate_headers(self: Any, headers: Any, custom_headers: Any) -> None:
            return None

        found = _NO_AUTH[client_class] = type(
            f"NoAuth{client_class.__name__}",
            (client_class,),
            {"_validate_headers": _validate_headers},
        )
    return found, {"_enforce_credentials": False}


def connection_pools(client: Any) -> list[Any]:
    """The ``httpcore2`` connection pools of an ``httpx2.Client`` or ``AsyncClient``: those
    of its transport and of its proxy mounts (their ``_network_backend`` opens and wraps
    every connection).

    httpx has no public way to reach the network backend of the transport a client built
    itself (here, the SDKs' ``DefaultHttpxClient`` with their defaults and proxies).
    """
    transports = [getattr(client, "_transport", None), *getattr(client, "_mounts", {}).values()]
    pools = [getattr(transport, "_pool", None) for transport in transports]
    return [pool for pool in pools if hasattr(pool, "_network_backend")]


_ENVIRON_ATTRIBUTES = ("organization", "project", "admin_api_key", "webhook_secret", "webhook_key")
_ENVIRON_FREE: dict[type[Any], type[Any]] = {}


def environ_free_client(client_class: type[Any]) -> type[Any]:
    """A subclass of an ``openai`` or ``anthropic`` client class whose instances take
    from ``os.environ`` only what their arguments leave to it on purpose: the API key
    and the base URL when those are ``None``.

    The SDKs' constructors also read ``OPENAI_ORG_ID``, ``OPENAI_PROJECT_ID``,
    ``OPENAI_ADMIN_KEY``, ``OPENAI_WEBHOOK_SECRET``, ``OPENAI_CUSTOM_HEADERS``,
    ``ANTHROPIC_WEBHOOK_SIGNING_KEY`` and ``ANTHROPIC_CUSTOM_HEADERS`` when the matching
    argument is unset (the custom headers always), and have no argument that turns it
    off; here the attributes they set are reset to the arguments given (unset: none),
    and the private ``_custom_headers`` to the ``default_headers`` argument. The SDKs'
    ``with_options`` copies go through the same constructor.
    """
    found = _ENVIRON_FREE.get(client_class)
    if found is None:

        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            client_class.__init__(self, *args, **kwargs)
            for name in _ENVIRON_ATTRIBUTES:
                if hasattr(self, name):
                    setattr(self, name, kwargs.get(name))
            self._custom_headers = dict(kwargs.get("default_headers") or {})

        found = _ENVIRON_FREE[client_class] = type(
            client_class.__name__,
            (client_class,),
            {"__init__": __init__, "__qualname__": client_class.__qualname__},
        )
    return found
