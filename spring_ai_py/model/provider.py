"""The public extension point for chat-model providers (see ``docs/providers.md``).

:class:`ProviderChatModel` is the base of the OpenAI and Anthropic models and of any
provider a user adds: it holds the default options (runtime options merged over them
field by field, :meth:`ProviderChatModel.request_options`), the SDK clients (blocking
and async, built lazily from the options' connection settings, with the request's
``max_retries``), the ``chat <model>`` span and the GenAI metrics of each call, awaited
call and stream (:meth:`~ProviderChatModel.observe_call`,
:meth:`~ProviderChatModel.aobserve_call`, :meth:`~ProviderChatModel.observe_stream`),
and the tool definitions a request sends. A subclass implements ``call``, ``acall`` and
``stream`` on its SDK and nothing else. :class:`ConnectionOptions` gives its options
class the connection settings (``base_url``, ``api_key``, ``timeout``, ``max_retries``,
``custom_headers``); :func:`options_repr` a repr that never shows a credential.

A model builds its blocking client once. An SDK's async client keeps its connections
bound to the event loop that opened them, so a model builds one async client per event
loop (a script may call ``asyncio.run`` many times); clients given by the user are used
as they are. The SDKs themselves are imported by the provider packages on first use,
never here.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
import weakref
from abc import abstractmethod
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable
from datetime import timedelta
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    NamedTuple,
    Protocol,
    Self,
    TypeVar,
    cast,
    overload,
)

import spring_ai_py.model as model_package
from spring_ai_py import _assert
from spring_ai_py._builder import Buildable
from spring_ai_py.chat.model import ChatModel
from spring_ai_py.chat.observation._chat_model import (
    OPERATION_CHAT,
    OPERATION_EMBEDDING,
    ModelInstruments,
    ModelObservation,
    PreparedStream,
    aobserve_call,
    masked_headers,
    observe_call,
    observe_model_stream,
    options_repr,
)
from spring_ai_py.model._wire_limits import ExchangeExpired
from spring_ai_py.model.model_requests import check_model_request_allowed
from spring_ai_py.model.tool.tool_calling_chat_options import ToolCallingChatOptions

if TYPE_CHECKING:
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.chat.messages import Message
    from spring_ai_py.chat.model import ChatResponse
    from spring_ai_py.chat.prompt import ChatOptions, Prompt
    from spring_ai_py.model.tool import ToolCallingManager
    from spring_ai_py.tool.definition import ToolDefinition

__all__ = [
    "OPERATION_CHAT",
    "OPERATION_EMBEDDING",
    "CallRequest",
    "ConnectionOptions",
    "LazyClients",
    "ModelInstruments",
    "ModelObservation",
    "PreparedStream",
    "ProviderChatModel",
    "masked_headers",
    "merge_options",
    "new_sdk_client",
    "normalize_timeout",
    "options_repr",
    "transport_errors",
]

OptionsT = TypeVar("OptionsT", bound=ToolCallingChatOptions)
ClientT = TypeVar("ClientT")
"""The SDK's blocking client type (``openai.OpenAI``)."""
AsyncClientT = TypeVar("AsyncClientT")
"""The SDK's async client type (``openai.AsyncOpenAI``)."""
PayloadT = TypeVar("PayloadT")
SdkClientT = TypeVar("SdkClientT")
MergedT = TypeVar("MergedT", bound="ChatOptions")
"""What the provider's :meth:`~ProviderChatModel.send` needs to send one request."""


