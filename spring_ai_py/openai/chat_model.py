"""The OpenAI chat model over the Chat Completions API and the official ``openai`` SDK."""

from __future__ import annotations

import base64
import copy
import json
import logging
from collections.abc import AsyncIterator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _builder
from spring_ai_py._bridge import blocking_io_allowed
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
    DefaultChatGenerationMetadata,
    DefaultUsage,
    Usage,
)
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.content.media import Media
from spring_ai_py.model._wire_limits import AnswerTooLargeError, Exchange, MaskedErrors
from spring_ai_py.model.option_fields import request_values
from spring_ai_py.model.provider import (
    CallRequest,
    ModelObservation,
    PreparedStream,
    ProviderChatModel,
    _require_api_key,
)
from spring_ai_py.openai._setup import sdk_client
from spring_ai_py.openai._sse import iterate_events
from spring_ai_py.openai._validation import check_completion
from spring_ai_py.openai.chat_options import OpenAiChatOptions, ResponseFormat

if TYPE_CHECKING:
    import openai
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.model.tool import ToolCallingManager

logger = logging.getLogger(__name__)

_REASONING_CONTENT = "reasoningContent"
_REASONING_DELTA = "reasoningDelta"
_KNOWN_ROOT_KEYS = frozenset(
    {"id", "object", "created", "model", "choices", "usage", "service_tier", "system_fingerprint"}
)
_KNOWN_TOOL_CALL_KEYS = frozenset({"id", "type", "function", "index"})
_NO_FINISH = DefaultChatGenerationMetadata(None)
_NULL_SCHEMA: dict[str, Any] = {"type": "null"}


"""The body of a Chat Completions request and the SDK's request options."""


