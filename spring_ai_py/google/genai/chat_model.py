"""The Google GenAI chat model over Gemini's ``generateContent`` and the official
``google-genai`` SDK (Spring's ``GoogleGenAiChatModel``)."""

from __future__ import annotations

import base64
import contextlib
import enum
import json
import logging
from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self

from spring_ai_py import _assert, _builder, _json
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.metadata import ChatGenerationMetadata, ChatResponseMetadata, DefaultUsage
from spring_ai_py.chat.metadata.metadata import Usage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.content.media import Media
from spring_ai_py.google.genai._client import (
    GENAI_API_KEY_VARIABLES,
    client_base_url,
    credential_holder,
    genai_client,
    retry_options,
    sdk,
)
from spring_ai_py.google.genai.chat_options import (
    GoogleGenAiChatModelName,
    GoogleGenAiChatOptions,
    ToolChoice,
)
from spring_ai_py.google.genai.common import PROVIDER_NAME, GoogleGenAiThinkingLevel
from spring_ai_py.google.genai.metadata import GoogleGenAiUsage
from spring_ai_py.google.genai.schema import GoogleGenAiToolCallingManager
from spring_ai_py.model._wire_limits import AnswerTooLargeError, Exchange, MaskedErrors
from spring_ai_py.model.option_fields import request_values
from spring_ai_py.model.provider import (
    CallRequest,
    ModelObservation,
    PreparedStream,
    ProviderChatModel,
    _require_api_key,
)

if TYPE_CHECKING:
    from google import genai
    from google.genai import types
    from google.genai.client import AsyncClient
    from opentelemetry.metrics import MeterProvider
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.google.genai.cache import GoogleGenAiCachedContentService
    from spring_ai_py.model.tool import ToolCallingManager

__all__ = ["GeminiRequest", "GoogleGenAiChatModel"]

logger = logging.getLogger(__name__)

_L = GoogleGenAiThinkingLevel
_THINKING_LEVEL_SUPPORT: dict[str, tuple[GoogleGenAiThinkingLevel, ...]] = {
    GoogleGenAiChatModelName.GEMINI_2_5_FLASH.value: (),
    GoogleGenAiChatModelName.GEMINI_2_5_FLASH_LIGHT.value: (),
    GoogleGenAiChatModelName.GEMINI_3_0_PRO_PREVIEW.value: (_L.LOW, _L.HIGH),
    GoogleGenAiChatModelName.GEMINI_3_1_PRO_PREVIEW.value: (_L.LOW, _L.MEDIUM, _L.HIGH),
    GoogleGenAiChatModelName.GEMINI_3_FLASH_PREVIEW.value: (_L.MINIMAL, _L.LOW, _L.MEDIUM, _L.HIGH),
    GoogleGenAiChatModelName.GEMINI_3_5_FLASH.value: (_L.MINIMAL, _L.LOW, _L.MEDIUM, _L.HIGH),
    GoogleGenAiChatModelName.GEMINI_3_5_FLASH_LITE.value: (_L.MINIMAL, _L.LOW, _L.MEDIUM, _L.HIGH),
    GoogleGenAiChatModelName.GEMINI_3_6_FLASH.value: (_L.MINIMAL, _L.LOW, _L.MEDIUM, _L.HIGH),
    GoogleGenAiChatModelName.GEMINI_3_1_FLASH_LITE_IMAGE.value: (_L.MINIMAL, _L.HIGH),
}
"""The thinking levels each known model accepts (an empty tuple: none, use a thinking
budget); models not listed are left to the API."""


class GeminiRequest(NamedTuple):
    """Spring's ``GeminiRequest``: what ``generate_content`` is called with."""

    contents: list[types.Content]
    model_name: str
    config: types.GenerateContentConfig


class _Payload(NamedTuple):
    request: GeminiRequest
    options: GoogleGenAiChatOptions


