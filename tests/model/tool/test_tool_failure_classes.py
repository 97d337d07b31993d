"""Tool failure classes, the classifier hook and ``@tool(retry=...)`` (beyond Spring)."""

from __future__ import annotations

import asyncio
import json

import anthropic
import httpx2 as httpx
import openai
import pytest

from spring_ai_py.chat.messages import AssistantMessage, ToolResponseMessage, UserMessage
from spring_ai_py.chat.model import ChatResponse, Generation
from spring_ai_py.chat.prompt import Prompt
from spring_ai_py.model.tool import DefaultToolCallingManager, ToolCallingChatOptions
from spring_ai_py.tool import tool
from spring_ai_py.tool.execution import (
    EnvironmentToolError,
    Retry,
    ToolFailureClass,
    TransientToolError,
    classify_tool_failure,
)
from spring_ai_py.tool.execution.tool_execution import ToolExecutionException

T, E, S = ToolFailureClass.TRANSIENT, ToolFailureClass.ENVIRONMENT, ToolFailureClass.SEMANTIC
_REQUEST = httpx.Request("GET", "http://tool.test/")


def _status(code: int) -> httpx.HTTPStatusError:
    return httpx.HTTPStatusError("boom", request=_REQUEST, response=httpx.Response(code, request=_REQUEST))


def _openai(code: int) -> openai.APIStatusError:
    return openai.APIStatusError("boom", response=httpx.Response(code, request=_REQUEST), body=None)


def _anthropic(code: int) -> anthropic.APIStatusError:
    return anthropic.APIStatusError("boom", response=httpx.Response(code, request=_REQUEST), body=None)


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        (TimeoutError("slow"), T),
        (ConnectionResetError("reset"), T),
        (httpx.ConnectTimeout("slow", request=_REQUEST), T),
        (httpx.ConnectError("refused", request=_REQUEST), T),
        (_status(429), T),
        (_status(503), T),
        (_status(401), E),
        (_status(404), S),
        (openai.APIConnectionError(request=_REQUEST), T),
        (openai.APITimeoutError(request=_REQUEST), T),
        (_openai(429), T),
        (_openai(500), T),
        (_openai(401), E),
        (_openai(403), E),
        (_openai(400), S),
        (anthropic.APIConnectionError(request=_REQUEST), T),
        (_anthropic(529), T),
        (_anthropic(401), E),
        (PermissionError("denied"), E),
        (FileNotFoundError("gone"), E),
        (ValueError("bad city"), S),
        (TransientToolError("try again"), T),
        (EnvironmentToolError("no key"), E),
        (ToolExecutionException(None, TimeoutError("slow")), T),
    ],
)
def test_default_classifier(error: BaseException, expected: ToolFailureClass) -> None:
    assert classify_tool_failure(error) is expected


def test_failure_class_attribute_marks_an_exception() -> None:
    class Quota(Exception):
        failure_class = ToolFailureClass.ENVIRONMENT

    assert classify_tool_failure(Quota()) is E


def _batch(*names: str) -> tuple[Prompt, ChatResponse]:
    calls = [AssistantMessage.ToolCall(f"c{i}", "function", n, "{}") for i, n in enumerate(names)]
    return Prompt([UserMessage("go")]), ChatResponse([Generation(AssistantMessage("", tool_calls=calls))])


def _prompt(tools: list[object], *names: str) -> tuple[Prompt, ChatResponse]:
    prompt, response = _batch(*names)
    options = ToolCallingChatOptions.builder().tool_callbacks(tools).build()
    return Prompt(prompt.get_instructions(), options), response


def _results(history: list[object]) -> list[str]:
    last = history[-1]
    assert isinstance(last, ToolResponseMessage)
    return [r.response_data for r in last.get_responses()]


FAST = Retry(max_attempts=3, initial_backoff=0.0, max_backoff=0.0, jitter=0.0)


def test_transient_failures_are_retried_until_the_tool_succeeds() -> None:
    attempts: list[int] = []

    @tool(retry=FAST)
    def flaky() -> str:
        attempts.append(1)
        if len(attempts) < 3:
            raise ConnectionError("dropped")
        return "ok"

    result = DefaultToolCallingManager.builder().build().execute_tool_calls(*_prompt([flaky], "flaky"))
    assert _results(result.conversation_history) == ["ok"]
    assert len(attempts) == 3


