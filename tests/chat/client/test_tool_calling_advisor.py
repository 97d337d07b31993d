"""``ToolCallingAdvisor`` on both paths (ported from Spring's ToolCallingAdvisorTests)."""

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


def test_null_manager_is_rejected() -> None:
    with pytest.raises(ValueError, match="tool_calling_manager must not be null"):
        ToolCallingAdvisor.builder().tool_calling_manager(None).build()


def test_order_out_of_range_is_rejected() -> None:
    for order in (Ordered.HIGHEST_PRECEDENCE, Ordered.LOWEST_PRECEDENCE):
        with pytest.raises(
            ValueError,
            match="advisor_order must be between HIGHEST_PRECEDENCE and LOWEST_PRECEDENCE",
        ):
            ToolCallingAdvisor.builder().advisor_order(order).build()


def test_null_checker_is_rejected() -> None:
    with pytest.raises(ValueError, match="tool_execution_eligibility_checker must not be null"):
        ToolCallingAdvisor.builder().tool_execution_eligibility_checker(None).build()


def test_builder_chaining_getters_and_defaults() -> None:
    manager = ScriptedManager(execution_result())
    custom = (
        ToolCallingAdvisor.builder()
        .tool_calling_manager(manager)
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 500)
    )
    built = custom.build()
    assert built.get_order() == Ordered.HIGHEST_PRECEDENCE + 500
    assert built.get_name() == "Tool Calling Advisor"
    assert custom.get_tool_calling_manager() is manager
    assert custom.get_advisor_order() == Ordered.HIGHEST_PRECEDENCE + 500
    default = ToolCallingAdvisor.builder().build()
    assert (
        default.get_order() == Ordered.HIGHEST_PRECEDENCE + 300 == ToolCallingAdvisor.DEFAULT_ORDER
    )
    assert default.is_conversation_history_enabled() is True
    assert isinstance(default.tool_calling_manager, DefaultToolCallingManager)


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


def test_null_arguments_are_rejected_on_both_paths() -> None:
    tool_advisor = advisor()
    terminal_chain = chain(tool_advisor, TerminalCallAdvisor(sequence(response(False))))
    with pytest.raises(ValueError, match="chat_client_request must not be null"):
        tool_advisor.advise_call(None, terminal_chain)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="call_advisor_chain must not be null"):
        tool_advisor.advise_call(request(), None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="stream_advisor_chain must not be null"):
        tool_advisor.advise_stream(request(), None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="chat_client_request must not be null"):
        tool_advisor.advise_stream(None, terminal_chain)  # type: ignore[arg-type]


@pytest.mark.parametrize("options", [None, ChatOptions(model="m")])
def test_without_tool_calling_options_the_request_passes_through(
    options: ChatOptions | None,
) -> None:
    manager = ScriptedManager(execution_result())
    plain = ChatClientRequest(Prompt([UserMessage("test")], options), {})
    expected = response(True)
    terminal = TerminalCallAdvisor(sequence(expected))
    tool_advisor = advisor(manager)
    assert tool_advisor.advise_call(plain, chain(tool_advisor, terminal)) is expected
    assert terminal.requests == [plain]
    stream_terminal = TerminalStreamAdvisor(stream_sequence([expected]))
    assert collect(tool_advisor.advise_stream(plain, chain(tool_advisor, stream_terminal))) == [
        expected
    ]
    assert stream_terminal.requests == [plain]
    assert manager.count == 0


# -- eligibility checker ----------------------------------------------------------------


def test_custom_checker_suppresses_tool_execution_on_the_call_path() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager, tool_execution_eligibility_checker=lambda r: False)
    with_tool_call = response(True)
    result = tool_advisor.advise_call(
        request(), chain(tool_advisor, TerminalCallAdvisor(sequence(with_tool_call)))
    )
    assert result is with_tool_call
    assert manager.count == 0


def test_custom_checker_suppresses_tool_execution_on_the_stream_path() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager, tool_execution_eligibility_checker=lambda r: False)
    results = collect(
        tool_advisor.advise_stream(
            request(), chain(tool_advisor, TerminalStreamAdvisor(stream_sequence([response(True)])))
        )
    )
    assert len(results) == 1
    assert manager.count == 0


def test_custom_checker_forces_tool_execution_on_a_response_without_tool_calls() -> None:
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


def test_call_without_tool_calls() -> None:
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


def test_call_with_null_chat_response() -> None:
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


def test_call_with_single_tool_call_iteration() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    final = response(False)
    terminal = TerminalCallAdvisor(sequence(response(True), final))
    assert tool_advisor.advise_call(request(), chain(tool_advisor, terminal)) is final
    assert len(terminal.requests) == 2
    assert manager.count == 1
    assert terminal.requests[1].prompt.get_instructions() == execution_result().conversation_history


