"""The Anthropic chat model over the Messages API and the official ``anthropic`` SDK."""

from __future__ import annotations

import base64
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any, ClassVar, Self

from spring_ai_py import _assert, _builder
from spring_ai_py._compat import environ_free_client
from spring_ai_py.anthropic import _request
from spring_ai_py.anthropic._validation import check_message, checked_events
from spring_ai_py.anthropic.chat_options import AnthropicChatOptions
from spring_ai_py.anthropic.citations import Citation, citation_from_sdk
from spring_ai_py.anthropic.metadata import AnthropicRateLimit
from spring_ai_py.anthropic.web_search import AnthropicWebSearchResult, web_search_results_of
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
    RateLimit,
)
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.content.media import Media
from spring_ai_py.model._wire_limits import (
    AnswerTooLargeError,
    Exchange,
    MaskedErrors,
    http_client,
)
from spring_ai_py.model.option_fields import request_values
from spring_ai_py.model.provider import (
    CallRequest,
    ModelObservation,
    PreparedStream,
    ProviderChatModel,
    _require_api_key,
    new_sdk_client,
    transport_errors,
)

if TYPE_CHECKING:
    import anthropic
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.model.tool import ToolCallingManager

logger = logging.getLogger(__name__)

_CallPayload = tuple[dict[str, Any], AnthropicChatOptions]
"""A prepared call: the SDK's ``create`` arguments and the request's options."""

_SAMPLING = ("temperature", "top_p", "top_k")
"""The sampling parameters, sent in the body beside the SDK's arguments."""

_IMAGE_TYPES = {
    "png": "image/png",
    "jpeg": "image/jpeg",
    "jpg": "image/jpeg",
    "gif": "image/gif",
    "webp": "image/webp",
}