class OpenAiChatModel(
    ProviderChatModel[OpenAiChatOptions, "openai.OpenAI", "openai.AsyncOpenAI", "_CallPayload"]
):
    """Spring's ``OpenAiChatModel``: a chat model over OpenAI's Chat Completions API.

    ``call`` uses the SDK's blocking client, ``stream`` its async client (a plain ``for``
    over a ChatClient stream reads with the blocking client, on the consuming thread, so
    give ``openai_client`` too when you give ``openai_client_async``); both take
    authentication, retries with backoff and error mapping from the SDK, so failures
    surface as the SDK's own exceptions (``openai.AuthenticationError``,
    ``openai.RateLimitError``, ``openai.APIConnectionError``, ...). Responses are read
    from the JSON the server sent, without building the SDK's pydantic models.

    The SDK is imported, and the clients are created from the default options, when
    the model is first used (or pass ``openai_client`` / ``openai_client_async``).
    Runtime options in a prompt override the defaults field by field. Each call or
    stream is one ``chat <model>`` span with Spring's ``gen_ai.*`` attributes, and
    records the ``gen_ai.client.token.usage`` and ``gen_ai.client.operation.duration``
    metrics. As in Spring 2.0.x the model never runs tools: it sends the tool
    definitions and returns the tool calls (the ``ToolCallingAdvisor`` runs them).
    """

    PROVIDER_NAME: ClassVar[str] = "openai"
    TOOL_CALL_ADDITIONAL_PROPERTIES_METADATA_KEY: ClassVar[str] = (
        "openai.tool_calls.additional_properties"
    )
    ResponseFormat: ClassVar[type[ResponseFormat]] = ResponseFormat

    def __init__(
        self,
        options: OpenAiChatOptions | None = None,
        openai_client: Any = None,
        openai_client_async: Any = None,
        tool_calling_manager: ToolCallingManager | None = None,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> None:
        self._openai_client = openai_client
        self._openai_client_async = openai_client_async
        super().__init__(
            options,
            OpenAiChatOptions,
            new_openai_client,
            openai_client,
            openai_client_async,
            tool_calling_manager,
            tracer_provider,
            meter_provider,
        )
        if openai_client is None and openai_client_async is None:
            _require_api_key(self.get_options(), "OpenAiChatModel", ("OPENAI_API_KEY",))

    def prepare_call(self, prompt: Prompt) -> CallRequest[OpenAiChatOptions, _CallPayload]:
        options = self._request_options(prompt)
        params, extras = self.create_request(prompt, options, stream=False)
        return CallRequest(options, params["model"], (*_post_arguments(params, extras), options))

    def send(self, client: openai.OpenAI, payload: _CallPayload) -> ChatResponse:
        import openai

        body, request_options, options = payload
        exchange = Exchange.for_call(options)
        with MaskedErrors(openai.APIError, client, options.custom_headers):
            try:
                with exchange.sending(openai):
                    http_response = _raw(client).post(
                        _COMPLETIONS_PATH,
                        cast_to=_http_response_class(),
                        body=body,
                        options=request_options,
                    )
            except (openai.APIConnectionError, AnswerTooLargeError) as error:
                exchange.check_too_large(error, openai)
                raise
            return self._to_chat_response(_json_body(http_response))

    async def asend(self, client: openai.AsyncOpenAI, payload: _CallPayload) -> ChatResponse:
        import openai

        body, request_options, options = payload
        exchange = Exchange.for_call(options)
        with MaskedErrors(openai.APIError, client, options.custom_headers):
            try:
                with exchange.sending(openai):
                    http_response = await _raw(client).post(
                        _COMPLETIONS_PATH,
                        cast_to=_http_response_class(),
                        body=body,
                        options=request_options,
                    )
            except (openai.APIConnectionError, AnswerTooLargeError) as error:
                exchange.check_too_large(error, openai)
                raise
            return self._to_chat_response(_json_body(http_response))

    def prepare_stream(self, prompt: Prompt) -> PreparedStream:
        options = self._request_options(prompt)
        params, extras = self.create_request(prompt, options, stream=True)

        async def source(observation: ModelObservation) -> AsyncIterator[ChatResponse]:
            import openai

            # Driven on its consumer's thread (a plain ``for``), the stream reads with the
            # blocking client: nothing else runs on that loop.
            blocking = blocking_io_allowed()
            client = self.sync_client(options) if blocking else self.async_client(options)
            assembler = _ChunkAssembler()
            body, request_options = _post_arguments(params, extras)
            exchange = Exchange.for_stream(options)
            with MaskedErrors(openai.APIError, client, options.custom_headers):
                with exchange.sending(openai):
                    if blocking:
                        http_response = _raw(client).post(
                            _COMPLETIONS_PATH,
                            cast_to=_http_response_class(),
                            body=body,
                            options=request_options,
                            stream=True,
                        )
                    else:
                        http_response = await _raw(client).post(
                            _COMPLETIONS_PATH,
                            cast_to=_http_response_class(),
                            body=body,
                            options=request_options,
                            stream=True,
                        )
                try:
                    async for chunk in iterate_events(http_response, exchange, blocking):
                        response = assembler.add(chunk)
                        if response is not None:
                            observation.summary.add(response)
                            yield response
                finally:
                    if blocking:
                        http_response.close()
                    else:
                        await http_response.aclose()
                response = assembler.finish()
                if response is not None:
                    observation.summary.add(response)
                    yield response

        return PreparedStream(options, params["model"], source)

    def can_stream_blocking(self) -> bool:
        """Whether a stream may read with the blocking client: unless only an async
        client was given (a blocking one built from the options could differ from it)."""
        return self._openai_client is not None or self._openai_client_async is None

    # -- request ------------------------------------------------------------------

    def _request_options(self, prompt: Prompt) -> OpenAiChatOptions:
        runtime = prompt.get_options()
        if (
            runtime is not None
            and not isinstance(runtime, OpenAiChatOptions)
            and runtime.get_top_k() is not None
        ):
            logger.warning("The top_k option is not supported by OpenAI chat models. Ignoring.")
        return self.request_options(prompt)

    def create_request(
        self, prompt: Prompt, options: OpenAiChatOptions, stream: bool
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The Chat Completions parameters for ``prompt`` and the SDK's request options.

        Returns ``(params, extras)``: ``params`` is the request body as the SDK's
        ``create`` takes it; ``extras`` holds ``extra_body``, ``extra_headers`` and
        ``timeout``.
        """
        params: dict[str, Any] = {
            "messages": [
                part for message in prompt.get_instructions() for part in _to_wire(message)
            ],
            "model": options.model or OpenAiChatOptions.DEFAULT_CHAT_MODEL,
        }
        params.update(request_values(options))
        if options.reasoning_effort is not None:
            params["reasoning_effort"] = options.reasoning_effort.lower()
        if options.metadata:
            params["metadata"] = dict(options.metadata)
        stop = options.stop_sequences
        if stop:
            params["stop"] = stop[0] if len(stop) == 1 else list(stop)
        response_format = _response_format(options)
        if response_format is not None:
            params["response_format"] = response_format
        if stream:
            params["stream"] = True
            params["stream_options"] = {
                "include_usage": options.stream_usage if options.stream_usage is not None else True
            }
        tools = self._tools(options)
        if tools:
            params["tools"] = tools
        if options.tool_choice is not None:
            params["tool_choice"] = _tool_choice(options.tool_choice)
        extras: dict[str, Any] = {}
        if options.extra_body:
            extras["extra_body"] = dict(options.extra_body)
        if options.custom_headers:
            extras["extra_headers"] = dict(options.custom_headers)
        if options.timeout is not None:
            extras["timeout"] = options.timeout
        return params, extras

    def _tools(self, options: OpenAiChatOptions) -> list[dict[str, Any]]:
        definitions = self.resolve_tool_definitions(options)
        strict = bool(options.strict)
        tools: list[dict[str, Any]] = []
        for definition in definitions:
            parameters: dict[str, Any] = {}
            if definition.input_schema:
                try:
                    parameters = json.loads(definition.input_schema)
                except ValueError:
                    logger.exception("Failed to parse tool schema")
                    parameters = {}
                if strict and isinstance(parameters, dict):
                    apply_strict_mode_requirements(parameters)
            tools.append(
                {
                    "type": "function",
                    "function": {
                        "name": definition.name,
                        "description": definition.description,
                        "parameters": parameters,
                        "strict": strict,
                    },
                }
            )
        return tools

    # -- response -----------------------------------------------------------------

    def _to_chat_response(self, completion: dict[str, Any]) -> ChatResponse:
        choices = completion.get("choices") or []
        if not choices:
            logger.warning("No choices returned for prompt")
            return ChatResponse([])
        completion_id = completion.get("id") or ""
        generations = []
        for choice in choices:
            message = choice.get("message") or {}
            finish = _finish_reason(choice.get("finish_reason"))
            properties: dict[str, Any] = {
                "id": completion_id,
                "role": message.get("role") or "",
                "index": choice.get("index", 0),
                "finishReason": finish or "",
                "refusal": message.get("refusal") or "",
                "annotations": message.get("annotations") or [],
                _REASONING_CONTENT: _reasoning(message),
            }
            tool_calls, additional = _tool_calls(message.get("tool_calls"))
            if additional:
                properties[self.TOOL_CALL_ADDITIONAL_PROPERTIES_METADATA_KEY] = additional
            generations.append(
                Generation(
                    AssistantMessage(message.get("content") or "", properties, tool_calls),
                    ChatGenerationMetadata.builder().finish_reason(finish).build(),
                )
            )
        return ChatResponse(generations, _response_metadata(completion))

    # --- generated builder ---
    class Builder(_builder.Builder["OpenAiChatModel"]):
        """The builder of :class:`OpenAiChatModel`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def options(self, options: OpenAiChatOptions | None, /) -> Self:
            return self._set("options", (options,))

        def openai_client(self, openai_client: Any, /) -> Self:
            return self._set("openai_client", (openai_client,))

        def openai_client_async(self, openai_client_async: Any, /) -> Self:
            return self._set("openai_client_async", (openai_client_async,))

        def tool_calling_manager(self, tool_calling_manager: ToolCallingManager | None, /) -> Self:
            return self._set("tool_calling_manager", (tool_calling_manager,))

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def meter_provider(self, meter_provider: MeterProvider | None, /) -> Self:
            return self._set("meter_provider", (meter_provider,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> OpenAiChatModel: ...

    @classmethod
    def builder(cls) -> OpenAiChatModel.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> OpenAiChatModel.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


# -- helpers ------------------------------------------------------------------------


def _raw(client: openai.OpenAI | openai.AsyncOpenAI) -> Any:
    """``client`` for its low-level ``post`` with a raw-response ``cast_to``, which the
    SDK's overloads do not type."""
    return client


def new_openai_client(options: Any, asynchronous: bool) -> Any:
    """An ``openai`` SDK client from the connection settings of chat or embedding options."""
    return sdk_client(
        options,
        asynchronous,
        OpenAiChatOptions.DEFAULT_TIMEOUT,
        OpenAiChatOptions.DEFAULT_MAX_RETRIES,
    )


_COMPLETIONS_PATH = "/chat/completions"
_CallPayload = tuple[dict[str, Any], dict[str, Any], OpenAiChatOptions]
"""A prepared call: the body, the SDK's request options and the request's options."""


def _post_arguments(
    params: dict[str, Any], extras: dict[str, Any]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The body and request options for the SDK's ``client.post``.

    The request is sent through ``client.post`` (the SDK's documented way to send a
    request it does not model), not ``chat.completions.create``: ``create`` re-walks and
    re-validates the whole ready-made body on every call (about 0.2 ms, and ~3 ms for a
    20-message history), while ``post`` still applies the SDK's authentication, headers,
    retries with backoff and error mapping.
    """
    body = {**params, **extras["extra_body"]} if "extra_body" in extras else params
    request_options: dict[str, Any] = {}
    if "extra_headers" in extras:
        request_options["headers"] = extras["extra_headers"]
    if "timeout" in extras:
        request_options["timeout"] = extras["timeout"]
    return body, request_options


def _http_response_class() -> type:
    """The SDK's HTTP response type: ``cast_to`` it to get the raw response.

    The ``openai`` SDK 3.x sends with ``httpx2``; earlier releases with ``httpx``.
    """
    try:
        import httpx2

        return httpx2.Response
    except ImportError:
        import httpx

        return httpx.Response


def _json_body(http_response: Any) -> dict[str, Any]:
    import openai

    try:
        body = json.loads(http_response.content)
    except ValueError as error:
        raise openai.APIResponseValidationError(
            http_response,
            http_response.text,
            message=f"The response body is not valid JSON: {error}",
        ) from error
    except RecursionError as error:
        raise openai.APIResponseValidationError(
            http_response, None, message="The response body is nested too deeply to read"
        ) from error
    if not isinstance(body, dict):
        raise openai.APIResponseValidationError(
            http_response, body, message="The response body is not a JSON object"
        )
    return check_completion(body, http_response)


def _finish_reason(value: Any) -> str | None:
    """Spring reports the SDK enum's name: ``"stop"`` becomes ``"STOP"``."""
    return value.upper() if isinstance(value, str) and value else None


def _reasoning(message: dict[str, Any]) -> str:
    value = message.get("reasoning_content")
    if value is None:
        value = message.get("reasoning")
    return value if isinstance(value, str) else ""


def _usage(raw: Any) -> Usage | None:
    if not isinstance(raw, dict):
        return None
    details = raw.get("prompt_tokens_details")
    cached = details.get("cached_tokens") if isinstance(details, dict) else None
    return DefaultUsage(
        raw.get("prompt_tokens") or 0,
        raw.get("completion_tokens") or 0,
        raw.get("total_tokens"),
        raw,
        cached,
        None,
    )


def _response_metadata(completion: dict[str, Any]) -> ChatResponseMetadata:
    entries: dict[str, Any] = {"created": completion.get("created") or 0}
    for key, value in completion.items():
        if key not in _KNOWN_ROOT_KEYS:
            entries[key] = value
    return ChatResponseMetadata(
        completion.get("id") or "",
        completion.get("model") or "",
        _usage(completion.get("usage")),
        None,
        entries,
    )


def _tool_calls(raw: Any) -> tuple[list[AssistantMessage.ToolCall], dict[str, str]]:
    if not raw:
        return [], {}
    calls: list[AssistantMessage.ToolCall] = []
    additional: dict[str, str] = {}
    for call in raw:
        function = call.get("function")
        if not isinstance(function, dict):
            continue
        call_id = call.get("id") or ""
        calls.append(
            AssistantMessage.ToolCall(
                call_id, "function", function.get("name") or "", function.get("arguments") or ""
            )
        )
        extra = {k: v for k, v in call.items() if k not in _KNOWN_TOOL_CALL_KEYS}
        if extra:
            additional[call_id] = json.dumps(extra)
    return calls, additional


def _response_format(options: OpenAiChatOptions) -> dict[str, Any] | None:
    response_format = options.response_format
    if options.output_schema is not None:
        strict = response_format.strict if isinstance(response_format, ResponseFormat) else None
        response_format = ResponseFormat(json_schema=options.output_schema, strict=strict)
    if response_format is None:
        return None
    if isinstance(response_format, dict):
        return dict(response_format)
    kind = response_format.get_type()
    if kind is ResponseFormat.Type.JSON_SCHEMA:
        text = response_format.json_schema or ""
        try:
            schema = json.loads(text)
        except ValueError as error:
            raise ValueError(f"Failed to parse JSON schema: {text}") from error
        return {
            "type": "json_schema",
            "json_schema": {
                "name": "json_schema",
                "strict": response_format.strict if response_format.strict is not None else True,
                "schema": schema,
            },
        }
    return {"type": kind.value}


def _tool_choice(tool_choice: str | dict[str, Any]) -> Any:
    if isinstance(tool_choice, dict):
        return tool_choice
    if tool_choice in ("auto", "none", "required"):
        return tool_choice
    try:
        node = json.loads(tool_choice)
    except ValueError as error:
        raise ValueError(f"Failed to parse tool_choice JSON: {tool_choice}") from error
    if not isinstance(node, dict):
        raise ValueError(f"Failed to parse tool_choice JSON: {tool_choice}")
    return parse_tool_choice(node)


def parse_tool_choice(node: dict[str, Any]) -> Any:
    """Spring's ``parseToolChoice``: a ``tool_choice`` JSON object as the API takes it."""
    choice_type = node.get("type")
    if choice_type == "function":
        return {"type": "function", "function": {"name": node["function"]["name"]}}
    if choice_type in ("auto", "required", "none"):
        return choice_type
    raise ValueError(f"Unknown tool_choice type: {choice_type}")


def apply_strict_mode_requirements(schema: dict[str, Any]) -> None:
    """Rewrite an object schema in place for OpenAI's strict function calling.

    Every property must be listed in ``required``; optional ones instead accept
    ``null``. Nested object and array-item schemas and ``$defs`` are fixed up too.
    """
    definitions = schema.get("$defs")
    if isinstance(definitions, dict):
        for definition in definitions.values():
            if isinstance(definition, dict):
                apply_strict_mode_requirements(definition)
    properties = schema.get("properties")
    if not isinstance(properties, dict) or not properties:
        return
    required = schema.get("required")
    already_required = required if isinstance(required, list) else []
    for property_schema in properties.values():
        if isinstance(property_schema, dict):
            apply_strict_mode_requirements(property_schema)
            items = property_schema.get("items")
            if isinstance(items, dict):
                apply_strict_mode_requirements(items)
    for name, property_schema in properties.items():
        if name not in already_required and isinstance(property_schema, dict):
            _widen_to_nullable(property_schema)
    schema["required"] = list(properties)


def _widen_to_nullable(schema: dict[str, Any]) -> None:
    kind = schema.get("type")
    if isinstance(kind, str):
        if kind != "null":
            schema["type"] = [kind, "null"]
        return
    if isinstance(kind, list):
        if "null" not in kind:
            schema["type"] = [*kind, "null"]
        return
    any_of = schema.get("anyOf")
    if isinstance(any_of, list):
        if _NULL_SCHEMA not in any_of:
            schema["anyOf"] = [*any_of, dict(_NULL_SCHEMA)]
        return
    if "$ref" in schema:
        reference = dict(schema)
        description = reference.pop("description", None)
        schema.clear()
        if description is not None:
            schema["description"] = description
        schema["anyOf"] = [reference, dict(_NULL_SCHEMA)]


def _to_wire(message: Message) -> list[dict[str, Any]]:
    """One prompt message as Chat Completions messages (a tool message gives one each)."""
    message_type = message.get_message_type()
    if message_type in (MessageType.USER, MessageType.SYSTEM):
        wire: dict[str, Any] = {"role": message_type.value}
        text = message.get_text()
        if isinstance(message, UserMessage) and message.get_media():
            parts: list[dict[str, Any]] = []
            if text:
                parts.append({"type": "text", "text": text})
            parts.extend(_media_part(media) for media in message.get_media())
            wire["content"] = parts
        elif text is not None:
            wire["content"] = text
        return [wire]
    if message_type is MessageType.ASSISTANT:
        assert isinstance(message, AssistantMessage)
        wire = {"role": "assistant"}
        if message.get_text() is not None:
            wire["content"] = message.get_text()
        if message.get_tool_calls():
            additional = _additional_tool_call_properties(message)
            calls = []
            for call in message.get_tool_calls():
                wire_call: dict[str, Any] = {
                    "id": call.id,
                    "type": "function",
                    "function": {"name": call.name, "arguments": call.arguments},
                }
                extra = additional.get(call.id)
                if extra:
                    try:
                        wire_call.update(json.loads(extra))
                    except ValueError as error:
                        raise RuntimeError(
                            "Conversion from JSON to java.util.Map<java.lang.String, java.lang.Object> failed"
                        ) from error
                calls.append(wire_call)
            wire["tool_calls"] = calls
        reasoning = message.get_metadata().get(_REASONING_CONTENT)
        if isinstance(reasoning, str) and reasoning.strip():
            wire["reasoning_content"] = reasoning
        return [wire]
    if message_type is MessageType.TOOL:
        assert isinstance(message, ToolResponseMessage)
        if not message.get_responses():
            return [{"role": "tool", "content": message.get_text() or ""}]
        return [
            {"role": "tool", "tool_call_id": response.id, "content": response.response_data}
            for response in message.get_responses()
        ]
    raise ValueError(f"Unsupported message type: {message_type}")


def _additional_tool_call_properties(message: AssistantMessage) -> dict[str, str]:
    value = message.get_metadata().get(OpenAiChatModel.TOOL_CALL_ADDITIONAL_PROPERTIES_METADATA_KEY)
    if not isinstance(value, dict):
        return {}
    return {k: v for k, v in value.items() if isinstance(k, str) and isinstance(v, str)}


def _media_part(media: Media) -> dict[str, Any]:
    mime_type = media.get_mime_type()
    data = media.get_data()
    if mime_type.startswith("image/"):
        if isinstance(data, str):
            return {"type": "image_url", "image_url": {"url": data}}
        if isinstance(data, bytes | bytearray):
            encoded = base64.b64encode(bytes(data)).decode("ascii")
            return {"type": "image_url", "image_url": {"url": f"data:{mime_type};base64,{encoded}"}}
        raise ValueError(f"Unsupported media data type: {type(data).__name__}")
    if mime_type.startswith("audio/"):
        if not isinstance(data, bytes | bytearray):
            raise ValueError(f"Unsupported audio data type: {type(data).__name__}")
        return {
            "type": "input_audio",
            "input_audio": {
                "data": base64.b64encode(bytes(data)).decode("ascii"),
                "format": "mp3" if "mp3" in mime_type else "wav",
            },
        }
    if mime_type == "application/pdf":
        file: dict[str, Any] = {"file_data": _data_url(mime_type, data)}
        if media.get_name() is not None:
            file["filename"] = media.get_name()
        return {"type": "file", "file": file}
    return {"type": "text", "text": _data_url(mime_type, data)}


def _data_url(mime_type: str, data: Any) -> str:
    if isinstance(data, bytes | bytearray):
        return f"data:{mime_type};base64,{base64.b64encode(bytes(data)).decode('ascii')}"
    if isinstance(data, str):
        return data
    raise ValueError(f"Unsupported media data type: {type(data).__name__}")


class _ChunkAssembler:
    """Turns stream chunks into chat responses, as Spring's ``ChunkMerger`` does.

    A text chunk becomes one response at once. From the first chunk that carries a
    tool call until the chunk that finishes with ``tool_calls``, chunks are merged as
    they come (:class:`_ChunkMerger`) into one response whose tool calls are complete (deltas of one call
    share its ``index``; ids and names come from the first delta that has them,
    arguments are concatenated). A chunk's reasoning fragment is its message's
    ``reasoningDelta``; the fragments of a choice are kept as parts and joined once into
    the ``reasoningContent`` of its last chunk (the one with a finish reason), which so
    carries the whole reasoning, as Spring's last response does.
    """

    __slots__ = ("_buffer", "_reasoning")

    def __init__(self) -> None:
        self._buffer: _ChunkMerger | None = None
        self._reasoning: dict[tuple[str, int], list[str]] = {}

    def add(self, chunk: dict[str, Any]) -> ChatResponse | None:
        if self._buffer is None:
            if not _has_tool_call(chunk):
                return self._to_response(chunk)
            self._buffer = _ChunkMerger(chunk)
        else:
            self._buffer.add(chunk)
        if not _tool_calls_done(chunk):
            return None
        return self.finish()

    def finish(self) -> ChatResponse | None:
        """The response of chunks still buffered when the stream ended, if any."""
        if self._buffer is None:
            return None
        merged = self._buffer.result()
        self._buffer = None
        return self._to_response(merged)

    def _to_response(self, chunk: dict[str, Any]) -> ChatResponse:
        chunk_id = chunk.get("id") or ""
        generations = []
        for choice in chunk.get("choices") or ():
            delta = choice.get("delta") or {}
            index = choice.get("index", 0)
            fragment = _reasoning(delta)
            key = (chunk_id, index)
            parts = self._reasoning.get(key)
            if fragment:
                if parts is None:
                    parts = self._reasoning[key] = []
                parts.append(fragment)
            raw_finish = choice.get("finish_reason")
            finish = raw_finish.upper() if raw_finish else None
            # Joined once, on the choice's last chunk (a string rebuilt per chunk would
            # cost time and memory quadratic in the number of reasoning chunks).
            reasoning = ""
            if finish and parts is not None:
                reasoning = "".join(parts)
                del self._reasoning[key]
            properties: dict[str, Any] = {
                "id": chunk_id,
                "role": "assistant",
                "index": index,
                "finishReason": finish or "",
                "refusal": delta.get("refusal") or "",
                "annotations": delta.get("annotations") or [],
                _REASONING_CONTENT: reasoning,
            }
            if fragment:
                # Beyond Spring: the piece itself, for ``stream().events()``'s
                # ReasoningDelta (``spring_ai_py.chat.client.events.REASONING_DELTA_METADATA_KEY``).
                properties[_REASONING_DELTA] = fragment
            raw_calls = delta.get("tool_calls")
            tool_calls: list[AssistantMessage.ToolCall] = []
            if raw_calls:
                tool_calls = [_complete_tool_call(call) for call in raw_calls]
                additional = {
                    call["id"]: json.dumps(extra)
                    for call in raw_calls
                    if (extra := {k: v for k, v in call.items() if k not in _KNOWN_TOOL_CALL_KEYS})
                }
                if additional:
                    properties[OpenAiChatModel.TOOL_CALL_ADDITIONAL_PROPERTIES_METADATA_KEY] = (
                        additional
                    )
            generations.append(
                Generation(
                    AssistantMessage(delta.get("content") or "", properties, tool_calls),
                    DefaultChatGenerationMetadata(finish) if finish else _NO_FINISH,
                )
            )
        return ChatResponse(generations, _response_metadata(chunk))


def _has_tool_call(chunk: dict[str, Any]) -> bool:
    choices = chunk.get("choices")
    if not choices:
        return False
    return bool((choices[0].get("delta") or {}).get("tool_calls"))


def _tool_calls_done(chunk: dict[str, Any]) -> bool:
    choices = chunk.get("choices")
    if not choices:
        return False
    return bool(choices[0].get("finish_reason") == "tool_calls")


def _complete_tool_call(call: dict[str, Any]) -> AssistantMessage.ToolCall:
    function = call.get("function")
    if not isinstance(function, dict):
        raise RuntimeError("Tool call function is missing")
    call_id = call.get("id")
    if not call_id or not call_id.strip():
        raise RuntimeError("Tool call id is missing")
    name = function.get("name")
    if not name or not name.strip():
        raise RuntimeError("Tool call function name is missing")
    return AssistantMessage.ToolCall(call_id, "function", name, function.get("arguments") or "")


def merge_chunks(chunks: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Merge buffered stream chunks into one (Spring's ``ChunkMerger.mergeChunks``).

    Choices merge by index: the first finish reason wins, texts and reasoning
    fragments concatenate, and tool-call deltas merge by their ``index``. The last
    usage and service tier win.
    """
    merger = _ChunkMerger(chunks[0])
    for chunk in chunks[1:]:
        merger.add(chunk)
    return merger.result()


class _ChunkMerger:
    """:func:`merge_chunks` one chunk at a time.

    A tool call's arguments may arrive in a great many fragments: each is kept as a
    part of a list joined once at the end (never a string rebuilt per fragment), and
    no chunk is kept once it was merged.
    """

    __slots__ = ("_choices", "_merged")

    def __init__(self, first: dict[str, Any]) -> None:
        self._merged = dict(first)
        self._choices: dict[int, _ChoiceMerger] = {}
        self._add_choices(first)

    def add(self, chunk: dict[str, Any]) -> None:
        if chunk.get("usage") is not None:
            self._merged["usage"] = chunk["usage"]
        if chunk.get("service_tier") is not None:
            self._merged["service_tier"] = chunk["service_tier"]
        self._add_choices(chunk)

    def _add_choices(self, chunk: dict[str, Any]) -> None:
        for choice in chunk.get("choices") or ():
            index = choice.get("index", 0)
            existing = self._choices.get(index)
            if existing is None:
                self._choices[index] = _ChoiceMerger(choice)
            else:
                existing.add(choice)

    def result(self) -> dict[str, Any]:
        merged = dict(self._merged)
        merged["choices"] = [choice.result() for choice in self._choices.values()]
        return merged


class _ChoiceMerger:
    """One choice of :class:`_ChunkMerger`: the first delta of its index, and the parts
    that later deltas add to its texts and tool-call arguments."""

    __slots__ = ("_arguments", "_calls", "_choice", "_texts")

    def __init__(self, choice: dict[str, Any]) -> None:
        self._choice = copy.deepcopy(choice)
        self._texts: dict[str, list[str]] = {}
        self._calls: dict[Any, dict[str, Any]] | None = None
        self._arguments: dict[Any, list[str]] = {}

    def add(self, right: dict[str, Any]) -> None:
        left = self._choice
        if left.get("finish_reason") is None:
            left["finish_reason"] = right.get("finish_reason")
        if left.get("logprobs") is None:
            left["logprobs"] = right.get("logprobs")
        delta = left.setdefault("delta", {})
        other = right.get("delta") or {}
        for key in ("content", "reasoning_content", "reasoning"):
            fragment = other.get(key)
            if fragment:
                parts = self._texts.get(key)
                if parts is None:
                    parts = self._texts[key] = [delta.get(key) or ""]
                parts.append(fragment)
        calls = other.get("tool_calls")
        if calls:
            by_index = self._calls
            if by_index is None:
                by_index = self._calls = {
                    call.get("index"): call for call in delta.get("tool_calls") or []
                }
            for call in calls:
                index = call.get("index")
                previous = by_index.get(index)
                if previous is None:
                    by_index[index] = copy.deepcopy(call)
                else:
                    self._merge_call(index, previous, call)

    def _merge_call(self, index: Any, previous: dict[str, Any], current: dict[str, Any]) -> None:
        for key, value in current.items():
            if key not in _KNOWN_TOOL_CALL_KEYS:
                previous[key] = value
        if not previous.get("id"):
            previous["id"] = current.get("id") or ""
        function = previous.setdefault("function", {})
        other = current.get("function") or {}
        if not function.get("name"):
            function["name"] = other.get("name") or ""
        parts = self._arguments.get(index)
        if parts is None:
            parts = self._arguments[index] = [function.get("arguments") or ""]
        parts.append(other.get("arguments") or "")

    def result(self) -> dict[str, Any]:
        choice = self._choice
        if self._texts or self._calls is not None:
            delta = choice["delta"]
            for key, parts in self._texts.items():
                delta[key] = "".join(parts)
            if self._calls is not None:
                for index, parts in self._arguments.items():
                    self._calls[index]["function"]["arguments"] = "".join(parts)
                delta["tool_calls"] = list(self._calls.values())
        return choice
