"""The Google GenAI text embedding model over Gemini's ``embedContent`` and the official
``google-genai`` SDK (Spring's ``GoogleGenAiTextEmbeddingModel``,
``GoogleGenAiTextEmbeddingOptions`` and ``GoogleGenAiEmbeddingConnectionDetails``)."""

from __future__ import annotations

import enum
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

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
from spring_ai_py.google.genai._client import credential_holder, genai_client, sdk
from spring_ai_py.google.genai.common import PROVIDER_NAME
from spring_ai_py.model._wire_limits import MaskedErrors
from spring_ai_py.model.option_fields import option, request_values
from spring_ai_py.model.provider import (
    LazyClients,
    normalize_timeout,
)

if TYPE_CHECKING:
    from google import genai
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

__all__ = [
    "GoogleGenAiEmbeddingConnectionDetails",
    "GoogleGenAiTextEmbeddingModel",
    "GoogleGenAiTextEmbeddingModelName",
    "GoogleGenAiTextEmbeddingOptions",
]


class GoogleGenAiTextEmbeddingModelName(enum.Enum):
    """The text embedding models, with their version, dimensions and description."""

    TEXT_EMBEDDING_004 = ("text-embedding-004", "004", 768, "English text model")
    TEXT_MULTILINGUAL_EMBEDDING_002 = (
        "text-multilingual-embedding-002",
        "002",
        768,
        "Multilingual text model",
    )
    GEMINI_EMBEDDING_001 = ("gemini-embedding-001", "001", 3072, "Multilingual embedding model")

    def get_name(self) -> str:
        return str(self.value[0])

    def get_version(self) -> str:
        return str(self.value[1])

    def get_dimensions(self) -> int:
        return int(self.value[2])

    def get_description(self) -> str:
        return str(self.value[3])


_KNOWN_DIMENSIONS = {name.get_name(): name.get_dimensions() for name in GoogleGenAiTextEmbeddingModelName}