class GoogleGenAiChatModel(
    ProviderChatModel[GoogleGenAiChatOptions, "genai.Client", "AsyncClient", _Payload]
):
    """Spring's ``GoogleGenAiChatModel``: a chat model over the Gemini API (the
    Developer API with an API key, or Vertex AI).

    System messages become the request's ``systemInstruction`` (one at most); user and
    tool messages are ``user`` turns, assistant messages ``model`` turns. Tool results
    go back as ``functionResponse`` parts (a result that is not a JSON object is sent as
    ``{"result": value}``); an assistant turn replays the ``thoughtSignatures`` of its
    metadata (base64 text) on its function calls, as Gemini requires. Tool input schemas are sent in
    Gemini's OpenAPI dialect (the tool calling manager is wrapped in a
    :class:`~spring_ai_py.google.genai.GoogleGenAiToolCallingManager`).

    Each part of each candidate is a generation, with ``candidateIndex``,
    ``finishReason`` and ``isThought`` in its message metadata (a thought part's text
    is its text, as in Spring; streamed, it is also a ``reasoningDelta`` for
    ``stream().events()``); function calls make one generation with the tool calls.
    ``call`` uses the SDK's blocking client, ``acall`` and ``stream``
    (``streamGenerateContent?alt=sse``) its async client; failures are the SDK's
    ``google.genai.errors.ClientError`` / ``ServerError`` (with the API key masked),
    timeouts ``httpx2`` timeouts. The SDK is imported, and the clients created, on
    first use; a model given ``genai_client`` uses it (and its ``aio``) as it is.
    """

    PROVIDER_NAME: ClassVar[str] = PROVIDER_NAME
    _builder_aliases: ClassVar[dict[str, str]] = {"gen_ai_client": "genai_client"}
    ChatModel: ClassVar[type[GoogleGenAiChatModelName]] = GoogleGenAiChatModelName
    """Spring's nested ``GoogleGenAiChatModel.ChatModel`` enum."""

    class GeminiMessageType(enum.StrEnum):
        """The role of a Gemini turn."""

        USER = "user"
        MODEL = "model"

        def get_value(self) -> str:
            return self.value

    def __init__(
        self,
        options: GoogleGenAiChatOptions | None = None,
        genai_client: Any = None,
        tool_calling_manager: ToolCallingManager | None = None,
        tracer_provider: TracerProvider | None = None,
        meter_provider: MeterProvider | None = None,
    ) -> None:
        self._genai_client = genai_client
        if tool_calling_manager is not None and not isinstance(
            tool_calling_manager, GoogleGenAiToolCallingManager
        ):
            from spring_ai_py.model.tool.tool_calling_manager import ToolCallingManager

            _assert.instance_of(tool_calling_manager, ToolCallingManager, "tool_calling_manager")
            tool_calling_manager = GoogleGenAiToolCallingManager(tool_calling_manager)
        super().__init__(
            options,
            GoogleGenAiChatOptions,
            _new_client,
            genai_client,
            genai_client.aio if genai_client is not None else None,
            tool_calling_manager,
            tracer_provider,
            meter_provider,
        )
        self._cached_content_service: GoogleGenAiCachedContentService | None = None
        if genai_client is None and not self.get_options().vertex_ai:
            _require_api_key(self.get_options(), "GoogleGenAiChatModel", GENAI_API_KEY_VARIABLES)

    def get_cached_content_service(self) -> GoogleGenAiCachedContentService:
        """The service managing cached contents through this model's client."""
        if self._cached_content_service is None:
            from spring_ai_py.google.genai.cache import GoogleGenAiCachedContentService

            self._cached_content_service = GoogleGenAiCachedContentService(
                self._clients.sync_client(None)
            )
        return self._cached_content_service

    def sync_client(self, options: GoogleGenAiChatOptions) -> genai.Client:
        """The blocking client (retries come with each request's HTTP options)."""
        return self._clients.sync_client(None)

    def async_client(self, options: GoogleGenAiChatOptions) -> AsyncClient:
        """The async client of the running event loop."""
        return self._clients.async_client(None)

    def _get_tool_calling_manager(self) -> ToolCallingManager:
        if self._tool_calling_manager is None:
            from spring_ai_py.model.tool import ToolCallingManager

            self._tool_calling_manager = GoogleGenAiToolCallingManager(
                ToolCallingManager.builder().build()
            )
        return self._tool_calling_manager

    # -- calls -------------------------------------------------------------------------

    def prepare_call(self, prompt: Prompt) -> CallRequest[GoogleGenAiChatOptions, _Payload]:
        options = self.request_options(prompt)
        request = self.create_gemini_request(prompt, options)
        return CallRequest(options, request.model_name, _Payload(request, options))

    def send(self, client: genai.Client, payload: _Payload) -> ChatResponse:
        request, options = payload
        genai_errors = _errors()
        exchange = Exchange.for_call(options)
        with MaskedErrors(genai_errors.APIError, credential_holder(client), options.custom_headers):
            with _too_large(exchange), exchange.sending():
                response = client.models.generate_content(
                    model=request.model_name, contents=request.contents, config=request.config
                )
            return self._to_chat_response(response, options)

    async def asend(self, client: AsyncClient, payload: _Payload) -> ChatResponse:
        request, options = payload
        genai_errors = _errors()
        exchange = Exchange.for_call(options)
        with MaskedErrors(genai_errors.APIError, credential_holder(client), options.custom_headers):
            with _too_large(exchange), exchange.sending():
                response = await client.models.generate_content(
                    model=request.model_name, contents=request.contents, config=request.config
                )
            return self._to_chat_response(response, options)

    def prepare_stream(self, prompt: Prompt) -> PreparedStream:
        options = self.request_options(prompt)
        request = self.create_gemini_request(prompt, options)

        async def source(observation: ModelObservation) -> AsyncIterator[ChatResponse]:
            genai_errors = _errors()
            client = self.async_client(options)
            exchange = Exchange.for_stream(options)
            secrets = credential_holder(client)
            with MaskedErrors(genai_errors.APIError, secrets, options.custom_headers):
                chunks = await client.models.generate_content_stream(
                    model=request.model_name, contents=request.contents, config=request.config
                )
                iterator = aiter(chunks)
                try:
                    # The SDK sends the request when the first chunk is asked for.
                    with _too_large(exchange), exchange.sending():
                        chunk = await anext(iterator)
                    while True:
                        response = self._to_chat_response(chunk, options, streaming=True)
                        observation.summary.add(response)
                        yield response
                        exchange.event()
                        with _too_large(exchange):
                            chunk = await anext(iterator)
                except StopAsyncIteration:
                    return
                finally:
                    closer = getattr(iterator, "aclose", None)
                    if closer is not None:
                        await closer()

        return PreparedStream(options, request.model_name, source)

    # -- request -----------------------------------------------------------------------

    def create_gemini_request(
        self, prompt: Prompt, options: GoogleGenAiChatOptions | None = None
    ) -> GeminiRequest:
        """Spring's ``createGeminiRequest``: the contents, model and configuration of
        ``prompt`` with the request's ``options`` (by default the prompt's own options
        when they are ``GoogleGenAiChatOptions``, as Spring reads them, else
        :meth:`request_options`)."""
        if options is None:
            own = prompt.get_options()
            options = (
                own if isinstance(own, GoogleGenAiChatOptions) else self.request_options(prompt)
            )
        sdk()
        from google.genai import types
        model_name = options.model or GoogleGenAiChatOptions.DEFAULT_MODEL
        config: dict[str, Any] = {
            "temperature": (
                options.temperature
                if options.temperature is not None
                else GoogleGenAiChatOptions.DEFAULT_TEMPERATURE
            ),
            "top_p": options.top_p if options.top_p is not None else GoogleGenAiChatOptions.DEFAULT_TOP_P,
        }
        # The options the config takes as they are (max_output_tokens, top_k,
        # candidate_count, stop_sequences, frequency_penalty, presence_penalty...).
        config.update(request_values(options))
        mime_type = options.response_mime_type
        if options.output_schema is not None:
            config["response_json_schema"] = _schema_json(options.output_schema)
            mime_type = mime_type or "application/json"
        if mime_type is not None:
            config["response_mime_type"] = mime_type
        thinking = _thinking_config(options, model_name)
        if thinking is not None:
            config["thinking_config"] = thinking
        if options.labels:
            config["labels"] = dict(options.labels)
        if options.service_tier is not None:
            config["service_tier"] = options.service_tier.get_value()
        if options.safety_settings:
            config["safety_settings"] = [
                types.SafetySetting(
                    category=types.HarmCategory(setting.category.name),
                    threshold=types.HarmBlockThreshold(setting.threshold.name),
                )
                for setting in options.safety_settings
            ]
        tools = self._tools(options)
        if tools:
            config["tools"] = tools
        tool_config = _tool_config(options)
        if tool_config is not None:
            config["tool_config"] = tool_config
        if options.use_cached_content and options.cached_content_name is not None:
            config["cached_content"] = options.cached_content_name
            logger.debug("Using cached content: %s", options.cached_content_name)
        instructions = prompt.get_instructions()
        system = [m for m in instructions if m.get_message_type() is MessageType.SYSTEM]
        if system:
            _assert.is_true(len(system) <= 1, "Only one system message is allowed in the prompt")
            config["system_instruction"] = self._to_content(system[0])
        request_http = _request_http_options(options)
        if request_http is not None:
            config["http_options"] = request_http
        contents = [
            self._to_content(message)
            for message in instructions
            if message.get_message_type() is not MessageType.SYSTEM
        ]
        return GeminiRequest(contents, model_name, types.GenerateContentConfig(**config))

    def _tools(self, options: GoogleGenAiChatOptions) -> list[types.Tool]:
        from google.genai import types

        tools: list[types.Tool] = []
        definitions = self.resolve_tool_definitions(options)
        if definitions:
            declarations = [
                types.FunctionDeclaration(
                    name=definition.name,
                    description=definition.description,
                    parameters=types.Schema.model_validate(
                        _declaration_schema(definition.input_schema)
                    ),
                )
                for definition in definitions
            ]
            tools.append(types.Tool(function_declarations=declarations))
        if options.get_google_search_retrieval():
            tools.append(types.Tool(google_search=types.GoogleSearch()))
        return tools

    def _to_content(self, message: Message) -> types.Content:
        from google.genai import types

        role = _message_role(message.get_message_type())
        return types.Content(role=role.value, parts=self.message_to_gemini_parts(message))

    def message_to_gemini_parts(self, message: Message) -> list[types.Part]:
        """Spring's ``messageToGeminiParts``: the parts of one message."""
        sdk()
        from google.genai import types
        if isinstance(message, SystemMessage):
            text = message.get_text()
            return [types.Part.from_text(text=text)] if text is not None else []
        if isinstance(message, UserMessage):
            parts: list[types.Part] = []
            text = message.get_text()
            if text is not None:
                parts.append(types.Part.from_text(text=text))
            parts.extend(_media_part(media) for media in message.get_media())
            return parts
        if isinstance(message, AssistantMessage):
            parts = []
            signatures = _thought_signatures(message)
            text = message.get_text()
            if text:
                parts.append(types.Part(text=text))
            for call in message.get_tool_calls():
                part: dict[str, Any] = {
                    "function_call": types.FunctionCall(
                        name=call.name, args=parse_json_to_map(call.arguments)
                    )
                }
                if signatures:
                    part["thought_signature"] = signatures.pop(0)
                parts.append(types.Part(**part))
            return parts
        if isinstance(message, ToolResponseMessage):
            return [
                types.Part(
                    function_response=types.FunctionResponse(
                        name=response.name, response=parse_json_to_map(response.response_data)
                    )
                )
                for response in message.get_responses()
            ]
        raise ValueError(f"Gemini doesn't support message type: {type(message).__name__}")

    # -- response ----------------------------------------------------------------------

    def _to_chat_response(
        self, response: Any, options: GoogleGenAiChatOptions, *, streaming: bool = False
    ) -> ChatResponse:
        generations = [
            generation
            for candidate in response.candidates or ()
            for generation in self.response_candidate_to_generation(candidate, streaming)
        ]
        usage = self._usage(response.usage_metadata, options)
        metadata = ChatResponseMetadata(
            response.response_id or "", response.model_version or "", usage
        )
        return ChatResponse(generations, metadata)

    def response_candidate_to_generation(
        self, candidate: Any, streaming: bool = False
    ) -> list[Generation]:
        """Spring's ``responseCandidateToGeneration``: one generation per part of the
        candidate, or one with the tool calls when it calls functions."""
        finish_reason = _enum_text(candidate.finish_reason) or "STOP"
        metadata: dict[str, Any] = {
            "candidateIndex": candidate.index or 0,
            "finishReason": finish_reason,
        }
        parts = list(candidate.content.parts or ()) if candidate.content is not None else []
        signatures = [
            base64.b64encode(part.thought_signature).decode("ascii")
            for part in parts
            if part.thought_signature
        ]
        if signatures:
            # Base64 text, not bytes: a message stays storable in a JSON-backed memory.
            metadata["thoughtSignatures"] = signatures
        invocations = _server_side_invocations(parts)
        if invocations:
            metadata["serverSideToolInvocations"] = invocations
        generation_metadata = ChatGenerationMetadata.builder().finish_reason(finish_reason).build()
        calls = [part.function_call for part in parts if part.function_call is not None]
        if calls:
            tool_calls = [
                AssistantMessage.ToolCall(
                    call.id or "", "function", call.name or "", json.dumps(call.args or {})
                )
                for call in calls
            ]
            message = AssistantMessage("", metadata, tool_calls)
            return [Generation(message, generation_metadata)]
        generations: list[Generation] = []
        for part in parts:
            if part.tool_call is not None or part.tool_response is not None:
                continue
            properties = {**metadata, "isThought": bool(part.thought)}
            if streaming and part.thought and part.text:
                # Beyond Spring: the piece for ``stream().events()``'s ReasoningDelta.
                properties["reasoningDelta"] = part.text
            generations.append(
                Generation(AssistantMessage(part.text or "", properties), generation_metadata)
            )
        if not generations:
            generations.append(Generation(AssistantMessage("", metadata), generation_metadata))
        return generations

    def _usage(self, usage_metadata: Any, options: GoogleGenAiChatOptions) -> Usage:
        extended = options.include_extended_usage_metadata
        if extended is None:
            extended = self.get_options().include_extended_usage_metadata
        if extended is None or extended:
            return GoogleGenAiUsage.from_sdk(usage_metadata)
        if usage_metadata is None:
            return DefaultUsage(0, 0, 0)
        return DefaultUsage(
            usage_metadata.prompt_token_count or 0,
            usage_metadata.candidates_token_count or 0,
            usage_metadata.total_token_count or 0,
        )

    def __repr__(self) -> str:
        where = client_base_url(self._genai_client) if self._genai_client is not None else None
        suffix = f", client={where!r}" if where else ""
        return f"{type(self).__name__}(options={self._options!r}{suffix})"

    # --- generated builder ---
    class Builder(_builder.Builder["GoogleGenAiChatModel"]):
        """The builder of :class:`GoogleGenAiChatModel`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def options(self, options: GoogleGenAiChatOptions | None, /) -> Self:
            return self._set("options", (options,))

        def genai_client(self, genai_client: Any, /) -> Self:
            return self._set("genai_client", (genai_client,))

        def tool_calling_manager(self, tool_calling_manager: ToolCallingManager | None, /) -> Self:
            return self._set("tool_calling_manager", (tool_calling_manager,))

        def tracer_provider(self, tracer_provider: TracerProvider | None, /) -> Self:
            return self._set("tracer_provider", (tracer_provider,))

        def meter_provider(self, meter_provider: MeterProvider | None, /) -> Self:
            return self._set("meter_provider", (meter_provider,))

        def gen_ai_client(self, genai_client: Any, /) -> Self:
            return self._set("genai_client", (genai_client,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> GoogleGenAiChatModel: ...

    @classmethod
    def builder(cls) -> GoogleGenAiChatModel.Builder:
        """An empty builder of this class."""
        return cls.Builder(cls)

    def mutate(self) -> GoogleGenAiChatModel.Builder:
        """A builder pre-filled with this object's values."""
        return self.Builder(type(self), self._builder_state())
    # --- end of generated builder ---


