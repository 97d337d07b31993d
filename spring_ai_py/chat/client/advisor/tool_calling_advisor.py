"""``ToolCallingAdvisor``: the tool-call loop, run inside the advisor chain."""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Generator,
    Iterator,
    Mapping,
    Sequence,
)
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Self, TypeVar, cast

from spring_ai_py import _assert, _builder
from spring_ai_py._bridge import run_blocking
from spring_ai_py._builder import Buildable
from spring_ai_py._lazy import lazy_singleton
from spring_ai_py._observation import SKIP, Relay, Skip
from spring_ai_py.chat.client.advisor import _durable_turn
from spring_ai_py.chat.client.advisor.advisor_utils import (
    TOOL_LOOP_SCOPE_KEY,
    TOOL_LOOP_TOKEN_KEY,
    TOOL_LOOP_USER_MESSAGE_KEY,
)
from spring_ai_py.chat.client.advisor.api.advisor import CallAdvisor, StreamAdvisor, ToolAdvisor
from spring_ai_py.chat.client.advisor.usage_accumulator import UsageAccumulator
from spring_ai_py.chat.client.events import EVENT_LISTENER, ToolCallEvents, event_listener_of
from spring_ai_py.chat.client.message_aggregator import ChatClientStreamAggregation
from spring_ai_py.chat.client.records import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.messages import AssistantMessage, Message
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.core import Ordered
from spring_ai_py.model.tool import (
    DefaultToolCallingManager,
    PendingApproval,
    ToolCallingChatOptions,
    ToolCallingManager,
    ToolCallLimitExceededException,
    ToolCallListener,
    ToolExecutionEligibilityChecker,
    ToolExecutionResult,
    ToolLoopPausedException,
)
from spring_ai_py.model.tool.internal import ToolCallContextHolder
from spring_ai_py.model.tool.internal.tool_batch_control import (
    ToolBatchControl,
    bound_batch_control,
)
from spring_ai_py.model.tool.tool_loop_state import (
    LoopPhase,
    ToolLoopResume,
    ToolLoopSnapshot,
    ToolLoopStateRepository,
)

if TYPE_CHECKING:
    from spring_ai_py.chat.client.advisor.api.chain import CallAdvisorChain, StreamAdvisorChain

CheckerLike = ToolExecutionEligibilityChecker | Callable[[ChatResponse], Any]


def assemble_tool_calls(
    tool_calls: Sequence[AssistantMessage.ToolCall],
) -> list[AssistantMessage.ToolCall]:
    """Join streamed tool-call fragments into whole calls, keeping the model's order.

    A fragment continues the previous call when it has no name and no (or the same) id,
    or when it repeats the previous call's id; its arguments are appended. Complete
    calls pass through unchanged.
    """
    assembled: list[AssistantMessage.ToolCall] = []
    for call in tool_calls:
        if assembled:
            previous = assembled[-1]
            continues = (not call.name and (not call.id or call.id == previous.id)) or (
                bool(call.id)
                and call.id == previous.id
                and (not call.name or call.name == previous.name)
            )
            if continues:
                assembled[-1] = AssistantMessage.ToolCall(
                    previous.id or call.id,
                    previous.type or call.type,
                    previous.name or call.name,
                    previous.arguments + call.arguments,
                )
                continue
        assembled.append(call)
    return assembled


def _with_assembled_tool_calls(chat_response: ChatResponse | None) -> ChatResponse | None:
    if chat_response is None:
        return None
    generations = chat_response.get_results()
    changed = False
    rebuilt: list[Generation] = []
    for generation in generations:
        output = generation.get_output()
        calls = output.get_tool_calls()
        assembled = assemble_tool_calls(calls)
        if assembled != calls:
            changed = True
            generation = Generation(
                output.mutate().tool_calls(assembled).build(), generation.get_metadata()
            )
        rebuilt.append(generation)
    if not changed:
        return chat_response
    return ChatResponse(rebuilt, chat_response.get_metadata())


def _index_of(messages: list[Message], message: Message) -> int | None:
    for index, candidate in enumerate(messages):
        if candidate is message:
            return index
    for index, candidate in enumerate(messages):
        if candidate == message:
            return index
    return None


