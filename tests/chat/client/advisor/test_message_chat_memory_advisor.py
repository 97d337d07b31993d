"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.advisor.MessageChatMemoryAdvisorTests`:
12 tests ported, 0 skipped. The ``before()`` tests check the port's contract (PORTING
§7.8: nothing is stored before the model answers; ``after()`` stores the request's
message together with the reply). Followed by the port's own tests on real chains, real
memories and real SQLite / PostgreSQL databases.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import (
    ChatModelCallAdvisor,
    ChatModelStreamAdvisor,
    DefaultAroundAdvisorChain,
    MessageChatMemoryAdvisor,
)
from spring_ai_py.chat.client.advisor.api import (
    Advisor,
    AdvisorChain,
    BaseAdvisor,
    CallAdvisor,
    CallAdvisorChain,
)
from spring_ai_py.chat.client.advisor.api.base_advisor import default_scheduler
from spring_ai_py.chat.memory import (
    ChatMemory,
    InMemoryChatMemoryRepository,
    MessageWindowChatMemory,
)
from spring_ai_py.chat.memory.repository.jdbc import JdbcChatMemoryRepository
from spring_ai_py.chat.messages import (
    AssistantMessage,
    Message,
    MessageType,
    SystemMessage,
    ToolResponseMessage,
    UserMessage,
)
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel

CID = ChatMemory.CONVERSATION_ID


def new_memory(max_messages: int = 20) -> MessageWindowChatMemory:
    return (
        MessageWindowChatMemory.builder()
        .chat_memory_repository(InMemoryChatMemoryRepository())
        .max_messages(max_messages)
        .build()
    )


def request_for(
    *messages: Message, conversation_id: Any = "test-conversation"
) -> ChatClientRequest:
    return (
        ChatClientRequest.builder()
        .prompt(Prompt.builder().messages(*messages).build())
        .context(CID, conversation_id)
        .build()
    )


def chain_for(model: ChatModel, *advisors: Any) -> DefaultAroundAdvisorChain:
    return (
        DefaultAroundAdvisorChain.builder()
        .push_all([*advisors, ChatModelCallAdvisor(model), ChatModelStreamAdvisor(model)])
        .build()
    )


def reply(text: str) -> ChatClientResponse:
    return ChatClientResponse(ChatResponse([Generation(AssistantMessage(text))]), {})


def texts(messages: list[Message]) -> list[tuple[MessageType, str | None]]:
    return [(m.get_message_type(), m.get_text()) for m in messages]


def client_with(model: ChatModel, memory: ChatMemory, **builder: Any) -> ChatClient:
    advisor = MessageChatMemoryAdvisor.builder(memory)
    for name, value in builder.items():
        if name == "conversation_id":  # the deprecated alias: 2.0.1 has no default id
            with pytest.deprecated_call():
                advisor.conversation_id(value)
        else:
            getattr(advisor, name)(value)
    return ChatClient.builder(model).default_advisors(advisor.build()).build()


class FailingStreamModel(ChatModel):
    """Streams ``chunks`` and then fails, as a connection dropped mid-answer would."""

    def __init__(self, *chunks: str) -> None:
        self.chunks = chunks

    def call(self, prompt: Prompt) -> ChatResponse:
        raise ConnectionError("model unreachable")

    async def _stream(self) -> AsyncIterator[ChatResponse]:
        for chunk in self.chunks:
            yield ChatResponse([Generation(AssistantMessage(chunk))])
        raise ConnectionError("connection dropped mid-stream")

    def stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:
        return self._stream()


class EmptyStreamModel(ChatModel):
    """A model whose stream completes without a single chunk."""

    def call(self, prompt: Prompt) -> ChatResponse:
        return ChatResponse([])

    async def _stream(self) -> AsyncIterator[ChatResponse]:
        chunks: list[ChatResponse] = []
        for chunk in chunks:
            yield chunk

    def stream(self, prompt: Prompt) -> AsyncIterator[ChatResponse]:
        return self._stream()


