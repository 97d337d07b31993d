"""The Ollama and Google GenAI mappings: Java imports, model beans and starters in, Python
out; the Ollama code runs against ``OllamaTestServer``."""

from __future__ import annotations

from pathlib import Path

import pytest
from migrate_helpers import APPS, ruff, write_project

from spring_ai_py.test import OllamaTestServer

pytest.importorskip("ollama")

_IMPORTS = """\
import org.springframework.ai.ollama.OllamaChatModel;
import org.springframework.ai.ollama.api.OllamaApi;
import org.springframework.ai.ollama.api.OllamaChatOptions;
import org.springframework.ai.ollama.api.OllamaOptions;
import org.springframework.ai.ollama.management.ModelManagementOptions;
import org.springframework.ai.ollama.management.PullModelStrategy;
"""

_CHAT = """\
public class Demo {
	public String ask(String baseUrl, String question) {
		OllamaApi api = OllamaApi.builder().baseUrl(baseUrl).build();
		OllamaChatModel model = OllamaChatModel.builder()
			.ollamaApi(api)
			.options(OllamaChatOptions.builder().model("llama3.2").temperature(0.0).build())
			.modelManagementOptions(ModelManagementOptions.builder().pullModelStrategy(PullModelStrategy.WHEN_MISSING).build())
			.build();
		return model.call(question);
	}

	public OllamaOptions legacy() {
		return OllamaOptions.builder().model("qwen3").build();
	}

	public OllamaChatModel legacyModel(String baseUrl) {
		return OllamaChatModel.builder().ollamaApi(OllamaApi.builder().baseUrl(baseUrl).build()).defaultOptions(legacy()).build();
	}
}
"""


def test_ollama_imports_map_to_spring_ai_py_ollama_and_the_code_runs(
    translate, tmp_path: Path, ollama_test_server: OllamaTestServer
) -> None:
    app = translate(write_project(tmp_path / "chat", {"com/acme/Demo.java": f"package com.acme;\n{_IMPORTS}\n{_CHAT}"}))
    code = app.source("demo")
    assert ruff(app.output).returncode == 0, ruff(app.output).stdout + code
    assert "from spring_ai_py.ollama import ModelManagementOptions, OllamaApi, OllamaChatModel, OllamaChatOptions, PullModelStrategy" in code
    # Spring AI 1.x's OllamaOptions is 2.x's OllamaChatOptions.
    assert "def legacy(self) -> OllamaChatOptions:" in code
    assert app.report.untranslated == []
    ollama_test_server.enqueue_text("Hi from llama.")

    demo = app.load("demo").Demo()
    assert demo.ask(ollama_test_server.base_url, "Hello?") == "Hi from llama."
    assert demo.legacy().get_model() == "qwen3"
    # 1.x's OllamaChatModel.builder().defaultOptions(...) is 2.x's options(...).
    assert ".ollama_api(OllamaApi.builder().base_url(base_url).build()).options(self.legacy()).build()" in code
    assert demo.legacy_model(ollama_test_server.base_url).get_default_options().get_model() == "qwen3"
    chat = [r.body for r in ollama_test_server.requests if r.path == "/api/chat"]
    assert chat[0]["model"] == "llama3.2"
    assert chat[0]["options"]["temperature"] == 0.0
    assert chat[0]["messages"][-1] == {"role": "user", "content": "Hello?"}
    assert "llama3.2:latest" in ollama_test_server.installed_models


def test_google_genai_imports_name_the_module_of_the_google_genai_extra(translate, tmp_path: Path) -> None:
    source = """package com.acme;
import org.springframework.ai.google.genai.GoogleGenAiChatModel;
import org.springframework.ai.google.genai.GoogleGenAiChatOptions;
public class Demo {
	public GoogleGenAiChatOptions options() { return GoogleGenAiChatOptions.builder().model("gemini-2.5-flash").build(); }
}
"""
    app = translate(write_project(tmp_path / "genai", {"com/acme/Demo.java": source}))
    code = app.source("demo")
    assert "from spring_ai_py.google.genai import GoogleGenAiChatOptions" in code
    assert "import org.springframework.ai.google.genai.GoogleGenAiChatModel | from spring_ai_py.google.genai import GoogleGenAiChatModel" in app.migration_md()
    assert 'dependencies = ["spring_ai_py[google-genai]"]' in (app.output / "pyproject.toml").read_text()
    assert app.report.untranslated == []
    assert app.load("demo").Demo().options().get_model() == "gemini-2.5-flash"