class AnthropicChatModel(
    ProviderChatModel[
        AnthropicChatOptions, "anthropic.Anthropic", "anthropic.AsyncAnthropic", "_CallPayload"
    ]
):
    """Spring's ``AnthropicChatModel``: a chat model over Anthropic's Messages API.

    System messages become the request's ``system`` text (joined by a blank line);
    tool results go back as ``tool_result`` blocks of a user turn; an assistant turn
    with tool calls or thinking replays its thinking blocks before its ``tool_use``
    blocks. ``call`` uses the SDK's blocking client, ``stream`` its async client, so
    failures are the SDK's own exceptions (``anthropic.AuthenticationError``,
    ``anthropic.RateLimitError``, ``anthropic.APIConnectionError`` also for a stream
    cut mid-way, ...).

    Responses follow Spring: every thinking block is a generation of its own before
    the answer's generation (whose message carries the thinking under
    :attr:`ANTHROPIC_THINKING_CONTENTS_PROPERTY` for replay); finish reasons are the
    API's ``stop_reason`` values (``end_turn``, ``tool_use``, ...). A stream emits text
    deltas as they come and ends with one response carrying the tool calls, the
    finish reason, the usage and the rate limit. The SDK is imported, and the clients
    created, on first use. Each call or stream is one ``chat <model>`` span and
    records the GenAI metrics.
    """

    PROVIDER_NAME: ClassVar[str] = "anthropic"
    ANTHROPIC_THINKING_CONTENTS_PROPERTY: ClassVar[str] = "anthropicThinkingContents"

    def __init__(
        self,
        options: AnthropicChatOptions | None = None,
        anthropic_client: Any = None,
        anthropic_client_async: Any = None,
        tool_calling_manager: ToolCallingManager | None = None,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> None:
        self._anthropic_client = anthropic_client
        self._anthropic_client_async = anthropic_client_async
        super().__init__(
            options,
            AnthropicChatOptions,
            _new_client,
            anthropic_client,
            anthropic_client_async,
            tool_calling_manager,
            tracer_provider,
            meter_provider,
        )
        if anthropic_client is None and anthropic_client_async is None:
            _require_api_key(
                self.get_options(),
                "AnthropicChatModel",
                ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"),
            )

    def prepare_call(self, prompt: Prompt) -> CallRequest[AnthropicChatOptions, _CallPayload]:
        options = self.request_options(prompt)
        params, extras = self.create_request(prompt, options)
        return CallRequest(options, params["model"], ({**params, **extras}, options))

    def send(self, client: anthropic.Anthropic, payload: _CallPayload) -> ChatResponse:
        import anthropic

        arguments, options = payload
        exchange = Exchange.for_call(options)
        with MaskedErrors(anthropic.APIError, client, options.http_headers):
            try:
                with exchange.sending(anthropic):
                    raw = client.messages.with_raw_response.create(**arguments)
            except (anthropic.APIConnectionError, AnswerTooLargeError) as error:
                exchange.check_too_large(error, anthropic)
                raise
            with _parse_errors(raw):
                message = raw.parse()
            message = check_message(message, raw.http_response)
            return self._to_chat_response(message, _rate_limit(raw.headers))

    async def asend(self, client: anthropic.AsyncAnthropic, payload: _CallPayload) -> ChatResponse:
        import anthropic

        arguments, options = payload
        exchange = Exchange.for_call(options)
        with MaskedErrors(anthropic.APIError, client, options.http_headers):
            try:
                with exchange.sending(anthropic):
                    raw = await client.messages.with_raw_response.create(**arguments)
            except (anthropic.APIConnectionError, AnswerTooLargeError) as error:
                exchange.check_too_large(error, anthropic)
                raise
            with _parse_errors(raw):
                message = await raw.parse()
            message = check_message(message, raw.http_response)
            return self._to_chat_response(message, _rate_limit(raw.headers))

    def prepare_stream(self, prompt: Prompt) -> PreparedStream:
        options = self.request_options(prompt)
        params, extras = self.create_request(prompt, options)

        async def source(observation: ModelObservation) -> AsyncIterator[ChatResponse]:
            import anthropic

            client = self.async_client(options)
            exchange = Exchange.for_stream(options)
            with MaskedErrors(anthropic.APIError, client, options.http_headers):
                with exchange.sending(anthropic):
                    raw = await client.messages.with_raw_response.create(
                        **params, stream=True, **extras
                    )
                state = _StreamingState(_rate_limit(raw.headers))
                timeouts, transport = transport_errors()
                events = await raw.parse()
                try:
                    async for event in checked_events(events, raw.http_response, exchange):
                        response = state.on_event(event)
                        if response is not None:
                            observation.summary.add(response)
                            yield response
                except timeouts as error:
                    raise anthropic.APITimeoutError(request=raw.http_request) from error
                except AnswerTooLargeError as error:
                    raise anthropic.APIResponseValidationError(
                        raw.http_response, None, message=str(error)
                    ) from error
                except transport as error:
                    raise anthropic.APIConnectionError(request=raw.http_request) from error
                finally:
                    await events.close()

        return PreparedStream(options, params["model"], source)

    # -- request ------------------------------------------------------------------

    def create_request(
        self, prompt: Prompt, options: AnthropicChatOptions
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """The Messages API parameters for ``prompt`` and the SDK's request options.

        Returns ``(params, extras)``; ``extras`` holds ``extra_body`` (the sampling
        parameters), ``extra_headers`` and ``timeout``.
        """
        system_texts: list[str] = []
        messages: list[dict[str, Any]] = []
        converted: list[tuple[Message, dict[str, Any] | None]] = []
        for message in prompt.get_instructions():
            if message.get_message_type() is MessageType.SYSTEM:
                text = message.get_text()
                if text is not None:
                    system_texts.append(text)
            else:
                wire = self._to_wire(message)
                converted.append((message, wire))
                if wire is not None:
                    messages.append(wire)
        params: dict[str, Any] = {
            "model": options.model or AnthropicChatOptions.DEFAULT_MODEL,
            "max_tokens": options.max_tokens or AnthropicChatOptions.DEFAULT_MAX_TOKENS,
            "messages": messages,
        }
        if system_texts:
            params["system"] = "\n\n".join(system_texts)
        sent = request_values(options)
        # The SDK no longer takes the sampling parameters as arguments; the ones a user
        # set still go into the body.
        sampling = {name: sent.pop(name) for name in _SAMPLING if name in sent}
        params.update(sent)
        if options.stop_sequences:
            params["stop_sequences"] = list(options.stop_sequences)
        output_config = _output_config(options)
        if output_config:
            params["output_config"] = output_config
        definitions = self.resolve_tool_definitions(options)
        tools = [_to_tool(definition) for definition in definitions]
        # Cache breakpoints, citation documents and the web search tool (Spring's order).
        _request.apply_cache_and_documents(params, system_texts, converted, tools, options)
        if tools:
            params["tools"] = tools
            tool_choice = _tool_choice(options.tool_choice)
            if options.disable_parallel_tool_use:
                tool_choice = {
                    **(tool_choice or {"type": "auto"}),
                    "disable_parallel_tool_use": True,
                }
            if tool_choice is not None:
                params["tool_choice"] = tool_choice
        extras: dict[str, Any] = {}
        if sampling:
            extras["extra_body"] = sampling
        if options.http_headers:
            extras["extra_headers"] = dict(options.http_headers)
        if options.timeout is not None:
            extras["timeout"] = options.timeout
        _request.apply_skills(params, extras, options, [d.name for d in definitions])
        return params, extras

    def _to_wire(self, message: Message) -> dict[str, Any] | None:
        message_type = message.get_message_type()
        if message_type is MessageType.USER:
            assert isinstance(message, UserMessage)
            text = message.get_text()
            if message.get_media():
                blocks: list[dict[str, Any]] = []
                if text:
                    blocks.append({"type": "text", "text": text})
                blocks.extend(_media_block(media) for media in message.get_media())
                return {"role": "user", "content": blocks}
            return {"role": "user", "content": text} if text is not None else None
        if message_type is MessageType.ASSISTANT:
            assert isinstance(message, AssistantMessage)
            thinking = _thinking_contents(message)
            text = message.get_text()
            if message.get_tool_calls() or thinking:
                blocks = []
                if text:
                    blocks.append({"type": "text", "text": text})
                blocks.extend(thinking)
                blocks.extend(
                    {
                        "type": "tool_use",
                        "id": call.id,
                        "name": call.name,
                        "input": _tool_input(call.arguments),
                    }
                    for call in message.get_tool_calls()
                )
                return {"role": "assistant", "content": blocks}
            return {"role": "assistant", "content": text} if text is not None else None
        if message_type is MessageType.TOOL:
            assert isinstance(message, ToolResponseMessage)
            return {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": response.id,
                        "content": response.response_data,
                    }
                    for response in message.get_responses()
                ],
            }
        raise ValueError(f"Unsupported message type: {message_type}")

    # -- response -----------------------------------------------------------------

    def _to_chat_response(self, message: Any, rate_limit: RateLimit) -> ChatResponse:
        if not message.content:
            logger.warning("No content blocks returned for prompt")
            return ChatResponse([])
        finish = ChatGenerationMetadata.builder().finish_reason(message.stop_reason or "").build()
        generations: list[Generation] = []
        text: list[str] = []
        tool_calls: list[AssistantMessage.ToolCall] = []
        thinking: list[dict[str, Any]] = []
        citations: list[Citation] = []
        web_search_results: list[AnthropicWebSearchResult] = []
        for block in message.content:
            kind = block.type
            if kind == "text":
                text.append(block.text)
                citations.extend(_citations_of(block.citations))
            elif kind == "tool_use":
                arguments = json.dumps(block.input)
                tool_calls.append(
                    AssistantMessage.ToolCall(block.id, "function", block.name, arguments)
                )
            elif kind == "thinking":
                thinking.append(
                    {"type": "thinking", "thinking": block.thinking, "signature": block.signature}
                )
                generations.append(
                    Generation(
                        AssistantMessage(block.thinking, {"signature": block.signature}), finish
                    )
                )
            elif kind == "redacted_thinking":
                thinking.append({"type": "redacted_thinking", "data": block.data})
                generations.append(Generation(AssistantMessage(None, {"data": block.data}), finish))
            elif kind == "web_search_tool_result":
                web_search_results.extend(web_search_results_of(block))
            else:
                logger.warning("Unsupported content block type: %s", kind)
        generations.append(
            Generation(_assistant_message("".join(text), tool_calls, thinking), finish)
        )
        usage = message.usage
        metadata = ChatResponseMetadata(
            message.id,
            message.model,
            DefaultUsage(
                usage.input_tokens,
                usage.output_tokens,
                usage.input_tokens + usage.output_tokens,
                usage,
                usage.cache_read_input_tokens,
                usage.cache_creation_input_tokens,
            ),
            rate_limit,
            {
                "anthropic-response": message,
                **_citation_metadata(citations, web_search_results),
            },
        )
        return ChatResponse(generations, metadata)

    # --- generated builder ---
    class Builder(_builder.Builder["AnthropicChatModel"]):
        """The builder of :class:`AnthropicChatModel`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def options(self, options: AnthropicChatOptions | None, /) -> Self:
            return self._set("options", (options,))

        def anthropic_client(self, anthropic_client: Any, /) -> Self:
            return self._set("anthropic_client", (anthropic_client,))

        def anthropic_client_async(self, anthropic_client_async: Any, /) -> Self:
            return self._set("anthropic_client_async", (anthropic_client_async,))

        def tool_calling_manager(self, tool_calling_manager: ToolCallingManager | None, /) -> Self:
            return self._set("tool_calling_manager", (tool_calling_manager,))

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def meter_provider(self, meter_provider: MeterProvider | None, /) -> Self:
            return self._set("meter_provider", (meter_provider,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> AnthropicChatModel: ...

    @classmethod
    def builder(cls) -> AnthropicChatModel.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> AnthropicChatModel.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---



@contextlib.contextmanager
def _parse_errors(raw: Any) -> Iterator[None]:
    """A response body that is not JSON surfaces as the SDK's validation error."""
    import anthropic

    try:
        yield
    except ValueError as error:  # JSONDecodeError, or UnicodeDecodeError for bad UTF-8
        raise anthropic.APIResponseValidationError(
            raw.http_response,
            raw.http_response.content.decode("utf-8", "replace"),
            message=f"The response body is not valid JSON: {error}",
        ) from error
    except RecursionError as error:
        raise anthropic.APIResponseValidationError(
            raw.http_response, None, message="The response body is nested too deeply to read"
        ) from error

