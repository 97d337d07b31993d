"""The Ollama chat model over Ollama's native ``/api/chat`` and the official ``ollama`` SDK."""

from __future__ import annotations

import base64
import json
import logging
import uuid
from collections.abc import AsyncIterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeAlias

from pydantic import BaseModel

from spring_ai_py import _assert, _builder
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.metadata import (
    ChatGenerationMetadata,
    ChatResponseMetadata,
    DefaultUsage,
    EmptyRateLimit,
    PromptMetadata,
)
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model._wire_limits import Exchange
from spring_ai_py.model.option_fields import request_values
from spring_ai_py.model.provider import (
    CallRequest,
    ModelObservation,
    PreparedStream,
    ProviderChatModel,
)
from spring_ai_py.ollama import api_helper
from spring_ai_py.ollama._wire import (
    awith_retries,
    dump,
    first_and_rest,
    nanos,
    parse_created_at,
    sdk_errors,
    with_retries,
)
from spring_ai_py.ollama.api import PROVIDER_NAME, OllamaApi, import_sdk
from spring_ai_py.ollama.chat_options import OllamaChatOptions
from spring_ai_py.ollama.management import ModelManagementOptions, initialize_model

if TYPE_CHECKING:
    import ollama
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.model.tool import ToolCallingManager
    from spring_ai_py.tool.definition import ToolDefinition

__all__ = ["OllamaChatModel"]

logger = logging.getLogger(__name__)

_CallPayload = tuple[dict[str, Any], OllamaChatOptions]
"""A prepared call: the SDK's ``chat`` arguments and the request's options."""

_Chunk = dict[str, Any]

METADATA_PROMPT_EVAL_COUNT = "prompt-eval-count"
METADATA_EVAL_COUNT = "eval-count"
METADATA_CREATED_AT = "created-at"
METADATA_TOTAL_DURATION = "total-duration"
METADATA_LOAD_DURATION = "load-duration"
METADATA_PROMPT_EVAL_DURATION = "prompt-eval-duration"
METADATA_EVAL_DURATION = "eval-duration"
METADATA_DONE = "done"
THINKING_METADATA_KEY = "thinking"
_REASONING_DELTA = "reasoningDelta"  # spring_ai_py.chat.client.events.REASONING_DELTA_METADATA_KEY
# Immutable, so one of each serves every chunk of every stream.
_NO_RATE_LIMIT = EmptyRateLimit()
_NO_PROMPT_METADATA = PromptMetadata.empty()


