"""Spring's ``RestClient`` as migrated code uses it, on the standard library.

``RestClient.builder().base_url(url).default_header(name, value).build()``, then
``client.get().uri("/points/{lat},{lon}", lat, lon).retrieve().body(Points)``: the URI
template's ``{...}`` variables take the arguments in order (URL-encoded), and ``body(T)``
validates the JSON answer into ``T`` (a pydantic model, ``dict``, ``list[...]``) or
returns the text for ``str``. A status of 400 or more raises :class:`RestClientException`
(``urllib.error.HTTPError``), as Spring's ``retrieve()`` raises ``RestClientException``.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any, TypeVar, cast
from urllib.parse import quote, urljoin

from pydantic import TypeAdapter

T = TypeVar("T")

_VARIABLE = re.compile(r"\{[^}]*\}")

RestClientException = urllib.error.URLError


class RestClient:
    """A blocking HTTP client with a base URL and default headers."""

    def __init__(self, base_url: str = "", headers: dict[str, str] | None = None) -> None:
        self.base_url = base_url
        self.headers = dict(headers or {})

    @staticmethod
    def create(base_url: str = "") -> RestClient:
        return RestClient(base_url)

    @staticmethod
    def builder() -> RestClientBuilder:
        return RestClientBuilder()

    def get(self) -> RequestSpec:
        return RequestSpec(self, "GET")

    def post(self) -> RequestSpec:
        return RequestSpec(self, "POST")

    def put(self) -> RequestSpec:
        return RequestSpec(self, "PUT")

    def delete(self) -> RequestSpec:
        return RequestSpec(self, "DELETE")


class RestClientBuilder:
    """``RestClient.builder()``: ``base_url``, ``default_header``, ``build``."""

    def __init__(self) -> None:
        self._base_url = ""
        self._headers: dict[str, str] = {}

    def base_url(self, base_url: str) -> RestClientBuilder:
        self._base_url = base_url
        return self

    def default_header(self, name: str, *values: str) -> RestClientBuilder:
        self._headers[name] = ", ".join(values)
        return self

    def build(self) -> RestClient:
        return RestClient(self._base_url, self._headers)


class RequestSpec:
    """One request being described: ``uri``, ``header``, ``body``, then ``retrieve``."""

    def __init__(self, client: RestClient, method: str) -> None:
        self._client = client
        self._method = method
        self._url = client.base_url
        self._headers = dict(client.headers)
        self._data: bytes | None = None

    def uri(self, template: str, *variables: object) -> RequestSpec:
        values = iter(variables)
        path = _VARIABLE.sub(lambda _: quote(str(next(values)), safe=""), template)
        base = self._client.base_url
        self._url = urljoin(base.rstrip("/") + "/", path.lstrip("/")) if base and "://" not in path else path
        return self

    def header(self, name: str, *values: str) -> RequestSpec:
        self._headers[name] = ", ".join(values)
        return self

    def body(self, value: object) -> RequestSpec:
        self._data = json.dumps(value).encode("utf-8")
        self._headers.setdefault("Content-Type", "application/json")
        return self

    def retrieve(self) -> ResponseSpec:
        request = urllib.request.Request(
            self._url, data=self._data, headers=self._headers, method=self._method
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            return ResponseSpec(response.read())


class ResponseSpec:
    """The answer of ``retrieve()``: ``body(T)`` reads it."""

    def __init__(self, content: bytes) -> None:
        self._content = content

    def body(self, body_type: type[T]) -> T:
        if body_type is str:
            return cast(T, self._content.decode("utf-8"))
        adapter: TypeAdapter[Any] = TypeAdapter(body_type)
        return cast(T, adapter.validate_json(self._content))


__all__ = ["RequestSpec", "ResponseSpec", "RestClient", "RestClientBuilder", "RestClientException"]
