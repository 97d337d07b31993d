"""Port of Spring AI 2.0.1 `org.springframework.ai.model.tool.DefaultToolCallingManagerTests`:
31 tests ported, 0 skipped.

Micrometer's ``ObservationRegistry`` is an OpenTelemetry ``TracerProvider`` (PORTING §6):
``None`` means the global provider, so it is accepted rather than rejected. Messages spell
identifiers the Python way (``tool_execution_exception_processor cannot be null``).
The port's own manager tests (parallel batches, timeouts, tool context, spans) are in
``test_default_tool_calling_manager.py``.
"""

from __future__ import annotations

from typing import Any

import pytest

from spring_ai_py.chat.messages import AssistantMessage, Message, ToolResponseMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse, Generation, ToolContext
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import (
    DefaultToolCallingManager,
    ToolCallingChatOptions,
    ToolCallingManager,
    ToolCallLimitBehavior,
    ToolCallLimitExceededException,
    ToolExecutionResult,
)
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.definition import DefaultToolDefinition, ToolDefinition
from spring_ai_py.tool.execution import (
    DefaultToolExecutionExceptionProcessor,
    ToolExecutionException,
)
from spring_ai_py.tool.metadata import ToolMetadata
from spring_ai_py.tool.method import MethodToolCallback
from spring_ai_py.tool.resolution import StaticToolCallbackResolver, ToolCallbackResolver

ToolResponse = ToolResponseMessage.ToolResponse


class TestToolCallback(ToolCallback):
    """Spring's ``TestToolCallback``."""

    __test__ = False

    def __init__(self, name: str, return_direct: bool = False) -> None:
        self.definition = DefaultToolDefinition.builder().name(name).input_schema("{}").build()
        self.metadata = ToolMetadata.builder().return_direct(return_direct).build()

    def get_tool_definition(self) -> ToolDefinition:
        return self.definition

    def get_tool_metadata(self) -> ToolMetadata:
        return self.metadata

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        return "Mission accomplished!"


class FailingToolCallback(ToolCallback):
    """Spring's ``FailingToolCallback``."""

    def __init__(self, name: str) -> None:
        self.definition = DefaultToolDefinition.builder().name(name).input_schema("{}").build()

    def get_tool_definition(self) -> ToolDefinition:
        return self.definition

    def call(self, tool_input: str, tool_context: ToolContext | None = None) -> str:
        raise ToolExecutionException(self.definition, RuntimeError("You failed this city!"))


class TestGenericClass:
    """Spring's ``TestGenericClass``: a method tool and one that takes the tool context."""

    __test__ = False
    CALL_RESULT_JSON = '{\n\t"result": "Mission accomplished!"\n}\n'
    CALL_WITH_TOOL_CONTEXT_RESULT_JSON = '{\n\t"result": "ToolContext mission accomplished!"\n}\n'

    def call(self, tool_input: str | None = None) -> str:
        return self.CALL_RESULT_JSON

    def call_with_tool_context(self, tool_context: ToolContext) -> str:
        assert tool_context.get("key") == "value"
        return self.CALL_WITH_TOOL_CONTEXT_RESULT_JSON


def _chat_response(*tool_calls: AssistantMessage.ToolCall) -> ChatResponse:
    message = (
        AssistantMessage.builder().content("").properties({}).tool_calls(list(tool_calls)).build()
    )
    return ChatResponse.builder().generations([Generation(message)]).build()


def _call(name: str) -> AssistantMessage.ToolCall:
    return AssistantMessage.ToolCall(name, "function", name, "{}")


def _hello(*history: Message) -> Prompt:
    return Prompt(list(history) or [UserMessage("Hello")], ToolCallingChatOptions.builder().build())


def _expected(*responses: ToolResponse) -> ToolResponseMessage:
    return ToolResponseMessage.builder().responses(list(responses)).build()


