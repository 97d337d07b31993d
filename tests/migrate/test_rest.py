"""``spring_ai_py.migrate.rest.RestClient``: the RestClient calls migrated code makes."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from pydantic import BaseModel

from spring_ai_py.migrate.rest import RestClient, RestClientException


class Point(BaseModel):
    forecast: str


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        if self.path.startswith("/missing"):
            self.send_response(404)
            self.end_headers()
            return
        body = json.dumps({"forecast": f"{self.path} {self.headers['Accept']}"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        return None


@pytest.fixture
def base_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_uri_template_default_headers_and_typed_body(base_url: str) -> None:
    client = RestClient.builder().base_url(base_url).default_header("Accept", "application/geo+json").build()
    point = client.get().uri("/points/{lat},{lon}", 47.6, "a b").retrieve().body(Point)
    assert point.forecast == "/points/47.6,a%20b application/geo+json"
    assert json.loads(client.get().uri("/x").retrieve().body(str))["forecast"].startswith("/x")


def test_error_status_raises_rest_client_exception(base_url: str) -> None:
    with pytest.raises(RestClientException):
        RestClient.create(base_url).get().uri("/missing").retrieve()
