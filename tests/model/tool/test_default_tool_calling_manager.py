"""The port's own ``DefaultToolCallingManager`` tests: tool names, limits in detail,
parallel execution, timeouts, the tool context and spans.

Spring's ``DefaultToolCallingManagerTests`` and ``DefaultToolCallingManagerTest`` are
ported in ``test_default_tool_calling_manager_spring.py`` and
``test_default_tool_calling_manager_test_spring.py``.
"""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest

from spring_ai_py.chat.messages import AssistantMessage, Message, ToolResponseMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse, Generation, ToolContext
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.model.tool import (
    DefaultToolCallingManager,
    ToolCallingChatOptions,
    ToolCallLimitBehavior,
    ToolCallLimitExceededException,
)
from spring_ai_py.model.tool.internal import ToolCallContextHolder
from spring_ai_py.tool import ToolCallback, tool
from spring_ai_py.tool.definition import ToolDefinition
from spring_ai_py.tool.execution import (
    DefaultToolExecutionExceptionProcessor,
    ToolExecutionException,
)
from spring_ai_py.tool.metadata import ToolMetadata
from spring_ai_py.tool.observation import DefaultToolCallingObservationConvention
from spring_ai_py.tool.resolution import StaticToolCallbackResolver

R = ToolResponseMessage.ToolResponse


class MissionTool(ToolCallback):
    """Spring's TestToolCallback."""

    def __init__(self, name: str, return_direct: bool = False) -> None:
        self._definition = ToolDefinition.builder().name(name).input_schema("{}").build()
        self._metadata = ToolMetadata(return_direct=return_direct)
        self.inputs: list[str] = []

    def get_tool_definition(self) -> ToolDefinition:
        return self._definition

    def get_tool_metadata(self) -> ToolMetadata:
        return self._metadata

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        self.inputs.append(tool_input)
        return "Mission accomplished!"


class FailingTool(MissionTool):
    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        raise ToolExecutionException(
            self.get_tool_definition(), RuntimeError("You failed this city!")
        )


def calls(*names: str, arguments: str = "{}") -> ChatResponse:
    tool_calls = [AssistantMessage.ToolCall(name, "function", name, arguments) for name in names]
    return ChatResponse([Generation(AssistantMessage("", tool_calls=tool_calls))])


def prompt(*tools: ToolCallback, history: list[Message] | None = None, **options: Any) -> Prompt:
    return Prompt(
        history or [UserMessage("Hello")],
        ToolCallingChatOptions(tool_callbacks=list(tools), **options),
    )


def last_responses(history: list[Message]) -> list[R]:
    message = history[-1]
    assert isinstance(message, ToolResponseMessage)
    return message.get_responses()


# -- build -----------------------------------------------------------------------


def test_builder_rejects_bad_limits() -> None:
    builder = DefaultToolCallingManager.builder()
    with pytest.raises(ValueError, match="max_calls_per_tool must be greater than 0"):
        builder.max_calls_per_tool(0)
    with pytest.raises(ValueError, match="max_calls_per_tool must be greater than 0"):
        builder.max_calls_per_tool("t", 0)
    with pytest.raises(ValueError, match="tool_name cannot be null or empty"):
        builder.max_calls_per_tool("", 1)
    with pytest.raises(ValueError, match="max_total_tool_calls must be greater than 0"):
        builder.max_total_tool_calls(-1)
    with pytest.raises(ValueError, match="tool_name cannot be null or empty"):
        builder.exclude_tool_from_limit(" ")
    with pytest.raises(ValueError, match="on_limit_exceeded cannot be null"):
        builder.on_limit_exceeded(None)  # type: ignore[arg-type]


# -- resolve tool definitions ------------------------------------------------------


def test_tool_names_are_resolved_through_the_resolver() -> None:
    named = MissionTool("named")
    manager = (
        DefaultToolCallingManager.builder()
        .tool_callback_resolver(StaticToolCallbackResolver([named]))
        .build()
    )
    options = ToolCallingChatOptions(tool_names=["named"])
    assert manager.resolve_tool_definitions(options) == [named.get_tool_definition()]
    result = manager.execute_tool_calls(Prompt("Hello", options), calls("named"))
    assert last_responses(result.conversation_history) == [
        R("named", "named", "Mission accomplished!")
    ]
    with pytest.raises(RuntimeError, match="No ToolCallback found for tool name: unknown"):
        manager.resolve_tool_definitions(ToolCallingChatOptions(tool_names=["unknown"]))


