"""``ToolCallingManager``: resolves tool definitions and executes a batch of tool calls."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Iterator, Mapping
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Literal, Self, TypeVar

from spring_ai_py import _assert, _builder
from spring_ai_py._bridge import run_blocking
from spring_ai_py._builder import Buildable
from spring_ai_py._lazy import lazy_singleton
from spring_ai_py._observation import call_step, tracer_for
from spring_ai_py.chat.messages import AssistantMessage, Message, ToolResponseMessage
from spring_ai_py.chat.model import ChatResponse, ToolContext
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool.internal.tool_batch_control import (
    ToolBatchControl,
    current_batch_control,
)
from spring_ai_py.model.tool.internal.tool_call_context_holder import ToolCallContextHolder
from spring_ai_py.model.tool.tool_approval import (
    PauseReason,
    PendingToolCall,
    ToolCallStatus,
    ToolLoopPausedException,
)
from spring_ai_py.model.tool.tool_call_limits import (
    ToolCallLimitBehavior,
    ToolCallLimitExceededException,
    ToolCallLimits,
)
from spring_ai_py.model.tool.tool_call_listener import ToolCallListener
from spring_ai_py.model.tool.tool_calling_chat_options import ToolCallingChatOptions
from spring_ai_py.model.tool.tool_execution_result import ToolExecutionResult
from spring_ai_py.tool.execution import (
    DefaultToolExecutionExceptionProcessor,
    ToolExecutionException,
    ToolExecutionExceptionProcessor,
    ToolFailureClass,
    ToolFailureClassifier,
    classify_tool_failure,
)
from spring_ai_py.tool.observation import (
    DefaultToolCallingObservationConvention,
    ToolCallingObservationContext,
    ToolCallingObservationConvention,
)
from spring_ai_py.tool.resolution import DelegatingToolCallbackResolver, ToolCallbackResolver
from spring_ai_py.tool.resolution.tool_callback_resolver import as_tool_callback_resolver

if TYPE_CHECKING:
    from opentelemetry.trace import TracerProvider

    from spring_ai_py.tool import ToolCallback
    from spring_ai_py.tool.definition import ToolDefinition
    from spring_ai_py.tool.metadata.tool_metadata import ApprovalPredicate

EnvironmentErrorBehavior = Literal["proceed", "pause"]

_logger = logging.getLogger("spring_ai_py.model.tool.DefaultToolCallingManager")
T = TypeVar("T")

_LLM_NAME_CHANGE_WARNING = (
    "LLM may have adapted the tool name '%s', especially if the name was truncated due to length "
    "limits. If this is the case, you can customize the prefixing and processing logic using "
    "McpToolNamePrefixGenerator"
)


class ToolCallingManager(ABC):
    """Resolves the tools of a request and executes the tool calls a model asked for.

    It runs one batch per call and returns; the loop around it (calling the model
    again with the results) belongs to the ``ToolCallingAdvisor``.
    """

    @abstractmethod
    def resolve_tool_definitions(
        self, chat_options: ToolCallingChatOptions
    ) -> list[ToolDefinition]:
        """The definitions of the tools in ``chat_options``."""

    @abstractmethod
    def execute_tool_calls(
        self, prompt: Prompt, chat_response: ChatResponse
    ) -> ToolExecutionResult:
        """Execute the tool calls of ``chat_response``; ``prompt`` is the history so far."""

    async def aexecute_tool_calls(
        self, prompt: Prompt, chat_response: ChatResponse
    ) -> ToolExecutionResult:
        """:meth:`execute_tool_calls` from async code (by default on an executor)."""
        return await run_blocking(None, self.execute_tool_calls, prompt, chat_response)

    @staticmethod
    def builder() -> DefaultToolCallingManager.Builder:
        """A ``DefaultToolCallingManager`` builder."""
        return DefaultToolCallingManager.builder()


class _WriteThroughContext(dict[str, Any]):
    """The tool context of a batch: the advisor context (if any) plus the request's tool
    context; what a tool writes also lands in the advisor context.

    The tools of a batch may run in parallel and share this dict, so every write (to
    both dicts) happens under one lock: concurrent writes never interleave, and
    ``setdefault`` is atomic.
    """

    __slots__ = ("_lock", "_target")

    def __init__(self, target: dict[str, Any] | None, overlay: Mapping[str, Any]) -> None:
        super().__init__(target or {})
        dict.update(self, overlay)
        self._target = target
        self._lock = threading.RLock()

    def __setitem__(self, key: str, value: Any) -> None:
        with self._lock:
            super().__setitem__(key, value)
            if self._target is not None:
                self._target[key] = value

    def __delitem__(self, key: str) -> None:
        with self._lock:
            super().__delitem__(key)
            if self._target is not None:
                self._target.pop(key, None)

    def update(self, *args: Any, **kwargs: Any) -> None:
        with self._lock:
            for key, value in dict(*args, **kwargs).items():
                self[key] = value

    def setdefault(self, key: str, default: Any = None) -> Any:
        with self._lock:
            if key not in self:
                self[key] = default
            return self[key]

    def pop(self, key: str, *default: Any) -> Any:
        with self._lock:
            if self._target is not None:
                self._target.pop(key, None)
            return super().pop(key, *default)

    def popitem(self) -> tuple[str, Any]:
        with self._lock:
            key, value = super().popitem()
            if self._target is not None:
                self._target.pop(key, None)
            return key, value

    def clear(self) -> None:
        with self._lock:
            if self._target is not None:
                for key in list(self):
                    self._target.pop(key, None)
            super().clear()


@dataclass(slots=True)
class _Step:
    """One tool call of the batch: the callback to run, or the limit message to send."""

    tool_call: AssistantMessage.ToolCall
    callback: ToolCallback | None
    arguments: str
    response: str | None = None
    gated: bool = False
    failure: str | None = None
    """The message of an ``ENVIRONMENT`` failure the turn pauses on."""
    error: ToolExecutionException | None = None
    """How the call failed (for the listener): the failure handed to the model as its
    result, or the ``ENVIRONMENT`` failure the turn pauses on."""


@dataclass(slots=True)
class _Plan:
    assistant_message: AssistantMessage
    tool_context: ToolContext
    steps: list[_Step]
    return_direct: bool
    sequential: bool
    breach: ToolCallLimits.Breach | None
    control: ToolBatchControl | None


_SHARED_POOL_SIZE = 256
"""Threads of the shared tool pool: far above any batch, so that the blocking tools of a
batch all run at once (threads are started on demand and reused)."""


@lazy_singleton
def _shared_executor() -> ThreadPoolExecutor:
    """The pool for parallel blocking tool calls of managers not given an executor.

    ``ThreadPoolExecutor``'s default size (``cpu_count + 4``, 6 threads on 2 cores) would
    run a batch of 12 tools in two waves; this pool starts a thread per waiting call.
    """
    return ThreadPoolExecutor(
        max_workers=_SHARED_POOL_SIZE, thread_name_prefix="spring-ai-py-tool"
    )


def _release(slots: threading.BoundedSemaphore, _future: Future[None]) -> None:
    slots.release()


class _Overrun(Exception):
    """A guarded tool call did not finish in time."""


class _EnvironmentPause(Exception):
    """A tool failed with an ``ENVIRONMENT`` error and the manager pauses on those."""

    def __init__(self, error: ToolExecutionException) -> None:
        super().__init__(str(error))
        self.error = error


def _run_with_timeout(function: Callable[[], T], timeout: float) -> T:
    """Run ``function`` on its own daemon thread and wait at most ``timeout`` seconds.

    A thread per guarded call: a tool that never returns keeps only its own thread busy,
    never a pooled worker other calls would wait for. Raises ``_Overrun`` on timeout.
    """
    future: Future[T] = Future()
    context = contextvars.copy_context()

    def target() -> None:
        try:
            future.set_result(context.run(function))
        except BaseException as error:
            future.set_exception(error)

    threading.Thread(target=target, name="spring-ai-py-tool-timeout", daemon=True).start()
    try:
        return future.result(timeout)
    except TimeoutError:
        if future.done():
            raise
        raise _Overrun() from None


async def _await_with_timeout(awaitable: Coroutine[Any, Any, T], timeout: float) -> T:
    """Await ``awaitable`` for at most ``timeout`` seconds; ``_Overrun`` (and the
    awaitable cancelled) when it takes longer."""
    task = asyncio.ensure_future(awaitable)
    done, _ = await asyncio.wait({task}, timeout=timeout)
    if not done:
        task.cancel()
        raise _Overrun()
    return task.result()


class _DefaultToolCallingManagerBuilder(_builder.Builder["DefaultToolCallingManager"]):
    """Configures a ``DefaultToolCallingManager``; every setting has Spring's default."""

    __slots__ = ()

    def __init__(
        self,
        cls: type[DefaultToolCallingManager] | None = None,
        values: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(cls if cls is not None else DefaultToolCallingManager, values)
        if "tool_execution_exception_processor" not in self._values:
            self._values["tool_execution_exception_processor"] = (
                DefaultToolExecutionExceptionProcessor.builder().build()
            )
        defaults: dict[str, object] = {
            "tracer_provider": None,
            "tool_callback_resolver": DelegatingToolCallbackResolver([]),
            # The limits, assembled into a ToolCallLimits at build().
            "_default_max_calls_per_tool": DefaultToolCallingManager.DEFAULT_MAX_CALLS_PER_TOOL,
            "_max_calls_per_tool": {},
            "_excluded": frozenset(),
            "_max_total_tool_calls": DefaultToolCallingManager.DEFAULT_MAX_TOTAL_TOOL_CALLS,
            "_on_limit_exceeded": ToolCallLimitBehavior.THROW,
            "_convention": None,
        }
        for name, value in defaults.items():
            self._values.setdefault(name, value)

    def tracer_provider(
        self, tracer_provider: TracerProvider | None
    ) -> Self:
        """Where the tool spans go (``None``: the global provider)."""
        self._values["tracer_provider"] = tracer_provider
        return self

    def tool_callback_resolver(
        self,
        resolver: ToolCallbackResolver | Callable[[str], ToolCallback | None] | None,
    ) -> Self:
        """The resolver of tool names (a ``ToolCallbackResolver`` or a function of
        the name, as a Java lambda would be)."""
        self._values["tool_callback_resolver"] = as_tool_callback_resolver(resolver)
        return self

    def tool_execution_exception_processor(
        self, processor: ToolExecutionExceptionProcessor | None
    ) -> Self:
        self._values["tool_execution_exception_processor"] = processor
        return self

    def max_calls_per_tool(
        self, tool_name_or_limit: str | int, max_calls_per_tool: int | None = None
    ) -> Self:
        """``max_calls_per_tool(n)``: the default per-tool limit per turn;
        ``max_calls_per_tool("name", n)``: the limit of one tool."""
        if isinstance(tool_name_or_limit, str):
            _assert.has_text(tool_name_or_limit, "tool_name cannot be null or empty")
            _assert.is_true(
                max_calls_per_tool is not None and max_calls_per_tool > 0,
                "max_calls_per_tool must be greater than 0",
            )
            assert max_calls_per_tool is not None
            self._values["_max_calls_per_tool"] = {
                **self._values["_max_calls_per_tool"],
                tool_name_or_limit: max_calls_per_tool,
            }
            self._values["_excluded"] = self._values["_excluded"] - {tool_name_or_limit}
            return self
        _assert.is_true(tool_name_or_limit > 0, "max_calls_per_tool must be greater than 0")
        self._values["_default_max_calls_per_tool"] = tool_name_or_limit
        return self

    def unlimited_calls_per_tool(self) -> Self:
        self._values["_default_max_calls_per_tool"] = ToolCallLimits.NO_LIMIT
        return self

    def exclude_tool_from_limit(self, tool_name: str) -> Self:
        """No per-tool limit for ``tool_name`` (its calls still count in the total)."""
        _assert.has_text(tool_name, "tool_name cannot be null or empty")
        self._values["_excluded"] = self._values["_excluded"] | {tool_name}
        self._values["_max_calls_per_tool"] = {
            k: v for k, v in self._values["_max_calls_per_tool"].items() if k != tool_name
        }
        return self

    def max_total_tool_calls(
        self, max_total_tool_calls: int
    ) -> Self:
        _assert.is_true(max_total_tool_calls > 0, "max_total_tool_calls must be greater than 0")
        self._values["_max_total_tool_calls"] = max_total_tool_calls
        return self

    def unlimited_total_tool_calls(self) -> Self:
        self._values["_max_total_tool_calls"] = ToolCallLimits.NO_LIMIT
        return self

    def on_limit_exceeded(
        self, behavior: ToolCallLimitBehavior
    ) -> Self:
        self._values["_on_limit_exceeded"] = _assert.not_none(behavior, "on_limit_exceeded cannot be null")
        return self

    def resolution_fallback_enabled(self, enabled: bool) -> Self:
        """Whether tools absent from the request may be resolved by name and run."""
        self._values["resolution_fallback_enabled"] = enabled
        return self

    def parallel_tool_execution(self, enabled: bool) -> Self:
        """Whether the independent calls of a batch run in parallel (default ``True``)."""
        self._values["parallel_tool_execution"] = enabled
        return self

    def executor(self, executor: Executor) -> Self:
        """The executor for parallel blocking tool calls (default: a shared pool)."""
        self._values["executor"] = _assert.not_none(executor, "executor cannot be null")
        return self

    def tool_timeout(self, seconds: float | None) -> Self:
        """How long any tool call may take (seconds) before the model gets an error
        result instead; a tool's own ``timeout`` wins. ``None`` (the default, as in
        Spring): no limit, a hung tool blocks the loop."""
        if seconds is not None:
            _assert.is_true(seconds > 0, "tool_timeout must be greater than 0")
        self._values["tool_timeout"] = seconds
        return self

    def max_concurrent_tool_calls(
        self, max_concurrent_tool_calls: int | None
    ) -> Self:
        """At most this many calls of one batch run at once (``None``, the default:
        all of them)."""
        if max_concurrent_tool_calls is not None:
            _assert.is_true(
                max_concurrent_tool_calls > 0,
                "max_concurrent_tool_calls must be greater than 0",
            )
        self._values["max_concurrent_tool_calls"] = max_concurrent_tool_calls
        return self

    def tool_failure_classifier(
        self, classifier: ToolFailureClassifier | None
    ) -> Self:
        """Classify tool errors (a function of the exception returning a
        ``ToolFailureClass``, or ``None`` to let the default rules decide); beyond
        Spring."""
        if classifier is not None and not callable(classifier):
            raise TypeError(
                f"tool_failure_classifier must be callable, got {type(classifier).__name__}"
            )
        self._values["tool_failure_classifier"] = classifier
        return self

    def on_environment_error(
        self, behavior: EnvironmentErrorBehavior
    ) -> Self:
        """``"proceed"`` (the default): an ``ENVIRONMENT`` failure goes to the model
        like any error; ``"pause"``: the turn pauses with a ``PendingApproval``
        once the rest of the batch ran, until a person resumes it."""
        _assert.is_true(
            behavior in ("proceed", "pause"),
            f"on_environment_error must be 'proceed' or 'pause', got {behavior!r}",
        )
        self._values["on_environment_error"] = behavior
        return self

    def requires_approval(
        self, predicate: ApprovalPredicate | None
    ) -> Self:
        """Gate tool calls of any tool (MCP tools included) by a predicate over the
        call; a tool's own ``requires_approval`` applies as well."""
        if predicate is not None and not callable(predicate):
            raise TypeError(
                f"requires_approval must be callable, got {type(predicate).__name__}"
            )
        self._values["requires_approval"] = predicate
        return self

    def observation_convention(
        self, convention: ToolCallingObservationConvention
    ) -> Self:
        self._values["_convention"] = _assert.not_none(convention, "observation_convention cannot be null")
        return self

    def build(self) -> DefaultToolCallingManager:
        values = dict(self._values)
        limits = ToolCallLimits(
            values.pop("_default_max_calls_per_tool"),
            dict(values.pop("_max_calls_per_tool")),
            frozenset(values.pop("_excluded")),
            values.pop("_max_total_tool_calls"),
            values.pop("_on_limit_exceeded"),
        )
        convention = values.pop("_convention")
        values.setdefault("tool_call_limits", limits)
        manager = self._cls(**values)
        if convention is not None:
            manager.set_observation_convention(convention)
        return manager


class DefaultToolCallingManager(ToolCallingManager, Buildable):
    """Spring 2.0.1's tool-calling manager, plus parallel execution and timeouts.

    Only the request's tools can run (the ``tool_callbacks`` of the options and the
    ``tool_names`` resolved through the resolver); with ``resolution_fallback_enabled``
    other names are resolved through the resolver too. A tool error becomes text for the
    model through the ``ToolExecutionExceptionProcessor``. Per-tool and total call limits
    per turn stop runaway loops (``ToolCallLimitExceededException``, or an error
    response for the model). Each execution is an ``execute_tool <name>`` span.

    Beyond Spring: the independent calls of a batch run in parallel (threads on the
    call path, tasks on the stream path) unless ``parallel_tool_execution`` is off or a
    tool of the batch is marked ``serial``; results always keep the model's order. The
    blocking calls of a batch all run at once on a shared pool (``executor`` to use your
    own, ``max_concurrent_tool_calls`` to bound a batch). A tool's ``timeout``, or the
    manager's ``tool_timeout`` (off by default, as in Spring), turns an overrun into an
    error result. The tool context handed to tools is the loop's advisor context (with
    the request's tool context on top), so what a tool ``put``s is seen by the advisors;
    writes to it from parallel tools are serialized by a lock.
    """

    DEFAULT_MAX_CALLS_PER_TOOL: ClassVar[int] = 40
    DEFAULT_MAX_TOTAL_TOOL_CALLS: ClassVar[int] = 150
    DEFAULT_OBSERVATION_CONVENTION: ClassVar[ToolCallingObservationConvention] = (
        DefaultToolCallingObservationConvention()
    )

    def __init__(
        self,
        tracer_provider: TracerProvider | None,
        tool_callback_resolver: ToolCallbackResolver,
        tool_execution_exception_processor: ToolExecutionExceptionProcessor,
        tool_call_limits: ToolCallLimits | None = None,
        resolution_fallback_enabled: bool = False,
        parallel_tool_execution: bool = True,
        executor: Executor | None = None,
        tool_timeout: float | None = None,
        max_concurrent_tool_calls: int | None = None,
        tool_failure_classifier: ToolFailureClassifier | None = None,
        on_environment_error: EnvironmentErrorBehavior = "proceed",
        requires_approval: ApprovalPredicate | None = None,
    ) -> None:
        _assert.not_none(tool_callback_resolver, "tool_callback_resolver cannot be null")
        _assert.not_none(
            tool_execution_exception_processor, "tool_execution_exception_processor cannot be null"
        )
        self._tracer_provider = tracer_provider
        self._tracer = tracer_for(tracer_provider)
        self._resolver = tool_callback_resolver
        self._processor = tool_execution_exception_processor
        self._limits = tool_call_limits or ToolCallLimits(
            self.DEFAULT_MAX_CALLS_PER_TOOL,
            {},
            frozenset(),
            self.DEFAULT_MAX_TOTAL_TOOL_CALLS,
            ToolCallLimitBehavior.THROW,
        )
        self._resolution_fallback_enabled = resolution_fallback_enabled
        self._parallel = parallel_tool_execution
        self._executor = executor
        if tool_timeout is not None:
            _assert.is_true(tool_timeout > 0, "tool_timeout must be greater than 0")
        self._tool_timeout = tool_timeout
        if max_concurrent_tool_calls is not None:
            _assert.is_true(
                max_concurrent_tool_calls > 0, "max_concurrent_tool_calls must be greater than 0"
            )
        self._max_concurrent = max_concurrent_tool_calls
        self._classifier = tool_failure_classifier
        _assert.is_true(
            on_environment_error in ("proceed", "pause"),
            "on_environment_error must be 'proceed' or 'pause'",
        )
        self._pause_on_environment_error = on_environment_error == "pause"
        self._requires_approval = requires_approval
        self._convention = self.DEFAULT_OBSERVATION_CONVENTION

    @staticmethod
    def builder() -> DefaultToolCallingManager.Builder:
        """A builder (tool callback resolver, exception processor, observation convention, limits).
"""
        return DefaultToolCallingManager.Builder(DefaultToolCallingManager)

    def set_observation_convention(
        self, observation_convention: ToolCallingObservationConvention
    ) -> None:
        self._convention = _assert.not_none(
            observation_convention, "observation_convention cannot be null"
        )

    def get_tool_call_limits(self) -> ToolCallLimits:
        return self._limits

    # -- resolution ----------------------------------------------------------------

    def _request_tool_callbacks(self, options: Any) -> list[ToolCallback]:
        if not isinstance(options, ToolCallingChatOptions):
            return []
        callbacks = list(options.tool_callbacks or [])
        known = {c.get_tool_definition().name for c in callbacks}
        for name in options.tool_names or []:
            if name in known:
                continue
            callback = self._resolver.resolve(name)
            if callback is None:
                raise RuntimeError(f"No ToolCallback found for tool name: {name}")
            callbacks.append(callback)
            known.add(name)
        return callbacks

    def resolve_tool_callbacks(self, chat_options: ToolCallingChatOptions) -> list[ToolCallback]:
        """The tools of ``chat_options`` (its callbacks, then its names resolved)."""
        _assert.not_none(chat_options, "chat_options cannot be null")
        return self._request_tool_callbacks(chat_options)

    def resolve_tool_definitions(
        self, chat_options: ToolCallingChatOptions
    ) -> list[ToolDefinition]:
        _assert.not_none(chat_options, "chat_options cannot be null")
        return [c.get_tool_definition() for c in self._request_tool_callbacks(chat_options)]

    # -- planning ------------------------------------------------------------------

    @staticmethod
    def _tool_context(prompt: Prompt) -> ToolContext:
        options = prompt.get_options()
        request_context: dict[str, Any] = {}
        if isinstance(options, ToolCallingChatOptions) and options.tool_context:
            request_context = dict(options.tool_context)
        advisor_context = ToolCallContextHolder.get_context()
        return ToolContext(
            _WriteThroughContext(advisor_context, request_context), request_keys=request_context
        )

    def _plan(self, prompt: Prompt, chat_response: ChatResponse) -> _Plan:
        _assert.not_none(prompt, "prompt cannot be null")
        _assert.not_none(chat_response, "chat_response cannot be null")
        generation = next(
            (g for g in chat_response.get_results() if g.get_output().get_tool_calls()), None
        )
        if generation is None:
            raise RuntimeError("No tool call requested by the chat model")
        assistant_message = generation.get_output()
        tool_context = self._tool_context(prompt)
        callbacks = self._request_tool_callbacks(prompt.get_options())
        counts = ToolCallLimits.count_prior_tool_calls(prompt.get_instructions())
        total = sum(counts.values())
        steps: list[_Step] = []
        return_direct: bool | None = None
        breach: ToolCallLimits.Breach | None = None
        control = current_batch_control()
        gated = False
        for tool_call in assistant_message.get_tool_calls():
            _logger.debug("Executing tool call: %s", tool_call.name)
            name = tool_call.name
            if control is not None and tool_call.id in control.results:
                steps.append(
                    _Step(tool_call, None, tool_call.arguments, control.results[tool_call.id])
                )
                continue
            total += 1
            counts[name] = counts.get(name, 0) + 1
            limit_breach = self._limits.check(name, counts[name], total)
            if limit_breach is not None:
                steps.append(_Step(tool_call, None, tool_call.arguments, limit_breach.message))
                if self._limits.on_limit_exceeded is ToolCallLimitBehavior.THROW:
                    breach = limit_breach
                    break
                continue
            arguments = tool_call.arguments
            if not _assert.has_text_value(arguments):
                _logger.warning(
                    "Tool call arguments are null or empty for tool: %s. Using empty JSON object as default.",
                    name,
                )
                arguments = "{}"
            callback = next((c for c in callbacks if c.get_tool_definition().name == name), None)
            if callback is None and self._resolution_fallback_enabled:
                callback = self._resolver.resolve(name)
            if callback is None:
                _logger.warning(_LLM_NAME_CHANGE_WARNING, name)
                raise RuntimeError(f"No ToolCallback found for tool name: {name}")
            metadata = callback.get_tool_metadata()
            direct = metadata.return_direct
            return_direct = direct if return_direct is None else (return_direct and direct)
            step = _Step(tool_call, callback, arguments)
            if (metadata.requires_approval is not False or self._requires_approval is not None) and (
                control is None or tool_call.id not in control.approved
            ):
                step.gated = self._gated(metadata.needs_approval, tool_call)
                gated = gated or step.gated
            steps.append(step)
        if gated:
            raise self._paused(PauseReason.APPROVAL, assistant_message, steps)
        runnable = [s for s in steps if s.callback is not None]
        sequential = (
            not self._parallel
            or len(runnable) < 2
            or any(
                s.callback is not None and s.callback.get_tool_metadata().serial for s in runnable
            )
        )
        return _Plan(
            assistant_message,
            tool_context,
            steps,
            bool(return_direct),
            sequential,
            breach,
            control,
        )

    def _gated(
        self,
        tool_gate: Callable[[AssistantMessage.ToolCall], bool],
        tool_call: AssistantMessage.ToolCall,
    ) -> bool:
        """Whether the tool's own gate, or the manager's ``requires_approval``, holds the call."""
        if tool_gate(tool_call):
            return True
        return self._requires_approval is not None and bool(self._requires_approval(tool_call))

    @staticmethod
    def _paused(
        reason: PauseReason, assistant_message: AssistantMessage, steps: list[_Step]
    ) -> ToolLoopPausedException:
        """The pause of a batch: every call with its status, and the results it has."""
        calls: list[PendingToolCall] = []
        results: dict[str, str] = {}
        for step in steps:
            call = step.tool_call
            if step.gated:
                status = ToolCallStatus.AWAITING_APPROVAL
            elif step.failure is not None:
                status = ToolCallStatus.FAILED
            elif step.response is not None:
                status = ToolCallStatus.DONE
                results[call.id] = step.response
            else:
                status = ToolCallStatus.PLANNED
            calls.append(PendingToolCall(call.id, call.name, step.arguments, status, step.failure))
        return ToolLoopPausedException(reason, calls, results, assistant_message)

    def _after_batch(self, plan: _Plan) -> None:
        """Pause when a call of the batch failed with an ``ENVIRONMENT`` error."""
        if any(step.failure is not None for step in plan.steps):
            raise self._paused(PauseReason.ENVIRONMENT_ERROR, plan.assistant_message, plan.steps)

    def _result(self, prompt: Prompt, plan: _Plan) -> ToolExecutionResult:
        responses = [
            ToolResponseMessage.ToolResponse(s.tool_call.id, s.tool_call.name, s.response or "")
            for s in plan.steps
        ]
        history: list[Message] = [
            *prompt.get_instructions(),
            plan.assistant_message,
            ToolResponseMessage(responses),
        ]
        result = ToolExecutionResult(history, plan.return_direct)
        if plan.breach is not None:
            raise ToolCallLimitExceededException(plan.breach.tool_name, plan.breach.limit, result)
        return result

    # -- observation ---------------------------------------------------------------

    def _observation_context(
        self, step: _Step, callback: ToolCallback
    ) -> ToolCallingObservationContext:
        return ToolCallingObservationContext(
            callback.get_tool_definition(),
            callback.get_tool_metadata(),
            step.tool_call.type,
            step.tool_call.id,
            step.arguments,
        )

    def _timeout_error(self, callback: ToolCallback, timeout: float) -> ToolExecutionException:
        name = callback.get_tool_definition().name
        return ToolExecutionException(
            callback.get_tool_definition(),
            TimeoutError(f"Tool '{name}' did not complete within {timeout:g} seconds"),
        )

    @contextlib.contextmanager
    def _observed(self, step: _Step) -> Iterator[ToolCallingObservationContext]:
        """The ``execute_tool`` span of one call; the block sets the observation's result.

        An ``ENVIRONMENT`` failure the manager pauses on is recorded on the step (the
        rest of the batch still runs)."""
        callback = step.callback
        assert callback is not None
        observation = self._observation_context(step, callback)
        convention = self._convention
        try:
            with call_step(
                self._tracer,
                convention.get_contextual_name(observation),
                lambda: convention.attributes(observation),
            ) as span:
                yield observation
                if span.is_recording():
                    span.set_attributes(convention.get_result_key_values(observation))
        except _EnvironmentPause as pause:
            step.failure = str(pause) or type(pause.error.cause).__name__
            step.error = pause.error
            return
        step.response = observation.tool_call_result or ""

    @staticmethod
    def _heard(step: _Step, listener: ToolCallListener, started: float) -> None:
        """Tell ``listener`` how ``step`` finished."""
        listener.on_tool_call_finished(
            step.tool_call, step.response, step.error, time.monotonic() - started
        )

    # -- blocking execution --------------------------------------------------------

    def _timeout_of(self, callback: ToolCallback) -> float | None:
        """The tool's own ``timeout``, else the manager's ``tool_timeout`` (off by default)."""
        timeout = callback.get_tool_metadata().timeout
        return timeout if timeout is not None else self._tool_timeout

    def classify(self, error: BaseException) -> ToolFailureClass:
        """The failure class of a tool's error (the exception the tool raised, not its
        ``ToolExecutionException`` wrapper): the user's classifier, else the default."""
        raised = error.cause if isinstance(error, ToolExecutionException) else error
        if self._classifier is not None:
            found = self._classifier(raised)
            if found is not None:
                return found
        return classify_tool_failure(raised)

    def _failed(
        self, callback: ToolCallback, error: ToolExecutionException, attempt: int
    ) -> float | None:
        """After a failed attempt: seconds to wait before the next one (a ``TRANSIENT``
        failure of a tool with attempts left), else ``None`` once the failure is
        final. An ``ENVIRONMENT`` failure the manager pauses on raises."""
        failure = self.classify(error)
        retry = callback.get_tool_metadata().retry
        if (
            failure is ToolFailureClass.TRANSIENT
            and retry is not None
            and attempt < retry.max_attempts
        ):
            _logger.debug(
                "Retrying tool %s after a transient failure (attempt %d of %d)",
                callback.get_tool_definition().name,
                attempt,
                retry.max_attempts,
            )
            return retry.backoff(attempt)
        if failure is ToolFailureClass.ENVIRONMENT and self._pause_on_environment_error:
            raise _EnvironmentPause(error)
        return None

    def _call_once(self, callback: ToolCallback, arguments: str, tool_context: ToolContext) -> str:
        timeout = self._timeout_of(callback)
        if timeout is None:
            return callback.call(arguments, tool_context)
        try:
            return _run_with_timeout(lambda: callback.call(arguments, tool_context), timeout)
        except _Overrun:
            raise self._timeout_error(callback, timeout) from None

    def _call(self, step: _Step, tool_context: ToolContext) -> str:
        callback, arguments = step.callback, step.arguments
        assert callback is not None
        attempt = 1
        while True:
            try:
                return self._call_once(callback, arguments, tool_context)
            except ToolExecutionException as error:
                wait = self._failed(callback, error, attempt)
                if wait is None:
                    step.error = error
                    return self._processor.process(error)
            time.sleep(wait)
            attempt += 1

    def _execute_step(
        self, step: _Step, tool_context: ToolContext, control: ToolBatchControl | None
    ) -> None:
        listener = control.listener if control is not None else None
        started = time.monotonic()
        if listener is not None:
            listener.on_tool_call_started(step.tool_call, step.arguments)
        with self._observed(step) as observation:
            observation.set_tool_call_result(self._call(step, tool_context))
        if listener is not None:
            self._heard(step, listener, started)

    def execute_tool_calls(
        self, prompt: Prompt, chat_response: ChatResponse
    ) -> ToolExecutionResult:
        plan = self._plan(prompt, chat_response)
        runnable = [s for s in plan.steps if s.callback is not None]
        if plan.sequential:
            for step in runnable:
                self._execute_step(step, plan.tool_context, plan.control)
        else:
            executor = self._executor or _shared_executor()
            slots = (
                threading.BoundedSemaphore(self._max_concurrent)
                if self._max_concurrent is not None
                else None
            )
            futures: list[Future[None]] = []
            for step in runnable:
                if slots is not None:
                    slots.acquire()
                future = executor.submit(
                    contextvars.copy_context().run,
                    self._execute_step,
                    step,
                    plan.tool_context,
                    plan.control,
                )
                if slots is not None:
                    future.add_done_callback(functools.partial(_release, slots))
                futures.append(future)
            errors = [f.exception() for f in futures]
            first_error = next((e for e in errors if e is not None), None)
            if first_error is not None:
                raise first_error
        self._after_batch(plan)
        return self._result(prompt, plan)

    # -- async execution -----------------------------------------------------------

    async def _acall_once(
        self, callback: ToolCallback, arguments: str, tool_context: ToolContext
    ) -> str:
        timeout = self._timeout_of(callback)
        if timeout is None:
            return await callback.acall(arguments, tool_context)
        try:
            return await _await_with_timeout(callback.acall(arguments, tool_context), timeout)
        except _Overrun:
            raise self._timeout_error(callback, timeout) from None

    async def _acall(self, step: _Step, tool_context: ToolContext) -> str:
        callback, arguments = step.callback, step.arguments
        assert callback is not None
        attempt = 1
        while True:
            try:
                return await self._acall_once(callback, arguments, tool_context)
            except ToolExecutionException as error:
                wait = self._failed(callback, error, attempt)
                if wait is None:
                    step.error = error
                    return self._processor.process(error)
            await asyncio.sleep(wait)
            attempt += 1

    async def _aexecute_step(
        self, step: _Step, tool_context: ToolContext, control: ToolBatchControl | None
    ) -> None:
        """One call on the event loop; the listener (which may write to a database) is
        called off it."""
        listener = control.listener if control is not None else None
        started = time.monotonic()
        if listener is not None:
            await run_blocking(None, listener.on_tool_call_started, step.tool_call, step.arguments)
        with self._observed(step) as observation:
            observation.set_tool_call_result(await self._acall(step, tool_context))
        if listener is not None:
            await run_blocking(None, self._heard, step, listener, started)

    async def aexecute_tool_calls(
        self, prompt: Prompt, chat_response: ChatResponse
    ) -> ToolExecutionResult:
        """Execute the batch natively on the event loop: ``async def`` tools are awaited,
        blocking tools run on an executor."""
        plan = self._plan(prompt, chat_response)
        runnable = [s for s in plan.steps if s.callback is not None]
        if plan.sequential:
            for step in runnable:
                await self._aexecute_step(step, plan.tool_context, plan.control)
        else:
            limit = (
                asyncio.Semaphore(self._max_concurrent) if self._max_concurrent is not None else None
            )

            async def run(step: _Step) -> None:
                if limit is None:
                    await self._aexecute_step(step, plan.tool_context, plan.control)
                    return
                async with limit:
                    await self._aexecute_step(step, plan.tool_context, plan.control)

            outcomes = await asyncio.gather(
                *(run(step) for step in runnable), return_exceptions=True
            )
            first_error = next((o for o in outcomes if isinstance(o, BaseException)), None)
            if first_error is not None:
                raise first_error
        self._after_batch(plan)
        return self._result(prompt, plan)

    def __repr__(self) -> str:
        return f"DefaultToolCallingManager(parallel_tool_execution={self._parallel}, limits={self._limits!r})"

    # --- generated builder (base: _DefaultToolCallingManagerBuilder) (own builder()) ---
    class Builder(_DefaultToolCallingManagerBuilder):
        """The builder of :class:`DefaultToolCallingManager`: one typed setter per constructor keyword."""

        __slots__ = ()
        _generated_builder = True

        def tool_call_limits(self, tool_call_limits: ToolCallLimits | None, /) -> Self:
            return self._set("tool_call_limits", (tool_call_limits,))

        if TYPE_CHECKING:  # build() is the mechanism's; this only names its type

            def build(self) -> DefaultToolCallingManager: ...
    # --- end of generated builder ---
