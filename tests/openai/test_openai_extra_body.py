"""Port of Spring AI 2.0.1 `org.springframework.ai.openai.OpenAiExtraBodyTests`: 2 tests ported, 0 skipped.

Spring checks the SDK params' additional body properties; here the fake server records
the JSON body the SDK sent: ``extra_body`` entries are top-level fields of it (as
OpenAI-compatible servers such as vLLM expect ``top_k`` or ``repetition_penalty``).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test.openai_server import OpenAiTestServer


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as running:
        yield running


def _body(server: OpenAiTestServer, options: OpenAiChatOptions) -> dict[str, object]:
    server.enqueue_text("ok")
    model = OpenAiChatModel(
        options=OpenAiChatOptions(base_url=server.base_url, api_key="k", max_retries=0)
    )
    model.call(Prompt("Test prompt", options))
    body = server.requests[-1].body
    assert isinstance(body, dict)
    return body


def test_extra_body_is_mapped_to_additional_body_properties(server: OpenAiTestServer) -> None:
    options = OpenAiChatOptions(
        model="test-model", extra_body={"top_k": 50, "repetition_penalty": 1.1, "best_of": 3}
    )
    body = _body(server, options)
    assert "extra_body" not in body
    assert (body["top_k"], body["repetition_penalty"], body["best_of"]) == (50, 1.1, 3)


def test_extra_body_is_not_mapped_when_null_or_empty(server: OpenAiTestServer) -> None:
    expected_keys = {"model", "messages", "stream"}
    plain = _body(server, OpenAiChatOptions(model="test-model"))
    empty = _body(server, OpenAiChatOptions(model="test-model", extra_body={}))
    assert set(plain) - expected_keys == set(empty) - expected_keys
    assert "extra_body" not in plain and "extra_body" not in empty