class LazyClients(Generic[ClientT, AsyncClientT]):
    """A model's blocking client and its async clients (one per event loop), and their
    lifetime.

    Clients the model created are its own: :meth:`close` / :meth:`aclose` close them,
    and an async client is also closed when its event loop shuts down (``asyncio.run``
    closes a loop's async generators first, and each client is tied to one that closes
    it), so a script that runs ``asyncio.run`` several times leaves no connection open.
    Clients the user passed in stay the user's to close.
    """

    __slots__ = ("_async_by_loop", "_async_client", "_factory", "_lock", "_owned_sync", "_sync_client")

    def __init__(
        self,
        factory: Callable[[bool], ClientT | AsyncClientT],
        sync_client: ClientT | None,
        async_client: AsyncClientT | None,
    ) -> None:
        self._factory = factory
        self._sync_client = sync_client
        self._owned_sync = False
        self._async_client = async_client
        self._async_by_loop: weakref.WeakKeyDictionary[
            asyncio.AbstractEventLoop, tuple[AsyncClientT, AsyncGenerator[None, None]]
        ] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def sync_client(self, max_retries: int | None) -> ClientT:
        client = self._sync_client
        if client is None:
            with self._lock:
                if self._sync_client is None:
                    self._sync_client = cast("ClientT", self._factory(False))
                    self._owned_sync = True
                client = self._sync_client
        _check_allowed(client)
        return _with_retries(client, max_retries)

    def async_client(self, max_retries: int | None) -> AsyncClientT:
        client = self._async_client
        if client is None:
            loop = asyncio.get_running_loop()
            entry = self._async_by_loop.get(loop)
            if entry is None:
                with self._lock:
                    entry = self._async_by_loop.get(loop)
                    if entry is None:
                        created = cast("AsyncClientT", self._factory(True))
                        entry = (created, _closed_with_the_loop(created, self._forget(loop)))
                        self._async_by_loop[loop] = entry
            client = entry[0]
        _check_allowed(client)
        return _with_retries(client, max_retries)

    def close(self) -> None:
        """Close the clients this model created (from any thread, or from async code for
        the blocking client; an async client of the *running* loop needs :meth:`aclose`)."""
        with self._lock:
            sync_client, self._sync_client = (
                (self._sync_client, None) if self._owned_sync else (None, self._sync_client)
            )
            self._owned_sync = False
            entries = list(self._async_by_loop.items())
            self._async_by_loop.clear()
        if sync_client is not None:
            cast("_Closeable", sync_client).close()
        running = _running_loop()
        errors: list[Exception] = []
        for loop, (_client, closer) in entries:
            if loop.is_closed():
                continue
            try:
                if loop is running:
                    # Cannot block the loop we run on: close when the loop gets to it.
                    loop.create_task(closer.aclose())
                elif loop.is_running():
                    asyncio.run_coroutine_threadsafe(closer.aclose(), loop).result(timeout=10)
                elif running is None:
                    loop.run_until_complete(closer.aclose())
                # else: an idle loop while another runs here; its shutdown closes it.
            except Exception as error:  # close the others all the same
                errors.append(error)
        if errors:
            raise errors[0]

    def _forget(self, loop: asyncio.AbstractEventLoop) -> Callable[[], None]:
        """Drop ``loop``'s entry (once its client is closed, so the loop is not kept alive:
        the entry's closer holds a reference to its loop)."""
        loop_ref = weakref.ref(loop)

        def forget() -> None:
            target = loop_ref()
            if target is not None:
                with self._lock:
                    self._async_by_loop.pop(target, None)

        return forget

    async def aclose(self) -> None:
        """Close the clients this model created, awaiting the running loop's async client."""
        loop = asyncio.get_running_loop()
        with self._lock:
            entry = self._async_by_loop.pop(loop, None)
        if entry is not None:
            await entry[1].aclose()
        self.close()


async def _close_on_shutdown(client: Any, forget: Callable[[], None]) -> AsyncGenerator[None, None]:
    try:
        yield
    finally:
        try:
            # ``close()`` of the OpenAI and Anthropic clients; google-genai's is ``aclose()``.
            close = getattr(client, "close", None) or client.aclose
            await close()
        finally:
            forget()


def _closed_with_the_loop(client: Any, forget: Callable[[], None]) -> AsyncGenerator[None, None]:
    """An async generator, started and suspended, whose cleanup closes ``client`` and then
    calls ``forget``: the running loop tracks it (its first-iteration hook) and closes it
    at shutdown."""
    closer = _close_on_shutdown(client, forget)
    step = closer.__anext__()
    with contextlib.suppress(StopIteration):
        step.send(None)  # runs to the yield without awaiting anything
    return closer


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class _Closeable(Protocol):
    def close(self) -> object: ...


def _check_allowed(client: object) -> None:
    # One attribute read on the hot path; the URL is looked at only when switched off.
    if not model_package.ALLOW_MODEL_REQUESTS:
        check_model_request_allowed(type(client).__name__, _base_url(client))


def _base_url(client: object) -> str:
    """Where ``client`` sends requests: its ``base_url`` (OpenAI, Anthropic), the one on
    its inner HTTP client (ollama), or the one in its API client's HTTP options
    (google-genai)."""
    url = getattr(client, "base_url", None)
    if url is None:
        url = getattr(getattr(client, "_client", None), "base_url", None)
    if url is None:
        options = getattr(getattr(client, "_api_client", None), "_http_options", None)
        url = getattr(options, "base_url", None)
    return str(url or "")


def _with_retries(client: SdkClientT, max_retries: int | None) -> SdkClientT:
    """``client``, or a copy with the request's ``max_retries`` when it differs (the SDKs'
    ``with_options``)."""
    if max_retries is None or max_retries == getattr(client, "max_retries", None):
        return client
    copy: SdkClientT = getattr(client, "with_options")(max_retries=max_retries)  # noqa: B009
    return copy


