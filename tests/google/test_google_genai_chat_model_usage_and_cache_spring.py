"""Ports of Spring AI 2.0.1 `org.springframework.ai.google.genai.GoogleGenAiChatModelExtendedUsageTests` (8 tests ported, 0 skipped), `GoogleGenAiChatModelCachedContentTests` (4 tests ported, 0 skipped) and `chat.GoogleGenAiChatModelStreamingTests` (1 test ported, 0 skipped).

Spring stubs ``generateContent`` in a ``TestGoogleGenAiGeminiChatModel`` subclass and
keeps cached contents in an in-memory ``TestGoogleGenAiCachedContentService``; here the
model's SDK client talks to ``GeminiTestServer``, whose usage metadata and cached
contents are real wire JSON, and the cached content service is the real one (its
names are the API's ``cachedContents/...``; Spring's test double says ``cachedContent/``).
Spring's 300-chunk stream through Reactor's bounded prefetch is the same 300 SSE events
here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from google.genai import types

from spring_ai_py.chat.messages import UserMessage
from spring_ai_py.chat.metadata import DefaultUsage
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.google.genai import (
    CachedContentRequest,
    GoogleGenAiChatModel,
    GoogleGenAiChatOptions,
    GoogleGenAiTrafficType,
    GoogleGenAiUsage,
)
from spring_ai_py.test import GeminiTestServer, GeminiUsage


@pytest.fixture
def server() -> Iterator[GeminiTestServer]:
    with GeminiTestServer() as running:
        yield running


@pytest.fixture
def chat_model(server: GeminiTestServer) -> Iterator[GoogleGenAiChatModel]:
    options = GoogleGenAiChatOptions(
        model="gemini-2.0-flash-thinking-exp", temperature=0.7, api_key="k", base_url=server.base_url
    )
    with GoogleGenAiChatModel(options=options) as model:
        yield model


def _usage(model: GoogleGenAiChatModel, text: str = "x") -> GoogleGenAiUsage:
    usage = model.call(Prompt([UserMessage(text)])).get_metadata().get_usage()
    assert isinstance(usage, GoogleGenAiUsage)
    return usage


# -- GoogleGenAiChatModelExtendedUsageTests ------------------------------------------------


def test_extended_usage_with_thinking_tokens(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text(
        "This is a thoughtful response",
        usage=GeminiUsage(100, 50, 175, thoughts_token_count=25),
        model_version="gemini-2.0-flash-thinking-exp",
    )
    usage = _usage(chat_model, "Tell me about thinking models")
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        100,
        50,
        175,
    )
    assert usage.get_thoughts_token_count() == 25


def test_extended_usage_with_cached_content(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text("Response using cached context", usage=GeminiUsage(200, 50, 250, cached_content_token_count=80))
    usage = _usage(chat_model, "Continue our conversation")
    assert usage.get_cached_content_token_count() == 80
    assert usage.get_prompt_tokens() == 200


def test_extended_usage_with_tool_use_tokens(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text("Executed tool and got result", usage=GeminiUsage(150, 75, 255, tool_use_prompt_token_count=30))
    assert _usage(chat_model).get_tool_use_prompt_token_count() == 30


def test_extended_usage_with_modality_breakdown(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text(
        "x",
        usage=GeminiUsage(
            200,
            50,
            250,
            prompt_tokens_details=(("TEXT", 80), ("IMAGE", 120)),
            candidates_tokens_details=(("TEXT", 50),),
        ),
    )
    usage = _usage(chat_model)
    prompt = usage.get_prompt_tokens_details() or []
    assert [(d.get_modality(), d.get_token_count()) for d in prompt] == [("TEXT", 80), ("IMAGE", 120)]
    candidates = usage.get_candidates_tokens_details() or []
    assert [(d.get_modality(), d.get_token_count()) for d in candidates] == [("TEXT", 50)]


def test_extended_usage_with_traffic_type(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text("x", usage=GeminiUsage(100, 50, 150, traffic_type="ON_DEMAND"))
    assert _usage(chat_model).get_traffic_type() is GoogleGenAiTrafficType.ON_DEMAND


def test_extended_usage_disabled(server: GeminiTestServer) -> None:
    options = GoogleGenAiChatOptions(
        model="gemini-2.0-flash",
        include_extended_usage_metadata=False,
        api_key="k",
        base_url=server.base_url,
    )
    server.enqueue_text("x", usage=GeminiUsage(100, 50, 150))
    with GoogleGenAiChatModel(options=options) as model:
        usage = model.call(Prompt("x")).get_metadata().get_usage()
    assert not isinstance(usage, GoogleGenAiUsage)
    assert isinstance(usage, DefaultUsage)
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        100,
        50,
        150,
    )


def test_complete_extended_usage_scenario(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text(
        "x",
        usage=GeminiUsage(
            100,
            50,
            195,
            thoughts_token_count=25,
            cached_content_token_count=40,
            tool_use_prompt_token_count=20,
            traffic_type="PROVISIONED_THROUGHPUT",
            prompt_tokens_details=(("TEXT", 70), ("IMAGE", 30)),
            candidates_tokens_details=(("TEXT", 50),),
            cache_tokens_details=(("TEXT", 40),),
            tool_use_prompt_tokens_details=(("TEXT", 20),),
        ),
    )
    usage = _usage(chat_model)
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        100,
        50,
        195,
    )
    assert usage.get_thoughts_token_count() == 25
    assert usage.get_cached_content_token_count() == 40
    assert usage.get_tool_use_prompt_token_count() == 20
    assert len(usage.get_prompt_tokens_details() or []) == 2
    assert len(usage.get_candidates_tokens_details() or []) == 1
    assert len(usage.get_cache_tokens_details() or []) == 1
    assert len(usage.get_tool_use_prompt_tokens_details() or []) == 1
    assert usage.get_traffic_type() is GoogleGenAiTrafficType.PROVISIONED_THROUGHPUT
    assert isinstance(usage.get_native_usage(), types.GenerateContentResponseUsageMetadata)


def test_usage_with_null_metadata(server: GeminiTestServer, chat_model: GoogleGenAiChatModel) -> None:
    server.enqueue_text("x", report_usage=False)
    usage = _usage(chat_model)
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        0,
        0,
        0,
    )
    assert usage.get_thoughts_token_count() is None
    assert usage.get_cached_content_token_count() is None


# -- GoogleGenAiChatModelCachedContentTests ------------------------------------------------


def test_chat_with_cached_content(server: GeminiTestServer, chat_model: GoogleGenAiChatModel) -> None:
    service = chat_model.get_cached_content_service()
    request = (
        CachedContentRequest.builder()
        .model("gemini-2.0-flash")
        .display_name("Java Assistant Context")
        .system_instruction("You are a helpful assistant specialized in Java programming.")
        .contents(["Java programming context and documentation."])
        .ttl(timedelta(hours=1))
        .build()
    )
    cached = service.create(request)
    assert cached is not None and (cached.get_name() or "").startswith("cachedContents/")
    server.enqueue_text("Java is a high-level programming language.")
    options = GoogleGenAiChatOptions(
        model="gemini-2.0-flash", use_cached_content=True, cached_content_name=cached.get_name()
    )
    response = chat_model.call(Prompt([UserMessage("What is Java?")], options))
    assert "Java is a high-level programming language" in (
        response.get_result().get_output().get_text() or ""
    )
    assert server.requests[-1].body["cachedContent"] == cached.get_name()


def test_chat_without_cached_content(
    server: GeminiTestServer, chat_model: GoogleGenAiChatModel
) -> None:
    server.enqueue_text("Hello! How can I help you?")
    options = GoogleGenAiChatOptions(model="gemini-2.0-flash", use_cached_content=False)
    response = chat_model.call(Prompt([UserMessage("Hello")], options))
    assert "Hello! How can I help you?" in (response.get_result().get_output().get_text() or "")
    assert server.cached_contents == {}
    assert "cachedContent" not in server.requests[-1].body


def test_cached_content_expiration(chat_model: GoogleGenAiChatModel) -> None:
    request = (
        CachedContentRequest.builder()
        .model("gemini-2.0-flash")
        .display_name("Short-lived Cache")
        .contents(["Temporary context"])
        .expire_time(datetime.now(UTC) - timedelta(hours=1))
        .build()
    )
    cached = chat_model.get_cached_content_service().create(request)
    assert cached is not None
    assert cached.is_expired()
    assert cached.get_remaining_ttl() == timedelta(0)


def test_cached_content_management(server: GeminiTestServer, chat_model: GoogleGenAiChatModel) -> None:
    service = chat_model.get_cached_content_service()
    for index in range(3):
        service.create(
            CachedContentRequest(
                "gemini-2.0-flash",
                [f"Context {index}"],
                display_name=f"Cache {index}",
                ttl=timedelta(hours=index + 1),
            )
        )
    assert len(server.cached_contents) == 3
    assert len(service.list(10, None).get_contents()) == 3
    for content in service.list_all():
        assert service.delete(content.get_name() or "")
    assert server.cached_contents == {}


# -- chat.GoogleGenAiChatModelStreamingTests -----------------------------------------------


def test_streaming_with_numbers(server: GeminiTestServer) -> None:
    text = "".join(f"{i} " for i in range(1, 301))
    server.enqueue_text(text, chunks=[f"{i} " for i in range(1, 301)])
    options = GoogleGenAiChatOptions(
        model=GoogleGenAiChatModel.ChatModel.GEMINI_2_5_FLASH, api_key="k", base_url=server.base_url
    )

    async def collect() -> str:
        with GoogleGenAiChatModel(options=options) as model:
            parts = [
                response.get_result().get_output().get_text() or ""
                async for response in model.stream(Prompt("Count to 300"))
            ]
        return "".join(parts)

    assert asyncio.run(collect()) == text
