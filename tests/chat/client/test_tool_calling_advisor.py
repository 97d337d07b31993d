"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.advisor.ToolCallingAdvisorTests`:
47 tests ported, 0 skipped (Mockito's ToolCallingManager is the scripted manager of
tool_loop_support), plus the port's own tool-loop tests (builder copies, the deprecated
``ToolCallAdvisor`` alias, streamed tool-call fragments, finalize hooks)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from tool_loop_support import (
    R,
    ScriptedManager,
    TerminalCallAdvisor,
    TerminalStreamAdvisor,
    collect,
    execution_result,
    request,
    response,
    sequence,
    stream_sequence,
)

from spring_ai_py.chat.client import ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import (
    DefaultAroundAdvisorChain,
    ToolCallAdvisor,
    ToolCallingAdvisor,
)
from spring_ai_py.chat.client.advisor.api import BaseAdvisor, CallAdvisorChain, StreamAdvisorChain
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.metadata import ChatResponseMetadata, DefaultUsage, Usage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.core import Ordered
from spring_ai_py.model.tool import (
    DefaultToolCallingManager,
    ToolCallingChatOptions,
    ToolCallLimitExceededException,
    ToolExecutionResult,
)
from spring_ai_py.tool import tool


def chain(*advisors: Any) -> DefaultAroundAdvisorChain:
    return DefaultAroundAdvisorChain.builder().push_all(list(advisors)).build()


def advisor(manager: Any = None, **settings: Any) -> ToolCallingAdvisor:
    builder = ToolCallingAdvisor.builder()
    if manager is not None:
        builder.tool_calling_manager(manager)
    for name, value in settings.items():
        if value is None:
            getattr(builder, name)()
        else:
            getattr(builder, name)(value)
    return builder.build()


def assert_usage(usage: Usage, prompt: int, completion: int, total: int) -> None:
    assert (usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()) == (
        prompt,
        completion,
        total,
    )


# -- builder ---------------------------------------------------------------------------


def test_when_tool_calling_manager_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="tool_calling_manager must not be null"):
        ToolCallingAdvisor.builder().tool_calling_manager(None).build()


def test_when_advisor_order_is_out_of_range_then_throw() -> None:
    for order in (Ordered.HIGHEST_PRECEDENCE, Ordered.LOWEST_PRECEDENCE):
        with pytest.raises(
            ValueError,
            match="advisor_order must be between HIGHEST_PRECEDENCE and LOWEST_PRECEDENCE",
        ):
            ToolCallingAdvisor.builder().advisor_order(order).build()


def test_when_tool_execution_eligibility_checker_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="tool_execution_eligibility_checker must not be null"):
        ToolCallingAdvisor.builder().tool_execution_eligibility_checker(None).build()


def test_builder_method_chaining() -> None:
    manager = ScriptedManager(execution_result())
    built = (
        ToolCallingAdvisor.builder()
        .tool_calling_manager(manager)
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 500)
        .build()
    )
    assert built.get_order() == Ordered.HIGHEST_PRECEDENCE + 500
    assert built.get_name() == "Tool Calling Advisor"


def test_default_values() -> None:
    default = ToolCallingAdvisor.builder().build()
    assert (
        default.get_order() == Ordered.HIGHEST_PRECEDENCE + 300 == ToolCallingAdvisor.DEFAULT_ORDER
    )
    assert default.get_name() == "Tool Calling Advisor"
    assert default.is_conversation_history_enabled() is True
    assert isinstance(default.tool_calling_manager, DefaultToolCallingManager)


def test_builder_getters() -> None:
    manager = ScriptedManager(execution_result())
    builder = (
        ToolCallingAdvisor.builder()
        .tool_calling_manager(manager)
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 500)
    )
    assert builder.get_tool_calling_manager() is manager
    assert builder.get_advisor_order() == Ordered.HIGHEST_PRECEDENCE + 500


def test_get_name() -> None:
    assert ToolCallingAdvisor.builder().build().get_name() == "Tool Calling Advisor"


def test_get_order() -> None:
    custom_order = Ordered.HIGHEST_PRECEDENCE + 400
    assert ToolCallingAdvisor.builder().advisor_order(custom_order).build().get_order() == custom_order