def test_call_with_multiple_tool_call_iterations() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    final = response(False)
    terminal = TerminalCallAdvisor(sequence(response(True), response(True), final))
    assert tool_advisor.advise_call(request(), chain(tool_advisor, terminal)) is final
    assert len(terminal.requests) == 3
    assert manager.count == 2


def test_call_with_return_direct() -> None:
    manager = ScriptedManager(execution_result(return_direct=True))
    tool_advisor = advisor(manager)
    terminal = TerminalCallAdvisor(sequence(response(True)))
    result = tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert manager.count == 1 and len(terminal.requests) == 1
    assert result.chat_response is not None
    (generation,) = result.chat_response.get_results()
    assert generation.get_output().get_text() == "Tool result data"
    assert generation.get_metadata().get_finish_reason() == ToolExecutionResult.FINISH_REASON


def test_call_accumulates_usage_across_iterations() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = advisor(manager)
    final = response(False, DefaultUsage(1, 2, 3))
    terminal = TerminalCallAdvisor(sequence(response(True, DefaultUsage(10, 20, 30)), final))
    result = tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert result.chat_response is not None and final.chat_response is not None
    assert_usage(result.chat_response.get_metadata().get_usage(), 11, 22, 33)
    assert result.chat_response.get_results() == final.chat_response.get_results()


def test_call_accumulates_cache_metrics_and_drops_native_usage() -> None:
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


def test_call_keeps_single_call_usage() -> None:
    tool_advisor = advisor(ScriptedManager(execution_result()))
    final = response(False, DefaultUsage(1, 2, 3))
    result = tool_advisor.advise_call(
        request(), chain(tool_advisor, TerminalCallAdvisor(sequence(final)))
    )
    assert result is final


def test_call_return_direct_keeps_accumulated_usage() -> None:
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


def test_history_disabled_sends_the_system_message_and_the_last_message() -> None:
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


def test_history_disabled_manager_still_sees_the_full_turn_on_the_call_path() -> None:
    first, second, round1 = round_results()
    manager = ScriptedManager(first, second)
    tool_advisor = advisor(manager, disable_internal_conversation_history=None)
    terminal = TerminalCallAdvisor(sequence(response(True), response(True), response(False)))
    tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert len(manager.prompts[0].get_instructions()) == 1
    assert manager.prompts[1].get_instructions() == round1


def test_history_disabled_manager_still_sees_the_full_turn_on_the_stream_path() -> None:
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


def test_limit_exceeded_returns_the_breach_on_the_call_path() -> None:
    error, ok, breach = limit_breach()
    manager = ScriptedManager(error)
    tool_advisor = advisor(manager)
    terminal = TerminalCallAdvisor(sequence(response(True)))
    result = tool_advisor.advise_call(request(), chain(tool_advisor, terminal))
    assert manager.count == 1 and len(terminal.requests) == 1
    assert_breach_generation(result.chat_response, ok, breach)


def test_limit_exceeded_returns_the_breach_on_the_stream_path() -> None:
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


def test_stream_without_tool_calls() -> None:
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


def test_stream_with_single_tool_call_iteration_emits_only_the_final_round() -> None:
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


def test_stream_with_return_direct() -> None:
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


def test_stream_adds_previous_usage_to_the_usage_bearing_chunk() -> None:
    tool_advisor = advisor(ScriptedManager(execution_result()))
    terminal = TerminalStreamAdvisor(
        stream_sequence(
            [response(True, DefaultUsage(10, 20, 30))], [response(False, DefaultUsage(1, 2, 3))]
        )
    )
    (only,) = collect(tool_advisor.advise_stream(request(), chain(tool_advisor, terminal)))
    assert only.chat_response is not None
    assert_usage(only.chat_response.get_metadata().get_usage(), 11, 22, 33)


def test_stream_adds_previous_usage_only_to_usage_bearing_chunks() -> None:
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


def test_stream_emits_the_accumulated_usage_when_the_final_round_has_none() -> None:
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


def test_stream_usage_is_local_to_each_iteration() -> None:
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


def test_stream_return_direct_keeps_accumulated_usage() -> None:
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


def test_hooks_run_once_per_loop_and_once_per_round_on_the_call_path() -> None:
    tool_advisor = CountingAdvisor(ScriptedManager(execution_result()))
    tool_advisor.advise_call(
        request(), chain(tool_advisor, TerminalCallAdvisor(sequence(response(False))))
    )
    assert tool_advisor.counts == {"initialize": 1, "before": 1, "after": 1, "finalize": 1}
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


def test_call_tool_execution_sees_options_changed_by_do_before_call() -> None:
    manager = ScriptedManager(execution_result())
    tool_advisor = InjectingAdvisor(manager)
    tool_advisor.advise_call(
        request(),
        chain(tool_advisor, TerminalCallAdvisor(sequence(response(True), response(False)))),
    )
    options = manager.prompts[0].get_options()
    assert isinstance(options, ToolCallingChatOptions) and options.tool_callbacks == [injected_tool]


def test_stream_tool_execution_sees_options_changed_by_do_before_stream() -> None:
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
