"""``ChatClient``: the fluent API over a chat model and its advisor chain."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from spring_ai_py import _assert
from spring_ai_py._observation import tracer_for
from spring_ai_py.chat.client.advisor import (
    ChatModelCallAdvisor,
    ChatModelStreamAdvisor,
    DefaultAroundAdvisorChain,
)
from spring_ai_py.chat.client.advisor.api import Advisor, BaseAdvisorChain
from spring_ai_py.chat.client.observation.convention import (
    ChatClientObservationConvention,
    DefaultChatClientObservationConvention,
)
from spring_ai_py.chat.client.records import ChatClientRequest
from spring_ai_py.chat.client.response_specs import CallResponseSpec, StreamResponseSpec
from spring_ai_py.chat.client.specs import (
    AdvisorSpec,
    EntityParamSpec,
    PromptSystemSpec,
    PromptUserSpec,
    flatten_advisors,
    read_text,
)
from spring_ai_py.chat.messages import Message, SystemMessage, UserMessage
from spring_ai_py.chat.prompt import ChatOptions, ChatOptionsBuilder, Prompt, PromptTemplate
from spring_ai_py.content import Media

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.chat.client.advisor.observation import AdvisorObservationConvention
    from spring_ai_py.chat.model import ChatModel
    from spring_ai_py.template import TemplateRenderer

_DEFAULT_CHAT_CLIENT_CONVENTION = DefaultChatClientObservationConvention()


def _options_builder(options: ChatOptions | ChatOptionsBuilder) -> ChatOptionsBuilder:
    if isinstance(options, ChatOptionsBuilder):
        return options.clone()
    if isinstance(options, ChatOptions):
        return options.mutate()
    raise TypeError(f"options must be ChatOptions or a ChatOptions builder, got {type(options).__name__}")


class ChatClientRequestSpec:
    """One request being configured: messages, options, advisors; then ``call()`` or
    ``stream()``.

    A spec can be called any number of times (PORTING §7.5); each ``call()`` or
    ``stream()`` assembles a fresh advisor chain and never changes the spec's own
    advisor list.
    """

    def __init__(
        self,
        chat_model: ChatModel,
        tracer_provider: TracerProvider | None = None,
        observation_convention: ChatClientObservationConvention | None = None,
        advisor_observation_convention: AdvisorObservationConvention | None = None,
    ) -> None:
        self.chat_model: ChatModel = _assert.not_none(chat_model, "chatModel cannot be null")
        self.tracer_provider = tracer_provider
        self.observation_convention = observation_convention or _DEFAULT_CHAT_CLIENT_CONVENTION
        self.advisor_observation_convention = advisor_observation_convention
        self.user_text: str | None = None
        self.user_params: dict[str, Any] = {}
        self.user_metadata: dict[str, Any] = {}
        self.system_text: str | None = None
        self.system_params: dict[str, Any] = {}
        self.system_metadata: dict[str, Any] = {}
        self.messages_list: list[Message] = []
        self.media_list: list[Media] = []
        self.options_customizer: ChatOptionsBuilder | None = None
        self.advisors_list: list[Advisor] = []
        self.advisor_params: dict[str, Any] = {}
        self.renderer: TemplateRenderer | None = None

    def _copy(self) -> Self:
        copy = type(self).__new__(type(self))
        copy.__dict__.update(self.__dict__)
        for name, value in self.__dict__.items():
            if isinstance(value, list | dict):
                copy.__dict__[name] = type(value)(value)
        if self.options_customizer is not None:
            copy.options_customizer = self.options_customizer.clone()
        return copy

    # -- configuration -----------------------------------------------------------

    def advisors(self, *advisors: Advisor | Sequence[Advisor] | Callable[[AdvisorSpec], Any]) -> Self:
        """Add advisors: ``advisors(a, b)``, ``advisors([a, b])`` or
        ``advisors(lambda a: a.param(k, v).advisors(x))``."""
        if len(advisors) == 1 and callable(advisors[0]) and not isinstance(advisors[0], Advisor):
            spec = AdvisorSpec()
            advisors[0](spec)
            self.advisor_params.update(spec.get_params())
            self.advisors_list.extend(spec.get_advisors())
            return self
        self.advisors_list.extend(flatten_advisors(advisors))
        return self

    def messages(self, *messages: Message | Sequence[Message]) -> Self:
        """Add messages between the system and the user message."""
        _assert.not_none(messages, "messages cannot be null")
        items: list[Any] = []
        for item in messages:
            items.extend(item if isinstance(item, list | tuple) else [item])
        _assert.no_null_elements(items, "messages cannot contain null elements")
        self.messages_list.extend(items)
        return self

    def options(self, options: ChatOptions | ChatOptionsBuilder) -> Self:
        """Runtime options, merged over the model's defaults field by field."""
        _assert.not_none(options, "customizer cannot be null")
        self.options_customizer = _options_builder(options)
        return self

    def system(self, text: str | Path | Callable[[PromptSystemSpec], Any]) -> Self:
        """The system text (a template when params are given) or a spec callable."""
        if callable(text):
            spec = PromptSystemSpec()
            text(spec)
            if spec.text_value is not None and spec.text_value.strip():
                self.system_text = spec.text_value
            self.system_params.update(spec.params_value)
            self.system_metadata.update(spec.metadata_value)
            return self
        _assert.not_none(text, "text cannot be null")
        self.system_text = _assert.has_text(read_text(text), "text cannot be null or empty")
        return self

    def user(self, text: str | Path | Callable[[PromptUserSpec], Any]) -> Self:
        """The user text or a spec callable (text, params, media, metadata)."""
        if callable(text):
            spec = PromptUserSpec()
            text(spec)
            if spec.text_value is not None and spec.text_value.strip():
                self.user_text = spec.text_value
            self.user_params.update(spec.params_value)
            self.media_list.extend(spec.media_value)
            self.user_metadata.update(spec.metadata_value)
            return self
        _assert.not_none(text, "text cannot be null")
        self.user_text = _assert.has_text(read_text(text), "text cannot be null or empty")
        return self

    def template_renderer(self, template_renderer: TemplateRenderer) -> Self:
        """The renderer for user and system templates."""
        self.renderer = _assert.not_none(template_renderer, "templateRenderer cannot be null")
        return self

    def mutate(self) -> ChatClientBuilder:
        """A ChatClient builder whose defaults are this request's settings."""
        builder = ChatClientBuilder(
            self.chat_model,
            self.tracer_provider,
            self.observation_convention,
            self.advisor_observation_convention,
        )
        builder._defaults = self._copy()
        return builder

    # -- execution ---------------------------------------------------------------

    def call(self) -> CallResponseSpec:
        """Prepare a blocking call; the model runs when the response is read."""
        chain = self._build_advisor_chain()
        return CallResponseSpec(
            self._to_chat_client_request(),
            chain,
            tracer_for(self.tracer_provider),
            self.observation_convention,
        )

    def stream(self) -> StreamResponseSpec:
        """Prepare a streaming call; the model runs when the stream is iterated."""
        chain = self._build_advisor_chain()
        return StreamResponseSpec(
            self._to_chat_client_request(),
            chain,
            tracer_for(self.tracer_provider),
            self.observation_convention,
        )

    def _chain_advisors(self) -> list[Advisor]:
        """The advisors of the chain to build (the spec's own list is never changed)."""
        return list(self.advisors_list)

    def _build_advisor_chain(self) -> BaseAdvisorChain:
        advisors: list[Any] = self._chain_advisors()
        advisors.append(ChatModelCallAdvisor(self.chat_model))
        advisors.append(ChatModelStreamAdvisor(self.chat_model))
        return (
            DefaultAroundAdvisorChain.builder(self.tracer_provider)
            .observation_convention(self.advisor_observation_convention)
            .push_all(advisors)
            .build()
        )

    def _render(self, text: str, params: Mapping[str, Any]) -> str:
        if not params:
            return text
        return PromptTemplate(text, params, self.renderer).render()

    def _chat_options(self) -> ChatOptions:
        builder = self.chat_model.get_options().mutate()
        if self.options_customizer is not None:
            builder.combine_with(self.options_customizer)
        options = builder.build()
        assert isinstance(options, ChatOptions)
        return options

    def _to_chat_client_request(self) -> ChatClientRequest:
        """Spring's ``DefaultChatClientUtils.toChatClientRequest``: system first, then
        the messages, then the user message; options merged over the model's."""
        messages: list[Message] = []
        if self.system_text and self.system_text.strip():
            messages.append(
                SystemMessage(self._render(self.system_text, self.system_params), self.system_metadata)
            )
        messages.extend(self.messages_list)
        if self.user_text and self.user_text.strip():
            messages.append(
                UserMessage(
                    self._render(self.user_text, self.user_params),
                    list(self.media_list),
                    self.user_metadata,
                )
            )
        return ChatClientRequest(Prompt(messages, self._chat_options()), dict(self.advisor_params))

    # -- Java getters ------------------------------------------------------------

    def get_user_text(self) -> str | None:
        return self.user_text

    def get_system_text(self) -> str | None:
        return self.system_text

    def get_advisors(self) -> list[Advisor]:
        return self.advisors_list

    def get_advisor_params(self) -> dict[str, Any]:
        return self.advisor_params

    def get_messages(self) -> list[Message]:
        return self.messages_list

    def get_media(self) -> list[Media]:
        return self.media_list

    def get_user_params(self) -> dict[str, Any]:
        return self.user_params

    def get_system_params(self) -> dict[str, Any]:
        return self.system_params

    def get_chat_model(self) -> ChatModel:
        return self.chat_model

    def get_options_customizer(self) -> ChatOptionsBuilder | None:
        return self.options_customizer