def test_extended_builder_with_custom_builder() -> None:
    class TestableToolCallingAdvisor(ToolCallingAdvisor):
        @classmethod
        def test_builder(cls) -> TestableBuilder:
            return TestableBuilder()

    class TestableBuilder(ToolCallingAdvisor.Builder):
        def build(self) -> TestableToolCallingAdvisor:
            return TestableToolCallingAdvisor(
                self.get_tool_calling_manager(),  # type: ignore[arg-type]
                self.get_tool_execution_eligibility_checker(),  # type: ignore[arg-type]
                self.get_advisor_order(),
                self.is_conversation_history_enabled(),
            )

    manager = ScriptedManager(execution_result())
    built = (
        TestableToolCallingAdvisor.test_builder()
        .tool_calling_manager(manager)
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 450)
        .build()
    )
    assert isinstance(built, TestableToolCallingAdvisor)
    assert built.get_order() == Ordered.HIGHEST_PRECEDENCE + 450


def test_builder_copy_keeps_settings_and_type() -> None:
    class SubBuilder(ToolCallingAdvisor.Builder):
        pass

    original = (
        SubBuilder()
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 450)
        .disable_internal_conversation_history()
    )
    copy = original.copy()
    assert type(copy) is SubBuilder
    assert copy.get_advisor_order() == Ordered.HIGHEST_PRECEDENCE + 450
    assert copy.is_conversation_history_enabled() is False
    copy.conversation_history_enabled(True)
    assert original.is_conversation_history_enabled() is False


def test_deprecated_tool_call_advisor_alias() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        built = ToolCallAdvisor.builder().build()
    assert isinstance(built, ToolCallAdvisor) and isinstance(built, ToolCallingAdvisor)
    assert any(issubclass(w.category, DeprecationWarning) for w in caught)


# -- argument checks and pass-through ---------------------------------------------------


def test_when_chat_client_request_is_null_then_throw() -> None:
    tool_advisor = advisor()
    terminal_chain = chain(tool_advisor, TerminalCallAdvisor(sequence(response(False))))
    with pytest.raises(ValueError, match="chat_client_request must not be null"):
        tool_advisor.advise_call(None, terminal_chain)  # type: ignore[arg-type]


def test_when_call_advisor_chain_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="call_advisor_chain must not be null"):
        advisor().advise_call(request(), None)  # type: ignore[arg-type]


def test_when_stream_advisor_chain_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="stream_advisor_chain must not be null"):
        advisor().advise_stream(request(), None)  # type: ignore[arg-type]


def test_when_stream_chat_client_request_is_null_then_throw() -> None:
    tool_advisor = advisor()
    terminal_chain = chain(tool_advisor, TerminalCallAdvisor(sequence(response(False))))
    with pytest.raises(ValueError, match="chat_client_request must not be null"):
        tool_advisor.advise_stream(None, terminal_chain)  # type: ignore[arg-type]


def assert_call_passes_through(options: ChatOptions | None) -> None:
    manager = ScriptedManager(execution_result())
    plain = ChatClientRequest(Prompt([UserMessage("test")], options), {})
    expected = response(True)
    terminal = TerminalCallAdvisor(sequence(expected))
    tool_advisor = advisor(manager)
    assert tool_advisor.advise_call(plain, chain(tool_advisor, terminal)) is expected
    assert terminal.requests == [plain]
    assert manager.count == 0


def test_when_options_are_null_then_pass_through() -> None:
    assert_call_passes_through(None)


def test_when_options_are_not_tool_calling_chat_options_then_pass_through() -> None:
    assert_call_passes_through(ChatOptions(model="m"))


def test_when_stream_options_are_not_tool_calling_chat_options_then_pass_through() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    for options in (ChatOptions(model="m"), None):
        plain = ChatClientRequest(Prompt([UserMessage("test")], options), {})
        expected = response(True)
        stream_terminal = TerminalStreamAdvisor(stream_sequence([expected]))
        assert collect(tool_advisor.advise_stream(plain, chain(tool_advisor, stream_terminal))) == [
            expected
        ]
        assert stream_terminal.requests == [plain]
    assert manager.count == 0