# -- execute tool calls ------------------------------------------------------------


def test_single_tool_call_builds_the_history() -> None:
    manager = DefaultToolCallingManager.builder().build()
    response = calls("toolA")
    result = manager.execute_tool_calls(prompt(MissionTool("toolA")), response)
    history = result.conversation_history
    assert history[0] == UserMessage("Hello")
    assert history[1] is response.get_results()[0].get_output()
    assert history[2] == ToolResponseMessage([R("toolA", "toolA", "Mission accomplished!")])
    assert result.return_direct is False


def test_always_throw_processor_propagates_the_error() -> None:
    manager = (
        DefaultToolCallingManager.builder()
        .tool_execution_exception_processor(
            DefaultToolExecutionExceptionProcessor(always_throw=True)
        )
        .build()
    )
    with pytest.raises(ToolExecutionException, match="You failed this city!"):
        manager.execute_tool_calls(prompt(FailingTool("toolC")), calls("toolC"))


def test_other_exceptions_from_a_custom_callback_propagate() -> None:
    class Broken(MissionTool):
        def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
            raise LookupError("broken callback")

    manager = DefaultToolCallingManager.builder().build()
    with pytest.raises(LookupError, match="broken callback"):
        manager.execute_tool_calls(prompt(Broken("b"), MissionTool("a")), calls("a", "b"))


def test_method_tools_get_the_options_tool_context() -> None:
    seen: list[dict[str, Any]] = []

    @tool
    def with_context(tool_context: ToolContext) -> str:
        seen.append(dict(tool_context.get_context()))
        return "ok"

    manager = DefaultToolCallingManager.builder().build()
    result = manager.execute_tool_calls(
        prompt(with_context, tool_context={"key": "value"}), calls("with_context")
    )
    assert last_responses(result.conversation_history) == [R("with_context", "with_context", "ok")]
    assert seen == [{"key": "value"}]


def test_malformed_json_for_a_typed_tool_is_an_error_result_naming_the_tool() -> None:
    @tool
    def typed(count: int) -> int:
        return count

    manager = DefaultToolCallingManager.builder().build()
    result = manager.execute_tool_calls(
        prompt(typed), calls("typed", arguments='{"count": "many"}')
    )
    assert last_responses(result.conversation_history)[0].response_data.startswith(
        "Invalid arguments for tool 'typed': count:"
    )


def test_first_generation_with_tool_calls_is_used() -> None:
    first = Generation(
        AssistantMessage("", tool_calls=[AssistantMessage.ToolCall("1", "function", "a", "{}")])
    )
    second = Generation(
        AssistantMessage("", tool_calls=[AssistantMessage.ToolCall("2", "function", "a", "{}")])
    )
    manager = DefaultToolCallingManager.builder().build()
    result = manager.execute_tool_calls(
        prompt(MissionTool("a")), ChatResponse([Generation(AssistantMessage("x")), first, second])
    )
    assert last_responses(result.conversation_history) == [R("1", "a", "Mission accomplished!")]


# -- limits ------------------------------------------------------------------------


def prior(*names: str) -> list[Message]:
    return [
        UserMessage("Hello"),
        ToolResponseMessage([R(f"prior{i}", n, "done") for i, n in enumerate(names)]),
    ]


def test_max_calls_per_tool_exceeded_throws_with_partial_result() -> None:
    manager = DefaultToolCallingManager.builder().max_calls_per_tool("toolA", 1).build()
    tool_b = MissionTool("toolB")
    with pytest.raises(ToolCallLimitExceededException) as raised:
        manager.execute_tool_calls(
            prompt(MissionTool("toolA"), tool_b, history=prior("toolA")), calls("toolB", "toolA")
        )
    assert (raised.value.get_tool_name(), raised.value.get_limit()) == ("toolA", 1)
    responses = last_responses(
        raised.value.get_partial_tool_execution_result().conversation_history
    )
    assert responses[0] == R("toolB", "toolB", "Mission accomplished!")
    assert responses[1].response_data.startswith("Tool call limit (1) exceeded for tool 'toolA'")