def _manager(*callbacks: ToolCallback, fallback: bool = True, **limits: Any) -> ToolCallingManager:
    builder = DefaultToolCallingManager.builder().tool_callback_resolver(
        StaticToolCallbackResolver(list(callbacks))
    )
    if fallback:
        builder.resolution_fallback_enabled(True)
    for name, value in limits.items():
        getattr(builder, name)(*value) if isinstance(value, tuple) else getattr(builder, name)(
            value
        )
    return builder.build()


# BUILD


def test_when_default_arguments_then_return() -> None:
    assert isinstance(DefaultToolCallingManager.builder().build(), DefaultToolCallingManager)
    assert isinstance(ToolCallingManager.builder().build(), DefaultToolCallingManager)


def test_when_observation_registry_is_null_then_throw() -> None:
    """The port's contract: ``tracer_provider(None)`` selects the global provider."""
    manager = (
        DefaultToolCallingManager.builder()
        .tracer_provider(None)
        .tool_callback_resolver(StaticToolCallbackResolver([]))
        .tool_execution_exception_processor(DefaultToolExecutionExceptionProcessor())
        .build()
    )
    assert isinstance(manager, DefaultToolCallingManager)


def test_when_tool_callback_resolver_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^tool_callback_resolver cannot be null$"):
        (
            DefaultToolCallingManager.builder()
            .tool_callback_resolver(None)
            .tool_execution_exception_processor(DefaultToolExecutionExceptionProcessor())
            .build()
        )


def test_when_tool_call_exception_converter_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^tool_execution_exception_processor cannot be null$"):
        (
            DefaultToolCallingManager.builder()
            .tool_callback_resolver(StaticToolCallbackResolver([]))
            .tool_execution_exception_processor(None)
            .build()
        )


# RESOLVE TOOL DEFINITIONS


def test_when_chat_options_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^chat_options cannot be null$"):
        DefaultToolCallingManager.builder().build().resolve_tool_definitions(None)  # type: ignore[arg-type]


def test_when_tool_callback_exists_then_resolve() -> None:
    callback = TestToolCallback("toolA")
    definitions = (
        ToolCallingManager.builder()
        .build()
        .resolve_tool_definitions(ToolCallingChatOptions.builder().tool_callbacks(callback).build())
    )
    assert definitions == [callback.get_tool_definition()]


# EXECUTE TOOL CALLS


def test_when_prompt_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^prompt cannot be null$"):
        DefaultToolCallingManager.builder().build().execute_tool_calls(None, _chat_response())  # type: ignore[arg-type]


def test_when_chat_response_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match=r"^chat_response cannot be null$"):
        DefaultToolCallingManager.builder().build().execute_tool_calls(_hello(), None)  # type: ignore[arg-type]


def test_when_no_tool_call_in_chat_response_then_throw() -> None:
    manager = DefaultToolCallingManager.builder().build()
    with pytest.raises(RuntimeError, match=r"^No tool call requested by the chat model$"):
        manager.execute_tool_calls(_hello(), ChatResponse.builder().generations([]).build())


def test_when_tool_callback_fallback_is_default_then_unlisted_tool_is_rejected() -> None:
    manager = _manager(TestToolCallback("resolverOnlyTool"), fallback=False)
    with pytest.raises(
        RuntimeError, match=r"^No ToolCallback found for tool name: resolverOnlyTool$"
    ):
        manager.execute_tool_calls(_hello(), _chat_response(_call("resolverOnlyTool")))


def test_when_tool_callback_resolver_enabled_then_unlisted_tool_is_resolved() -> None:
    manager = _manager(TestToolCallback("resolverOnlyTool"))
    result = manager.execute_tool_calls(_hello(), _chat_response(_call("resolverOnlyTool")))
    assert (
        _expected(ToolResponse("resolverOnlyTool", "resolverOnlyTool", "Mission accomplished!"))
        in result.conversation_history
    )