# -- eligibility checker ----------------------------------------------------------------


def test_custom_checker_suppresses_tool_execution_in_call_path() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager, tool_execution_eligibility_checker=lambda r: False)
    with_tool_call = response(True)
    result = tool_advisor.advise_call(
        request(), chain(tool_advisor, TerminalCallAdvisor(sequence(with_tool_call)))
    )
    assert result is with_tool_call
    assert manager.count == 0


def test_custom_checker_suppresses_tool_execution_in_stream_path() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager, tool_execution_eligibility_checker=lambda r: False)
    results = collect(
        tool_advisor.advise_stream(
            request(), chain(tool_advisor, TerminalStreamAdvisor(stream_sequence([response(True)])))
        )
    )
    assert len(results) == 1
    assert manager.count == 0


def test_custom_checker_forces_tool_execution_on_response_without_tool_calls() -> None:
    checks = [0]

    def first_only(_response: ChatResponse) -> bool:
        checks[0] += 1
        return checks[0] == 1

    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager, tool_execution_eligibility_checker=first_only)
    without = response(False)
    terminal = TerminalCallAdvisor(sequence(without))
    result = tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert len(terminal.requests) == 2
    assert manager.count == 1
    assert result is without


# -- call path ---------------------------------------------------------------------------


def test_advise_call_without_tool_calls() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    final = response(False)
    assert (
        tool_advisor.advise_call(
            request(), chain(tool_advisor, TerminalCallAdvisor(sequence(final)))
        )
        is final
    )
    assert manager.count == 0


def test_advise_call_with_null_chat_response() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    empty = ChatClientResponse(None, {})
    assert (
        tool_advisor.advise_call(
            request(), chain(tool_advisor, TerminalCallAdvisor(sequence(empty)))
        )
        is empty
    )
    assert manager.count == 0


def test_advise_call_with_single_tool_call_iteration() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    final = response(False)
    terminal = TerminalCallAdvisor(sequence(response(True), final))
    assert tool_advisor.advise_call(request(), chain(tool_advisor, terminal)) is final
    assert len(terminal.requests) == 2
    assert manager.count == 1
    assert terminal.requests[1].prompt.get_instructions() == execution_result().conversation_history


def test_advise_call_with_multiple_tool_call_iterations() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    final = response(False)
    terminal = TerminalCallAdvisor(sequence(response(True), response(True), final))
    assert tool_advisor.advise_call(request(), chain(tool_advisor, terminal)) is final
    assert len(terminal.requests) == 3
    assert manager.count == 2


def test_advise_call_with_return_direct_tool_execution() -> None:
    manager = ScriptedManager(execution_result(return_direct=True))
    tool_advisor = advisor(manager)
    terminal = TerminalCallAdvisor(sequence(response(True)))
    result = tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert manager.count == 1 and len(terminal.requests) == 1
    assert result.chat_response is not None
    (generation,) = result.chat_response.get_results()
    assert generation.get_output().get_text() == "Tool result data"
    assert generation.get_metadata().get_finish_reason() == ToolExecutionResult.FINISH_REASON


def test_advise_call_accumulates_usage_across_tool_call_iterations() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    final = response(False, DefaultUsage(1, 2, 3))
    terminal = TerminalCallAdvisor(sequence(response(True, DefaultUsage(10, 20, 30)), final))
    result = tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert result.chat_response is not None and final.chat_response is not None
    assert_usage(result.chat_response.get_metadata().get_usage(), 11, 22, 33)
    assert result.chat_response.get_results() == final.chat_response.get_results()


def test_advise_call_accumulates_cache_metrics_and_drops_native_usage() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    terminal = TerminalCallAdvisor(
        sequence(
            response(True, DefaultUsage(10, 20, 30, object(), 100, 5)),
            response(False, DefaultUsage(1, 2, 3, object(), 200, 0)),
        )
    )
    result = tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert result.chat_response is not None
    usage = result.chat_response.get_metadata().get_usage()
    assert_usage(usage, 11, 22, 33)
    assert (usage.get_cache_read_input_tokens(), usage.get_cache_write_input_tokens()) == (300, 5)
    assert usage.get_native_usage() is None


