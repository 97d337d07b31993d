"""The Ollama embedding model over Ollama's native ``/api/embed`` and the official SDK."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._builder import Buildable
from spring_ai_py._field_types import check_field_types
from spring_ai_py.chat.metadata import DefaultUsage
from spring_ai_py.embedding import (
    AbstractEmbeddingModel,
    Embedding,
    EmbeddingOptions,
    EmbeddingRequest,
    EmbeddingResponse,
    EmbeddingResponseMetadata,
)
from spring_ai_py.embedding.observation._embedding_model import EmbeddingModelObservation
from spring_ai_py.model.option_fields import option, request_values
from spring_ai_py.model.provider import LazyClients
from spring_ai_py.ollama._wire import dump, sdk_errors
from spring_ai_py.ollama.api import PROVIDER_NAME, OllamaApi, OllamaModel
from spring_ai_py.ollama.management import ModelManagementOptions, initialize_model

if TYPE_CHECKING:
    import ollama
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

__all__ = ["OllamaEmbeddingModel", "OllamaEmbeddingOptions"]

class _EmbeddingOptionsBuilder(_builder.Builder[Any]):
    """``model`` also takes an :class:`OllamaModel` (Spring's ``model(OllamaModel)``)."""

    __slots__ = ()

    def model(self, model: OllamaModel | str | None, /) -> Self:
        self._values["model"] = model.id() if isinstance(model, OllamaModel) else model
        return self


@dataclass(frozen=True, kw_only=True, repr=False)
class OllamaEmbeddingOptions(EmbeddingOptions, Buildable):
    """Options of :class:`OllamaEmbeddingModel` (Spring's ``OllamaEmbeddingOptions``).

    The request fields ``model`` (default :attr:`DEFAULT_MODEL`, ``mxbai-embed-large``
    as in Spring), ``keep_alive``, ``truncate`` and ``dimensions``, and the model-loading
    options sent under ``options`` (under the JSON name each field declares: ``use_numa``
    is ``numa``).
    Request options override the model's defaults field by field.
    """

    DEFAULT_MODEL: ClassVar[str] = OllamaModel.MXBAI_EMBED_LARGE.id()

    # Spring binds spring.ai.ollama.embedding.model, .truncate and .keep-alive (sent
    # beside ``options``); the model-loading options go under ``options`` by their JSON
    # names and are no properties.
    model: str | None = option(sent=False)
    keep_alive: str | None = option(sent=False)
    dimensions: int | None = None
    truncate: bool | None = option(sent=False)
    use_numa: bool | None = option(wire="numa", bind=False)
    num_ctx: int | None = option(bind=False)
    num_batch: int | None = option(bind=False)
    num_gpu: int | None = option(bind=False)
    main_gpu: int | None = option(bind=False)
    low_vram: bool | None = option(bind=False)
    f16_kv: bool | None = option(bind=False)
    logits_all: bool | None = option(bind=False)
    vocab_only: bool | None = option(bind=False)
    use_mmap: bool | None = option(bind=False)
    use_mlock: bool | None = option(bind=False)
    num_thread: int | None = option(bind=False)

    def __post_init__(self) -> None:
        check_field_types(self)
        if self.dimensions is not None and self.dimensions <= 0:
            raise ValueError("dimensions must be positive")

    def get_model(self) -> str | None:
        return self.model

    def get_dimensions(self) -> int | None:
        return self.dimensions

    def get_keep_alive(self) -> str | None:
        return self.keep_alive

    def get_truncate(self) -> bool | None:
        return self.truncate

    def _set_fields(self) -> dict[str, Any]:
        return {
            field.name: value
            for field in dataclasses.fields(self)
            if (value := getattr(self, field.name)) is not None
        }

    def merge(self, other: EmbeddingOptions | None) -> OllamaEmbeddingOptions:
        """These options with the set fields of ``other`` on top (``model`` and
        ``dimensions`` of any :class:`EmbeddingOptions`, every field of these)."""
        if other is None:
            return self
        values = self._set_fields()
        if isinstance(other, OllamaEmbeddingOptions):
            values.update(other._set_fields())
        else:
            if other.get_model() is not None:
                values["model"] = other.get_model()
            if other.get_dimensions() is not None:
                values["dimensions"] = other.get_dimensions()
        return OllamaEmbeddingOptions(**values)

    def to_map(self) -> dict[str, Any]:
        """Spring's ``toMap()``: the set fields under their JSON names."""
        values = {
            name: getattr(self, name)
            for name in ("model", "keep_alive", "dimensions", "truncate")
            if getattr(self, name) is not None
        }
        values.update(request_values(self))
        return values

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={value!r}" for name, value in self._set_fields().items())
        return f"OllamaEmbeddingOptions({shown})"

    # --- generated builder (base: _EmbeddingOptionsBuilder) ---
    class Builder(_EmbeddingOptionsBuilder):
        """The builder of :class:`OllamaEmbeddingOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def keep_alive(self, keep_alive: str | None, /) -> Self:
            return self._set("keep_alive", (keep_alive,))

        def dimensions(self, dimensions: int | None, /) -> Self:
            return self._set("dimensions", (dimensions,))

        def truncate(self, truncate: bool | None, /) -> Self:
            return self._set("truncate", (truncate,))

        def use_numa(self, use_numa: bool | None, /) -> Self:
            return self._set("use_numa", (use_numa,))

        def num_ctx(self, num_ctx: int | None, /) -> Self:
            return self._set("num_ctx", (num_ctx,))

        def num_batch(self, num_batch: int | None, /) -> Self:
            return self._set("num_batch", (num_batch,))

        def num_gpu(self, num_gpu: int | None, /) -> Self:
            return self._set("num_gpu", (num_gpu,))

        def main_gpu(self, main_gpu: int | None, /) -> Self:
            return self._set("main_gpu", (main_gpu,))

        def low_vram(self, low_vram: bool | None, /) -> Self:
            return self._set("low_vram", (low_vram,))

        def f16_kv(self, f16_kv: bool | None, /) -> Self:
            return self._set("f16_kv", (f16_kv,))

        def logits_all(self, logits_all: bool | None, /) -> Self:
            return self._set("logits_all", (logits_all,))

        def vocab_only(self, vocab_only: bool | None, /) -> Self:
            return self._set("vocab_only", (vocab_only,))

        def use_mmap(self, use_mmap: bool | None, /) -> Self:
            return self._set("use_mmap", (use_mmap,))

        def use_mlock(self, use_mlock: bool | None, /) -> Self:
            return self._set("use_mlock", (use_mlock,))

        def num_thread(self, num_thread: int | None, /) -> Self:
            return self._set("num_thread", (num_thread,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> OllamaEmbeddingOptions: ...

    @classmethod
    def builder(cls) -> OllamaEmbeddingOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> OllamaEmbeddingOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


def _response(native: dict[str, Any]) -> EmbeddingResponse:
    """Ollama's answer as an ``EmbeddingResponse`` (its prompt tokens are
    ``prompt_eval_count``)."""
    vectors = native.get("embeddings") or []
    results = [Embedding([float(v) for v in vector], index) for index, vector in enumerate(vectors)]
    prompt_tokens = native.get("prompt_eval_count") or 0
    model = str(native.get("model") or "")
    return EmbeddingResponse(results, EmbeddingResponseMetadata(model, DefaultUsage(prompt_tokens, 0)))


class OllamaEmbeddingModel(AbstractEmbeddingModel, Buildable):
    """Spring's ``OllamaEmbeddingModel``: embeddings from Ollama's ``/api/embed``.

    At least one text per request; request options override the model's defaults. The
    usage's prompt tokens are Ollama's ``prompt_eval_count``. Built with
    ``model_management_options`` whose strategy is not ``NEVER``, the model pulls its
    model at once. Each call is one ``embeddings <model>`` span and records the GenAI
    metrics; ``acall`` uses the SDK's async client.
    """

    def __init__(
        self,
        options: OllamaEmbeddingOptions | None = None,
        ollama_api: OllamaApi | None = None,
        ollama_client: ollama.Client | None = None,
        ollama_client_async: ollama.AsyncClient | None = None,
        model_management_options: ModelManagementOptions | None = None,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> None:
        if options is not None:
            _assert.instance_of(options, OllamaEmbeddingOptions, "options")
        if ollama_api is not None:
            _assert.instance_of(ollama_api, OllamaApi, "ollama_api")
        self._options = options if options is not None else OllamaEmbeddingOptions()
        self._ollama_api = ollama_api
        api = ollama_api if ollama_api is not None else OllamaApi()
        self._api = api
        self._ollama_client = ollama_client
        self._ollama_client_async = ollama_client_async
        self._model_management_options = model_management_options
        self._tracer_provider = tracer_provider
        self._meter_provider = meter_provider
        self._observation = EmbeddingModelObservation(PROVIDER_NAME, tracer_provider, meter_provider)
        self._clients: LazyClients[Any, Any] = LazyClients(
            api.new_client, ollama_client, ollama_client_async
        )
        management = model_management_options or ModelManagementOptions.defaults()
        initialize_model(api, management, self._model_of(self._options), ollama_client)

    @staticmethod
    def _model_of(options: OllamaEmbeddingOptions) -> str:
        model = options.model if options.model is not None else OllamaEmbeddingOptions.DEFAULT_MODEL
        if not model.strip():
            raise ValueError("model cannot be null or empty")
        return model

    def get_options(self) -> OllamaEmbeddingOptions:
        return self._options

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        _assert.not_none(request, "EmbeddingRequest must not be null")
        _assert.not_empty(request.get_instructions(), "At least one text is required!")
        options, model, arguments = self.ollama_embedding_request(request)
        client = self._clients.sync_client(None)

        def send() -> dict[str, Any]:
            with sdk_errors(client):
                return dump(client.embed(**arguments))

        return self._observation.call(model, options.dimensions, send, _response)

    async def acall(self, request: EmbeddingRequest) -> EmbeddingResponse:
        """:meth:`call` on the SDK's async client (cancelling the awaiting task cancels
        the request). With a blocking ``ollama_client`` of your own and no async one,
        the call runs on it off the event loop."""
        if self._ollama_client is not None and self._ollama_client_async is None:
            return await super().acall(request)
        _assert.not_none(request, "EmbeddingRequest must not be null")
        _assert.not_empty(request.get_instructions(), "At least one text is required!")
        options, model, arguments = self.ollama_embedding_request(request)
        client = self._clients.async_client(None)

        async def send() -> dict[str, Any]:
            with sdk_errors(client):
                return dump(await client.embed(**arguments))

        return await self._observation.acall(model, options.dimensions, send, _response)

    def ollama_embedding_request(
        self, request: EmbeddingRequest
    ) -> tuple[OllamaEmbeddingOptions, str, dict[str, Any]]:
        """The request's merged options, its model and the SDK's ``embed`` arguments."""
        _assert.not_none(request, "EmbeddingRequest must not be null")
        options = self._options.merge(request.get_options())
        model = self._model_of(options)
        arguments: dict[str, Any] = {
            "model": model,
            "input": list(request.get_instructions()),
            "options": request_values(options),
        }
        for name in ("keep_alive", "truncate", "dimensions"):
            value = getattr(options, name)
            if value is not None:
                arguments[name] = value
        return options, model, arguments

    def close(self) -> None:
        """Close the SDK clients this model created (not the ones passed in)."""
        self._clients.close()

    async def aclose(self) -> None:
        """:meth:`close` from async code, awaiting the running loop's async client."""
        await self._clients.aclose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"OllamaEmbeddingModel(options={self._options!r})"

    # --- generated builder ---
    class Builder(_builder.Builder["OllamaEmbeddingModel"]):
        """The builder of :class:`OllamaEmbeddingModel`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def options(self, options: OllamaEmbeddingOptions | None, /) -> Self:
            return self._set("options", (options,))

        def ollama_api(self, ollama_api: OllamaApi | None, /) -> Self:
            return self._set("ollama_api", (ollama_api,))

        def ollama_client(self, ollama_client: ollama.Client | None, /) -> Self:
            return self._set("ollama_client", (ollama_client,))

        def ollama_client_async(self, ollama_client_async: ollama.AsyncClient | None, /) -> Self:
            return self._set("ollama_client_async", (ollama_client_async,))

        def model_management_options(self, model_management_options: ModelManagementOptions | None, /) -> Self:
            return self._set("model_management_options", (model_management_options,))

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def meter_provider(self, meter_provider: MeterProvider | None, /) -> Self:
            return self._set("meter_provider", (meter_provider,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> OllamaEmbeddingModel: ...

    @classmethod
    def builder(cls) -> OllamaEmbeddingModel.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> OllamaEmbeddingModel.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---