# -- builder (Spring: builder validation) ---------------------------------------------


def test_when_chat_memory_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="chat_memory cannot be null"):
        MessageChatMemoryAdvisor.builder(None).build()  # type: ignore[arg-type]


def test_when_chat_memory_is_none_then_constructor_raises() -> None:
    with pytest.raises(ValueError, match="chat_memory cannot be null"):
        MessageChatMemoryAdvisor(None)  # type: ignore[arg-type]


def test_when_scheduler_is_null_then_throw() -> None:
    with pytest.raises(ValueError, match="scheduler cannot be null"):
        MessageChatMemoryAdvisor.builder(new_memory()).scheduler(None).build()  # type: ignore[arg-type]


def test_when_builder_with_defaults_then_success() -> None:
    memory = new_memory()
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    assert advisor.get_order() == Advisor.DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER
    assert advisor.get_scheduler() is default_scheduler()
    assert advisor.get_chat_memory() is memory
    assert advisor.get_name() == "MessageChatMemoryAdvisor"


def test_when_custom_order_is_set_then_get_order_returns_it() -> None:
    with ThreadPoolExecutor(1) as executor:
        advisor = MessageChatMemoryAdvisor.builder(new_memory()).order(42).scheduler(executor).build()
        assert advisor.get_order() == 42
        assert advisor.get_scheduler() is executor


def test_builder_sets_order_scheduler_and_conversation_id() -> None:
    """``conversation_id()`` is a deprecated alias (2.0.1 has none) that still works."""
    with ThreadPoolExecutor(1) as executor:
        memory = new_memory()
        with pytest.deprecated_call(match="no default conversation id"):
            builder = MessageChatMemoryAdvisor.builder(memory).conversation_id(
                "default-conversation"
            )
        advisor = builder.order(42).scheduler(executor).build()
        assert advisor.get_order() == 42
        assert advisor.get_scheduler() is executor
        model = ScriptedChatModel("Hi")
        ChatClient.builder(model).default_advisors(advisor).build().prompt("Hello").call().content()
        assert texts(memory.get("default-conversation")) == [
            (MessageType.USER, "Hello"),
            (MessageType.ASSISTANT, "Hi"),
        ]


def test_keyword_constructor_matches_builder() -> None:
    memory = new_memory()
    advisor = MessageChatMemoryAdvisor(memory, conversation_id="c", order=7)
    assert advisor.get_order() == 7
    assert advisor.get_conversation_id({}, "c") == "c"


@pytest.mark.parametrize("bad", ["", "   ", None])
def test_builder_rejects_empty_or_none_conversation_id(bad: Any) -> None:
    with (
        pytest.deprecated_call(),
        pytest.raises(ValueError, match="conversation_id cannot be null or empty"),
    ):
        MessageChatMemoryAdvisor.builder(new_memory()).conversation_id(bad)


@pytest.mark.parametrize("bad", ["", "  "])
def test_constructor_rejects_empty_conversation_id(bad: str) -> None:
    with pytest.raises(ValueError, match="conversation_id cannot be null or empty"):
        MessageChatMemoryAdvisor(new_memory(), conversation_id=bad)


def test_repr_names_the_memory_and_order() -> None:
    advisor = MessageChatMemoryAdvisor.builder(new_memory()).order(5).build()
    assert repr(advisor).startswith(
        "MessageChatMemoryAdvisor(order=5, chat_memory=MessageWindowChatMemory("
    )


# -- conversation id resolution -----------------------------------------------------------


def test_when_conversation_id_absent_from_context_then_throw() -> None:
    advisor = MessageChatMemoryAdvisor.builder(new_memory()).build()
    with pytest.raises(ValueError, match="conversation_id cannot be null or empty"):
        advisor.get_conversation_id({})


def test_when_conversation_id_present_in_context_then_return() -> None:
    advisor = MessageChatMemoryAdvisor.builder(new_memory()).build()
    assert advisor.get_conversation_id({CID: "session-42"}) == "session-42"


