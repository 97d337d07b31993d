"""StreamGuardAdvisor: the hold-release answer guard (beyond Spring AI 2.0.1)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import MessageChatMemoryAdvisor, StreamGuardAdvisor
from spring_ai_py.chat.client.advisor.api import StreamAdvisor, StreamAdvisorChain
from spring_ai_py.chat.memory import ChatMemory, MessageWindowChatMemory
from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
from spring_ai_py.test import OpenAiTestServer
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel

FAILURE = StreamGuardAdvisor.DEFAULT_FAILURE_RESPONSE


class PullCounter(StreamAdvisor):
    """Innermost advisor: counts the chunks pulled from the model, and whether it closed."""

    def __init__(self) -> None:
        self.pulled = 0
        self.closed = False

    def get_name(self) -> str:
        return "pull-counter"

    def get_order(self) -> int:
        return 1_000

    def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        async def counted() -> AsyncIterator[ChatClientResponse]:
            try:
                async for response in stream_advisor_chain.next_stream(chat_client_request):
                    self.pulled += 1
                    yield response
            finally:
                self.closed = True

        return counted()


def client_for(model: ScriptedChatModel, *advisors: object) -> ChatClient:
    return ChatClient.builder(model).default_advisors(list(advisors)).build()  # type: ignore[arg-type]


def collect_with_pulls(client: ChatClient, counter: PullCounter) -> list[tuple[str, int]]:
    """Each text the caller receives, with how many model chunks had been pulled by then."""
    return [(text, counter.pulled) for text in client.prompt().user("q").stream().content()]


def test_clean_answer_passes_unchanged() -> None:
    chunks = ["The sky ", "is blue. ", "Grass ", "is green."]
    model = ScriptedChatModel().add_stream(chunks)
    client = client_for(model, StreamGuardAdvisor(sensitive_words=["secret"]))
    assert list(client.prompt().user("q").stream().content()) == chunks


def test_text_is_held_until_its_sentence_ends() -> None:
    counter = PullCounter()
    model = ScriptedChatModel().add_stream(["The sky ", "is blue. ", "Grass ", "is green."])
    client = client_for(model, StreamGuardAdvisor(sensitive_words=["secret"]), counter)
    received = collect_with_pulls(client, counter)
    # "The sky " waits for "is blue. " (chunk 2); "Grass " waits for the last chunk.
    assert received[0] == ("The sky ", 2)
    assert received[1] == ("is blue. ", 2)
    assert received[2][0] == "Grass " and received[2][1] >= 4


def test_hold_chars_releases_long_text_without_a_sentence_end() -> None:
    counter = PullCounter()
    model = ScriptedChatModel().add_stream(["abcd", "efgh", "ijkl", "mnop"])
    client = client_for(model, StreamGuardAdvisor(sensitive_words=["zzz"], hold_chars=8), counter)
    received = collect_with_pulls(client, counter)
    assert [text for text, _ in received] == ["abcd", "efgh", "ijkl", "mnop"]
    assert received[0][1] == 2 and received[2][1] == 4


def test_blocked_sentence_replaces_the_rest_and_closes_the_model_stream() -> None:
    counter = PullCounter()
    chunks = ["All fine. ", "The secret ", "code is 42. ", "More text. ", "And more."]
    model = ScriptedChatModel().add_stream(chunks)
    client = client_for(model, StreamGuardAdvisor(sensitive_words=["SECRET"]), counter)
    texts = list(client.prompt().user("q").stream().content())
    assert texts == ["All fine. ", FAILURE]
    assert counter.pulled == 3  # stopped at the sentence that failed
    assert counter.closed


def test_a_word_split_across_chunks_is_caught() -> None:
    model = ScriptedChatModel().add_stream(["It is a se", "cret."])
    client = client_for(model, StreamGuardAdvisor(sensitive_words=["secret"]))
    assert list(client.prompt().user("q").stream().content()) == [FAILURE]


def test_a_word_straddling_a_released_boundary_is_caught() -> None:
    model = ScriptedChatModel().add_stream(["ok: se", "cret"])
    # "ok: se" ends no sentence but reaches hold_chars and is released; "cret" completes
    # the word at the end of the stream.
    client = client_for(model, StreamGuardAdvisor(sensitive_words=["secret"], hold_chars=5))
    assert list(client.prompt().user("q").stream().content()) == ["ok: se", FAILURE]


def test_predicate_sees_the_answer_so_far() -> None:
    seen: list[str] = []

    def blocks(answer: str) -> bool:
        seen.append(answer)
        return answer.count("!") > 1

    model = ScriptedChatModel().add_stream(["Hi! ", "Wow! ", "Bye."])
    client = client_for(model, StreamGuardAdvisor(blocks=blocks))
    assert list(client.prompt().user("q").stream().content()) == ["Hi! ", FAILURE]
    assert seen == ["Hi! ", "Hi! Wow! "]


def test_failure_response_and_async_for() -> None:
    model = ScriptedChatModel().add_stream(["bad words."])
    guard = StreamGuardAdvisor.builder().sensitive_words(["bad"]).failure_response("No.").build()
    client = client_for(model, guard)

    async def texts() -> list[str]:
        return [t async for t in client.prompt().user("q").stream().content()]

    assert asyncio.run(texts()) == ["No."]


def test_call_and_acall_check_the_whole_answer() -> None:
    model = ScriptedChatModel().add_response("a secret answer").add_response("fine")
    model.add_response("a secret answer")
    client = client_for(model, StreamGuardAdvisor(sensitive_words=["secret"]))
    assert client.prompt().user("q").call().content() == FAILURE
    assert client.prompt().user("q").call().content() == "fine"
    assert asyncio.run(client.prompt().user("q").call().acontent()) == FAILURE


def test_memory_stores_what_the_caller_saw() -> None:
    memory = MessageWindowChatMemory.builder().build()
    model = ScriptedChatModel().add_stream(["Hello. ", "The secret is 42."])
    client = client_for(
        model,
        MessageChatMemoryAdvisor.builder(memory).build(),
        StreamGuardAdvisor(sensitive_words=["secret"]),
    )
    text = "".join(
        client.prompt()
        .user("q")
        .advisors(lambda a: a.param(ChatMemory.CONVERSATION_ID, "c1"))
        .stream()
        .content()
    )
    assert text == "Hello. " + FAILURE
    stored = memory.get("c1")
    assert [m.get_text() for m in stored] == ["q", "Hello. " + FAILURE]


def test_through_the_openai_sdk_stream() -> None:
    with OpenAiTestServer() as server:
        server.enqueue_text("One. Two secret. Three.", chunks=["One. ", "Two secret. ", "Three."])
        options = OpenAiChatOptions(model="gpt-4o-mini", base_url=server.base_url, api_key="k")
        with OpenAiChatModel(options=options) as model:
            client = (
                ChatClient.builder(model)
                .default_advisors(StreamGuardAdvisor(sensitive_words=["secret"]))
                .build()
            )
            assert list(client.prompt().user("q").stream().content()) == ["One. ", FAILURE]


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({}, ValueError, "sensitive_words or blocks must be given"),
        ({"sensitive_words": "secret"}, TypeError, "not a single str"),
        ({"sensitive_words": ["a", None]}, ValueError, "null elements"),
        ({"blocks": "yes"}, TypeError, "blocks must be a callable"),
        ({"sensitive_words": ["a"], "hold_chars": 0}, ValueError, "hold_chars must be a positive"),
        ({"sensitive_words": ["a"], "hold_chars": True}, ValueError, "hold_chars"),
    ],
)
def test_bad_input(kwargs: dict[str, object], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        StreamGuardAdvisor(**kwargs)  # type: ignore[arg-type]
