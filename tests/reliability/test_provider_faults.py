"""Faults on the wire, through both official SDKs and our provider models, call and stream.

Every fault ends in the SDK's own exception type (the one the SDK's own models would
raise), with a message naming what was wrong; nothing is ever returned as a complete
answer when the server did not finish it (PORTING §7.16).
"""

from __future__ import annotations

import pytest

from spring_ai_py.test.faults import FaultServer
from tests.reliability.conftest import answer, provider_model, sdk


@pytest.mark.parametrize(
    ("status", "error_name"),
    [
        (400, "BadRequestError"),
        (401, "AuthenticationError"),
        (403, "PermissionDeniedError"),
        (404, "NotFoundError"),
        (429, "RateLimitError"),
        (500, "InternalServerError"),
        (503, "InternalServerError"),
    ],
)
def test_an_error_status_is_the_sdks_status_error(
    server: FaultServer, mode: str, status: int, error_name: str
) -> None:
    server.enqueue_status(status, message="injected fault")

    with pytest.raises(getattr(sdk(server), error_name), match="injected fault") as raised:
        answer(provider_model(server), mode)

    assert raised.value.status_code == status


@pytest.mark.parametrize("status", [429, 503])
def test_a_retry_after_is_honoured_and_the_retry_answers(
    server: FaultServer, mode: str, status: int
) -> None:
    server.enqueue_status(status, headers={"retry-after-ms": "1"})
    server.enqueue_status(status, headers={"retry-after": "0.001"})
    server.enqueue_answer("Hello there")

    assert answer(provider_model(server, max_retries=2), mode) == "Hello there"
    assert len(server.requests) == 3


def test_a_dropped_connection_is_a_connection_error(server: FaultServer, mode: str) -> None:
    server.enqueue_disconnect()

    with pytest.raises(sdk(server).APIConnectionError):
        answer(provider_model(server), mode)


def test_a_request_never_answered_times_out(server: FaultServer, mode: str) -> None:
    server.enqueue_stall()

    with pytest.raises(sdk(server).APITimeoutError):
        answer(provider_model(server, timeout=0.2), mode)


def test_a_body_that_is_not_json_is_a_validation_error(server: FaultServer) -> None:
    server.enqueue_raw(200, "{this is not json")

    with pytest.raises(sdk(server).APIResponseValidationError, match="not valid JSON"):
        answer(provider_model(server), "call")


def test_a_body_cut_halfway_is_a_connection_error(server: FaultServer) -> None:
    server.enqueue_cut_body(server.answer_body("Hello there, a long enough answer"))

    with pytest.raises(sdk(server).APIConnectionError):
        answer(provider_model(server), "call")


WRONG_SHAPE_BODIES = {
    "openai": [
        ({"choices": "oops"}, "choices must be a list, got str"),
        ({"choices": ["oops"]}, r"choices\[0\] must be an object, got str"),
        ({"choices": [{"message": "oops"}]}, r"choices\[0\].message must be an object"),
        (
            {"choices": [{"message": {"content": 42}}]},
            r"choices\[0\].message.content must be a string, got int",
        ),
        (
            {"choices": [{"message": {"tool_calls": [{"id": "c1"}]}}]},
            r"choices\[0\].message.tool_calls\[0\].function is missing",
        ),
        (
            {"choices": [], "usage": {"prompt_tokens": "many"}},
            "usage.prompt_tokens must be an integer, got str",
        ),
    ],
    "anthropic": [
        (
            {
                "id": "m",
                "model": "x",
                "content": "oops",
                "usage": {"input_tokens": 1, "output_tokens": 1},
            },
            "content must be a list, got str",
        ),
        (
            {
                "id": "m",
                "model": "x",
                "content": [{"type": "tool_use"}],
                "usage": {"input_tokens": 1, "output_tokens": 1},
            },
            r"content\[0\] \(tool_use\): id is missing",
        ),
        (
            {
                "id": "m",
                "model": "x",
                "content": [{"type": "text"}],
                "usage": {"input_tokens": 1, "output_tokens": 1},
            },
            r"content\[0\] \(text\): text is missing",
        ),
        (
            {"id": "m", "model": "x", "content": [{"type": "text", "text": "hi"}]},
            "usage is missing",
        ),
        (
            {
                "id": 7,
                "model": "x",
                "content": [],
                "usage": {"input_tokens": 1, "output_tokens": 1},
            },
            "id must be a string, got int",
        ),
    ],
}


@pytest.mark.parametrize("case", range(5))
def test_a_body_of_the_wrong_shape_is_a_validation_error_naming_the_field(
    server: FaultServer, case: int
) -> None:
    body, message = WRONG_SHAPE_BODIES[server.provider][case]
    server.enqueue_json(body)

    with pytest.raises(sdk(server).APIResponseValidationError, match=message):
        answer(provider_model(server), "call")


def test_every_openai_wrong_shape_body_names_its_field() -> None:
    with FaultServer("openai") as server:
        for body, message in WRONG_SHAPE_BODIES["openai"]:
            server.enqueue_json(body)
            with pytest.raises(sdk(server).APIResponseValidationError, match=message):
                answer(provider_model(server), "call")