def _new_client(options: AnthropicChatOptions, asynchronous: bool) -> Any:
    import anthropic

    # Only the key and the base URL may come from os.environ (when unset), never the
    # SDK's ANTHROPIC_CUSTOM_HEADERS or webhook key.
    return new_sdk_client(
        environ_free_client(anthropic.AsyncAnthropic if asynchronous else anthropic.Anthropic),
        options,
        AnthropicChatOptions.DEFAULT_TIMEOUT,
        AnthropicChatOptions.DEFAULT_MAX_RETRIES,
        http_client=http_client(
            anthropic.DefaultAsyncHttpxClient if asynchronous else anthropic.DefaultHttpxClient
        ),
    )


def _assistant_message(
    text: str, tool_calls: list[AssistantMessage.ToolCall], thinking: list[dict[str, Any]]
) -> AssistantMessage:
    properties = (
        {AnthropicChatModel.ANTHROPIC_THINKING_CONTENTS_PROPERTY: list(thinking)}
        if thinking
        else None
    )
    return AssistantMessage(text, properties, tool_calls)


def _thinking_contents(message: AssistantMessage) -> list[dict[str, Any]]:
    contents = message.get_metadata().get(AnthropicChatModel.ANTHROPIC_THINKING_CONTENTS_PROPERTY)
    if not isinstance(contents, list):
        return []
    blocks: list[dict[str, Any]] = []
    for item in contents:
        if not isinstance(item, dict):
            return []
        if item.get("type") == "redacted_thinking":
            blocks.append({"type": "redacted_thinking", "data": item["data"]})
        else:
            _assert.not_none(item.get("thinking"), "thinking must not be null")
            _assert.not_none(item.get("signature"), "signature must not be null")
            blocks.append(
                {"type": "thinking", "thinking": item["thinking"], "signature": item["signature"]}
            )
    return blocks