def _require_api_key(options: Any, owner: str, variables: tuple[str, ...]) -> None:
    """Fail when a model is built, not at its first call, if no credential is anywhere.

    ``options.api_key`` set (an empty key included: no ``Authorization`` header, for
    local servers) or one of the SDK's ``variables`` in the environment is enough.
    """
    if options.api_key is not None or any(os.environ.get(name) for name in variables):
        return
    raise ValueError(
        f"{owner} needs an API key: set the {' or '.join(variables)} environment variable "
        "or pass api_key in its options (an empty api_key sends no credentials, for "
        "local servers)"
    )


def new_sdk_client(
    factory: Callable[..., SdkClientT],
    options: ConnectionOptions,
    default_timeout: float,
    default_max_retries: int,
    **settings: object,
) -> SdkClientT:
    """An SDK client built by ``factory`` from the connection settings of ``options``.

    ``options`` carries ``api_key``, ``base_url``, ``timeout``, ``max_retries`` and
    ``custom_headers``; unset timeout and retries take the given defaults. ``settings``
    are further keywords of the SDK's client (OpenAI's ``organization``).
    """
    return factory(
        api_key=options.api_key,
        base_url=options.base_url,
        timeout=options.timeout if options.timeout is not None else default_timeout,
        max_retries=(
            options.max_retries if options.max_retries is not None else default_max_retries
        ),
        default_headers=options.custom_headers,
        **settings,
    )


class _TimeoutOptions(Protocol):
    @property
    def timeout(self) -> float | None: ...


def normalize_timeout(options: _TimeoutOptions) -> None:
    """Turn a ``timedelta`` timeout of the frozen ``options`` into seconds, and check it."""
    if isinstance(options.timeout, timedelta):
        object.__setattr__(options, "timeout", options.timeout.total_seconds())
    timeout = options.timeout
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, int | float)):
        raise TypeError(
            "timeout must be a number of seconds or a timedelta, "
            f"got {type(timeout).__name__}: {timeout!r:.80}"
        )
    if options.timeout is not None and options.timeout <= 0:
        raise ValueError("timeout must be positive")


class ConnectionOptions:
    """The connection settings a provider's chat options carry, with their getters.

    The options dataclass declares the fields (their order is its constructor's);
    :meth:`_check_connection` is called from its ``__post_init__``.
    """

    base_url: str | None
    api_key: str | None
    timeout: float | None
    max_retries: int | None
    custom_headers: dict[str, str] | None

    def _check_connection(self) -> None:
        """Normalize and check ``timeout``; ``max_retries`` must not be negative."""
        normalize_timeout(self)
        retries = self.max_retries
        if retries is not None and (isinstance(retries, bool) or not isinstance(retries, int)):
            raise TypeError(
                f"max_retries must be an integer, got {type(retries).__name__}: {retries!r:.80}"
            )
        if self.max_retries is not None and self.max_retries < 0:
            raise ValueError("max_retries must not be negative")

    def get_base_url(self) -> str | None:
        return self.base_url

    def get_api_key(self) -> str | None:
        return self.api_key

    def get_timeout(self) -> float | None:
        return self.timeout

    def get_max_retries(self) -> int | None:
        return self.max_retries

    def get_custom_headers(self) -> dict[str, str] | None:
        # A copy: changing it does not change these (immutable) options.
        return dict(self.custom_headers) if self.custom_headers is not None else None


def merge_options(defaults: MergedT, runtime: ChatOptions | None) -> MergedT:
    """The request options: ``runtime`` over ``defaults``, field by field.

    Only the fields ``runtime`` set count, and a set field replaces the default as a
    whole (so options the ChatClient already merged are not merged twice). Portable
    :class:`ChatOptions` contribute the fields they share with ``defaults``.
    """
    if runtime is None or runtime is defaults:
        return defaults
    values = defaults._set_fields()
    known = type(defaults).__dataclass_fields__
    for name, value in runtime._set_fields().items():
        if name in known:
            values[name] = value
    return type(defaults)(**values)


def transport_errors() -> tuple[tuple[type[BaseException], ...], tuple[type[BaseException], ...]]:
    """(timeouts, other transport errors) of the HTTP libraries the SDKs may be using;
    the timeouts include an exchange past one of its limits (``call_timeout``,
    ``stream_total_timeout``, ``stream_idle_timeout``)."""
    import httpx2

    timeouts: list[type[BaseException]] = [httpx2.TimeoutException, ExchangeExpired]
    requests: list[type[BaseException]] = [httpx2.RequestError]
    legacy = sys.modules.get("httpx")
    if legacy is not None:
        timeouts.append(legacy.TimeoutException)
        requests.append(legacy.RequestError)
    return tuple(timeouts), tuple(requests)


