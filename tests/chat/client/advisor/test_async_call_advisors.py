"""The native async call path (PORTING §8) through every built-in call advisor.

Each test awaits ``acontent()`` (or ``aentity()``) on a real ChatClient chain whose model
implements ``acall`` natively and counts any use of its blocking ``call``: the chain, the
built-in advisors and the terminal advisor must reach the model through ``acall`` on the
event-loop thread, without a worker thread. The exception is an advisor that only
implements ``advise_call``: it still works, off the loop, through ``call``.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest
from pydantic import BaseModel

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import (
    MessageChatMemoryAdvisor,
    ReReadingAdvisor,
    SafeGuardAdvisor,
    SimpleLoggerAdvisor,
    ToolCallingAdvisor,
)
from spring_ai_py.chat.client.advisor.api import CallAdvisor, CallAdvisorChain
from spring_ai_py.chat.client.advisor.vectorstore import (
    QuestionAnswerAdvisor,
    VectorStoreChatMemoryAdvisor,
)
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.chat.messages import AssistantMessage, UserMessage
from spring_ai_py.chat.model import ChatModel, ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.document import Document
from spring_ai_py.embedding import HashingEmbeddingModel
from spring_ai_py.model.tool import ToolCallingChatOptions
from spring_ai_py.rag.advisor import RetrievalAugmentationAdvisor
from spring_ai_py.rag.retrieval.search import VectorStoreDocumentRetriever
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel
from spring_ai_py.tool import tool
from spring_ai_py.vectorstore import SimpleVectorStore

CID = ChatMemory.CONVERSATION_ID


class NativeModel(ScriptedChatModel):
    """A scripted model with a native ``acall``; ``call`` still works but is counted."""

    def __init__(self, *responses: str) -> None:
        super().__init__(*responses, options=ToolCallingChatOptions(model="m"))
        self.blocking_calls = 0
        self.acall_threads: list[int] = []

    def call(self, prompt: Prompt) -> ChatResponse:
        self.blocking_calls += 1
        return ScriptedChatModel.call(self, prompt)

    async def acall(self, prompt: Prompt) -> ChatResponse:
        self.acall_threads.append(threading.get_ident())
        await asyncio.sleep(0)
        return ScriptedChatModel.call(self, prompt)


def run_on_loop(coro_factory: Any) -> tuple[Any, int]:
    """Run ``coro_factory()`` with ``asyncio.run``; its result and the loop's thread."""

    async def main() -> tuple[Any, int]:
        return await coro_factory(), threading.get_ident()

    return asyncio.run(main())


def assert_native(model: NativeModel, loop_thread: int, calls: int = 1) -> None:
    assert model.blocking_calls == 0
    assert model.acall_threads == [loop_thread] * calls


def test_the_terminal_advisor_awaits_the_models_acall() -> None:
    model = NativeModel("answer")
    client = ChatClient.builder(model).build()
    text, loop_thread = run_on_loop(lambda: client.prompt("q").call().acontent())
    assert text == "answer"
    assert_native(model, loop_thread)


def test_re_reading_advisor() -> None:
    model = NativeModel("answer")
    client = ChatClient.builder(model).default_advisors(ReReadingAdvisor.builder().build()).build()
    text, loop_thread = run_on_loop(lambda: client.prompt("why?").call().acontent())
    assert text == "answer"
    assert "Read the question again: why?" in (
        model.last_prompt.get_user_message().get_text() or ""
    )
    assert_native(model, loop_thread)


def test_safe_guard_advisor_passes_and_blocks() -> None:
    model = NativeModel("answer")
    guard = SafeGuardAdvisor.builder().sensitive_words(["secret"]).build()
    client = ChatClient.builder(model).default_advisors(guard).build()
    text, loop_thread = run_on_loop(lambda: client.prompt("hello").call().acontent())
    assert text == "answer"
    blocked, _ = run_on_loop(lambda: client.prompt("the secret").call().acontent())
    assert blocked == SafeGuardAdvisor.DEFAULT_FAILURE_RESPONSE
    assert_native(model, loop_thread)