def _tool_input(arguments: str) -> dict[str, Any]:
    if not arguments:
        return {}
    try:
        value = json.loads(arguments)
    except ValueError:
        logger.warning("Failed to parse tool arguments JSON: %s", arguments)
        return {}
    return value if isinstance(value, dict) else {}


def _to_tool(definition: Any) -> dict[str, Any]:
    try:
        schema = json.loads(definition.input_schema)
    except ValueError as error:
        raise RuntimeError(
            f"Failed to parse tool input schema: {definition.input_schema}"
        ) from error
    input_schema: dict[str, Any] = {"type": "object", "properties": schema.get("properties") or {}}
    if schema.get("required"):
        input_schema["required"] = list(schema["required"])
    if schema.get("$defs"):
        input_schema["$defs"] = schema["$defs"]
    return {
        "name": definition.name,
        "description": definition.description,
        "input_schema": input_schema,
    }


def _tool_choice(tool_choice: str | dict[str, Any] | None) -> dict[str, Any] | None:
    if tool_choice is None or isinstance(tool_choice, dict):
        return tool_choice
    if tool_choice in ("auto", "any", "none"):
        return {"type": tool_choice}
    return {"type": "tool", "name": tool_choice}


def _output_config(options: AnthropicChatOptions) -> dict[str, Any] | None:
    config = dict(options.output_config) if options.output_config else {}
    if options.output_schema is not None:
        try:
            schema = json.loads(options.output_schema)
        except ValueError as error:
            raise ValueError(f"Failed to parse JSON schema: {options.output_schema}") from error
        config["format"] = {"type": "json_schema", "schema": schema}
    return config or None