def test_context_conversation_id_wins_over_the_builder_default() -> None:
    memory = new_memory()
    client = client_with(ScriptedChatModel("one", "two"), memory, conversation_id="default")
    client.prompt("Hi").advisors(lambda a: a.param(CID, "explicit")).call().content()
    client.prompt("Hi again").call().content()
    assert texts(memory.get("explicit")) == [
        (MessageType.USER, "Hi"),
        (MessageType.ASSISTANT, "one"),
    ]
    assert texts(memory.get("default")) == [
        (MessageType.USER, "Hi again"),
        (MessageType.ASSISTANT, "two"),
    ]


def test_non_string_conversation_id_is_used_as_text() -> None:
    memory = new_memory()
    client = client_with(ScriptedChatModel("ok"), memory)
    client.prompt("Hi").advisors(lambda a: a.param(CID, 42)).call().content()
    assert texts(memory.get("42")) == [(MessageType.USER, "Hi"), (MessageType.ASSISTANT, "ok")]


def test_none_conversation_id_param_falls_back_to_the_default() -> None:
    memory = new_memory()
    client = client_with(ScriptedChatModel("ok"), memory, conversation_id="default")
    client.prompt("Hi").advisors(lambda a: a.param(CID, None)).call().content()
    assert len(memory.get("default")) == 2


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
@pytest.mark.parametrize("bad", ["", "   ", None, "absent"])
def test_without_a_usable_conversation_id_the_call_raises_and_the_model_is_not_called(
    bad: Any, stream: bool
) -> None:
    """2.0.1 has no default conversation id (PORTING §9)."""
    model = ScriptedChatModel("never")
    memory = new_memory()
    spec = client_with(model, memory).prompt("Hi")
    if bad != "absent":
        spec = spec.advisors(lambda a: a.param(CID, bad))
    with pytest.raises(ValueError, match="conversation_id cannot be null or empty"):
        if stream:
            spec.stream().content().collect()
        else:
            spec.call().content()
    assert model.prompts == []


# -- before(): §7.8, nothing is stored until the model answered -----------------------------


def test_when_before_with_user_message_then_store_in_memory() -> None:
    """Spring's whenBeforeWithUserMessageThenStoreInMemory, adapted to §7.8."""
    memory = new_memory()
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    chain = chain_for(ScriptedChatModel())

    request = advisor.before(request_for(UserMessage("Hello")), chain)

    assert memory.get("test-conversation") == []
    advisor.after(ChatClientResponse(reply("Hi there").chat_response, dict(request.context)), chain)
    assert texts(memory.get("test-conversation")) == [
        (MessageType.USER, "Hello"),
        (MessageType.ASSISTANT, "Hi there"),
    ]


def test_when_before_with_tool_response_message_then_store_in_memory() -> None:
    """Spring's whenBeforeWithToolResponseMessageThenStoreInMemory, adapted to §7.8."""
    memory = new_memory()
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    chain = chain_for(ScriptedChatModel())
    tool_response = (
        ToolResponseMessage.builder()
        .responses([ToolResponseMessage.ToolResponse("weatherTool", "getWeather", "Sunny, 72°F")])
        .build()
    )

    request = advisor.before(
        request_for(
            UserMessage("What's the weather?"), AssistantMessage("Let me check..."), tool_response
        ),
        chain,
    )

    assert memory.get("test-conversation") == []
    advisor.after(ChatClientResponse(reply("Sunny").chat_response, dict(request.context)), chain)
    stored = memory.get("test-conversation")
    assert [type(m) for m in stored] == [ToolResponseMessage, AssistantMessage]
    assert stored[0] == tool_response


def tool_call_message(call_id: str, name: str, arguments: str) -> AssistantMessage:
    return (
        AssistantMessage.builder()
        .content("")
        .tool_calls([AssistantMessage.ToolCall(call_id, "function", name, arguments)])
        .build()
    )


