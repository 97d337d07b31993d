"""Building ``google.genai.Client`` objects from the connection settings of the options.

The SDK is imported here on first use; without the ``google-genai`` extra the error
says how to install it.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Protocol

from spring_ai_py.model._wire_limits import response_hooks

if TYPE_CHECKING:
    from google import genai
    from google.genai import types

__all__ = ["GENAI_API_KEY_VARIABLES", "ConnectionSettings", "genai_client", "sdk"]

GENAI_API_KEY_VARIABLES = ("GOOGLE_API_KEY", "GEMINI_API_KEY")
"""The environment variables the SDK reads an API key from (``GOOGLE_API_KEY`` wins)."""


class ConnectionSettings(Protocol):
    """The connection fields the chat and embedding options share."""

    @property
    def base_url(self) -> str | None: ...
    @property
    def api_key(self) -> str | None: ...
    @property
    def timeout(self) -> float | None: ...
    @property
    def max_retries(self) -> int | None: ...
    @property
    def custom_headers(self) -> dict[str, str] | None: ...
    @property
    def vertex_ai(self) -> bool | None: ...
    @property
    def project_id(self) -> str | None: ...
    @property
    def location(self) -> str | None: ...
    @property
    def credentials_uri(self) -> str | None: ...


def sdk() -> None:
    """Check that the ``google-genai`` SDK is installed; else an ``ImportError`` naming
    the extra to install."""
    try:
        import google.genai  # noqa: F401
    except ImportError as error:
        raise ImportError(
            "The Google GenAI models need the google-genai SDK: "
            "pip install 'spring_ai_py[google-genai]'"
        ) from error


def retry_options(max_retries: int | None) -> types.HttpRetryOptions | None:
    """The SDK's retry options for ``max_retries`` retries (``None``: the SDK's default,
    no retries)."""
    if not max_retries:
        return None
    sdk()
    from google.genai import types
    return types.HttpRetryOptions(attempts=max_retries + 1)


def http_options(
    settings: ConnectionSettings, default_timeout: float, asynchronous: bool
) -> types.HttpOptions:
    """The client's HTTP options: base URL, headers, timeout (milliseconds for the SDK),
    retries, and response hooks that bound each response by the request's exchange
    limits (the SDK builds its HTTP clients from them, and closes them)."""
    sdk()
    from google.genai import types

    timeout = settings.timeout if settings.timeout is not None else default_timeout
    hooks: dict[str, Any] = {"event_hooks": response_hooks(asynchronous)}
    return types.HttpOptions(
        base_url=settings.base_url,
        headers=dict(settings.custom_headers) if settings.custom_headers else None,
        timeout=max(1, round(timeout * 1000)),
        retry_options=retry_options(settings.max_retries),
        client_args=None if asynchronous else hooks,
        async_client_args=hooks if asynchronous else None,
    )


def genai_client(
    settings: ConnectionSettings, default_timeout: float, asynchronous: bool
) -> genai.Client:
    """A client of the Gemini Developer API (``api_key``, else the SDK reads
    ``GOOGLE_API_KEY`` / ``GEMINI_API_KEY``) or, with ``vertex_ai``, of Vertex AI in
    ``project_id`` / ``location`` with Application Default Credentials or the service
    account file ``credentials_uri``."""
    sdk()
    from google import genai
    options = http_options(settings, default_timeout, asynchronous)
    if settings.vertex_ai:
        credentials = _credentials(settings.credentials_uri) if settings.credentials_uri else None
        return genai.Client(
            vertexai=True,
            project=settings.project_id,
            location=settings.location,
            credentials=credentials,
            http_options=options,
        )
    return genai.Client(api_key=settings.api_key, http_options=options)


def _credentials(uri: str) -> Any:
    from google.oauth2 import service_account

    path = uri.removeprefix("file:")
    return service_account.Credentials.from_service_account_file(  # type: ignore[no-untyped-call]
        path, scopes=["https://www.googleapis.com/auth/cloud-platform"]
    )


def credential_holder(client: object) -> SimpleNamespace:
    """An object whose ``api_key`` is the key ``client`` (a ``Client`` or its ``aio``)
    sends, for :class:`~spring_ai_py.model._wire_limits.MaskedErrors`."""
    api_client = getattr(client, "_api_client", None)
    return SimpleNamespace(api_key=getattr(api_client, "api_key", None))


def client_base_url(client: object) -> str:
    """Where ``client`` sends its requests."""
    api_client = getattr(client, "_api_client", None)
    options = getattr(api_client, "_http_options", None)
    return str(getattr(options, "base_url", "") or "")
