"""``ChatClient``: the fluent API over a chat model and its advisor chain."""

from __future__ import annotations

import os
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self, cast

from spring_ai_py import _assert
from spring_ai_py._observation import tracer_for
from spring_ai_py.chat.client.advisor import (
    ChatModelCallAdvisor,
    ChatModelStreamAdvisor,
    DefaultAroundAdvisorChain,
)
from spring_ai_py.chat.client.advisor.api import (
    Advisor,
    BaseAdvisorChain,
    CallAdvisor,
    MemoryAdvisor,
    StreamAdvisor,
    TerminalAdvisor,
    ToolAdvisor,
)
from spring_ai_py.chat.client.advisor.default_around_advisor_chain import sort_advisors
from spring_ai_py.chat.client.advisor.tool_calling_advisor import ToolCallingAdvisor
from spring_ai_py.chat.client.attributes import ChatClientAttributes
from spring_ai_py.chat.client.observation.convention import (
    ChatClientObservationConvention,
    DefaultChatClientObservationConvention,
)
from spring_ai_py.chat.client.records import ChatClientRequest
from spring_ai_py.chat.client.response_specs import CallResponseSpec, StreamResponseSpec
from spring_ai_py.chat.client.specs import (
    UNSET,
    AdvisorSpec,
    EntityParamSpec,
    PromptSystemSpec,
    PromptUserSpec,
    Unset,
    flatten_advisors,
    read_text,
)
from spring_ai_py.chat.messages import Message, SystemMessage, UserMessage
from spring_ai_py.chat.model import ChatModel
from spring_ai_py.chat.model.chat_model import _checked_chat_model
from spring_ai_py.chat.prompt import ChatOptions, ChatOptionsBuilder, Prompt, PromptTemplate
from spring_ai_py.content import Media
from spring_ai_py.core import Ordered
from spring_ai_py.model.tool import ToolCallDecision, ToolCallingChatOptions, ToolCallingManager
from spring_ai_py.model.tool.tool_calling_chat_options import ToolCallingChatOptionsBuilder
from spring_ai_py.model.tool.tool_loop_state import ToolLoopResume
from spring_ai_py.support import ToolCallbacks
from spring_ai_py.tool import ToolCallback, ToolCallbackProvider

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.chat.client.advisor.observation import AdvisorObservationConvention
    from spring_ai_py.template import TemplateRenderer

_DEFAULT_CHAT_CLIENT_CONVENTION = DefaultChatClientObservationConvention()


def _options_builder(options: ChatOptions | ChatOptionsBuilder) -> ChatOptionsBuilder:
    """The builder itself (Spring keeps the customizer it was given), or a builder
    pre-filled from built options."""
    if isinstance(options, ChatOptionsBuilder):
        return options
    if isinstance(options, ChatOptions):
        return options.mutate()
    raise TypeError(f"options must be ChatOptions or a ChatOptions builder, got {type(options).__name__}")


def _is_consumer(value: object) -> bool:
    """A spec callable (``lambda s: ...``), as opposed to a value of the other overloads."""
    return callable(value) and not isinstance(value, type | str | os.PathLike | Advisor)


def _deprecated(old: str, new: str) -> None:
    warnings.warn(f"{old} is deprecated (removed in Spring AI 2.0.1); {new}", DeprecationWarning, stacklevel=3)


_CHAIN_CACHE_SIZE = 64
_AUTO_REGISTER_KEY = ChatClientAttributes.TOOL_CALLING_ADVISOR_AUTO_REGISTER.get_key()
_RESERVED_RANGE = (
    Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER,
    ToolCallingAdvisor.DEFAULT_ORDER,
)


