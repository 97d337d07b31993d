"""Port of Spring AI 2.0.1 `org.springframework.ai.openai.chat.OpenAiExtraBodySerializationTests`: 4 tests ported, 0 skipped.

Spring serialises the options with Jackson (``@JsonAnyGetter`` flattens
``extraBody``); the port has no JSON form of the options, so the serialisation that
matters is the request body: the tests read the JSON the SDK sent to the fake server.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test.openai_server import OpenAiTestServer


@pytest.fixture
def server() -> Iterator[OpenAiTestServer]:
    with OpenAiTestServer() as running:
        yield running


def _raw_body(server: OpenAiTestServer, options: OpenAiChatOptions) -> str:
    server.enqueue_text("ok")
    model = OpenAiChatModel(
        options=OpenAiChatOptions(base_url=server.base_url, api_key="k", max_retries=0)
    )
    model.call(Prompt("Hi", options))
    return server.requests[-1].raw_body.decode("utf-8")


def test_extra_body_serialization_flattens_to_top_level(server: OpenAiTestServer) -> None:
    raw = _raw_body(
        server,
        OpenAiChatOptions(model="gpt-4", extra_body={"top_k": 50, "repetition_penalty": 1.1}),
    )
    body = json.loads(raw)
    assert body["top_k"] == 50
    assert body["repetition_penalty"] == 1.1
    assert "extra_body" not in raw


def test_extra_body_with_empty_map(server: OpenAiTestServer) -> None:
    raw = _raw_body(server, OpenAiChatOptions(model="gpt-4", extra_body={}))
    assert "extra_body" not in raw
    assert "top_k" not in raw


def test_extra_body_with_null(server: OpenAiTestServer) -> None:
    raw = _raw_body(server, OpenAiChatOptions.builder().model("gpt-4").extra_body(None).build())
    assert "extra_body" not in raw


def test_merge_with_extra_body() -> None:
    options = OpenAiChatOptions(
        model="test-model", extra_body={"enable_thinking": True, "max_depth": 10}
    )
    runtime = (
        OpenAiChatOptions.builder()
        .temperature(0.9)
        .extra_body({"enable_thinking": False, "top_k": 50})
    )
    merged = options.mutate().combine_with(runtime).build()
    assert merged.get_extra_body() == {"enable_thinking": False, "max_depth": 10, "top_k": 50}
    assert merged.get_model() == "test-model"
    assert merged.get_temperature() == 0.9
