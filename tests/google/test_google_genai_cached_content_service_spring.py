"""Port of Spring AI 2.0.1 `org.springframework.ai.google.genai.cache.GoogleGenAiCachedContentServiceTests`: 12 tests ported, 0 skipped.

Spring tests an in-memory ``TestGoogleGenAiCachedContentService`` double; the port tests
the real service, whose SDK client talks to ``GeminiTestServer``'s ``cachedContents``
endpoints. So names are the API's ``cachedContents/...`` and models its ``models/...``;
Spring's double-only ``contains``/``size``/``clearAll`` are read from and done on the
server; an update of a missing cache raises ``CachedContentException`` whose cause is
the API's "not found" error.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from google import genai
from google.genai import errors, types

from spring_ai_py.google.genai import (
    CachedContentException,
    CachedContentRequest,
    CachedContentUpdateRequest,
    GoogleGenAiCachedContentService,
)
from spring_ai_py.test import GeminiTestServer


@pytest.fixture
def server() -> Iterator[GeminiTestServer]:
    with GeminiTestServer() as running:
        yield running


@pytest.fixture
def service(server: GeminiTestServer) -> Iterator[GoogleGenAiCachedContentService]:
    client = genai.Client(api_key="k", http_options=types.HttpOptions(base_url=server.base_url))
    yield GoogleGenAiCachedContentService(client)
    client.close()


def _content(text: str) -> types.Content:
    return types.Content(parts=[types.Part(text=text)])


def _request(display_name: str, ttl: timedelta | None = timedelta(hours=1), **more: object) -> CachedContentRequest:
    return CachedContentRequest(
        "gemini-2.0-flash", [_content("Test content")], display_name=display_name, ttl=ttl, **more  # type: ignore[arg-type]
    )


def test_create_cached_content(server: GeminiTestServer, service: GoogleGenAiCachedContentService) -> None:
    system = _content("You are a helpful assistant.")
    context = _content("Additional context here.")
    request = (
        CachedContentRequest.builder()
        .model("gemini-2.0-flash")
        .display_name("Test Cache")
        .system_instruction(system)
        .contents([context])
        .ttl(timedelta(hours=1))
        .build()
    )
    result = service.create(request)
    assert result is not None
    assert (result.get_name() or "").startswith("cachedContents/")
    assert result.get_model() == "models/gemini-2.0-flash"
    assert result.get_display_name() == "Test Cache"
    assert result.get_ttl() == timedelta(hours=1)
    assert context in (result.contents or [])
    assert result.system_instruction == system
    assert result.get_create_time() is not None
    assert list(server.cached_contents) == [result.get_name()]


def test_get_cached_content(service: GoogleGenAiCachedContentService) -> None:
    created = service.create(_request("Test Cache"))
    assert created is not None
    retrieved = service.get(created.get_name() or "")
    assert retrieved is not None
    assert retrieved.get_name() == created.get_name()
    assert retrieved.get_model() == created.get_model()
    assert retrieved.get_display_name() == created.get_display_name()


def test_get_non_existent_cached_content(service: GoogleGenAiCachedContentService) -> None:
    assert service.get("cachedContents/nonexistent") is None


def test_update_cached_content(service: GoogleGenAiCachedContentService) -> None:
    created = service.create(_request("Original Name"))
    assert created is not None and created.create_time is not None
    name = created.get_name() or ""
    updated = service.update(name, CachedContentUpdateRequest.builder().ttl(timedelta(hours=2)).build())
    assert updated is not None
    assert updated.get_name() == name
    assert updated.get_ttl() == timedelta(hours=2)
    assert updated.update_time is not None and updated.update_time > created.create_time


def test_update_non_existent_cached_content(service: GoogleGenAiCachedContentService) -> None:
    request = CachedContentUpdateRequest.builder().ttl(timedelta(hours=2)).build()
    with pytest.raises(CachedContentException, match="Failed to update cached content") as raised:
        service.update("cachedContents/nonexistent", request)
    assert isinstance(raised.value.__cause__, errors.ClientError)
    assert "CachedContent not found" in str(raised.value.__cause__)


def test_delete_cached_content(server: GeminiTestServer, service: GoogleGenAiCachedContentService) -> None:
    created = service.create(_request("To Delete"))
    assert created is not None
    name = created.get_name() or ""
    assert name in server.cached_contents
    assert service.delete(name) is True
    assert name not in server.cached_contents
    assert service.get(name) is None


def test_delete_non_existent_cached_content(service: GoogleGenAiCachedContentService) -> None:
    assert service.delete("cachedContents/nonexistent") is False


def test_list_cached_content(service: GoogleGenAiCachedContentService) -> None:
    for index in range(3):
        service.create(_request(f"Cache {index}", timedelta(hours=index + 1)))
    page = service.list(10, None)
    assert len(page.get_contents()) == 3
    assert not page.has_next_page()


def test_list_empty_cached_content(service: GoogleGenAiCachedContentService) -> None:
    page = service.list(10, None)
    assert page.get_contents() == []
    assert not page.has_next_page()


def test_cached_content_expiration(service: GoogleGenAiCachedContentService) -> None:
    cached = service.create(
        _request("Expired Cache", ttl=None, expire_time=datetime.now(UTC) - timedelta(hours=1))
    )
    assert cached is not None
    assert cached.is_expired()
    assert cached.get_remaining_ttl() == timedelta(0)


def test_cached_content_not_expired(service: GoogleGenAiCachedContentService) -> None:
    cached = service.create(
        _request("Valid Cache", ttl=None, expire_time=datetime.now(UTC) + timedelta(hours=1))
    )
    assert cached is not None
    assert not cached.is_expired()
    remaining = cached.get_remaining_ttl()
    assert remaining is not None and abs(remaining.total_seconds() / 3600 - 1) <= 1


def test_clear_all_cached_content(server: GeminiTestServer, service: GoogleGenAiCachedContentService) -> None:
    for index in range(3):
        service.create(_request(f"Cache {index}"))
    assert len(server.cached_contents) == 3
    for content in service.list_all():
        service.delete(content.get_name() or "")
    assert server.cached_contents == {}
    assert service.list(10, None).get_contents() == []


def test_paging_cleanup_extend_and_bad_requests(
    server: GeminiTestServer, service: GoogleGenAiCachedContentService
) -> None:
    past = datetime.now(UTC) - timedelta(hours=2)
    for index in range(3):
        server.add_cached_content(f"cachedContents/old{index}", "gemini-2.0-flash", expire_time=past)
    fresh = service.create(_request("fresh"))
    assert fresh is not None and fresh.expire_time is not None
    first = service.list(2, None)
    assert len(first.get_contents()) == 2 and first.has_next_page()
    assert len(service.list_all()) == 4
    assert service.cleanup_expired() == 3
    extended = service.extend_ttl(fresh.get_name() or "", timedelta(hours=1))
    assert extended is not None and extended.expire_time is not None
    assert extended.expire_time > fresh.expire_time
    with pytest.raises(CachedContentException, match="Cached content not found"):
        service.extend_ttl("cachedContents/missing", timedelta(hours=1))
    with pytest.raises(ValueError, match=r"Either TTL or expire time must be set$"):
        CachedContentRequest("gemini-2.0-flash", ["x"])
    with pytest.raises(ValueError, match="Contents must not be empty"):
        CachedContentRequest("gemini-2.0-flash", [], ttl=timedelta(hours=1))
    with pytest.raises(ValueError, match="Either TTL or expire time must be set for update"):
        CachedContentUpdateRequest()
    with pytest.raises(ValueError, match="Name must not be empty"):
        service.get("")


def test_the_awaitable_methods_use_the_async_client(
    server: GeminiTestServer, service: GoogleGenAiCachedContentService
) -> None:
    import asyncio

    async def run() -> None:
        created = await service.acreate(_request("async"))
        assert created is not None
        name = created.get_name() or ""
        assert (await service.aget(name)) is not None
        updated = await service.aupdate(name, CachedContentUpdateRequest(ttl=timedelta(hours=3)))
        assert updated is not None and updated.get_ttl() == timedelta(hours=3)
        assert await service.adelete(name) is True
        assert await service.adelete(name) is False
        with pytest.raises(CachedContentException, match="Failed to get cached content"):
            await service.aget(name)

    asyncio.run(run())
    assert server.cached_contents == {}
