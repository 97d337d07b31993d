"""Port of Spring AI 2.0.1
`org.springframework.ai.chat.client.advisor.toolsearch.ToolSearchToolCallingAdvisorCallTests`:
20 tests ported, 0 skipped; with real components (the keyword index recording its calls,
the default tool-calling manager, the scripted model) where Spring mocks them; plus the
whole discover-then-call loop, always-included tools and bad input."""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import ToolCallingAdvisor
from spring_ai_py.chat.client.advisor.toolsearch import ToolSearchToolCallingAdvisor
from spring_ai_py.chat.memory import ChatMemory
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.model import ToolContext
from spring_ai_py.chat.prompt import ChatOptions, Prompt
from spring_ai_py.core import Ordered
from spring_ai_py.model.tool import ToolCallingChatOptions, ToolCallingManager
from spring_ai_py.test import ScriptedChatModel
from spring_ai_py.tool import ToolCallback
from spring_ai_py.tool.toolsearch import ToolSearchTool
from spring_ai_py.tool.toolsearch.eviction import (
    AlwaysEvictStrategy,
    LruEvictionStrategy,
    NeverEvictStrategy,
)

if TYPE_CHECKING:
    from conftest import RecordingToolIndex

Request = Callable[..., ChatClientRequest]
Run = Callable[..., ChatClientResponse]
Names = Callable[[Prompt], list[str]]
Tool = Callable[..., ToolCallback]

SESSION_KEY = ToolSearchTool.TOOL_SEARCH_TOOL_SESSION_ID_KEY


def advisor_for(index: RecordingToolIndex, **settings: Any) -> ToolSearchToolCallingAdvisor:
    builder = ToolSearchToolCallingAdvisor.builder().tool_index(index)
    for name, value in settings.items():
        getattr(builder, name)(value)
    return builder.build()


def search_response(*names: str, id: str = "id1") -> ToolResponseMessage.ToolResponse:
    return ToolResponseMessage.ToolResponse(id, "toolSearchTool", json.dumps(list(names)))


def options_with(*callbacks: ToolCallback) -> ToolCallingChatOptions:
    return ToolCallingChatOptions(tool_callbacks=list(callbacks))


# -- builder -----------------------------------------------------------------------


def test_when_tool_index_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="tool_index is required"):
        ToolSearchToolCallingAdvisor.builder().build()


def test_builder_method_chaining(index: RecordingToolIndex) -> None:
    manager = ToolCallingManager.builder().build()
    order = Ordered.HIGHEST_PRECEDENCE + 500
    advisor = (
        ToolSearchToolCallingAdvisor.builder()
        .tool_calling_manager(manager)
        .advisor_order(order)
        .tool_index(index)
        .system_message_suffix("\n\nCustom suffix")
        .reference_tool_name_accumulation(False)
        .max_results(10)
        .eviction_strategy(LruEvictionStrategy(50))
        .always_include("clock")
        .build()
    )
    assert advisor.get_order() == order
    assert advisor.get_name() == "ToolSearchToolCallingAdvisor"
    assert advisor.tool_calling_manager is manager
    assert advisor.get_tool_index() is index
    assert advisor.get_always_include() == ["clock"]
    assert isinstance(advisor, ToolCallingAdvisor)


def test_default_values(index: RecordingToolIndex) -> None:
    advisor = ToolSearchToolCallingAdvisor.builder().tool_index(index).build()
    assert advisor.get_order() == Ordered.HIGHEST_PRECEDENCE + 300
    assert advisor.get_name() == "ToolSearchToolCallingAdvisor"
    assert advisor.is_conversation_history_enabled()
    assert advisor.get_always_include() == []