def test_advise_call_keeps_single_call_usage_when_no_tool_call() -> None:
    tool_advisor = advisor(ScriptedManager(execution_result()))
    final = response(False, DefaultUsage(1, 2, 3))
    result = tool_advisor.advise_call(
        request(), chain(tool_advisor, TerminalCallAdvisor(sequence(final)))
    )
    assert result is final


def test_advise_call_preserves_accumulated_usage_for_return_direct() -> None:
    manager = ScriptedManager(execution_result(), execution_result(return_direct=True))
    tool_advisor = advisor(manager)
    terminal = TerminalCallAdvisor(
        sequence(response(True, DefaultUsage(10, 20, 30)), response(True, DefaultUsage(1, 2, 3)))
    )
    result = tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert result.chat_response is not None
    assert_usage(result.chat_response.get_metadata().get_usage(), 11, 22, 33)
    assert [g.get_output().get_text() for g in result.chat_response.get_results()] == [
        "Tool result data"
    ]
    assert manager.count == 2


# -- conversation history ---------------------------------------------------------------


def test_conversation_history_enabled_default_value() -> None:
    """By default the next round gets the whole history the manager returned."""
    result = execution_result()
    manager = ScriptedManager(result)
    tool_advisor = advisor(manager)
    final = response(False)
    terminal = TerminalCallAdvisor(sequence(response(True), final))
    assert tool_advisor.advise_call(request(), chain(tool_advisor, terminal)) is final
    assert terminal.requests[1].prompt.get_instructions() == result.conversation_history


def test_conversation_history_enabled_set_to_false() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager, conversation_history_enabled=False)
    final = response(False)
    terminal = TerminalCallAdvisor(sequence(response(True), final))
    assert tool_advisor.advise_call(request(), chain(tool_advisor, terminal)) is final
    assert manager.count == 1
    # only the last history message follows the (here empty) system message, as in Spring
    assert [type(m) for m in terminal.requests[1].prompt.get_instructions()] == [
        SystemMessage,
        ToolResponseMessage,
    ]


def test_disable_internal_conversation_history_builder_method() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager, disable_internal_conversation_history=None)
    terminal = TerminalCallAdvisor(sequence(response(True), response(False)))
    tool_advisor.advise_call(request(system=True), chain(tool_advisor, terminal))
    instructions = terminal.requests[1].prompt.get_instructions()
    assert [type(m) for m in instructions] == [SystemMessage, ToolResponseMessage]
    assert instructions[0].get_text() == "You are a helpful assistant"


def test_history_disabled_on_the_stream_path() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager, conversation_history_enabled=False)
    terminal = TerminalStreamAdvisor(stream_sequence([response(True)], [response(False)]))
    collect(tool_advisor.advise_stream(request(system=True), chain(tool_advisor, terminal)))
    assert [type(m) for m in terminal.requests[1].prompt.get_instructions()] == [
        SystemMessage,
        ToolResponseMessage,
    ]


def round_results() -> tuple[ToolExecutionResult, ToolExecutionResult, list[Message]]:
    round1: list[Message] = [
        UserMessage("test"),
        AssistantMessage(""),
        ToolResponseMessage([R("tool-1", "testTool", "round1")]),
    ]
    round2 = [
        *round1,
        AssistantMessage(""),
        ToolResponseMessage([R("tool-2", "testTool", "round2")]),
    ]
    return ToolExecutionResult(round1), ToolExecutionResult(round2), round1


def test_when_conversation_history_disabled_then_execute_tool_calls_still_sees_full_turn_history() -> None:
    first, second, round1 = round_results()
    manager = ScriptedManager(first, second)
    tool_advisor = advisor(manager, disable_internal_conversation_history=None)
    terminal = TerminalCallAdvisor(sequence(response(True), response(True), response(False)))
    tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert len(manager.prompts[0].get_instructions()) == 1
    assert manager.prompts[1].get_instructions() == round1