def _new_client(options: GoogleGenAiChatOptions, asynchronous: bool) -> Any:
    client = genai_client(options, GoogleGenAiChatOptions.DEFAULT_TIMEOUT, asynchronous)
    return client.aio if asynchronous else client


def _errors() -> Any:
    sdk()
    from google.genai import errors

    return errors


@contextlib.contextmanager
def _too_large(exchange: Exchange) -> Iterator[None]:
    """An answer past ``max_answer_bytes`` surfaces as the SDK's
    ``UnknownApiResponseError`` (a ``ValueError``)."""
    try:
        yield
    except AnswerTooLargeError as error:
        raise _errors().UnknownApiResponseError(str(error)) from error


def _message_role(message_type: MessageType) -> GoogleGenAiChatModel.GeminiMessageType:
    _assert.not_none(message_type, "Message type must not be null")
    if message_type is MessageType.ASSISTANT:
        return GoogleGenAiChatModel.GeminiMessageType.MODEL
    if message_type in (MessageType.SYSTEM, MessageType.USER, MessageType.TOOL):
        return GoogleGenAiChatModel.GeminiMessageType.USER
    raise ValueError(f"Unsupported message type: {message_type}")


def parse_json_to_map(text: str) -> dict[str, Any]:
    """A tool call's arguments or a tool's result as the JSON object Gemini takes: an
    object as it is, any other JSON value (or text that is not JSON) as
    ``{"result": value}``."""
    try:
        value = _json.loads(text, "the tool JSON")
    except ValueError:
        # The port sends a text tool result unquoted (not JSON): it is the result.
        return {"result": text}
    if isinstance(value, dict):
        return value
    return {"result": value}