class CallRequest(NamedTuple, Generic[OptionsT, PayloadT]):
    """One prepared (non-streamed) request: its options, its model and what the SDK
    needs to send it (``payload``, the provider's own shape)."""

    options: OptionsT
    model: str
    payload: PayloadT


class ProviderChatModel(
    ChatModel, Buildable, Generic[OptionsT, ClientT, AsyncClientT, PayloadT]
):
    """The base of a provider chat model: everything that does not depend on its API.

    A subclass sets :attr:`PROVIDER_NAME` (the ``gen_ai.provider.name`` of its spans and
    metrics), passes its options type and a client factory to ``__init__``, and
    implements :meth:`prepare_call` (the request of a prompt), :meth:`send` and
    :meth:`asend` (send it with the blocking or the async SDK client); ``call`` and
    ``acall`` are built from them, in the ``chat <model>`` span. ``stream`` it implements
    with :meth:`async_client` inside :meth:`observe_stream`. Portable :class:`ChatOptions`
    given as defaults are converted to the provider's options type. The subclass keeps
    its own constructor (its keywords are the builder's setters, through
    :class:`Buildable`) and stores the clients it was given under their keyword names.
    """

    PROVIDER_NAME: ClassVar[str] = "unknown"
    """The provider's name on spans and metrics (``gen_ai.provider.name``)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        # The span and metrics wrap call, acall and stream here, for every provider.
        super().__init_subclass__(**kwargs)
        overridden = [name for name in ("call", "acall", "stream") if name in cls.__dict__]
        if overridden:
            raise TypeError(
                f"{cls.__name__} must not override {', '.join(overridden)}: a provider "
                "implements prepare_call, send, asend and prepare_stream, and "
                "ProviderChatModel runs them inside the chat <model> span"
            )

    def __init__(
        self,
        options: ChatOptions | None,
        options_type: type[OptionsT],
        new_client: Callable[[OptionsT, bool], ClientT | AsyncClientT],
        sync_client: ClientT | None,
        async_client: AsyncClientT | None,
        tool_calling_manager: ToolCallingManager | None,
        tracer_provider: TracerProvider | None,
        meter_provider: MeterProvider | None,
    ) -> None:
        """``new_client(options, asynchronous)`` builds an SDK client from the default
        options when ``sync_client`` / ``async_client`` are not given."""
        from spring_ai_py.chat.prompt import ChatOptions

        if options is not None and not isinstance(options, ChatOptions):
            raise TypeError(
                f"options must be {options_type.__name__} or ChatOptions, "
                f"got {type(options).__name__}"
            )
        if options is None:
            self._options: OptionsT = options_type()
        elif isinstance(options, options_type):
            self._options = options
        else:
            combined = options_type.builder().combine_with(options).build()
            assert isinstance(combined, options_type)
            self._options = combined
        if tool_calling_manager is not None:
            from spring_ai_py.model.tool.tool_calling_manager import ToolCallingManager

            _assert.instance_of(tool_calling_manager, ToolCallingManager, "tool_calling_manager")
        self._tool_calling_manager = tool_calling_manager
        self._tracer_provider = tracer_provider
        self._meter_provider = meter_provider
        self._instruments = ModelInstruments(tracer_provider, meter_provider)
        self._clients: LazyClients[ClientT, AsyncClientT] = LazyClients(
            lambda asynchronous: new_client(self._options, asynchronous),
            sync_client,
            async_client,
        )

    def get_options(self) -> OptionsT:
        """The default options of every request."""
        return self._options

    @overload
    def call(self, prompt: str, /) -> str | None: ...

    @overload
    def call(self, prompt: Message, /, *messages: Message) -> str | None: ...

    @overload
    def call(self, prompt: Prompt, /) -> ChatResponse: ...

    def call(self, prompt: Prompt | str | Message, /, *messages: Message) -> ChatResponse | str | None:
        """The model's answer, from the blocking SDK client (``call("text")`` returns
        the text, as in Spring)."""
        _assert.not_none(prompt, "Prompt cannot be null")
        request = self.prepare_call(cast("Prompt", prompt))  # the text forms arrive as a Prompt
        client = self.sync_client(request.options)
        return self.observe_call(
            request.options, request.model, lambda: self.send(client, request.payload)
        )

    @overload
    async def acall(self, prompt: str, /) -> str | None: ...

    @overload
    async def acall(self, prompt: Message, /, *messages: Message) -> str | None: ...

    @overload
    async def acall(self, prompt: Prompt, /) -> ChatResponse: ...

    async def acall(
        self, prompt: Prompt | str | Message, /, *messages: Message
    ) -> ChatResponse | str | None:
        """The model's answer, awaited on the async SDK client: no thread is held while
        the model answers, and cancelling the awaiting task aborts the HTTP request."""
        _assert.not_none(prompt, "Prompt cannot be null")
        request = self.prepare_call(cast("Prompt", prompt))  # the text forms arrive as a Prompt
        client = self.async_client(request.options)
        return await self.aobserve_call(
            request.options, request.model, lambda: self.asend(client, request.payload)
        )

    @abstractmethod
    def prepare_call(self, prompt: Prompt) -> CallRequest[OptionsT, PayloadT]:
        """The request of ``prompt`` (options merged with :meth:`request_options`)."""

    @abstractmethod
    def send(self, client: ClientT, payload: PayloadT) -> ChatResponse:
        """Send a prepared request with the blocking SDK ``client``."""

    @abstractmethod
    async def asend(self, client: AsyncClientT, payload: PayloadT) -> ChatResponse:
        """Send a prepared request with the async SDK ``client``."""

    def stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:
        """The model's answer as it is generated, from the async SDK client, inside the
        ``chat <model>`` span; nothing runs before iteration starts (then
        :meth:`prepare_stream` builds the request)."""
        _assert.not_none(prompt, "Prompt cannot be null")
        return observe_model_stream(
            self._instruments, self.PROVIDER_NAME, lambda: self.prepare_stream(prompt)
        )

    @abstractmethod
    def prepare_stream(self, prompt: Prompt) -> PreparedStream:
        """The stream request of ``prompt``: its options, model and chunk source.

        Called when iteration starts. ``source(observation)`` sends the request with
        :meth:`async_client` (with :meth:`sync_client` and blocking reads instead, in a
        model whose :meth:`can_stream_blocking` is true, where
        ``spring_ai_py._bridge.blocking_io_allowed()`` says so) and must fold every
        chunk it yields into ``observation.summary``.
        """

    def can_stream_blocking(self) -> bool:
        """Whether :meth:`prepare_stream`'s source reads with the blocking client where
        ``spring_ai_py._bridge.blocking_io_allowed()`` says it may.

        Then a plain ``for`` over a ChatClient stream of this model runs the chain on a
        private event loop of the consuming thread, and the source reads the response
        with blocking I/O there; otherwise (the default) the chain runs on the library's
        shared bridge loop with the async client.
        """
        return False

    def request_options(self, prompt: Prompt) -> OptionsT:
        """The options of one request: the prompt's options over the defaults."""
        return merge_options(self._options, prompt.get_options())

    def sync_client(self, options: OptionsT) -> ClientT:
        """The blocking SDK client, with the request's ``max_retries``."""
        return self._clients.sync_client(getattr(options, "max_retries", None))

    def async_client(self, options: OptionsT) -> AsyncClientT:
        """The async SDK client of the running event loop, with the request's ``max_retries``."""
        return self._clients.async_client(getattr(options, "max_retries", None))

    def observe_call(
        self, options: OptionsT, model: str, send: Callable[[], ChatResponse]
    ) -> ChatResponse:
        """Run ``send()`` inside the ``chat <model>`` span and record the metrics."""
        return observe_call(self._instruments, self.PROVIDER_NAME, options, model, send)

    async def aobserve_call(
        self, options: OptionsT, model: str, send: Callable[[], Awaitable[ChatResponse]]
    ) -> ChatResponse:
        """:meth:`observe_call` for an awaited ``send()`` (cancellation propagates)."""
        return await aobserve_call(self._instruments, self.PROVIDER_NAME, options, model, send)

    def resolve_tool_definitions(self, options: OptionsT) -> list[ToolDefinition]:
        """The definitions of the request's tools (to send to the API)."""
        if not options.tool_callbacks and not options.tool_names:
            return []
        return list(self._get_tool_calling_manager().resolve_tool_definitions(options))

    def _get_tool_calling_manager(self) -> ToolCallingManager:
        if self._tool_calling_manager is None:
            from spring_ai_py.model.tool import ToolCallingManager

            self._tool_calling_manager = ToolCallingManager.builder().build()
        return self._tool_calling_manager

    def close(self) -> None:
        """Close the SDK clients this model created (not the ones passed in). The model
        creates new ones if it is used again."""
        self._clients.close()

    async def aclose(self) -> None:
        """:meth:`close` from async code, awaiting the running loop's async client."""
        await self._clients.aclose()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(options={self._options!r})"