class ChatClient(ABC):
    """The entry point: ``ChatClient.builder(model)....build()`` then
    ``client.prompt().user("...").call().content()``.

    Each request runs through an advisor chain ending with the model call; the chain
    holds the default advisors and the request's own, sorted by order.
    """

    @staticmethod
    def create(
        chat_model: ChatModel,
        tracer_provider: TracerProvider | None = None,
        observation_convention: ChatClientObservationConvention | None = None,
        advisor_observation_convention: AdvisorObservationConvention | None = None,
    ) -> ChatClient:
        """A client with no defaults."""
        return ChatClient.builder(
            chat_model, tracer_provider, observation_convention, advisor_observation_convention
        ).build()

    @staticmethod
    def builder(
        chat_model: ChatModel,
        tracer_provider: TracerProvider | None = None,
        observation_convention: ChatClientObservationConvention | None = None,
        advisor_observation_convention: AdvisorObservationConvention | None = None,
    ) -> ChatClientBuilder:
        """A builder for a client over ``chat_model``; spans go to ``tracer_provider``
        (default: the global OpenTelemetry provider)."""
        _assert.not_none(chat_model, "chatModel cannot be null")
        return ChatClientBuilder(
            chat_model, tracer_provider, observation_convention, advisor_observation_convention
        )

    @abstractmethod
    def prompt(self, prompt: str | Prompt | None = None) -> ChatClientRequestSpec:
        """Start a request, optionally from a text or a ``Prompt``."""

    @abstractmethod
    def mutate(self) -> ChatClientBuilder:
        """A builder pre-filled with this client's defaults."""