def test_when_single_tool_call_in_chat_response_then_execute() -> None:
    manager = _manager(TestToolCallback("toolA"))
    result = manager.execute_tool_calls(_hello(), _chat_response(_call("toolA")))
    assert result.conversation_history[-1] == _expected(
        ToolResponse("toolA", "toolA", "Mission accomplished!")
    )
    assert result.return_direct is False


def test_when_single_tool_call_with_return_direct_in_chat_response_then_execute() -> None:
    manager = _manager(TestToolCallback("toolA", True))
    result = manager.execute_tool_calls(_hello(), _chat_response(_call("toolA")))
    assert (
        _expected(ToolResponse("toolA", "toolA", "Mission accomplished!"))
        in result.conversation_history
    )
    assert result.return_direct is True


def test_when_multiple_tool_calls_in_chat_response_then_execute() -> None:
    manager = _manager(TestToolCallback("toolA"), TestToolCallback("toolB"))
    result = manager.execute_tool_calls(_hello(), _chat_response(_call("toolA"), _call("toolB")))
    assert result.conversation_history[-1] == _expected(
        ToolResponse("toolA", "toolA", "Mission accomplished!"),
        ToolResponse("toolB", "toolB", "Mission accomplished!"),
    )


def test_when_duplicate_mixed_tool_calls_in_chat_response_then_execute() -> None:
    manager = ToolCallingManager.builder().build()
    prompt = Prompt(
        UserMessage("Hello"),
        ToolCallingChatOptions.builder().tool_callbacks(TestToolCallback("toolA")).build(),
    )
    result = manager.execute_tool_calls(prompt, _chat_response(_call("toolA")))
    assert (
        _expected(ToolResponse("toolA", "toolA", "Mission accomplished!"))
        in result.conversation_history
    )


def test_when_multiple_tool_calls_with_return_direct_in_chat_response_then_execute() -> None:
    manager = _manager(TestToolCallback("toolA", True), TestToolCallback("toolB", True))
    result = manager.execute_tool_calls(_hello(), _chat_response(_call("toolA"), _call("toolB")))
    assert result.conversation_history[-1] == _expected(
        ToolResponse("toolA", "toolA", "Mission accomplished!"),
        ToolResponse("toolB", "toolB", "Mission accomplished!"),
    )
    assert result.return_direct is True


def test_when_multiple_tool_calls_with_mixed_return_direct_in_chat_response_then_execute() -> None:
    manager = _manager(TestToolCallback("toolA", True), TestToolCallback("toolB", False))
    result = manager.execute_tool_calls(_hello(), _chat_response(_call("toolA"), _call("toolB")))
    assert len(result.conversation_history[-1].get_responses()) == 2  # type: ignore[attr-defined]
    assert result.return_direct is False


def test_when_tool_call_with_exception_then_return_error() -> None:
    manager = _manager(FailingToolCallback("toolC"))
    result = manager.execute_tool_calls(_hello(), _chat_response(_call("toolC")))
    assert result.conversation_history[-1] == _expected(
        ToolResponse("toolC", "toolC", "You failed this city!")
    )


def test_when_blocking_execution_then_tool_call_observation_has_current_observation_as_parent(
    otel: Any,
) -> None:
    manager = (
        DefaultToolCallingManager.builder()
        .tracer_provider(otel.provider)
        .tool_callback_resolver(StaticToolCallbackResolver([TestToolCallback("toolA")]))
        .resolution_fallback_enabled(True)
        .build()
    )
    with otel.provider.get_tracer("test").start_as_current_span("parent"):
        manager.execute_tool_calls(_hello(), _chat_response(_call("toolA")))
    assert otel.parent_of(otel.span("execute_tool toolA")) is otel.span("parent")