_POM = """<project><dependencies>
<dependency><groupId>org.springframework.ai</groupId><artifactId>{}</artifactId></dependency>
</dependencies></project>"""


@pytest.mark.parametrize(
    ("build_file", "build", "requirement"),
    [
        ("pom.xml", _POM.format("spring-ai-starter-model-ollama"), "spring_ai_py[ollama]"),
        ("pom.xml", _POM.format("spring-ai-ollama-spring-boot-starter"), "spring_ai_py[ollama]"),
        ("pom.xml", _POM.format("spring-ai-starter-model-google-genai"), "spring_ai_py[google-genai]"),
        ("pom.xml", "<project><!-- " + _POM.format("spring-ai-starter-model-ollama") + " --></project>", "spring_ai_py"),
        ("build.gradle", "dependencies {\n    implementation 'org.springframework.ai:spring-ai-starter-model-ollama'\n}\n", "spring_ai_py[ollama]"),
        ("build.gradle.kts", 'dependencies {\n    // implementation("org.springframework.ai:spring-ai-starter-model-ollama")\n}\n', "spring_ai_py"),
    ],
    ids=["starter", "1.x-starter", "google-genai", "commented-out", "gradle", "gradle-commented-out"],
)
def test_a_provider_starter_gives_its_extra(translate, tmp_path: Path, build_file: str, build: str, requirement: str) -> None:
    root = write_project(tmp_path / "deps", {"com/acme/Demo.java": "package com.acme;\npublic class Demo {}\n"})
    (root / "pom.xml").unlink()
    (root / build_file).write_text(build, encoding="utf-8")
    app = translate(root)
    assert f'dependencies = ["{requirement}"]' in (app.output / "pyproject.toml").read_text()


def test_ollama_application_runs_against_the_ollama_server(
    translate, ollama_test_server: OllamaTestServer, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    app = translate(APPS / "ollama-judge")
    assert ruff(app.output).returncode == 0, ruff(app.output).stdout
    assert app.report.untranslated == []
    assert 'dependencies = ["spring_ai_py[ollama]"]' in (app.output / "pyproject.toml").read_text()
    main = app.source("ollama_judge_application")
    assert 'context.chat_model("ollama"), context.embedding_model("ollama")' in main
    monkeypatch.setenv("SPRING_AI_OLLAMA_BASE_URL", ollama_test_server.base_url)
    ollama_test_server.enqueue_text('{"rating": 4, "reason": "correct"}')
    ollama_test_server.enqueue_embeddings([[0.1, 0.2, 0.3]])

    app.load("ollama_judge_application").main([])

    out = capsys.readouterr().out
    assert "RATING: 4 (correct)" in out
    assert "PASSES: true" in out
    assert "DIMENSIONS: 3" in out
    chat = next(r.body for r in ollama_test_server.requests if r.path == "/api/chat")
    assert chat["model"] == "qwen3:4b"
    assert chat["options"]["temperature"] == 0
    assert chat["options"]["num_predict"] == 64
    assert chat["messages"][0] == {"role": "system", "content": "You are a strict judge."}
    assert chat["messages"][1]["content"].startswith("Rate this answer: Paris is in France")
    embed = next(r.body for r in ollama_test_server.requests if r.path == "/api/embed")
    assert embed["model"] == "nomic-embed-text"
    # when_missing: both models were pulled at start-up, the server having neither.
    assert {"qwen3:4b", "nomic-embed-text:latest"} <= set(ollama_test_server.installed_models)