def _schema_json(schema: str) -> Any:
    try:
        return _json.loads(schema, "the response schema")
    except ValueError as error:
        raise RuntimeError(f"Failed to parse JSON schema: {schema}") from error


def _declaration_schema(input_schema: str) -> Any:
    """A tool's converted input schema as the SDK's ``Schema`` fields: keywords the SDK
    has no field for (the ``openapi`` marker, ``allOf``, ``oneOf``, ...) are left out."""
    sdk()
    from google.genai import types
    fields = types.Schema.model_fields
    known = {name for name in fields} | {
        field.alias for field in fields.values() if field.alias is not None
    } | {_camel(name) for name in fields}
    return _known_keys(_schema_json(input_schema), frozenset(known))


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(word.title() for word in rest)


def _known_keys(schema: Any, known: frozenset[str]) -> Any:
    if isinstance(schema, list):
        return [_known_keys(item, known) for item in schema]
    if not isinstance(schema, dict):
        return schema
    converted: dict[str, Any] = {}
    for key, value in schema.items():
        if key not in known:
            continue
        if key in ("properties", "defs", "$defs") and isinstance(value, dict):
            converted[key] = {name: _known_keys(item, known) for name, item in value.items()}
        elif key in ("items", "anyOf", "any_of", "additionalProperties") and isinstance(
            value, dict | list
        ):
            converted[key] = _known_keys(value, known)
        else:
            converted[key] = value
    return converted