def test_when_conversation_history_disabled_then_stream_execute_tool_calls_still_sees_full_turn_history() -> None:
    first, second, round1 = round_results()
    manager = ScriptedManager(first, second)
    tool_advisor = advisor(manager, disable_internal_conversation_history=None)
    terminal = TerminalStreamAdvisor(
        stream_sequence([response(True)], [response(True)], [response(False)])
    )
    collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    assert len(manager.prompts[0].get_instructions()) == 1
    assert manager.prompts[1].get_instructions() == round1


# -- limits -------------------------------------------------------------------------------


def limit_breach() -> tuple[ToolCallLimitExceededException, R, R]:
    ok = R("tool-1", "testTool", "successful result")
    breach = R("tool-2", "testTool", "Tool call limit (1) exceeded for tool 'testTool'.")
    partial = ToolExecutionResult(
        [UserMessage("test"), AssistantMessage(""), ToolResponseMessage([ok, breach])]
    )
    return ToolCallLimitExceededException("testTool", 1, partial), ok, breach


def assert_breach_generation(chat_response: ChatResponse | None, ok: R, breach: R) -> None:
    assert chat_response is not None
    (generation,) = chat_response.get_results()
    assert generation.get_output().get_text() == breach.response_data
    assert (
        generation.get_metadata().get_finish_reason()
        == ToolCallLimitExceededException.FINISH_REASON
    )
    assert generation.get_metadata().get(
        ToolCallLimitExceededException.METADATA_PARTIAL_TOOL_RESPONSES
    ) == [ok]


def test_when_tool_call_limit_exceeded_then_advise_call_returns_partial_result() -> None:
    error, ok, breach = limit_breach()
    manager = ScriptedManager(error)
    tool_advisor = advisor(manager)
    terminal = TerminalCallAdvisor(sequence(response(True)))
    result = tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert manager.count == 1 and len(terminal.requests) == 1
    assert_breach_generation(result.chat_response, ok, breach)


def test_when_tool_call_limit_exceeded_then_advise_stream_returns_partial_result() -> None:
    error, ok, breach = limit_breach()
    manager = ScriptedManager(error)
    tool_advisor = advisor(manager)
    results = collect(
        tool_advisor.advise_stream(
            request(), chain(tool_advisor, TerminalStreamAdvisor(stream_sequence([response(True)])))
        )
    )
    assert manager.count == 1
    (only,) = results
    assert_breach_generation(only.chat_response, ok, breach)


# -- stream path ------------------------------------------------------------------------


def test_advise_stream_without_tool_calls() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    final = response(False)
    results = collect(
        tool_advisor.advise_stream(
            request(), chain(tool_advisor, TerminalStreamAdvisor(stream_sequence([final])))
        )
    )
    assert [r.chat_response for r in results] == [final.chat_response]
    assert manager.count == 0


def test_advise_stream_with_single_tool_call_iteration() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    terminal = TerminalStreamAdvisor(stream_sequence([response(True)], [response(False)]))
    results = collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    assert len(results) == 1 and len(terminal.requests) == 2 and manager.count == 1


def test_stream_emits_text_chunks_of_a_tool_round_but_not_the_tool_call_chunks() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    terminal = TerminalStreamAdvisor(
        stream_sequence(
            [response(False, content="Let me check. "), response(True, content="")],
            [response(False, content="Sunny")],
        )
    )
    results = collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    assert [
        r.chat_response.get_result().get_output().get_text() for r in results if r.chat_response
    ] == [
        "Let me check. ",
        "Sunny",
    ]


def test_advise_stream_with_return_direct_tool_execution() -> None:
    manager = ScriptedManager(execution_result(return_direct=True))
    tool_advisor = advisor(manager)
    results = collect(
        tool_advisor.advise_stream(
            request(), chain(tool_advisor, TerminalStreamAdvisor(stream_sequence([response(True)])))
        )
    )
    assert manager.count == 1
    (only,) = results
    assert only.chat_response is not None
    assert [g.get_output().get_text() for g in only.chat_response.get_results()] == [
        "Tool result data"
    ]