def test_max_calls_exceeded_with_return_error_response_skips_the_call() -> None:
    tool_a = MissionTool("toolA")
    manager = (
        DefaultToolCallingManager.builder()
        .max_calls_per_tool("toolA", 1)
        .on_limit_exceeded(ToolCallLimitBehavior.RETURN_ERROR_RESPONSE)
        .build()
    )
    result = manager.execute_tool_calls(prompt(tool_a, history=prior("toolA")), calls("toolA"))
    (response,) = last_responses(result.conversation_history)
    assert response.name == "toolA" and "limit" in response.response_data
    assert tool_a.inputs == []


def test_default_limits_apply() -> None:
    manager = DefaultToolCallingManager.builder().build()
    per_tool = prior(*["toolA"] * DefaultToolCallingManager.DEFAULT_MAX_CALLS_PER_TOOL)
    with pytest.raises(ToolCallLimitExceededException) as raised:
        manager.execute_tool_calls(prompt(MissionTool("toolA"), history=per_tool), calls("toolA"))
    assert raised.value.get_limit() == DefaultToolCallingManager.DEFAULT_MAX_CALLS_PER_TOOL
    total = prior(*["toolB"] * DefaultToolCallingManager.DEFAULT_MAX_TOTAL_TOOL_CALLS)
    unlimited_per_tool = DefaultToolCallingManager.builder().unlimited_calls_per_tool().build()
    with pytest.raises(ToolCallLimitExceededException) as raised:
        unlimited_per_tool.execute_tool_calls(
            prompt(MissionTool("toolA"), history=total), calls("toolA")
        )
    assert (raised.value.get_tool_name(), raised.value.get_limit()) == (None, 150)


def test_only_the_current_turn_counts() -> None:
    manager = (
        DefaultToolCallingManager.builder()
        .max_calls_per_tool("toolA", 1)
        .max_total_tool_calls(1)
        .build()
    )
    earlier = [
        UserMessage("Earlier"),
        ToolResponseMessage([R("e", "toolA", "x")]),
        UserMessage("New turn"),
    ]
    assert manager.execute_tool_calls(
        prompt(MissionTool("toolA"), history=earlier), calls("toolA")
    ).conversation_history
    current = [*earlier, ToolResponseMessage([R("c", "toolA", "x")])]
    with pytest.raises(ToolCallLimitExceededException) as raised:
        manager.execute_tool_calls(prompt(MissionTool("toolA"), history=current), calls("toolA"))
    assert raised.value.get_tool_name() == "toolA"


# -- parallel and serial execution ---------------------------------------------------


def test_independent_calls_run_in_parallel_and_keep_model_order() -> None:
    barrier = threading.Barrier(3, timeout=10)

    @tool
    def meet(name: str) -> str:
        barrier.wait()  # returns only when all three calls run at the same time
        return f"met {name}"

    manager = DefaultToolCallingManager.builder().build()
    response = ChatResponse(
        [
            Generation(
                AssistantMessage(
                    "",
                    tool_calls=[
                        AssistantMessage.ToolCall(
                            f"id{i}", "function", "meet", f'{{"name": "{n}"}}'
                        )
                        for i, n in enumerate(["c", "a", "b"])
                    ],
                )
            )
        ]
    )
    result = manager.execute_tool_calls(prompt(meet), response)
    assert last_responses(result.conversation_history) == [
        R("id0", "meet", "met c"),
        R("id1", "meet", "met a"),
        R("id2", "meet", "met b"),
    ]


class Concurrency:
    def __init__(self) -> None:
        self.active = 0
        self.peak = 0
        self.lock = threading.Lock()

    def enter(self) -> None:
        with self.lock:
            self.active += 1
            self.peak = max(self.peak, self.active)

    def leave(self) -> None:
        with self.lock:
            self.active -= 1


def test_serial_tool_keeps_the_batch_sequential() -> None:
    tracker = Concurrency()

    @tool(serial=True)
    def serial_step(n: int) -> int:
        tracker.enter()
        time.sleep(0.02)
        tracker.leave()
        return n

    manager = DefaultToolCallingManager.builder().build()
    response = ChatResponse(
        [
            Generation(
                AssistantMessage(
                    "",
                    tool_calls=[
                        AssistantMessage.ToolCall(
                            str(i), "function", "serial_step", f'{{"n": {i}}}'
                        )
                        for i in range(3)
                    ],
                )
            )
        ]
    )
    result = manager.execute_tool_calls(prompt(serial_step), response)
    assert [r.response_data for r in last_responses(result.conversation_history)] == ["0", "1", "2"]
    assert tracker.peak == 1