@dataclass(frozen=True, kw_only=True)
class GoogleGenAiTextEmbeddingOptions(EmbeddingOptions, Buildable):
    """Options of :class:`GoogleGenAiTextEmbeddingModel`.

    ``model`` defaults to :attr:`DEFAULT_MODEL_NAME` and ``task_type`` to
    ``RETRIEVAL_DOCUMENT``, as in Spring. ``title`` is only valid with that task type,
    given explicitly (as in Spring, a title with an unset task type is refused).
    ``dimensions`` is the API's ``outputDimensionality``. Beyond Spring 2.0.1, which
    keeps them but does not send them, ``task_type`` and ``title`` are sent, and
    ``auto_truncate`` too (Vertex AI only: the Gemini Developer API refuses it).
    """

    class TaskType(enum.StrEnum):
        """What the embeddings are for."""

        RETRIEVAL_QUERY = "RETRIEVAL_QUERY"
        RETRIEVAL_DOCUMENT = "RETRIEVAL_DOCUMENT"
        SEMANTIC_SIMILARITY = "SEMANTIC_SIMILARITY"
        CLASSIFICATION = "CLASSIFICATION"
        CLUSTERING = "CLUSTERING"
        QUESTION_ANSWERING = "QUESTION_ANSWERING"
        FACT_VERIFICATION = "FACT_VERIFICATION"

    DEFAULT_MODEL_NAME: ClassVar[str] = GoogleGenAiTextEmbeddingModelName.GEMINI_EMBEDDING_001.get_name()
    _unchecked_fields: ClassVar[frozenset[str]] = frozenset({"task_type"})

    # Each option declared once: its property (spring.ai.google.genai.embedding.text.
    # <name>, bounds checked when bound) and, when the SDK's EmbedContentConfig takes it
    # as it is, its name there (sent=False: the request converts it itself).
    model: str | None = option(sent=False)
    task_type: GoogleGenAiTextEmbeddingOptions.TaskType | None = option(
        sent=False, bind_as="TaskTypeProperty | None"
    )
    dimensions: int | None = option(gt=0, wire="output_dimensionality")
    # An empty title is not sent.
    title: str | None = option(sent=False)
    auto_truncate: bool | None = option()

    def __post_init__(self) -> None:
        check_field_types(self, self._unchecked_fields)
        if isinstance(self.model, GoogleGenAiTextEmbeddingModelName):
            object.__setattr__(self, "model", self.model.get_name())
        if self.model is None:
            object.__setattr__(self, "model", self.DEFAULT_MODEL_NAME)
        task = self.task_type
        if task is not None and not isinstance(task, GoogleGenAiTextEmbeddingOptions.TaskType):
            kind = GoogleGenAiTextEmbeddingOptions.TaskType
            if not isinstance(task, str) or task.upper() not in kind.__members__:
                raise ValueError(
                    f"task_type must be one of {', '.join(kind.__members__)}, got {task!r}"
                )
            task = kind[task.upper()]
        if self.title and task is not GoogleGenAiTextEmbeddingOptions.TaskType.RETRIEVAL_DOCUMENT:
            raise ValueError("Title is only valid with task_type=RETRIEVAL_DOCUMENT")
        object.__setattr__(
            self,
            "task_type",
            task if task is not None else GoogleGenAiTextEmbeddingOptions.TaskType.RETRIEVAL_DOCUMENT,
        )
        if self.dimensions is not None and self.dimensions <= 0:
            raise ValueError("dimensions must be positive")

    def get_model(self) -> str | None:
        return self.model

    def get_dimensions(self) -> int | None:
        return self.dimensions

    def get_task_type(self) -> GoogleGenAiTextEmbeddingOptions.TaskType | None:
        return self.task_type

    def get_title(self) -> str | None:
        return self.title

    def get_auto_truncate(self) -> bool | None:
        return self.auto_truncate

    def merge(self, other: EmbeddingOptions | None) -> GoogleGenAiTextEmbeddingOptions:
        """Spring's ``buildEmbeddingRequest``: ``other``'s model and dimensions over
        these, and its task type, title and auto-truncate when it is of this class."""
        if other is None:
            return self
        values: dict[str, Any] = {
            "model": other.get_model() or self.model,
            "dimensions": (
                other.get_dimensions() if other.get_dimensions() is not None else self.dimensions
            ),
            "task_type": self.task_type,
            "title": self.title,
            "auto_truncate": self.auto_truncate,
        }
        if isinstance(other, GoogleGenAiTextEmbeddingOptions):
            for name in ("title", "auto_truncate"):
                theirs = getattr(other, name)
                if theirs is not None:
                    values[name] = theirs
            values["task_type"] = other.task_type
        return GoogleGenAiTextEmbeddingOptions(**values)

    # --- generated builder ---
    class Builder(_builder.Builder["GoogleGenAiTextEmbeddingOptions"]):
        """The builder of :class:`GoogleGenAiTextEmbeddingOptions`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def model(self, model: str | None, /) -> Self:
            return self._set("model", (model,))

        def task_type(self, task_type: GoogleGenAiTextEmbeddingOptions.TaskType | None, /) -> Self:
            return self._set("task_type", (task_type,))

        def dimensions(self, dimensions: int | None, /) -> Self:
            return self._set("dimensions", (dimensions,))

        def title(self, title: str | None, /) -> Self:
            return self._set("title", (title,))

        def auto_truncate(self, auto_truncate: bool | None, /) -> Self:
            return self._set("auto_truncate", (auto_truncate,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> GoogleGenAiTextEmbeddingOptions: ...

    @classmethod
    def builder(cls) -> GoogleGenAiTextEmbeddingOptions.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> GoogleGenAiTextEmbeddingOptions.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


@dataclass(frozen=True, kw_only=True, repr=False)
class GoogleGenAiEmbeddingConnectionDetails(Buildable):
    """Where the embedding model connects: the Gemini Developer API with ``api_key``
    (else the SDK reads ``GOOGLE_API_KEY`` / ``GEMINI_API_KEY``), at ``base_url`` when
    set, or Vertex AI in ``project_id`` / ``location`` (``us-central1`` by default) when
    ``vertex_ai`` is set or a project is given without a key. ``genai_client`` is used as it is when
    given. The client is built on first use. The ``repr`` never shows the key."""

    DEFAULT_LOCATION: ClassVar[str] = "us-central1"
    DEFAULT_PUBLISHER: ClassVar[str] = "google"
    DEFAULT_TIMEOUT: ClassVar[float] = 60.0

    project_id: str | None = None
    location: str | None = None
    api_key: str | None = None
    base_url: str | None = None
    vertex_ai: bool | None = None
    credentials_uri: str | None = None
    timeout: float | None = None
    max_retries: int | None = None
    custom_headers: dict[str, str] | None = None
    genai_client: Any = None

    def __post_init__(self) -> None:
        normalize_timeout(self)
        if self.vertex_ai is None and not self.api_key and self.project_id:
            # A project and no key: Spring's Vertex AI mode.
            object.__setattr__(self, "vertex_ai", True)
        if self.vertex_ai and not self.location:
            object.__setattr__(self, "location", self.DEFAULT_LOCATION)
        object.__setattr__(self, "_lock", threading.Lock())
        object.__setattr__(self, "_client", self.genai_client)

    def get_project_id(self) -> str | None:
        return self.project_id

    def get_location(self) -> str | None:
        return self.location

    def get_api_key(self) -> str | None:
        return self.api_key

    def get_genai_client(self) -> genai.Client:
        """The client (built on the first call)."""
        client: genai.Client | None = self.__dict__["_client"]
        if client is None:
            with self.__dict__["_lock"]:
                client = self.__dict__["_client"]
                if client is None:
                    client = genai_client(self, self.DEFAULT_TIMEOUT, False)
                    object.__setattr__(self, "_client", client)
        assert client is not None
        return client

    def get_model_endpoint_name(self, model_name: str) -> str:
        """The model's endpoint name: the name itself (the SDK builds the endpoint)."""
        return model_name

    def __repr__(self) -> str:
        shown = {
            name: value
            for name, value in (
                ("project_id", self.project_id),
                ("location", self.location),
                ("base_url", self.base_url),
                ("vertex_ai", self.vertex_ai),
                ("api_key", "***" if self.api_key else None),
            )
            if value is not None
        }
        inner = ", ".join(f"{name}={value!r}" for name, value in shown.items())
        return f"GoogleGenAiEmbeddingConnectionDetails({inner})"

    # --- generated builder ---
    class Builder(_builder.Builder["GoogleGenAiEmbeddingConnectionDetails"]):
        """The builder of :class:`GoogleGenAiEmbeddingConnectionDetails`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def project_id(self, project_id: str | None, /) -> Self:
            return self._set("project_id", (project_id,))

        def location(self, location: str | None, /) -> Self:
            return self._set("location", (location,))

        def api_key(self, api_key: str | None, /) -> Self:
            return self._set("api_key", (api_key,))

        def base_url(self, base_url: str | None, /) -> Self:
            return self._set("base_url", (base_url,))

        def vertex_ai(self, vertex_ai: bool | None, /) -> Self:
            return self._set("vertex_ai", (vertex_ai,))

        def credentials_uri(self, credentials_uri: str | None, /) -> Self:
            return self._set("credentials_uri", (credentials_uri,))

        def timeout(self, timeout: float | None, /) -> Self:
            return self._set("timeout", (timeout,))

        def max_retries(self, max_retries: int | None, /) -> Self:
            return self._set("max_retries", (max_retries,))

        def custom_headers(self, custom_headers: dict[str, str] | None, /) -> Self:
            return self._set("custom_headers", (custom_headers,))

        def genai_client(self, genai_client: Any, /) -> Self:
            return self._set("genai_client", (genai_client,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> GoogleGenAiEmbeddingConnectionDetails: ...

    @classmethod
    def builder(cls) -> GoogleGenAiEmbeddingConnectionDetails.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> GoogleGenAiEmbeddingConnectionDetails.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class GoogleGenAiTextEmbeddingModel(AbstractEmbeddingModel, Buildable):
    """Spring's ``GoogleGenAiTextEmbeddingModel``: text embeddings from Gemini.

    Empty texts are not sent: they get an empty vector at their index, as in Spring (a
    request whose texts are all empty is refused). Request options override the
    defaults (see :meth:`GoogleGenAiTextEmbeddingOptions.merge`). Each call is one
    ``embeddings <model>`` span and records the GenAI metrics; API errors are the SDK's
    ``google.genai.errors.APIError`` with the key masked. ``dimensions()`` is known
    without a call for the listed models.
    """

    def __init__(
        self,
        connection_details: GoogleGenAiEmbeddingConnectionDetails,
        options: GoogleGenAiTextEmbeddingOptions | None = None,
        metadata_mode: MetadataMode | None = None,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> None:
        _assert.not_none(connection_details, "GoogleGenAiEmbeddingConnectionDetails must not be null")
        _assert.instance_of(
            connection_details, GoogleGenAiEmbeddingConnectionDetails, "connection_details"
        )
        if options is not None:
            _assert.instance_of(options, GoogleGenAiTextEmbeddingOptions, "options")
        self._connection_details = connection_details
        self._options = options if options is not None else GoogleGenAiTextEmbeddingOptions()
        self._metadata_mode = metadata_mode if metadata_mode is not None else MetadataMode.EMBED
        self._tracer_provider = tracer_provider
        self._meter_provider = meter_provider
        # Gemini counts no input tokens: the usage is a total, on the span only.
        self._observation = EmbeddingModelObservation(
            PROVIDER_NAME, tracer_provider, meter_provider, reports_input_tokens=False
        )
        given = connection_details.genai_client
        # Awaited calls use one async client per event loop, closed with its loop (a
        # script may call asyncio.run many times); a given client's aio is used as is.
        self._async_clients: LazyClients[Any, Any] = LazyClients(
            lambda asynchronous: genai_client(
                connection_details, connection_details.DEFAULT_TIMEOUT, True
            ).aio,
            None,
            given.aio if given is not None else None,
        )

    def get_options(self) -> GoogleGenAiTextEmbeddingOptions:
        return self._options

    def get_connection_details(self) -> GoogleGenAiEmbeddingConnectionDetails:
        return self._connection_details

    def get_embedding_content(self, document: Document) -> str:
        _assert.not_none(document, "Document must not be null")
        return document.get_formatted_content(self._metadata_mode)

    def dimensions(self) -> int:
        known = _KNOWN_DIMENSIONS.get(self._options.model or "")
        return known if known is not None else super().dimensions()

    def call(self, request: EmbeddingRequest) -> EmbeddingResponse:
        options, model, texts, valid = self._prepare(request)
        client = self._connection_details.get_genai_client()
        _check_allowed(client)

        def send() -> Any:
            with MaskedErrors(_errors().APIError, credential_holder(client), None):
                return client.models.embed_content(
                    model=self._connection_details.get_model_endpoint_name(model),
                    contents=valid,
                    config=_embed_config(options),
                )

        return self._observation.call(
            model, options.dimensions, send, lambda native: _response(native, model, texts)
        )

    async def acall(self, request: EmbeddingRequest) -> EmbeddingResponse:
        """:meth:`call` on the client's ``aio``: no thread is held while the API answers."""
        options, model, texts, valid = self._prepare(request)
        client = self._async_clients.async_client(None)

        async def send() -> Any:
            with MaskedErrors(_errors().APIError, credential_holder(client), None):
                return await client.models.embed_content(
                    model=self._connection_details.get_model_endpoint_name(model),
                    contents=valid,
                    config=_embed_config(options),
                )

        return await self._observation.acall(
            model, options.dimensions, send, lambda native: _response(native, model, texts)
        )

    def _prepare(
        self, request: EmbeddingRequest
    ) -> tuple[GoogleGenAiTextEmbeddingOptions, str, list[str], list[str]]:
        _assert.not_none(request, "EmbeddingRequest must not be null")
        options = self._options.merge(request.get_options())
        if not options.model:
            raise ValueError("model cannot be null or empty")
        texts = list(request.get_instructions())
        if not texts:
            raise ValueError("No embedding input is provided - instructions list is empty")
        valid = [text for text in texts if text and text.strip()]
        if not valid:
            raise ValueError("No embedding input is provided - all texts are null or empty")
        return options, options.model, texts, valid

    def close(self) -> None:
        """Close the clients the model and its connection details built (not one passed
        in)."""
        details = self._connection_details
        client = details.__dict__["_client"]
        if client is not None and details.genai_client is None:
            object.__setattr__(details, "_client", None)
            client.close()
        self._async_clients.close()

    async def aclose(self) -> None:
        """:meth:`close` from async code, awaiting the running loop's async client."""
        await self._async_clients.aclose()
        self.close()

    def __enter__(self) -> GoogleGenAiTextEmbeddingModel:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return (
            f"GoogleGenAiTextEmbeddingModel(connection_details={self._connection_details!r}, "
            f"options={self._options!r})"
        )

    # --- generated builder ---
    class Builder(_builder.Builder["GoogleGenAiTextEmbeddingModel"]):
        """The builder of :class:`GoogleGenAiTextEmbeddingModel`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def connection_details(self, connection_details: GoogleGenAiEmbeddingConnectionDetails, /) -> Self:
            return self._set("connection_details", (connection_details,))

        def options(self, options: GoogleGenAiTextEmbeddingOptions | None, /) -> Self:
            return self._set("options", (options,))

        def metadata_mode(self, metadata_mode: MetadataMode | None, /) -> Self:
            return self._set("metadata_mode", (metadata_mode,))

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def meter_provider(self, meter_provider: MeterProvider | None, /) -> Self:
            return self._set("meter_provider", (meter_provider,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> GoogleGenAiTextEmbeddingModel: ...

    @classmethod
    def builder(cls) -> GoogleGenAiTextEmbeddingModel.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> GoogleGenAiTextEmbeddingModel.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


def _response(native: Any, model: str, texts: list[str]) -> EmbeddingResponse:
    """The SDK's answer as an ``EmbeddingResponse``: an empty vector at the index of each
    empty text (not sent), the total of the vectors' token counts as the usage."""
    vectors = list(native.embeddings or ())
    results: list[Embedding] = []
    tokens = 0
    position = 0
    for index, text in enumerate(texts):
        if text and text.strip():
            if position < len(vectors):
                item = vectors[position]
                if item.values is not None:
                    results.append(Embedding(list(item.values), index))
                statistics = getattr(item, "statistics", None)
                if statistics is not None and statistics.token_count is not None:
                    tokens += int(statistics.token_count)
                position += 1
        else:
            results.append(Embedding([], index))
    return EmbeddingResponse(results, EmbeddingResponseMetadata(model, DefaultUsage(0, 0, tokens)))


def _errors() -> Any:
    sdk()
    from google.genai import errors

    return errors


def _check_allowed(client: object) -> None:
    import spring_ai_py.model as model_package
    from spring_ai_py.model.model_requests import check_model_request_allowed

    if not model_package.ALLOW_MODEL_REQUESTS:
        from spring_ai_py.google.genai._client import client_base_url

        check_model_request_allowed(type(client).__name__, client_base_url(client))


def _embed_config(options: GoogleGenAiTextEmbeddingOptions) -> Any:
    sdk()
    from google.genai import types
    settings: dict[str, Any] = request_values(options)
    if options.task_type is not None:
        settings["task_type"] = options.task_type.value
    if options.title:
        settings["title"] = options.title
    return types.EmbedContentConfig(**settings)