class OllamaChatModel(
    ProviderChatModel[OllamaChatOptions, "ollama.Client", "ollama.AsyncClient", "_CallPayload"]
):
    """Spring's ``OllamaChatModel``: a chat model over Ollama's ``/api/chat``.

    ``ollama_api`` says where the server is (default ``http://localhost:11434``);
    Ollama needs no API key. System, user (with images), assistant (with tool calls)
    and tool messages become Ollama's messages (a tool message's results one message
    each). The request carries the runtime options under ``options`` and ``format``
    (also from native structured output), ``keep_alive`` and ``think``. ``call`` uses
    the SDK's blocking client, tried again on transient failures as the
    ``ollama_api`` says; ``stream`` its async client (newline-delimited JSON), each
    chunk one ``ChatResponse`` except that the chunks of a tool call are merged into
    one (Spring's ``OllamaApiHelper``). Failures are the SDK's: ``ollama.ResponseError``
    (with the HTTP status), ``ConnectionError``, and the HTTP library's timeouts.

    The model's thinking (``think`` on) is the assistant message's and the generation's
    ``thinking`` metadata; a streamed piece of it also carries ``reasoningDelta`` (for
    ``stream().events()``). Response metadata has Spring's keys: ``created-at``,
    ``total-duration``, ``load-duration``, ``prompt-eval-duration``, ``eval-duration``
    (``timedelta``), ``prompt-eval-count``, ``eval-count`` and ``done``.

    Built with ``model_management_options`` whose strategy is not ``NEVER``, the model
    pulls its model (and the additional ones) at once, as Spring's constructor does.
    Each call or stream is one ``chat <model>`` span and records the GenAI metrics.
    """

    PROVIDER_NAME: ClassVar[str] = PROVIDER_NAME

    def __init__(
        self,
        options: OllamaChatOptions | None = None,
        ollama_api: OllamaApi | None = None,
        ollama_client: ollama.Client | None = None,
        ollama_client_async: ollama.AsyncClient | None = None,
        tool_calling_manager: ToolCallingManager | None = None,
        model_management_options: ModelManagementOptions | None = None,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> None:
        if ollama_api is not None:
            _assert.instance_of(ollama_api, OllamaApi, "ollama_api")
        if model_management_options is not None:
            _assert.instance_of(
                model_management_options, ModelManagementOptions, "model_management_options"
            )
        api = ollama_api if ollama_api is not None else OllamaApi()
        self._ollama_api = ollama_api
        self._api = api
        self._ollama_client = ollama_client
        self._ollama_client_async = ollama_client_async
        self._model_management_options = model_management_options
        super().__init__(
            options,
            OllamaChatOptions,
            lambda _options, asynchronous: api.new_client(asynchronous),
            ollama_client,
            ollama_client_async,
            tool_calling_manager,
            tracer_provider,
            meter_provider,
        )
        management = (
            model_management_options
            if model_management_options is not None
            else ModelManagementOptions.defaults()
        )
        initialize_model(api, management, self._model_of(self.get_options()), ollama_client)

    def get_ollama_api(self) -> OllamaApi:
        """Where the model sends its requests."""
        return self._api

    @staticmethod
    def _model_of(options: OllamaChatOptions) -> str:
        model = options.model if options.model is not None else OllamaChatOptions.DEFAULT_MODEL
        if not model.strip():
            raise ValueError("model cannot be null or empty")
        return model

    # -- call -----------------------------------------------------------------------

    def prepare_call(self, prompt: Prompt) -> CallRequest[OllamaChatOptions, _CallPayload]:
        options = self.request_options(prompt)
        arguments = self.ollama_chat_request(prompt, options)
        return CallRequest(options, arguments["model"], (arguments, options))

    def send(self, client: ollama.Client, payload: _CallPayload) -> ChatResponse:
        arguments, options = payload

        def once() -> Any:
            exchange = Exchange.for_call(options)
            with sdk_errors(client), exchange.sending():
                return client.chat(**arguments, stream=False)

        return to_chat_response(with_retries(self._api, once), None)

    async def asend(self, client: ollama.AsyncClient, payload: _CallPayload) -> ChatResponse:
        arguments, options = payload

        async def once() -> Any:
            exchange = Exchange.for_call(options)
            with sdk_errors(client), exchange.sending():
                return await client.chat(**arguments, stream=False)

        return to_chat_response(await awith_retries(self._api, once), None)

    # -- stream ---------------------------------------------------------------------

    def prepare_stream(self, prompt: Prompt) -> PreparedStream:
        options = self.request_options(prompt)
        arguments = self.ollama_chat_request(prompt, options)

        async def source(observation: ModelObservation) -> AsyncIterator[ChatResponse]:
            client = self.async_client(options)
            exchange = Exchange.for_stream(options)
            with sdk_errors(client):
                with exchange.sending():
                    chunks = await client.chat(**arguments, stream=True)
                    first, rest = await first_and_rest(chunks)
                window = _ToolCallWindow()
                done = False
                try:
                    pending = first
                    while pending is not None:
                        exchange.event()
                        done = pending.done is True
                        response: ChatResponse | None
                        if window.idle and not pending.message.tool_calls:
                            response = to_chat_response(pending, None, streaming=True)
                        else:
                            merged = window.add(dump(pending))
                            response = (
                                to_chat_response(merged, None, streaming=True)
                                if merged is not None
                                else None
                            )
                        if response is not None:
                            observation.summary.add(response)
                            yield response
                        pending = await anext(rest, None)
                    if not done:
                        raise import_sdk().ResponseError(
                            "The stream ended before Ollama's last chunk (done: true): "
                            "the answer is incomplete"
                        )
                finally:
                    closer = getattr(rest, "aclose", None)
                    if closer is not None:
                        await closer()

        return PreparedStream(options, arguments["model"], source)

    # -- request --------------------------------------------------------------------

    def ollama_chat_request(self, prompt: Prompt, options: OllamaChatOptions) -> dict[str, Any]:
        """The SDK's ``chat`` arguments for ``prompt`` with the request ``options``
        (Spring's ``ollamaChatRequest``, without ``stream``)."""
        messages: list[dict[str, Any]] = []
        for message in prompt.get_instructions():
            messages.extend(_to_wire(message))
        arguments: dict[str, Any] = {
            "model": self._model_of(options),
            "messages": messages,
            "options": request_values(options),
        }
        if options.think_option is not None:
            arguments["think"] = options.think_option.to_json_value()
        if options.format is not None:
            arguments["format"] = options.get_format()
        if options.keep_alive is not None:
            arguments["keep_alive"] = options.keep_alive
        definitions = self.resolve_tool_definitions(options)
        if definitions:
            arguments["tools"] = [_to_tool(definition) for definition in definitions]
        return arguments

    # --- generated builder ---
    class Builder(_builder.Builder["OllamaChatModel"]):
        """The builder of :class:`OllamaChatModel`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def options(self, options: OllamaChatOptions | None, /) -> Self:
            return self._set("options", (options,))

        def ollama_api(self, ollama_api: OllamaApi | None, /) -> Self:
            return self._set("ollama_api", (ollama_api,))

        def ollama_client(self, ollama_client: ollama.Client | None, /) -> Self:
            return self._set("ollama_client", (ollama_client,))

        def ollama_client_async(self, ollama_client_async: ollama.AsyncClient | None, /) -> Self:
            return self._set("ollama_client_async", (ollama_client_async,))

        def tool_calling_manager(self, tool_calling_manager: ToolCallingManager | None, /) -> Self:
            return self._set("tool_calling_manager", (tool_calling_manager,))

        def model_management_options(self, model_management_options: ModelManagementOptions | None, /) -> Self:
            return self._set("model_management_options", (model_management_options,))

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def meter_provider(self, meter_provider: MeterProvider | None, /) -> Self:
            return self._set("meter_provider", (meter_provider,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> OllamaChatModel: ...

    @classmethod
    def builder(cls) -> OllamaChatModel.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> OllamaChatModel.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


class _ToolCallWindow:
    """Spring's ``windowUntil`` over the stream: once a chunk carries tool calls, the
    chunks up to the ``done`` one are merged into one; any other chunk passes alone."""

    __slots__ = ("_merged",)

    def __init__(self) -> None:
        self._merged: _Chunk | None = None

    @property
    def idle(self) -> bool:
        """Whether no tool call is being merged."""
        return self._merged is None

    def add(self, chunk: _Chunk) -> _Chunk | None:
        """The chunk to emit after ``chunk`` arrived, or ``None`` while merging."""
        if self._merged is None and not api_helper.is_streaming_tool_call(chunk):
            return chunk
        if self._merged is None:
            self._merged = chunk
        else:
            merged = api_helper.merge(self._merged, chunk)
            # Unlike OllamaApiHelper.merge (which concatenates models), one answer has one model.
            if "model" in chunk:
                merged["model"] = chunk["model"]
            self._merged = merged
        if api_helper.is_streaming_done(chunk) or chunk.get("done") is True:
            done, self._merged = self._merged, None
            return done
        return None


def _to_wire(message: Message) -> list[dict[str, Any]]:
    message_type = message.get_message_type()
    if message_type is MessageType.SYSTEM:
        return [{"role": "system", "content": message.get_text()}]
    if message_type is MessageType.USER:
        wire: dict[str, Any] = {"role": "user", "content": message.get_text()}
        if isinstance(message, UserMessage) and message.get_media():
            wire["images"] = [_image(media.get_data()) for media in message.get_media()]
        return [wire]
    if message_type is MessageType.ASSISTANT:
        assert isinstance(message, AssistantMessage)
        wire = {"role": "assistant", "content": message.get_text()}
        if message.get_tool_calls():
            wire["tool_calls"] = [
                {"function": {"name": call.name, "arguments": _arguments(call.arguments)}}
                for call in message.get_tool_calls()
            ]
        return [wire]
    if message_type is MessageType.TOOL:
        assert isinstance(message, ToolResponseMessage)
        return [
            {"role": "tool", "content": response.response_data}
            for response in message.get_responses()
        ]
    raise ValueError(f"Unsupported message type: {message_type}")


def _image(data: object) -> str:
    if isinstance(data, bytes | bytearray):
        return base64.b64encode(bytes(data)).decode("ascii")
    if isinstance(data, str):
        return data
    raise ValueError(f"Unsupported media data type: {type(data).__name__}")


def _arguments(arguments: str) -> dict[str, Any]:
    if not arguments:
        return {}
    try:
        value = json.loads(arguments)
    except ValueError as error:
        raise ValueError(f"Tool call arguments are not valid JSON: {arguments!r:.200}") from error
    if not isinstance(value, dict):
        raise ValueError(f"Tool call arguments must be a JSON object: {arguments!r:.200}")
    return value


def _to_tool(definition: ToolDefinition) -> dict[str, Any]:
    try:
        parameters = json.loads(definition.input_schema)
    except ValueError as error:
        raise RuntimeError(f"Failed to parse tool input schema: {definition.input_schema}") from error
    return {
        "type": "function",
        "function": {
            "name": definition.name,
            "description": definition.description,
            "parameters": parameters,
        },
    }


Answer: TypeAlias = "Mapping[str, Any] | ollama.ChatResponse"
"""Ollama's JSON answer (or chunk): as a dict, or as the SDK's ``ChatResponse``."""


def response_metadata(response: Answer, previous: ChatResponse | None) -> ChatResponseMetadata:
    """Spring's ``OllamaChatModel.from(response, previousChatResponse)``: the usage and
    Ollama's counts and durations of ``response``, added to ``previous``'s when given."""
    _assert.not_none(response, "OllamaApi.ChatResponse must not be null")
    fields = _fields(response)
    get = fields.get
    if (
        previous is None
        and get("prompt_eval_count") is None
        and get("eval_count") is None
        and get("total_duration") is None
        and get("eval_duration") is None
        and get("prompt_eval_duration") is None
        and get("load_duration") is None
    ):
        # A streamed chunk before the last: no counts and no durations (the same entries
        # as below, which leave out the None values), built on every chunk.
        return ChatResponseMetadata(
            "",
            str(get("model") or ""),
            DefaultUsage(0, 0, 0),
            _NO_RATE_LIMIT,
            {
                METADATA_CREATED_AT: parse_created_at(get("created_at")),
                METADATA_EVAL_COUNT: 0,
                METADATA_PROMPT_EVAL_COUNT: 0,
                METADATA_DONE: get("done"),
            },
            _NO_PROMPT_METADATA,
        )
    prompt_tokens = _count(fields.get("prompt_eval_count"))
    completion_tokens = _count(fields.get("eval_count"))
    total_tokens = prompt_tokens + completion_tokens
    durations = {
        METADATA_EVAL_DURATION: nanos(fields.get("eval_duration")),
        METADATA_PROMPT_EVAL_DURATION: nanos(fields.get("prompt_eval_duration")),
        METADATA_LOAD_DURATION: nanos(fields.get("load_duration")),
        METADATA_TOTAL_DURATION: nanos(fields.get("total_duration")),
    }
    if previous is not None and previous.get_metadata() is not None:
        before = previous.get_metadata()
        for key, value in durations.items():
            earlier = before.get(key)
            if value is not None and earlier is not None:
                durations[key] = value + earlier
        usage = before.get_usage()
        if usage is not None:
            prompt_tokens += usage.get_prompt_tokens() or 0
            completion_tokens += usage.get_completion_tokens() or 0
            total_tokens += usage.get_total_tokens() or 0
    entries = {
        METADATA_CREATED_AT: parse_created_at(fields.get("created_at")),
        METADATA_EVAL_DURATION: durations[METADATA_EVAL_DURATION],
        METADATA_EVAL_COUNT: completion_tokens,
        METADATA_LOAD_DURATION: durations[METADATA_LOAD_DURATION],
        METADATA_PROMPT_EVAL_DURATION: durations[METADATA_PROMPT_EVAL_DURATION],
        METADATA_PROMPT_EVAL_COUNT: prompt_tokens,
        METADATA_TOTAL_DURATION: durations[METADATA_TOTAL_DURATION],
        METADATA_DONE: fields.get("done"),
    }
    return ChatResponseMetadata(
        "",
        str(fields.get("model") or ""),
        DefaultUsage(prompt_tokens, completion_tokens, total_tokens),
        _NO_RATE_LIMIT,
        entries,  # the metadata leaves out the None values
        _NO_PROMPT_METADATA,
    )


def _fields(answer: object) -> Mapping[str, Any]:
    """The fields of a dict or of one of the SDK's pydantic models (its ``__dict__``:
    reading them is then a dict lookup, not the SDK's ``get``)."""
    # Exact types first: ``isinstance(x, Mapping)`` is an ABC check, slow on the SDK's
    # models, and this runs a few times for every streamed chunk.
    if type(answer) is dict:
        return answer
    if isinstance(answer, BaseModel) or not isinstance(answer, Mapping):
        fields: dict[str, Any] = vars(answer)
        return fields
    return answer


def _tool_call(call: Mapping[str, Any]) -> AssistantMessage.ToolCall:
    function = _fields(call["function"])
    return AssistantMessage.ToolCall(
        str(call.get("id") or f"call_{uuid.uuid4().hex[:24]}"),
        "function",
        str(function["name"]),
        json.dumps(dict(function.get("arguments") or {})),
    )


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def to_chat_response(
    response: Answer, previous: ChatResponse | None, *, streaming: bool = False
) -> ChatResponse:
    """One Ollama answer (or streamed chunk) as a ``ChatResponse``."""
    fields = _fields(response)
    message = _fields(fields.get("message") or {})
    tool_calls = [_tool_call(_fields(call)) for call in message.get("tool_calls") or ()]
    thinking = message.get("thinking")
    properties: dict[str, Any] = {}
    if thinking is not None:
        properties[THINKING_METADATA_KEY] = thinking
        if streaming:
            properties[_REASONING_DELTA] = thinking
    content = message.get("content")
    assistant = AssistantMessage(content if content is not None else "", properties, tool_calls)
    has_counts = (
        fields.get("prompt_eval_count") is not None and fields.get("eval_count") is not None
    )
    generation_metadata = ChatGenerationMetadata.NULL
    if has_counts or (streaming and thinking is not None):
        builder = ChatGenerationMetadata.builder()
        if has_counts:
            builder.finish_reason(fields.get("done_reason"))
        if thinking is not None:
            builder.metadata(THINKING_METADATA_KEY, thinking)
        generation_metadata = builder.build()
    return ChatResponse([Generation(assistant, generation_metadata)], response_metadata(fields, previous))