def test_manager_setting_keeps_batches_sequential() -> None:
    tracker = Concurrency()

    @tool
    def step(n: int) -> int:
        tracker.enter()
        time.sleep(0.02)
        tracker.leave()
        return n

    manager = DefaultToolCallingManager.builder().parallel_tool_execution(False).build()
    response = calls("step", "step", arguments='{"n": 1}')
    manager.execute_tool_calls(prompt(step), response)
    assert tracker.peak == 1


def test_async_path_runs_independent_calls_concurrently() -> None:
    async def scenario() -> list[R]:
        barrier = asyncio.Barrier(2)

        @tool
        async def rendezvous(name: str) -> str:
            await asyncio.wait_for(barrier.wait(), 10)
            return f"met {name}"

        manager = DefaultToolCallingManager.builder().build()
        response = ChatResponse(
            [
                Generation(
                    AssistantMessage(
                        "",
                        tool_calls=[
                            AssistantMessage.ToolCall(
                                "1", "function", "rendezvous", '{"name": "x"}'
                            ),
                            AssistantMessage.ToolCall(
                                "2", "function", "rendezvous", '{"name": "y"}'
                            ),
                        ],
                    )
                )
            ]
        )
        result = await manager.aexecute_tool_calls(prompt(rendezvous), response)
        return last_responses(result.conversation_history)

    assert asyncio.run(scenario()) == [R("1", "rendezvous", "met x"), R("2", "rendezvous", "met y")]


def test_async_path_limits_and_errors_match_the_call_path() -> None:
    manager = DefaultToolCallingManager.builder().max_calls_per_tool("toolA", 1).build()
    with pytest.raises(ToolCallLimitExceededException):
        asyncio.run(
            manager.aexecute_tool_calls(
                prompt(MissionTool("toolA"), history=prior("toolA")), calls("toolA")
            )
        )
    with pytest.raises(RuntimeError, match="No ToolCallback found for tool name: nope"):
        asyncio.run(manager.aexecute_tool_calls(prompt(), calls("nope")))
    result = asyncio.run(manager.aexecute_tool_calls(prompt(FailingTool("f")), calls("f")))
    assert last_responses(result.conversation_history) == [R("f", "f", "You failed this city!")]


# -- timeouts ----------------------------------------------------------------------


def test_blocking_tool_overrunning_its_timeout_yields_an_error_result() -> None:
    release = threading.Event()

    @tool(timeout=0.05)
    def hanging() -> str:
        release.wait(10)
        return "late"

    manager = DefaultToolCallingManager.builder().build()
    try:
        result = manager.execute_tool_calls(prompt(hanging), calls("hanging"))
    finally:
        release.set()
    assert last_responses(result.conversation_history) == [
        R("hanging", "hanging", "Tool 'hanging' did not complete within 0.05 seconds")
    ]


def test_async_tool_overrunning_its_timeout_yields_an_error_result() -> None:
    @tool(timeout=0.05)
    async def stuck() -> str:
        await asyncio.Event().wait()
        return "never"

    manager = DefaultToolCallingManager.builder().build()
    result = asyncio.run(manager.aexecute_tool_calls(prompt(stuck), calls("stuck")))
    assert last_responses(result.conversation_history)[0].response_data == (
        "Tool 'stuck' did not complete within 0.05 seconds"
    )


def test_tool_finishing_within_its_timeout_returns_normally() -> None:
    @tool(timeout=30)
    def quick() -> str:
        return "fast"

    manager = DefaultToolCallingManager.builder().build()
    assert (
        last_responses(
            manager.execute_tool_calls(prompt(quick), calls("quick")).conversation_history
        )[0].response_data
        == "fast"
    )
    result = asyncio.run(manager.aexecute_tool_calls(prompt(quick), calls("quick")))
    assert last_responses(result.conversation_history)[0].response_data == "fast"


# -- tool context --------------------------------------------------------------------


@tool
def note(text: str, tool_context: ToolContext) -> str:
    """Write into the tool context."""
    tool_context.put("note", text)
    return f"saw {tool_context.get('tenant')} and {tool_context.get('request_id')}"


def test_tool_writes_reach_the_bound_advisor_context() -> None:
    advisor_context: dict[str, Any] = {"request_id": "r-1"}
    manager = DefaultToolCallingManager.builder().build()
    with ToolCallContextHolder.bound(advisor_context):
        result = manager.execute_tool_calls(
            prompt(note, tool_context={"tenant": "acme"}), calls("note", arguments='{"text": "hi"}')
        )
    assert last_responses(result.conversation_history)[0].response_data == "saw acme and r-1"
    assert advisor_context == {"request_id": "r-1", "note": "hi"}