def test_simple_logger_advisor(caplog: pytest.LogCaptureFixture) -> None:
    model = NativeModel("answer")
    client = ChatClient.builder(model).default_advisors(SimpleLoggerAdvisor()).build()
    with caplog.at_level("DEBUG", logger="spring_ai_py.chat.client.advisor.SimpleLoggerAdvisor"):
        text, loop_thread = run_on_loop(lambda: client.prompt("hello").call().acontent())
    assert text == "answer"
    messages = [r.getMessage() for r in caplog.records]
    assert any(m.startswith("request: ") for m in messages)
    assert any(m.startswith("response: ") and "answer" in m for m in messages)
    assert_native(model, loop_thread)


def test_message_chat_memory_advisor_stores_the_turn() -> None:
    model = NativeModel("first answer", "second answer")
    memory = MessageWindowChatMemory.builder().build()
    advisor = MessageChatMemoryAdvisor.builder(memory).build()
    client = ChatClient.builder(model).default_advisors(advisor).build()

    async def two_turns() -> list[str | None]:
        first = await client.prompt("one").advisors(lambda a: a.param(CID, "c")).call().acontent()
        second = await client.prompt("two").advisors(lambda a: a.param(CID, "c")).call().acontent()
        return [first, second]

    texts, loop_thread = run_on_loop(two_turns)
    assert texts == ["first answer", "second answer"]
    assert [m.get_text() for m in memory.get("c")] == [
        "one",
        "first answer",
        "two",
        "second answer",
    ]
    # The second turn saw the first one.
    assert [m.get_text() for m in model.last_prompt.get_instructions()] == [
        "one",
        "first answer",
        "two",
    ]
    assert_native(model, loop_thread, calls=2)


def test_vector_store_chat_memory_advisor_stores_both_messages() -> None:
    model = NativeModel("answer")
    store = SimpleVectorStore(HashingEmbeddingModel())
    advisor = VectorStoreChatMemoryAdvisor.builder(store).build()
    client = ChatClient.builder(model).default_advisors(advisor).build()
    text, loop_thread = run_on_loop(
        lambda: client.prompt("remember me").advisors(lambda a: a.param(CID, "c")).call().acontent()
    )
    assert text == "answer"
    stored = sorted(d.get_text() or "" for d in store.similarity_search("remember me answer"))
    assert stored == ["answer", "remember me"]
    assert_native(model, loop_thread)


def test_question_answer_advisor_adds_the_documents() -> None:
    model = NativeModel("answer")
    store = SimpleVectorStore(HashingEmbeddingModel())
    store.add([Document("dragons hoard gold")])
    client = (
        ChatClient.builder(model)
        .default_advisors(QuestionAnswerAdvisor.builder(store).build())
        .build()
    )
    text, loop_thread = run_on_loop(
        lambda: client.prompt("what do dragons hoard?").call().acontent()
    )
    assert text == "answer"
    assert "dragons hoard gold" in (model.last_prompt.get_user_message().get_text() or "")
    assert_native(model, loop_thread)


def test_retrieval_augmentation_advisor_adds_the_documents() -> None:
    model = NativeModel("answer")
    store = SimpleVectorStore(HashingEmbeddingModel())
    store.add([Document("elves sing at night")])
    advisor = (
        RetrievalAugmentationAdvisor.builder()
        .document_retriever(VectorStoreDocumentRetriever(store, top_k=1))
        .build()
    )
    client = ChatClient.builder(model).default_advisors(advisor).build()
    text, loop_thread = run_on_loop(lambda: client.prompt("when do elves sing?").call().acontent())
    assert text == "answer"
    assert "elves sing at night" in (model.last_prompt.get_user_message().get_text() or "")
    assert_native(model, loop_thread)


@tool
async def async_weather(city: str) -> str:
    """Weather of a city (an async tool)."""
    async_weather_threads.append(threading.get_ident())
    await asyncio.sleep(0)
    return f"{city}: sunny"


