"""Spring's ``org.springframework.ai.google.genai.cache``: Gemini's cached contents
(context cached once and referenced by later requests through ``cachedContent``)."""

from __future__ import annotations

import builtins
import dataclasses
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py.google.genai._client import sdk

if TYPE_CHECKING:
    from google import genai
    from google.genai import types

__all__ = [
    "CachedContentException",
    "CachedContentPage",
    "CachedContentRequest",
    "CachedContentUpdateRequest",
    "GoogleGenAiCachedContent",
    "GoogleGenAiCachedContentService",
]

logger = logging.getLogger(__name__)


class CachedContentException(RuntimeError):
    """A cached content could not be created, updated or listed (the SDK's error is
    the cause)."""


def _ttl_text(ttl: timedelta) -> str:
    return f"{ttl.total_seconds():g}s"


def _text_content(text: str) -> types.Content:
    sdk()
    from google.genai import types
    return types.Content(role="user", parts=[types.Part(text=text)])


@dataclass(frozen=True)
class CachedContentRequest(Buildable):
    """What to cache: ``contents`` (at least one; texts become user contents) for
    ``model``, an optional ``system_instruction`` (a text or a content) and
    ``display_name``, and how long to keep it: ``ttl`` or ``expire_time`` (one is
    required; ``ttl`` wins when both are set)."""

    model: str
    contents: list[Any] = field(default_factory=list)
    system_instruction: Any = None
    display_name: str | None = None
    ttl: timedelta | None = None
    expire_time: datetime | None = None

    def __post_init__(self) -> None:
        _assert.has_text(self.model, "Model must not be empty")
        contents = [
            _text_content(item) if isinstance(item, str) else item for item in self.contents or ()
        ]
        _assert.is_true(bool(contents), "Contents must not be empty")
        object.__setattr__(self, "contents", contents)
        if isinstance(self.system_instruction, str):
            object.__setattr__(self, "system_instruction", _text_content(self.system_instruction))
        _assert.is_true(
            self.ttl is not None or self.expire_time is not None,
            "Either TTL or expire time must be set",
        )

    def get_model(self) -> str:
        return self.model

    def get_contents(self) -> list[Any]:
        return list(self.contents)

    def get_system_instruction(self) -> Any:
        return self.system_instruction

    def get_display_name(self) -> str | None:
        return self.display_name

    def get_ttl(self) -> timedelta | None:
        return self.ttl

    def get_expire_time(self) -> datetime | None:
        return self.expire_time

    def __str__(self) -> str:
        return (
            f"CachedContentRequest{{model='{self.model}', displayName='{self.display_name}', "
            f"contentsSize={len(self.contents)}, ttl={self.ttl}, expireTime={self.expire_time}}}"
        )

    # --- generated builder ---
    class Builder(_builder.Builder["CachedContentRequest"]):
        """The builder of :class:`CachedContentRequest`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def model(self, model: str, /) -> Self:
            return self._set("model", (model,))

        def contents(self, contents: Any | list[Any], /, *more: Any) -> Self:
            return self._set("contents", (contents, *more), sequence=True)

        def system_instruction(self, system_instruction: Any, /) -> Self:
            return self._set("system_instruction", (system_instruction,))

        def display_name(self, display_name: str | None, /) -> Self:
            return self._set("display_name", (display_name,))

        def ttl(self, ttl: timedelta | None, /) -> Self:
            return self._set("ttl", (ttl,))

        def expire_time(self, expire_time: datetime | None, /) -> Self:
            return self._set("expire_time", (expire_time,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> CachedContentRequest: ...

    @classmethod
    def builder(cls) -> CachedContentRequest.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> CachedContentRequest.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


@dataclass(frozen=True)
class CachedContentUpdateRequest(Buildable):
    """A new lifetime for a cached content: ``ttl`` from now, or ``expire_time``."""

    ttl: timedelta | None = None
    expire_time: datetime | None = None

    def __post_init__(self) -> None:
        if self.ttl is None and self.expire_time is None:
            raise ValueError("Either TTL or expire time must be set for update")

    def get_ttl(self) -> timedelta | None:
        return self.ttl

    def get_expire_time(self) -> datetime | None:
        return self.expire_time

    # --- generated builder ---
    class Builder(_builder.Builder["CachedContentUpdateRequest"]):
        """The builder of :class:`CachedContentUpdateRequest`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def ttl(self, ttl: timedelta | None, /) -> Self:
            return self._set("ttl", (ttl,))

        def expire_time(self, expire_time: datetime | None, /) -> Self:
            return self._set("expire_time", (expire_time,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> CachedContentUpdateRequest: ...

    @classmethod
    def builder(cls) -> CachedContentUpdateRequest.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> CachedContentUpdateRequest.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


@dataclass(frozen=True)
class GoogleGenAiCachedContent(Buildable):
    """A cached content as the API reports it: its ``name`` (``cachedContents/...``,
    what requests reference), ``model`` (``models/...``), times and usage; the one
    :meth:`GoogleGenAiCachedContentService.create` returns also carries the request's
    ``contents``, ``system_instruction`` and ``ttl`` (the API does not send them back)."""

    model: str
    name: str | None = None
    display_name: str | None = None
    create_time: datetime | None = None
    update_time: datetime | None = None
    expire_time: datetime | None = None
    ttl: timedelta | None = None
    contents: list[Any] | None = None
    system_instruction: Any = None
    usage_metadata: Any = None

    def __post_init__(self) -> None:
        _assert.has_text(self.model, "Model must not be empty")

    @classmethod
    def from_sdk(cls, cached_content: Any) -> GoogleGenAiCachedContent | None:
        """Spring's ``from(CachedContent)`` for the SDK's object (``None`` stays ``None``)."""
        if cached_content is None:
            return None
        return cls(
            model=cached_content.model,
            name=cached_content.name,
            display_name=cached_content.display_name,
            create_time=cached_content.create_time,
            update_time=cached_content.update_time,
            expire_time=cached_content.expire_time,
            usage_metadata=cached_content.usage_metadata,
        )

    def get_name(self) -> str | None:
        return self.name

    def get_model(self) -> str:
        return self.model

    def get_display_name(self) -> str | None:
        return self.display_name

    def get_create_time(self) -> datetime | None:
        return self.create_time

    def get_update_time(self) -> datetime | None:
        return self.update_time

    def get_expire_time(self) -> datetime | None:
        return self.expire_time

    def get_ttl(self) -> timedelta | None:
        return self.ttl

    def get_usage_metadata(self) -> Any:
        return self.usage_metadata

    def is_expired(self) -> bool:
        """Whether the expire time has passed (never, without one)."""
        return self.expire_time is not None and datetime.now(UTC) > self.expire_time

    def get_remaining_ttl(self) -> timedelta | None:
        """The time left until it expires (zero once past; ``None`` without an expire time)."""
        if self.expire_time is None:
            return None
        return max(self.expire_time - datetime.now(UTC), timedelta(0))

    def __str__(self) -> str:
        return (
            f"GoogleGenAiCachedContent{{name='{self.name}', model='{self.model}', "
            f"displayName='{self.display_name}', expireTime={self.expire_time}, "
            f"ttl={self.ttl}, isExpired={self.is_expired()}}}"
        )

    # --- generated builder ---
    class Builder(_builder.Builder["GoogleGenAiCachedContent"]):
        """The builder of :class:`GoogleGenAiCachedContent`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def model(self, model: str, /) -> Self:
            return self._set("model", (model,))

        def name(self, name: str | None, /) -> Self:
            return self._set("name", (name,))

        def display_name(self, display_name: str | None, /) -> Self:
            return self._set("display_name", (display_name,))

        def create_time(self, create_time: datetime | None, /) -> Self:
            return self._set("create_time", (create_time,))

        def update_time(self, update_time: datetime | None, /) -> Self:
            return self._set("update_time", (update_time,))

        def expire_time(self, expire_time: datetime | None, /) -> Self:
            return self._set("expire_time", (expire_time,))

        def ttl(self, ttl: timedelta | None, /) -> Self:
            return self._set("ttl", (ttl,))

        def contents(self, contents: Any | list[Any] | None, /, *more: Any) -> Self:
            return self._set("contents", (contents, *more), sequence=True)

        def system_instruction(self, system_instruction: Any, /) -> Self:
            return self._set("system_instruction", (system_instruction,))

        def usage_metadata(self, usage_metadata: Any, /) -> Self:
            return self._set("usage_metadata", (usage_metadata,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> GoogleGenAiCachedContent: ...

    @classmethod
    def builder(cls) -> GoogleGenAiCachedContent.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> GoogleGenAiCachedContent.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


@dataclass(frozen=True)
class CachedContentPage:
    """One page of cached contents and the token of the next page (``None``: last page)."""

    contents: list[GoogleGenAiCachedContent]
    next_page_token: str | None = None

    def get_contents(self) -> list[GoogleGenAiCachedContent]:
        return list(self.contents)

    def get_next_page_token(self) -> str | None:
        return self.next_page_token

    def has_next_page(self) -> bool:
        return self.next_page_token is not None


class GoogleGenAiCachedContentService:
    """Creates, reads, updates, lists and deletes cached contents through a
    ``google.genai.Client`` (blocking methods, and ``a``-prefixed awaitable ones on the
    client's ``aio``).

    As in Spring: a failed ``get`` returns ``None`` and a failed ``delete`` ``False``
    (both logged); a failed ``create``, ``update`` or ``list`` raises
    :class:`CachedContentException` with the SDK's error as its cause.
    """

    def __init__(self, genai_client: genai.Client) -> None:
        _assert.not_none(genai_client, "GenAI client must not be null")
        self._client = genai_client

    # -- blocking ----------------------------------------------------------------------

    def create(self, request: CachedContentRequest) -> GoogleGenAiCachedContent | None:
        """Cache ``request``'s contents; the created cached content."""
        _assert.not_none(request, "Request must not be null")
        try:
            created = self._client.caches.create(
                model=request.model, config=_create_config(request)
            )
        except Exception as error:
            logger.error("Failed to create cached content", exc_info=True)
            raise CachedContentException("Failed to create cached content") from error
        logger.debug("Created cached content: %s", created.name or "unknown")
        return _with_request(GoogleGenAiCachedContent.from_sdk(created), request)

    def get(self, name: str) -> GoogleGenAiCachedContent | None:
        """The cached content ``name``, or ``None`` when it cannot be read."""
        _assert.has_text(name, "Name must not be empty")
        try:
            found = self._client.caches.get(name=name)
        except Exception:
            logger.error("Failed to get cached content: %s", name, exc_info=True)
            return None
        return GoogleGenAiCachedContent.from_sdk(found)

    def update(
        self, name: str, request: CachedContentUpdateRequest
    ) -> GoogleGenAiCachedContent | None:
        """Give the cached content ``name`` a new lifetime."""
        _assert.has_text(name, "Name must not be empty")
        _assert.not_none(request, "Request must not be null")
        try:
            updated = self._client.caches.update(name=name, config=_update_config(request))
        except Exception as error:
            logger.error("Failed to update cached content: %s", name, exc_info=True)
            raise CachedContentException(f"Failed to update cached content: {name}") from error
        converted = GoogleGenAiCachedContent.from_sdk(updated)
        if converted is not None and request.ttl is not None:
            converted = dataclasses.replace(converted, ttl=request.ttl)
        return converted

    def delete(self, name: str) -> bool:
        """Delete the cached content ``name``; whether it was deleted."""
        _assert.has_text(name, "Name must not be empty")
        try:
            self._client.caches.delete(name=name)
        except Exception:
            logger.error("Failed to delete cached content: %s", name, exc_info=True)
            return False
        return True

    def list(self, page_size: int | None = None, page_token: str | None = None) -> CachedContentPage:
        """One page of cached contents (``page_size`` of them, 100 by default) from
        ``page_token``, with the next page's token."""
        sdk()
        from google.genai import types
        settings: dict[str, Any] = {}
        if page_size is not None and page_size > 0:
            settings["page_size"] = page_size
        if page_token is not None:
            settings["page_token"] = page_token
        try:
            pager = self._client.caches.list(config=types.ListCachedContentsConfig(**settings))
            contents = [
                converted
                for item in pager.page
                if (converted := GoogleGenAiCachedContent.from_sdk(item)) is not None
            ]
            next_token = pager.config.get("page_token") or None
        except Exception as error:
            logger.error("Failed to list cached content", exc_info=True)
            raise CachedContentException("Failed to list cached content") from error
        return CachedContentPage(contents, next_token)

    def list_all(self) -> builtins.list[GoogleGenAiCachedContent]:
        """Every cached content, page after page."""
        found: builtins.list[GoogleGenAiCachedContent] = []
        token: str | None = None
        while True:
            page = self.list(100, token)
            found.extend(page.contents)
            token = page.next_page_token
            if token is None:
                return found

    def extend_ttl(self, name: str, additional_ttl: timedelta) -> GoogleGenAiCachedContent | None:
        """Move the expire time of ``name`` ``additional_ttl`` later (from now when it
        has none)."""
        _assert.has_text(name, "Name must not be empty")
        _assert.not_none(additional_ttl, "Additional TTL must not be null")
        existing = self.get(name)
        if existing is None:
            raise CachedContentException(f"Cached content not found: {name}")
        base = existing.expire_time or datetime.now(UTC)
        return self.update(name, CachedContentUpdateRequest(expire_time=base + additional_ttl))

    def refresh_expiration(self, name: str, max_ttl: timedelta) -> GoogleGenAiCachedContent | None:
        """Let ``name`` live ``max_ttl`` from now."""
        _assert.has_text(name, "Name must not be empty")
        _assert.not_none(max_ttl, "Max TTL must not be null")
        return self.update(name, CachedContentUpdateRequest(ttl=max_ttl))

    def cleanup_expired(self) -> int:
        """Delete every expired cached content; how many were deleted."""
        removed = 0
        for content in self.list_all():
            if content.is_expired() and content.name is not None and self.delete(content.name):
                removed += 1
                logger.info("Removed expired cached content: %s", content.name)
        return removed

    # -- async -------------------------------------------------------------------------

    async def acreate(self, request: CachedContentRequest) -> GoogleGenAiCachedContent | None:
        """:meth:`create`, awaited."""
        _assert.not_none(request, "Request must not be null")
        try:
            created = await self._client.aio.caches.create(
                model=request.model, config=_create_config(request)
            )
        except Exception as error:
            logger.error("Failed to create cached content asynchronously", exc_info=True)
            raise CachedContentException("Failed to create cached content") from error
        return _with_request(GoogleGenAiCachedContent.from_sdk(created), request)

    async def aget(self, name: str) -> GoogleGenAiCachedContent | None:
        """:meth:`get`, awaited (failures raise :class:`CachedContentException`, as
        Spring's future fails)."""
        _assert.has_text(name, "Name must not be empty")
        try:
            found = await self._client.aio.caches.get(name=name)
        except Exception as error:
            logger.error("Failed to get cached content asynchronously: %s", name, exc_info=True)
            raise CachedContentException("Failed to get cached content") from error
        return GoogleGenAiCachedContent.from_sdk(found)

    async def aupdate(
        self, name: str, request: CachedContentUpdateRequest
    ) -> GoogleGenAiCachedContent | None:
        """:meth:`update`, awaited."""
        _assert.has_text(name, "Name must not be empty")
        _assert.not_none(request, "Request must not be null")
        try:
            updated = await self._client.aio.caches.update(
                name=name, config=_update_config(request)
            )
        except Exception as error:
            logger.error("Failed to update cached content asynchronously: %s", name, exc_info=True)
            raise CachedContentException("Failed to update cached content") from error
        converted = GoogleGenAiCachedContent.from_sdk(updated)
        if converted is not None and request.ttl is not None:
            converted = dataclasses.replace(converted, ttl=request.ttl)
        return converted

    async def adelete(self, name: str) -> bool:
        """:meth:`delete`, awaited."""
        _assert.has_text(name, "Name must not be empty")
        try:
            await self._client.aio.caches.delete(name=name)
        except Exception:
            logger.error("Failed to delete cached content asynchronously: %s", name, exc_info=True)
            return False
        return True


def _with_request(
    content: GoogleGenAiCachedContent | None, request: CachedContentRequest
) -> GoogleGenAiCachedContent | None:
    """The API does not send back what was cached; the created content carries the
    request's contents, system instruction and TTL."""
    if content is None:
        return None
    return dataclasses.replace(
        content,
        ttl=request.ttl,
        contents=list(request.contents),
        system_instruction=request.system_instruction,
    )


def _create_config(request: CachedContentRequest) -> types.CreateCachedContentConfig:
    sdk()
    from google.genai import types
    settings: dict[str, Any] = {"contents": list(request.contents)}
    if request.system_instruction is not None:
        settings["system_instruction"] = request.system_instruction
    if request.display_name is not None:
        settings["display_name"] = request.display_name
    if request.ttl is not None:
        settings["ttl"] = _ttl_text(request.ttl)
    elif request.expire_time is not None:
        settings["expire_time"] = request.expire_time
    return types.CreateCachedContentConfig(**settings)


def _update_config(request: CachedContentUpdateRequest) -> types.UpdateCachedContentConfig:
    sdk()
    from google.genai import types
    settings: dict[str, Any] = {}
    if request.ttl is not None:
        settings["ttl"] = _ttl_text(request.ttl)
    if request.expire_time is not None:
        settings["expire_time"] = request.expire_time
    return types.UpdateCachedContentConfig(**settings)
