"""The test kit as users get it: the pytest plugin's fixtures, the advisor doubles, and
the switch that keeps tests away from real APIs."""

from __future__ import annotations

import pytest

import spring_ai_py.model as model
from spring_ai_py.chat.client import ChatClient
from spring_ai_py.model import check_model_request_allowed, is_loopback_url
from spring_ai_py.test import (
    AnsweringAdvisor,
    AnthropicTestServer,
    GeminiTestServer,
    OpenAiTestServer,
    RecordingAdvisor,
    ScriptedChatModel,
    SpanRecorder,
)

pytest_plugins = ["pytester"]


def test_plugin_is_registered_by_the_entry_point(pytestconfig: pytest.Config) -> None:
    assert pytestconfig.pluginmanager.has_plugin("spring_ai_py")


def test_fixtures_give_started_servers_a_model_and_a_recorder(
    scripted_chat_model: ScriptedChatModel,
    openai_test_server: OpenAiTestServer,
    anthropic_test_server: AnthropicTestServer,
    gemini_test_server: GeminiTestServer,
    span_recorder: SpanRecorder,
) -> None:
    assert openai_test_server.base_url.startswith("http://127.0.0.1:")
    assert anthropic_test_server.base_url.startswith("http://127.0.0.1:")
    assert gemini_test_server.base_url.startswith("http://127.0.0.1:")
    scripted_chat_model.add_response("scripted")
    client = ChatClient.builder(scripted_chat_model, span_recorder.tracer_provider).build()
    assert client.prompt().user("hi").call().content() == "scripted"
    assert "spring_ai chat_client" in span_recorder.names()


def test_recording_and_answering_advisors_on_call_and_stream() -> None:
    log: list[str] = []
    outer, inner = RecordingAdvisor("outer", 1, log), RecordingAdvisor("inner", 2, log)
    answering = AnsweringAdvisor("hello there world")
    client = ChatClient.builder(ScriptedChatModel()).default_advisors(inner, outer, answering).build()
    assert client.prompt().user("q").call().content() == "hello there world"
    assert "".join(client.prompt().user("q").stream().content()) == "hello there world"
    assert log == ["outer", "inner", "outer", "inner"]
    assert [r.prompt.get_user_message().get_text() for r in answering.requests] == ["q", "q"]
    assert len(outer.responses) == 1 + 3  # one call response, three stream chunks


def test_answering_advisor_answers_from_a_function_of_the_request() -> None:
    answering = AnsweringAdvisor(lambda r: f"echo: {r.prompt.get_user_message().get_text()}")
    client = ChatClient.builder(ScriptedChatModel()).default_advisors(answering).build()
    assert client.prompt().user("ping").call().content() == "echo: ping"


@pytest.mark.parametrize(
    ("url", "loopback"),
    [
        ("http://127.0.0.1:8080/v1", True),
        ("http://127.5.0.1", True),
        ("http://localhost:1234", True),
        ("http://[::1]:80/v1", True),
        ("https://api.openai.com/v1", False),
        ("http://10.0.0.1/v1", False),
        (None, False),
    ],
)
def test_loopback_detection(url: str | None, loopback: bool) -> None:
    assert is_loopback_url(url) is loopback


def test_switch_refuses_real_apis_but_not_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(model, "ALLOW_MODEL_REQUESTS", False)
    check_model_request_allowed("openai", "http://127.0.0.1:9/v1")
    with pytest.raises(RuntimeError, match="ALLOW_MODEL_REQUESTS is False"):
        check_model_request_allowed("openai", "https://api.openai.com/v1")
    with pytest.raises(RuntimeError, match="its default API"):
        check_model_request_allowed("anthropic", None)


def test_ini_option_switches_model_requests_off(pytester: pytest.Pytester) -> None:
    pytester.makeini("[pytest]\nspring_ai_py_allow_model_requests = false\n")
    pytester.makepyfile(
        """
        import spring_ai_py.model as model

        def test_flag():
            assert model.ALLOW_MODEL_REQUESTS is False
        """
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1)