def test_advise_stream_accumulates_previous_loop_usage_on_usage_bearing_chunk() -> None:
    tool_advisor = advisor(ScriptedManager(execution_result()))
    terminal = TerminalStreamAdvisor(
        stream_sequence(
            [response(True, DefaultUsage(10, 20, 30))], [response(False, DefaultUsage(1, 2, 3))]
        )
    )
    (only,) = collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    assert only.chat_response is not None
    assert_usage(only.chat_response.get_metadata().get_usage(), 11, 22, 33)


def test_advise_stream_accumulates_previous_loop_usage_only_on_usage_bearing_chunks() -> None:
    tool_advisor = advisor(ScriptedManager(execution_result()))
    terminal = TerminalStreamAdvisor(
        stream_sequence(
            [response(True, DefaultUsage(10, 20, 30))],
            [
                response(False, DefaultUsage(0, 0, 0), "Hello "),
                response(False, DefaultUsage(1, 2, 3), "world"),
                response(False, DefaultUsage(0, 0, 0), "!"),
            ],
        )
    )
    results = collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    usages = [
        r.chat_response.get_metadata().get_usage().get_total_tokens()
        for r in results
        if r.chat_response
    ]
    assert usages == [0, 33, 0]
    assert [
        r.chat_response.get_result().get_output().get_text() for r in results if r.chat_response
    ] == ["Hello ", "world", "!"]


def test_advise_stream_emits_accumulated_usage_when_final_round_reports_no_usage() -> None:
    tool_advisor = advisor(ScriptedManager(execution_result()))
    terminal = TerminalStreamAdvisor(
        stream_sequence(
            [response(True, DefaultUsage(10, 20, 30))], [response(False, DefaultUsage(0, 0, 0))]
        )
    )
    results = collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    assert len(results) == 2
    assert results[0].chat_response is not None and results[1].chat_response is not None
    assert results[0].chat_response.get_result().get_output().get_text() == "response"
    assert_usage(results[1].chat_response.get_metadata().get_usage(), 10, 20, 30)
    assert results[1].chat_response.get_results() == []


def test_advise_stream_keeps_accumulated_usage_subscription_local() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    rounds = [[response(True, DefaultUsage(10, 20, 30))], [response(False, DefaultUsage(1, 2, 3))]]
    terminal = TerminalStreamAdvisor(lambda _r: rounds[(len(terminal.requests) - 1) % 2])
    built = chain(tool_advisor, terminal)
    stream = tool_advisor.advise_stream(request(), built)
    first = collect(stream)
    second = collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    for results in (first, second):
        (only,) = results
        assert only.chat_response is not None
        assert_usage(only.chat_response.get_metadata().get_usage(), 11, 22, 33)
    assert len(terminal.requests) == 4 and manager.count == 2


def test_advise_stream_preserves_accumulated_usage_for_return_direct() -> None:
    manager = ScriptedManager(execution_result(), execution_result(return_direct=True))
    tool_advisor = advisor(manager)
    terminal = TerminalStreamAdvisor(
        stream_sequence(
            [response(True, DefaultUsage(10, 20, 30))], [response(True, DefaultUsage(1, 2, 3))]
        )
    )
    (only,) = collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    assert only.chat_response is not None
    assert_usage(only.chat_response.get_metadata().get_usage(), 11, 22, 33)
    assert [g.get_output().get_text() for g in only.chat_response.get_results()] == [
        "Tool result data"
    ]


