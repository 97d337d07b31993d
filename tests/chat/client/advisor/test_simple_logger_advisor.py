"""Port of Spring AI 2.0.1 `org.springframework.ai.chat.client.advisor.SimpleLoggerAdvisorTests`:
3 tests ported, 0 skipped (through a real ChatClient; Spring's captured console output is
the captured log here), followed by the port's own SimpleLoggerAdvisor tests."""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path

import pytest

from spring_ai_py.chat.client import ChatClient, ChatClientRequest
from spring_ai_py.chat.client.advisor import SimpleLoggerAdvisor
from spring_ai_py.chat.model import ChatResponse
from spring_ai_py.test.scripted_chat_model import ScriptedChatModel

LOGGER = "spring_ai_py.chat.client.advisor.SimpleLoggerAdvisor"


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


@pytest.fixture
def debug_log(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.DEBUG, logger=LOGGER)
    return caplog


def messages(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == LOGGER]


def validate(content: str | None, model: ScriptedChatModel, logged: list[str]) -> None:
    assert content == "Your answer is ZXY"
    assert model.last_prompt.get_instructions()[0].get_text() == "Please answer my question XYZ"
    assert len(logged) == 2
    request_line, response_line = logged
    assert request_line.startswith("request: ChatClientRequest")
    assert "Please answer my question XYZ" in request_line
    assert response_line.startswith("response:")
    assert "finishReason" in response_line
    assert "Your answer is ZXY" in response_line


def test_call_logging(debug_log: pytest.LogCaptureFixture) -> None:
    model = ScriptedChatModel("Your answer is ZXY")
    client = ChatClient.builder(model).default_advisors(SimpleLoggerAdvisor()).build()

    content = client.prompt().user("Please answer my question XYZ").call().content()

    validate(content, model, messages(debug_log))
    assert all(r.levelno == logging.DEBUG for r in debug_log.records if r.name == LOGGER)


def test_stream_logging(debug_log: pytest.LogCaptureFixture) -> None:
    """With a plain ``for``; the aggregated response is logged once."""
    model = ScriptedChatModel("Your answer is ZXY")
    client = ChatClient.builder(model).default_advisors(SimpleLoggerAdvisor()).build()

    chunks = list(client.prompt().user("Please answer my question XYZ").stream().content())

    assert len(chunks) == 4  # the scripted model streams word by word
    validate("".join(chunks), model, messages(debug_log))


def test_stream_logging_with_async_for(debug_log: pytest.LogCaptureFixture) -> None:
    model = ScriptedChatModel("Your answer is ZXY")
    client = ChatClient.builder(model).default_advisors(SimpleLoggerAdvisor()).build()

    async def consume() -> str:
        spec = client.prompt().user("Please answer my question XYZ").stream()
        return "".join([chunk async for chunk in spec.content()])

    validate(asyncio.run(consume()), model, messages(debug_log))


def test_a_failed_stream_logs_the_request_but_no_response(
    debug_log: pytest.LogCaptureFixture,
) -> None:
    model = ScriptedChatModel().add_error(ConnectionError("model down"))
    client = ChatClient.builder(model).default_advisors(SimpleLoggerAdvisor()).build()

    with pytest.raises(ConnectionError, match="model down"):
        list(client.prompt().user("hello").stream().content())

    logged = messages(debug_log)
    assert len(logged) == 1
    assert logged[0].startswith("request: ")


def test_logging_order() -> None:
    assert SimpleLoggerAdvisor(1).get_order() == 1
    assert SimpleLoggerAdvisor().get_order() == 0
    assert SimpleLoggerAdvisor.builder().order(3).build().get_order() == 3


def test_name_and_string_form() -> None:
    advisor = SimpleLoggerAdvisor()
    assert advisor.get_name() == "SimpleLoggerAdvisor"
    assert str(advisor) == "SimpleLoggerAdvisor"


def test_custom_functions_receive_the_request_and_the_chat_response(
    debug_log: pytest.LogCaptureFixture,
) -> None:
    seen: list[object] = []

    def request_text(request: ChatClientRequest | None) -> str:
        seen.append(request)
        assert request is not None
        return f"asked {request.prompt.get_user_message().get_text()}"

    def response_text(response: ChatResponse | None) -> str:
        seen.append(response)
        assert response is not None
        generation = response.get_result()
        assert generation is not None
        return f"answered {generation.get_output().get_text()}"

    advisor = (
        SimpleLoggerAdvisor.builder()
        .request_to_string(request_text)
        .response_to_string(response_text)
        .build()
    )
    client = ChatClient.builder(ScriptedChatModel("42")).default_advisors(advisor).build()

    client.prompt().user("the question").call().content()

    assert messages(debug_log) == ["request: asked the question", "response: answered 42"]
    assert isinstance(seen[0], ChatClientRequest)
    assert isinstance(seen[1], ChatResponse)


def test_nothing_is_formatted_when_debug_is_disabled(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=LOGGER)
    calls: list[str] = []

    def request_text(request: ChatClientRequest | None) -> str:
        calls.append("request")
        return "request"

    def response_text(response: ChatResponse | None) -> str:
        calls.append("response")
        return "response"

    advisor = SimpleLoggerAdvisor(request_text, response_text, 0)
    client = ChatClient.builder(ScriptedChatModel("hi", "hi")).default_advisors(advisor).build()

    assert client.prompt().user("x").call().content() == "hi"
    assert list(client.prompt().user("x").stream().content()) == ["hi"]
    assert calls == []
    assert messages(caplog) == []


def test_default_functions_handle_none() -> None:
    assert SimpleLoggerAdvisor.DEFAULT_REQUEST_TO_STRING(None) == "null"
    assert SimpleLoggerAdvisor.DEFAULT_RESPONSE_TO_STRING(None) == "null"


def test_none_functions_fall_back_to_the_defaults(debug_log: pytest.LogCaptureFixture) -> None:
    advisor = SimpleLoggerAdvisor(None, None, 2)
    client = ChatClient.builder(ScriptedChatModel("ok")).default_advisors(advisor).build()
    client.prompt().user("question").call().content()
    request_line, response_line = messages(debug_log)
    assert request_line.startswith("request: ChatClientRequest") and "question" in request_line
    assert '"text": "ok"' in response_line


def test_bad_arguments() -> None:
    with pytest.raises(TypeError, match="request_to_string must be callable"):
        SimpleLoggerAdvisor("not a function")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="response_to_string must be callable"):
        SimpleLoggerAdvisor(None, "not a function", 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="takes no response_to_string"):
        SimpleLoggerAdvisor(1, lambda r: "x")
    advisor = SimpleLoggerAdvisor()
    with pytest.raises(ValueError, match="chat_client_request cannot be null"):
        advisor.advise_call(None, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="chat_client_request cannot be null"):
        advisor.advise_stream(None, None)  # type: ignore[arg-type]


def test_docs_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    logger = logging.getLogger(LOGGER)
    level = logger.level
    try:
        run_doc_examples("SimpleLoggerAdvisor")
    finally:
        logger.setLevel(level)
    assert capsys.readouterr().out == (
        "request: Capital of France?\nresponse: Paris\nrequest: Capital of Italy?\nresponse: Rome\n"
    )