@tool
def sync_time(city: str) -> str:
    """Time of a city (a blocking tool)."""
    sync_time_threads.append(threading.get_ident())
    return f"{city}: noon"


async_weather_threads: list[int] = []
sync_time_threads: list[int] = []


def test_tool_calling_advisor_runs_async_tools_on_the_loop_and_sync_tools_off_it() -> None:
    async_weather_threads.clear()
    sync_time_threads.clear()
    model = NativeModel()
    model.add_tool_calls(("async_weather", {"city": "Paris"}), ("sync_time", {"city": "Rome"}))
    model.add_response("Paris is sunny, Rome at noon")
    client = ChatClient.builder(model).build()
    text, loop_thread = run_on_loop(
        lambda: client.prompt("weather?").tools(async_weather, sync_time).call().acontent()
    )
    assert text == "Paris is sunny, Rome at noon"
    assert async_weather_threads == [loop_thread]
    assert len(sync_time_threads) == 1 and sync_time_threads[0] != loop_thread
    results = model.prompts[1].get_instructions()[-1]
    assert [r.response_data for r in results.get_responses()] == ["Paris: sunny", "Rome: noon"]  # type: ignore[attr-defined]
    assert_native(model, loop_thread, calls=2)


def test_tool_calling_advisor_return_direct_and_usage_on_the_async_path() -> None:
    @tool(return_direct=True)
    def lookup(key: str) -> str:
        """Look a key up."""
        return f"value of {key}"

    model = NativeModel()
    model.add_tool_calls(("lookup", {"key": "k"}))
    client = ChatClient.builder(model).build()
    response, loop_thread = run_on_loop(
        lambda: client.prompt("look k up").tools(lookup).call().achat_response()
    )
    assert response.get_result().get_output().get_text() == "value of k"
    assert_native(model, loop_thread)


def test_an_explicit_tool_calling_advisor_keeps_the_loop_context() -> None:
    class Counting(CallAdvisor):
        def get_name(self) -> str:
            return "Counting"

        def get_order(self) -> int:
            return ToolCallingAdvisor.DEFAULT_ORDER + 1

        def advise_call(
            self, request: ChatClientRequest, chain: CallAdvisorChain
        ) -> ChatClientResponse:
            raise AssertionError("the async path must not call advise_call")

        async def aadvise_call(
            self, request: ChatClientRequest, chain: CallAdvisorChain
        ) -> ChatClientResponse:
            response = await chain.anext_call(request)
            context = dict(response.context)
            context["rounds"] = int(context.get("rounds", 0)) + 1
            return ChatClientResponse(response.chat_response, context)

    model = NativeModel()
    model.add_tool_calls(("sync_time", {"city": "Rome"}))
    model.add_response("noon")
    client = (
        ChatClient.builder(model)
        .default_advisors(ToolCallingAdvisor.builder().build(), Counting())
        .build()
    )
    response, loop_thread = run_on_loop(
        lambda: client.prompt("time?").tools(sync_time).call().achat_client_response()
    )
    assert response.context["rounds"] == 2  # written inside the loop, carried out (§7.10)
    assert_native(model, loop_thread, calls=2)


class Person(BaseModel):
    name: str
    age: int


def test_aentity_and_the_structured_output_validation_advisor() -> None:
    model = NativeModel('{"name": "Ada"}', '{"name": "Ada", "age": 36}')
    client = ChatClient.builder(model).build()
    person, loop_thread = run_on_loop(
        lambda: client.prompt("who?").call().aentity(Person, lambda s: s.validate_schema())
    )
    assert person == Person(name="Ada", age=36)
    assert len(model.prompts) == 2  # the validator asked again
    assert "age" in (model.last_prompt.get_user_message().get_text() or "")  # with the errors
    assert_native(model, loop_thread, calls=2)


def test_aresponse_entity_is_native() -> None:
    model = NativeModel('{"name": "Ada", "age": 36}')
    client = ChatClient.builder(model).build()
    entity, loop_thread = run_on_loop(lambda: client.prompt("who?").call().aresponse_entity(Person))
    assert entity.entity == Person(name="Ada", age=36)
    assert "JSON" in (model.last_prompt.get_user_message().get_text() or "")
    assert_native(model, loop_thread)


