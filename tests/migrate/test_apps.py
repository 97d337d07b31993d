"""Whole applications of our own, in the shapes of spring-ai-examples' apps: translated,
linted, run against the fake provider servers and the MCP test server."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from migrate_helpers import APPS, ruff, write_project

from spring_ai_py.test import AnthropicTestServer, OpenAiTestServer

MCP_TESTS = Path(__file__).parents[1] / "mcp"


def test_command_line_app_runs_against_the_openai_server(
    translate, openai_test_server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    app = translate(APPS / "chat-cli")
    assert ruff(app.output).returncode == 0, ruff(app.output).stdout
    assert app.report.untranslated == []
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("SPRING_AI_OPENAI_BASE_URL", openai_test_server.base_url)
    openai_test_server.enqueue_text("Owls hoot.")
    openai_test_server.enqueue_text('{"subject": "owls", "items": ["hoot", "fly"]}')

    app.load("chat_cli_application").main([])

    out = capsys.readouterr().out
    assert "ANSWER: Owls hoot." in out
    assert "owls has 2 facts: HOOT, FLY" in out
    first, second = (r.body for r in openai_test_server.requests)
    assert first["model"] == "gpt-4o-mini"
    assert first["messages"][0] == {"role": "system", "content": "You are a terse assistant"}
    assert first["messages"][1]["content"] == "Tell me about owls"
    assert "List facts about owls.\nKeep each one short." in second["messages"][1]["content"]


def test_web_app_serves_values_json_and_server_sent_events(
    translate, anthropic_test_server: AnthropicTestServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = translate(APPS / "web-stream")
    assert ruff(app.output).returncode == 0, ruff(app.output).stdout
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test")
    monkeypatch.setenv("SPRING_AI_ANTHROPIC_BASE_URL", anthropic_test_server.base_url)
    module = app.load("web_stream_application")
    from spring_ai_py.autoconfigure import SpringApplication

    with SpringApplication.run(config_dir=module.RESOURCES) as context:
        client = TestClient(module.create_app(context))
        anthropic_test_server.enqueue_text("Why did the cat sit on the laptop?")
        assert client.get("/ai/joke").text == "Why did the cat sit on the laptop?"
        anthropic_test_server.enqueue_text("Hola mundo", chunks=["Hola", " mundo"])
        streamed = client.get("/ai/stream", params={"message": "hi"})
        assert streamed.headers["content-type"].startswith("text/event-stream")
        assert streamed.text == "data:Hola\n\ndata: mundo\n\n"
        anthropic_test_server.enqueue_text("Bonjour")
        body = client.get("/ai/response/French").json()
        assert body["result"]["output"]["text"] == "Bonjour"
        assert body["result"]["output"]["messageType"] == "ASSISTANT"
        assert body["result"]["metadata"]["finishReason"] == "end_turn"
        anthropic_test_server.enqueue_text("Hallo")
        translated = client.post("/ai/translate", json={"text": "Hello", "language": "German"})
        assert translated.json() == {"original": "Hello", "translated": "Hallo"}
    requests = [r.body for r in anthropic_test_server.requests]
    assert requests[0]["model"] == "claude-sonnet-4-5"
    assert "Tell me a joke about cats" in json.dumps(requests[0]["messages"])
    assert requests[1]["stream"] is True
    assert "Translate into German" in json.dumps(requests[3]["system"])


def test_mcp_client_app_sends_the_servers_tools_and_runs_the_call(
    translate, openai_test_server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch, capfd
) -> None:
    pytest.importorskip("mcp")
    app = translate(APPS / "mcp-client")
    assert ruff(app.output).returncode == 0, ruff(app.output).stdout
    # The app's servers JSON starts "python weather_server.py" from the working directory.
    monkeypatch.chdir(MCP_TESTS)
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("SPRING_AI_OPENAI_BASE_URL", openai_test_server.base_url)
    openai_test_server.enqueue_tool_calls([{"name": "get_weather", "arguments": {"city": "Paris"}}])
    openai_test_server.enqueue_text("Sunny in Paris.")

    app.load("mcp_client_application").main([])

    assert "ASSISTANT: Sunny in Paris." in capfd.readouterr().out
    first, second = (r.body for r in openai_test_server.requests)
    assert "get_weather" in [t["function"]["name"] for t in first["tools"]]
    assert second["messages"][-1]["role"] == "tool"
    assert "Paris: sunny" in second["messages"][-1]["content"]


UNSEEN = """
package com.acme.unseen;

import java.util.concurrent.atomic.AtomicInteger;

import com.acme.vendor.Telemetry;
import org.springframework.ai.chat.client.ChatClient;

public class Unseen {

	private final AtomicInteger counter = new AtomicInteger();

	public String describe(int code) {
		String label = switch (code) {
			case 1 -> "one";
			default -> "many";
		};
		Telemetry.record(label);
		return label;
	}

	public Runnable task() {
		return new Runnable() {
			@Override
			public void run() {
				counter.incrementAndGet();
			}
		};
	}