def test_when_mixed_method_tool_calls_in_chat_response_then_execute() -> None:
    manager = ToolCallingManager.builder().build()
    callback_a = (
        MethodToolCallback.builder()
        .tool_definition(ToolDefinition.builder().name("toolA").input_schema("{}").build())
        .tool_method(TestGenericClass.call)
        .tool_object(TestGenericClass())
        .build()
    )
    callback_b = (
        MethodToolCallback.builder()
        .tool_definition(ToolDefinition.builder().name("toolB").input_schema("{}").build())
        .tool_method(TestGenericClass.call_with_tool_context)
        .tool_object(TestGenericClass())
        .build()
    )
    prompt = Prompt(
        UserMessage("Hello"),
        ToolCallingChatOptions.builder()
        .tool_callbacks(callback_a, callback_b)
        .tool_context("key", "value")
        .build(),
    )
    result = manager.execute_tool_calls(prompt, _chat_response(_call("toolA"), _call("toolB")))
    assert result.conversation_history[-1] == _expected(
        ToolResponse("toolA", "toolA", TestGenericClass.CALL_RESULT_JSON),
        ToolResponse("toolB", "toolB", TestGenericClass.CALL_WITH_TOOL_CONTEXT_RESULT_JSON),
    )


# TOOL CALL LIMITS


def _prior(name: str, count: int = 1) -> ToolResponseMessage:
    return (
        ToolResponseMessage.builder()
        .responses(
            [ToolResponse(f"priorId{i}", name, "Mission accomplished!") for i in range(count)]
        )
        .build()
    )


def test_when_max_calls_per_tool_exceeded_then_throw_with_partial_result() -> None:
    manager = _manager(TestToolCallback("toolA"), fallback=False, max_calls_per_tool=("toolA", 1))
    with pytest.raises(ToolCallLimitExceededException) as raised:
        manager.execute_tool_calls(
            _hello(UserMessage("Hello"), _prior("toolA")), _chat_response(_call("toolA"))
        )
    assert raised.value.get_tool_name() == "toolA"
    assert raised.value.get_limit() == 1
    assert isinstance(raised.value.get_partial_tool_execution_result(), ToolExecutionResult)


def test_when_max_calls_per_tool_exceeded_and_return_error_response_then_synthesize_error_response() -> (
    None
):
    manager = _manager(
        TestToolCallback("toolA"),
        fallback=False,
        max_calls_per_tool=("toolA", 1),
        on_limit_exceeded=ToolCallLimitBehavior.RETURN_ERROR_RESPONSE,
    )
    result = manager.execute_tool_calls(
        _hello(UserMessage("Hello"), _prior("toolA")), _chat_response(_call("toolA"))
    )
    last = result.conversation_history[-1]
    assert isinstance(last, ToolResponseMessage)
    [response] = last.get_responses()
    assert response.name == "toolA"
    assert "limit" in response.response_data
    assert "Mission accomplished!" not in response.response_data


def test_when_tool_excluded_from_limit_then_not_counted() -> None:
    manager = _manager(
        TestToolCallback("toolA"), max_calls_per_tool=1, exclude_tool_from_limit="toolA"
    )
    result = manager.execute_tool_calls(
        _hello(UserMessage("Hello"), _prior("toolA", 3)), _chat_response(_call("toolA"))
    )
    assert (
        _expected(ToolResponse("toolA", "toolA", "Mission accomplished!"))
        in result.conversation_history
    )


def test_when_max_total_tool_calls_exceeded_then_throw_regardless_of_tool_name() -> None:
    manager = _manager(TestToolCallback("toolA"), fallback=False, max_total_tool_calls=1)
    with pytest.raises(ToolCallLimitExceededException) as raised:
        manager.execute_tool_calls(
            _hello(UserMessage("Hello"), _prior("toolB")), _chat_response(_call("toolA"))
        )
    assert raised.value.get_tool_name() is None
    assert raised.value.get_limit() == 1


def test_when_builder_unconfigured_then_default_max_calls_per_tool_applies() -> None:
    manager = _manager(TestToolCallback("toolA"), fallback=False)
    limit = DefaultToolCallingManager.DEFAULT_MAX_CALLS_PER_TOOL
    with pytest.raises(ToolCallLimitExceededException) as raised:
        manager.execute_tool_calls(
            _hello(UserMessage("Hello"), _prior("toolA", limit)), _chat_response(_call("toolA"))
        )
    assert raised.value.get_tool_name() == "toolA"
    assert raised.value.get_limit() == limit


