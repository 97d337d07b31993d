"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.advisor.UsageAccumulatorTests`:
9 tests ported, 0 skipped (the final-usage correction is an async iterator, as Spring's
``Flux``), followed by the port's own tests: arithmetic details and loop advisors that
use it on a real chain (``copy(self)`` each round) on the call and the stream path."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequest, ChatClientResponse
from spring_ai_py.chat.client.advisor import UsageAccumulator
from spring_ai_py.chat.client.advisor.api import (
    CallAdvisor,
    CallAdvisorChain,
    StreamAdvisor,
    StreamAdvisorChain,
)
from spring_ai_py.chat.messages import AssistantMessage
from spring_ai_py.chat.metadata import (
    ChatGenerationMetadata,
    ChatResponseMetadata,
    DefaultUsage,
    Usage,
)
from spring_ai_py.chat.model import ChatResponse, Generation, MessageAggregator
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel

DOC = Path(__file__).resolve().parents[4] / "docs" / "advisors.md"


def doc_examples(section: str) -> list[str]:
    """The python blocks of one ``## section`` of docs/advisors.md."""
    text = DOC.read_text(encoding="utf-8").split(f"\n## {section}\n")[1].split("\n## ")[0]
    return re.findall(r"```python\n(.*?)```", text, re.DOTALL)


def run_doc_examples(section: str) -> None:
    blocks = doc_examples(section)
    assert blocks
    for block in blocks:
        exec(compile(block, str(DOC), "exec", dont_inherit=True), {"__name__": "advisors_doc"})


def response_with(
    usage: Usage, text: str = "response", finish_reason: str | None = None
) -> ChatResponse:
    generation_metadata = (
        ChatGenerationMetadata.builder().finish_reason(finish_reason).build()
        if finish_reason
        else ChatGenerationMetadata.NULL
    )
    metadata = ChatResponseMetadata.builder().id("r-1").model("m").usage(usage).build()
    return ChatResponse([Generation(AssistantMessage(text), generation_metadata)], metadata)


def client_response_with(usage: Usage) -> ChatClientResponse:
    return ChatClientResponse.builder().chat_response(response_with(usage)).build()


def collect(stream: AsyncIterator[ChatClientResponse]) -> list[ChatClientResponse]:
    async def drain() -> list[ChatClientResponse]:
        return [item async for item in stream]

    return asyncio.run(drain())


def usage_of(response: ChatClientResponse | ChatResponse | None) -> tuple[int, int, int]:
    chat_response = response.chat_response if isinstance(response, ChatClientResponse) else response
    assert chat_response is not None
    usage = chat_response.get_metadata().get_usage()
    return usage.get_prompt_tokens(), usage.get_completion_tokens(), usage.get_total_tokens()


# -- Spring's UsageAccumulatorTests --------------------------------------------------


def test_accumulated_response_is_null_before_any_round_response() -> None:
    assert UsageAccumulator().accumulated_response() is None


def test_add_round_response_folds_usage_across_rounds() -> None:
    accumulator = UsageAccumulator()
    accumulator.add_round_response(response_with(DefaultUsage(10, 20, 30)))
    total = accumulator.add_round_response(response_with(DefaultUsage(1, 2, 3)))

    assert total is not None
    assert usage_of(total) == (11, 22, 33)
    assert accumulator.accumulated_response() is total


def test_apply_accumulated_usage_stamps_accumulated_total_onto_response() -> None:
    accumulator = UsageAccumulator()
    accumulator.add_round_response(response_with(DefaultUsage(10, 20, 30)))
    accumulator.add_round_response(response_with(DefaultUsage(1, 2, 3)))

    result = accumulator.apply_accumulated_usage(client_response_with(DefaultUsage(1, 2, 3)))

    assert usage_of(result) == (11, 22, 33)


def test_apply_accumulated_usage_leaves_response_unchanged_when_nothing_accumulated() -> None:
    response = client_response_with(DefaultUsage(1, 2, 3))
    assert UsageAccumulator().apply_accumulated_usage(response) is response


def test_apply_accumulated_usage_leaves_response_unchanged_when_it_already_has_the_total() -> None:
    accumulator = UsageAccumulator()
    accumulator.add_round_response(response_with(DefaultUsage(1, 2, 3)))
    response = client_response_with(DefaultUsage(1, 2, 3))
    assert accumulator.apply_accumulated_usage(response) is response


def test_apply_previous_accumulated_usage_to_chunk_adds_previous_usage_to_usage_bearing_chunk() -> (
    None
):
    result = UsageAccumulator.apply_previous_accumulated_usage_to_chunk(
        client_response_with(DefaultUsage(1, 2, 3)), response_with(DefaultUsage(10, 20, 30))
    )
    assert usage_of(result) == (11, 22, 33)