def test_without_a_loop_tool_writes_stay_local() -> None:
    options_context = {"tenant": "acme"}
    manager = DefaultToolCallingManager.builder().build()
    manager.execute_tool_calls(
        prompt(note, tool_context=options_context), calls("note", arguments='{"text": "hi"}')
    )
    assert options_context == {"tenant": "acme"}
    assert ToolCallContextHolder.get_context() is None


# -- spans ---------------------------------------------------------------------------


def test_each_execution_is_a_span_under_the_current_one(otel: Any) -> None:
    manager = DefaultToolCallingManager.builder().tracer_provider(otel.provider).build()
    tracer = otel.provider.get_tracer("test")
    with tracer.start_as_current_span("parent"):
        manager.execute_tool_calls(prompt(MissionTool("a"), MissionTool("b")), calls("a", "b"))
    parent = otel.span("parent")
    span_a = otel.span("execute_tool a")
    assert otel.parent_of(span_a) is parent
    assert otel.parent_of(otel.span("execute_tool b")) is parent
    attributes = dict(span_a.attributes or {})
    assert attributes["gen_ai.operation.name"] == "execute_tool"
    assert attributes["spring.ai.kind"] == "tool_call"
    assert attributes["gen_ai.tool.name"] == "a"
    assert attributes["gen_ai.tool.call.id"] == "a"
    assert attributes["spring.ai.tool.definition.name"] == "a"
    assert attributes["spring.ai.tool.definition.schema"] == "{}"
    assert "spring.ai.tool.call.arguments" not in attributes
    assert "spring.ai.tool.call.result" not in attributes


def test_async_executions_nest_under_the_current_span(otel: Any) -> None:
    manager = DefaultToolCallingManager.builder().tracer_provider(otel.provider).build()
    tracer = otel.provider.get_tracer("test")

    async def run() -> None:
        with tracer.start_as_current_span("parent"):
            await manager.aexecute_tool_calls(
                prompt(MissionTool("a"), MissionTool("b")), calls("a", "b")
            )

    asyncio.run(run())
    assert otel.tree() == "parent\n  execute_tool a\n  execute_tool b"


def test_arguments_and_results_only_when_opted_in(otel: Any) -> None:
    convention = DefaultToolCallingObservationConvention(
        include_arguments=True, include_result=True
    )
    manager = (
        DefaultToolCallingManager.builder()
        .tracer_provider(otel.provider)
        .observation_convention(convention)
        .build()
    )
    manager.execute_tool_calls(prompt(MissionTool("a")), calls("a", arguments='{"x": 1}'))
    attributes = dict(otel.span("execute_tool a").attributes or {})
    assert attributes["spring.ai.tool.call.arguments"] == '{"x": 1}'
    assert attributes["gen_ai.tool.call.arguments"] == '{"x": 1}'
    assert attributes["spring.ai.tool.call.result"] == "Mission accomplished!"


def test_failing_tool_span_records_the_error(otel: Any) -> None:
    class Broken(MissionTool):
        def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
            raise LookupError("broken")

    manager = DefaultToolCallingManager.builder().tracer_provider(otel.provider).build()
    with pytest.raises(LookupError):
        manager.execute_tool_calls(prompt(Broken("b")), calls("b"))
    assert otel.span("execute_tool b").status.is_ok is False


def test_plain_chat_options_carry_no_tools() -> None:
    manager = DefaultToolCallingManager.builder().build()
    with pytest.raises(RuntimeError, match="No ToolCallback found for tool name: a"):
        manager.execute_tool_calls(Prompt("x", ChatOptions()), calls("a"))


# -- batch size, manager timeout, shared tool context --------------------------------


def _batch(name: str, count: int) -> ChatResponse:
    tool_calls = [
        AssistantMessage.ToolCall(f"id{i}", "function", name, f'{{"index": {i}}}')
        for i in range(count)
    ]
    return ChatResponse([Generation(AssistantMessage("", tool_calls=tool_calls))])