def test_a_user_advisor_with_only_advise_call_still_works_from_async_code() -> None:
    seen: list[int] = []

    class Legacy(CallAdvisor):
        def get_name(self) -> str:
            return "Legacy"

        def get_order(self) -> int:
            return 0

        def advise_call(
            self, request: ChatClientRequest, chain: CallAdvisorChain
        ) -> ChatClientResponse:
            seen.append(threading.get_ident())
            return chain.next_call(request)

    model = NativeModel("answer")
    client = ChatClient.builder(model).default_advisors(Legacy()).build()
    text, loop_thread = run_on_loop(lambda: client.prompt("q").call().acontent())
    assert text == "answer"
    # Off the loop, and the rest of the chain through next_call (so the blocking call).
    assert len(seen) == 1 and seen[0] != loop_thread
    assert model.blocking_calls == 1 and model.acall_threads == []


class CallOnly(ChatModel):
    def __init__(self) -> None:
        self.threads: list[int] = []

    def call(self, prompt: Prompt) -> ChatResponse:
        self.threads.append(threading.get_ident())
        text = f"echo {prompt.get_contents()}"
        return ChatResponse([Generation(AssistantMessage(text))])


def test_a_chat_model_with_only_call_gets_an_acall_off_the_loop() -> None:
    model = CallOnly()

    async def both() -> tuple[ChatResponse, Any]:
        return await model.acall(Prompt("hi")), await model.acall("hello")

    (response, text), loop_thread = run_on_loop(both)
    assert response.get_result().get_output().get_text() == "echo hi"
    assert text == "echo hello"
    assert len(model.threads) == 2 and loop_thread not in model.threads


def test_acall_accepts_text_and_messages_on_a_native_model() -> None:
    model = NativeModel("one", "two")

    async def both() -> tuple[Any, Any]:
        return await model.acall("hi"), await model.acall(UserMessage("a"), UserMessage("b"))

    (first, second), loop_thread = run_on_loop(both)
    assert (first, second) == ("one", "two")
    assert [m.get_text() for m in model.last_prompt.get_instructions()] == ["a", "b"]
    with pytest.raises(TypeError, match=r"acall\(\) takes a Prompt, a str or messages"):
        asyncio.run(model.acall(42))  # type: ignore[arg-type]
    assert_native(model, loop_thread, calls=2)


def test_tool_search_tool_calling_advisor_on_the_async_path() -> None:
    from spring_ai_py.chat.client.advisor.toolsearch import ToolSearchToolCallingAdvisor
    from spring_ai_py.tool.toolsearch.index.keyword import KeywordToolIndex

    @tool
    def get_forecast(city: str) -> str:
        """Get the weather forecast for a city."""
        return f"Rain in {city}"

    @tool
    def convert_currency(amount: float, target: str) -> str:
        """Convert money to another currency."""
        return "1.08"

    model = NativeModel()
    model.add_tool_calls(("toolSearchTool", {"query": "weather forecast"}))
    model.add_tool_calls(("get_forecast", {"city": "Lyon"}))
    model.add_response("Rain in Lyon.")
    advisor = ToolSearchToolCallingAdvisor.builder().tool_index(KeywordToolIndex()).build()
    client = ChatClient.builder(model).default_advisors(advisor).build()
    text, loop_thread = run_on_loop(
        lambda: client.prompt("weather in Lyon?")
        .tools(get_forecast, convert_currency)
        .advisors(lambda a: a.param(CID, "s"))
        .call()
        .acontent()
    )
    assert text == "Rain in Lyon."
    sent = [
        [c.get_tool_definition().name for c in p.get_options().tool_callbacks]  # type: ignore[union-attr]
        for p in model.prompts
    ]
    assert sent[0] == ["toolSearchTool"]
    assert "get_forecast" in sent[1] and "convert_currency" not in sent[1]
    assert_native(model, loop_thread, calls=3)
