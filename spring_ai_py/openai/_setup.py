"""Spring's ``OpenAiSetup`` for the ``openai`` SDK: the clients of chat and embedding models.

An empty ``api_key`` is Spring's no-auth mode (its ``NoopApiKey``), for local
OpenAI-compatible servers: the client sends no ``Authorization`` header instead of
failing for missing credentials. ``None`` keeps the SDK's own lookup
(``OPENAI_API_KEY``; an unset ``base_url`` is ``OPENAI_BASE_URL``). Nothing else comes
from ``os.environ``: not the SDK's ``OPENAI_ORG_ID``, ``OPENAI_PROJECT_ID``,
``OPENAI_CUSTOM_HEADERS`` and the like (an application context resolves what Spring
reads from its own ``environ`` and passes it in the options).
"""

from __future__ import annotations

from typing import Any

from spring_ai_py._compat import environ_free_client, no_auth_openai_client
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
        factory, no_auth_settings = no_auth_openai_client(factory)
        settings.update(no_auth_settings)
    factory = environ_free_client(factory)
    return new_sdk_client(factory, options, default_timeout, default_max_retries, **settings)