def test_retries_stop_at_max_attempts_and_the_model_gets_the_error() -> None:
    attempts: list[int] = []

    @tool(retry=FAST)
    def down() -> str:
        attempts.append(1)
        raise TimeoutError("still down")

    result = DefaultToolCallingManager.builder().build().execute_tool_calls(*_prompt([down], "down"))
    assert _results(result.conversation_history) == ["still down"]
    assert len(attempts) == 3


def test_semantic_failures_and_tools_without_retry_run_once() -> None:
    attempts: list[str] = []

    @tool(retry=FAST)
    def picky() -> str:
        attempts.append("picky")
        raise ValueError("unknown city")

    @tool
    def plain() -> str:
        attempts.append("plain")
        raise ConnectionError("dropped")

    manager = DefaultToolCallingManager.builder().parallel_tool_execution(False).build()
    result = manager.execute_tool_calls(*_prompt([picky, plain], "picky", "plain"))
    assert _results(result.conversation_history) == ["unknown city", "dropped"]
    assert attempts == ["picky", "plain"]


def test_the_classifier_hook_decides_and_none_falls_back_to_the_default() -> None:
    attempts: list[int] = []

    class Busy(Exception):
        pass

    @tool(retry=FAST)
    def busy() -> str:
        attempts.append(1)
        raise Busy("busy")

    def classify(error: BaseException) -> ToolFailureClass | None:
        return T if isinstance(error, Busy) else None

    manager = DefaultToolCallingManager.builder().tool_failure_classifier(classify).build()
    manager.execute_tool_calls(*_prompt([busy], "busy"))
    assert len(attempts) == 3
    assert manager.classify(TimeoutError()) is T
    assert manager.classify(ValueError()) is S


def test_async_retries_sleep_without_blocking_the_event_loop() -> None:
    attempts: list[int] = []
    ticks: list[int] = []

    @tool(retry=Retry(max_attempts=2, initial_backoff=0.05, max_backoff=0.05, jitter=0.0))
    async def flaky() -> str:
        attempts.append(1)
        if len(attempts) == 1:
            raise TransientToolError("later")
        return "ok"

    async def ticker() -> None:
        for _ in range(5):
            ticks.append(1)
            await asyncio.sleep(0.005)

    async def main() -> list[str]:
        manager = DefaultToolCallingManager.builder().build()
        ticking = asyncio.create_task(ticker())
        result = await manager.aexecute_tool_calls(*_prompt([flaky], "flaky"))
        await ticking
        return _results(result.conversation_history)

    assert asyncio.run(main()) == ["ok"]
    # The ticker ran while the retry waited: the wait was an asyncio sleep.
    assert len(ticks) == 5 and len(attempts) == 2


def test_retry_backoff_grows_and_is_capped() -> None:
    retry = Retry(max_attempts=5, initial_backoff=1.0, multiplier=3.0, max_backoff=5.0, jitter=0.0)
    assert [retry.backoff(n) for n in (1, 2, 3)] == [1.0, 3.0, 5.0]
    jittered = Retry(initial_backoff=1.0, jitter=0.5)
    assert all(0.5 <= jittered.backoff(1) <= 1.5 for _ in range(20))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_attempts": 0}, "max_attempts must be greater than 0"),
        ({"initial_backoff": -1}, "initial_backoff must not be negative"),
        ({"multiplier": 0.5}, "multiplier must be at least 1"),
        ({"initial_backoff": 2, "max_backoff": 1}, "max_backoff must not be less than initial_backoff"),
        ({"jitter": 2}, "jitter must be between 0 and 1"),
    ],
)
def test_bad_retry_settings_name_the_argument(kwargs: dict[str, float], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Retry(**kwargs)  # type: ignore[arg-type]


def test_bad_tool_keywords_name_the_argument() -> None:
    with pytest.raises(TypeError, match="retry must be a Retry"):
        tool(retry=3)  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="requires_approval must be a bool or a callable"):
        tool(requires_approval="yes")  # type: ignore[call-overload]
    with pytest.raises(TypeError, match="tool_failure_classifier must be callable"):
        DefaultToolCallingManager.builder().tool_failure_classifier(3)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="on_environment_error must be 'proceed' or 'pause'"):
        DefaultToolCallingManager.builder().on_environment_error("stop")  # type: ignore[arg-type]


def test_decorator_keywords_reach_the_metadata() -> None:
    @tool(retry=FAST, requires_approval=True, idempotent=True)
    def gated(city: str) -> str:
        return city

    metadata = gated.get_tool_metadata()
    assert metadata.retry == FAST and metadata.requires_approval is True and metadata.idempotent
    assert gated.call(json.dumps({"city": "Oslo"})) == "Oslo"