def tool_response_message(call_id: str, name: str, data: str) -> ToolResponseMessage:
    return (
        ToolResponseMessage.builder()
        .responses([ToolResponseMessage.ToolResponse(call_id, name, data)])
        .build()
    )


def test_when_before_with_memory_already_in_prompt_then_does_not_duplicate_memory() -> None:
    """Spring's whenBeforeWithMemoryAlreadyInPromptThenDoesNotDuplicateMemory, adapted to
    §7.8: the tool response is stored with the reply, after the call."""
    memory = new_memory()
    user = UserMessage("When can I pick up dog 45?")
    assistant = tool_call_message("call-45", "schedulePickup", '{"dogId":45}')
    memory.add("test-conversation", [user, assistant])
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    tool_response = tool_response_message(
        "call-45", "schedulePickup", "Pickup scheduled for Tuesday morning"
    )
    chain = chain_for(ScriptedChatModel())

    request = advisor.before(request_for(user, assistant, tool_response), chain)

    assert request.prompt.get_instructions() == [user, assistant, tool_response]
    assert memory.get("test-conversation") == [user, assistant]
    final = AssistantMessage("Tuesday morning")
    advisor.after(
        ChatClientResponse(ChatResponse([Generation(final)]), dict(request.context)), chain
    )
    assert memory.get("test-conversation") == [user, assistant, tool_response, final]


def test_when_before_with_windowed_memory_already_in_prompt_then_does_not_duplicate_memory() -> None:
    """Spring's whenBeforeWithWindowedMemoryAlreadyInPromptThenDoesNotDuplicateMemory,
    adapted to §7.8."""
    memory = new_memory(max_messages=3)
    user = UserMessage("When can I pick up dog 45?")
    first_assistant = tool_call_message("call-45", "schedulePickup", '{"dogId":45}')
    first_tool_response = tool_response_message(
        "call-45", "schedulePickup", "Pickup scheduled for Tuesday morning"
    )
    second_assistant = tool_call_message(
        "call-46", "confirmPickup", '{"dogId":45,"location":"Lisbon"}'
    )
    memory.add("test-conversation", [user, first_assistant, first_tool_response, second_assistant])
    # Turn-boundary snapping: no user message after the raw cut, so all four are evicted.
    assert memory.get("test-conversation") == []
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    second_tool_response = tool_response_message(
        "call-46", "confirmPickup", "Pickup confirmed for the Lisbon location"
    )
    chain = chain_for(ScriptedChatModel())
    prompt_messages = [
        user,
        first_assistant,
        first_tool_response,
        second_assistant,
        second_tool_response,
    ]

    request = advisor.before(request_for(*prompt_messages), chain)

    assert request.prompt.get_instructions() == prompt_messages
    final = AssistantMessage("Confirmed")
    advisor.after(
        ChatClientResponse(ChatResponse([Generation(final)]), dict(request.context)), chain
    )
    assert memory.get("test-conversation") == [second_tool_response, final]


def test_memory_already_in_prompt_is_recognised_on_sql_memory(tmp_path: Path) -> None:
    """Read-back SQL messages carry their creation time; they still match the prompt's."""
    with JdbcChatMemoryRepository.sqlite(tmp_path / "memory.db") as repository:
        memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
        user = UserMessage("When can I pick up dog 45?")
        assistant = tool_call_message("call-45", "schedulePickup", '{"dogId":45}')
        memory.add("test-conversation", [user, assistant])
        advisor = MessageChatMemoryAdvisor.builder(memory).build()
        tool_response = tool_response_message("call-45", "schedulePickup", "Tuesday")

        request = advisor.before(
            request_for(user, assistant, tool_response), chain_for(ScriptedChatModel())
        )

        assert request.prompt.get_instructions() == [user, assistant, tool_response]