def _order_label(order: int) -> str:
    """``HIGHEST_PRECEDENCE + 300`` rather than ``-2147483348``."""
    if order == Ordered.HIGHEST_PRECEDENCE:
        return "HIGHEST_PRECEDENCE"
    if order == Ordered.LOWEST_PRECEDENCE:
        return "LOWEST_PRECEDENCE"
    if 0 < order - Ordered.HIGHEST_PRECEDENCE < 1_000_000:
        return f"HIGHEST_PRECEDENCE + {order - Ordered.HIGHEST_PRECEDENCE}"
    if 0 < Ordered.LOWEST_PRECEDENCE - order < 1_000_000:
        return f"LOWEST_PRECEDENCE - {Ordered.LOWEST_PRECEDENCE - order}"
    return str(order)


@dataclass(frozen=True)
class AdvisorChainExplanation:
    """The advisor chain a request would run, in execution order; ``str()`` is a table.

    Each row says where an advisor runs: ``once per call`` (outside the tool loop),
    ``tool loop`` (the ``ToolAdvisor``, which repeats everything after it) or ``once per
    tool-loop round`` (inside the loop). ``warnings`` flags advisors sharing an order
    (they run in registration order) and user advisors inside the range Spring reserves
    for chat memory and the tool loop (``HIGHEST_PRECEDENCE + 200`` to ``+ 300``).
    """

    @dataclass(frozen=True)
    class Row:
        """One advisor of the chain."""

        position: int
        name: str
        order: int
        paths: str
        runs: str
        advisor: Advisor

    rows: list[AdvisorChainExplanation.Row] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        header = ("#", "advisor", "order", "paths", "runs")
        lines = [(str(r.position), r.name, _order_label(r.order), r.paths, r.runs) for r in self.rows]
        widths = [max(len(cell) for cell in column) for column in zip(header, *lines, strict=False)]
        text = ["  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
                for row in (header, *lines)]
        text.extend(f"warning: {warning}" for warning in self.warnings)
        return "\n".join(text)


def _explain(advisors: list[Any]) -> AdvisorChainExplanation:
    ordered = sort_advisors(advisors)
    tool_index = next((i for i, a in enumerate(ordered) if isinstance(a, ToolAdvisor)), None)
    rows: list[AdvisorChainExplanation.Row] = []
    for index, advisor in enumerate(ordered):
        paths = ", ".join(
            name
            for name, kind in (("call", CallAdvisor), ("stream", StreamAdvisor))
            if isinstance(advisor, kind)
        )
        if tool_index is None or index < tool_index:
            runs = "once per call"
        elif index == tool_index:
            runs = "tool loop (repeats the advisors below each round)"
        else:
            runs = "once per tool-loop round"
        rows.append(AdvisorChainExplanation.Row(index + 1, advisor.get_name(), advisor.get_order(), paths, runs, advisor))
    warnings: list[str] = []
    by_order: dict[int, list[Any]] = {}
    for advisor in ordered:
        if not isinstance(advisor, TerminalAdvisor):
            by_order.setdefault(advisor.get_order(), []).append(advisor)
    for order, group in by_order.items():
        if len(group) > 1:
            names = ", ".join(a.get_name() for a in group)
            warnings.append(
                f"{names} share order {_order_label(order)}: they run in registration order "
                f"({group[0].get_name()} outermost)"
            )
    low, high = _RESERVED_RANGE
    for advisor in ordered:
        builtin = isinstance(advisor, MemoryAdvisor | ToolAdvisor) or type(advisor).__module__.startswith(
            "spring_ai_py."
        )
        if not builtin and low <= advisor.get_order() <= high:
            warnings.append(
                f"{advisor.get_name()} (order {_order_label(advisor.get_order())}) is inside the range "
                f"Spring AI reserves for chat memory ({_order_label(low)}) and the tool loop "
                f"({_order_label(high)}); give it an order outside it"
            )
    return AdvisorChainExplanation(rows, warnings)