def _thinking_config(options: GoogleGenAiChatOptions, model_name: str) -> Any:
    if (
        options.thinking_budget is None
        and options.include_thoughts is None
        and options.thinking_level is None
    ):
        return None
    sdk()
    from google.genai import types
    settings: dict[str, Any] = {}
    if options.thinking_level is not None:
        validate_thinking_level_for_model(options.thinking_level, model_name)
        settings["thinking_level"] = options.thinking_level.value
    if options.thinking_budget is not None:
        settings["thinking_budget"] = options.thinking_budget
    if options.include_thoughts is not None:
        settings["include_thoughts"] = options.include_thoughts
    return types.ThinkingConfig(**settings)


def validate_thinking_level_for_model(
    level: GoogleGenAiThinkingLevel | None, model_name: str | None
) -> None:
    """Refuse a thinking ``level`` a known model does not accept (a Vertex resource
    name's last segment is its model id); unknown models are left to the API."""
    if level is None or level is GoogleGenAiThinkingLevel.THINKING_LEVEL_UNSPECIFIED:
        return
    if model_name is None:
        return
    model_id = model_name.rsplit("/", 1)[-1].lower()
    supported = _THINKING_LEVEL_SUPPORT.get(model_id)
    if supported is None or level in supported:
        return
    if not supported:
        raise ValueError(
            f"ThinkingLevel.{level.name} is not supported for model '{model_name}'. This "
            "model does not support thinkingLevel; use thinkingBudget instead."
        )
    raise ValueError(
        f"ThinkingLevel.{level.name} is not supported for model '{model_name}'. "
        f"Supported levels: {', '.join(item.name for item in supported)}."
    )