def test_memory_not_in_prompt_is_prepended_on_sql_memory(tmp_path: Path) -> None:
    with JdbcChatMemoryRepository.sqlite(tmp_path / "memory.db") as repository:
        memory = MessageWindowChatMemory.builder().chat_memory_repository(repository).build()
        memory.add("test-conversation", [UserMessage("Earlier"), AssistantMessage("Noted")])
        advisor = MessageChatMemoryAdvisor.builder(memory).build()

        request = advisor.before(request_for(UserMessage("Now")), chain_for(ScriptedChatModel()))

        assert texts(request.prompt.get_instructions()) == [
            (MessageType.USER, "Earlier"),
            (MessageType.ASSISTANT, "Noted"),
            (MessageType.USER, "Now"),
        ]


def test_when_before_moves_system_message_to_first_position() -> None:
    memory = new_memory()
    memory.add(
        "test-conversation", [UserMessage("Previous question"), AssistantMessage("Previous answer")]
    )
    advisor = MessageChatMemoryAdvisor.builder(memory).build()

    request = advisor.before(
        request_for(UserMessage("Hello"), SystemMessage("You are a helpful assistant")),
        chain_for(ScriptedChatModel()),
    )

    assert texts(request.prompt.get_instructions()) == [
        (MessageType.SYSTEM, "You are a helpful assistant"),
        (MessageType.USER, "Previous question"),
        (MessageType.ASSISTANT, "Previous answer"),
        (MessageType.USER, "Hello"),
    ]


def test_when_before_system_message_already_first_then_keep_order() -> None:
    advisor = MessageChatMemoryAdvisor.builder(new_memory()).build()

    request = advisor.before(
        request_for(SystemMessage("You are a helpful assistant"), UserMessage("Hello")),
        chain_for(ScriptedChatModel()),
    )

    assert texts(request.prompt.get_instructions()) == [
        (MessageType.SYSTEM, "You are a helpful assistant"),
        (MessageType.USER, "Hello"),
    ]


def test_before_keeps_the_prompt_options_and_the_callers_context() -> None:
    advisor = MessageChatMemoryAdvisor.builder(new_memory()).build()
    original = request_for(UserMessage("Hello"))
    original.context["other"] = "value"

    request = advisor.before(original, chain_for(ScriptedChatModel()))

    assert request.prompt.get_options() is original.prompt.get_options()
    assert request.context["other"] == "value"
    assert set(original.context) == {CID, "other"}, "before() must not change the caller's context"


# -- ChatClient: Spring's ChatClientAdvisorTests.messageChatMemory / streamingMessageChatMemory --


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_message_chat_memory_through_chat_client(stream: bool) -> None:
    """Spring's ChatClientAdvisorTests.messageChatMemory and streamingMessageChatMemory."""
    model = ScriptedChatModel("Hello John", "Your name is John")
    memory = new_memory()
    client = (
        ChatClient.builder(model)
        .default_system("Default system text.")
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build())
        .build()
    )

    def ask(text: str) -> str | None:
        spec = client.prompt().user(text).advisors(lambda a: a.param(CID, "test-session"))
        return "".join(spec.stream().content()) if stream else spec.call().content()

    assert ask("my name is John") == "Hello John"
    assert texts(model.last_prompt.get_instructions()) == [
        (MessageType.SYSTEM, "Default system text."),
        (MessageType.USER, "my name is John"),
    ]

    assert ask("What is my name?") == "Your name is John"
    assert texts(model.last_prompt.get_instructions()) == [
        (MessageType.SYSTEM, "Default system text."),
        (MessageType.USER, "my name is John"),
        (MessageType.ASSISTANT, "Hello John"),
        (MessageType.USER, "What is my name?"),
    ]
    assert texts(memory.get("test-session")) == [
        (MessageType.USER, "my name is John"),
        (MessageType.ASSISTANT, "Hello John"),
        (MessageType.USER, "What is my name?"),
        (MessageType.ASSISTANT, "Your name is John"),
    ]