def test_streamed_tool_call_fragments_are_assembled_before_execution() -> None:
    seen: list[str] = []

    @tool
    def get_weather(city: str, unit: str) -> str:
        seen.append(f"{city}/{unit}")
        return f"{city}: sunny"

    def fragment(tool_call: AssistantMessage.ToolCall | None, text: str = "") -> ChatClientResponse:
        message = AssistantMessage(text, tool_calls=[tool_call] if tool_call else [])
        return ChatClientResponse(ChatResponse([Generation(message)], ChatResponseMetadata()), {})

    deltas = [
        fragment(AssistantMessage.ToolCall("call_1", "function", "get_weather", "")),
        fragment(AssistantMessage.ToolCall("", "", "", '{"city": "Pa')),
        fragment(AssistantMessage.ToolCall("", "", "", 'ris", "unit": "C"}')),
        fragment(
            AssistantMessage.ToolCall(
                "call_2", "function", "get_weather", '{"city": "Rome", "unit": "F"}'
            )
        ),
    ]
    tool_advisor = advisor()
    terminal = TerminalStreamAdvisor(stream_sequence(deltas, [fragment(None, "Both sunny")]))
    options_request = ChatClientRequest(
        Prompt([UserMessage("weather?")], ToolCallingChatOptions(tool_callbacks=[get_weather])), {}
    )
    results = collect(tool_advisor.advise_stream(options_request, chain(tool_advisor, terminal)))
    assert sorted(seen) == ["Paris/C", "Rome/F"]
    assert [
        r.chat_response.get_result().get_output().get_text() for r in results if r.chat_response
    ] == ["Both sunny"]
    tool_message = terminal.requests[1].prompt.get_instructions()[-1]
    assert isinstance(tool_message, ToolResponseMessage)
    assert [(r.id, r.response_data) for r in tool_message.get_responses()] == [
        ("call_1", "Paris: sunny"),
        ("call_2", "Rome: sunny"),
    ]


# -- hooks --------------------------------------------------------------------------------


