"""MessageChatMemoryAdvisor with the ToolCallingAdvisor, end to end through ChatClient.

Outside the tool loop (the default order) memory stores one user + assistant turn and
the loop keeps its own intermediate history; inside it (an order above the
ToolCallingAdvisor's) every round is stored, and the stored history pairs each tool call
with its results (PORTING §7.12). Call and stream paths alike.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from spring_ai_py.chat.client import ChatClient
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor
from spring_ai_py.chat.client.advisor.tool_calling_advisor import ToolCallingAdvisor
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.chat.messages import (
    AbstractMessage,
    AssistantMessage,
    Message,
    ToolResponseMessage,
)
from spring_ai_py.chat.metadata import ChatGenerationMetadata
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool import tool
from spring_ai_py.tool.function import FunctionToolCallback

CID = ChatMemory.CONVERSATION_ID
INSIDE = ToolCallingAdvisor.DEFAULT_ORDER + 100

Shape = list[tuple[str, str]]


@tool
def weather(city: str) -> str:
    """The current weather in a city."""
    return f"Sunny in {city}"


class Dog(BaseModel):
    dog_id: int


def _schedule_pickup(dog: Dog) -> str:
    return f"Pickup of dog {dog.dog_id} on Tuesday"


schedule_pickup = (
    FunctionToolCallback.builder("schedulePickup", _schedule_pickup)
    .description("Schedule the pickup of a dog")
    .input_type(Dog)
    .build()
)


def shape(messages: list[Message]) -> Shape:
    """Each message as (type, text or tool names/results), for exact comparisons."""
    result: Shape = []
    for message in messages:
        if isinstance(message, AssistantMessage) and message.has_tool_calls():
            result.append(
                (
                    "ASSISTANT",
                    "calls " + ",".join(f"{c.name}{c.arguments}" for c in message.get_tool_calls()),
                )
            )
        elif isinstance(message, ToolResponseMessage):
            result.append(
                ("TOOL", "results " + ",".join(r.response_data for r in message.get_responses()))
            )
        else:
            result.append((message.get_message_type().name, message.get_text() or ""))
    return result


def assert_tool_calls_paired(history: list[Message]) -> None:
    """Every assistant tool call is answered by the next message, and every tool result
    answers the assistant message just before it."""
    for index, message in enumerate(history):
        if isinstance(message, AssistantMessage) and message.has_tool_calls():
            assert index + 1 < len(history), f"unanswered tool calls at the end: {shape(history)}"
            answer = history[index + 1]
            assert isinstance(answer, ToolResponseMessage), shape(history)
            assert [r.id for r in answer.get_responses()] == [
                c.id for c in message.get_tool_calls()
            ]
        if isinstance(message, ToolResponseMessage):
            asking = history[index - 1] if index > 0 else None
            assert isinstance(asking, AssistantMessage) and asking.has_tool_calls(), shape(history)


def client_for(
    model: ScriptedChatModel, memory: ChatMemory, order: int | None = None
) -> ChatClient:
    advisor = MessageChatMemoryAdvisor.builder(memory)
    if order is not None:
        advisor.order(order)
    return (
        ChatClient.builder(model)
        .default_system("Be brief.")
        .default_advisors(advisor.build())
        .build()
    )


def ask(client: ChatClient, text: str, stream: bool, *tools: object) -> str | None:
    spec = client.prompt(text).tools(*tools).advisors(lambda a: a.param(CID, "c"))
    if stream:
        return "".join(spec.stream().content())
    return spec.call().content()


def two_turn_script() -> ScriptedChatModel:
    """Turn 1: two rounds of tool calls (the first with two parallel calls); turn 2: one."""
    return (
        ScriptedChatModel()
        .add_tool_calls(("weather", {"city": "Lisbon"}), ("weather", {"city": "Porto"}))
        .add_tool_calls(("schedulePickup", {"dog_id": 45}))
        .add_response("Sunny; pickup on Tuesday")
        .add_tool_calls(("weather", {"city": "Faro"}))
        .add_response("Sunny in Faro too")
    )


TURN_1_ROUNDS: Shape = [
    ("USER", "Weather, then pick up dog 45"),
    ("ASSISTANT", 'calls weather{"city": "Lisbon"},weather{"city": "Porto"}'),
    ("TOOL", "results Sunny in Lisbon,Sunny in Porto"),
    ("ASSISTANT", 'calls schedulePickup{"dog_id": 45}'),
    ("TOOL", "results Pickup of dog 45 on Tuesday"),
    ("ASSISTANT", "Sunny; pickup on Tuesday"),
]
TURN_2_ROUNDS: Shape = [
    ("USER", "And Faro?"),
    ("ASSISTANT", 'calls weather{"city": "Faro"}'),
    ("TOOL", "results Sunny in Faro"),
    ("ASSISTANT", "Sunny in Faro too"),
]
SYSTEM: Shape = [("SYSTEM", "Be brief.")]


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_memory_outside_the_loop_stores_one_turn_and_the_loop_keeps_its_own_history(
    stream: bool,
) -> None:
    model = two_turn_script()
    memory = MessageWindowChatMemory.builder().max_messages(100).build()
    client = client_for(model, memory)

    assert (
        ask(client, "Weather, then pick up dog 45", stream, weather, schedule_pickup)
        == "Sunny; pickup on Tuesday"
    )
    assert ask(client, "And Faro?", stream, weather) == "Sunny in Faro too"

    assert shape(memory.get("c")) == [
        ("USER", "Weather, then pick up dog 45"),
        ("ASSISTANT", "Sunny; pickup on Tuesday"),
        ("USER", "And Faro?"),
        ("ASSISTANT", "Sunny in Faro too"),
    ]
    # The loop sends the whole turn, tool rounds included, on every round; memory only
    # ever contributes the earlier turns' user + assistant messages.
    assert [shape(p.get_instructions()) for p in model.prompts] == [
        SYSTEM + TURN_1_ROUNDS[:1],
        SYSTEM + TURN_1_ROUNDS[:3],
        SYSTEM + TURN_1_ROUNDS[:5],
        [*SYSTEM, TURN_1_ROUNDS[0], TURN_1_ROUNDS[-1], *TURN_2_ROUNDS[:1]],
        [*SYSTEM, TURN_1_ROUNDS[0], TURN_1_ROUNDS[-1], *TURN_2_ROUNDS[:3]],
    ]


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_memory_inside_the_loop_persists_every_round_with_paired_tool_calls(stream: bool) -> None:
    model = two_turn_script()
    memory = MessageWindowChatMemory.builder().max_messages(100).build()
    client = client_for(model, memory, order=INSIDE)

    assert (
        ask(client, "Weather, then pick up dog 45", stream, weather, schedule_pickup)
        == "Sunny; pickup on Tuesday"
    )
    assert shape(memory.get("c")) == TURN_1_ROUNDS
    assert ask(client, "And Faro?", stream, weather) == "Sunny in Faro too"

    history = memory.get("c")
    assert shape(history) == TURN_1_ROUNDS + TURN_2_ROUNDS
    assert_tool_calls_paired(history)
    # Memory supplies the history of every round; nothing is sent twice (the
    # auto-registered ToolCallingAdvisor stops keeping its own history).
    assert [shape(p.get_instructions()) for p in model.prompts] == [
        SYSTEM + TURN_1_ROUNDS[:1],
        SYSTEM + TURN_1_ROUNDS[:3],
        SYSTEM + TURN_1_ROUNDS[:5],
        SYSTEM + TURN_1_ROUNDS + TURN_2_ROUNDS[:1],
        SYSTEM + TURN_1_ROUNDS + TURN_2_ROUNDS[:3],
    ]


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_memory_inside_the_loop_round_trips_tool_rounds_through_sqlite(
    stream: bool, tmp_path: Path
) -> None:
    model = two_turn_script()
    with JdbcChatMemoryRepository.sqlite(tmp_path / "memory.db") as repository:
        memory = (
            MessageWindowChatMemory.builder()
            .chat_memory_repository(repository)
            .max_messages(100)
            .build()
        )
        client = client_for(model, memory, order=INSIDE)
        ask(client, "Weather, then pick up dog 45", stream, weather, schedule_pickup)
        ask(client, "And Faro?", stream, weather)

        history = memory.get("c")
        assert shape(history) == TURN_1_ROUNDS + TURN_2_ROUNDS
        assert_tool_calls_paired(history)
        assert all(isinstance(m, AbstractMessage) for m in history)
        # The last round was sent exactly the stored history: nothing duplicated on SQL.
        assert (
            shape(model.last_prompt.get_instructions())
            == SYSTEM + TURN_1_ROUNDS + TURN_2_ROUNDS[:3]
        )


def test_memory_outside_the_loop_never_stores_a_streamed_tool_call() -> None:
    """§7.12: text streamed before a tool call in the same round does not drag the tool
    call into the stored reply."""
    call = ScriptedChatModel.tool_call("weather", {"city": "Lisbon"})
    tool_chunk = ChatResponse(
        [
            Generation(
                AssistantMessage("", tool_calls=[call]),
                ChatGenerationMetadata.builder().finish_reason("TOOL_CALLS").build(),
            )
        ]
    )
    model = (
        ScriptedChatModel().add_stream(["Let me check. ", tool_chunk]).add_response("It is sunny.")
    )
    memory = MessageWindowChatMemory.builder().build()

    answer = ask(client_for(model, memory), "Weather in Lisbon?", True, weather)

    assert answer == "Let me check. It is sunny."
    history = memory.get("c")
    assert shape(history) == [
        ("USER", "Weather in Lisbon?"),
        ("ASSISTANT", "Let me check. It is sunny."),
    ]
    assert_tool_calls_paired(history)


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_a_model_failure_in_a_later_round_leaves_outside_memory_unchanged(stream: bool) -> None:
    model = (
        ScriptedChatModel("Hello")
        .add_tool_calls(("weather", {"city": "Lisbon"}))
        .add_error(ConnectionError("model unreachable"))
    )
    memory = MessageWindowChatMemory.builder().build()
    client = client_for(model, memory)
    ask(client, "Hi", stream)

    with pytest.raises(ConnectionError, match="model unreachable"):
        ask(client, "Weather in Lisbon?", stream, weather)

    assert shape(memory.get("c")) == [("USER", "Hi"), ("ASSISTANT", "Hello")]


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_return_direct_tool_with_memory_outside_stores_the_tool_result_as_the_reply(
    stream: bool,
) -> None:
    @tool(return_direct=True)
    def book(ref: str) -> str:
        """Book a table."""
        return f"Booked {ref}"

    model = ScriptedChatModel().add_tool_calls(("book", {"ref": "X1"}))
    memory = MessageWindowChatMemory.builder().build()

    answer = ask(client_for(model, memory), "Book X1", stream, book)

    assert answer == "Booked X1"
    history = memory.get("c")
    assert shape(history) == [("USER", "Book X1"), ("ASSISTANT", "Booked X1")]
    assert_tool_calls_paired(history)


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_return_direct_with_memory_inside_the_loop_leaves_no_unanswered_tool_call(
    stream: bool,
) -> None:
    # PORTING §7.12: the loop ends without another round, so the deferred rounds are
    # dropped: a turn is stored whole or not at all, never a user message alone.
    @tool(return_direct=True)
    def book(ref: str) -> str:
        """Book a table."""
        return f"Booked {ref}"

    model = ScriptedChatModel().add_tool_calls(("book", {"ref": "X1"})).add_response("Hi again")
    memory = MessageWindowChatMemory.builder().build()
    client = client_for(model, memory, order=INSIDE)

    assert ask(client, "Book X1", stream, book) == "Booked X1"
    assert memory.get("c") == []

    assert ask(client, "Thanks", stream) == "Hi again"
    history = memory.get("c")
    assert shape(history) == [("USER", "Thanks"), ("ASSISTANT", "Hi again")]
    assert_tool_calls_paired(history)


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_a_model_failure_after_a_tool_round_leaves_inside_memory_unchanged(
    stream: bool,
) -> None:
    model = (
        ScriptedChatModel()
        .add_tool_calls(("weather", {"city": "Lisbon"}))
        .add_tool_calls(("weather", {"city": "Porto"}))
        .add_error(ConnectionError("model unreachable"))
    )
    memory = MessageWindowChatMemory.builder().build()
    client = client_for(model, memory, order=INSIDE)

    with pytest.raises(ConnectionError, match="model unreachable"):
        ask(client, "Weather in Lisbon and Porto?", stream, weather)

    # A turn is stored whole or not at all: neither the user message alone nor round
    # 1's call with its results.
    assert memory.get("c") == []


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_a_retry_after_a_failure_in_round_two_stores_the_turn_once(stream: bool) -> None:
    model = (
        ScriptedChatModel()
        .add_tool_calls(("weather", {"city": "Lisbon"}))
        .add_error(ConnectionError("model unreachable"))
        .add_tool_calls(("weather", {"city": "Lisbon"}))
        .add_response("Sunny in Lisbon")
    )
    memory = MessageWindowChatMemory.builder().build()
    client = client_for(model, memory, order=INSIDE)

    with pytest.raises(ConnectionError, match="model unreachable"):
        ask(client, "Weather in Lisbon?", stream, weather)
    assert ask(client, "Weather in Lisbon?", stream, weather) == "Sunny in Lisbon"

    history = memory.get("c")
    assert shape(history) == [
        ("USER", "Weather in Lisbon?"),
        ("ASSISTANT", 'calls weather{"city": "Lisbon"}'),
        ("TOOL", "results Sunny in Lisbon"),
        ("ASSISTANT", "Sunny in Lisbon"),
    ]
    assert_tool_calls_paired(history)


def test_the_loop_scope_never_leaves_the_tool_loop() -> None:
    from spring_ai_py.chat.client.advisor.advisor_utils import TOOL_LOOP_SCOPE_KEY

    model = ScriptedChatModel().add_tool_calls(("weather", {"city": "Faro"})).add_response("Sunny")
    memory = MessageWindowChatMemory.builder().build()
    client = client_for(model, memory, order=INSIDE)
    spec = client.prompt("Weather?").tools(weather).advisors(lambda a: a.param(CID, "c"))

    response = spec.call().chat_client_response()

    assert TOOL_LOOP_SCOPE_KEY not in response.context
    model.add_tool_calls(("weather", {"city": "Faro"})).add_response("Sunny")
    chunks = list(spec.stream().chat_client_response())
    assert chunks and all(TOOL_LOOP_SCOPE_KEY not in c.context for c in chunks)