def test_apply_previous_accumulated_usage_to_chunk_leaves_usage_free_chunk_unchanged() -> None:
    chunk = client_response_with(DefaultUsage(0, 0, 0))
    result = UsageAccumulator.apply_previous_accumulated_usage_to_chunk(
        chunk, response_with(DefaultUsage(10, 20, 30))
    )
    assert result is chunk


def test_apply_previous_accumulated_usage_to_chunk_without_previous_usage() -> None:
    chunk = client_response_with(DefaultUsage(1, 2, 3))
    assert UsageAccumulator.apply_previous_accumulated_usage_to_chunk(chunk, None) is chunk


def test_emit_final_usage_correction_if_necessary_emits_usage_only_response_when_final_round_has_no_usage() -> (
    None
):
    aggregated = client_response_with(DefaultUsage(0, 0, 0))
    result = collect(UsageAccumulator.emit_final_usage_correction_if_necessary(
        aggregated, response_with(DefaultUsage(0, 0, 0)), response_with(DefaultUsage(10, 20, 30))
    ))
    assert len(result) == 1
    assert usage_of(result[0]) == (10, 20, 30)
    assert result[0].chat_response is not None
    assert result[0].chat_response.get_results() == []  # usage only: no text repeated


def test_emit_final_usage_correction_if_necessary_emits_nothing_when_final_round_reports_usage() -> None:
    result = collect(UsageAccumulator.emit_final_usage_correction_if_necessary(
        client_response_with(DefaultUsage(1, 2, 3)),
        response_with(DefaultUsage(1, 2, 3)),
        response_with(DefaultUsage(11, 22, 33)),
    ))
    assert result == []


def test_emit_final_usage_correction_if_necessary_emits_nothing_when_nothing_accumulated() -> None:
    result = collect(UsageAccumulator.emit_final_usage_correction_if_necessary(
        client_response_with(DefaultUsage(0, 0, 0)), response_with(DefaultUsage(0, 0, 0)), None
    ))
    assert result == []


# -- details of the arithmetic ---------------------------------------------------------


def test_none_and_usage_free_rounds_keep_the_total() -> None:
    accumulator = UsageAccumulator()
    assert accumulator.add_round_response(None) is None
    assert accumulator.add_round_response(response_with(DefaultUsage(0, 0, 0))) is None
    accumulator.add_round_response(response_with(DefaultUsage(4, 5)))
    assert accumulator.add_round_response(None) is accumulator.accumulated_response()
    total = accumulator.add_round_response(response_with(DefaultUsage(0, 0, 0), text="last"))
    assert usage_of(total) == (4, 5, 9)
    assert total is not None and total.get_result() is not None
    assert total.get_result().get_output().get_text() == "last"  # type: ignore[union-attr]


def test_cache_counters_add_up_and_native_usage_is_dropped() -> None:
    accumulator = UsageAccumulator()
    accumulator.add_round_response(response_with(DefaultUsage(10, 1, None, {"raw": 1}, 4, None)))
    total = accumulator.add_round_response(
        response_with(DefaultUsage(20, 2, None, {"raw": 2}, 6, None))
    )
    assert total is not None
    usage = total.get_metadata().get_usage()
    assert (usage.get_cache_read_input_tokens(), usage.get_cache_write_input_tokens()) == (10, None)
    assert usage.get_native_usage() is None
    assert usage_of(total) == (30, 3, 33)


def test_stamped_response_keeps_the_other_metadata() -> None:
    accumulator = UsageAccumulator()
    accumulator.add_round_response(response_with(DefaultUsage(1, 1)))
    accumulator.add_round_response(response_with(DefaultUsage(2, 2)))
    response = ChatClientResponse(response_with(DefaultUsage(2, 2)), {"key": "value"})
    result = accumulator.apply_accumulated_usage(response)
    assert result.context == {"key": "value"}
    assert result.chat_response is not None
    assert result.chat_response.get_metadata().get_id() == "r-1"
    assert result.chat_response.get_metadata().get_model() == "m"


# -- a loop advisor of our own, on the chain (how ToolCallingAdvisor uses it) ----------