	public int twice(int value) {
		return value * 2;
	}
}
"""


def test_an_unseen_application_lists_every_untranslated_construct(translate, tmp_path: Path) -> None:
    source = write_project(tmp_path / "unseen", {"com/acme/unseen/Unseen.java": UNSEEN})
    app = translate(source)
    assert ruff(app.output).returncode == 0, ruff(app.output).stdout
    listed = {(f.file.rsplit("/", 1)[-1], f.line) for f in app.report.untranslated}
    assert ("Unseen.java", 6) in listed  # the import with no Python twin
    assert ("Unseen.java", 14) in listed  # the switch expression
    assert ("Unseen.java", 23) in listed  # the anonymous class
    assert ("Unseen.java", 11) in listed  # AtomicInteger has no rule
    report = app.migration_md()
    assert "src/main/java/com/acme/unseen/Unseen.java:14" in report
    code = app.source("unseen")
    assert code.count("TODO(migrate)") >= 3
    assert "#         Telemetry.record(label);" in code or "Telemetry.record(label);" in code
    assert app.load("unseen").Unseen().twice(21) == 42


def test_resources_are_copied_as_they_are_and_extras_named(translate) -> None:
    app = translate(APPS / "mcp-client")
    copied = app.output / app.package / "resources" / "mcp-servers-config.json"
    assert json.loads(copied.read_text()) == json.loads((APPS / "mcp-client/src/main/resources/mcp-servers-config.json").read_text())
    assert '"spring_ai_py[mcp]"' in (app.output / "pyproject.toml").read_text()


@pytest.mark.filterwarnings("ignore:ChatClientRequestSpec.tool_names:DeprecationWarning")
def test_kotlin_app_runs_its_tool_bean_by_name_and_reads_json(
    translate, openai_test_server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    pytest.importorskip("tree_sitter_kotlin")
    app = translate(APPS / "kotlin-tools")
    assert ruff(app.output).returncode == 0, ruff(app.output).stdout
    assert app.report.untranslated == []
    kotlin = [f for f in app.report.findings if f.file.endswith("KotlinToolsApplication.kt")]
    assert any(f.construct == "entity<T>()" and f.line == 21 for f in kotlin)
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("SPRING_AI_OPENAI_BASE_URL", openai_test_server.base_url)
    openai_test_server.enqueue_tool_calls([{"name": "forecast", "arguments": {"city": "Oslo"}}])
    openai_test_server.enqueue_text('{"city": "Oslo", "summary": "stormy", "level": "HIGH"}')

    app.load("kotlin_tools_application").main([])

    assert "Oslo: stormy (HIGH)" in capsys.readouterr().out
    first, second = (r.body for r in openai_test_server.requests)
    assert [t["function"]["name"] for t in first["tools"]] == ["forecast"]
    assert json.loads(second["messages"][-1]["content"]) == {"city": "Oslo", "level": "HIGH", "label": "stormy"}
    # Every type of Types.kt lands in one module named after the file.
    types = app.load("types")
    assert types.Level.HIGH.label == "stormy"
    assert types.Forecast.model_validate({"city": "x", "summary": "y", "level": "LOW"}).level is types.Level.LOW


def test_app_with_its_own_mcp_client_and_chat_memory_runs_a_conversation(
    translate, openai_test_server: OpenAiTestServer, monkeypatch: pytest.MonkeyPatch, capfd
) -> None:
    # The shape of sqlite/chatbot and filesystem: the MCP Java SDK's stdio client built by
    # the app, a memory advisor relying on 1.x's default conversation id, a chat loop.
    pytest.importorskip("mcp")
    app = translate(APPS / "mcp-own-client")
    assert ruff(app.output).returncode == 0, ruff(app.output).stdout
    assert app.report.untranslated == []
    assert "1.x default conversation id" in app.migration_md()
    monkeypatch.chdir(MCP_TESTS)
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("SPRING_AI_OPENAI_BASE_URL", openai_test_server.base_url)
    monkeypatch.setattr("sys.stdin", io.StringIO("I am Ada\nWhat is the weather in Paris?\nexit\n"))
    openai_test_server.enqueue_text("Hi Ada.")
    openai_test_server.enqueue_tool_calls([{"name": "get_weather", "arguments": {"city": "Paris"}}])
    openai_test_server.enqueue_text("Sunny, Ada.")

    app.load("own_client_application").main([])

    out = capfd.readouterr().out
    assert "MCP Initialized: own" in out
    assert "ASSISTANT: Hi Ada." in out and "ASSISTANT: Sunny, Ada." in out
    first, second, third = (r.body for r in openai_test_server.requests)
    assert "get_weather" in [t["function"]["name"] for t in first["tools"]]
    # The second question carries the first exchange: one conversation, as in Spring AI 1.x.
    assert [m["content"] for m in second["messages"][:3]] == ["I am Ada", "Hi Ada.", "What is the weather in Paris?"]
    assert "Paris: sunny (own)" in third["messages"][-1]["content"]
