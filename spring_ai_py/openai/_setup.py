"""Spring's ``OpenAiSetup`` for the ``openai`` SDK: the clients of chat and embedding models.

An empty ``api_key`` is Spring's no-auth mode (its ``NoopApiKey``), for local
OpenAI-compatible servers: the client sends no ``Authorization`` header instead of
failing for missing credentials. ``None`` keeps the SDK's own lookup
(``OPENAI_API_KEY``).
"""

from __future__ import annotations

from typing import Any

from spring_ai_py.model._wire_limits import http_client
from spring_ai_py.model.provider import new_sdk_client


def sdk_client(
    options: Any, asynchronous: bool, default_timeout: float, default_max_retries: int
) -> Any:
    """An ``openai.OpenAI`` (or ``AsyncOpenAI``) from the connection settings of ``options``."""
    import openai

    factory: type[Any] = openai.AsyncOpenAI if asynchronous else openai.OpenAI
    settings: dict[str, Any] = {
        "organization": options.organization_id,
        "http_client": http_client(
            openai.DefaultAsyncHttpxClient if asynchronous else openai.DefaultHttpxClient
        ),
    }
    if options.api_key == "":
        factory = _no_auth(factory)
        settings["_enforce_credentials"] = False
    return new_sdk_client(factory, options, default_timeout, default_max_retries, **settings)


_NO_AUTH: dict[type[Any], type[Any]] = {}


def _no_auth(client_class: type[Any]) -> type[Any]:
    """``client_class`` accepting requests without credentials (no ``Authorization``)."""
    found = _NO_AUTH.get(client_class)
    if found is None:

        def _validate_headers(self: Any, headers: Any, custom_headers: Any) -> None:
            return None

        found = _NO_AUTH[client_class] = type(
            f"NoAuth{client_class.__name__}",
            (client_class,),
            {"_validate_headers": _validate_headers},
        )
    return found