def test_when_builder_unconfigured_then_default_max_total_tool_calls_applies() -> None:
    manager = _manager(TestToolCallback("toolA"), fallback=False)
    limit = DefaultToolCallingManager.DEFAULT_MAX_TOTAL_TOOL_CALLS
    with pytest.raises(ToolCallLimitExceededException) as raised:
        manager.execute_tool_calls(
            _hello(UserMessage("Hello"), _prior("toolB", limit)), _chat_response(_call("toolA"))
        )
    assert raised.value.get_tool_name() is None
    assert raised.value.get_limit() == limit


def test_when_unlimited_calls_per_tool_then_default_limit_is_disabled() -> None:
    manager = _manager(TestToolCallback("toolA"), unlimited_calls_per_tool=())
    count = DefaultToolCallingManager.DEFAULT_MAX_CALLS_PER_TOOL + 5
    result = manager.execute_tool_calls(
        _hello(UserMessage("Hello"), _prior("toolA", count)), _chat_response(_call("toolA"))
    )
    assert result.conversation_history


def test_when_unlimited_total_tool_calls_then_default_limit_is_disabled() -> None:
    manager = _manager(
        TestToolCallback("toolA"), unlimited_calls_per_tool=(), unlimited_total_tool_calls=()
    )
    count = DefaultToolCallingManager.DEFAULT_MAX_TOTAL_TOOL_CALLS + 5
    result = manager.execute_tool_calls(
        _hello(UserMessage("Hello"), _prior("toolA", count)), _chat_response(_call("toolA"))
    )
    assert result.conversation_history


def test_when_prior_turn_has_tool_calls_then_not_counted_toward_current_turn_per_tool_limit() -> (
    None
):
    manager = _manager(TestToolCallback("toolA"), max_calls_per_tool=("toolA", 1))
    result = manager.execute_tool_calls(
        _hello(UserMessage("Earlier turn"), _prior("toolA"), UserMessage("New turn")),
        _chat_response(_call("toolA")),
    )
    assert result.conversation_history


def test_when_prior_turn_has_many_tool_calls_then_not_counted_toward_current_turn_total_limit() -> (
    None
):
    manager = _manager(TestToolCallback("toolA"), max_total_tool_calls=1)
    result = manager.execute_tool_calls(
        _hello(UserMessage("Earlier turn"), _prior("toolB", 10), UserMessage("New turn")),
        _chat_response(_call("toolA")),
    )
    assert result.conversation_history


def test_when_current_turn_exceeds_limit_then_throws_regardless_of_prior_turns() -> None:
    manager = _manager(TestToolCallback("toolA"), fallback=False, max_calls_per_tool=("toolA", 1))
    with pytest.raises(ToolCallLimitExceededException) as raised:
        manager.execute_tool_calls(
            _hello(
                UserMessage("Earlier turn"),
                _prior("toolB"),
                UserMessage("New turn"),
                _prior("toolA"),
            ),
            _chat_response(_call("toolA")),
        )
    assert raised.value.get_tool_name() == "toolA"


def test_resolver_may_be_a_function_of_the_tool_name() -> None:
    """Spring's tests pass lambdas as the resolver; a function of the name works here."""
    callback = TestToolCallback("toolA")
    resolver: ToolCallbackResolver | None = None
    manager = (
        DefaultToolCallingManager.builder()
        .tool_callback_resolver(lambda name: callback if name == "toolA" else resolver)
        .resolution_fallback_enabled(True)
        .build()
    )
    result = manager.execute_tool_calls(_hello(), _chat_response(_call("toolA")))
    assert result.conversation_history[-1] == _expected(
        ToolResponse("toolA", "toolA", "Mission accomplished!")
    )