def _tool_config(options: GoogleGenAiChatOptions) -> types.ToolConfig | None:
    from google.genai import types

    server_side = options.get_include_server_side_tool_invocations()
    if options.tool_choice is None and not server_side:
        return None
    settings: dict[str, Any] = {}
    if server_side:
        settings["include_server_side_tool_invocations"] = True
    choice = options.tool_choice
    if choice is not None:
        calling: dict[str, Any] = {"mode": choice.mode.value}
        if choice.mode in (ToolChoice.Mode.ANY, ToolChoice.Mode.VALIDATED) and (
            choice.allowed_function_names
        ):
            calling["allowed_function_names"] = list(choice.allowed_function_names)
        settings["function_calling_config"] = types.FunctionCallingConfig(**calling)
    return types.ToolConfig(**settings)


def _request_http_options(options: GoogleGenAiChatOptions) -> types.HttpOptions | None:
    """Per-request HTTP options: a request whose ``timeout`` or ``max_retries`` was set
    (on the prompt's options) sends with them."""
    from google.genai import types

    settings: dict[str, Any] = {}
    if options.timeout is not None:
        settings["timeout"] = max(1, round(options.timeout * 1000))
    retries = retry_options(options.max_retries)
    if retries is not None:
        settings["retry_options"] = retries
    return types.HttpOptions(**settings) if settings else None