class CountingAdvisor(ToolCallingAdvisor):
    def __init__(self, manager: Any) -> None:
        super().__init__(
            manager,
            ToolCallingAdvisor.DEFAULT_TOOL_EXECUTION_ELIGIBILITY_CHECKER,
            ToolCallingAdvisor.DEFAULT_ORDER,
            True,
        )
        self.counts = {"initialize": 0, "before": 0, "after": 0, "finalize": 0}

    def do_initialize_loop(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientRequest:
        self.counts["initialize"] += 1
        return chat_client_request

    def do_before_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientRequest:
        self.counts["before"] += 1
        return chat_client_request

    def do_after_call(
        self, chat_client_response: ChatClientResponse, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self.counts["after"] += 1
        return chat_client_response

    def do_finalize_loop(
        self, chat_client_response: ChatClientResponse, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        self.counts["finalize"] += 1
        return chat_client_response

    def do_initialize_loop_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientRequest:
        self.counts["initialize"] += 1
        return chat_client_request

    def do_before_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientRequest:
        self.counts["before"] += 1
        return chat_client_request

    def do_after_stream(
        self, chat_client_response: ChatClientResponse, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientResponse:
        self.counts["after"] += 1
        return chat_client_response


def test_extended_advisor_with_custom_hooks() -> None:
    tool_advisor = CountingAdvisor(ScriptedManager(execution_result()))
    tool_advisor.advise_call(
        request(), chain(tool_advisor, TerminalCallAdvisor(sequence(response(False))))
    )
    assert tool_advisor.counts == {"initialize": 1, "before": 1, "after": 1, "finalize": 1}


def test_extended_advisor_hooks_called_multiple_times_with_tool_calls() -> None:
    tool_advisor = CountingAdvisor(ScriptedManager(execution_result()))
    tool_advisor.advise_call(
        request(),
        chain(tool_advisor, TerminalCallAdvisor(sequence(response(True), response(False)))),
    )
    assert tool_advisor.counts == {"initialize": 1, "before": 2, "after": 2, "finalize": 1}


def test_hooks_run_once_per_loop_and_once_per_round_on_the_stream_path() -> None:
    tool_advisor = CountingAdvisor(ScriptedManager(execution_result()))
    terminal = TerminalStreamAdvisor(stream_sequence([response(True)], [response(False)]))
    collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    assert (
        tool_advisor.counts["initialize"],
        tool_advisor.counts["before"],
        tool_advisor.counts["after"],
    ) == (1, 2, 2)


def test_finalize_stream_hook_can_replace_the_trailing_emissions() -> None:
    class Finalizing(ToolCallingAdvisor):
        def do_finalize_loop_stream(
            self, chat_client_responses: Any, stream_advisor_chain: StreamAdvisorChain
        ) -> Any:
            async def replaced() -> Any:
                async for item in chat_client_responses:
                    yield item
                yield ChatClientResponse(ChatResponse([Generation(AssistantMessage("[done]"))]), {})

            return replaced()

    tool_advisor = Finalizing(
        ScriptedManager(execution_result()),
        ToolCallingAdvisor.DEFAULT_TOOL_EXECUTION_ELIGIBILITY_CHECKER,
        0,
        True,
    )
    terminal = TerminalStreamAdvisor(
        stream_sequence([response(True)], [response(False, content="answer")])
    )
    results = collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    assert [
        r.chat_response.get_result().get_output().get_text() for r in results if r.chat_response
    ] == ["answer", "[done]"]


@tool
def injected_tool() -> str:
    return "x"


class InjectingAdvisor(ToolCallingAdvisor):
    """Like ToolSearchToolCallingAdvisor: adds a tool to the options of every round."""

    def __init__(self, manager: Any) -> None:
        super().__init__(
            manager,
            ToolCallingAdvisor.DEFAULT_TOOL_EXECUTION_ELIGIBILITY_CHECKER,
            ToolCallingAdvisor.DEFAULT_ORDER,
            True,
        )

    def _inject(self, chat_client_request: ChatClientRequest) -> ChatClientRequest:
        options = chat_client_request.prompt.get_options()
        assert isinstance(options, ToolCallingChatOptions)
        mutated = (
            options.mutate()
            .tool_callbacks([*(options.tool_callbacks or []), injected_tool])
            .build()
        )
        return ChatClientRequest(
            chat_client_request.prompt.mutate().chat_options(mutated).build(),
            chat_client_request.context,
        )

    def do_before_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientRequest:
        return self._inject(chat_client_request)

    def do_before_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> ChatClientRequest:
        return self._inject(chat_client_request)


def test_call_tool_execution_sees_options_mutated_by_do_before_call_hook() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = InjectingAdvisor(manager)
    tool_advisor.advise_call(
        request(),
        chain(tool_advisor, TerminalCallAdvisor(sequence(response(True), response(False)))),
    )
    options = manager.prompts[0].get_options()
    assert isinstance(options, ToolCallingChatOptions) and options.tool_callbacks == [injected_tool]


def test_stream_tool_execution_sees_options_mutated_by_do_before_stream_hook() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = InjectingAdvisor(manager)
    terminal = TerminalStreamAdvisor(stream_sequence([response(True)], [response(False)]))
    collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    options = manager.prompts[0].get_options()
    assert isinstance(options, ToolCallingChatOptions) and options.tool_callbacks == [injected_tool]


def test_hook_changing_the_options_type_is_rejected() -> None:
    class Breaking(ToolCallingAdvisor):
        def do_before_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientRequest:
            return ChatClientRequest(
                Prompt(chat_client_request.prompt.get_instructions(), ChatOptions()), {}
            )

    tool_advisor = Breaking(ScriptedManager(execution_result()), lambda r: True, 0, True)
    with pytest.raises(
        RuntimeError,
        match="do_before_call must not change the options type away from ToolCallingChatOptions",
    ):
        tool_advisor.advise_call(
            request(), chain(tool_advisor, TerminalCallAdvisor(sequence(response(True))))
        )


def test_advisor_inside_the_loop_runs_every_round() -> None:
    class Counter(BaseAdvisor):
        def __init__(self) -> None:
            self.rounds = 0

        def before(
            self, chat_client_request: ChatClientRequest, advisor_chain: Any
        ) -> ChatClientRequest:
            self.rounds += 1
            return chat_client_request

        def after(
            self, chat_client_response: ChatClientResponse, advisor_chain: Any
        ) -> ChatClientResponse:
            return chat_client_response

        def get_order(self) -> int:
            return ToolCallingAdvisor.DEFAULT_ORDER + 100

    counter = Counter()
    tool_advisor = advisor(ScriptedManager(execution_result()))
    tool_advisor.advise_call(
        request(),
        chain(
            tool_advisor, counter, TerminalCallAdvisor(sequence(response(True), response(False)))
        ),
    )
    assert counter.rounds == 2
    collect(
        tool_advisor.advise_stream(
            request(),
            chain(
                tool_advisor,
                counter,
                TerminalStreamAdvisor(stream_sequence([response(True)], [response(False)])),
            ),
        )
    )
    assert counter.rounds == 4