def test_conversations_are_kept_apart() -> None:
    memory = new_memory()
    client = client_with(ScriptedChatModel("A1", "B1", "A2"), memory)

    def ask(conversation: str, text: str) -> None:
        client.prompt(text).advisors(lambda a: a.param(CID, conversation)).call().content()

    for conversation, text in [("a", "first a"), ("b", "first b"), ("a", "second a")]:
        ask(conversation, text)
    assert texts(memory.get("a")) == [
        (MessageType.USER, "first a"),
        (MessageType.ASSISTANT, "A1"),
        (MessageType.USER, "second a"),
        (MessageType.ASSISTANT, "A2"),
    ]
    assert texts(memory.get("b")) == [(MessageType.USER, "first b"), (MessageType.ASSISTANT, "B1")]


def test_the_private_pending_entry_never_reaches_the_caller() -> None:
    memory = new_memory()
    client = client_with(ScriptedChatModel("Hi", "Hi again"), memory)
    response = (
        client.prompt("Hello").advisors(lambda a: a.param(CID, "c")).call().chat_client_response()
    )
    assert response.context == {CID: "c"}
    chunks = (
        client.prompt("Hello")
        .advisors(lambda a: a.param(CID, "c"))
        .stream()
        .chat_client_response()
        .collect()
    )
    assert chunks and all(chunk.context == {CID: "c"} for chunk in chunks)


# -- after(): what is stored ---------------------------------------------------------------


@pytest.mark.parametrize("stream", [False, True], ids=["call", "stream"])
def test_with_several_generations_only_the_first_is_stored(stream: bool) -> None:
    """§7.8 / §9: one assistant message per response (Spring stores all n)."""
    response = ChatResponse(
        [Generation(AssistantMessage("first")), Generation(AssistantMessage("second"))]
    )
    memory = new_memory()
    spec = (
        client_with(ScriptedChatModel(response), memory)
        .prompt("Pick one")
        .advisors(lambda a: a.param(CID, "c"))
    )
    if stream:
        spec.stream().chat_response().collect()
    else:
        assert [g.get_output().get_text() for g in spec.call().chat_response().get_results()] == [  # type: ignore[union-attr]
            "first",
            "second",
        ]
    assert texts(memory.get("c")) == [
        (MessageType.USER, "Pick one"),
        (MessageType.ASSISTANT, "first"),
    ]


def test_tool_calls_and_metadata_of_the_reply_are_stored() -> None:
    message = AssistantMessage(
        "Checking", {"source": "model"}, [AssistantMessage.ToolCall("t1", "function", "f", "{}")]
    )
    memory = new_memory()
    client_with(ScriptedChatModel(ChatResponse([Generation(message)])), memory).prompt(
        "Go"
    ).advisors(lambda a: a.param(CID, "c")).call().content()
    assert memory.get("c")[1] == message


def test_a_response_without_a_chat_response_stores_the_user_message_alone() -> None:
    """As in Spring, where before() has stored the user message and after() adds nothing."""

    class ShortCircuit(CallAdvisor):
        def get_name(self) -> str:
            return "short_circuit"

        def get_order(self) -> int:
            return 0

        def advise_call(
            self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
        ) -> ChatClientResponse:
            return ChatClientResponse(None, dict(chat_client_request.context))

    memory = new_memory()
    client = (
        ChatClient.builder(ScriptedChatModel())
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build(), ShortCircuit())
        .build()
    )
    assert client.prompt("Hello").advisors(lambda a: a.param(CID, "c")).call().content() is None
    assert texts(memory.get("c")) == [(MessageType.USER, "Hello")]