def _outside_loop(context: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``context`` without the loop-private scope (what leaves the loop)."""
    return {key: value for key, value in context.items() if key != TOOL_LOOP_SCOPE_KEY}


def _no_tools_to_resume(request: ChatClientRequest) -> None:
    if ToolLoopResume.CONTEXT_KEY in request.context:
        raise ValueError(
            "Resuming a tool loop needs the turn's tools on the request "
            "(tools(...), tool_callbacks(...) or the client's defaults)"
        )


def _asking_message(chat_response: ChatResponse) -> AssistantMessage:
    """The message of the response that asks for tools (the manager runs its calls)."""
    for generation in chat_response.get_results():
        if generation.get_output().get_tool_calls():
            return generation.get_output()
    return chat_response.get_result().get_output()  # type: ignore[union-attr]


def _is_default_checker(chat_response: ChatResponse) -> bool:
    return chat_response is not None and chat_response.has_tool_calls()


class _Hooks(NamedTuple):
    """The ``do_*`` hooks of one path (call or stream) the loop calls."""

    initialize: Callable[[ChatClientRequest, Any], ChatClientRequest]
    before: Callable[[ChatClientRequest, Any], ChatClientRequest]
    before_name: str
    after: Callable[[ChatClientResponse, Any], ChatClientResponse]
    next_instructions: Callable[
        [ChatClientRequest, ChatClientResponse, ToolExecutionResult], list[Message]
    ]


@dataclass(slots=True)
class _ModelRound:
    """Run the rest of the chain with ``request``; send back the round's response."""

    request: ChatClientRequest
    previous_usage: ChatResponse | None
    """The usage of the earlier rounds (the stream driver adds it to chunks)."""


@dataclass(slots=True)
class _ToolRound:
    """Run the tool calls of ``chat_response`` (``prompt``: the turn's history so far)
    with ``context`` bound as the tool context; send back the outcome."""

    prompt: Prompt
    chat_response: ChatResponse
    context: dict[str, Any]
    control: ToolBatchControl | None = None
    """What the durable loop tells the manager (settled calls, edits, approvals)."""


@dataclass(slots=True)
class _LoopEnd:
    """How the loop ended: with an answer, or early (return-direct, a limit breach)."""

    ended_early: bool
    last: ChatClientResponse
    """The last round's response, after the ``do_after_*`` hook."""
    final: ChatClientResponse
    """What leaves the loop: total usage, the loop's context without its private scope."""
    accumulated: ChatResponse | None


ToolOutcome = ToolExecutionResult | ToolCallLimitExceededException | ToolLoopPausedException
_ToolLoop = Generator[_ModelRound | _ToolRound, ChatClientResponse | ToolOutcome | None, _LoopEnd]


_HOOKS = (
    "do_initialize_loop",
    "do_before_call",
    "do_after_call",
    "do_get_next_instructions_for_tool_call",
    "do_initialize_loop_stream",
    "do_before_stream",
    "do_after_stream",
    "do_get_next_instructions_for_tool_call_stream",
    "do_finalize_loop",
)


def _resume(loop: _ToolLoop, value: ChatClientResponse | ToolOutcome | None) -> _ModelRound | _ToolRound | _LoopEnd:
    """Send ``value`` into the loop; its next step, or its end."""
    try:
        return loop.send(value)
    except StopIteration as stop:
        end: _LoopEnd = stop.value
        return end


@contextlib.contextmanager
def _limit_as_outcome() -> Iterator[list[ToolOutcome]]:
    """Collects a tool round's outcome; a limit breach or a pause is an outcome, not an
    error."""
    outcome: list[ToolOutcome] = []
    try:
        yield outcome
    except (ToolCallLimitExceededException, ToolLoopPausedException) as ended:
        outcome.append(ended)


class _ToolFreeStream(Relay[ChatClientResponse, ChatClientResponse]):
    """The stream of a request on which no tool can be called: the rest of the chain's
    stream passed on item by item, without the tool loop's generators, context copies
    and aggregation (thousands of such streams can be in flight, each waiting for its
    model's first byte).

    It does what the loop does with such a round: chunks without a chat response are
    dropped, and a round the model answers with tool calls all the same fails as the
    loop's tool round would (no tool to run: the ``RuntimeError`` naming the first
    call), after the rest of the round, its chunks without tool calls passed on first.
    """

    __slots__ = ("_ended", "_failure", "_held", "_inner")

    def __init__(self, inner: AsyncIterator[ChatClientResponse]) -> None:
        self._inner = inner
        self._ended = False
        # The round's chunks from the first one that carries tool calls on.
        self._held: list[ChatClientResponse] | None = None
        self._failure: RuntimeError | None = None

    def _next(self) -> Awaitable[ChatClientResponse]:
        if self._ended:
            return self._tail()
        return self._inner.__anext__()

    async def aclose(self) -> None:
        aclose = getattr(self._inner, "aclose", None)
        if aclose is not None:
            await aclose()

    def _item(self, item: ChatClientResponse) -> ChatClientResponse | Skip:
        if self._ended:
            return item
        chat_response = item.chat_response
        if chat_response is None:
            return SKIP
        held = self._held
        if held is None and not chat_response.has_tool_calls():
            return item
        if held is None:
            held = self._held = []
        held.append(item)
        return SKIP

    def _stopped(self) -> Awaitable[ChatClientResponse] | None:
        if self._ended or self._held is None:
            self._ended = True
            return None
        # The round asked for tools: what is left to pass on, then the tool round's failure.
        self._ended = True
        held = self._held
        aggregation = ChatClientStreamAggregation()
        for chunk in held:
            aggregation.add(chunk)
        asking = _with_assembled_tool_calls(aggregation.result().chat_response)
        assert asking is not None
        name = _asking_message(asking).get_tool_calls()[0].name
        self._failure = RuntimeError(f"No ToolCallback found for tool name: {name}")
        self._held = [c for c in held if not c.chat_response.has_tool_calls()]  # type: ignore[union-attr]
        return self._tail()

    async def _tail(self) -> ChatClientResponse:
        if self._held:
            return self._held.pop(0)
        failure, self._failure = self._failure, None
        if failure is not None:
            raise failure
        raise StopAsyncIteration


@lazy_singleton
def _default_tool_calling_manager() -> ToolCallingManager:
    """The manager of builders not given one; it keeps no per-call state, so one serves all."""
    return ToolCallingManager.builder().build()


AdvisorT = TypeVar("AdvisorT", bound="ToolCallingAdvisor")


class _ToolCallingAdvisorBuilder(_builder.Builder[AdvisorT]):
    """Builds a ``ToolCallingAdvisor`` (Spring's defaults until set); subclasses override
    :meth:`new_copy`, :meth:`copy` and :meth:`build` to keep their own type."""

    __slots__ = ()

    def __init__(
        self, cls: type[AdvisorT] | None = None, values: Mapping[str, object] | None = None
    ) -> None:
        # ``Builder()`` without a class (Spring's subclassed builders) builds a ToolCallingAdvisor.
        super().__init__(cls if cls is not None else cast("type[AdvisorT]", ToolCallingAdvisor), values)
        defaults: dict[str, object] = {
            "tool_execution_eligibility_checker": (
                ToolCallingAdvisor.DEFAULT_TOOL_EXECUTION_ELIGIBILITY_CHECKER
            ),
            "advisor_order": ToolCallingAdvisor.DEFAULT_ORDER,
            "conversation_history_enabled": True,
            "tool_loop_state_repository": None,
            "tool_call_listener": None,
        }
        for name, value in defaults.items():
            self._values.setdefault(name, value)
        if "tool_calling_manager" not in self._values:
            self._values["tool_calling_manager"] = _default_tool_calling_manager()

    def tool_calling_manager(self, tool_calling_manager: ToolCallingManager | None, /) -> Self:
        if tool_calling_manager is not None:
            _assert.instance_of(tool_calling_manager, ToolCallingManager, "tool_calling_manager")
        self._values["tool_calling_manager"] = tool_calling_manager
        return self

    def tool_execution_eligibility_checker(self, checker: CheckerLike | None, /) -> Self:
        """What counts as a tool-call response (default: any tool calls); a checker
        or a callable ``ChatResponse -> bool``."""
        self._values["tool_execution_eligibility_checker"] = checker
        return self

    def disable_internal_conversation_history(self) -> Self:
        """Send only the latest tool results each round; a memory advisor inside the
        loop must provide the rest of the history."""
        self._values["conversation_history_enabled"] = False
        return self

    def tool_loop_state_repository(self, repository: ToolLoopStateRepository | None, /) -> Self:
        """Save the turn at every round boundary (beyond Spring): a turn cut off by
        a crash resumes from its token in any process reaching the repository.
        Without one, only paused turns are kept, in this process's memory."""
        if repository is not None:
            _assert.instance_of(repository, ToolLoopStateRepository, "tool_loop_state_repository")
        self._values["tool_loop_state_repository"] = repository
        return self

    def tool_call_listener(self, listener: ToolCallListener | None, /) -> Self:
        """Hear every tool call the loop's manager runs, as it starts and finishes
        (beyond Spring; for progress UIs and event streams)."""
        if listener is not None:
            _assert.instance_of(listener, ToolCallListener, "tool_call_listener")
        self._values["tool_call_listener"] = listener
        return self

    def get_tool_loop_state_repository(self) -> ToolLoopStateRepository | None:
        return cast("ToolLoopStateRepository | None", self._values["tool_loop_state_repository"])

    def get_tool_call_listener(self) -> ToolCallListener | None:
        return cast("ToolCallListener | None", self._values["tool_call_listener"])

    def get_tool_calling_manager(self) -> ToolCallingManager | None:
        return cast("ToolCallingManager | None", self._values["tool_calling_manager"])

    def get_advisor_order(self) -> int:
        return cast("int", self._values["advisor_order"])

    def get_tool_execution_eligibility_checker(self) -> CheckerLike | None:
        return cast("CheckerLike | None", self._values["tool_execution_eligibility_checker"])

    def is_conversation_history_enabled(self) -> bool:
        return cast("bool", self._values["conversation_history_enabled"])

    def new_copy(self) -> Self:
        """A blank builder of this builder's own type (for :meth:`copy`)."""
        return type(self)(self._cls)

    def copy(self) -> Self:
        """A builder with the same settings, to derive per-call variants from."""
        copy = self.new_copy()
        copy._values.update(self._values)
        return copy


class ToolCallingAdvisor(CallAdvisor, StreamAdvisor, ToolAdvisor, Buildable):
    """Runs the tool-call loop as part of the advisor chain.

    Each round calls the rest of the chain (``chain.copy(self)``), so every advisor
    with a higher order — inside the loop — sees every model call. When the response
    asks for tools (the eligibility checker decides), the ``ToolCallingManager`` runs
    them and the loop calls the model again with the results, until the model answers
    without tool calls. The tool results go to the caller instead when every tool of the
    batch is ``return_direct``; a tool-call limit breach ends the loop with one
    generation describing it. Token usage is summed over the rounds. Requests whose
    options are not ``ToolCallingChatOptions`` pass straight through.

    With ``conversation_history_enabled`` (the default) each round sends the whole
    history of the turn; without it only the system message and the latest tool
    results are sent, for a memory advisor inside the loop to add the rest.

    On the stream path the chunks of each round are passed on as they arrive, except
    the ones carrying tool calls; the tool calls of a round are assembled from the
    streamed fragments before they run.

    Beyond Spring 2.0.1: context written inside the loop carries
    to the next round and back to the caller; messages a subclass adds to the next
    round's instructions stay in the turn's history; and no chunk carrying tool calls
    that were executed ever leaves the loop, so a memory advisor outside it never
    stores a tool call without its result.

    Beyond Spring, opt-in: a tool call its tool (or the manager) gates, or an
    ``ENVIRONMENT`` failure under ``on_environment_error("pause")``, ends the loop with a
    response whose ``pending_approval`` says what waits for a person; a request made
    with ``client.prompt().resume(token, approvals)`` continues the turn. With a
    ``tool_loop_state_repository`` the turn is saved at every boundary (before each
    model call, when tools are asked for, as each call starts and finishes, at the
    end), so it resumes in another process after a crash. A ``tool_call_listener``
    hears every tool call start and finish.

    Subclasses customise the loop through the ``do_*`` hooks.
    """

    DEFAULT_ORDER: ClassVar[int] = Ordered.HIGHEST_PRECEDENCE + 300
    TURN_TOKEN: ClassVar[str] = TOOL_LOOP_TOKEN_KEY
    """Advisor param naming a durable turn's token (else one is generated); the
    response context of a turn with state carries it too."""
    DEFAULT_TOOL_EXECUTION_ELIGIBILITY_CHECKER: ClassVar[ToolExecutionEligibilityChecker] = (
        ToolExecutionEligibilityChecker.of(_is_default_checker)
    )

    def __init__(
        self,
        tool_calling_manager: ToolCallingManager,
        tool_execution_eligibility_checker: CheckerLike,
        advisor_order: int,
        conversation_history_enabled: bool,
        tool_loop_state_repository: ToolLoopStateRepository | None = None,
        tool_call_listener: ToolCallListener | None = None,
    ) -> None:
        _assert.not_none(tool_calling_manager, "tool_calling_manager must not be null")
        if tool_call_listener is not None:
            _assert.instance_of(tool_call_listener, ToolCallListener, "tool_call_listener")
        if tool_loop_state_repository is not None:
            _assert.instance_of(
                tool_loop_state_repository, ToolLoopStateRepository, "tool_loop_state_repository"
            )
        _assert.not_none(
            tool_execution_eligibility_checker,
            "tool_execution_eligibility_checker must not be null",
        )
        _assert.is_true(
            Ordered.HIGHEST_PRECEDENCE < advisor_order < Ordered.LOWEST_PRECEDENCE,
            "advisor_order must be between HIGHEST_PRECEDENCE and LOWEST_PRECEDENCE",
        )
        self.tool_calling_manager = tool_calling_manager
        self._checker = ToolExecutionEligibilityChecker.of(tool_execution_eligibility_checker)
        self._advisor_order = advisor_order
        self._conversation_history_enabled = conversation_history_enabled
        # Hooks a subclass overrides may block (ToolSearch indexes the tools, which can
        # embed them): on the async paths the loop then advances off the event loop.
        # So do the saves of a durable loop (database writes).
        self._state_repository = tool_loop_state_repository
        self._tool_call_listener = tool_call_listener
        self._hooks_may_block = tool_loop_state_repository is not None or any(
            getattr(type(self), name) is not getattr(ToolCallingAdvisor, name) for name in _HOOKS
        )

    @classmethod
    def builder(cls) -> ToolCallingAdvisor.Builder:
        """A builder (tool calling manager, order, conversation history, eligibility checker)."""
        return ToolCallingAdvisor.Builder(ToolCallingAdvisor)

    def get_name(self) -> str:
        return "Tool Calling Advisor"

    def get_order(self) -> int:
        return self._advisor_order

    def is_conversation_history_enabled(self) -> bool:
        return self._conversation_history_enabled

    def get_tool_execution_eligibility_checker(self) -> ToolExecutionEligibilityChecker:
        return self._checker

    def get_tool_loop_state_repository(self) -> ToolLoopStateRepository | None:
        return self._state_repository

    def get_tool_call_listener(self) -> ToolCallListener | None:
        return self._tool_call_listener

    # -- shared helpers ------------------------------------------------------------

    @staticmethod
    def _tool_options(request: ChatClientRequest, hook: str) -> ToolCallingChatOptions:
        options = request.prompt.get_options()
        _assert.state(
            isinstance(options, ToolCallingChatOptions),
            f"{hook} must not change the options type away from ToolCallingChatOptions",
        )
        assert isinstance(options, ToolCallingChatOptions)
        return options

    @staticmethod
    def _with_context(response: ChatClientResponse, context: dict[str, Any]) -> ChatClientResponse:
        """``response`` carrying ``context``, without the loop-private scope."""
        public = _outside_loop(context)
        if response.context == public:
            return response
        return ChatClientResponse(response.chat_response, public)

    @staticmethod
    def _replace_generations(
        response: ChatClientResponse, chat_response: ChatResponse, generations: list[Generation]
    ) -> ChatClientResponse:
        replaced = ChatResponse.builder().from_(chat_response).generations(generations).build()
        return response.mutate().chat_response(replaced).build()

    def _turn_history(
        self,
        default_instructions: list[Message],
        next_instructions: list[Message],
        conversation_history: list[Message],
    ) -> list[Message]:
        """The turn's history with the messages a hook added to the next instructions
        (anything the default instructions do not have) kept in place."""
        injected = {id(m) for m in next_instructions if m not in default_instructions}
        if not injected:
            return conversation_history
        history = list(conversation_history)
        anchor = -1
        for message in next_instructions:
            if id(message) in injected:
                anchor += 1
                history.insert(anchor, message)
                continue
            position = _index_of(history, message)
            if position is not None:
                anchor = position
        return history

    def _default_next_instructions(
        self, request: ChatClientRequest, result: ToolExecutionResult
    ) -> list[Message]:
        """Both paths' default next instructions (what the hooks return unless overridden)."""
        history = result.conversation_history
        if not self._conversation_history_enabled:
            if not history:
                return history
            return [request.prompt.get_system_message(), history[-1]]
        return history

    def _next_round(
        self,
        next_instructions: list[Message],
        request: ChatClientRequest,
        result: ToolExecutionResult,
    ) -> list[Message]:
        default = self._default_next_instructions(request, result)
        return self._turn_history(default, next_instructions, result.conversation_history)

    # -- the loop, written once -------------------------------------------------------

    def _loop(
        self,
        chat_client_request: ChatClientRequest,
        chain: CallAdvisorChain | StreamAdvisorChain,
        options: ToolCallingChatOptions,
        hooks: _Hooks,
    ) -> _ToolLoop:
        """The tool loop as a state machine, independent of how rounds are run.

        It yields a :class:`_ModelRound` (the driver runs the rest of the chain with its
        request and sends back the round's response, aggregated on the stream path)
        and a :class:`_ToolRound` (the driver runs the tool calls and sends back the
        ``ToolExecutionResult``, or the ``ToolCallLimitExceededException``); it returns
        a :class:`_LoopEnd`. The call, async-call and stream drivers only run rounds.
        """
        request = hooks.initialize(chat_client_request, chain)
        resume = request.context.get(ToolLoopResume.CONTEXT_KEY)
        if resume is not None and not isinstance(resume, ToolLoopResume):
            raise TypeError(f"{ToolLoopResume.CONTEXT_KEY} must be a ToolLoopResume")
        recorder = self._recorder(request.context, resume)
        listener = self._listener_for(request.context)
        instructions = request.prompt.get_instructions()
        # The whole history of this turn, whatever the forwarded instructions are trimmed
        # to: the manager counts the turn's tool calls from it.
        full_turn_history = instructions
        loop_context = dict(request.context)
        loop_context.pop(ToolLoopResume.CONTEXT_KEY, None)
        loop_context.pop(EVENT_LISTENER, None)
        loop_context[TOOL_LOOP_SCOPE_KEY] = {}
        if recorder is not None and resume is None:
            loop_context[TOOL_LOOP_USER_MESSAGE_KEY] = (
                request.prompt.get_last_user_or_tool_response_message()
            )
        usage = UsageAccumulator()
        # A batch to run before the next model call (a resumed turn's).
        batch: tuple[ChatClientResponse, ToolBatchControl | None] | None = None
        if resume is not None:
            assert recorder is not None
            snapshot = self._snapshot_to_resume(recorder, resume)
            loop_context = {**loop_context, **snapshot.context}
            loop_context.setdefault(TOOL_LOOP_SCOPE_KEY, {})
            full_turn_history = snapshot.messages
            instructions = snapshot.instructions or snapshot.messages
            if snapshot.phase is LoopPhase.COMPLETED:
                assert snapshot.final_message is not None
                done = ChatClientResponse(
                    ChatResponse([Generation(snapshot.final_message)]), loop_context
                )
                return _LoopEnd(
                    False, done, self._leaving(done, loop_context, recorder, snapshot.messages), None
                )
            if snapshot.phase is not LoopPhase.MODEL:
                resumed = self._resumed_batch(snapshot, resume, options, recorder, listener)
                if isinstance(resumed, ToolLoopPausedException):
                    paused = self._paused(resumed, recorder, full_turn_history, instructions, loop_context)
                    return _LoopEnd(True, paused, paused, None)
                batch = resumed
        while True:
            processed = ChatClientRequest(Prompt(instructions, options), loop_context)
            if batch is None:
                processed = hooks.before(processed, chain)
                options = self._tool_options(processed, hooks.before_name)
                if recorder is not None:
                    recorder.at_model(full_turn_history, instructions, loop_context)
                round_response = yield _ModelRound(processed, usage.accumulated_response())
                assert isinstance(round_response, ChatClientResponse)
                response = hooks.after(round_response, chain)
                loop_context.update(response.context)
                chat_response = response.chat_response
                accumulated = usage.add_round_response(chat_response)
                if not self._checker.is_tool_call_response(chat_response):
                    final = self._leaving(
                        usage.apply_accumulated_usage(response),
                        loop_context,
                        recorder,
                        full_turn_history,
                    )
                    return _LoopEnd(False, response, final, accumulated)
                assert chat_response is not None
                if recorder is not None:
                    asking = _asking_message(chat_response)
                    recorder.at_tools(full_turn_history, instructions, loop_context, asking)
                control = _durable_turn.batch_control(listener, recorder)
            else:
                response, control = batch
                batch = None
                chat_response = response.chat_response
                assert chat_response is not None
                accumulated = usage.add_round_response(None)
            outcome = yield _ToolRound(
                Prompt(full_turn_history, options), chat_response, loop_context, control
            )
            if isinstance(outcome, ToolLoopPausedException):
                loop_context.setdefault(
                    TOOL_LOOP_USER_MESSAGE_KEY,
                    request.prompt.get_last_user_or_tool_response_message(),
                )
                paused = self._paused(outcome, recorder, full_turn_history, instructions, loop_context)
                return _LoopEnd(True, response, paused, accumulated)
            if isinstance(outcome, ToolCallLimitExceededException):
                ended = self._replace_generations(response, chat_response, [outcome.build_generation()])
            elif isinstance(outcome, ToolExecutionResult) and outcome.return_direct:
                generations = ToolExecutionResult.build_generations(outcome)
                ended = self._replace_generations(response, chat_response, generations)
            else:
                assert isinstance(outcome, ToolExecutionResult)
                next_instructions = hooks.next_instructions(processed, response, outcome)
                full_turn_history = self._next_round(next_instructions, processed, outcome)
                instructions = next_instructions
                continue
            final = self._leaving(
                usage.apply_accumulated_usage(ended), loop_context, recorder, full_turn_history
            )
            return _LoopEnd(True, response, final, accumulated)

    # -- pause, resume and durable state (beyond Spring) ---------------------------

    def _listener_for(self, context: dict[str, Any]) -> ToolCallListener | None:
        """What hears the turn's tool calls: the advisor's ``tool_call_listener`` and the
        request's event listener (``EVENT_LISTENER``, set by ``stream().events()``)."""
        events = event_listener_of(context)
        if events is None:
            return self._tool_call_listener
        heard = ToolCallEvents(events)
        if self._tool_call_listener is None:
            return heard
        return _durable_turn.ListenerPair(self._tool_call_listener, heard)

    def _recorder(
        self, context: dict[str, Any], resume: ToolLoopResume | None
    ) -> _durable_turn.TurnRecorder | None:
        """The turn's recorder: every turn has one with a repository configured; without
        one, a turn gets one only when it resumes (a pause creates it then)."""
        repository = self._state_repository
        if repository is None and resume is None:
            return None
        token = _durable_turn.turn_token(context, resume)
        return _durable_turn.TurnRecorder(
            repository or _durable_turn.default_state_repository(), token, repository is not None
        )

    @staticmethod
    def _snapshot_to_resume(
        recorder: _durable_turn.TurnRecorder, resume: ToolLoopResume
    ) -> ToolLoopSnapshot:
        snapshot = recorder.repository.find(resume.token)
        if snapshot is None:
            raise ValueError(f"No tool loop state found for token: {resume.token}")
        if snapshot.phase is not LoopPhase.PAUSED and resume.approvals:
            raise ValueError(
                f"The turn {resume.token} is not paused for approval; resume it without approvals"
            )
        return snapshot

    def _resumed_batch(
        self,
        snapshot: ToolLoopSnapshot,
        resume: ToolLoopResume,
        options: ToolCallingChatOptions,
        recorder: _durable_turn.TurnRecorder,
        listener: ToolCallListener | None,
    ) -> tuple[ChatClientResponse, ToolBatchControl | None] | ToolLoopPausedException:
        """The batch a resumed turn runs first, or the pause it reports instead."""
        assistant = snapshot.assistant_message
        assert assistant is not None
        manager = self.tool_calling_manager
        callbacks = (
            manager.resolve_tool_callbacks(options)
            if isinstance(manager, DefaultToolCallingManager)
            else list(options.tool_callbacks or [])
        )
        idempotent = {
            c.get_tool_definition().name: c.get_tool_metadata().idempotent for c in callbacks
        }
        settled = _durable_turn.resume_batch(snapshot, resume.approvals, idempotent)
        if settled.interrupted is not None:
            return settled.interrupted
        context = dict(snapshot.context)
        assistant = settled.assistant_message
        recorder.at_tools(
            snapshot.messages,
            snapshot.instructions or snapshot.messages,
            context,
            assistant,
            settled.records,
        )
        control = _durable_turn.batch_control(
            listener, recorder, settled.results, settled.approved
        )
        response = ChatClientResponse(ChatResponse([Generation(assistant)]), context)
        return response, control

    def _paused(
        self,
        pause: ToolLoopPausedException,
        recorder: _durable_turn.TurnRecorder | None,
        messages: list[Message],
        instructions: list[Message],
        loop_context: dict[str, Any],
    ) -> ChatClientResponse:
        """The response of a paused turn: one generation without text or tool calls
        (finish reason ``pendingApproval``), the ``PendingApproval`` in its context."""
        if recorder is None:
            token = _durable_turn.turn_token(loop_context, None)
            recorder = _durable_turn.TurnRecorder(
                _durable_turn.default_state_repository(), token, False
            )
        pending = recorder.at_pause(pause, messages, instructions, loop_context)
        metadata = ChatGenerationMetadata.builder().finish_reason(PendingApproval.FINISH_REASON).build()
        context = _outside_loop(loop_context)
        context.pop(TOOL_LOOP_USER_MESSAGE_KEY, None)
        context[PendingApproval.CONTEXT_KEY] = pending
        context[TOOL_LOOP_TOKEN_KEY] = pending.token
        return ChatClientResponse(
            ChatResponse([Generation(AssistantMessage(""), metadata)]), context
        )

    def _leaving(
        self,
        response: ChatClientResponse,
        loop_context: dict[str, Any],
        recorder: _durable_turn.TurnRecorder | None,
        history: list[Message],
    ) -> ChatClientResponse:
        """What leaves the loop at its end; a durable turn records its completion and
        names its token in the context."""
        final = self._with_context(response, loop_context)
        if recorder is None:
            return final
        recorder.finished()
        chat_response = final.chat_response
        generation = chat_response.get_result() if chat_response is not None else None
        if recorder.durable and generation is not None:
            recorder.at_completion(history, loop_context, generation.get_output())
        context = dict(final.context)
        context[TOOL_LOOP_TOKEN_KEY] = recorder.token
        return ChatClientResponse(final.chat_response, context)

    def _run_tools(self, step: _ToolRound) -> ToolOutcome:
        """A tool round on the blocking path."""
        with (
            ToolCallContextHolder.bound(step.context),
            bound_batch_control(step.control),
            _limit_as_outcome() as outcome,
        ):
            outcome.append(self.tool_calling_manager.execute_tool_calls(step.prompt, step.chat_response))
        return outcome[0]

    async def _arun_tools(self, step: _ToolRound) -> ToolOutcome:
        """A tool round on the event loop (``async def`` tools awaited, others on an executor)."""
        with (
            ToolCallContextHolder.bound(step.context),
            bound_batch_control(step.control),
            _limit_as_outcome() as outcome,
        ):
            outcome.append(
                await self.tool_calling_manager.aexecute_tool_calls(step.prompt, step.chat_response)
            )
        return outcome[0]

    # -- call path -----------------------------------------------------------------

    def _call_hooks(self) -> _Hooks:
        return _Hooks(
            self.do_initialize_loop,
            self.do_before_call,
            "do_before_call",
            self.do_after_call,
            self.do_get_next_instructions_for_tool_call,
        )

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        _assert.not_none(call_advisor_chain, "call_advisor_chain must not be null")
        _assert.not_none(chat_client_request, "chat_client_request must not be null")
        options = chat_client_request.prompt.get_options()
        if not isinstance(options, ToolCallingChatOptions):
            _no_tools_to_resume(chat_client_request)
            return call_advisor_chain.next_call(chat_client_request)
        loop = self._loop(chat_client_request, call_advisor_chain, options, self._call_hooks())
        with contextlib.closing(loop):
            step = _resume(loop, None)
            while not isinstance(step, _LoopEnd):
                if isinstance(step, _ModelRound):
                    step = _resume(loop, call_advisor_chain.copy(self).next_call(step.request))
                else:
                    step = _resume(loop, self._run_tools(step))
        return self.do_finalize_loop(step.final, call_advisor_chain)

    async def aadvise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        """The same loop, each round awaited on the event loop; cancelling the awaiting
        task cancels the round in flight (the model request or the tool calls)."""
        _assert.not_none(call_advisor_chain, "call_advisor_chain must not be null")
        _assert.not_none(chat_client_request, "chat_client_request must not be null")
        options = chat_client_request.prompt.get_options()
        if not isinstance(options, ToolCallingChatOptions):
            _no_tools_to_resume(chat_client_request)
            return await call_advisor_chain.anext_call(chat_client_request)
        loop = self._loop(chat_client_request, call_advisor_chain, options, self._call_hooks())
        with contextlib.closing(loop):
            step = await self._aresume(loop, None)
            while not isinstance(step, _LoopEnd):
                if isinstance(step, _ModelRound):
                    response = await call_advisor_chain.copy(self).anext_call(step.request)
                    step = await self._aresume(loop, response)
                else:
                    step = await self._aresume(loop, await self._arun_tools(step))
        if self._hooks_may_block:
            return await run_blocking(None, self.do_finalize_loop, step.final, call_advisor_chain)
        return self.do_finalize_loop(step.final, call_advisor_chain)

    async def _aresume(
        self, loop: _ToolLoop, value: ChatClientResponse | ToolOutcome | None
    ) -> _ModelRound | _ToolRound | _LoopEnd:
        """:func:`_resume` from async code: off the event loop when a subclass's hooks
        may block (the loop's own steps never do)."""
        if self._hooks_may_block:
            return await run_blocking(None, _resume, loop, value)
        return _resume(loop, value)

    def do_get_next_instructions_for_tool_call(
        self,
        chat_client_request: ChatClientRequest,
        chat_client_response: ChatClientResponse,
        tool_execution_result: ToolExecutionResult,
    ) -> list[Message]:
        """The messages of the next round: the whole history, or (history disabled) the
        system message and the latest tool results."""
        return self._default_next_instructions(chat_client_request, tool_execution_result)

    def do_initialize_loop(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientRequest:
        """Called once before the loop; returns the request the loop starts from."""
        return chat_client_request

    def do_before_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientRequest:
        """Called before each round; the options it returns are the ones the tools run with."""
        return chat_client_request

    def do_after_call(
        self, chat_client_response: ChatClientResponse, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        """Called after each round, before the tool calls are looked at."""
        return chat_client_response

    def do_finalize_loop(
        self, chat_client_response: ChatClientResponse, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        """Called once with the final response."""
        return chat_client_response

    # -- stream path ---------------------------------------------------------------

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        _assert.not_none(stream_advisor_chain, "stream_advisor_chain must not be null")
        _assert.not_none(chat_client_request, "chat_client_request must not be null")
        options = chat_client_request.prompt.get_options()
        if not isinstance(options, ToolCallingChatOptions):
            _no_tools_to_resume(chat_client_request)
            return stream_advisor_chain.next_stream(chat_client_request)
        if self._no_tool_callable(chat_client_request, options):
            context = chat_client_request.context
            if EVENT_LISTENER in context:
                # As the loop does: the listener hears tool events, and none can occur.
                chat_client_request = ChatClientRequest(
                    chat_client_request.prompt,
                    {key: value for key, value in context.items() if key != EVENT_LISTENER},
                )
            return _ToolFreeStream(stream_advisor_chain.next_stream(chat_client_request))
        return self._stream_loop(chat_client_request, stream_advisor_chain, options)

    def _no_tool_callable(self, request: ChatClientRequest, options: ToolCallingChatOptions) -> bool:
        """Whether no tool can be called on ``request``: it names none, the manager
        resolves none it is not given, and nothing of the loop is customised (hooks,
        checker, durable state) or resumed. The loop would then run one round that only
        passes the stream on: :class:`_ToolFreeStream` does that without its state."""
        manager = self.tool_calling_manager
        return (
            not options.tool_callbacks
            and not options.tool_names
            and not self._hooks_may_block
            and self._checker is ToolCallingAdvisor.DEFAULT_TOOL_EXECUTION_ELIGIBILITY_CHECKER
            and type(manager) is DefaultToolCallingManager
            and not manager._resolution_fallback_enabled
            and ToolLoopResume.CONTEXT_KEY not in request.context
        )

    def _emitted(self, response: ChatClientResponse) -> bool:
        return not self._checker.is_tool_call_response(response.chat_response)

    async def _stream_loop(
        self,
        chat_client_request: ChatClientRequest,
        chain: StreamAdvisorChain,
        options: ToolCallingChatOptions,
    ) -> AsyncIterator[ChatClientResponse]:
        hooks = _Hooks(
            self.do_initialize_loop_stream,
            self.do_before_stream,
            "do_before_stream",
            self.do_after_stream,
            self.do_get_next_instructions_for_tool_call_stream,
        )
        loop = self._loop(chat_client_request, chain, options, hooks)
        # Chunks held back once one carries tool calls the checker let through: they
        # leave the loop only if their round turns out not to run tools.
        held: list[ChatClientResponse] = []
        with contextlib.closing(loop):
            step = await self._aresume(loop, None)
            while not isinstance(step, _LoopEnd):
                if isinstance(step, _ToolRound):
                    for chunk in held:
                        if chunk.chat_response is None or not chunk.chat_response.has_tool_calls():
                            yield chunk
                    step = await self._aresume(loop, await self._arun_tools(step))
                    continue
                held = []
                aggregation = ChatClientStreamAggregation()
                async with contextlib.aclosing(chain.copy(self).next_stream(step.request)) as stream:
                    async for item in stream:
                        aggregation.add(item)
                        if item.chat_response is None:
                            continue
                        chunk = UsageAccumulator.apply_previous_accumulated_usage_to_chunk(
                            ChatClientResponse(item.chat_response, _outside_loop(aggregation.context)),
                            step.previous_usage,
                        )
                        if not self._emitted(chunk):
                            continue
                        if held or (
                            chunk.chat_response is not None and chunk.chat_response.has_tool_calls()
                        ):
                            held.append(chunk)
                            continue
                        yield chunk
                aggregated = aggregation.result()
                step = await self._aresume(
                    loop,
                    ChatClientResponse(
                        _with_assembled_tool_calls(aggregated.chat_response),
                        _outside_loop(aggregated.context),
                    ),
                )
        if step.ended_early:
            if self._emitted(step.final):
                yield step.final
            return
        for chunk in held:
            yield chunk
        corrections = UsageAccumulator.emit_final_usage_correction_if_necessary(
            step.last, step.last.chat_response, step.accumulated
        )
        async with contextlib.aclosing(  # type: ignore[type-var]
            self.do_finalize_loop_stream(corrections, chain)
        ) as final:
            async for response in final:
                if self._emitted(response):
                    yield response

    def do_initialize_loop_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientRequest:
        """Called once when the stream starts; returns the request the loop starts from."""
        return chat_client_request

    def do_before_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientRequest:
        """Called before each streamed round; its options are the ones the tools run with."""
        return chat_client_request

    def do_after_stream(
        self, chat_client_response: ChatClientResponse, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientResponse:
        """Called with each round's aggregated response, before its tool calls are looked at."""
        return chat_client_response

    def do_finalize_loop_stream(
        self,
        chat_client_responses: AsyncIterator[ChatClientResponse],
        stream_advisor_chain: StreamAdvisorChain,
    ) -> AsyncIterator[ChatClientResponse]:
        """Called at the end of the loop with what is still to be emitted (the trailing
        usage correction, if any); returns what is emitted instead."""
        return chat_client_responses

    def do_get_next_instructions_for_tool_call_stream(
        self,
        chat_client_request: ChatClientRequest,
        chat_client_response: ChatClientResponse,
        tool_execution_result: ToolExecutionResult,
    ) -> list[Message]:
        """The stream path's :meth:`do_get_next_instructions_for_tool_call`."""
        return self._default_next_instructions(chat_client_request, tool_execution_result)

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(order={self._advisor_order}, "
            f"conversation_history_enabled={self._conversation_history_enabled})"
        )

    # --- generated builder (base: _ToolCallingAdvisorBuilder["ToolCallingAdvisor"]) (own builder()) ---
    class Builder(_ToolCallingAdvisorBuilder["ToolCallingAdvisor"]):
        """The builder of :class:`ToolCallingAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def advisor_order(self, advisor_order: int, /) -> Self:
            return self._set("advisor_order", (advisor_order,))

        def conversation_history_enabled(self, conversation_history_enabled: bool, /) -> Self:
            return self._set("conversation_history_enabled", (conversation_history_enabled,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolCallingAdvisor: ...
    # --- end of generated builder ---

class ToolCallAdvisor(ToolCallingAdvisor):
    """Deprecated since 2.0.0: use ``ToolCallingAdvisor``."""

    @classmethod
    def builder(cls) -> ToolCallAdvisor.Builder:
        """Deprecated: use ``ToolCallingAdvisor.builder()``."""
        warnings.warn(
            "ToolCallAdvisor is deprecated; use ToolCallingAdvisor",
            DeprecationWarning,
            stacklevel=2,
        )
        return ToolCallAdvisor.Builder(ToolCallAdvisor)

    # --- generated builder (own builder()) ---
    class Builder(ToolCallingAdvisor.Builder):
        """The builder of :class:`ToolCallAdvisor`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> ToolCallAdvisor: ...
    # --- end of generated builder ---
