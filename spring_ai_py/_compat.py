"""The private APIs of other libraries that spring_ai_py relies on, in one place.

Each has no public equivalent that is as cheap or that exists at all; each is checked by
``tests/test_compat.py``, which fails when a new release of the library moves it.
"""

from __future__ import annotations

import asyncio.events
from typing import Any

from opentelemetry import trace

__all__ = ["global_tracer_provider_if_set", "no_auth_openai_client", "running_loop"]


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