def test_an_inner_advisor_that_replaces_the_context_does_not_lose_the_user_message() -> None:
    class FreshContext(BaseAdvisor):
        def get_order(self) -> int:
            return 0

        def before(
            self, chat_client_request: ChatClientRequest, advisor_chain: AdvisorChain
        ) -> ChatClientRequest:
            return chat_client_request

        def after(
            self, chat_client_response: ChatClientResponse, advisor_chain: AdvisorChain
        ) -> ChatClientResponse:
            return ChatClientResponse(chat_client_response.chat_response, {CID: "c"})

    memory = new_memory()
    client = (
        ChatClient.builder(ScriptedChatModel("Hi", "Hi again"))
        .default_advisors(MessageChatMemoryAdvisor.builder(memory).build(), FreshContext())
        .build()
    )
    client.prompt("Hello").advisors(lambda a: a.param(CID, "c")).call().content()
    "".join(client.prompt("Hello again").advisors(lambda a: a.param(CID, "c")).stream().content())
    assert texts(memory.get("c")) == [
        (MessageType.USER, "Hello"),
        (MessageType.ASSISTANT, "Hi"),
        (MessageType.USER, "Hello again"),
        (MessageType.ASSISTANT, "Hi again"),
    ]


# -- failures leave memory unchanged (§7.8) --------------------------------------------------


def seeded_memory() -> MessageWindowChatMemory:
    memory = new_memory()
    memory.add("c", [UserMessage("Earlier"), AssistantMessage("Noted")])
    return memory


def test_a_failed_model_call_leaves_memory_unchanged() -> None:
    memory = seeded_memory()
    model = ScriptedChatModel().add_error(ConnectionError("model unreachable"))
    with pytest.raises(ConnectionError, match="model unreachable"):
        client_with(model, memory).prompt("Hello").advisors(
            lambda a: a.param(CID, "c")
        ).call().content()
    assert texts(memory.get("c")) == [
        (MessageType.USER, "Earlier"),
        (MessageType.ASSISTANT, "Noted"),
    ]
    assert texts(model.last_prompt.get_instructions())[-1] == (MessageType.USER, "Hello")


def test_a_stream_that_fails_before_its_first_chunk_stores_nothing() -> None:
    memory = seeded_memory()
    model = ScriptedChatModel().add_error(ConnectionError("model unreachable"))
    with pytest.raises(ConnectionError, match="model unreachable"):
        client_with(model, memory).prompt("Hello").advisors(
            lambda a: a.param(CID, "c")
        ).stream().content().collect()
    assert len(memory.get("c")) == 2


def test_a_stream_that_fails_mid_way_stores_nothing() -> None:
    memory = seeded_memory()
    received: list[str] = []
    spec = (
        client_with(FailingStreamModel("Partial ", "answer"), memory)
        .prompt("Hello")
        .advisors(lambda a: a.param(CID, "c"))
    )
    with pytest.raises(ConnectionError, match="mid-stream"):
        for text in spec.stream().content():
            received.append(text)
    assert received == ["Partial ", "answer"]
    assert texts(memory.get("c")) == [
        (MessageType.USER, "Earlier"),
        (MessageType.ASSISTANT, "Noted"),
    ]


def test_a_stream_that_fails_mid_way_stores_nothing_async() -> None:
    async def scenario() -> None:
        memory = seeded_memory()
        spec = (
            client_with(FailingStreamModel("Partial"), memory)
            .prompt("Hello")
            .advisors(lambda a: a.param(CID, "c"))
        )
        with pytest.raises(ConnectionError, match="mid-stream"):
            async for _ in spec.stream().content():
                pass
        assert len(memory.get("c")) == 2

    asyncio.run(scenario())


def test_a_stream_closed_early_stores_nothing() -> None:
    memory = seeded_memory()
    model = ScriptedChatModel("one two three four")
    iterator = iter(
        client_with(model, memory)
        .prompt("Hello")
        .advisors(lambda a: a.param(CID, "c"))
        .stream()
        .content()
    )
    assert next(iterator) == "one "
    iterator.close()  # type: ignore[attr-defined]
    assert len(memory.get("c")) == 2


