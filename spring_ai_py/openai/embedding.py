"""The OpenAI embedding model over the Embeddings API and the official ``openai`` SDK."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py._field_types import check_field_types
from spring_ai_py.chat.metadata import DefaultUsage
from spring_ai_py.document import Document, MetadataMode
from spring_ai_py.embedding import (
    AbstractEmbeddingModel,
    Embedding,
    EmbeddingOptions,
    EmbeddingRequest,
    EmbeddingResponse,
    EmbeddingResponseMetadata,
)
from spring_ai_py.embedding.observation._embedding_model import EmbeddingModelObservation
from spring_ai_py.model._wire_limits import (
    CALL_LIMIT_FIELDS,
    AnswerTooLargeError,
    Exchange,
    check_limits,
)
from spring_ai_py.model.option_fields import option, request_values
from spring_ai_py.model.provider import (
    LazyClients,
    _require_api_key,
    normalize_timeout,
    options_repr,
)
from spring_ai_py.openai.chat_model import new_openai_client

if TYPE_CHECKING:
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

_PROVIDER = "openai"
T = TypeVar("T")


@dataclass(frozen=True, kw_only=True, repr=False)
class OpenAiEmbeddingOptions(EmbeddingOptions, Buildable):
    """Options of :class:`OpenAiEmbeddingModel` (Spring's ``OpenAiEmbeddingOptions``).

    The connection settings (``base_url``, ``api_key``, ``organization_id``,
    ``timeout`` in seconds, ``max_retries``, ``custom_headers``) configure the model's
    client; ``model`` defaults to :attr:`DEFAULT_EMBEDDING_MODEL` when no options name
    one. ``encoding_format`` is :class:`EncodingFormat` or its string, ``"float"`` or
    ``"base64"`` (the SDK decodes either; unset, it asks for ``base64``). ``merge``
    merges ``custom_headers`` and ``extra_body`` entry by entry.

    Beyond Spring, ``call_timeout`` (seconds or a ``timedelta``; unset,
    :attr:`DEFAULT_CALL_TIMEOUT`) bounds a whole call, its retries included, where
    ``timeout`` bounds each read: a server trickling its answer ends in
    ``openai.APITimeoutError``. ``max_answer_bytes`` (unset,
    :attr:`DEFAULT_MAX_ANSWER_BYTES`) bounds the answer's size
    (``openai.APIResponseValidationError``).
    """

    DEFAULT_EMBEDDING_MODEL: ClassVar[str] = "text-embedding-ada-002"
    DEFAULT_CALL_TIMEOUT: ClassVar[float] = 600.0
    """Seconds a whole call may take when ``call_timeout`` is unset."""
    DEFAULT_MAX_ANSWER_BYTES: ClassVar[int] = 64 * 1024 * 1024
    """Bytes an answer may take when ``max_answer_bytes`` is unset."""

    class EncodingFormat(enum.StrEnum):
        """The API's ``encoding_format`` values (unset: the SDK asks for ``base64``)."""

        FLOAT = "float"
        BASE64 = "base64"

    base_url: str | None = None
    api_key: str | None = None
    organization_id: str | None = None
    timeout: float | None = None
    max_retries: int | None = None
    custom_headers: dict[str, str] | None = None
    model: str | None = None
    # The Embeddings API parameters, each declared once: its property
    # (spring.ai.openai.embedding.<name>, bounds checked when bound) and how it is sent.
    dimensions: int | None = option(gt=0)
    user: str | None = option()
    encoding_format: OpenAiEmbeddingOptions.EncodingFormat | str | None = option(
        bind_as="str | None"
    )
    extra_body: dict[str, Any] | None = option()
    call_timeout: float | None = None
    max_answer_bytes: int | None = None

    def __post_init__(self) -> None:
        normalize_timeout(self)
        check_limits(self, CALL_LIMIT_FIELDS)
        check_field_types(self, frozenset({"timeout", *CALL_LIMIT_FIELDS}))
        if self.dimensions is not None and self.dimensions <= 0:
            raise ValueError("dimensions must be positive")

    def get_model(self) -> str | None:
        return self.model

    def get_dimensions(self) -> int | None:
        return self.dimensions

    def get_user(self) -> str | None:
        return self.user

    def get_encoding_format(self) -> OpenAiEmbeddingOptions.EncodingFormat | str | None:
        return self.encoding_format

    def _set_fields(self) -> dict[str, Any]:
        return {
            f.name: getattr(self, f.name)
            for f in dataclasses.fields(self)
            if getattr(self, f.name) is not None
        }

    def merge(self, other: EmbeddingOptions | None) -> OpenAiEmbeddingOptions:
        """These options with the set fields of ``other`` on top (model and dimensions
        of any :class:`EmbeddingOptions`, every field of ``OpenAiEmbeddingOptions``)."""
        if other is None:
            return self
        values = self._set_fields()
        if isinstance(other, OpenAiEmbeddingOptions):
            for name, value in other._set_fields().items():
                mine = values.get(name)
                # Header and extra-body maps merge entry by entry, as in Spring.
                values[name] = {**mine, **value} if isinstance(mine, dict) else value
        else:
            if other.get_model() is not None:
                values["model"] = other.get_model()
            if other.get_dimensions() is not None:
                values["dimensions"] = other.get_dimensions()
        return OpenAiEmbeddingOptions(**values)

    def __repr__(self) -> str:
        return options_repr(self, ("api_key",), ("custom_headers",))

    # --- generated builder ---
    class Builder(_builder.Builder["OpenAiEmbeddingOptions"]):
        """The builder of :class:`OpenAiEmbeddingOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def base_url(self, base_url: str | None, /) -> Self:
            return self._set("base_url", (base_url,))

        def api_key(self, api_key: str | None, /) -> Self:
            return self._set("api_key", (api_key,))

        def organization_id(self, organization_id: str | None, /) -> Self:
            return self._set("organization_id", (organization_id,))

        def timeout(self, timeout: float | None, /) -> Self:
            return self._set("timeout", (timeout,))

        def max_retries(self, max_retries: int | None, /) -> Self:
            return self._set("max_retries", (max_retries,))

        def custom_headers(self, custom_headers: dict[str, str] | None, /) -> Self:
            return self._set("custom_headers", (custom_headers,))

        def model(self, model: str | None, /) -> Self:
            return self._set("model", (model,))

        def dimensions(self, dimensions: int | None, /) -> Self:
            return self._set("dimensions", (dimensions,))

        def user(self, user: str | None, /) -> Self:
            return self._set("user", (user,))

        def encoding_format(self, encoding_format: OpenAiEmbeddingOptions.EncodingFormat | str | None, /) -> Self:
            return self._set("encoding_format", (encoding_format,))

        def extra_body(self, extra_body: dict[str, Any] | None, /) -> Self:
            return self._set("extra_body", (extra_body,))

        def call_timeout(self, call_timeout: float | None, /) -> Self:
            return self._set("call_timeout", (call_timeout,))

        def max_answer_bytes(self, max_answer_bytes: int | None, /) -> Self:
            return self._set("max_answer_bytes", (max_answer_bytes,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> OpenAiEmbeddingOptions: ...

    @classmethod
    def builder(cls) -> OpenAiEmbeddingOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> OpenAiEmbeddingOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


def _bounded(exchange: Exchange, send: Callable[[], T]) -> T:
    """``send()`` (the SDK's request) bounded by ``exchange``: past its deadline the
    SDK's ``APITimeoutError``, past its size its ``APIResponseValidationError``."""
    import openai

    try:
        with exchange.sending(openai):
            return send()
    except (openai.APIConnectionError, AnswerTooLargeError) as error:
        exchange.check_too_large(error, openai)
        raise


async def _abounded(exchange: Exchange, send: Awaitable[T]) -> T:
    """The async :func:`_bounded` (``send`` is the SDK's request, not yet awaited)."""
    import openai

    try:
        with exchange.sending(openai):
            return await send
    except (openai.APIConnectionError, AnswerTooLargeError) as error:
        exchange.check_too_large(error, openai)
        raise


def _response(native: Any) -> EmbeddingResponse:
    """The SDK's answer as an ``EmbeddingResponse``."""
    results = [Embedding(list(item.embedding), item.index) for item in native.data]
    usage = DefaultUsage(native.usage.prompt_tokens, 0, native.usage.total_tokens, native.usage)
    return EmbeddingResponse(results, EmbeddingResponseMetadata(native.model, usage))


class OpenAiEmbeddingModel(AbstractEmbeddingModel, Buildable):
    """Spring's ``OpenAiEmbeddingModel``: embeddings from OpenAI's Embeddings API.

    Request options override the model's default options field by field. Documents
    are embedded with their metadata formatted by ``metadata_mode`` (``EMBED`` by
    default). Each call is one ``embeddings <model>`` span and records the GenAI
    metrics. The SDK is imported, and the client created, on first use.
    """

    def __init__(
        self,
        options: OpenAiEmbeddingOptions | None = None,
        metadata_mode: MetadataMode | None = None,
        openai_client: Any = None,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> None:
        if options is not None:
            _assert.instance_of(options, OpenAiEmbeddingOptions, "options")
        self._options = options if options is not None else OpenAiEmbeddingOptions()
        self._metadata_mode = metadata_mode if metadata_mode is not None else MetadataMode.EMBED
        if openai_client is None:
            _require_api_key(self._options, "OpenAiEmbeddingModel", ("OPENAI_API_KEY",))
        self._openai_client = openai_client
        self._tracer_provider = tracer_provider
        self._meter_provider = meter_provider
        self._observation = EmbeddingModelObservation(_PROVIDER, tracer_provider, meter_provider)
        self._clients = LazyClients(
            lambda asynchronous: new_openai_client(self._options, asynchronous),
            openai_client,
            None,
        )

    def get_options(self) -> OpenAiEmbeddingOptions:
        return self._options

    def get_embedding_content(self, document: Document) -> str:
        _assert.not_none(document, "Document must not be null")
        return document.get_formatted_content(self._metadata_mode)

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        options, model, params = self._prepare(request)
        client = self._clients.sync_client(options.max_retries)
        exchange = Exchange.for_call(options)
        return self._observation.call(
            model,
            options.dimensions,
            lambda: _bounded(exchange, lambda: client.embeddings.create(**params)),
            _response,
        )

    async def acall(self, request: EmbeddingRequest) -> EmbeddingResponse:
        """:meth:`call` on the SDK's async client: no thread is held while the API
        answers, and cancelling the awaiting task cancels the request. With a blocking
        ``openai_client`` of your own, the call runs on it off the event loop."""
        if self._openai_client is not None:
            return await super().acall(request)
        options, model, params = self._prepare(request)
        client = self._clients.async_client(options.max_retries)
        exchange = Exchange.for_call(options)
        return await self._observation.acall(
            model,
            options.dimensions,
            lambda: _abounded(exchange, client.embeddings.create(**params)),
            _response,
        )

    def _prepare(
        self, request: EmbeddingRequest
    ) -> tuple[OpenAiEmbeddingOptions, str, dict[str, Any]]:
        """The request's merged options, its model and the SDK's keyword arguments."""
        _assert.not_none(request, "EmbeddingRequest must not be null")
        options = self._options.merge(request.get_options())
        model = options.model or OpenAiEmbeddingOptions.DEFAULT_EMBEDDING_MODEL
        params: dict[str, Any] = {"input": list(request.get_instructions()), "model": model}
        params.update(request_values(options))
        for name, value in (
            ("extra_headers", options.custom_headers),
            ("timeout", options.timeout),
        ):
            if value is not None:
                params[name] = value
        return options, model, params

    def close(self) -> None:
        """Close the SDK client this model created (not one passed in)."""
        self._clients.close()

    def __enter__(self) -> OpenAiEmbeddingModel:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"OpenAiEmbeddingModel(options={self._options!r})"

    # --- generated builder ---
    class Builder(_builder.Builder["OpenAiEmbeddingModel"]):
        """The builder of :class:`OpenAiEmbeddingModel`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def options(self, options: OpenAiEmbeddingOptions | None, /) -> Self:
            return self._set("options", (options,))

        def metadata_mode(self, metadata_mode: MetadataMode | None, /) -> Self:
            return self._set("metadata_mode", (metadata_mode,))

        def openai_client(self, openai_client: Any, /) -> Self:
            return self._set("openai_client", (openai_client,))

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def meter_provider(self, meter_provider: MeterProvider | None, /) -> Self:
            return self._set("meter_provider", (meter_provider,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> OpenAiEmbeddingModel: ...

    @classmethod
    def builder(cls) -> OpenAiEmbeddingModel.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> OpenAiEmbeddingModel.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