def test_all_blocking_calls_of_a_large_batch_run_at_once() -> None:
    """Twelve blocking calls meet at one barrier: they must all run at the same time
    (the default pool of ``cpu_count + 4`` threads would deadlock here on 2 cores)."""
    barrier = threading.Barrier(12, timeout=10)

    @tool
    def gather(index: int) -> str:
        barrier.wait()
        return f"ok {index}"

    manager = DefaultToolCallingManager.builder().build()
    result = manager.execute_tool_calls(prompt(gather), _batch("gather", 12))
    assert [r.response_data for r in last_responses(result.conversation_history)] == [
        f"ok {i}" for i in range(12)
    ]


def test_max_concurrent_tool_calls_bounds_a_batch() -> None:
    tracker = Concurrency()

    @tool
    def work(index: int) -> str:
        tracker.enter()
        time.sleep(0.01)
        tracker.leave()
        return str(index)

    manager = DefaultToolCallingManager.builder().max_concurrent_tool_calls(2).build()
    result = manager.execute_tool_calls(prompt(work), _batch("work", 6))
    assert [r.response_data for r in last_responses(result.conversation_history)] == [
        str(i) for i in range(6)
    ]
    assert tracker.peak <= 2
    asyncio.run(manager.aexecute_tool_calls(prompt(work), _batch("work", 6)))
    assert tracker.peak <= 2
    with pytest.raises(ValueError, match="max_concurrent_tool_calls must be greater than 0"):
        DefaultToolCallingManager.builder().max_concurrent_tool_calls(0)


def test_manager_tool_timeout_applies_to_tools_without_their_own() -> None:
    release = threading.Event()

    @tool
    def hanging() -> str:
        release.wait(10)
        return "late"

    @tool(timeout=5)
    def patient() -> str:
        return "on time"

    manager = DefaultToolCallingManager.builder().tool_timeout(0.05).build()
    try:
        result = manager.execute_tool_calls(prompt(hanging, patient), calls("hanging", "patient"))
    finally:
        release.set()
    assert last_responses(result.conversation_history) == [
        R("hanging", "hanging", "Tool 'hanging' did not complete within 0.05 seconds"),
        R("patient", "patient", "on time"),
    ]
    with pytest.raises(ValueError, match="tool_timeout must be greater than 0"):
        DefaultToolCallingManager.builder().tool_timeout(0)


def test_manager_tool_timeout_on_the_async_path() -> None:
    @tool
    async def stuck() -> str:
        await asyncio.sleep(10)
        return "late"

    manager = DefaultToolCallingManager.builder().tool_timeout(0.05).build()
    result = asyncio.run(manager.aexecute_tool_calls(prompt(stuck), calls("stuck")))
    assert last_responses(result.conversation_history) == [
        R("stuck", "stuck", "Tool 'stuck' did not complete within 0.05 seconds")
    ]


def test_without_a_timeout_a_tool_is_waited_for() -> None:
    """Off by default (as in Spring): a slow tool's result is awaited, never cut off."""

    @tool
    def slow() -> str:
        time.sleep(0.05)
        return "done slowly"

    manager = DefaultToolCallingManager.builder().build()
    result = manager.execute_tool_calls(prompt(slow), calls("slow"))
    assert last_responses(result.conversation_history) == [R("slow", "slow", "done slowly")]


class OverlapDetector(dict[str, Any]):
    """An advisor context that notices two writes running inside each other."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = 0
        self.overlapped = False
        self.guard = threading.Lock()

    def __setitem__(self, key: str, value: Any) -> None:
        with self.guard:
            self.inside += 1
            self.overlapped = self.overlapped or self.inside > 1
        time.sleep(0.002)  # widen the window a racing writer would fall into
        super().__setitem__(key, value)
        with self.guard:
            self.inside -= 1


def test_parallel_tool_context_writes_are_serialized() -> None:
    barrier = threading.Barrier(8, timeout=10)

    @tool
    def record(index: int, tool_context: ToolContext) -> str:
        barrier.wait()
        for round_ in range(5):
            tool_context.put(f"tool{index}", round_)
            tool_context.get_context().setdefault("first", index)
        return "ok"

    advisor_context = OverlapDetector()
    manager = DefaultToolCallingManager.builder().build()
    with ToolCallContextHolder.bound(advisor_context):
        manager.execute_tool_calls(prompt(record), _batch("record", 8))
    assert not advisor_context.overlapped
    assert {k: v for k, v in advisor_context.items() if k != "first"} == {
        f"tool{i}": 4 for i in range(8)
    }
    assert advisor_context["first"] in range(8)
