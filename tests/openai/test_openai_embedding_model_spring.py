"""Port of Spring AI 2.0.1 `org.springframework.ai.openai.embedding.OpenAiEmbeddingModelTests`: 1 test ported, 0 skipped.

Spring captures the SDK's ``RequestOptions``; here the SDK's
``x-stainless-read-timeout`` request header, recorded by the fake server, shows the
timeout the SDK used for the request.
"""

from __future__ import annotations

from spring_ai_py.embedding import EmbeddingRequest
from spring_ai_py.openai import OpenAiEmbeddingModel, OpenAiEmbeddingOptions
from spring_ai_py.test.openai_server import OpenAiTestServer


def test_propagates_timeout_from_request_options() -> None:
    with OpenAiTestServer() as server:
        model = OpenAiEmbeddingModel(
            options=OpenAiEmbeddingOptions(base_url=server.base_url, api_key="k", timeout=12)
        )
        model.call(EmbeddingRequest(["hi"], OpenAiEmbeddingOptions(timeout=30)))
        model.call(EmbeddingRequest(["hi"], None))
        assert [r.header("x-stainless-read-timeout") for r in server.requests] == ["30", "12"]