def _media_part(media: Media) -> types.Part:
    from google.genai import types

    data = media.get_data()
    mime_type = media.get_mime_type()
    if isinstance(data, bytes | bytearray):
        return types.Part.from_bytes(data=bytes(data), mime_type=mime_type)
    if isinstance(data, str):
        return types.Part.from_uri(file_uri=data, mime_type=mime_type)
    raise ValueError(f"Unsupported media data type: {type(data).__name__}")


def _thought_signatures(message: AssistantMessage) -> list[bytes]:
    """The signatures to replay: the message's ``thoughtSignatures`` (base64 text, as
    responses carry them, or bytes)."""
    signatures = message.get_metadata().get("thoughtSignatures")
    if not isinstance(signatures, list):
        return []
    decoded: list[bytes] = []
    for item in signatures:
        if isinstance(item, bytes | bytearray):
            decoded.append(bytes(item))
        elif isinstance(item, str):
            try:
                decoded.append(base64.b64decode(item, validate=True))
            except ValueError:
                logger.warning("Ignoring a thought signature that is not base64")
    return decoded


def _server_side_invocations(parts: list[Any]) -> list[dict[str, Any]]:
    invocations: list[dict[str, Any]] = []
    for part in parts:
        call = part.tool_call
        if call is not None:
            invocations.append(
                {
                    "type": "toolCall",
                    "id": call.id or "",
                    "toolType": _enum_text(call.tool_type),
                    "args": call.args or {},
                }
            )
        result = part.tool_response
        if result is not None:
            invocations.append(
                {
                    "type": "toolResponse",
                    "id": result.id or "",
                    "toolType": _enum_text(result.tool_type),
                    "response": result.response or {},
                }
            )
    return invocations


def _enum_text(value: Any) -> str:
    if value is None:
        return ""
    return str(getattr(value, "value", value))