def _media_block(media: Media) -> dict[str, Any]:
    mime_type = media.get_mime_type()
    data = media.get_data()
    if isinstance(data, bytes | bytearray):
        text = base64.b64encode(bytes(data)).decode("ascii")
    elif isinstance(data, str):
        text = data
    else:
        raise ValueError(
            f"Unsupported media data type: {type(data).__name__}. Expected bytes or str."
        )
    main, _, subtype = mime_type.partition("/")
    if main == "image":
        if text.startswith("https://"):
            return {"type": "image", "source": {"type": "url", "url": text}}
        media_type = _IMAGE_TYPES.get(subtype)
        if media_type is None:
            raise ValueError(
                f"Unsupported image type: {mime_type}. Supported types: image/png, image/jpeg, "
                "image/gif, image/webp"
            )
        return {
            "type": "image",
            "source": {"type": "base64", "media_type": media_type, "data": text},
        }
    if mime_type == "application/pdf":
        if text.startswith("https://"):
            return {"type": "document", "source": {"type": "url", "url": text}}
        return {
            "type": "document",
            "source": {"type": "base64", "media_type": "application/pdf", "data": text},
        }
    raise ValueError(
        f"Unsupported media type: {mime_type}. Supported types are: images (image/*) and PDF "
        "documents (application/pdf)"
    )


def _rate_limit(headers: Any) -> RateLimit:
    """Spring's ``AnthropicRateLimit.from(headers)``; resets are seconds from now."""
    return AnthropicRateLimit.from_headers(headers)


def _citations_of(text_citations: Any) -> list[Citation]:
    converted = (citation_from_sdk(item) for item in text_citations or ())
    return [citation for citation in converted if citation is not None]


def _citation_metadata(
    citations: list[Citation], web_search_results: list[AnthropicWebSearchResult]
) -> dict[str, Any]:
    """Spring's metadata entries: ``citations``/``citationCount`` and ``web-search-results``."""
    entries: dict[str, Any] = {}
    if citations:
        entries["citations"] = list(citations)
        entries["citationCount"] = len(citations)
    if web_search_results:
        entries["web-search-results"] = list(web_search_results)
    return entries