class ChatClientRequestSpec:
    """One request being configured: messages, options, advisors; then ``call()`` or
    ``stream()``.

    A spec can be called any number of times; each ``call()`` or
    ``stream()`` assembles a fresh advisor chain and never changes the spec's own
    advisor list.
    """

    def __init__(
        self,
        chat_model: ChatModel,
        tracer_provider: TracerProvider | None = None,
        observation_convention: ChatClientObservationConvention | None = None,
        advisor_observation_convention: AdvisorObservationConvention | None = None,
        tool_calling_advisor_builder: ToolCallingAdvisor.Builder | None = None,
    ) -> None:
        self.chat_model: ChatModel = _checked_chat_model(chat_model)
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
        self.tool_callbacks_list: list[ToolCallback] = []
        self.tool_callback_providers_list: list[ToolCallbackProvider] = []
        self.tool_names_list: list[str] = []
        self.tool_context_map: dict[str, Any] = {}
        self.tool_calling_advisor_builder = tool_calling_advisor_builder
        # Auto-registered ToolCallingAdvisors by conversation_history_enabled, shared by
        # the copies of this spec: the advisor keeps no per-call state, so one instance
        # serves every call instead of being rebuilt each time.
        self._auto_tool_advisors: dict[bool, Advisor] = {}
        self._terminals: tuple[ChatModelCallAdvisor, ChatModelStreamAdvisor] | None = None
        self._chain_cache: dict[tuple[Any, ...], tuple[list[Any], list[Any], list[Any]]] = {}

    # The spec's own containers; a copy gets its own.
    _CONTAINERS = (
        "user_params",
        "user_metadata",
        "system_params",
        "system_metadata",
        "messages_list",
        "media_list",
        "advisors_list",
        "advisor_params",
        "tool_callbacks_list",
        "tool_callback_providers_list",
        "tool_names_list",
        "tool_context_map",
    )

    def _copy(self) -> Self:
        copy = object.__new__(type(self))
        state = copy.__dict__
        state.update(self.__dict__)
        for name in self._CONTAINERS:
            state[name] = state[name].copy()
        if self.options_customizer is not None:
            copy.options_customizer = self.options_customizer.clone()
        return copy

    # -- configuration -----------------------------------------------------------

    def resume(
        self, token: str, approvals: Mapping[str, ToolCallDecision] | None = None
    ) -> Self:
        """Continue a paused or crashed turn (beyond Spring): ``token`` is the one of its
        ``PendingApproval`` (or the turn's ``ToolCallingAdvisor.TURN_TOKEN``);
        ``approvals`` maps each awaiting call id to ``Approve()``, ``Reject(reason)``
        (the model gets the refusal as the tool's result) or ``Edit(arguments)``.
        The request needs the turn's tools (the code that runs them); its messages
        are not used: the turn continues from its saved history."""
        _assert.has_text(token, "token cannot be null or empty")
        decisions = dict(approvals or {})
        for call_id, decision in decisions.items():
            if not isinstance(decision, ToolCallDecision):
                raise TypeError(
                    f"approvals[{call_id!r}] must be Approve(), Reject(reason) or "
                    f"Edit(arguments), got {type(decision).__name__}"
                )
        self.advisor_params[ToolLoopResume.CONTEXT_KEY] = ToolLoopResume(token, decisions)
        return self

    def advisors(self, *advisors: Advisor | Sequence[Advisor] | Callable[[AdvisorSpec], object]) -> Self:
        """Add advisors: ``advisors(a, b)``, ``advisors([a, b])`` or
        ``advisors(lambda a: a.param(k, v).advisors(x))``."""
        consumer = advisors[0] if len(advisors) == 1 else None
        if _is_consumer(consumer):
            assert callable(consumer)
            spec = AdvisorSpec()
            consumer(spec)
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
        for item in items:
            if not isinstance(item, Message):
                hint = " (use user(text) for a text)" if isinstance(item, str) else ""
                raise TypeError(f"messages must be Message objects{hint}, got {type(item).__name__}: {item!r}")
        self.messages_list.extend(items)
        return self

    def options(self, options: ChatOptions | ChatOptionsBuilder) -> Self:
        """Runtime options, merged over the model's defaults field by field."""
        _assert.not_none(options, "customizer cannot be null")
        self.options_customizer = _options_builder(options)
        return self

    def system(
        self,
        text: str | os.PathLike[str] | Callable[[PromptSystemSpec], object] | None,
        charset: str | Unset | None = UNSET,
    ) -> Self:
        """The system text (a template when params are given), a file to read it from
        (``system(Path("system.txt"), charset="utf-8")``, Spring's ``(Resource,
        Charset)``) or a spec callable. A ``str`` is always the text itself."""
        if isinstance(charset, Unset) and _is_consumer(text):
            assert callable(text)
            spec = PromptSystemSpec()
            text(spec)
            if spec.text_value is not None and spec.text_value.strip():
                self.system_text = spec.text_value
            self.system_params.update(spec.params_value)
            self.system_metadata.update(spec.metadata_value)
            return self
        self.system_text = read_text(text, charset)
        return self

    def user(
        self,
        text: str | os.PathLike[str] | Callable[[PromptUserSpec], object] | None,
        charset: str | Unset | None = UNSET,
    ) -> Self:
        """The user text, a file to read it from (``user(Path("q.txt"), charset=...)``)
        or a spec callable (text, params, media, metadata). A ``str`` is always the text
        itself."""
        if isinstance(charset, Unset) and _is_consumer(text):
            assert callable(text)
            spec = PromptUserSpec()
            text(spec)
            if spec.text_value is not None and spec.text_value.strip():
                self.user_text = spec.text_value
            self.user_params.update(spec.params_value)
            self.media_list.extend(spec.media_value)
            self.user_metadata.update(spec.metadata_value)
            return self
        self.user_text = read_text(text, charset)
        return self

    def template_renderer(self, template_renderer: TemplateRenderer) -> Self:
        """The renderer for user and system templates."""
        self.renderer = _assert.not_none(template_renderer, "template_renderer cannot be null")
        return self

    def tools(self, *tool_objects: object) -> Self:
        """Tools for this request: ``ToolCallback``s (a ``tool``-decorated function is
        one), ``ToolCallbackProvider``s, objects with ``tool``-decorated methods, or
        lists of these."""
        _assert.not_none(tool_objects, "tool_objects cannot be null")
        _assert.no_null_elements(tool_objects, "tool_objects cannot contain null elements")
        sources: list[Any] = []
        for tool_object in tool_objects:
            if isinstance(tool_object, list | tuple):
                _assert.no_null_elements(tool_object, "tool_objects collection cannot contain null elements")
                elements: Sequence[Any] = tool_object
            else:
                elements = [tool_object]
            for element in elements:
                if isinstance(element, ToolCallback):
                    self.tool_callbacks_list.append(element)
                elif isinstance(element, ToolCallbackProvider):
                    self.tool_callback_providers_list.append(element)
                else:
                    sources.append(element)
        if sources:
            self.tool_callbacks_list.extend(ToolCallbacks.from_(*sources))
        return self

    def tool_callbacks(self, *tool_callbacks: ToolCallback | ToolCallbackProvider | Sequence[ToolCallback | ToolCallbackProvider]) -> Self:
        """Deprecated in 2.0.0 in favour of :meth:`tools`: callbacks or providers."""
        for item in tool_callbacks:
            for element in item if isinstance(item, list | tuple) else [item]:
                if element is not None and not isinstance(element, ToolCallback | ToolCallbackProvider):
                    raise TypeError(f"{element!r} is neither a ToolCallback nor a ToolCallbackProvider")
        return self.tools(*tool_callbacks)

    def tool_names(self, *tool_names: str | Sequence[str]) -> Self:
        """Deprecated: Spring AI 2.0.1 removed ``toolNames``; pass the tools themselves
        to :meth:`tools`. Still resolves the names through the ``ToolCallingManager``'s
        resolver, and warns."""
        _deprecated("ChatClientRequestSpec.tool_names()", "pass the tools to tools() instead")
        return self._add_tool_names(*tool_names)

    def _add_tool_names(self, *tool_names: str | Sequence[str]) -> Self:
        _assert.not_none(tool_names, "tool_names cannot be null")
        names: list[Any] = []
        for item in tool_names:
            names.extend(item if isinstance(item, list | tuple | set) else [item])
        _assert.no_null_elements(names, "tool_names cannot contain null elements")
        self.tool_names_list.extend(n for n in names if n not in self.tool_names_list)
        return self

    def tool_context(self, tool_context: Mapping[str, object]) -> Self:
        """Entries handed to the tools (never sent to the model)."""
        _assert.not_none(tool_context, "context cannot be null")
        if not isinstance(tool_context, Mapping):
            raise TypeError(f"tool_context must be a mapping, got {type(tool_context).__name__}: {tool_context!r}")
        _assert.no_null_elements(tool_context.keys(), "context keys cannot contain null elements")
        _assert.no_null_elements(tool_context.values(), "context values cannot contain null elements")
        for key in tool_context:
            _assert.has_text(key, "context key cannot be null or empty")
        self.tool_context_map.update(tool_context)
        return self

    def explain(self) -> AdvisorChainExplanation:
        """The advisor chain ``call()``/``stream()`` would run, as a printable table.

        Shows the advisors in execution order with their orders, which run once per call
        and which once per tool-loop round, and warnings about equal orders and advisors
        inside Spring's reserved range. Nothing runs and the spec is not changed.
        """
        return _explain([*self._chain_advisors(), *self._terminal_advisors()])

    def mutate(self) -> ChatClientBuilder:
        """A ChatClient builder whose defaults are this request's settings."""
        builder = ChatClientBuilder(
            self.chat_model,
            self.tracer_provider,
            self.observation_convention,
            self.advisor_observation_convention,
        )
        builder._default_request = self._copy()
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
        can_block = getattr(self.chat_model, "can_stream_blocking", None)
        return StreamResponseSpec(
            self._to_chat_client_request(),
            chain,
            tracer_for(self.tracer_provider),
            self.observation_convention,
            local=can_block is not None and bool(can_block()),
        )

    def _tool_calling_advisor_builder(self) -> ToolCallingAdvisor.Builder:
        if self.tool_calling_advisor_builder is None:
            self.tool_calling_advisor_builder = ToolCallingAdvisor.builder().tool_calling_manager(
                ToolCallingManager.builder().tracer_provider(self.tracer_provider).build()
            )
        return self.tool_calling_advisor_builder

    def _chain_advisors(self) -> list[Advisor]:
        """The advisors of the chain to build, on a copy of the spec's list.

        Spring's ``autoRegisterToolCallingAdvisor``: unless the advisor param
        ``TOOL_CALLING_ADVISOR_AUTO_REGISTER`` is ``False`` or a ``ToolAdvisor`` is
        present, a ``ToolCallingAdvisor`` is added, with its own conversation history
        disabled when a ``MemoryAdvisor`` sits inside the loop (a higher order). Then at
        most one ``ToolAdvisor`` may be present.
        """
        advisors = list(self.advisors_list)
        auto_register = self.advisor_params.get(_AUTO_REGISTER_KEY) is not False
        if auto_register and not any(isinstance(a, ToolAdvisor) for a in advisors):
            builder = self._tool_calling_advisor_builder()
            order = builder.get_advisor_order()
            downstream_memory = any(isinstance(a, MemoryAdvisor) and a.get_order() > order for a in advisors)
            history_enabled = not downstream_memory
            advisor = self._auto_tool_advisors.get(history_enabled)
            if advisor is None:
                advisor = builder.copy().conversation_history_enabled(history_enabled).build()
                self._auto_tool_advisors[history_enabled] = advisor
            advisors.append(advisor)
        tool_advisors = [a for a in advisors if isinstance(a, ToolAdvisor)]
        if len(tool_advisors) > 1:
            names = ", ".join(f"{a.get_name()} (order={a.get_order()})" for a in tool_advisors)
            raise RuntimeError(
                f"At most one ToolAdvisor is allowed in the advisor chain, but found {len(tool_advisors)}: [{names}]"
            )
        return advisors

    def _terminal_advisors(self) -> tuple[ChatModelCallAdvisor, ChatModelStreamAdvisor]:
        """The two model advisors at the bottom of every chain (stateless, built once)."""
        if self._terminals is None:
            self._terminals = (
                ChatModelCallAdvisor(self.chat_model),
                ChatModelStreamAdvisor(self.chat_model),
            )
        return self._terminals

    def _build_advisor_chain(self) -> BaseAdvisorChain:
        """Spring's ``buildAdvisorChain``: the advisors plus the two model terminals.

        The sorted call and stream lists are cached per set of spec advisors (and the
        auto-register switch), so repeated calls of one client skip re-registering,
        re-validating and re-sorting; a chain is still a fresh object per call.
        """
        key = (tuple(map(id, self.advisors_list)), self.advisor_params.get(_AUTO_REGISTER_KEY))
        lists = self._chain_cache.get(key)
        if lists is None:
            ordered = sort_advisors([*self._chain_advisors(), *self._terminal_advisors()])
            lists = (
                [a for a in ordered if isinstance(a, CallAdvisor)],
                [a for a in ordered if isinstance(a, StreamAdvisor)],
                list(self.advisors_list),  # keeps the ids in the key alive
            )
            if len(self._chain_cache) >= _CHAIN_CACHE_SIZE:
                self._chain_cache.clear()
            self._chain_cache[key] = lists
        return DefaultAroundAdvisorChain(
            self.tracer_provider, lists[0], lists[1], self.advisor_observation_convention
        )

    def _render(self, text: str, params: Mapping[str, Any]) -> str:
        if not params:
            return text
        return PromptTemplate(text, params, self.renderer).render()

    def _chat_options(self) -> ChatOptions:
        defaults = self.chat_model.get_options()
        if (
            self.options_customizer is None
            and not self.tool_callbacks_list
            and not self.tool_callback_providers_list
            and not self.tool_names_list
            and not self.tool_context_map
        ):
            return defaults  # options are immutable: nothing to merge, nothing to copy
        builder: ChatOptionsBuilder = defaults.mutate()
        if self.options_customizer is not None:
            builder.combine_with(self.options_customizer)
        builder = self._with_tools(builder)
        options = builder.build()
        assert isinstance(options, ChatOptions)
        return options

    def _with_tools(self, builder: ChatOptionsBuilder) -> ChatOptionsBuilder:
        """The request's tools into the options, as ``DefaultChatClientUtils`` does: the
        callbacks (checked for duplicate names) replace the options' own, the tool
        context is merged in. Unlike Spring, options that are not
        ``ToolCallingChatOptions`` become ``ToolCallingChatOptions`` when the request has
        tools, instead of the tools being silently dropped."""
        callbacks = list(self.tool_callbacks_list)
        for provider in self.tool_callback_providers_list:
            callbacks.extend(provider.get_tool_callbacks())
        if not callbacks and not self.tool_names_list and not self.tool_context_map:
            return builder
        current = builder.build()
        tool_builder = (
            # The builder of a ToolCallingChatOptions is always a ToolCallingChatOptionsBuilder.
            cast(ToolCallingChatOptionsBuilder, builder)
            if isinstance(current, ToolCallingChatOptions)
            else ToolCallingChatOptions.builder().combine_with(current)
        )
        if callbacks:
            ToolCallingChatOptions.validate_tool_callbacks(callbacks)
            tool_builder.tool_callbacks(callbacks)
        if self.tool_names_list:
            tool_builder.tool_names(list(self.tool_names_list))
        if self.tool_context_map:
            tool_builder.tool_context(
                {**(tool_builder.get_value("tool_context") or {}), **self.tool_context_map}
            )
        return tool_builder

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

    def get_tool_callbacks(self) -> list[ToolCallback]:
        return self.tool_callbacks_list

    def get_tool_callback_providers(self) -> list[ToolCallbackProvider]:
        return self.tool_callback_providers_list

    def get_tool_names(self) -> list[str]:
        return self.tool_names_list

    def get_tool_context(self) -> dict[str, Any]:
        return self.tool_context_map

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

    def get_user_metadata(self) -> dict[str, Any]:
        return self.user_metadata

    def get_system_metadata(self) -> dict[str, Any]:
        return self.system_metadata

    def get_template_renderer(self) -> TemplateRenderer | None:
        return self.renderer


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
        tool_calling_advisor_builder: ToolCallingAdvisor.Builder | None = None,
    ) -> ChatClient:
        """A client with no defaults."""
        return ChatClient.builder(
            chat_model,
            tracer_provider,
            observation_convention,
            advisor_observation_convention,
            tool_calling_advisor_builder,
        ).build()

    @staticmethod
    def builder(
        chat_model: ChatModel,
        tracer_provider: TracerProvider | None = None,
        observation_convention: ChatClientObservationConvention | None = None,
        advisor_observation_convention: AdvisorObservationConvention | None = None,
        tool_calling_advisor_builder: ToolCallingAdvisor.Builder | None = None,
    ) -> ChatClientBuilder:
        """A builder for a client over ``chat_model``; spans go to ``tracer_provider``
        (default: the global OpenTelemetry provider).

        ``tool_calling_advisor_builder`` configures the auto-registered
        ``ToolCallingAdvisor``; by default one with a ``ToolCallingManager`` reporting to
        ``tracer_provider``. A given builder is used as is (configure its manager's
        tracer provider yourself)."""
        _checked_chat_model(chat_model)
        return ChatClientBuilder(
            chat_model,
            tracer_provider,
            observation_convention,
            advisor_observation_convention,
            tool_calling_advisor_builder,
        )

    @abstractmethod
    def prompt(self, prompt: str | Prompt | None = None) -> ChatClientRequestSpec:
        """Start a request, optionally from a text or a ``Prompt``."""

    @abstractmethod
    def mutate(self) -> ChatClientBuilder:
        """A builder pre-filled with this client's defaults."""