class DefaultChatClient(ChatClient):
    """The default ChatClient: every request starts as a copy of the defaults."""

    def __init__(self, defaults: ChatClientRequestSpec) -> None:
        self._defaults = _assert.not_none(defaults, "defaultChatClientRequest cannot be null")

    def prompt(self, prompt: str | Prompt | None = None) -> ChatClientRequestSpec:
        spec = self._defaults._copy()
        if prompt is None:
            return spec
        if isinstance(prompt, str):
            _assert.has_text(prompt, "content cannot be null or empty")
            prompt = Prompt(prompt)
        spec.messages(prompt.get_instructions())
        options = prompt.get_options()
        if options is not None:
            if spec.options_customizer is not None:
                spec.options_customizer.combine_with(options.mutate())
            else:
                spec.options(options)
        return spec

    def mutate(self) -> ChatClientBuilder:
        return self._defaults.mutate()


class ChatClientBuilder:
    """Configures a client's defaults: ``default_system``, ``default_user``,
    ``default_options``, ``default_advisors``, ``default_template_renderer``."""

    def __init__(
        self,
        chat_model: ChatModel,
        tracer_provider: TracerProvider | None = None,
        observation_convention: ChatClientObservationConvention | None = None,
        advisor_observation_convention: AdvisorObservationConvention | None = None,
    ) -> None:
        self._defaults = ChatClientRequestSpec(
            chat_model, tracer_provider, observation_convention, advisor_observation_convention
        )

    def default_advisors(
        self, *advisors: Advisor | Sequence[Advisor] | Callable[[AdvisorSpec], Any]
    ) -> Self:
        self._defaults.advisors(*advisors)
        return self

    def default_options(self, options: ChatOptions | ChatOptionsBuilder) -> Self:
        self._defaults.options(options)
        return self

    def default_user(self, text: str | Path | Callable[[PromptUserSpec], Any]) -> Self:
        self._defaults.user(text)
        return self

    def default_system(self, text: str | Path | Callable[[PromptSystemSpec], Any]) -> Self:
        self._defaults.system(text)
        return self

    def default_template_renderer(self, template_renderer: TemplateRenderer) -> Self:
        self._defaults.template_renderer(template_renderer)
        return self

    def add_messages(self, messages: Sequence[Message]) -> Self:
        self._defaults.messages(list(messages))
        return self

    def clone(self) -> ChatClientBuilder:
        builder = ChatClientBuilder.__new__(ChatClientBuilder)
        builder._defaults = self._defaults._copy()
        return builder

    def build(self) -> ChatClient:
        return DefaultChatClient(self._defaults._copy())


# Java's nested types, for code translated name by name (``ChatClient.Builder``...).
for _nested in (
    ChatClientRequestSpec,
    CallResponseSpec,
    StreamResponseSpec,
    PromptUserSpec,
    PromptSystemSpec,
    AdvisorSpec,
    EntityParamSpec,
):
    setattr(ChatClient, _nested.__name__, _nested)
ChatClient.Builder = ChatClientBuilder  # type: ignore[attr-defined]