class _StreamingState:
    """What a stream accumulates until its ``message_delta`` (Spring's ``StreamingState``)."""

    __slots__ = (
        "_cache_read",
        "_cache_write",
        "_citations",
        "_input_tokens",
        "_json",
        "_message_id",
        "_model",
        "_rate_limit",
        "_thinking",
        "_thinking_signature",
        "_thinking_text",
        "_tool",
        "_tool_calls",
        "_web_search_results",
    )

    def __init__(self, rate_limit: RateLimit) -> None:
        self._rate_limit = rate_limit
        self._message_id = ""
        self._model = ""
        self._input_tokens = 0
        self._cache_read: int | None = None
        self._cache_write: int | None = None
        self._tool: tuple[str, str] | None = None
        self._json: list[str] = []
        self._tool_calls: list[AssistantMessage.ToolCall] = []
        self._thinking: list[dict[str, Any]] = []
        self._thinking_text: list[str] | None = None
        self._thinking_signature: str | None = None
        self._citations: list[Citation] = []
        self._web_search_results: list[AnthropicWebSearchResult] = []

    def on_event(self, event: Any) -> ChatResponse | None:
        kind = event.type
        if kind == "content_block_delta":
            delta = event.delta
            if delta.type == "text_delta":
                return ChatResponse([Generation(AssistantMessage(delta.text))])
            if delta.type == "input_json_delta":
                self._json.append(delta.partial_json)
                return None
            if delta.type == "thinking_delta":
                if self._thinking_text is not None:
                    self._thinking_text.append(delta.thinking)
                # Beyond Spring: the piece itself, for ``stream().events()``'s ReasoningDelta
                # (``spring_ai_py.chat.client.events.REASONING_DELTA_METADATA_KEY``).
                return ChatResponse(
                    [
                        Generation(
                            AssistantMessage(
                                None, {"thinking": True, "reasoningDelta": delta.thinking}
                            )
                        )
                    ]
                )
            if delta.type == "signature_delta":
                self._thinking_signature = delta.signature
                return ChatResponse(
                    [Generation(AssistantMessage(None, {"signature": delta.signature}))]
                )
            if delta.type == "citations_delta":
                self._citations.extend(_citations_of([delta.citation]))
            return None
        if kind == "message_start":
            message = event.message
            self._message_id = message.id
            self._model = message.model
            self._input_tokens = message.usage.input_tokens
            self._cache_read = message.usage.cache_read_input_tokens
            self._cache_write = message.usage.cache_creation_input_tokens
            return None
        if kind == "content_block_start":
            block = event.content_block
            if block.type == "tool_use":
                self._tool = (block.id, block.name)
                self._json = []
            elif block.type == "thinking":
                self._thinking_text = []
                self._thinking_signature = None
            elif block.type == "redacted_thinking":
                self._thinking.append({"type": "redacted_thinking", "data": block.data})
                return ChatResponse([Generation(AssistantMessage(None, {"data": block.data}))])
            elif block.type == "web_search_tool_result":
                self._web_search_results.extend(web_search_results_of(block))
            return None
        if kind == "content_block_stop":
            if self._tool is not None:
                tool_id, name = self._tool
                arguments = "".join(self._json) or "{}"
                self._tool_calls.append(
                    AssistantMessage.ToolCall(tool_id, "function", name, arguments)
                )
                self._tool = None
                self._json = []
            elif self._thinking_text is not None:
                self._thinking.append(
                    {
                        "type": "thinking",
                        "thinking": "".join(self._thinking_text),
                        "signature": self._thinking_signature or "",
                    }
                )
                self._thinking_text = None
            return None
        if kind == "message_delta":
            return self._final(event)
        return None

    def _final(self, event: Any) -> ChatResponse:
        stop_reason = event.delta.stop_reason or ""
        usage = event.usage
        output_tokens = usage.output_tokens or 0
        cache_read = usage.cache_read_input_tokens
        cache_write = usage.cache_creation_input_tokens
        metadata = ChatResponseMetadata(
            self._message_id,
            self._model,
            DefaultUsage(
                self._input_tokens,
                output_tokens,
                self._input_tokens + output_tokens,
                usage,
                cache_read if cache_read is not None else self._cache_read,
                cache_write if cache_write is not None else self._cache_write,
            ),
            self._rate_limit,
            _citation_metadata(self._citations, self._web_search_results),
        )
        generation = Generation(
            _assistant_message("", self._tool_calls, self._thinking),
            ChatGenerationMetadata.builder().finish_reason(stop_reason).build(),
        )
        return ChatResponse([generation], metadata)