class Repeating(CallAdvisor, StreamAdvisor):
    """Runs the rest of the chain ``rounds`` times, as a tool loop does, summing usage."""

    def __init__(self, rounds: int) -> None:
        self.rounds = rounds

    def get_name(self) -> str:
        return "Repeating"

    def get_order(self) -> int:
        return 0

    def advise_call(
        self, chat_client_request: ChatClientRequest, call_advisor_chain: CallAdvisorChain
    ) -> ChatClientResponse:
        usage = UsageAccumulator()
        for _ in range(self.rounds):
            response = call_advisor_chain.copy(self).next_call(chat_client_request)
            usage.add_round_response(response.chat_response)
        return usage.apply_accumulated_usage(response)

    async def advise_stream(
        self, chat_client_request: ChatClientRequest, stream_advisor_chain: StreamAdvisorChain
    ) -> AsyncIterator[ChatClientResponse]:
        usage = UsageAccumulator()  # per iteration of the stream
        for round_number in range(1, self.rounds + 1):
            last_round = round_number == self.rounds
            previous = usage.accumulated_response()
            chunks: list[ChatResponse] = []
            context: dict[str, object] = {}
            async for chunk in stream_advisor_chain.copy(self).next_stream(chat_client_request):
                if chunk.chat_response is not None:
                    chunks.append(chunk.chat_response)
                context.update(chunk.context)
                if last_round:
                    yield UsageAccumulator.apply_previous_accumulated_usage_to_chunk(
                        chunk, previous
                    )
            aggregated = ChatClientResponse(MessageAggregator.aggregate_responses(chunks), context)
            accumulated = usage.add_round_response(aggregated.chat_response)
            if last_round:
                async for correction in UsageAccumulator.emit_final_usage_correction_if_necessary(
                    aggregated, aggregated.chat_response, accumulated
                ):
                    yield correction


def test_loop_advisor_sums_usage_over_repeated_calls_on_the_chain() -> None:
    model = ScriptedChatModel(
        response_with(DefaultUsage(10, 1), "first"),
        response_with(DefaultUsage(20, 2), "second"),
        response_with(DefaultUsage(30, 3), "third"),
    )
    client = ChatClient.builder(model).default_advisors(Repeating(3)).build()

    response = client.prompt().user("hi").call().chat_response()

    assert len(model.prompts) == 3
    assert response is not None and response.get_result() is not None
    assert response.get_result().get_output().get_text() == "third"  # type: ignore[union-attr]
    assert usage_of(response) == (60, 6, 66)


def scripted_stream(model: ScriptedChatModel, words: list[str], usage: DefaultUsage | None) -> None:
    chunks = [
        response_with(
            usage if (usage is not None and i == len(words) - 1) else DefaultUsage(0, 0),
            word,
            "STOP" if i == len(words) - 1 else None,
        )
        for i, word in enumerate(words)
    ]
    model.add_stream(chunks)


def test_loop_advisor_adds_earlier_rounds_to_the_usage_bearing_chunk_on_the_stream() -> None:
    model = ScriptedChatModel()
    scripted_stream(model, ["tool ", "round"], DefaultUsage(10, 1))
    scripted_stream(model, ["final ", "answer"], DefaultUsage(20, 2))
    client = ChatClient.builder(model).default_advisors(Repeating(2)).build()

    chunks = list(client.prompt().user("hi").stream().chat_response())

    assert "".join(c.get_result().get_output().get_text() or "" for c in chunks) == "final answer"  # type: ignore[union-attr]
    assert [usage_of(c) for c in chunks] == [(0, 0, 0), (30, 3, 33)]


def test_loop_advisor_emits_a_usage_only_response_when_the_last_round_reports_none() -> None:
    model = ScriptedChatModel()
    scripted_stream(model, ["tool ", "round"], DefaultUsage(10, 1))
    scripted_stream(model, ["final ", "answer"], None)
    client = ChatClient.builder(model).default_advisors(Repeating(2)).build()

    async def consume() -> list[ChatResponse]:
        return [c async for c in client.prompt().user("hi").stream().chat_response()]

    chunks = asyncio.run(consume())

    assert len(chunks) == 3
    assert chunks[-1].get_results() == []
    assert usage_of(chunks[-1]) == (10, 1, 11)
    assert usage_of(MessageAggregator.aggregate_responses(chunks)) == (10, 1, 11)


def test_each_stream_iteration_has_its_own_total() -> None:
    model = ScriptedChatModel()
    for _ in range(2):
        scripted_stream(model, ["a"], DefaultUsage(1, 1))
        scripted_stream(model, ["b"], DefaultUsage(2, 2))
    client = ChatClient.builder(model).default_advisors(Repeating(2)).build()
    stream = client.prompt().user("hi").stream().chat_response()

    assert [usage_of(c) for c in stream] == [(3, 3, 6)]
    assert [usage_of(c) for c in stream] == [(3, 3, 6)]


def test_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    run_doc_examples("UsageAccumulator")
    assert capsys.readouterr().out == "second draft\n10\n"


def test_the_demo_prints_the_total_tokens_of_all_model_calls() -> None:
    demo = DOC.parents[1] / "examples" / "advisors.py"
    completed = subprocess.run(
        [sys.executable, str(demo)], capture_output=True, text=True, check=True, timeout=60
    )
    out = completed.stdout
    assert "model calls so far: 0" in out
    assert "Splash (1984)" in out
    assert "films[1].year: '1984' is not of type 'integer'" in out
    assert re.search(r"total tokens over 2 model calls: \d+ \(prompt \d+, completion 24\)", out)
    assert "Read the question again:" in out