class DefaultChatClient(ChatClient):
    """The default ChatClient: every request starts as a copy of the defaults."""

    def __init__(self, default_chat_client_request: ChatClientRequestSpec) -> None:
        self._defaults = _assert.not_none(
            default_chat_client_request, "default_chat_client_request cannot be null"
        )
        if not isinstance(default_chat_client_request, ChatClientRequestSpec):
            raise TypeError(
                "default_chat_client_request must be a ChatClientRequestSpec, got "
                f"{type(default_chat_client_request).__name__}"
            )

    def prompt(self, prompt: str | Prompt | None = None) -> ChatClientRequestSpec:
        """A request spec starting from the defaults: ``prompt()``, ``prompt("text")``
        (a user message) or ``prompt(Prompt(...))`` (its messages and options)."""
        spec = self._defaults._copy()
        if prompt is None:
            return spec
        if isinstance(prompt, str):
            _assert.has_text(prompt, "content cannot be null or empty")
            prompt = Prompt(prompt)
        elif not isinstance(prompt, Prompt):
            raise TypeError(
                f"prompt must be a str or a Prompt, got {type(prompt).__name__}: {prompt!r}"
                + (" (wrap messages in Prompt([...]) or use messages(...))" if isinstance(prompt, list) else "")
            )
        spec.messages(prompt.get_instructions())
        options = prompt.get_options()
        if options is not None:
            if spec.options_customizer is not None:
                spec.options_customizer.combine_with(options.mutate())
            else:
                spec.options(options)
        return spec

    def mutate(self) -> ChatClientBuilder:
        """A builder pre-filled with this client's defaults."""
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
        tool_calling_advisor_builder: ToolCallingAdvisor.Builder | None = None,
    ) -> None:
        if tool_calling_advisor_builder is None:
            tool_calling_advisor_builder = ToolCallingAdvisor.builder().tool_calling_manager(
                ToolCallingManager.builder().tracer_provider(tracer_provider).build()
            )
        self._default_request = ChatClientRequestSpec(
            _checked_chat_model(chat_model),
            tracer_provider,
            observation_convention,
            advisor_observation_convention,
            tool_calling_advisor_builder,
        )

    def default_advisors(
        self, *advisors: Advisor | Sequence[Advisor] | Callable[[AdvisorSpec], object]
    ) -> Self:
        """Advisors every request of the built client gets (instances, lists, or a ``lambda a:
        a.param(...)`` spec)."""
        self._default_request.advisors(*advisors)
        return self

    def default_options(self, options: ChatOptions | ChatOptionsBuilder) -> Self:
        """Default chat options (options or an options builder); a request's options override them
        field by field."""
        self._default_request.options(options)
        return self

    def default_user(
        self,
        text: str | os.PathLike[str] | Callable[[PromptUserSpec], object] | None,
        charset: str | Unset | None = UNSET,
    ) -> Self:
        """The default user text, a file to read it from (``(path, charset="utf-8")``,
        Spring's ``(Resource, Charset)``) or a spec callable."""
        self._default_request.user(text, charset)
        return self

    def default_system(
        self,
        text: str | os.PathLike[str] | Callable[[PromptSystemSpec], object] | None,
        charset: str | Unset | None = UNSET,
    ) -> Self:
        """The default system text, a file to read it from or a spec callable."""
        self._default_request.system(text, charset)
        return self

    def default_template_renderer(self, template_renderer: TemplateRenderer) -> Self:
        """The renderer for the user and system templates of every request."""
        self._default_request.template_renderer(template_renderer)
        return self

    def add_messages(self, messages: Sequence[Message]) -> Self:
        """Messages every request starts with (before its own)."""
        self._default_request.messages(list(messages))
        return self

    def default_tools(self, *tool_objects: object) -> Self:
        """Tools for every request (see ``ChatClientRequestSpec.tools``)."""
        self._default_request.tools(*tool_objects)
        return self

    def default_tool_callbacks(self, *tool_callbacks: ToolCallback | ToolCallbackProvider | Sequence[ToolCallback | ToolCallbackProvider]) -> Self:
        """Deprecated in 2.0.0 in favour of :meth:`default_tools`."""
        self._default_request.tool_callbacks(*tool_callbacks)
        return self

    def default_tool_names(self, *tool_names: str | Sequence[str]) -> Self:
        """Deprecated: Spring AI 2.0.1 removed ``defaultToolNames``; pass the tools to
        :meth:`default_tools`. Still resolves the names for every request, and warns."""
        _deprecated("ChatClient.Builder.default_tool_names()", "pass the tools to default_tools() instead")
        self._default_request._add_tool_names(*tool_names)
        return self

    def default_tool_context(self, tool_context: Mapping[str, object]) -> Self:
        """Tool-context entries for every request."""
        self._default_request.tool_context(tool_context)
        return self

    def clone(self) -> ChatClientBuilder:
        """An independent copy of this builder."""
        builder = ChatClientBuilder.__new__(ChatClientBuilder)
        builder._default_request = self._default_request._copy()
        return builder

    def build(self) -> ChatClient:
        """The ``ChatClient`` with these defaults; later changes to the builder do not affect it."""
        return DefaultChatClient(self._default_request._copy())


DefaultChatClientBuilder = ChatClientBuilder
"""Spring's ``DefaultChatClientBuilder``: the same class as ``ChatClient.Builder``
(``DefaultChatClientBuilder(chat_model, tracer_provider, ...)`` works as in Java)."""

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

# Spring's implementation classes nested in ``DefaultChatClient``. The port has one class
# per spec (no interface/implementation split), so each name is that class itself:
# ``DefaultChatClient.DefaultPromptUserSpec()`` builds a ``PromptUserSpec``.
for _java_name, _cls in (
    ("DefaultChatClientRequestSpec", ChatClientRequestSpec),
    ("DefaultCallResponseSpec", CallResponseSpec),
    ("DefaultStreamResponseSpec", StreamResponseSpec),
    ("DefaultPromptUserSpec", PromptUserSpec),
    ("DefaultPromptSystemSpec", PromptSystemSpec),
    ("DefaultAdvisorSpec", AdvisorSpec),
    ("DefaultEntityParamSpec", EntityParamSpec),
):
    setattr(DefaultChatClient, _java_name, _cls)