def test_an_async_stream_abandoned_early_stores_nothing() -> None:
    async def scenario() -> None:
        memory = seeded_memory()
        model = ScriptedChatModel("one two three four")
        stream = (
            client_with(model, memory)
            .prompt("Hello")
            .advisors(lambda a: a.param(CID, "c"))
            .stream()
        )
        iterator = aiter(stream.content())
        assert await anext(iterator) == "one "
        await iterator.aclose()  # type: ignore[attr-defined]
        assert len(memory.get("c")) == 2

    asyncio.run(scenario())


# -- the stream path -------------------------------------------------------------------------


@pytest.mark.parametrize("finish_reason", ["STOP", None], ids=["finish_reason", "no_finish_reason"])
def test_a_completed_stream_stores_the_aggregated_reply(finish_reason: str | None) -> None:
    memory = new_memory()
    model = ScriptedChatModel().add_stream(["Hello", ", ", "John"], finish_reason=finish_reason)
    spec = client_with(model, memory).prompt("Hi").advisors(lambda a: a.param(CID, "c"))
    assert list(spec.stream().content()) == ["Hello", ", ", "John"]
    assert texts(memory.get("c")) == [
        (MessageType.USER, "Hi"),
        (MessageType.ASSISTANT, "Hello, John"),
    ]


def test_a_completed_async_stream_stores_the_aggregated_reply() -> None:
    async def scenario() -> None:
        memory = new_memory()
        model = ScriptedChatModel("streamed word by word")
        spec = client_with(model, memory).prompt("Hi").advisors(lambda a: a.param(CID, "c"))
        assert "".join([t async for t in spec.stream().content()]) == "streamed word by word"
        assert texts(memory.get("c")) == [
            (MessageType.USER, "Hi"),
            (MessageType.ASSISTANT, "streamed word by word"),
        ]

    asyncio.run(scenario())


def test_an_empty_stream_stores_the_user_message_and_an_empty_reply() -> None:
    memory = new_memory()
    spec = (
        client_with(EmptyStreamModel(), memory).prompt("Hi").advisors(lambda a: a.param(CID, "c"))
    )
    assert spec.stream().content().collect() == []
    assert texts(memory.get("c")) == [(MessageType.USER, "Hi"), (MessageType.ASSISTANT, "")]


class RecordingMemory(MessageWindowChatMemory):
    """A window memory that records the thread each read and write ran on."""

    def __init__(self) -> None:
        super().__init__(InMemoryChatMemoryRepository())
        self.threads: list[str] = []

    def get(self, conversation_id: str) -> list[Message]:
        self.threads.append(threading.current_thread().name)
        return super().get(conversation_id)

    def add(self, conversation_id: str, messages: Message | Any) -> None:
        self.threads.append(threading.current_thread().name)
        super().add(conversation_id, messages)


def test_stream_reads_and_writes_memory_on_the_scheduler_not_the_event_loop() -> None:
    async def scenario() -> None:
        memory = RecordingMemory()
        with ThreadPoolExecutor(2, thread_name_prefix="memory-scheduler") as scheduler:
            client = client_with(ScriptedChatModel("Hi"), memory, scheduler=scheduler)
            chunks = [
                t
                async for t in client.prompt("Hello")
                .advisors(lambda a: a.param(CID, "c"))
                .stream()
                .content()
            ]
        assert "".join(chunks) == "Hi"
        assert len(memory.threads) == 2
        assert all(name.startswith("memory-scheduler") for name in memory.threads), memory.threads

    asyncio.run(scenario())


def test_advisor_works_from_asyncio_with_acontent() -> None:
    memory = new_memory()
    client = client_with(ScriptedChatModel("one", "two"), memory)

    async def two_turns() -> list[str | None]:
        first = await client.prompt("1").advisors(lambda a: a.param(CID, "c")).call().acontent()
        second = await client.prompt("2").advisors(lambda a: a.param(CID, "c")).call().acontent()
        return [first, second]

    assert asyncio.run(two_turns()) == ["one", "two"]
    assert [m.get_text() for m in memory.get("c")] == ["1", "one", "2", "two"]