@pytest.mark.parametrize(
    ("setter", "value", "message"),
    [
        ("tool_index", None, "tool_index cannot be null"),
        ("system_message_suffix", "", "system_message_suffix cannot be null or empty"),
        ("system_message_suffix", None, "system_message_suffix cannot be null or empty"),
        ("session_id_key_name", "  ", "session_id_key_name cannot be null or empty"),
        ("eviction_strategy", None, "eviction_strategy must not be null"),
        ("max_results", 0, "max_results must be positive"),
        ("max_results", -3, "max_results must be positive"),
        ("always_include", [None], "always_include cannot contain null elements"),
    ],
)
def test_builder_rejects_bad_input(setter: str, value: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        getattr(ToolSearchToolCallingAdvisor.builder(), setter)(value)


def test_builder_copy_keeps_every_setting(index: RecordingToolIndex) -> None:
    builder = (
        ToolSearchToolCallingAdvisor.builder()
        .tool_index(index)
        .advisor_order(Ordered.HIGHEST_PRECEDENCE + 7)
        .session_id_key_name("user")
        .always_include(["a", "b"])
        .disable_internal_conversation_history()
    )
    copy = builder.copy()
    assert isinstance(copy, ToolSearchToolCallingAdvisor.Builder)
    advisor = copy.build()
    assert isinstance(advisor, ToolSearchToolCallingAdvisor)
    assert advisor.get_order() == Ordered.HIGHEST_PRECEDENCE + 7
    assert advisor.get_always_include() == ["a", "b"]
    assert not advisor.is_conversation_history_enabled()


# -- initialization ------------------------------------------------------------------


def test_initialize_loop_indexes_tools(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    advisor = advisor_for(index, system_message_suffix="\n\nTest suffix")
    model.add_response("response")
    options = options_with(
        callback("tool1", "Description for tool1"), callback("tool2", "Description for tool2")
    )
    run_call(advisor, make_request(options), model)

    ((session, references),) = index.indexed
    assert session == "test-session-id"
    assert [(r.tool_name, r.summary) for r in references] == [
        ("tool1", "Description for tool1"),
        ("tool2", "Description for tool2"),
    ]


def test_initialize_loop_augments_system_message(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    suffix = "\n\nCUSTOM SUFFIX FOR TESTING"
    advisor = advisor_for(index, system_message_suffix=suffix)
    model.add_response("response")
    request = make_request(messages=[SystemMessage("Original system message"), UserMessage("test")])
    run_call(advisor, request, model)

    system = model.last_prompt.get_instructions()[0]
    assert isinstance(system, SystemMessage)
    assert system.get_text() == "Original system message" + suffix
    # The caller's prompt is left alone.
    assert request.prompt.get_instructions()[0].get_text() == "Original system message"


def test_default_suffix_is_springs_and_added_without_a_system_message(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    model.add_response("response")
    run_call(advisor_for(index), make_request(messages=[UserMessage("test")]), model)
    first = model.last_prompt.get_instructions()[0]
    assert isinstance(first, SystemMessage)
    assert first.get_text() == ToolSearchToolCallingAdvisor.DEFAULT_SYSTEM_MESSAGE_SUFFIX
    assert "`toolSearchTool`" in (first.get_text() or "")


def test_first_request_indexes_tools_once(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    model.add_response("response")
    run_call(advisor_for(index), make_request(), model)
    assert index.cleared == ["test-session-id"]
    assert len(index.indexed) == 1


def test_second_request_same_tools_skips_reindexing(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    advisor = advisor_for(index)
    weather = callback("weatherTool", "Gets the weather")
    model.add_response("one").add_response("two")
    run_call(advisor, make_request(options_with(weather), "conv-1"), model)
    run_call(advisor, make_request(options_with(weather), "conv-1"), model)
    assert len(index.indexed) == 1
    assert index.cleared == ["conv-1"]


def test_registration_order_does_not_change_the_fingerprint(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    advisor = advisor_for(index)
    a, b = callback("a"), callback("b")
    model.add_response("one").add_response("two")
    run_call(advisor, make_request(options_with(a, b)), model)
    run_call(advisor, make_request(options_with(b, a)), model)
    assert len(index.indexed) == 1


def test_second_request_different_tools_reindexes(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    advisor = advisor_for(index)
    weather = callback("weatherTool", "Gets the weather")
    model.add_response("one").add_response("two").add_response("three").add_response("four")
    run_call(advisor, make_request(options_with(weather), "conv-1"), model)
    run_call(
        advisor,
        make_request(options_with(weather, callback("calculatorTool", "Does math")), "conv-1"),
        model,
    )
    assert len(index.indexed) == 2
    assert index.cleared == ["conv-1", "conv-1"]
    assert [r.tool_name for r in index.indexed[1][1]] == ["weatherTool", "calculatorTool"]
    # A changed description, or a renamed tool, is a changed tool set too.
    for weather in (
        callback("weatherTool", "Gets the forecast"),
        callback("forecastTool", "Gets the forecast"),
    ):
        run_call(
            advisor,
            make_request(options_with(weather, callback("calculatorTool", "Does math")), "conv-1"),
            model,
        )
    assert len(index.indexed) == 4


def test_the_fingerprint_keeps_names_and_descriptions_apart(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    advisor = advisor_for(index)
    model.add_response("one").add_response("two")
    run_call(advisor, make_request(options_with(callback("ab", "c"))), model)
    run_call(advisor, make_request(options_with(callback("a", "bc"))), model)
    assert len(index.indexed) == 2


def test_lru_eviction_evicts_lru_session_when_capacity_exceeded(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    advisor = advisor_for(index, eviction_strategy=LruEvictionStrategy(1))
    model.add_response("a").add_response("b")
    run_call(advisor, make_request(conversation_id="session-A"), model)
    assert index.cleared == ["session-A"]
    run_call(advisor, make_request(conversation_id="session-B"), model)
    # session-A evicted, then session-B indexed after its fingerprint miss.
    assert index.cleared == ["session-A", "session-A", "session-B"]


def test_always_evict_reindexes_every_request(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    advisor = advisor_for(index, eviction_strategy=AlwaysEvictStrategy.INSTANCE)
    model.add_response("a").add_response("b")
    run_call(advisor, make_request(), model)
    run_call(advisor, make_request(), model)
    assert len(index.indexed) == 2


def test_evict_session_forces_reindex_on_next_request(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    advisor = advisor_for(index, eviction_strategy=NeverEvictStrategy.INSTANCE)
    options = options_with(callback("tool1", "desc"))
    model.add_response("a").add_response("b")
    run_call(advisor, make_request(options, "conv-1"), model)
    assert len(index.indexed) == 1
    advisor.evict_session("conv-1")
    assert index.cleared == ["conv-1", "conv-1"]
    assert index.size("conv-1") == 0
    run_call(advisor, make_request(options, "conv-1"), model)
    assert len(index.indexed) == 2


def test_finalize_loop_does_not_clear_index(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    model.add_response("response")
    run_call(advisor_for(index), make_request(options_with(callback("tool1"))), model)
    assert index.cleared == ["test-session-id"]
    assert index.size("test-session-id") == 1


def test_conversation_id_from_context(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    model.add_response("response")
    response = run_call(
        advisor_for(index), make_request(conversation_id="test-conversation-123"), model
    )
    assert index.cleared == ["test-conversation-123"]
    assert response.context[SESSION_KEY] == "test-conversation-123"


def test_a_custom_session_key(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    model.add_response("response")
    advisor = advisor_for(index, session_id_key_name="user_id")
    run_call(advisor, make_request(conversation_id=None, context={"user_id": 42}), model)
    assert index.cleared == ["42"]


def test_a_missing_session_id_is_rejected(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    with pytest.raises(
        ValueError, match="context must contain a non-null value for 'chat_memory_conversation_id'"
    ):
        run_call(advisor_for(index), make_request(conversation_id=None), model)
    assert model.prompts == []


def test_requests_without_tool_calling_options_pass_through(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    model.add_response("plain")
    response = run_call(advisor_for(index), make_request(ChatOptions(model="m")), model)
    assert response.chat_response is not None
    assert response.chat_response.get_result().get_output().get_text() == "plain"
    assert index.indexed == []
    assert model.last_prompt.get_instructions()[0].get_text() == "System message"


# -- each iteration --------------------------------------------------------------------


def test_tool_search_tool_callback_is_registered(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    model.add_response("response")
    run_call(advisor_for(index), make_request(options_with(callback("weatherTool"))), model)
    assert sent_tool_names(model.last_prompt) == ["toolSearchTool"]
    options = model.last_prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    assert options.tool_context == {SESSION_KEY: "test-session-id"}


def test_before_call_extracts_tool_references(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    sent_tool_names: Names,
) -> None:
    messages: list[Message] = [
        SystemMessage("System message"),
        UserMessage("test"),
        AssistantMessage("Using tool search"),
        ToolResponseMessage([search_response("weatherTool", "calculatorTool")]),
    ]
    model.add_response("response")
    run_call(advisor_for(index), make_request(messages=messages), model)
    # the references name tools the request does not carry: only the search tool is sent
    assert sent_tool_names(model.last_prompt) == ["toolSearchTool"]


def test_cached_tool_callbacks_are_used(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    weather = callback("weatherTool", "Gets weather")
    messages: list[Message] = [
        UserMessage("test"),
        ToolResponseMessage([search_response("weatherTool")]),
    ]
    model.add_response("response")
    run_call(advisor_for(index), make_request(options_with(weather), messages=messages), model)
    assert [r.tool_name for r in index.indexed[0][1]] == ["weatherTool"]
    assert sent_tool_names(model.last_prompt) == ["toolSearchTool", "weatherTool"]


def test_non_accumulation_keeps_all_parallel_tool_search_responses_in_same_turn(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    options = options_with(callback("currentTime"), callback("weather"), callback("clothing"))
    turn = ToolResponseMessage(
        [
            search_response("currentTime", "weather", "clothing", id="id1"),
            search_response("weather", "currentTime", "clothing", id="id2"),
            search_response("clothing", id="id3"),
        ]
    )
    messages: list[Message] = [
        SystemMessage("System message"),
        UserMessage("test"),
        AssistantMessage("searching"),
        turn,
    ]
    model.add_response("response")
    advisor = advisor_for(index, reference_tool_name_accumulation=False)
    run_call(advisor, make_request(options, messages=messages), model)
    assert sorted(sent_tool_names(model.last_prompt)) == [
        "clothing",
        "currentTime",
        "toolSearchTool",
        "weather",
    ]


def test_non_accumulation_keeps_only_last_turn_across_turns(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    options = options_with(callback("weather"), callback("clothing"))
    messages: list[Message] = [
        UserMessage("test"),
        ToolResponseMessage([search_response("weather")]),
        AssistantMessage("again"),
        ToolResponseMessage([search_response("clothing", id="id2")]),
    ]
    model.add_response("response")
    advisor = advisor_for(index, reference_tool_name_accumulation=False)
    run_call(advisor, make_request(options, messages=messages), model)
    assert sent_tool_names(model.last_prompt) == ["toolSearchTool", "clothing"]


def test_accumulation_keeps_references_across_turns(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    options = options_with(callback("weather"), callback("clothing"))
    messages: list[Message] = [
        UserMessage("test"),
        ToolResponseMessage([search_response("weather")]),
        AssistantMessage("again"),
        ToolResponseMessage([search_response("clothing", id="id2")]),
    ]
    model.add_response("response")
    advisor = advisor_for(index, reference_tool_name_accumulation=True)
    run_call(advisor, make_request(options, messages=messages), model)
    assert sent_tool_names(model.last_prompt) == ["toolSearchTool", "weather", "clothing"]


def test_a_search_result_that_is_not_a_list_of_names_is_skipped(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    options = options_with(callback("weather"))
    messages: list[Message] = [
        UserMessage("test"),
        ToolResponseMessage(
            [
                ToolResponseMessage.ToolResponse("id1", "toolSearchTool", "Index unavailable"),
                ToolResponseMessage.ToolResponse("id2", "toolSearchTool", '{"not": "a list"}'),
                ToolResponseMessage.ToolResponse("id3", "TOOLSEARCHTOOL", '["weather", 7]'),
            ]
        ),
    ]
    model.add_response("response")
    run_call(advisor_for(index), make_request(options, messages=messages), model)
    assert sent_tool_names(model.last_prompt) == ["toolSearchTool", "weather"]


def test_always_included_tools_are_sent_without_a_search(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    options = options_with(callback("clock"), callback("weather"), callback("calendar"))
    model.add_response("response")
    advisor = advisor_for(index, always_include=["calendar", "not-a-tool", "clock"])
    run_call(advisor, make_request(options), model)
    assert sent_tool_names(model.last_prompt) == ["toolSearchTool", "calendar", "clock"]


def test_tool_search_tool_uses_llm_max_results_over_advisor_default(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    model.add_tool_calls(("toolSearchTool", {"query": "weather", "maxResults": 7}))
    model.add_response("done")
    run_call(advisor_for(index, max_results=3), make_request(), model)
    (search,) = index.searches
    assert (search.session_id, search.query, search.max_results) == (
        "test-session-id",
        "weather",
        7,
    )


def test_tool_search_tool_falls_back_to_advisor_max_results_when_llm_omits(
    index: RecordingToolIndex, model: ScriptedChatModel, make_request: Request, run_call: Run
) -> None:
    model.add_tool_calls(("toolSearchTool", {"query": "weather"}))
    model.add_response("done")
    run_call(advisor_for(index, max_results=3), make_request(), model)
    assert index.searches[0].max_results == 3


def test_invoking_the_sent_search_tool_directly(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    model.add_response("response")
    run_call(
        advisor_for(index), make_request(options_with(callback("weatherTool", "Weather"))), model
    )
    options = model.last_prompt.get_options()
    assert isinstance(options, ToolCallingChatOptions)
    (search_tool,) = options.tool_callbacks or []
    result = search_tool.call('{"query": "weather"}', ToolContext(options.tool_context))
    assert json.loads(result) == ["weatherTool"]


# -- the whole loop ----------------------------------------------------------------------


def test_discovered_tools_are_called_and_the_loop_completes(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
    sent_tool_names: Names,
) -> None:
    options = options_with(
        callback("get_weather", "Current weather forecast for a city"),
        callback("list_clothing_shops", "Clothing shops near a place"),
        callback("convert_currency", "Convert money between currencies"),
    )
    model.add_tool_calls(
        ("toolSearchTool", {"query": "weather forecast"}),
        ("toolSearchTool", {"query": "clothing shops"}),
    )
    model.add_tool_calls(("get_weather", {}), ("list_clothing_shops", {}))
    model.add_response("Rain; try the shop on Main Street.")
    response = run_call(advisor_for(index), make_request(options), model)

    assert response.chat_response is not None
    assert (
        response.chat_response.get_result().get_output().get_text()
        == "Rain; try the shop on Main Street."
    )
    assert [sent_tool_names(p) for p in model.prompts] == [
        ["toolSearchTool"],
        ["toolSearchTool", "get_weather", "list_clothing_shops"],
        ["toolSearchTool", "get_weather", "list_clothing_shops"],
    ]
    history = model.last_prompt.get_instructions()
    search_results = history[3]
    assert isinstance(search_results, ToolResponseMessage)
    assert [json.loads(r.response_data) for r in search_results.get_responses()] == [
        ["get_weather"],
        ["list_clothing_shops"],
    ]
    tool_results = history[5]
    assert isinstance(tool_results, ToolResponseMessage)
    assert [r.response_data for r in tool_results.get_responses()] == [
        "get_weather done",
        "list_clothing_shops done",
    ]


def test_a_tool_that_was_not_discovered_cannot_be_called(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    model.add_tool_calls(("get_weather", {}))
    with pytest.raises(RuntimeError, match="No ToolCallback found for tool name: get_weather"):
        run_call(advisor_for(index), make_request(options_with(callback("get_weather"))), model)


def test_through_the_chat_client(
    index: RecordingToolIndex, callback: Tool, sent_tool_names: Names
) -> None:
    model = ScriptedChatModel()
    model.add_tool_calls(("toolSearchTool", {"query": "weather"}))
    model.add_tool_calls(("get_weather", {}))
    model.add_response("Sunny.")
    client = ChatClient.builder(model).default_advisors(advisor_for(index)).build()
    answer = (
        client.prompt()
        .user("Weather in Paris?")
        .tool_callbacks(
            callback("get_weather", "Weather forecast"), callback("send_email", "Send an email")
        )
        .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c-1"))
        .call()
        .content()
    )
    assert answer == "Sunny."
    assert [sent_tool_names(p) for p in model.prompts] == [
        ["toolSearchTool"],
        ["toolSearchTool", "get_weather"],
        ["toolSearchTool", "get_weather"],
    ]


def test_the_index_is_shared_by_the_turns_of_a_conversation(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    advisor = advisor_for(index)
    options = options_with(callback("get_weather", "Weather"), callback("get_news", "News"))
    model.add_tool_calls(("toolSearchTool", {"query": "weather"})).add_response("first")
    model.add_tool_calls(("toolSearchTool", {"query": "news"})).add_response("second")
    run_call(advisor, make_request(options, "conv"), model)
    run_call(advisor, make_request(options, "conv"), model)
    assert len(index.indexed) == 1
    assert [s.query for s in index.searches] == ["weather", "news"]


def test_concurrent_requests_of_one_session_index_once(
    index: RecordingToolIndex,
    model: ScriptedChatModel,
    make_request: Request,
    run_call: Run,
    callback: Tool,
) -> None:
    advisor = advisor_for(index)
    options = options_with(callback("get_weather"), callback("get_news"))
    for _ in range(16):
        model.add_response("ok")
    with ThreadPoolExecutor(8) as pool:
        list(
            pool.map(lambda _: run_call(advisor, make_request(options, "shared"), model), range(16))
        )
    assert len(index.indexed) == 1
    assert index.size("shared") == 2