def test_a_stream_event_that_is_not_json_is_a_validation_error(server: FaultServer) -> None:
    events = server.answer_events("Hello there")
    events.insert(2, server.event("{this is not json", "content_block_delta"))
    server.enqueue_events(events)

    with pytest.raises(sdk(server).APIResponseValidationError, match="not JSON"):
        answer(provider_model(server), "stream")


WRONG_SHAPE_EVENTS = {
    "openai": [
        ({"choices": "oops"}, "choices must be a list, got str"),
        ({"choices": [{"delta": "oops"}]}, r"choices\[0\].delta must be an object, got str"),
        (
            {"choices": [{"delta": {"content": 1}, "finish_reason": None}]},
            r"choices\[0\].delta.content must be a string, got int",
        ),
        (
            {"choices": [{"delta": {}, "finish_reason": 3}]},
            r"choices\[0\].finish_reason must be a string, got int",
        ),
    ],
    "anthropic": [
        (
            {"type": "content_block_start", "index": 0, "content_block": {"type": "tool_use"}},
            r"content_block \(tool_use\): id is missing",
        ),
        (
            {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta"}},
            r"delta \(text_delta\): text is missing",
        ),
        (
            {"type": "content_block_delta", "index": 0, "delta": "oops"},
            "delta.type is missing",
        ),
        (
            {"type": "message_delta", "delta": {"stop_reason": "end_turn"}},
            "usage is missing",
        ),
    ],
}


@pytest.mark.parametrize("case", range(4))
def test_a_stream_event_of_the_wrong_shape_is_a_validation_error_naming_the_field(
    server: FaultServer, case: int
) -> None:
    bad, message = WRONG_SHAPE_EVENTS[server.provider][case]
    events = server.answer_events("Hello there")
    events.insert(2, server.event(bad))
    server.enqueue_events(events)

    with pytest.raises(sdk(server).APIResponseValidationError, match=message):
        answer(provider_model(server), "stream")


def test_a_stream_cut_mid_way_is_a_connection_error(server: FaultServer) -> None:
    server.enqueue_events(server.answer_events("Hello there my friend"), cut_after=3)

    with pytest.raises(sdk(server).APIConnectionError):
        answer(provider_model(server), "stream")


def test_a_stream_ending_without_its_terminal_event_is_an_error(server: FaultServer) -> None:
    server.enqueue_events(server.truncated_events("Hello there my friend"))

    with pytest.raises(sdk(server).APIConnectionError, match="terminal event"):
        answer(provider_model(server), "stream")


def test_an_openai_stream_with_a_finish_reason_but_no_done_is_complete() -> None:
    """§7.16 accepts either terminal signal on OpenAI: a finish reason or ``[DONE]``."""
    with FaultServer("openai") as server:
        server.enqueue_events(server.answer_events("Hello there")[:-1])

        assert answer(provider_model(server), "stream") == "Hello there"


def test_a_stream_that_stalls_mid_way_times_out(server: FaultServer) -> None:
    server.enqueue_events(server.answer_events("Hello there my friend"), stall_after=3)

    with pytest.raises(sdk(server).APITimeoutError):
        answer(provider_model(server, timeout=0.2), "stream")


def test_an_error_event_in_a_stream_is_the_sdks_error(server: FaultServer) -> None:
    events = server.answer_events("Hello there")
    if server.provider == "openai":
        events.insert(2, server.event({"error": {"message": "overloaded mid-stream"}}))
        expected = sdk(server).APIError
    else:
        events.insert(
            2,
            server.event(
                {
                    "type": "error",
                    "error": {"type": "overloaded_error", "message": "overloaded mid-stream"},
                },
                "error",
            ),
        )
        expected = sdk(server).APIStatusError
    server.enqueue_events(events)

    with pytest.raises(expected, match="overloaded mid-stream"):
        answer(provider_model(server), "stream")


def test_a_good_answer_still_works_on_both_paths(server: FaultServer, mode: str) -> None:
    server.enqueue_answer("All is well")

    assert answer(provider_model(server), mode) == "All is well"


def test_an_openai_stream_cut_after_one_of_several_choices_finished_is_an_error() -> None:
    """n=2: choice 0 finishes, choice 1 never does, and the body ends without [DONE]:
    the answer is incomplete (PORTING 7.16), not a complete stream."""
    import asyncio
    import json

    import openai

    from spring_ai_py.chat.prompt import Prompt
    from spring_ai_py.openai import OpenAiChatModel, OpenAiChatOptions
    from spring_ai_py.test import OpenAiTestServer

    def event(choices: list[dict[str, object]]) -> str:
        chunk = {"id": "c", "object": "chat.completion.chunk", "created": 0, "model": "m", "choices": choices}
        return f"data: {json.dumps(chunk)}\n\n"

    body = event(
        [
            {"index": 0, "delta": {"role": "assistant", "content": "A done"}, "finish_reason": "stop"},
            {"index": 1, "delta": {"role": "assistant", "content": "B part"}, "finish_reason": None},
        ]
    )
    with OpenAiTestServer() as server:
        server.enqueue_raw(200, body, "text/event-stream")
        model = OpenAiChatModel(
            options=OpenAiChatOptions(base_url=server.base_url, api_key="k", max_retries=0, n=2)
        )

        async def read() -> None:
            async for _ in model.stream(Prompt("hi")):
                pass

        with pytest.raises(openai.APIConnectionError, match="terminal event"):
            asyncio.run(read())
        model.close()
